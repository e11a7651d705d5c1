"""Details that follow the language: a seat called by its colour's name is called by it in
the language spoken now, at a table already open (a typed name stays as typed); a slider's
percentage is written as the language writes it."""

from dataclasses import replace

from game.registry import GAMES
from game.scenes import table as table_mod
from game.seats import parse_players


def test_colour_names_at_the_table_follow_a_change_of_language(services):
    seats = parse_players("human,bot:easy", GAMES["oregon"])
    seats[1] = replace(seats[1], name="Bob")
    scene = table_mod.open_table(services, "oregon", seats, 3)
    services.stack.reset(scene)
    services.stack.apply_pending()
    assert scene.names == ["Yellow", "Bob"]
    services.set_language("it")
    assert scene.names == ["Giallo", "Bob"] and scene.seats[0].name == "Giallo"
    assert scene.log.names is scene.names  # the log writes its lines with the new name
    services.set_language("fr")
    assert scene.names == ["Jaune", "Bob"]


def test_a_slider_writes_its_percentage_as_the_language_does(display):
    from game import i18n
    from game.ui.rows import Slider

    slider = Slider((0, 0, 1000, 90), "Music", 0.8)
    assert slider.fmt(slider.value) == "80%"
    i18n.set_language("fr")
    assert slider.fmt(slider.value) == "80 %"  # French puts a space before the sign
