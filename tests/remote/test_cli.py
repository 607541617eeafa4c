"""``tablier play --remote``: what a user gets wrong is told in one line, and nothing secret is kept."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

sys.path.append(str(Path(__file__).resolve().parent))

from harness.mosquitto import USERS
from tablier.errors import TablierError
from tablier.play.remote_play import join_game
from tablier.remote.gamecode import new_code

TABLIER = str(Path(sys.executable).with_name("tablier"))


def tablier(*args: str, password: str = "", tmp: Path | None = None,
            code: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("TABLIER_BROKER_PASSWORD", "TABLIER_GAME_CODE")}
    if password:
        env["TABLIER_BROKER_PASSWORD"] = password
    if code:
        env["TABLIER_GAME_CODE"] = code
    return subprocess.run([TABLIER, "play", *args, *(["--log-dir", str(tmp)] if tmp else [])], env=env,
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize(("args", "said"), [
    (["backgammon", "--sim", "--remote", "mqtt://ann:secret@127.0.0.1"],
     "never put the broker's password on the command line"),
    (["backgammon", "--sim", "--remote", "mqtt://127.0.0.1"], "say who logs in to the broker"),
    (["backgammon", "--sim", "--remote", "mqtt://ann@127.0.0.1"], "no password for ann"),
    (["--sim", "--remote", "mqtt://127.0.0.1", "--broker-anonymous", "--code", "K7QX-9MWP"],
     "never put the game's code on the command line"),
    (["backgammon", "--port", "/dev/null", "--remote", "mqtt://ann@127.0.0.1", "--hands", "greedy"],
     "--hands moves the men"),
    (["backgammon", "--sim", "--remote", "mqtt://127.0.0.1", "--broker-anonymous", "--clock", "usbgf"],
     "give the match's length (--match N)"),
    (["--sim", "--join"], "give the game code: in $TABLIER_GAME_CODE"),
])
def test_a_wrong_remote_command_is_told_in_one_line(args: list[str], said: str, tmp_path: Path) -> None:
    result = tablier(*args, tmp=tmp_path)
    assert result.returncode == 2, result.stderr
    assert said in result.stderr and result.stderr.count("\n") == 1
    assert list(tmp_path.glob("*.jsonl")) == []


def test_a_broker_refusing_the_login_is_told_and_no_game_is_opened(mosquitto, tmp_path: Path) -> None:
    result = tablier("backgammon", "--sim", "--remote", f"mqtt://ann@127.0.0.1:{mosquitto.port}",
                     password="not ann's", tmp=tmp_path)
    assert result.returncode == 1
    assert "did not let this host in: Not authorized" in result.stderr and "game code" not in result.stdout


def test_joining_a_code_no_game_uses_says_to_check_it(mosquitto) -> None:
    with pytest.raises(TablierError, match="no game with this code in club 'nowhere'"):
        join_game(mosquitto.club("bob", "nowhere"), new_code(), "Bob", told=lambda _: None, timeout=1.0)


def test_a_board_to_board_log_is_resumed_only_with_its_code(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text('{"type":"header","game":"backgammon","family":"tables","players":["Ann","Bob"],'
                   '"remote":{"broker":"mqtt://ann@127.0.0.1:1","club":"c","game":"0123456789abcdef",'
                   '"seat":"1","dice":"electronic"}}\n')
    result = tablier("--resume", str(log), "--sim", password=USERS["ann"])
    assert result.returncode == 2 and "give the game code" in result.stderr
    result = tablier("--resume", str(log), "--sim", password=USERS["ann"], code=new_code())
    assert result.returncode == 2 and "not the code of the log's game" in result.stderr


class Started:
    """A ``tablier play`` process whose output is read as it comes."""

    def __init__(self, args: list[str], user: str, folder: Path, code: str = "") -> None:
        env = dict(os.environ, TABLIER_BROKER_PASSWORD=USERS[user], TABLIER_GAME_CODE=code)
        self.process = subprocess.Popen([TABLIER, *args, "--log-dir", str(folder), "--no-archive"], env=env,
                                        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True)
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def said(self, pattern: str, timeout: float = 60.0) -> str:
        """The first line matching ``pattern`` (waiting for it)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = next((line for line in list(self.lines) if re.search(pattern, line)), None)
            if found is not None:
                return found
            if self.process.poll() is not None and not any(re.search(pattern, line) for line in self.lines):
                break
            time.sleep(0.05)
        raise AssertionError(f"never said {pattern!r}:\n" + "\n".join(self.lines[-30:]))

    def stop(self) -> None:
        self.process.kill()
        self.process.wait(10)


def test_the_join_command_ann_is_told_logs_bob_in_as_himself(mosquitto, tmp_path: Path) -> None:
    """Issue 31, item 8: it carried Ann's broker user (mqtt://ann@...): typed as given it failed as
    "Not authorized", and with Ann's password it would have logged Bob in as Ann."""
    broker = f"127.0.0.1:{mosquitto.port}"
    ann = Started(["play", "backgammon", "--sim", "--remote", f"mqtt://ann@{broker}", "--club", "item8"],
                  "ann", tmp_path / "ann")
    bob = None
    try:
        told = ann.said(r"^\s*tablier play ")
        assert "ann" not in told and "USER@" in told, told
        assert "USER" in ann.said("joins with")  # said what to put there
        code = ann.said("game code: ").split()[-1]
        bob = Started([*shlex.split(told.replace("USER", "bob"))[1:]], "bob", tmp_path / "bob", code)
        assert "you are seat 2" in bob.said("you are seat")
    finally:
        for host in (ann, bob):
            if host is not None:
                host.stop()
