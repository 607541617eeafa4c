"""Issue 31, item 6: the game's code and the passwords are nowhere another user of the machine can read
them: not in ``ps`` (every process's command line), not in the log's lock file (readable by its owner
only, and holding no command line), not in the logs. The code comes from ``$TABLIER_GAME_CODE``, a
file (``--code-file``) or a prompt; given on the command line it is refused."""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.append(str(Path(__file__).resolve().parent))

from test_host_killed import Host

from harness.mosquitto import USERS, MosquittoBroker
from harness.stops import TABLIER


def command_lines() -> list[str]:
    """What ``ps`` shows every user: each process's command line."""
    lines = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                lines.append((entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace"))
            except OSError:
                continue
    return lines


def secrets_in(text: str, code: str) -> list[str]:
    """Which secrets ``text`` holds."""
    found = [name for name, secret in (("the code", code), ("the code", code.replace("-", "")),
                                       ("a password", USERS["ann"]), ("a password", USERS["bob"]))
             if secret in text]
    return found


def test_the_code_and_the_passwords_are_in_no_command_line_lock_file_or_log(
        mosquitto: MosquittoBroker, tmp_path: Path) -> None:
    club = "secrets"
    ann = Host(mosquitto, "ann", club, tmp_path / "ann")
    bob = Host(mosquitto, "bob", club, tmp_path / "bob")
    code = ann.open("backgammon")
    bob.join(code)
    deadline = time.monotonic() + 120
    while bob.commits() < 3:
        assert time.monotonic() < deadline and bob.process is not None and bob.process.poll() is None, \
            "".join(bob.output[-30:])
        time.sleep(0.05)
    seen = [line for line in command_lines() if secrets_in(line, code)]
    assert seen == [], f"ps shows a secret: {seen}"
    for host in (ann, bob):
        (lock,) = host.folder.glob("*.lock")
        assert stat.S_IMODE(lock.stat().st_mode) & 0o077 == 0, f"{lock} is readable by others"
        assert secrets_in(lock.read_text(), code) == []
        assert "--" not in lock.read_text(), lock.read_text()  # no command line, only what runs
    bob.kill()  # a kill leaves the lock file behind: still nothing in it
    (lock,) = bob.folder.glob("*.lock")
    assert secrets_in(lock.read_text(), code) == [] and stat.S_IMODE(lock.stat().st_mode) & 0o077 == 0
    code_file = tmp_path / "code.txt"
    code_file.write_text(code + "\n")
    bob.start("--resume", "--code-file", str(code_file))
    bob.wait(300)
    ann.wait(300)
    for host in (ann, bob):
        for log in host.folder.iterdir():
            assert secrets_in(log.read_text(errors="replace"), code) == [], log
    assert secrets_in("".join(bob.output), code) == []  # Bob's screen: he never typed the code there


@pytest.mark.parametrize(("args", "said"), [
    (["--remote", "mqtt://ann@127.0.0.1", "--join", "--code", "K7QX-9MWP-3RTA-ZE4N"],
     "never put the game's code on the command line"),
    (["--remote", "mqtt://ann@127.0.0.1", "--join"], "give the game code: in $TABLIER_GAME_CODE"),
    (["--remote", "mqtt://ann@127.0.0.1", "--code-file", "/nonexistent/code"],
     "cannot read the code file /nonexistent/code"),
])
def test_a_code_on_the_command_line_or_none_at_all_is_told_in_one_line(args: list[str], said: str,
                                                                       tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "TABLIER_GAME_CODE"}
    env["TABLIER_BROKER_PASSWORD"] = USERS["ann"]
    result = subprocess.run([TABLIER, "play", "--sim", *args, "--log-dir", str(tmp_path)], env=env,
                            capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert result.returncode == 2, result
    [line] = result.stderr.splitlines()
    assert said in line, line


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (make system-deps)")
def test_the_code_is_asked_at_the_terminal_and_not_shown(mosquitto: MosquittoBroker, tmp_path: Path) -> None:
    club = "asked"
    ann = Host(mosquitto, "ann", club, tmp_path / "ann")
    code = ann.open("backgammon")
    session = f"tablier-code-{os.getpid()}"
    command = (f"TABLIER_BROKER_PASSWORD=\"{USERS['bob']}\" {TABLIER} play --sim --hands random --join "
               f"--remote mqtt://bob@127.0.0.1:{mosquitto.port} --club {club} --log-dir {tmp_path / 'bob'} "
               "--no-archive; sleep 30")
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "100", "-y", "30", command], check=True)
    try:
        def screen() -> str:
            return subprocess.run(["tmux", "capture-pane", "-p", "-t", session], capture_output=True,
                                  text=True).stdout

        deadline = time.monotonic() + 30
        while "game code:" not in screen():
            assert time.monotonic() < deadline, screen()
            time.sleep(0.1)
        subprocess.run(["tmux", "send-keys", "-t", session, code.lower(), "Enter"], check=True)
        deadline = time.monotonic() + 60
        while not re.search(r"you are seat 2", screen()):
            assert time.monotonic() < deadline, screen()
            time.sleep(0.1)
        assert code.lower() not in screen()  # typed, not echoed
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], check=False)
        if ann.process is not None:
            ann.kill()
