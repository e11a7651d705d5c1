"""The overlays every game table shares: pause menu, rules, hand-off screen and results."""

import pygame
import pytest

from game.registry import GAMES
from game.scenes.base import Scene
from game.scenes.confirm import ConfirmScene
from game.scenes.handoff import GRACE, Handoff
from game.scenes.pause import PauseMenu
from game.scenes.results import ResultRow, ResultsScene, headline
from game.scenes.rules_overlay import (
    BODY,
    RulesOverlay,
    parse,
    rules_text,
    runs,
)
from game.scenes.score_table import ordinal
from game.scenes.settings import SettingsScene
from game.ui import intents as I

DT = 1 / 60


class Table(Scene):
    """A stand-in for a game table under the overlays."""

    def __init__(self, services):
        super().__init__(services)
        self.intents = []

    def handle(self, intent):
        self.intents.append(intent)
        return True

    def draw(self, surface):
        surface.fill((40, 90, 50))


@pytest.fixture
def table(services):
    t = Table(services)
    services.stack.reset(t)
    services.stack.apply_pending()
    return t


def push(services, scene):
    services.stack.push(scene)
    services.stack.apply_pending()
    return scene


def send(services, *intents):
    for intent in intents:
        services.stack.handle(intent)
    services.stack.apply_pending()


def frames(services, surface, n=60, dt=DT):
    for _ in range(n):
        services.stack.update(dt)
        services.stack.draw(surface)
        services.stack.apply_pending()


def button(scene, key):
    return next(w for w in scene.group.widgets if w.key == key)


def click_button(services, scene, key):
    send(services, I.click(button(scene, key).rect.center))


# --- pause menu ------------------------------------------------------------------------------
class TestPauseMenu:
    def make(self, services, table):
        self.quits = []
        return push(services, PauseMenu(services, "oregon", lambda: self.quits.append(1)))

    def test_draws_over_the_dimmed_table(self, services, table, display):
        pause = self.make(services, table)
        assert not pause.opaque and pause.dim > 0
        assert services.stack.visible() == [table, pause]
        frames(services, display)
        assert services.stack.top is pause

    @pytest.mark.parametrize("kind", [I.BACK, I.MENU])
    def test_back_and_menu_resume(self, services, table, kind):
        self.make(services, table)
        send(services, I.simple(kind))
        assert services.stack.top is table
        assert not table.intents  # nothing fell through to the table

    def test_resume_button_by_keyboard_and_click(self, services, table):
        pause = self.make(services, table)
        assert pause.group.focused.key == "resume"
        send(services, I.simple(I.CONFIRM))
        assert services.stack.top is table
        pause = self.make(services, table)
        click_button(services, pause, "resume")
        assert services.stack.top is table

    def test_rules_open_on_top_and_come_back(self, services, table):
        pause = self.make(services, table)
        send(services, I.move(0, 1), I.simple(I.CONFIRM))  # down to Rules, press
        rules = services.stack.top
        assert isinstance(rules, RulesOverlay) and rules.game_id == "oregon"
        send(services, I.simple(I.BACK))
        assert services.stack.top is pause

    def test_f1_opens_the_rules(self, services, table):
        self.make(services, table)
        send(services, I.key(pygame.K_F1))
        assert isinstance(services.stack.top, RulesOverlay)

    def test_settings_overlay(self, services, table):
        pause = self.make(services, table)
        click_button(services, pause, "settings")
        assert isinstance(services.stack.top, SettingsScene)
        send(services, I.simple(I.BACK))
        assert services.stack.top is pause

    def test_quit_asks_first_and_cancel_keeps_playing(self, services, table):
        pause = self.make(services, table)
        click_button(services, pause, "quit")
        confirm = services.stack.top
        assert isinstance(confirm, ConfirmScene)
        assert confirm.title == "Leave this game?"
        send(services, I.simple(I.BACK))
        assert services.stack.top is pause
        assert self.quits == []

    def test_quit_confirmed_calls_back(self, services, table):
        pause = self.make(services, table)
        click_button(services, pause, "quit")
        confirm = services.stack.top
        send(services, I.click(confirm.yes_button.rect.center))
        assert self.quits == [1]
        assert services.stack.top is table  # the pause menu left with the question

    def test_quit_by_keyboard(self, services, table):
        self.make(services, table)
        send(services, I.move(0, 1), I.move(0, 1), I.move(0, 1), I.simple(I.CONFIRM))
        confirm = services.stack.top
        assert isinstance(confirm, ConfirmScene)
        send(services, I.move(1, 0), I.simple(I.CONFIRM))
        assert self.quits == [1]


