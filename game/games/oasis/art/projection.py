"""Oasis scores while playing, as far as the viewer may know them.

The board is public (camel groups, land under each player's markers) but score tiles are
face down: the viewer's own score counts exactly; another player's is only a bound, their
public counts times how many score tiles they hold, so it says nothing of the tiles' kinds.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.games.oasis.engine.cards import KIND_CODE, LAND_KINDS
from game.games.oasis.engine.scoring import camel_groups, land_count, score_breakdown
from game.i18n import _


@dataclass(frozen=True)
class Counts:
    """The public facts a player's score is made of."""

    camels: int  # the largest group of their camels along the path
    land: tuple[tuple[str, int], ...]  # tiles in the areas under their markers, per kind


def public_counts(state, q: int) -> Counts:
    groups = camel_groups(state.board, state.camel_at, q)
    land = tuple((kind, land_count(state.a_kind, state.a_owner, state.a_size, q,
                                   KIND_CODE[kind])[0]) for kind in LAND_KINDS)
    return Counts(len(groups[0]) if groups else 0, land)


def own_score(counts: Counts, tiles: dict[str, int]) -> int:
    """The exact total now, with the player's own score tiles."""
    return score_breakdown(counts.camels, tiles.get("goods", 0), dict(counts.land),
                           tiles)["total"]


def best_case(counts: Counts, tile_count: int) -> int:
    """The most ``tile_count`` face-down score tiles could make of ``counts``: all of them of
    the kind that multiplies the largest count."""
    return tile_count * max([counts.camels] + [n for _, n in counts.land])


def counts_words(counts: Counts) -> str:
    """ "largest camel group 6 (× goods), oasis 9 (× springs), ...", in the player's
    language."""
    land = dict(counts.land)
    return _("largest camel group {camels} (× goods), oasis {oasis} (× springs), steppe "
             "{steppe} (× horses), stone {stone} (× ovoo)").format(
        camels=counts.camels, oasis=land.get("oasis", 0), steppe=land.get("steppe", 0),
        stone=land.get("stone", 0))
