"""Joining a game: a wrong code or a wrong club is told at once, with what to check.

Issue 31, item 10: a well-formed but wrong code, or the wrong ``--club``, waited (the joiner two
minutes, the opener for ever) with no hint to check them.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from tablier.errors import TablierError
from tablier.play import remote_play
from tablier.play.remote_play import join_game, open_game
from tablier.play.session import PlayOptions
from tablier.remote.gamecode import new_code


def _open(mosquitto, club: str, code: str, said: list[str], timeout: float) -> threading.Thread:
    """Ann opens a game of ``code`` in ``club`` (nobody joins: it gives up after ``timeout``)."""
    def opening() -> None:
        try:
            open_game(mosquitto.club("ann", club), PlayOptions(players=("Ann", "Ann")), "backgammon",
                      "electronic", told=said.append, timeout=timeout, code=code)
        except TablierError as error:
            said.append(str(error))

    thread = threading.Thread(target=opening, daemon=True)
    thread.start()
    return thread


def test_a_code_opened_in_another_club_is_told_at_once_with_the_club(mosquitto, tmp_path: Path) -> None:
    code, club = new_code(), f"riverside-{tmp_path.name}"[-50:]
    opener: list[str] = []
    opened = _open(mosquitto, club, code, opener, timeout=20)
    time.sleep(2)  # the offer is on the broker
    began = time.monotonic()
    with pytest.raises(TablierError, match=f"--club {club}"):
        join_game(mosquitto.club("bob", f"lakeside-{tmp_path.name}"[-50:]), code, "Bob",
                  told=lambda _: None, timeout=30)
    assert time.monotonic() - began < 15
    opened.join(30)


def test_a_code_no_game_uses_says_at_once_what_to_check(mosquitto, tmp_path: Path) -> None:
    said: list[str] = []
    with pytest.raises(TablierError, match="check the code and the club"):
        join_game(mosquitto.club("bob", f"riverside-{tmp_path.name}"[-50:]), new_code(), "Bob",
                  told=said.append, timeout=4)
    assert said and "check the code" in said[0] and "--club" in said[0], said


def test_the_opener_is_reminded_what_his_adversary_must_give(mosquitto, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(remote_play, "REMIND_S", 1.0)
    club = f"riverside-{tmp_path.name}"[-50:]
    said: list[str] = []
    _open(mosquitto, club, new_code(), said, timeout=3.5).join(30)
    reminders = [line for line in said if "nobody has joined yet" in line]
    assert reminders and f"--club {club}" in reminders[0], said
