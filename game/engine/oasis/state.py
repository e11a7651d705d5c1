"""``OasisState``: one game of Oasis in progress (rules: ``rules/oasis.md``).

Phases (``state.phase``), each round: ``"offer"`` (players in disc order turn up 1-3 cards),
``"choose"`` (disc #1, #2... take an offer), ``"carry"`` (the chooser carries out the taken
cards one at a time, in the order they like), back to ``"choose"`` for the next disc, then
``"bonus"`` (discs revealed; the new #1 takes a free tile or camel).  ``"over"`` at the end.

Steps with no choice happen by themselves: an offer stops when no further card may be turned
(3 cards, the keep-one limit, an empty offer deck), the last chooser takes the last offer,
the last kind of card left to carry out starts, a camel card is ignored on a full path, a
tile that cannot be placed is dropped (and ends the game at the end of the round), a bonus
with nothing to place is skipped.

Card locations (their total is always 54): offer decks (top = index 0), offers face up on
the table (``offers[p]`` while ``taken_by[p] == -1``), the chooser's ``pending`` cards, the
``current`` card and ``done`` cards, the draw deck (top = last) and the discards.
"""

from __future__ import annotations

from typing import Any

from game.engine.core import Event, GameState, IllegalAction
from game.engine.oasis import placement, scoring
from game.engine.oasis.actions import (
    ACTION_TYPES,
    IGNORE_CARD,
    SKIP_BONUS,
    STOP_OFFER,
    TURN_CARD,
    BonusCamel,
    BonusTile,
    CarryOut,
    IgnoreCard,
    MoveCamel,
    PlaceCamel,
    PlaceTile,
    SkipBonus,
    StopOffer,
    TakeOffer,
    TurnCard,
)
from game.engine.oasis.cards import (
    CAMELS_EACH,
    CARDS,
    DRAW_AFTER,
    KIND_CODE,
    KIND_NAME,
    LAND_KINDS,
    LAND_SUPPLY,
    MARKERS_EACH,
    MAX_OFFER,
    OFFER_DECK_START,
    SCORE_KINDS,
    SCORE_SINGULAR,
    SCORE_SUPPLY,
    card_title,
    colour,
    full_deck,
)
from game.engine.oasis.geometry import OasisBoard

