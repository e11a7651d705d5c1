"""The parts of the Oregon table (``game.games.oregon.table.parts`` wires them to the
shared table): ``choices`` (the half-made move, prompts, buttons; no pygame), ``presenter``
(how each event shows), ``renderer`` (drawing), ``tips`` (hover tips) and ``results``."""
