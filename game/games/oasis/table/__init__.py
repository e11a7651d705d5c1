"""The Oasis table's parts, wired together by ``game.games.oasis.table.parts``:
``choices`` (the acting human's half-made move, prompt, buttons and refusals: no pygame),
``presenter`` (each event kind's animation step, sound and pictures), ``models`` (what panels,
zoom, peek and results show) and ``renderer`` (drawing)."""