# --- rules -----------------------------------------------------------------------------------
class TestRules:
    @pytest.mark.parametrize("game_id", list(GAMES))
    def test_every_game_has_a_summary(self, game_id):
        text = rules_text(game_id)
        blocks = parse(text)
        assert blocks[0].kind == "h1" and blocks[0].text == GAMES[game_id].name
        headings = [b.text for b in blocks if b.kind == "h2"]
        assert "Controls" in headings
        assert any("end" in h.lower() for h in headings)
        assert "F1" in text and "Esc" in text
        assert sum(1 for b in blocks if b.kind == "li") >= 5

    def test_colorado_mentions_turning_cards(self):
        text = rules_text("colorado")
        assert "**R**" in text and "wheel" in text

    def test_oregon_explains_the_start_tile_step(self):
        blocks = parse(rules_text("oregon"))
        headings = [b.text for b in blocks if b.kind == "h2"]
        step = headings.index("Before the first turn")
        assert step < headings.index("Your turn")
        i = blocks.index(next(b for b in blocks if b.text == "Before the first turn"))
        text = blocks[i + 1].text.lower()
        for words in ("start tile", "random", "turn order", "any empty cell", "scores nothing",
                      "building stacks"):
            assert words in text, words

    def test_loaded_from_the_package_not_the_working_directory(self, tmp_path, monkeypatch):
        monkeypatch.chdir(tmp_path)
        assert rules_text("oregon").startswith("# Oregon")

    def test_unknown_game_gets_a_note(self):
        assert "no rules summary" in rules_text("nosuchgame")

    def test_markdown_subset(self):
        blocks = parse(
            "# Title\n\nOne line\nand the next.\n\n## Part\n- **Bold** lead, then text\n"
            "  continued\n  - nested\n- second\n"
        )
        kinds = [(b.kind, b.level) for b in blocks]
        assert kinds == [("h1", 0), ("p", 0), ("h2", 0), ("li", 0), ("li", 1), ("li", 0)]
        assert blocks[1].text == "One line and the next."
        assert blocks[3].text == "**Bold** lead, then text continued"
        words = runs(blocks[3].text)
        assert words[0] == ("Bold", True, False)
        assert words[1] == ("lead,", False, True)
        assert runs("**Pass to …**, hand")[3] == (",", False, False)  # no space before ","

    def test_body_text_reads_from_a_sofa(self):
        assert BODY >= 28

    @pytest.mark.parametrize("game_id", list(GAMES))
    def test_opens_scrolls_and_draws(self, services, table, display, game_id):
        rules = push(services, RulesOverlay(services, game_id))
        assert rules.max_offset > 0  # longer than one screen
        assert rules.offset == 0
        frames(services, display, 60)
        send(services, I.move(0, 1))
        assert rules.offset > 0
        frames(services, display, 30)
        assert rules._shown == pytest.approx(rules.offset, abs=1)

    def test_scroll_is_clamped(self, services, table):
        rules = push(services, RulesOverlay(services, "oregon"))
        send(services, I.wheel(1), I.move(0, -1))  # up, at the top already
        assert rules.offset == 0
        send(services, I.wheel(-1))
        first = rules.offset
        assert first > 0
        send(services, I.key(pygame.K_END))
        assert rules.offset == rules.max_offset
        send(services, I.move(0, 1), I.wheel(-1), I.rotate(1))
        assert rules.offset == rules.max_offset
        send(services, I.key(pygame.K_HOME))
        assert rules.offset == 0

    def test_page_keys(self, services, table):
        rules = push(services, RulesOverlay(services, "colorado"))
        send(services, I.rotate(1))  # Page Down (and the pad's right shoulder)
        page = rules.offset
        assert page > rules.view.height / 2
        send(services, I.rotate(-1))
        assert rules.offset == 0

    def test_drag_text_and_scroll_bar(self, services, table):
        rules = push(services, RulesOverlay(services, "oasis"))
        v = rules.view
        send(services, I.click(v.center), I.point((v.centerx, v.centery - 200), held=True))
        assert rules.offset == pytest.approx(200)
        send(services, I.release((v.centerx, v.centery - 200)))
        send(services, I.point((v.centerx, v.centery - 400), held=False))
        assert rules.offset == pytest.approx(200)  # no longer dragging
        t = rules.track
        send(services, I.click((t.centerx, t.bottom - 1)))
        assert rules.offset == rules.max_offset
        send(services, I.point((t.centerx, t.top), held=True), I.release((t.centerx, t.top)))
        assert rules.offset == 0

    @pytest.mark.parametrize(
        "intent",
        [I.simple(I.BACK), I.simple(I.MENU), I.key(pygame.K_F1), I.simple(I.CONFIRM)],
        ids=["back", "menu", "f1", "close-button"],
    )
    def test_closes(self, services, table, intent):
        push(services, RulesOverlay(services, "oregon"))
        send(services, intent)
        assert services.stack.top is table
        assert not table.intents

    def test_close_button_click(self, services, table):
        rules = push(services, RulesOverlay(services, "oregon"))
        send(services, I.click(rules.close_button.rect.center))
        assert services.stack.top is table


