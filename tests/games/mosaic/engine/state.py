"""Mosaic's rules: ``MosaicState`` and ``new_game``.

Each player holds two tiles no one else sees.  On a turn the player lays one of them on an
empty cell, scores a point for each orthogonal neighbour of the same kind, and draws a new
tile from the bag (while it lasts).  The game ends when the board is full; most points wins
and equal scores share the win."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.engine.actions import Action
from game.engine.core import GameState, Outcome
from game.engine.events import Event
from game.engine.messages import N_, NN_, T, say

from .actions import ACTION_TYPES, Place
from .board import CELLS, HAND, KINDS, all_tiles, cell_name, index, neighbours, on_board
from .events import PLAYER_NAMES, Emit, seat
from .phases import Phase


class MosaicState(GameState):
    GAME_ID = "mosaic"
    PLAYER_NAMES = PLAYER_NAMES
    ACTION_TYPES = ACTION_TYPES

    def __init__(self, num_players: int, seed: int, options: dict[str, Any] | None = None):
        super().__init__(num_players, seed, options)
        self.board: list[str | None] = [None] * len(CELLS)
        self.hands: list[list[str]] = [[] for _ in range(num_players)]
        self.bag: list[str] = []  # drawn from the end
        self.dealt: tuple[tuple[str, ...], ...] = ()  # the hands before the first turn
        self.score = [0] * num_players
        self.current = 0
        self.turn = 0
        self.phase = Phase.PLACE

    # --- the contract ---------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.phase == Phase.OVER else [self.current]

    def legal_actions(self, player: int | None = None) -> list[Action]:
        if player is None:
            player = self.current
        if self.phase == Phase.OVER or player != self.current:
            return []
        kinds = sorted(set(self.hands[player]), key=KINDS.index)
        return [Place(k, c) for k in kinds for c in CELLS if self.board[index(c)] is None]

    def why_illegal(self, action: Action, player: int) -> str | None:
        assert isinstance(action, Place)
        if action.kind not in self.hands[player]:
            return say(N_("you hold no {tile} tile"), tile=T(action.kind))
        if not on_board(action.cell):
            return say(N_("that cell is not on the board"))
        if self.board[index(action.cell)] is not None:
            return say(N_("{cell} is taken"), cell=cell_name(action.cell))
        return None

    def _apply(self, action: Action, player: int) -> list[Event]:
        assert isinstance(action, Place)
        self.hands[player].remove(action.kind)
        self.board[index(action.cell)] = action.kind
        events: list[Event] = [Emit.placed(
            N_("{player} lays a {tile} tile on {cell}"), player,
            {"cell": list(action.cell), "tile": action.kind},
            args={"player": seat(player), "tile": T(action.kind), "cell": cell_name(action.cell)})]
        matches = [c for c in neighbours(action.cell) if self.board[index(c)] == action.kind]
        if matches:
            self.score[player] += len(matches)
            events.append(Emit.scored(
                NN_("{player} scores {n} point for a matching neighbour",
                    "{player} scores {n} points for matching neighbours"),
                player, {"amount": len(matches), "cells": [list(c) for c in matches]},
                args={"player": seat(player), "n": len(matches)}))
        if self.bag:
            events.append(self._draw(player))
        self.turn += 1
        if all(t is not None for t in self.board):
            self.phase = Phase.OVER
            events.append(self._game_over())
        else:
            self.current = (self.current + 1) % self.num_players
        return events

    def _draw(self, player: int) -> Event:
        self.reveal()
        tile = self.bag.pop()
        self.hands[player].append(tile)
        return Emit.drew(
                         N_("{player} draws a {tile} tile"), player, private_to=player,
                         public_msg=N_("{player} draws a tile"),
                         args={"player": seat(player), "tile": T(tile)},
                         public_args={"player": seat(player)})

    def _game_over(self) -> Event:
        return Emit.game_over(
                              N_("The board is full. Most points: {winners}, with {points}."),
                              None, {"scores": list(self.score), "winners": self.winners()},
                              args={"winners": [seat(p) for p in self.winners()],
                                    "points": max(self.score)})

    def clone(self) -> MosaicState:
        other = MosaicState.__new__(MosaicState)
        self._copy_base_into(other)
        other.board = list(self.board)
        other.hands = [list(h) for h in self.hands]
        other.bag = list(self.bag)
        other.dealt = self.dealt
        other.score = list(self.score)
        other.current = self.current
        other.turn = self.turn
        other.phase = self.phase
        return other

    def view(self, player: int | None) -> dict[str, Any]:
        return {
            "game": self.GAME_ID, "num_players": self.num_players, "viewer": player,
            "phase": str(self.phase), "round": self.turn // self.num_players + 1,
            "to_act": self.to_act(), "scores": list(self.score),
            "current": self.current, "turn": self.turn, "board": list(self.board),
            "hand": sorted(self.hands[player], key=KINDS.index) if player is not None else [],
            "hand_sizes": [len(h) for h in self.hands], "bag": len(self.bag),
        }

    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    def scores(self) -> list[int]:
        return list(self.score)

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        best = max(self.score)
        return [p for p, s in enumerate(self.score) if s == best]

    def outcome(self) -> Outcome:
        ranking = sorted(range(self.num_players), key=lambda p: -self.score[p])
        return Outcome(list(self.score), ranking, self.winners(),
                       [{"matches": s} for s in self.score])

    def snapshot(self) -> dict[str, Any]:
        return {"board": list(self.board), "hands": [list(h) for h in self.hands],
                "dealt": [list(h) for h in self.dealt],
                "bag": list(self.bag), "score": list(self.score), "current": self.current,
                "turn": self.turn, "phase": str(self.phase), "history": len(self.history),
                "rng": self.rng_fingerprint()}

    def setup_events(self) -> list[Event]:
        return [Emit.dealt(
                           N_("{player} is dealt {tiles}"), p, {"count": len(hand)},
                           private_to=p, public_msg=N_("{player} is dealt two tiles"),
                           args={"player": seat(p), "tiles": [T(t) for t in hand]},
                           public_args={"player": seat(p)}, public_data={"count": len(hand)})
                for p, hand in enumerate(self.dealt)]

    @classmethod
    def state_from_view(cls, view: Any, rng: random.Random) -> MosaicState:
        st = cls(view["num_players"], rng.randrange(1 << 30))
        st.board = list(view["board"])
        st.score = list(view["scores"])
        st.current = view["current"]
        st.turn = view["turn"]
        st.phase = Phase(view["phase"])
        unseen = Counter(all_tiles())
        unseen.subtract(t for t in st.board if t is not None)
        unseen.subtract(view["hand"])
        pool = sorted(unseen.elements(), key=KINDS.index)
        rng.shuffle(pool)
        for p, size in enumerate(view["hand_sizes"]):
            st.hands[p] = list(view["hand"]) if p == view["viewer"] else \
                [pool.pop() for _ in range(size)]
        st.bag = pool
        return st


def new_game(num_players: int, seed: int, **options: Any) -> MosaicState:
    if options:
        raise ValueError(f"Mosaic takes no options, not {sorted(options)}")
    st = MosaicState(num_players, seed)
    bag = all_tiles()
    st.rng.shuffle(bag)
    st.hands = [[bag.pop() for _ in range(HAND)] for _ in range(num_players)]
    st.dealt = tuple(tuple(h) for h in st.hands)
    st.bag = bag
    return st
