"""Why a save does not open is told in the player's language, the rules' own reason included."""

from game.engine import save_files
from game.engine.messages import localized
from game.registry import GAMES


def _refused_start(state):
    """A start-tile cell the rules refuse (the tile's building may not stand there)."""
    kind = type(state.legal_actions()[0])
    return next(c for c in ((x, y) for x in range(15) for y in range(10))
                if state.why_illegal(kind(cell=c), state.to_act()[0]))


def test_a_refused_move_in_a_save_is_explained_in_each_language():
    state = GAMES["oregon"].new(2, 5)
    data = save_files.save_dict(state)
    data["actions"] = [[state.to_act()[0], {"type": "PlaceStartTile",
                                           "cell": list(_refused_start(state))}]]
    try:
        save_files.load_dict(data)
    except save_files.SaveError as exc:
        reason = exc.reason
    else:
        raise AssertionError("the save opened")
    english = localized(reason, None, "en")
    assert english.startswith("save does not replay: A ") and english == str(reason)
    assert localized(reason, None, "it").startswith("il salvataggio non si può rigiocare: Una ")
    french = localized(reason, None, "fr")
    assert french.startswith("la sauvegarde ne se rejoue pas\u00a0: ") and "must" not in french


def test_a_damaged_file_is_explained_in_each_language():
    try:
        save_files.parse_save("{not json")
    except save_files.SaveError as exc:
        reason = exc.reason
    assert str(reason).startswith("corrupt save file: ")
    assert localized(reason, None, "es").startswith("partida guardada dañada: ")
