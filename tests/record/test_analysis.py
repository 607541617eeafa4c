"""``tablier analyse``: records judged move by move, stored with the record, shown in the exports."""

from __future__ import annotations

import json
import os
import random
import sqlite3
from pathlib import Path

import pytest

from tablier.cli import main
from tablier.engines import LEVELS
from tablier.engines.profiles import BACKGAMMON_THRESHOLDS
from tablier.record.analysing import analyse_game
from tablier.record.archive import SCHEMA_VERSION, Archive
from tablier.record.eventlog import Commit, DiceRecord, GameStart, Header, ResultRecord
from tablier.record.game_record import DRAUGHTS, MOVE, PLAY, TABLES, Action, GameRecord, Record, RecordError
from tablier.record.json_format import dumps, loads
from tablier.record.log_writer import EventLogWriter
from tablier.record.svg_diagram import ARROW
from tablier.tables.catalog import make_variant
from tablier.tables.moves import Dice
from tablier.tables.notation import format_play
from tablier.tables.position_text import format_position

ENGLISH_GAMES = Path(os.environ["TABLIER_SHARED"], "corpora/draughts/english/OCA_2.0_excerpt_wiegerw.pdn")
MOVE_KEYS = {"number", "side", "played", "best", "loss", "mark", "choices"}


def _jacquet_log(path: Path, plies: int = 16, seed: int = 5) -> Path:
    """An event log of a Jacquet game as the board writes one (random plays, one bad on purpose)."""
    rng = random.Random(seed)
    variant = make_variant("jacquet")
    position = variant.start_position()
    with EventLogWriter(path, clock=lambda: 1795955405.0) as log:
        log.write(Header(game="jacquet", family="tables", options={}, players=("Ann", "Bob"),
                         started="2026-11-29T12:30:05Z", port="sim"))
        log.write(GameStart(number=1, sides=("Ann", "Bob"), position=format_position(position)))
        for ply in range(1, plies + 1):
            side = position.turn
            dice = Dice(rng.randint(1, 6), rng.randint(1, 6))
            log.write(DiceRecord(player=side, dice=list(dice)))
            play = rng.choice(variant.plays(position, dice))
            position = variant.after(position, play)
            log.write(Commit(ply=ply, player=side, notation=format_play(play) if play else "-",
                             position=format_position(position), dice=list(dice)))
        log.write(ResultRecord(winner=0, how="resigned", points=1, score=(1, 0)))
    return path


def _backgammon_blunder() -> Record:
    """Black opens 3-1 with 6/2 (the book play is 8/5 6/5), then two sound plays."""
    game = GameRecord(players=("Ann", "Bob"), actions=[
        Action(0, PLAY, (3, 1), ((6, 3, 0), (3, 2, 0))),
        Action(1, PLAY, (4, 2), ((8, 4, 0), (6, 4, 0))),
        Action(0, PLAY, (6, 5), ((13, 7, 0), (7, 2, 0)))])
    return Record(game="backgammon", family=TABLES, games=[game], source="blunder.json")


def _draughts_blunder() -> Record:
    """Black gives a man away: 15-18 lets 22x15, where 5-9 keeps the men even."""
    game = GameRecord(players=("Ann", "Bob"), start="B:W22,30:B15,5",
                      actions=[Action(0, MOVE, moves=((15, 18),)), Action(1, MOVE, moves=((22, 15),))])
    return Record(game="english", family=DRAUGHTS, games=[game], source="blunder.json")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_a_backgammon_blunder_is_marked_with_gnubgs_best_play() -> None:
    pytest.importorskip("gnubg", reason="GNU Backgammon is not installed (pip install 'tablier[engine]')")
    record = _backgammon_blunder()
    analysis = analyse_game(record, record.games[0], LEVELS[0])
    first, second, third = analysis.moves
    assert (analysis.engine, analysis.thresholds.unit) == ("gnubg", "equity")
    assert first.mark == "blunder" and first.best == "8/5 6/5" and first.loss >= 0.16
    assert all(move.loss >= 0 and move.luck is not None for move in analysis.moves)
    black, white = analysis.players()
    assert black.blunders == 1 and black.moves == 2 and white.blunders == 0
    assert second.loss < BACKGAMMON_THRESHOLDS.inaccuracy and third.loss < BACKGAMMON_THRESHOLDS.inaccuracy
    assert black.luck == pytest.approx(sum(move.luck or 0 for move in (first, third)))


