"""The protocol's own rules, without a network: what a client message must be, how a
sentence and an event cross the wire, and that the server's side runs without pygame."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from net_tables import ROOT

from game.engine.events import Event
from game.engine.messages import N_, P, localized, say
from game.net import protocol
from game.net.protocol import BadMessage, parse


def msg(**fields) -> str:
    return json.dumps({"seq": 5, **fields})


@pytest.mark.parametrize("text,problem", [
    ("{not json", "not JSON"),
    ("[1, 2]", "not a JSON object"),
    (msg(type="dance"), "unknown message type"),
    (msg(type="act", table="ABC", seat=0, action={}), "act needs own_moves"),
    (msg(type="act", table="ABC", seat=True, action={}, own_moves=0), "act needs seat"),
    (msg(type="sit", table="ABC", seat=0, token=7), "sit needs token"),
    (json.dumps({"type": "watch", "table": "ABC", "seq": 4}), "out of sequence"),
    (json.dumps({"type": "watch", "table": "ABC"}), "out of sequence"),
    ("[" * 60000, "not JSON"),
    (msg(type="chat", text="x" * protocol.MAX_MESSAGE_BYTES), "too long"),
    (b"\x00binary", "JSON text"),
])
def test_a_bad_message_is_refused_with_its_reason(text, problem):
    with pytest.raises(BadMessage, match=problem):
        parse(text, last_seq=4)


def test_a_good_message_is_read_and_extra_fields_are_ignored():
    m = parse(msg(type="watch", table="abc", extra=1), last_seq=4)
    assert m["table"] == "abc" and m["seq"] == 5


def test_a_sentence_crosses_the_wire_and_is_read_in_the_players_language():
    reason = say(N_("it is not player {n}'s turn to act"), n=2)
    wire = json.loads(json.dumps(protocol.encode_sentence(reason)))
    back = protocol.decode_sentence(wire)
    assert back == reason and localized(back, language="en") == str(reason)
    assert localized(back, language="fr") != str(reason)  # translated on the client
    assert protocol.decode_sentence({"msg": "{missing} here", "args": {"x": 1}}) == \
        protocol.UNREADABLE
    assert protocol.decode_sentence("garbage") == protocol.UNREADABLE


def test_an_event_is_encoded_as_the_viewer_may_see_it():
    drew = Event("drew", N_("{player} draws a {tile} tile"), 0, {"tile": "red"},
                 private_to=0, public_msg=N_("{player} draws a tile"),
                 args={"player": P(0, "Blue"), "tile": "red"},
                 public_args={"player": P(0, "Blue")}, public_data={})
    own = protocol.encode_event(drew, 0)
    other = protocol.encode_event(drew, 1)
    watcher = protocol.encode_event(drew, None)
    assert own["data"] == {"tile": "red"} and own["private_to"] == 0
    assert other == watcher and "red" not in json.dumps(other)
    assert "private_to" not in other and "public" not in other
    assert own["public"] == {"msg": other["msg"], "args": other["args"], "data": other["data"]}
    # the seat's own copy reads to anyone else as the others' copy does
    mine = protocol.decode_event(json.loads(json.dumps(own)))
    assert mine.seen_by(1).text_for(1) == drew.text_for(1) and mine.text_for(0) == drew.text_for(0)
    assert mine.seen_by(None).data == {}
    back = protocol.decode_event(json.loads(json.dumps(other)))
    assert back.text_for(1) == drew.text_for(1)


def test_tokens_and_codes():
    tokens = {protocol.new_token() for _ in range(50)}
    assert len(tokens) == 50 and all(len(t) >= 22 for t in tokens)  # 128 bits
    code = protocol.new_table_code()
    assert len(code) == protocol.CODE_LENGTH
    assert protocol.normal_code(f" {code.lower()[:3]}-{code[3:]} ") == code


def test_the_server_and_the_client_connection_run_without_pygame():
    probe = ("import sys, game.server.cli, game.net.client\n"
             "from game.registry import GAMES\n"
             "from game.bots import make_bot\n"
             "for g, info in GAMES.items():\n"
             "    state = info.new(info.min_players, 1)\n"
             "    make_bot(g, 'normal', 1).choose(state.view(state.to_act()[0]),\n"
             "                                    state.legal_actions(state.to_act()[0]))\n"
             "print('pygame' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, env={"PYTHONPATH": str(ROOT)})
    assert out.stdout.strip() == "False", out.stderr