PHASES = ("offer", "choose", "carry", "bonus", "over")
_NO_MARKER = -1  # marker_src meaning "leave the new area uncontrolled"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class OasisState(GameState):
    GAME_ID = "oasis"
    ACTION_TYPES = ACTION_TYPES

    def __init__(self, num_players: int, seed: int, options: dict[str, Any] | None = None,
                 board: OasisBoard | None = None):
        super().__init__(num_players, seed, options)
        if not 3 <= num_players <= 5:
            raise ValueError(f"Oasis takes 3-5 players, not {num_players}")
        self.board = board if board is not None else board_from_options(self.options)
        b = self.board
        n = num_players
        self.phase = "offer"
        self.round = 1
        self.disc = [0] * n          # disc each player holds face up (gives this round's order)
        self.order: list[int] = []   # players by disc, #1 first
        self.handed = [0] * n        # disc handed (face down) to each player this round
        self.took = [-1] * n         # whose offer each player took this round
        self.taken_by = [-1] * n     # who took each player's offer this round
        self.offer_decks: list[list[str]] = [[] for _ in range(n)]
        self.offers: list[list[str]] = [[] for _ in range(n)]
        self.draw: list[str] = []
        self.discards: list[str] = []
        self.pos = 0                 # index in ``order`` of the offerer / chooser
        self.offer_start = 0         # offer deck size when the current offer began
        self.pending: list[str] = []
        self.current: str | None = None
        self.left = 0                # camels / tiles still to place from ``current``
        self.done: list[str] = []
        self.bonus_player = -1
        self.supply = [0, LAND_SUPPLY["oasis"], LAND_SUPPLY["steppe"], LAND_SUPPLY["stone"]]
        self.score_supply = dict(SCORE_SUPPLY)
        self.score_tiles: list[dict[str, int]] = [dict.fromkeys(SCORE_KINDS, 0)
                                                  for _ in range(n)]
        self.camels_left = [CAMELS_EACH] * n
        self.markers: list[list[int]] = [[] for _ in range(n)]
        self.tiles = [0] * b.size
        self.area = [-1] * b.size
        self.a_kind: list[int] = []
        self.a_owner: list[int] = []
        self.a_size: list[int] = []
        self.a_marker: list[int] = []
        self.camel_at = [-1] * b.size
        self.empty = [c for c in b.place_cells if not b.bonus[c]]
        self.path_free = len(b.path_cells)
        self.end_reason = ""
        self.final: list[dict[str, Any]] | None = None
        self.ranking: list[int] = []
        self.undo_floor = 0
        self._revealed = False
        self._setup_bonus_areas()
        self.setup_events: tuple[Event, ...] = tuple(self._setup())

    # --- setup ------------------------------------------------------------------------
    def _setup_bonus_areas(self) -> None:
        b = self.board
        for c in b.bonus_cells:
            self.tiles[c] = b.bonus[c]
        for c in b.bonus_cells:
            if self.area[c] != -1:
                continue
            a = len(self.a_kind)
            self.a_kind.append(b.bonus[c])
            self.a_owner.append(-1)
            self.a_marker.append(-1)
            group = [c]
            self.area[c] = a
            for cell in group:
                for nb in b.nbrs[cell]:
                    if self.tiles[nb] == b.bonus[c] and self.area[nb] == -1:
                        self.area[nb] = a
                        group.append(nb)
            self.a_size.append(len(group))

    def _setup(self) -> list[Event]:
        n = self.num_players
        discs = list(range(1, n + 1))
        self.rng.shuffle(discs)
        self.disc = discs
        deck = full_deck()
        self.rng.shuffle(deck)
        self.draw = deck
        for p in range(n):
            self.offer_decks[p] = [self.draw.pop() for _ in range(OFFER_DECK_START)]
        events = [Event("discs_dealt", ", ".join(f"{colour(p)} holds disc #{self.disc[p]}"
                                                  for p in range(n)),
                        None, {"discs": list(self.disc)})]
        events += self._start_round()
        return events

    # --- protocol ---------------------------------------------------------------------
    def actor(self) -> int:
        """The one player who acts now (-1 once the game is over)."""
        if self.phase == "over":
            return -1
        if self.phase == "bonus":
            return self.bonus_player
        return self.order[self.pos]

    def to_act(self) -> list[int]:
        return [] if self.phase == "over" else [self.actor()]

    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[int]:
        """Oasis has no running score: zeros until the final scoring, then the totals."""
        if self.final is None:
            return [0] * self.num_players
        return [f["total"] for f in self.final]

    def winners(self) -> list[int]:
        return self.ranking[:1]

    def legal_actions(self, player: int | None = None) -> list:
        if self.phase == "over":
            return []
        p = self.actor()
        if player is not None and player != p:
            return []
        phase = self.phase
        if phase == "offer":
            if not self.offers[p]:
                return [TURN_CARD]
            return [TURN_CARD, STOP_OFFER]  # a forced stop happens by itself
        if phase == "choose":
            left = [q for q in range(self.num_players) if self.taken_by[q] == -1]
            return [self._cached(TakeOffer, q) for q in left if q != p or len(left) == 1]
        if phase == "carry":
            if self.current is None:
                seen: list[str] = []
                for card in self.pending:
                    if card not in seen:
                        seen.append(card)
                return [self._cached(CarryOut, card) for card in seen]
            info = CARDS[self.current]
            if info.effect == "camels":
                return self._camel_actions(p)
            return self._tile_actions(PlaceTile, KIND_CODE[info.what], p)
        # bonus
        out = []
        for kind in LAND_KINDS:
            out += self._tile_actions(BonusTile, KIND_CODE[kind], p)
        if self.camels_left[p] > 0:
            out += [self._cached(BonusCamel, self.board.xy[c]) for c in self._free_path()]
        out.append(SKIP_BONUS)
        return out

    # --- helpers for the UI and bots ------------------------------------------------
    def tile_targets(self, kind: str, player: int) -> dict[tuple[int, int], str]:
        """Legal cells for a ``kind`` tile by ``player``: ``{(x, y): "start" | "extend"}``."""
        xy = self.board.xy
        return {xy[c]: ("start" if start else "extend")
                for c, start in placement.tile_options(self, KIND_CODE[kind], player)}

    def camel_targets(self) -> list[tuple[int, int]]:
        """Empty path cells."""
        return [self.board.xy[c] for c in self._free_path()]

    def step(self) -> str:
        """What the actor is doing: "offer", "choose", "pick_card", "place_camels",
        "move_camels", "place_tiles", "bonus" or "over"."""
        if self.phase != "carry":
            return self.phase
        if self.current is None:
            return "pick_card"
        info = CARDS[self.current]
        if info.effect == "tiles":
            return "place_tiles"
        return "place_camels" if self.camels_left[self.actor()] > 0 else "move_camels"

    def card_locations(self) -> dict[str, int]:
        """How many cards lie where (sums to 54)."""
        return {
            "offer_decks": sum(len(d) for d in self.offer_decks),
            "offers": sum(len(self.offers[q]) for q in range(self.num_players)
                          if self.taken_by[q] == -1),
            "carrying": len(self.pending) + len(self.done) + (self.current is not None),
            "draw": len(self.draw),
            "discards": len(self.discards),
        }

    def unseen_counts(self) -> dict[str, int]:
        """Cards nobody can see (offer decks + draw deck) by kind.  Public knowledge: the
        deck's make-up is known and every other card lies face up or was shown."""
        counts = {name: info.count for name, info in CARDS.items()}
        seen = list(self.discards) + self.pending + self.done
        if self.current is not None:
            seen.append(self.current)
        for q in range(self.num_players):
            if self.taken_by[q] == -1:
                seen += self.offers[q]
        for card in seen:
            counts[card] -= 1
        return counts

    def view(self, player: int | None) -> dict[str, Any]:
        from game.engine.oasis.view import build_view

        return build_view(self, player)

    def snapshot(self) -> dict[str, Any]:
        xy = self.board.xy
        return {
            "game": self.GAME_ID, "board": self.board.name, "num_players": self.num_players,
            "seed": self.seed, "rng": self.rng_fingerprint(), "phase": self.phase,
            "round": self.round, "disc": list(self.disc), "order": list(self.order),
            "handed": list(self.handed), "took": list(self.took),
            "taken_by": list(self.taken_by),
            "offer_decks": [list(d) for d in self.offer_decks],
            "offers": [list(o) for o in self.offers], "draw": list(self.draw),
            "discards": list(self.discards), "pos": self.pos,
            "offer_start": self.offer_start, "pending": list(self.pending),
            "current": self.current, "left": self.left, "done": list(self.done),
            "bonus_player": self.bonus_player, "supply": list(self.supply),
            "score_supply": dict(self.score_supply),
            "score_tiles": [dict(s) for s in self.score_tiles],
            "camels_left": list(self.camels_left),
            "markers": [[list(xy[c]) for c in m] for m in self.markers],
            "tiles": list(self.tiles), "area": list(self.area),
            "a_kind": list(self.a_kind), "a_owner": list(self.a_owner),
            "a_size": list(self.a_size), "a_marker": list(self.a_marker),
            "camel_at": list(self.camel_at), "empty": list(self.empty),
            "path_free": self.path_free, "end_reason": self.end_reason,
            "final": self.final, "ranking": list(self.ranking),
            "undo_floor": self.undo_floor, "history": len(self.history),
        }

    def clone(self) -> OasisState:
        c = OasisState.__new__(OasisState)
        self._copy_base_into(c)
        c.board = self.board
        c.phase = self.phase
        c.round = self.round
        c.disc = self.disc[:]
        c.order = self.order[:]
        c.handed = self.handed[:]
        c.took = self.took[:]
        c.taken_by = self.taken_by[:]
        c.offer_decks = [d[:] for d in self.offer_decks]
        c.offers = [o[:] for o in self.offers]
        c.draw = self.draw[:]
        c.discards = self.discards[:]
        c.pos = self.pos
        c.offer_start = self.offer_start
        c.pending = self.pending[:]
        c.current = self.current
        c.left = self.left
        c.done = self.done[:]
        c.bonus_player = self.bonus_player
        c.supply = self.supply[:]
        c.score_supply = dict(self.score_supply)
        c.score_tiles = [dict(s) for s in self.score_tiles]
        c.camels_left = self.camels_left[:]
        c.markers = [m[:] for m in self.markers]
        c.tiles = self.tiles[:]
        c.area = self.area[:]
        c.a_kind = self.a_kind[:]
        c.a_owner = self.a_owner[:]
        c.a_size = self.a_size[:]
        c.a_marker = self.a_marker[:]
        c.camel_at = self.camel_at[:]
        c.empty = self.empty[:]
        c.path_free = self.path_free
        c.end_reason = self.end_reason
        c.final = self.final  # never mutated once set
        c.ranking = self.ranking[:]
        c.undo_floor = self.undo_floor
        c._revealed = False
        c.setup_events = self.setup_events
        return c

    def is_undoable(self, index: int) -> bool:
        """An action may be taken back when nothing was revealed (a card turned up, the
        final scoring) and nothing was drawn or shuffled from it onwards."""
        return self.undo_floor <= index < len(self.history)

    # --- applying actions ---------------------------------------------------------------
    def _apply(self, action, player: int) -> list[Event]:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction(f"{action!r} is not an Oasis action")
        self._revealed = False
        events = handler(self, action, player)
        events += self._advance()
        if self._revealed:
            self.undo_floor = len(self.history) + 1
        return events

    def _need_phase(self, phase: str, what: str) -> None:
        if self.phase != phase:
            raise IllegalAction(f"{what} is not possible now: "
                                f"{_PHASE_TEXT.get(self.phase, self.phase)}")

    # offers
    def _can_turn(self, p: int) -> bool:
        m = len(self.offers[p])
        deck = self.offer_decks[p]
        if m >= MAX_OFFER or not deck:
            return False
        if m == 0:
            return True  # an offer holds at least one card
        drawn = min(DRAW_AFTER[m + 1], len(self.draw) + len(self.discards))
        return len(deck) - 1 + drawn >= 1

    def _do_turn(self, action: TurnCard, p: int) -> list[Event]:
        self._need_phase("offer", "Turning up a card")
        if not self._can_turn(p):  # unreachable through legal play: forced stops are automatic
            raise IllegalAction("You may not turn up another card")
        card = self.offer_decks[p].pop(0)
        self.offers[p].append(card)
        self._revealed = True
        m = len(self.offers[p])
        return [Event("card_turned", f"{colour(p)} turns up {card_title(card)} "
                                     f"(card {m} of the offer)",
                      p, {"card": card, "position": m})]

    def _do_stop(self, action: StopOffer, p: int) -> list[Event]:
        self._need_phase("offer", "Stopping an offer")
        if not self.offers[p]:
            raise IllegalAction("An offer holds at least one card: turn one up first")
        return self._finish_offer(p)

    def _finish_offer(self, p: int) -> list[Event]:
        m = len(self.offers[p])
        titles = ", ".join(card_title(c) for c in self.offers[p]) or "nothing"
        events = [Event("offer_stopped", f"{colour(p)} offers {titles}", p,
                        {"cards": list(self.offers[p])})]
        want = DRAW_AFTER.get(m, 0)
        if want:
            events += self._draw_to(p, want)
        self.pos += 1
        if self.pos == self.num_players:
            self.phase = "choose"
            self.pos = 0
            events.append(Event("choosing", "All offers are on the table", None,
                                {"order": list(self.order)}))
        else:
            self.offer_start = len(self.offer_decks[self.order[self.pos]])
        return events

    def _draw_to(self, p: int, count: int) -> list[Event]:
        """Draw ``count`` cards unseen to the bottom of ``p``'s offer deck."""
        events = []
        got = 0
        self._revealed = True
        for _ in range(count):
            if not self.draw:
                if not self.discards:
                    break
                self.draw = self.discards
                self.discards = []
                self.rng.shuffle(self.draw)
                events.append(Event("deck_refilled",
                                    f"The discards are shuffled into a new draw deck "
                                    f"of {len(self.draw)} cards", None,
                                    {"count": len(self.draw)}))
            self.offer_decks[p].append(self.draw.pop())
            got += 1
        text = (f"{colour(p)} draws {_plural(got, 'card')} to the bottom of their offer deck"
                if got else f"{colour(p)} draws no card: the decks are empty")
        events.append(Event("cards_drawn", text, p, {"count": got, "wanted": count}))
        return events

    # choosing
    def _do_take(self, action: TakeOffer, p: int) -> list[Event]:
        self._need_phase("choose", "Taking an offer")
        owner = action.owner
        if not isinstance(owner, int) or isinstance(owner, bool) \
                or not 0 <= owner < self.num_players:
            raise IllegalAction(f"There is no player {owner!r}")
        if self.taken_by[owner] != -1:
            raise IllegalAction(f"{colour(owner)}'s offer was already taken")
        left = [q for q in range(self.num_players) if self.taken_by[q] == -1]
        if owner == p and len(left) > 1:
            raise IllegalAction("You may take your own offer only when it is the only one left")
        return self._take(p, owner)

    def _take(self, p: int, owner: int) -> list[Event]:
        disc = self.pos + 1
        self.handed[owner] = disc
        self.taken_by[owner] = p
        self.took[p] = owner
        self.pending = list(self.offers[owner])
        self.current = None
        self.left = 0
        self.done = []
        self.phase = "carry"
        whose = "their own offer" if owner == p else f"{colour(owner)}'s offer"
        titles = ", ".join(card_title(c) for c in self.pending) or "no cards"
        return [
            Event("offer_taken", f"{colour(p)} takes {whose}: {titles}", p,
                  {"owner": owner, "cards": list(self.pending), "disc": disc}),
            Event("disc_handed", f"{colour(p)} hands disc #{disc} face down to "
                                 f"{'themself' if owner == p else colour(owner)}",
                  p, {"disc": disc, "from": p, "to": owner}),
        ]

    # carrying out cards
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
                public = f"{colour(p)} takes {_plural(got, 'score tile')} face down"
            else:
                text = public = f"No {word} score tiles are left: {colour(p)} takes none"
            events.append(Event("score_tiles_taken", text, p, {"kind": kind, "count": got},
                                private_to=p if got else None,
                                public_text=public if got else None))
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
        return [Event("camel_placed", f"{colour(p)} places a camel at {self.board.xy[c]}", p,
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
        return [Event("camel_moved", f"{colour(p)} moves a camel from {xy[src]} to {xy[dst]}",
                      p, {"src": list(xy[src]), "dst": list(xy[dst])})]

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
        xy = self.board.xy
        tables = [self._tile_table(cls, k, "none")]
        tables += [self._tile_table(cls, k, xy[m]) for m in self.markers[p]]
        out = []
        for c, start in opts:
            if start:
                out += [t[c] for t in tables]
            else:
                out.append(plain[c])
        return out

    def _tile_table(self, cls: type, k: int, marker_from: Any) -> list:
        """Shared actions ``cls(kind, cell, marker_from)`` for every cell, by cell index."""
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
        text = f"{prefix}{colour(p)} places a {kind} tile at {xy[c]} and {how} {kind} area"
        if info["absorbed"]:
            text += ", taking in uncontrolled land"
        events = [Event("tile_placed", f"{text} (now {info['size']} tiles)", p, data)]
        marker = info["marker"]
        if marker is not None and "moved_from" in marker:
            src = marker["moved_from"]
            events.append(Event("marker_moved", f"{colour(p)} moves a control marker from "
                                                f"{xy[src]} to {xy[c]}; the old area is "
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

    # --- flow -------------------------------------------------------------------------
    def _trigger_end(self, reason: str) -> list[Event]:
        if self.end_reason:
            return []
        self.end_reason = reason
        return [Event("end_triggered", f"{reason}: the game ends at the end of this round",
                      None, {"reason": reason, "round": self.round})]

    def _advance(self) -> list[Event]:
        """Carry out every step that needs no decision, until someone must decide."""
        events: list[Event] = []
        while True:
            phase = self.phase
            if phase == "offer":
                p = self.order[self.pos]
                if self.offers[p] and self._can_turn(p):
                    return events
                if not self.offers[p] and self.offer_decks[p]:
                    return events
                if not self.offers[p]:
                    events.append(Event("no_offer", f"{colour(p)} has no cards to offer", p))
                events += self._finish_offer(p)
            elif phase == "choose":
                left = [q for q in range(self.num_players) if self.taken_by[q] == -1]
                if len(left) > 1:
                    return events
                events += self._take(self.order[self.pos], left[0])
            elif phase == "carry":
                p = self.order[self.pos]
                if self.current is None:
                    if self.pending:
                        if any(c != self.pending[0] for c in self.pending):
                            return events
                        events += self._carry(p, self.pending[0])
                        continue
                    events.append(Event("cards_discarded", f"{colour(p)} discards "
                                                           f"{_plural(len(self.done), 'card')}",
                                        p, {"cards": list(self.done)}))
                    self.discards.extend(self.done)
                    self.done = []
                    self.pos += 1
                    if self.pos < self.num_players:
                        self.phase = "choose"
                    else:
                        events += self._start_bonus()
                    continue
                info = CARDS[self.current]
                if self.left == 0:
                    self._finish_card()
                elif info.effect == "camels":
                    if self.path_free > 0:
                        return events
                    events.append(Event("card_ignored", f"The camel path is full: "
                                                        f"{info.title} is ignored",
                                        p, {"card": self.current}))
                    self._finish_card()
                else:
                    k = KIND_CODE[info.what]
                    if placement.has_tile_option(self, k, p):
                        return events
                    why = (f"no {info.what} tiles are left" if self.supply[k] == 0
                           else f"no cell is legal for {colour(p)}'s {info.what} tile")
                    events.append(Event("tile_unplaceable",
                                        f"A {info.what} tile cannot be placed: {why}", p,
                                        {"kind": info.what, "count": self.left}))
                    events += self._trigger_end(f"{colour(p)} took a {info.what} tile "
                                                f"that cannot be placed")
                    self._finish_card()
            elif phase == "bonus":
                p = self.bonus_player
                if self._bonus_possible(p):
                    return events
                events.append(Event("bonus_skipped", f"{colour(p)} has nothing to place for "
                                                     f"the bonus action", p))
                events += self._end_round()
            else:
                return events

    def _bonus_possible(self, p: int) -> bool:
        if self.camels_left[p] > 0 and self.path_free > 0:
            return True
        return any(placement.has_tile_option(self, k, p) for k in (1, 2, 3))

    def _start_bonus(self) -> list[Event]:
        self.disc = list(self.handed)
        self.phase = "bonus"
        self.bonus_player = self.disc.index(1)
        text = ", ".join(f"{colour(q)} #{self.disc[q]}" for q in range(self.num_players))
        return [Event("discs_revealed", f"Discs turned up: {text}", None,
                      {"discs": list(self.disc)}),
                Event("bonus", f"{colour(self.bonus_player)} holds disc #1 and takes the "
                               f"bonus action", self.bonus_player)]

    def _end_round(self) -> list[Event]:
        if self.end_reason:
            return self._finish_game()
        self.round += 1
        return self._start_round()

    def _start_round(self) -> list[Event]:
        n = self.num_players
        self.phase = "offer"
        self.order = sorted(range(n), key=lambda q: self.disc[q])
        self.handed = [0] * n
        self.took = [-1] * n
        self.taken_by = [-1] * n
        self.offers = [[] for _ in range(n)]
        self.pos = 0
        self.offer_start = len(self.offer_decks[self.order[0]])
        self.bonus_player = -1
        return [Event("round_started", f"Round {self.round}: "
                                       + ", ".join(colour(q) for q in self.order),
                      None, {"round": self.round, "order": list(self.order)})]

    def _finish_game(self) -> list[Event]:
        self.phase = "over"
        self._revealed = True
        self.final = scoring.final_scores(self.board, self.camel_at, self.a_kind,
                                          self.a_owner, self.a_size, self.score_tiles)
        n = self.num_players
        self.ranking = sorted(range(n), key=lambda q: (-self.final[q]["total"], self.disc[q]))
        events = []
        for q in range(n):
            f = self.final[q]
            parts = [f"camels {f['camels']['points']}"] + [
                f"{kind} {f[kind]['points']}" for kind in LAND_KINDS]
            events.append(Event("final_score", f"{colour(q)} scores {f['total']} "
                                               f"({', '.join(parts)})", q,
                                {**f, "score_tiles": dict(self.score_tiles[q])}))
        places = ", ".join(f"{i + 1}. {colour(q)} {self.final[q]['total']}"
                           for i, q in enumerate(self.ranking))
        events.append(Event("ranking", f"Final ranking: {places}", None,
                            {"ranking": list(self.ranking),
                             "scores": [self.final[q]["total"] for q in range(n)],
                             "discs": list(self.disc)}))
        events.append(Event("game_over", f"{colour(self.ranking[0])} wins!",
                            self.ranking[0], {"winner": self.ranking[0]}))
        return events

    # --- action cache -----------------------------------------------------------------
    def _cached(self, cls: type, *args: Any):
        cache = self.board.action_cache
        key = (cls, *args)
        action = cache.get(key)
        if action is None:
            action = cache[key] = cls(*args)
        return action


_PHASE_TEXT = {
    "offer": "players are making offers",
    "choose": "an offer is being chosen",
    "carry": "cards are being carried out",
    "bonus": "the bonus action is pending",
    "over": "the game is over",
}

_HANDLERS = {
    TurnCard: OasisState._do_turn,
    StopOffer: OasisState._do_stop,
    TakeOffer: OasisState._do_take,
    CarryOut: OasisState._do_carry,
    PlaceCamel: OasisState._do_place_camel,
    MoveCamel: OasisState._do_move_camel,
    IgnoreCard: OasisState._do_ignore,
    PlaceTile: OasisState._do_place_tile,
    BonusTile: OasisState._do_bonus_tile,
    BonusCamel: OasisState._do_bonus_camel,
    SkipBonus: OasisState._do_skip_bonus,
}


_ROW_BOARDS: dict[tuple, OasisBoard] = {}


def board_from_options(options: dict[str, Any]) -> OasisBoard:
    """``board_rows`` (text rows, for tests and tutorials) or ``map`` (default "oasis")."""
    unknown = set(options) - {"map", "board_rows"}
    if unknown:
        raise ValueError(f"unknown Oasis options: {', '.join(sorted(unknown))}")
    rows = options.get("board_rows")
    if rows is not None:
        key = tuple(rows)
        board = _ROW_BOARDS.get(key)
        if board is None:
            board = _ROW_BOARDS[key] = OasisBoard.from_rows(list(rows))
        return board
    return OasisBoard.from_map(options.get("map", "oasis"))
