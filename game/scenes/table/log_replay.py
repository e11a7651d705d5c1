"""The log of a table's game so far, written again from a replay of its moves: on resume,
after an undo, when a lesson goes on where it stopped."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Event
from game.engine.messages import N_, say
from game.session import Move

if TYPE_CHECKING:  # the table imports this module
    from game.scenes.table.table import Table


def rebuild(t: Table, moves: list[Move] | None = None) -> None:
    """The log of the game so far, rebuilt from its moves (``moves``: as the session gave
    them after an undo; asked of the session when not given): the opening lines, every
    event as the viewer may read it, where the game was resumed."""
    if moves is None:
        moves = t.session.past_moves()
    t.sync_viewer()
    t.log.clear()
    t.game.log_opening()
    lines: list[str | Event] = []
    for k, (_seat, _action, events) in enumerate(moves):
        if k == t.resumed_at:
            lines.append(say(N_("Game resumed at move {n}."), n=k))
        lines += events
    if t.resumed_at is not None and t.resumed_at >= len(moves):
        lines.append(say(N_("Game resumed at move {n}."), n=len(moves)))
    t.glance.rebuild((m.seat, m.events) for m in moves)
    for line in lines[-t.log.max_lines:]:  # older lines would drop out anyway
        if isinstance(line, str):
            t.log.add(line)
        else:
            t.log.add_event(line, t.colour[line.player]
                               if line.player is not None else None)
    for entry in t.log.entries:
        entry.born = -1.0  # shown at once: no fading in of the whole log
    t.log.scroll_to_end()
    t.log.scroll_by(0, smooth=False)