# --- hand-off --------------------------------------------------------------------------------
class TestHandoff:
    def make(self, services, **kw):
        self.calls = []
        return push(
            services,
            Handoff(
                services, "Blue", 1, "Your turn", on_continue=lambda: self.calls.append(1), **kw
            ),
        )

    def test_opaque_hides_the_table(self, services, table, display):
        h = self.make(services)
        assert h.opaque
        assert services.stack.visible() == [h]
        frames(services, display, 60)

    def test_ignores_early_input_then_continues(self, services, table):
        h = self.make(services)
        send(services, I.click((960, 540)), I.simple(I.CONFIRM))
        assert services.stack.top is h and self.calls == []
        h.update(GRACE * 0.5)
        send(services, I.key(pygame.K_a))
        assert services.stack.top is h and self.calls == []
        assert not table.intents  # swallowed, never reaching the hidden table
        h.update(GRACE)
        send(services, I.click((100, 100)), I.text("a"))  # a second intent in the same frame
        assert self.calls == [1]
        assert services.stack.top is table
        assert not table.intents

    @pytest.mark.parametrize(
        "intent",
        [
            I.simple(I.CONFIRM),
            I.simple(I.BACK),
            I.simple(I.MENU, I.PAD),
            I.key("pad_x", source=I.PAD),
            I.key(pygame.K_SPACE),
            I.click((5, 5), button=3),
            I.move(0, 1, I.PAD),
            I.rotate(1, I.PAD),
        ],
    )
    def test_any_key_click_or_button(self, services, table, intent):
        h = self.make(services)
        h.update(GRACE + 0.01)
        send(services, intent)
        assert self.calls == [1] and services.stack.top is table

    @pytest.mark.parametrize(
        "intent",
        [I.point((300, 300)), I.release((300, 300)), I.wheel(1), I.move(1, 0, repeat=True)],
    )
    def test_pointer_moves_do_not_continue(self, services, table, intent):
        h = self.make(services)
        h.update(1.0)
        send(services, intent)
        assert self.calls == [] and services.stack.top is h

    def test_long_message_wraps(self, services, table, display):
        long = "Hand the screen over; the cards in hand stay hidden until then. " * 2
        h = push(services, Handoff(services, "Blue", 1, long))
        one = push(services, Handoff(services, "Blue", 1, "Your turn"))
        assert h._texts[1].get_height() > 1.5 * one._texts[1].get_height()
        assert h._texts[1].get_width() <= 1400
        frames(services, display, 30)

    def test_without_callback(self, services, table, display):
        h = push(services, Handoff(services, "Anna", 4))
        frames(services, display, 30)
        send(services, I.simple(I.CONFIRM))
        assert services.stack.top is table
        assert not h.message


# --- results ---------------------------------------------------------------------------------
COLUMNS = ["Track", "Coal", "Gold", "Farmers on board"]


