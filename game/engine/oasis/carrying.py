"""Carrying out the taken cards, and the bonus action, as part of ``OasisState``.

The chooser carries out their cards one at a time in the order they like: camels onto empty
path cells (with all 20 out: move own camels or ignore the card; on a full path the card is
ignored), land tiles by the placement rules (``placement``), score tiles face down (none once
the supply is empty), three cards drawn unseen to the bottom of their offer deck.
"""

from __future__ import annotations

from typing import Any

from game.engine.core import Event, IllegalAction
from game.engine.oasis import placement
from game.engine.oasis.actions import (
    IGNORE_CARD,
    BonusCamel,
    BonusTile,
    CarryOut,
    IgnoreCard,
    MoveCamel,
    PlaceCamel,
    PlaceTile,
    SkipBonus,
)
from game.engine.oasis.cards import (
    CAMELS_EACH,
    CARDS,
    KIND_CODE,
    KIND_NAME,
    MARKERS_EACH,
    SCORE_SINGULAR,
    a_or_an,
    card_title,
    colour,
    plural,
)
from game.engine.oasis.geometry import cell_name

_NO_MARKER = -1  # marker source meaning "leave the new area uncontrolled"


class CarryRules:
    """Carrying-out and bonus steps of ``OasisState`` (a mixin; ``self`` is the state)."""

    def _do_carry(self, action: CarryOut, p: int) -> list[Event]:
        self._need_phase("carry", "Carrying out a card")
        if self.current is not None:
            raise IllegalAction(f"Finish {card_title(self.current)} first")
        if action.card not in self.pending:
            raise IllegalAction(f"{action.card!r} is not among the cards you took")
        return self._carry(p, action.card)

    def _carry(self, p: int, card: str) -> list[Event]:
        self.pending.remove(card)
        info = CARDS[card]
        events = [Event("card_carried_out", f"{colour(p)} carries out {info.title}", p,
                        {"card": card})]
        if info.effect == "score":
            kind = info.what
            got = min(info.amount, self.score_supply[kind])
            self.score_supply[kind] -= got
            self.score_tiles[p][kind] += got
            word = SCORE_SINGULAR[kind]
            if got:
                text = f"{colour(p)} takes {got} {word} score tile{'s' * (got > 1)} face down"
                public = f"{colour(p)} takes {plural(got, 'score tile')} face down"
            else:
                text = public = f"No {word} score tiles are left: {colour(p)} takes none"
            events.append(Event("score_tiles_taken", text, p, {"kind": kind, "count": got},
                                private_to=p if got else None,
                                public_msg=public if got else None))
            self.done.append(card)
        elif info.effect == "draw":
            events += self._draw_to(p, info.amount)
            self.done.append(card)
        else:
            self.current = card
            self.left = info.amount
        return events

    def _finish_card(self) -> None:
        self.done.append(self.current)  # type: ignore[arg-type]
        self.current = None
        self.left = 0

    def _camel_card(self, what: str) -> None:
        self._need_phase("carry", what)
        if self.current is None or CARDS[self.current].effect != "camels":
            raise IllegalAction(f"{what} needs a camel card being carried out")

    def _free_path(self) -> list[int]:
        camel_at = self.camel_at
        return [c for c in self.board.path_cells if camel_at[c] == -1]

    def _path_cell(self, cell: Any, what: str) -> int:
        try:
            c = self.board.index(cell)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        if not self.board.is_path[c]:
            raise IllegalAction(f"{what} must be on the camel path")
        return c

    def _do_place_camel(self, action: PlaceCamel, p: int) -> list[Event]:
        self._camel_card("Placing a camel")
        if self.camels_left[p] == 0:
            raise IllegalAction("All your camels are on the path: move one or ignore the card")
        c = self._path_cell(action.cell, "A camel")
        if self.camel_at[c] != -1:
            raise IllegalAction("That path cell already holds a camel")
        events = self._put_camel(p, c)
        self.left -= 1
        if self.left == 0:
            self._finish_card()
        return events

    def _put_camel(self, p: int, c: int) -> list[Event]:
        self.camel_at[c] = p
        self.camels_left[p] -= 1
        self.path_free -= 1
        where = cell_name(self.board.xy[c])
        return [Event("camel_placed", f"{colour(p)} places a camel at {where}", p,
                      {"cell": list(self.board.xy[c]), "camels_left": self.camels_left[p]})]

    def _do_move_camel(self, action: MoveCamel, p: int) -> list[Event]:
        self._camel_card("Moving a camel")
        if self.camels_left[p] > 0:
            raise IllegalAction("You still have camels to place: camels move only once all "
                                f"{CAMELS_EACH} of yours are on the path")
        src = self._path_cell(action.src, "The camel to move")
        dst = self._path_cell(action.dst, "A camel")
        if self.camel_at[src] != p:
            raise IllegalAction("There is none of your camels at that cell")
        if self.camel_at[dst] != -1:
            raise IllegalAction("That path cell already holds a camel")
        self.camel_at[src] = -1
        self.camel_at[dst] = p
        self.left -= 1
        if self.left == 0:
            self._finish_card()
        xy = self.board.xy
        text = f"{colour(p)} moves a camel from {cell_name(xy[src])} to {cell_name(xy[dst])}"
        return [Event("camel_moved", text, p, {"src": list(xy[src]), "dst": list(xy[dst])})]

    def _do_ignore(self, action: IgnoreCard, p: int) -> list[Event]:
        self._camel_card("Ignoring a card")
        if self.camels_left[p] > 0:
            raise IllegalAction("While you have camels left, the camels must be placed")
        card = self.current
        self._finish_card()
        return [Event("card_ignored", f"{colour(p)} ignores the rest of "
                                      f"{card_title(card)}", p, {"card": card})]  # type: ignore[arg-type]

    def _camel_actions(self, p: int) -> list:
        free = self._free_path()
        xy = self.board.xy
        if self.camels_left[p] > 0:
            return [self._cached(PlaceCamel, xy[c]) for c in free]
        own = [c for c in self.board.path_cells if self.camel_at[c] == p]
        out = [self._cached(MoveCamel, xy[s], xy[d]) for s in own for d in free]
        out.append(IGNORE_CARD)
        return out

    # tiles
    def _tile_actions(self, cls: type, k: int, p: int) -> list:
        opts = placement.tile_options(self, k, p)
        if not opts:
            return []
        plain = self._tile_table(cls, k, None)
        if len(self.markers[p]) < MARKERS_EACH:
            return [plain[c] for c, _ in opts]
        unmarked = self._tile_table(cls, k, "none")
        kind = KIND_NAME[k]
        xy = self.board.xy
        sources = [xy[m] for m in self.markers[p]]
        out = []
        for c, start in opts:
            if not start:
                out.append(plain[c])
                continue
            out.append(unmarked[c])
            # Made afresh (cheap): cached per source cell on the board, which lives as long as
            # the program, they would pile up over hours of games.
            out += [cls(kind, xy[c], src) for src in sources]
        return out

    def _tile_table(self, cls: type, k: int, marker_from: Any) -> list:
        """Shared actions ``cls(kind, cell, marker_from)`` for every cell, by cell index
        (``marker_from`` None or "none": a few tables, kept with the board)."""
        cache = self.board.action_cache
        key = (cls, k, marker_from)
        table = cache.get(key)
        if table is None:
            kind = KIND_NAME[k]
            xy = self.board.xy
            table = cache[key] = [cls(kind, xy[c], marker_from) for c in range(self.board.size)]
        return table

    def _check_tile(self, kind: Any, cell: Any, marker_from: Any, p: int) -> tuple[int, int, Any]:
        """Validate a tile placement; returns (kind code, cell, marker source)."""
        if kind not in KIND_CODE:
            raise IllegalAction(f"{kind!r} is not a land tile (oasis, steppe or stone)")
        k = KIND_CODE[kind]
        try:
            c = self.board.index(cell)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        mode, reason = placement.tile_mode(self, k, c, p)
        if mode is None:
            raise IllegalAction(reason)
        if mode == placement.EXTEND or len(self.markers[p]) < MARKERS_EACH:
            if marker_from is not None:
                raise IllegalAction(
                    "This tile extends your area: no marker moves" if mode == placement.EXTEND
                    else "You have an unused control marker: it goes on the new area")
            return k, c, None
        if marker_from is None:
            raise IllegalAction("All your control markers are in use: move one of them to the "
                                "new area or leave the new area uncontrolled")
        if marker_from == "none":
            return k, c, _NO_MARKER
        try:
            src = self.board.index(marker_from)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        if src not in self.markers[p]:
            raise IllegalAction("You have no control marker at that cell")
        return k, c, src

    def _tile_events(self, p: int, k: int, c: int, info: dict, bonus: bool) -> list[Event]:
        xy = self.board.xy
        kind = KIND_NAME[k]
        how = "starts a new" if info["mode"] == placement.START else "extends their"
        prefix = "Bonus: " if bonus else ""
        data = {"kind": kind, "cell": list(xy[c]), "mode": info["mode"], "area": info["area"],
                "size": info["size"], "absorbed": info["absorbed"],
                "cells": [list(xy[x]) for x in placement.area_cells(self, info["area"])]}
        text = (f"{prefix}{colour(p)} places {a_or_an(kind)} tile at {cell_name(xy[c])} and "
                f"{how} {kind} area")
        if info["absorbed"]:
            text += ", taking in uncontrolled land"
        if info["size"] > 1:
            text += f" (now {plural(info['size'], 'tile')})"
        events = [Event("tile_placed", text, p, data)]
        marker = info["marker"]
        if marker is not None and "moved_from" in marker:
            src = marker["moved_from"]
            events.append(Event("marker_moved", f"{colour(p)} moves a control marker from "
                                                f"{cell_name(xy[src])} to {cell_name(xy[c])}; the old area is "
                                                f"now uncontrolled", p,
                                {"src": list(xy[src]), "dst": list(xy[c]),
                                 "abandoned": marker["abandoned"]}))
        elif marker is not None:
            events.append(Event("marker_placed", f"{colour(p)} puts a control marker on "
                                                 f"the new {kind} area", p,
                                {"cell": list(xy[c]),
                                 "markers_left": MARKERS_EACH - len(self.markers[p])}))
        elif info["mode"] == placement.START:
            events.append(Event("area_uncontrolled", f"The new {kind} area stays "
                                                     f"uncontrolled", p,
                                {"cell": list(xy[c])}))
        if self.supply[k] == 0:
            events += self._trigger_end(f"The last {kind} tile is placed")
        return events

    def _do_place_tile(self, action: PlaceTile, p: int) -> list[Event]:
        self._need_phase("carry", "Placing a tile")
        if self.current is None or CARDS[self.current].effect != "tiles":
            raise IllegalAction("Placing a tile needs a tile card being carried out")
        want = CARDS[self.current].what
        if action.kind != want:
            raise IllegalAction(f"{card_title(self.current)} places {want} tiles, "
                                f"not {action.kind!r}")
        k, c, src = self._check_tile(action.kind, action.cell, action.marker_from, p)
        info = placement.place_tile(self, k, c, p, src)
        self.left -= 1
        if self.left == 0:
            self._finish_card()
        return self._tile_events(p, k, c, info, bonus=False)

    # bonus
    def _do_bonus_tile(self, action: BonusTile, p: int) -> list[Event]:
        self._need_phase("bonus", "A bonus tile")
        k, c, src = self._check_tile(action.kind, action.cell, action.marker_from, p)
        info = placement.place_tile(self, k, c, p, src)
        events = self._tile_events(p, k, c, info, bonus=True)
        return events + self._end_round()

    def _do_bonus_camel(self, action: BonusCamel, p: int) -> list[Event]:
        self._need_phase("bonus", "A bonus camel")
        if self.camels_left[p] == 0:
            raise IllegalAction("You have no camel left to place")
        c = self._path_cell(action.cell, "A camel")
        if self.camel_at[c] != -1:
            raise IllegalAction("That path cell already holds a camel")
        events = self._put_camel(p, c)
        events[0] = Event(events[0].kind, "Bonus: " + events[0].text, p, events[0].data)
        return events + self._end_round()

    def _do_skip_bonus(self, action: SkipBonus, p: int) -> list[Event]:
        self._need_phase("bonus", "Skipping the bonus")
        return [Event("bonus_skipped", f"{colour(p)} skips the bonus action", p)] \
            + self._end_round()