def test_a_jacquet_log_is_analysed_with_the_luck_of_every_throw(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    log = _jacquet_log(tmp_path / "jacquet.jsonl")
    status, out, err = _run(capsys, "analyse", str(log), "--level", "1", "--json")
    assert status == 0, err
    data = json.loads(out)
    assert set(data) == {"level", "stored", "games"} and data["level"] == 1 and data["stored"] is False
    [game] = data["games"]
    assert set(game) == {"record", "source", "id", "number", "players", "analysis"}
    analysis = game["analysis"]
    assert set(analysis) == {"game", "engine", "level", "unit", "thresholds", "moves", "summary"}
    assert (analysis["game"], analysis["engine"], analysis["unit"]) == ("jacquet", "expectimax",
                                                                        "evaluation points")
    assert set(analysis["thresholds"]) == {"inaccuracy", "mistake", "blunder"}
    assert len(analysis["moves"]) == 16
    for move in analysis["moves"]:
        assert set(move) == MOVE_KEYS | {"luck"} and move["loss"] >= 0
        assert move["mark"] in ("", "inaccuracy", "mistake", "blunder")
    for side, summary in enumerate(analysis["summary"]):
        lucks = [move["luck"] for move in analysis["moves"] if move["side"] == side]
        assert summary["luck"] == pytest.approx(sum(lucks), abs=1e-3)
    assert any(move["loss"] > 0 for move in analysis["moves"])  # random plays are not all the best


def test_the_table_names_each_move_its_loss_and_each_player(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    log = _jacquet_log(tmp_path / "jacquet.jsonl", plies=6)
    status, out, _ = _run(capsys, "analyse", str(log), "--level", "1")
    assert status == 0
    assert "Judged by expectimax over the throws, level 1" in out
    assert "  black (Ann): " in out and "error rate" in out and "luck" in out
    assert len([line for line in out.splitlines() if line[:4].strip().isdigit()]) == 6


def test_our_tables_engine_says_it_analyses_at_level_3_at_most(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    log = _jacquet_log(tmp_path / "jacquet.jsonl", plies=3)
    status, out, err = _run(capsys, "analyse", str(log), "--level", "4", "--json")
    assert status == 0
    assert json.loads(out)["games"][0]["analysis"]["level"] == 3
    assert err == ("tablier analyse: game 1: expectimax over the throws analyses at level 3 at most "
                   "(deeper takes a minute or more a move)\n")


@pytest.mark.skipif(not ENGLISH_GAMES.is_file(), reason="the PDN corpora are not here")
def test_an_english_game_from_the_corpora_is_judged(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "analyse", str(ENGLISH_GAMES), "--game-number", "1", "--level", "1",
                            "--json")
    assert status == 0, err
    [game] = json.loads(out)["games"]
    assert game["players"] == ["Moorhead, W.", "Wyllie, J."]
    moves = game["analysis"]["moves"]
    assert len(moves) == 44 and game["analysis"]["unit"] == "hundredths of a man"
    assert all(set(move) == MOVE_KEYS and move["loss"] >= 0 for move in moves)  # no luck in draughts


def test_a_draughts_blunder_is_stored_and_shown_by_the_archive_and_every_export(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "blunder.json"
    source.write_text(dumps(_draughts_blunder()))
    archive = str(tmp_path / "archive.sqlite3")
    status, out, err = _run(capsys, "analyse", str(source), "--store", "--archive", archive, "--level", "1")
    assert status == 0, err
    assert "?? blunder" in out and "stored with record 1 in the archive" in out
    status, shown, _ = _run(capsys, "archive", "show", "1", "--archive", archive)
    assert status == 0
    assert "1. 15-18??" in shown and "15-18: loss " in shown and "?? blunder, better 5-9" in shown
    assert "black (Ann): 1 move with a choice" in shown
    for fmt in ("txt", "json", "html"):
        assert _run(capsys, "export", "--id", "1", "--format", fmt, "--out", str(tmp_path / fmt),
                    "--archive", archive)[0] == 0
    [text] = (tmp_path / "txt").iterdir()
    assert "?? blunder, better 5-9" in text.read_text()
    [exported] = (tmp_path / "json").iterdir()
    again = loads(exported.read_text())
    judged = again.games[0].analysis
    blunder = judged.of_action(1) if judged is not None else None
    assert blunder is not None and (blunder.mark, blunder.best) == ("blunder", "5-9")
    [page] = (tmp_path / "html").iterdir()
    html = page.read_text()
    assert "class=blunder" in html and "better 5-9 (the arrows)" in html
    assert "Analysis: alpha-beta search" in html
    assert ARROW in html and html.count("stroke-dasharray") == 1  # the better move, drawn once


def test_analysing_an_archived_record_stores_it_and_an_old_archive_stays_readable(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "archive.sqlite3"
    with Archive(path) as archive:
        record_id = archive.add(_draughts_blunder())
    with sqlite3.connect(path) as db:  # as an archive made before analyses were kept
        db.execute("DROP TABLE analyses")
        db.execute("PRAGMA user_version = 0")
    status, out, err = _run(capsys, "analyse", str(record_id), "--store", "--archive", str(path),
                            "--level", "1", "--json")
    assert status == 0, err
    assert json.loads(out)["games"][0]["id"] == record_id
    with Archive(path) as archive:
        assert archive.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        analysis = archive.get(record_id).games[0].analysis
        assert analysis is not None and analysis.players()[0].blunders == 1
        assert archive.add(_draughts_blunder()) == record_id  # the analysis is no part of the content
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(RecordError, match="made by a newer Tablier"):
        Archive(path)


@pytest.mark.parametrize("content", ["hello, not a record\n", '{"format": "tablier-record", "version": 1}'])
def test_a_record_that_cannot_be_read_is_one_line_and_exit_2(tmp_path: Path, content: str,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.json"
    path.write_text(content)
    for argv in ([str(path)], [str(tmp_path / "missing.mat")], ["999", "--archive", str(tmp_path / "a.db")],
                 [str(path), "--level", "9"]):
        status, out, err = _run(capsys, "analyse", *argv)
        assert status == 2 and out == ""
        assert err.startswith("tablier analyse: ") and err.count("\n") == 1 and "Traceback" not in err


def test_no_such_game_is_named_and_an_interruption_stores_nothing(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    log = _jacquet_log(tmp_path / "jacquet.jsonl", plies=4)
    status, _, err = _run(capsys, "analyse", str(log), "--game-number", "3")
    assert status == 2 and "no game 3 in the record (its games: 1)" in err

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("tablier.record.analysing.analyse_game", interrupted)
    archive = tmp_path / "archive.sqlite3"
    status, _, err = _run(capsys, "analyse", str(log), "--store", "--archive", str(archive))
    assert status == 130 and err == "tablier analyse: interrupted after 0 of 4 moves; nothing was stored\n"
    assert not archive.exists()


@pytest.mark.full
def test_a_jacquet_demo_on_the_simulated_board_is_analysed_at_the_default_level(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--game", "jacquet", "--seed", "3", "--fast", "--log-dir", str(tmp_path)]) == 0
    capsys.readouterr()
    [log] = tmp_path.glob("*.jsonl")
    status, out, err = _run(capsys, "analyse", str(log), "--json")
    assert status == 0, err
    [game] = json.loads(out)["games"]
    assert len(game["analysis"]["moves"]) > 20
    assert all(move["loss"] >= 0 for move in game["analysis"]["moves"])
