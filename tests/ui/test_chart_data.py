"""The score chart's series: each seat's score after each turn (round in Oasis), rebuilt from
the recorded actions of seeded games."""

from itertools import groupby

import pytest
from finished_games import finished
from game_hooks import games_with, hooks

from game.registry import GAMES
from game.ui.chart_data import ROUNDS, TURNS, score_series

# every game with results, at every number of seats it takes
SEATS = [(g, n) for g in games_with("results")
         for n in range(GAMES[g].min_players, GAMES[g].max_players + 1)]


def result_totals(state) -> list[int]:
    """Each seat's total as the results table shows it (the rows its game's table gives the
    results screen: its hooks' ``results``)."""
    n = state.num_players
    names, colours = [f"P{q}" for q in range(n)], list(range(n))
    rows, _columns, _categories = hooks(state.GAME_ID).results(state, names, colours)
    totals = [0] * n
    for name, _colour, _place, total, _breakdown, _winner in rows:
        totals[names.index(name)] = total
    return totals


@pytest.mark.parametrize(("game_id", "players"), SEATS)
def test_the_last_point_is_each_seats_final_score(game_id, players):
    state = finished(game_id, players)
    series = score_series(state)
    assert len(series.points) == players
    assert [p[-1] for p in series.points] == result_totals(state)
    assert all(p[0] == 0 for p in series.points)  # everyone starts at nothing
    assert len({len(p) for p in series.points}) == 1


@pytest.mark.parametrize(("game_id", "players"),
                         [s for s in SEATS if hooks(s[0]).chart_never_falls])
def test_scores_never_go_backwards_where_the_rules_take_no_points(game_id, players):
    """Oregon's track and Colorado County's scorings only ever add points (each game's
    hooks say whether its line may fall: ``chart_never_falls``)."""
    series = score_series(finished(game_id, players))
    for line in series.points:
        assert all(a <= b for a, b in zip(line, line[1:], strict=False)), line
    assert series.top == max(result_totals(finished(game_id, players)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_oregon_has_a_point_per_player_turn(players):
    """A turn is a seat's run of actions (start tile; play, extra turn, draws)."""
    state = finished("oregon", players)
    series = score_series(state)
    turns = len([seat for seat, _run in groupby(p for p, _a in state.history)])
    assert series.axis == TURNS
    assert series.steps == turns
    assert turns < len(state.history)  # plays and their draws are one turn


@pytest.mark.parametrize("players", [3, 4])
def test_colorado_counts_a_step_of_secret_bids_as_one_turn_and_marks_the_rounds(players):
    state = finished("colorado", players)
    series = score_series(state)
    game = GAMES["colorado"].new(players, state.seed, **state.options)
    bids = 0
    for p, action in state.history:
        bids += game.is_simultaneous()
        game.apply(action, p)
    assert bids and series.steps <= len(state.history) - bids // 2  # 2+ bids a step
    # the rounds begin where the scoring of the one before raised the scores
    assert [r for _x, r in series.rounds] == [2, 3, 4]
    for x, _round in series.rounds:
        before = [p[x - 1] for p in series.points]
        after = [p[x] for p in series.points]
        assert after != before and all(a >= b for a, b in zip(after, before, strict=True))
    # between two scorings nobody scores: the lines are flat
    edges = [0, *(x for x, _r in series.rounds), series.steps]
    for start, end in zip(edges, edges[1:], strict=False):
        for line in series.points:
            assert len(set(line[start:end])) == 1, (start, end, line[start:end])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_oasis_has_a_point_per_round_with_the_score_tiles_of_the_end(players):
    """The board after each round, scored with the tiles held at the end (the rules turn
    them up only then); the last round is the final scoring."""
    from game.games.oasis.engine.scoring import player_total

    state = finished("oasis", players)
    series = score_series(state)
    assert series.axis == ROUNDS
    assert series.steps == state.round
    # the board after round 1, scored by hand
    game = GAMES["oasis"].new(players, state.seed, **state.options)
    for p, action in state.history:
        game.apply(action, p)
        if game.round == 2:
            break
    after_one = [player_total(game.board, game.camel_at, game.a_kind, game.a_owner,
                              game.a_size, q, state.score_tiles[q]) for q in range(players)]
    assert [p[1] for p in series.points] == after_one


def test_an_unfinished_game_charts_the_turns_played_so_far():
    state = GAMES["oregon"].new(2, 5)
    while len(state.history) < 30:
        p = state.to_act()[0]
        state.apply(state.legal_actions(p)[0], p)
    series = score_series(state)
    assert [p[-1] for p in series.points] == state.scores()
    assert 0 < series.steps < 30
