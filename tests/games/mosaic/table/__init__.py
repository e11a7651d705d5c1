"""The parts of the Mosaic table: ``layout`` (where things sit), ``choices`` (the tile the
acting human picked, the prompt; no pygame), ``presenter`` (how each event shows),
``renderer`` (drawing), ``tips`` (hover tips), ``controls`` (what a click or a key means)
and ``parts`` (hands them to the shared table)."""
