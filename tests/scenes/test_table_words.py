"""Grammar of a table prompt built from a colour name (a/an)."""

import random

import pytest
from table_driver import made_tables
from table_plans import ColoradoMouseTable

from game.games.colorado.engine.cards import CARDS


@pytest.fixture
def tables():
    yield from made_tables(ColoradoMouseTable)


def test_colorado_take_prompt_says_an_orange_flag(tables):
    t = tables("human,bot:easy,bot:easy", seed=7)
    s = t.scene
    rng = random.Random(1)
    for _ in range(200):
        t.until_human()
        if s.session.state.phase == "take":
            break
        t.play(rng.choice(s.session.state.legal_actions(s.chooser)))
    assert s.session.state.phase == "take"
    st = s.session.state
    orange = next(c.id for c in CARDS if c.colour == "orange" and c.id not in st.revealed)
    st.revealed[0] = orange  # (test only) an orange card is on offer
    free = next(i for i in range(150) if st.owner[i] < 0 and st.lakemap.lake_at[i] < 0
                and i not in st.flags)
    st.flags[free] = ("orange", s.chooser)
    s.version += 1
    s.controls.choice.sel_card, s.controls.choice.use_flag = orange, None
    assert s.controls.prompt() == "Click an orange flag on the board for this card."
