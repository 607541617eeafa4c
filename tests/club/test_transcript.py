"""Live match transcription for a tournament director: while a board plays a match, its ``.mat`` (in
``club serve --transcripts DIR``, at ``/board/NAME/match.mat``, from ``tablier club transcript``, kept
up to date by ``--out FILE --follow``)
is what GNU Backgammon reads, move for move the start of what the board played; once the match is
over, the whole of it. GNU Backgammon is the PyPI binding, in a child process (``gnubg_mat``)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

from harness.clubhouse import ClubServe, club_env, finish, start_board
from harness.mosquitto import MosquittoBroker
from tablier.record.from_log import read_event_log

sys.path.insert(0, str(Path(__file__).parents[1] / "record"))
from gnubg_mat import gnubg_read, ours, theirs


def plays_of(game: list[tuple[object, ...]]) -> list[tuple[object, ...]]:
    """A game's plays and cube actions, its result aside: GNU Backgammon counts a backgammon by the
    modern rule (a man in the winner's home board), the board by its ``backgammon_zone`` option (the
    1890s book's far side by default), so a result may be worth 2 there and 3 here."""
    return [action for action in game if action[0] != "result"]


def test_a_match_in_play_is_transcribed_live_as_gnu_backgammon_reads_it(broker: MosquittoBroker,
                                                                        tmp_path: Path) -> None:
    live = tmp_path / "transcripts"
    serve = ClubServe.start(broker, "director", str(tmp_path / "club.sqlite3"), "--transcripts", str(live))
    try:
        board = start_board(broker.port, "director", "final-table", "backgammon", 21, tmp_path / "board",
                            delay=0.01, match=3)
        kept = tmp_path / "kept" / "final-table.mat"
        kept.parent.mkdir()
        follower = subprocess.Popen([sys.executable, "-m", "tablier", "club", "transcript", "final-table",
                                     "--broker", f"mqtt://ann@127.0.0.1:{broker.port}", "--club", "director",
                                     "--out", str(kept), "--follow", "--wait", "60"],
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                    env=club_env())
        transcript = live / "final-table.mat"
        deadline = time.monotonic() + 120
        while not (transcript.exists() and transcript.read_text().count(")") >= 12):
            assert time.monotonic() < deadline and board.poll() is None, "no live transcript while it played"
            time.sleep(0.05)
        during = tmp_path / "during.mat"
        shutil.copy(transcript, during)
        served = serve.get("board/final-table/match.mat").decode()
        finish([board])
        serve.wait(lambda g: bool(g["boards"][0].get("stored")))
        followed, _ = follower.communicate(timeout=60)  # it stops by itself once the match is over
        command = subprocess.run([sys.executable, "-m", "tablier", "club", "transcript", "final-table",
                                  "--broker", f"mqtt://ann@127.0.0.1:{broker.port}", "--club", "director"],
                                 capture_output=True, text=True, env=club_env(), timeout=60)
    finally:
        serve.stop()
    assert '; [Transcribed "live"]' in during.read_text() and " 3 point match" in during.read_text()
    assert served.startswith("; [")
    (log,) = (tmp_path / "board").glob("*.jsonl")
    played = ours(read_event_log(log))
    read = gnubg_read([during, transcript])
    partial = theirs(read[str(during)])
    assert partial[0][:-1], "GNU Backgammon read no move of the live file"
    for game, (theirs_game, played_game) in enumerate(zip(partial, played, strict=False)):
        moves = theirs_game[:-1] if theirs_game[-1] == ("result",) else theirs_game
        assert moves == played_game[:len(moves)], f"game {game + 1}"
    final = theirs(read[str(transcript)])  # the match over: all of it
    assert [plays_of(game) for game in final] == [plays_of(game) for game in played]
    assert [game[-1][:2] for game in final] == [game[-1][:2] for game in played]  # each game's winner
    assert command.returncode == 0 and command.stdout == transcript.read_text()
    assert follower.returncode == 0 and kept.read_text() == command.stdout
    lines = followed.splitlines()
    assert lines[-1].startswith(f"{kept}: final-table greedy - final-table random, ")
    assert lines[-1].endswith(", the match is over")
    assert len(lines) > 2 and all(line.endswith(", live") for line in lines[:-1])
    assert '; [Transcribed "final"]' in command.stdout
