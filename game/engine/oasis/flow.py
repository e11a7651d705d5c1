"""The round's flow, as part of ``OasisState``: the steps that need no decision, the bonus
action's start, the next round, the end trigger and the final scoring.
"""

from __future__ import annotations

from game.engine.core import Event
from game.engine.oasis import placement, scoring
from game.engine.oasis.cards import CARDS, KIND_CODE, LAND_KINDS, a_or_an, colour, plural


class RoundFlow:
    """Automatic steps and round boundaries of ``OasisState`` (a mixin)."""

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
                                                           f"{plural(len(self.done), 'card')}",
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
                                        f"{a_or_an(info.what).capitalize()} tile cannot be placed: {why}", p,
                                        {"kind": info.what, "count": self.left}))
                    events += self._trigger_end(f"{colour(p)} took {a_or_an(info.what)} tile "
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
                                {**f, "score_tiles": dict(self.score_tiles[q]),
                                 "cells": {kind: [list(self.board.xy[c]) for a in f[kind]["areas"]
                                                  for c in placement.area_cells(self, a)]
                                           for kind in LAND_KINDS}}))
        places = ", ".join(f"{i + 1}. {colour(q)} {self.final[q]['total']}"
                           for i, q in enumerate(self.ranking))
        events.append(Event("ranking", f"Final ranking: {places}", None,
                            {"ranking": list(self.ranking),
                             "scores": [self.final[q]["total"] for q in range(n)],
                             "discs": list(self.disc)}))
        events.append(Event("game_over", f"{colour(self.ranking[0])} wins!",
                            self.ranking[0], {"winner": self.ranking[0]}))
        return events

