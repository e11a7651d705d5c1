"""A seat called by its colour's name is called by it in the language spoken now, at a table
already open; a name someone typed stays as typed."""

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
