"""A club evening from one command (``tablier club evening``): the players registered, each Swiss round
paired, each game given to a simulated board over the broker, each result taken from the match the
board published and the club stored, to the final standings; every match stored once, the ratings
updated, the standings and each round's results as CSV; the page shows the round, the pairings and
the standings. (``full``) The evening command killed mid-round goes on with ``--resume``; sixteen
players on eight boards over three rounds survive a board's host killed and started again and two
broker drops."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from harness.clubhouse import ClubServe, club_env
from harness.interrupt import stop
from harness.mosquitto import MosquittoBroker
from tablier.record.archive import Archive
from tablier.tournament.event import Tournament
from tablier.tournament.ratings import archive_ratings

PLAYERS = ["Ann", "Bob", "Cy", "Di"]


def evening(broker: MosquittoBroker, club: str, folder: Path, *options: str, port: int | None = None
            ) -> ClubServe:
    """``tablier club evening`` started (its page on a free port), its lines read as they come."""
    process = subprocess.Popen(
        ["nice", "-n", "5", sys.executable, "-m", "tablier", "club", "evening", "--broker",
         f"mqtt://ann@127.0.0.1:{port or broker.port}", "--club", club, "--serve", "127.0.0.1:0",
         "--archive", str(folder / "club.sqlite3"), "--csv-dir", str(folder / "csv"), *options],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=club_env())
    assert process.stdout is not None
    first = process.stdout.readline()
    assert first.startswith("the club's web page: http://127.0.0.1:"), first + process.stdout.read()
    return ClubServe(process, first.split()[4])


def evening_board(broker: MosquittoBroker, club: str, board: str, log_dir: Path, *extra: str,
                  delay: float = 0.0) -> subprocess.Popen[str]:
    """A simulated board's host of the evening (``tablier play --sim --evening``), at a low priority, its
    output in ``log_dir``/out.txt (a board draws itself after every play: a pipe nobody reads fills)."""
    log_dir.mkdir(parents=True, exist_ok=True)
    with open(log_dir / "out.txt", "a") as out:
            return subprocess.Popen(
            ["nice", "-n", "10", sys.executable, "-m", "tablier", "play", "--sim", "--evening",
             "--no-archive",
             "--club-broker", f"mqtt://ann@127.0.0.1:{broker.port}", "--club", club, "--board", board,
             "--log-dir", str(log_dir), "--hands-delay", str(delay), *extra],
            stdout=out, stderr=subprocess.STDOUT, text=True, env=club_env())


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (a board's host: its simulated board's firmware)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def ended(serve: ClubServe, timeout: float = 300) -> list[str]:
    """The evening command's lines once it has ended by itself (status 0)."""
    serve.process.wait(timeout)
    assert serve.reader is not None
    serve.reader.join(10)
    assert serve.process.returncode == 0, "\n".join(serve.lines)
    return serve.lines


def saved(folder: Path) -> Tournament:
    return Tournament.from_json((folder / "club.evening.json").read_text())


def check_evening(folder: Path, players: list[str], rounds: int) -> Tournament:
    """The evening kept beside the archive is over, each game's match stored once in the archive with
    its players, nobody met twice, the CSV files written and the ratings updated."""
    tournament = saved(folder)
    assert tournament.over and len(tournament.rounds) == rounds
    games = [game for played in tournament.rounds for game in played.games]
    ids = [game.record_id for game in games if not game.bye]
    with Archive(str(folder / "club.sqlite3")) as archive:
        assert sorted(archive.ids()) == sorted(ids)  # every match stored once, each the result of a game
        for game in games:
            if not game.bye:
                assert game.record_id is not None
                assert archive.get(game.record_id).players == [game.first, game.second]
        ratings = archive_ratings(archive)["backgammon"]
    meetings = [frozenset((game.first, game.second)) for game in games if not game.bye]
    assert len(set(meetings)) == len(meetings)  # no rematch
    assert sorted(ratings.players) == sorted(players)
    assert any(line.rating != 1500 for line in ratings.players.values())
    table = list(csv.DictReader(io.StringIO((folder / "csv" / "standings.csv").read_text())))
    assert sorted(row["Name"] for row in table) == sorted(players)
    assert sum(float(row["Points"]) for row in table) == len(players) // 2 * rounds
    assert list(table[0])[:7] == ["Rank", "Name", "Points", "Buchholz Cut 1", "Buchholz", "Sonneborn-Berger",
                                  "Wins"]
    for number in range(1, rounds + 1):
        results = list(csv.DictReader(io.StringIO((folder / "csv" / f"round-{number}.csv").read_text())))
        assert len(results) == len(players) // 2 and all(row["Score"] for row in results)
    return tournament


