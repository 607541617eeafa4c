"""Records built from the raw event log of a game played on the board (``docs/log-format.md``)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tablier.draughts.catalog import make_board
from tablier.record.eventlog import (
    Claim,
    Commit,
    CubeAction,
    DiceRecord,
    GameStart,
    Header,
    Message,
    ResultRecord,
    SwitchEvent,
    Vie,
)
from tablier.record.from_log import read_event_log
from tablier.record.game_record import CLAIM, DOUBLE, MOVE, PLAY, RESIGN, TAKE, VIE, RecordError
from tablier.record.importing import read_records
from tablier.record.log_writer import EventLogWriter
from tablier.record.replay import check_record
from tablier.tables.catalog import make_variant
from tablier.tables.moves import Dice
from tablier.tables.notation import format_play
from tablier.tables.position_text import format_position


def _tables_log(path: Path, game: str, seed: int, plies: int = 30) -> list[str]:
    rng = random.Random(seed)
    variant = make_variant(game, {"cube": "yes"} if game == "backgammon" else {})
    position = variant.start_position()
    notations = []
    with EventLogWriter(path, clock=lambda: 1795955405.0) as log:
        log.write(Header(game=game, family="tables", options={"cube": "yes"} if game == "backgammon" else {},
                         players=("Ann", "Bob"), started="2026-11-29T12:30:05Z", port="sim"))
        log.write(GameStart(number=1, sides=("Ann", "Bob"), position=format_position(position)))
        for ply in range(1, plies + 1):
            side = position.turn
            if game == "backgammon" and ply == 5:
                log.write(CubeAction(player=side, action="double", value=2))
                log.write(CubeAction(player=1 - side, action="take", value=2))
            if game == "ticktack" and ply == 3:
                log.write(Vie(player=side, action="vie", stake=2))
                log.write(Claim(player=1 - side, claim="why-not", detail="a hit was missed", accepted=False))
            dice = Dice(rng.randint(1, 6), rng.randint(1, 6))
            log.write(DiceRecord(player=side, dice=list(dice)))
            log.write(SwitchEvent(switch=40, closed=False, seq=ply, place="point 13 slot 1"))
            play = rng.choice(variant.plays(position, dice))
            position = variant.after(position, play)
            notation = format_play(play) if play else "-"
            notations.append(notation)
            log.write(Commit(ply=ply, player=side, notation=notation, position=format_position(position),
                             dice=list(dice)))
            if variant.result(position):
                break
        log.write(Claim(player=position.turn, claim="resign", detail="1 point"))
        log.write(ResultRecord(winner=1 - position.turn, how="resigned", points=1, score=(1, 0)))
        log.write(Message(text="game over"))
    return notations


@pytest.mark.parametrize("game", ["backgammon", "jacquet", "ticktack", "spanish"])
def test_a_tables_log_becomes_a_record(tmp_path: Path, game: str) -> None:
    path = tmp_path / "game.jsonl"
    notations = _tables_log(path, game, seed=4)
    record = read_event_log(path)
    check_record(record)
    assert record.game == game and record.date == "2026-11-29" and record.log == path.read_text()
    actions = record.games[0].actions
    assert len([a for a in actions if a.kind == PLAY]) == len(notations)
    assert actions[-1].kind == RESIGN
    assert record.games[0].outcome is not None and record.games[0].outcome.how == "resigned"
    kinds = {a.kind for a in actions}
    if game == "backgammon":
        assert {DOUBLE, TAKE} <= kinds
    if game == "ticktack":
        assert {VIE, CLAIM} <= kinds
        claim = next(a for a in actions if a.kind == CLAIM)
        assert claim.note == "why-not: a hit was missed (not upheld)"


def test_a_draughts_log_and_its_import(tmp_path: Path) -> None:
    path = tmp_path / "english.jsonl"
    board = make_board("english")
    with EventLogWriter(path) as log:
        log.write(Header(game="english", family="draughts", players=("Ann", "Bob")))
        log.write(GameStart(number=1, sides=("Ann", "Bob"), position=board.fen()))
        for ply, text in enumerate(["11-15", "23-19", "8-11", "22-17"], start=1):
            move = board.parse_move(text)
            player = int(board.turn)
            board.push(move)
            log.write(Commit(ply=ply, player=player, notation=text, position=board.fen()))
    loaded = read_records(path)
    [record] = loaded.records
    paths = [action.moves[0] for action in record.games[0].actions if action.kind == MOVE]
    assert paths == [(11, 15), (23, 19), (8, 11), (22, 17)]


def test_a_torn_last_line_loses_nothing_committed(tmp_path: Path) -> None:
    path = tmp_path / "crash.jsonl"
    notations = _tables_log(path, "backgammon", seed=2, plies=10)
    with path.open("a") as handle:
        handle.write('{"type":"commit","ply":11,"pla')  # the host died here
    record = read_event_log(path)
    assert len([a for a in record.games[0].actions if a.kind == PLAY]) == len(notations)


def test_a_commit_that_does_not_match_its_position_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    _tables_log(path, "backgammon", seed=1, plies=4)
    lines = path.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if '"commit"' in line and '"ply":2' in line)
    lines[index] = lines[index].replace('"notation":"', '"notation":"24/23 ', 1)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(RecordError, match=r"game 1, move 2 \(24/23 "):
        read_event_log(path)


@pytest.mark.parametrize("game", ["backgammon", "english"])
def test_a_log_written_by_a_game_on_the_simulated_board(tmp_path: Path, game: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    from tablier.cli import main
    from tablier.record.eventlog import read_log

    assert main(["demo", "--game", game, "--seed", "3", "--fast", "--log-dir", str(tmp_path)]) == 0
    capsys.readouterr()
    [path] = tmp_path.glob("*.jsonl")
    record = read_event_log(path)
    check_record(record)
    commits = read_log(path).of(Commit)
    moves = [a for g in record.games for a in g.actions if a.kind in (PLAY, MOVE)]
    assert len(moves) == len(commits) > 10
    assert record.games[-1].outcome is not None