def oregon_rows():
    return [
        ResultRow("Yellow", 0, 3, 51, {"Track": 45, "Coal": 2, "Gold": 4, "Farmers on board": 13}),
        ResultRow(
            "Blue", 1, 1, 58, {"Track": 50, "Coal": 3, "Gold": 5, "Farmers on board": 12}, True
        ),
        ResultRow(
            "Red", 3, 1, 58, {"Track": 46, "Coal": 4, "Gold": 8, "Farmers on board": 12}, True
        ),
        ResultRow("Green", 2, 4, 39, {"Track": 39, "Coal": 0, "Gold": "–", "Farmers on board": 14}),
    ]


class TestResults:
    def make(self, services, rows=None, columns=COLUMNS):
        self.again, self.menu = [], []
        self.sounds = []
        services.audio.play = lambda name, volume=1.0: self.sounds.append(name)
        scene = ResultsScene(
            services,
            "Oregon",
            rows or oregon_rows(),
            lambda: self.again.append(1),
            lambda: self.menu.append(1),
            columns,
        )
        services.stack.reset(scene)
        services.stack.apply_pending()
        return scene

    def test_shared_win(self, services):
        scene = self.make(services)
        assert scene.opaque and scene.shared
        assert [r.rank for r in scene.rows] == [1, 1, 3, 4]
        assert headline(scene.rows) == "Shared win: Blue & Red"
        assert scene.columns == COLUMNS

    def test_single_winner_headline_and_ordinals(self):
        rows = [ResultRow("Anna", 0, 1, 10, {}, True), ResultRow("Bo", 1, 2, 5, {})]
        assert headline(rows) == "Anna wins!"
        assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 21)] == [
            "1st", "2nd", "3rd", "4th", "11th", "12th", "21st"
        ]  # fmt: skip

    def test_totals_count_up_then_celebrate_once(self, services, display):
        scene = self.make(services)
        frames(services, display, 60)
        assert scene.counting and not scene.celebrated
        shown = [round(c.value) for c in scene.counts]
        assert all(0 <= v <= r.total for v, r in zip(shown, scene.rows, strict=True))
        frames(services, display, 150)
        assert scene.celebrated and scene.particles.busy
        assert [round(c.value) for c in scene.counts] == [r.total for r in scene.rows]
        frames(services, display, 120)
        assert self.sounds.count("fanfare") == 1

    def test_confirm_skips_the_count_then_plays_again(self, services):
        scene = self.make(services)
        send(services, I.simple(I.CONFIRM))
        assert scene.celebrated and self.again == []
        assert self.sounds.count("fanfare") == 1
        send(services, I.simple(I.CONFIRM))
        assert self.again == [1] and self.menu == []
        send(services, I.simple(I.CONFIRM))
        assert self.again == [1]  # once only

    def test_menu_by_click(self, services):
        scene = self.make(services)
        send(services, I.click((10, 10)))  # skips the count
        send(services, I.click(scene.menu_button.rect.center))
        assert self.menu == [1] and self.again == []

    def test_back_moves_to_menu_button_then_confirm(self, services):
        scene = self.make(services)
        scene.skip_intro()
        send(services, I.simple(I.BACK))
        assert scene.group.focused is scene.menu_button and self.menu == []
        send(services, I.simple(I.CONFIRM))
        assert self.menu == [1]

    def test_keyboard_focus_moves_between_buttons(self, services):
        scene = self.make(services)
        scene.skip_intro()
        assert scene.group.focused is scene.again_button
        send(services, I.move(1, 0))
        assert scene.group.focused is scene.menu_button
        send(services, I.move(-1, 0), I.simple(I.CONFIRM))
        assert self.again == [1]

    def test_many_columns_and_five_players_fit(self, services, display):
        cols = ["Borders", "Lakes", "Doubles", "Big domain", "Round bonus", "Cubes on board"]
        rows = [
            ResultRow(f"Player {i}", i, i + 1, 80 - i, {c: i * 3 for c in cols}, i == 0)
            for i in range(5)
        ]
        scene = self.make(services, rows, cols)
        assert scene.scores.rect.width <= 1800
        assert scene.scores.rect.bottom < scene.again_button.rect.top
        frames(services, display, 60)

    def test_columns_default_to_the_breakdown_keys(self, services):
        scene = self.make(services, columns=None)
        assert scene.columns == COLUMNS