def test_an_evening_of_four_players_on_two_simulated_boards_runs_from_one_command_to_its_standings(
        broker: MosquittoBroker, tmp_path: Path) -> None:
    serve = evening(broker, "evening-a", tmp_path, "--players", *PLAYERS, "--game", "backgammon",
                    "--match", "1", "--rounds", "2", "--boards", "2", "--clock", "uk",
                    "--simulate", str(tmp_path / "boards"))
    seen: dict[str, Any] = {}
    clocked: dict[str, Any] = {}
    try:
        while serve.process.poll() is None and not (seen and clocked):  # the page, while the evening is on
            grid = serve.grid()
            if not seen and grid.get("evening", {}).get("pairings"):
                seen = grid["evening"]
                standings_file = serve.get("evening/standings.csv").decode()
            clocked = clocked or next((tile for tile in grid.get("boards", []) if tile.get("clock_runs")), {})
            time.sleep(0.1)
        said = ended(serve)
    finally:
        stop(serve.process)
    assert seen, said
    assert seen["clock"] == "uk" and len(clocked["clocks"]) == 2, clocked  # each board's clocks on the page
    assert seen["rounds"] == 2 and seen["tie_breaks"][:2] == ["Buchholz Cut 1", "Buchholz"]
    assert {board["board"] for board in seen["pairings"]} == {"table-1", "table-2"}
    assert sorted(name for board in seen["pairings"] for name in board["players"]) == sorted(PLAYERS)
    assert standings_file.startswith("Rank,Name,Points,Buchholz Cut 1")
    assert "Club evening-a" in said[0] and "round 2 of 2 is paired" in "\n".join(said)
    assert any(line.endswith("is over: the final standings") for line in said)
    tournament = check_evening(tmp_path, PLAYERS, 2)
    for board in ("table-1", "table-2"):  # each board played its two games and stopped with the evening
        assert len(list((tmp_path / "boards" / board).glob("evening-*/*.jsonl"))) == 2
        assert "is over; this board stops" in (tmp_path / "boards" / f"{board}.out").read_text()
    assert [game.board for game in tournament.rounds[1].games] == ["table-1", "table-2"]


@pytest.mark.full
@pytest.mark.timeout(900)
def test_the_evening_command_killed_mid_round_goes_on_with_resume(broker: MosquittoBroker,
                                                                   tmp_path: Path) -> None:
    club = "evening-c"
    boards = [evening_board(broker, club, name, tmp_path / name, delay=0.01)
              for name in ("table-1", "table-2")]
    options = ("--players", *PLAYERS, "--match", "1", "--rounds", "2", "--boards", "2")
    try:
        serve = evening(broker, club, tmp_path, *options)
        serve.wait(lambda grid: any(tile.get("moves", 0) >= 4 for tile in grid["boards"]))
        serve.process.send_signal(signal.SIGKILL)  # the organiser's machine crashed mid-round
        serve.process.wait(10)
        assert saved(tmp_path).rounds and not saved(tmp_path).over
        refused = subprocess.run(
            [sys.executable, "-m", "tablier", "club", "evening", "--broker",
             f"mqtt://ann@127.0.0.1:{broker.port}", "--club", club, "--serve", "127.0.0.1:0",
             "--archive", str(tmp_path / "club.sqlite3"), *options],
            capture_output=True, text=True, env=club_env(), timeout=60)
        assert refused.returncode == 2 and "--resume goes on with it" in refused.stderr  # nothing overwritten
        said = ended(evening(broker, club, tmp_path, "--resume", "--boards", "2"))
        assert any("going on with round" in line for line in said), said
        check_evening(tmp_path, PLAYERS, 2)
        for name, board in zip(("table-1", "table-2"), boards, strict=True):
            board.wait(60)
            assert board.returncode == 0, (tmp_path / name / "out.txt").read_text()[-2000:]
    finally:
        for board in boards:
            stop(board)


