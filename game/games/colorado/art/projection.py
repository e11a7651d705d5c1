"""What the round scoring would give if the round ended now, and what a cube placement adds
to it, from public facts only (cube owners, lake owners, the round): every player may know
these, so the panels show them to everyone."""

from __future__ import annotations

from game.games.colorado.engine.grid import index
from game.games.colorado.engine.scoring import CATEGORIES, score_round
from game.i18n import N_, _

# Translators: a scoring category in a change of points ("borders +2")
CATEGORY_WORDS = {"borders": N_("borders"), "lakes": N_("lakes"), "doubles": N_("doubles"),
                  "domain": N_("big domain")}


def round_points(state, owner=None, lake_owner=None) -> list[dict[str, int]]:
    """Per player: points per category (and ``"total"``) if the current round (the first
    before it starts) were scored on ``owner`` / ``lake_owner`` (default: the state's)."""
    rnd = min(4, max(1, state.round))
    results = score_round(rnd, state.owner if owner is None else owner,
                          state.lake_owner if lake_owner is None else lake_owner,
                          state.lakemap.lakes, state.num_players)
    out = [{c: 0 for c in CATEGORIES} for _ in range(state.num_players)]
    for r in results:
        out[r.player][r.category] = r.points
    for row in out:
        row["total"] = sum(row[c] for c in CATEGORIES)
    return out


def placement_change(state, preview: dict, player: int) -> list[dict[str, int]]:
    """How each player's round points change (per category and ``"total"``) if ``player``'s
    cubes go where the engine's ``preview_card_use`` says."""
    owner = list(state.owner)
    for x, y in preview["cells"]:
        owner[index(x, y)] = player
    lake_owner = list(state.lake_owner)
    for change in preview["lake_changes"]:
        lake_owner[change["lake"]] = change["to"]
    before = round_points(state)
    after = round_points(state, owner, lake_owner)
    return [{k: after[q][k] - before[q][k] for k in after[q]} for q in range(state.num_players)]


def change_words(change: dict[str, int]) -> str:
    """ "+5 (borders +2, big domain +3)" or "no change"."""
    # Translators: one scoring category's change of points: "borders +2"
    parts = [_("{category} {points}").format(category=_(CATEGORY_WORDS[c]),
                                             points=f"{change[c]:+d}")
             for c in CATEGORIES if change[c]]
    if not parts:
        return _("no change")
    # Translators: a change of points and what makes it: "+5 (borders +2, big domain +3)"
    return _("{total} ({parts})").format(total=f"{change['total']:+d}", parts=", ".join(parts))
