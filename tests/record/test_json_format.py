"""Tablier's JSON record format: full fidelity for every game, clear messages for bad files."""

from __future__ import annotations

import json
import re

import pytest
from record_factory import DRAUGHTS_GAMES, TABLES_GAMES, draughts_record, tables_record

from tablier.record.game_record import CLAIM, VIE, RecordError
from tablier.record.json_format import dumps, from_json, loads, to_json
from tablier.record.replay import check_record


@pytest.mark.parametrize("game", TABLES_GAMES)
def test_every_tables_game_round_trips(game: str) -> None:
    record = tables_record(game, seed=5, games=2)
    again = loads(dumps(record))
    assert again == record
    check_record(again)


@pytest.mark.parametrize("game", DRAUGHTS_GAMES)
def test_every_draughts_game_round_trips(game: str) -> None:
    record = draughts_record(game, seed=5)
    assert loads(dumps(record)) == record


def test_a_set_up_draughts_game_keeps_its_fen() -> None:
    record = draughts_record("english", seed=2, fen="B:W18,22,K30:B5,9,K14")
    again = loads(dumps(record))
    assert again.games[0].start == "B:W18,22,K30:B5,9,K14"
    check_record(again)


def test_ticktack_claims_and_vies_are_kept() -> None:
    record = tables_record("ticktack", seed=1)
    data = to_json(record)
    kinds = [action["kind"] for action in data["games"][0]["actions"]]
    assert CLAIM in kinds and VIE in kinds
    claim = next(a for a in data["games"][0]["actions"] if a["kind"] == CLAIM)
    assert "why-not" in claim["note"]


def test_plays_carry_their_notation_for_people() -> None:
    data = to_json(tables_record("backgammon", seed=1))
    play = next(a for a in data["games"][0]["actions"] if a["kind"] == "play" and a["moves"])
    assert "/" in play["text"]
    draughts = to_json(draughts_record("english", seed=1))
    assert draughts["games"][0]["actions"][0]["text"].count("-") == 1


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(format="other"), "not a Tablier record"),
    (lambda d: d.update(version=99), "newer than this Tablier reads"),
    (lambda d: d["games"][0].update(players="Ann"), "games[0].players should be a list"),
    (lambda d: d["games"][0]["actions"][0].update(dice=["5", 2]),
     "games[0].actions[0].dice should be a whole number"),
    (lambda d: d["games"][0]["actions"][0].update(kind="jump"), "unknown action 'jump'"),
    (lambda d: d["games"][0]["actions"][0].update(side=2), "side 2 is not 0"),
])
def test_malformed_records_say_what_and_where(change: object, message: str) -> None:
    data = to_json(tables_record("backgammon", seed=1))
    change(data)  # type: ignore[operator]
    with pytest.raises(RecordError, match=re.escape(message)):
        from_json(json.loads(json.dumps(data)), "bad.json")


def test_not_json_at_all() -> None:
    with pytest.raises(RecordError, match=r"bad\.json: not JSON"):
        loads("{oops", "bad.json")


def test_an_illegal_play_in_json_is_caught_by_the_replay() -> None:
    data = to_json(tables_record("backgammon", seed=1))
    first = data["games"][0]["actions"][0]
    first["moves"] = [[24, 10, 0]]
    with pytest.raises(RecordError, match="game 1, action 1: 24/10 is not a legal play"):
        check_record(from_json(data))


def test_a_die_handed_over_in_versailles() -> None:
    from tablier.record.game_record import PLAY, Action, GameRecord, Record
    from tablier.tables.catalog import make_variant

    variant = make_variant("versailles")
    start = variant.start_position()
    [first] = variant.plays_of_steps(start, (5,))[:1]
    after = variant.after(start, first)
    [second] = variant.plays_of_steps(after.with_turn(0), (3,))[:1]
    record = Record(game="versailles", family="tables")
    record.games.append(GameRecord(actions=[
        Action(0, PLAY, (5,), tuple((m.src, m.dst, int(m.hit)) for m in first)),
        Action(0, PLAY, (3,), tuple((m.src, m.dst, int(m.hit)) for m in second))]))
    again = loads(dumps(record))
    check_record(again)  # one side may play twice running in Versailles
    record.game = "jacquet"
    with pytest.raises(RecordError, match="black plays twice running"):
        check_record(record)