@pytest.mark.full
@pytest.mark.timeout(1800)  # 11 to 13 minutes on two cores shared with other test runs
def test_sixteen_players_on_eight_boards_over_three_rounds_survive_a_board_killed_and_two_broker_drops(
        tmp_path: Path) -> None:
    running = MosquittoBroker(tmp_path / "mosquitto")
    running.directory.mkdir()
    running.configure()
    running.start()
    club = "evening-b"
    names = [f"table-{n}" for n in range(1, 9)]
    players = [f"Player {chr(ord('A') + n)}" for n in range(16)]
    boards = {name: evening_board(running, club, name, tmp_path / name, delay=0.02) for name in names}
    serve = evening(running, club, tmp_path, "--players", *players, "--match", "1", "--rounds", "3",
                    "--boards", "8", "--clock", "uk")
    try:
        serve.wait(lambda grid: grid.get("evening", {}).get("round") == 1 and any(
            tile.get("moves", 0) >= 6 for tile in grid["boards"]), timeout=400)
        grid = serve.grid()
        victim = max(grid["boards"],
                     key=lambda tile: 0 if tile.get("over") else tile.get("moves", 0))["board"]
        firmware = children(boards[victim].pid)
        boards[victim].send_signal(signal.SIGKILL)  # the board's host is killed mid-game
        boards[victim].wait(10)
        for pid in firmware:  # its simulated board goes with it (a real one is switched off and on)
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        running.restart(down_s=1.0)  # the first broker drop, while a board is down
        boards[victim] = evening_board(running, club, victim, tmp_path / victim, "--resume", delay=0.02)
        serve.wait(lambda grid: grid.get("evening", {}).get("round") == 2, timeout=600)
        running.restart(down_s=1.0)  # the second, in round 2
        said = ended(serve, timeout=900)
        tournament = check_evening(tmp_path, players, 3)
        assert len([line for line in said if "the broker's link dropped" in line]) >= 2
        boards[victim].wait(60)
        out = (tmp_path / victim / "out.txt").read_text()
        assert "going on with the game of" in out, out[-2000:]  # the killed board went on with its game
        resumed = next(game for game in tournament.rounds[0].games if game.board == victim)
        assert resumed.result is not None
    finally:
        for process in (serve.process, *boards.values()):
            stop(process)
        running.stop()


def test_a_forged_assignment_is_refused_and_a_malformed_one_named(tmp_path: Path) -> None:
    from harness.club_boards import CODE
    from tablier.club.assignments import Assignment, assignment_id
    from tablier.club.messages import GAME, MessageError, assignment_problem, check, club_key, make, topic

    key = club_key(CODE, "night")
    given = Assignment(assignment_id("Night", 1, "table-1", ("Ann", "Bob")), "Night", 1, False, "backgammon",
                       {}, 1, ("Ann", "Bob"), "usbgf")
    payload = make(key, "night", "table-1", GAME, 1, given.to_body())
    assert Assignment.from_body(check(key, "night", topic("night", "table-1", GAME), payload).body) == given
    with pytest.raises(MessageError, match="not signed with this club's key"):
        check(club_key("AAAA-BBBB-CCCC-DDDD", "night"), "night", topic("night", "table-1", GAME), payload)
    assert "clock" in assignment_problem({**given.to_body(), "clock": "blitz"})
    assert "both players" in assignment_problem({**given.to_body(), "players": ["Ann", ""]})
    assert json.loads(payload)["kind"] == "game"


def test_an_evening_refuses_what_cannot_work_in_one_line_and_leaves_nothing_behind(
        broker: MosquittoBroker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from harness.club_boards import CODE
    from harness.mosquitto import USERS
    from tablier.cli import main

    monkeypatch.setenv("TABLIER_BROKER_PASSWORD", USERS["ann"])
    monkeypatch.setenv("TABLIER_CLUB_CODE", CODE)
    where = f"mqtt://ann@127.0.0.1:{broker.port}"
    archive = str(tmp_path / "club.sqlite3")
    evening_command = ["club", "evening", "--broker", where, "--archive", archive, "--serve", "127.0.0.1:0"]
    cases = [
        ([*evening_command, "--players", "Ann"], "an evening needs two players or more"),
        ([*evening_command], "name the evening's players: --players Ann Bob"),
        ([*evening_command, "--players", "Ann", "Bob", "--clock", "usbgf"],
         "the usbgf clock gives time per match point: set a match length"),
        ([*evening_command, "--players", "Ann", "Bob", "--boards", "Table 1"],
         "--boards: 'Table 1' is not a board's name"),
        ([*evening_command, "--resume"], "--resume: no evening is kept in"),
        ([*evening_command, "--players", "Ann", "Ann"], "Ann is registered already"),
        (["play", "--sim", "--evening"], "--evening plays the games of a club evening: add --club-broker"),
        (["play", "--sim", "--hands-delay", "0.1"],
         "--hands-delay paces a simulated evening board: add --evening"),
    ]
    for argv, said in cases:
        assert main(argv) == 2, argv
        [line] = capsys.readouterr().err.splitlines()
        assert said in line, line
    assert list(tmp_path.iterdir()) == []  # no archive, no evening file made


def test_the_evening_command_offers_every_pairing_system_the_tournament_knows() -> None:
    from tablier.cli.club_evening import SYSTEMS as OFFERED
    from tablier.tournament.event import SYSTEMS

    assert OFFERED == SYSTEMS
