"""The core's own refusals (whose turn it is, which player, what an action of the game is)
are sentences: shown in the player's language like the rules' own reasons, in every game."""

import dataclasses

import pytest
from language_check import english_words, speaking

from game.engine.core import IllegalAction
from game.engine.messages import Sentence, localized
from game.registry import GAMES

LANGUAGES = ("it", "es", "fr")


@dataclasses.dataclass(frozen=True)
class Foreign:
    """An action of no game."""


def refusals(game_id: str) -> list[Sentence]:
    """One of each of the core's refusals, from a game of ``game_id`` and its first action."""
    info = GAMES[game_id]
    state = info.new(info.max_players, 3)
    p = state.to_act()[0]
    legal = state.legal_actions(p)[0]
    field = dataclasses.fields(legal)[0].name if dataclasses.fields(legal) else None
    attempts = [
        lambda: state.apply(legal, (p + 1) % state.num_players),  # not their turn
        lambda: state.apply(legal, 99),  # no such player
        lambda: state.apply(legal, "x" * 40),  # not even a number
        lambda: state.apply(Foreign(), p),  # not an action of this game
    ]
    if field is not None:
        wrong = dataclasses.replace(legal, **{field: 2.5})
        attempts.append(lambda: state.apply(wrong, p))  # a field of the wrong type
    found = []
    for attempt in attempts:
        with pytest.raises(IllegalAction) as caught:
            attempt()
        found.append(caught.value.args[0])
    return found


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_core_refuses_in_the_players_language(game_id, language):
    for reason in refusals(game_id):
        assert isinstance(reason, Sentence), reason
        with speaking(language) as missing:
            shown = localized(reason, None, language)
        assert not missing, missing
        code = str(reason.args.get("field", ""))  # Class.field: code, not words
        assert shown != str(reason) and not english_words(shown.replace(code, "")), shown
