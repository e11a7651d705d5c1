"""Sentences whose translation once said something else than the English: each now holds the
words that carry its meaning (who scores, what leaves the game, which verb a French sentence
needs), so a later edit cannot quietly bring the old reading back."""

import pytest

from game import i18n

GROUP_BONUS = "**Group bonus +5** when the farmer joins 3 or more of your farmers linked by " \
    "their sides, and none of them has earned this bonus before."
START_TILE = "Everyone is dealt one **start tile**, a building picked at random (the prompt " \
    "shows it). In turn order, from the start player, each puts theirs on any empty cell of " \
    "the board where that building may stand (see below); no cards are played for it. It " \
    "scores nothing now, as no farmers are out yet, but from then on it is a building like " \
    "any other: farmers placed beside it score it. Start tiles do not come from the building " \
    "stacks."
DISCARDED = "{player} discards {card}; its stack is empty, so it leaves the game"
NO_CELL = "No cell is left for {player}'s start {building}; it leaves the game"
JOKER = "**Joker.** While active it stands in for one landscape card of any symbol; then it " \
    "is spent."
DOUBLE = "A double is exactly two of your cells side by side, touching no other cell of " \
    "yours: each scores 2 this round. Pass the market, bid the lit cowboys, then lay the lit " \
    "card to make one."
OREGON_END = "The end comes when a player places their 14th farmer, or when as many building " \
    "stacks are empty as there are players. The round is played out, so everyone has the " \
    "same number of turns. Coal and gold tokens are then added to the scores. Most points " \
    "wins; a tie goes to the player with more farmers on the board, and after that it is a " \
    "shared win."
FREE_PLACE = "The discs set the order: with disc #1 you offer and choose first. Taking an " \
    "offer hands your disc to its owner. Whoever holds #1 after the choosing places a free " \
    "tile or camel."

MEANINGS = [
    ("it", START_TILE, "gli allevatori piazzati accanto guadagnano punti grazie a essa"),
    ("it", DISCARDED, "quindi la carta esce dal gioco"),
    ("it", NO_CELL, "la tessera esce dal gioco"),
    ("it", DOUBLE, "Non vendere (Passa)"),
    ("it", GROUP_BONUS, "ha già dato diritto a questo bonus"),
    ("it", JOKER, "poi va girato sul lato inattivo"),
    ("it", "New to {game}?", "Prima volta a {game}?"),
    ("it", "open this game's lesson (Learn to play)", "apre la lezione"),
    ("es", DISCARDED, "así que la carta sale del juego"),
    ("es", NO_CELL, "la ficha sale del juego"),
    ("es", DOUBLE, "No vendas (Pasar), puja con los vaqueros"),
    ("es", JOKER, "después queda inactivo"),
    ("es", "Bid for the revealed cards; only their owner sees the numbers",
     "Se usan para pujar por las cartas descubiertas"),
    ("es", "First keep or discard the building card you just drew",
     "Primero quédate con la carta"),
    ("es", "Play two cards", "Juega dos cartas"),  # the imperative, as the other games' steps
    ("es", "Draw back up to four", "Roba hasta tener cuatro"),
    ("fr", DISCARDED, "la carte quitte donc la partie"),
    ("fr", NO_CELL, "la tuile est retirée de la partie"),
    ("fr", DOUBLE, "Ne vendez rien (Passer)"),
    ("fr", JOKER, "il passe ensuite sur sa face inactive"),
    ("fr", OREGON_END, "le joueur qui a le plus de fermiers sur le plateau l'emporte"),
    ("fr", FREE_PLACE, "pose gratuitement une tuile ou un chameau"),
    ("fr", "none", "épuisée"),  # under an empty pile (feminine)
    ("fr", "Replay from the start.", "Revoir la partie depuis le début."),
    ("fr", "Play two cards", "Jouez deux cartes"),
    ("it", "Giving a cowboy", "Cessione del cow-boy"),
    ("es", "Giving a cowboy", "Entrega del vaquero"),
    ("fr", "Giving a cowboy", "Don du cow-boy"),
]


@pytest.mark.parametrize(("code", "english", "words"), MEANINGS,
                         ids=[f"{c}-{e[:24]}" for c, e, _w in MEANINGS])
def test_a_reviewed_sentence_says_what_the_english_says(code, english, words):
    said = i18n.translation(code).gettext(english).replace("\u00a0", " ")
    assert said != english, "not in the catalog"
    assert words in said


def test_the_review_s_singular_reads_as_one_point():
    """es: "(alrededor de 1 punto más)", not "(unos 1 punto mejor)"."""
    sentence = i18n.translation("es").ngettext(
        "You played: {played}. The hard bot prefers: {best} (about {n} point better).",
        "You played: {played}. The hard bot prefers: {best} (about {n} points better).", 1)
    assert sentence.endswith("(alrededor de {n} punto más).")
