"""Offers and choosing, as part of ``OasisState``.

Offers: in disc order each player turns up 1-3 cards from the top of their offer deck,
stopping after any (the keep-one limit: cards left + cards that can be drawn >= 1), then
draws 2/1/0 cards unseen to the bottom.  An empty draw deck is refilled by shuffling the
discards.  Choosing: disc #1, #2... each take an offer, not their own unless it is the only
one left, and hand their disc face down to its owner.
"""

from __future__ import annotations

from game.engine.core import Event, IllegalAction
from game.engine.oasis.actions import StopOffer, TakeOffer, TurnCard
from game.engine.oasis.cards import DRAW_AFTER, MAX_OFFER, card_title, colour, plural


class OfferRules:
    """Offer and choosing steps of ``OasisState`` (a mixin; ``self`` is the state)."""

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
        text = (f"{colour(p)} draws {plural(got, 'card')} to the bottom of their offer deck"
                if got else f"{colour(p)} draws no card: the decks are empty")
        events.append(Event("cards_drawn", text, p, {"count": got, "wanted": count}))
        return events

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

