"""The docs' set-up steps, followed literally on a fresh Debian machine (issue 31, item 14).

The blocks of ``docs/remote-play.md`` and ``docs/club.md`` marked ``<!-- set-up: ... -->`` are run
as they are written, as root, on a machine booted from a fresh Debian (:mod:`harness.fresh_debian`):
the club's broker (Mosquitto, its users and ACL, started again with its configuration), Tablier with
the club's extra, PostgreSQL started, its user and database, the password file. The blocks marked
``<!-- run: ... -->`` are then run with their placeholders filled (the broker at ``localhost``, the
passwords and codes, a simulated board where a real one is named): ``club serve`` follows the club
and stores the demonstration board's match in PostgreSQL, and two simulated boards play a game
board to board through the broker. The prompts (``mosquitto_passwd``, ``createuser --pwprompt``) are
answered on their standard input. It takes some minutes (the machine, once, some more): it runs in
``make test-full``; ``make test`` checks that every step it follows is still in the docs.
"""

from __future__ import annotations

import os
import re
import shutil
import threading
import time
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
PASSWORDS = {"ann": "ann-s3cret", "bob": "bob-s3cret", "hall": "hall-s3cret", "table3": "table3-s3cret"}
DATABASE_PASSWORD = "db-s3cret"


def blocks(name: str) -> dict[str, str]:
    """The marked blocks of ``docs/NAME``: their mark (``set-up: ...``, ``run: ...``) and their text."""
    text = (DOCS / name).read_text(encoding="utf-8")
    return {found[1]: found[2] for found in re.finditer(r"<!-- ((?:set-up|run): [^>]*?) -->\n```\n(.*?)```",
                                                         text, re.S)}


def commands(block: str) -> list[str]:
    """A block's commands, one by one (a here-document kept with its command)."""
    found: list[str] = []
    lines = iter(block.splitlines())
    for line in lines:
        if not line.strip():
            continue
        if "<<EOF" in line:
            body = [line]
            for more in lines:
                body.append(more)
                if more == "EOF":
                    break
            found.append("\n".join(body))
        else:
            found.append(line)
    return found


def answers(command: str) -> str:
    """What a command's prompts are answered: a password twice."""
    if command.startswith("mosquitto_passwd"):
        user = command.split()[-1]
        return f"{PASSWORDS[user]}\n{PASSWORDS[user]}\n"
    if "createuser --pwprompt" in command:
        return f"{DATABASE_PASSWORD}\n{DATABASE_PASSWORD}\n"
    return ""


def filled(command: str, user: str, code: str, game_code: str = "") -> str:
    """A run command with its placeholders filled: this machine's broker, the passwords, the codes,
    a simulated board with built-in hands where the docs name a real board."""
    command = command.replace("TABLIER_CLUB_CODE=...", f"TABLIER_CLUB_CODE={code}")
    command = command.replace("TABLIER_BROKER_PASSWORD=...", f"TABLIER_BROKER_PASSWORD={PASSWORDS[user]}")
    command = command.replace("broker.example.org", "localhost")
    command = command.replace("--port /dev/ttyACM0", "--sim --hands greedy")
    return f"TABLIER_GAME_CODE={game_code} {command}" if game_code else command


STEPS = {"remote-play.md": ["set-up: the club's broker", "run: Ann opens a game, Bob joins it"],
         "club.md": ["set-up: the club's machine", "set-up: the club's archive on PostgreSQL",
                     "run: the club's page, its archive on PostgreSQL",
                     "run: the club's page tried without boards"]}


def test_every_step_the_fresh_machine_follows_is_in_the_docs() -> None:
    for name, marks in STEPS.items():
        found = blocks(name)
        for mark in marks:
            assert any(key.startswith(mark) for key in found), f"docs/{name} has no block marked {mark!r}"


def block(name: str, mark: str) -> str:
    return next(text for key, text in blocks(name).items() if key.startswith(mark))


DEBOOTSTRAP = shutil.which("debootstrap") or Path("/usr/sbin/debootstrap").exists()


@pytest.mark.full
@pytest.mark.timeout(3600)
@pytest.mark.skipif(os.geteuid() != 0 or not DEBOOTSTRAP,
                    reason="a fresh Debian machine needs root and debootstrap (make system-deps installs it)")
def test_the_docs_set_up_a_club_and_board_to_board_play_on_a_fresh_debian_machine(tmp_path: Path) -> None:
    from harness.fresh_debian import FreshDebian

    machine = FreshDebian(tmp_path / "machine")
    machine.prepare(("mosquitto", "postgresql", "python3-venv"), "club,sim")
    machine.boot()
    serve = None
    try:
        for command in commands(block("remote-play.md", "set-up: the club's broker")):
            machine.run(command, answers(command))
        for user in ("table3",):  # "each member gets a user of his own": the demonstration board's
            machine.run(f"mosquitto_passwd /etc/mosquitto/passwd {user}", answers(f"mosquitto_passwd {user}"))
        machine.run("service mosquitto restart")
        code = ""
        for command in commands(block("club.md", "set-up: the club's machine")):
            done = machine.run(command, answers(command))
            if command == "tablier club code":
                code = done.stdout.strip()
        assert re.fullmatch(r"[0-9A-Z]{4}(-[0-9A-Z]{4}){3}", code), code
        for command in commands(block("club.md", "set-up: the club's archive on PostgreSQL")):
            machine.run(command.replace("PASSWORD", DATABASE_PASSWORD), answers(command))
        [serving] = commands(block("club.md", "run: the club's page, its archive on PostgreSQL"))
        serve = machine.start(filled(serving, "hall", code))
        assert serve.stdout is not None
        first = serve.stdout.readline()
        assert first.startswith("the club's web page: http://127.0.0.1:8080/"), first + serve.stdout.read()
        threading.Thread(target=serve.communicate, daemon=True).start()
        install, demo = commands(block("club.md", "run: the club's page tried without boards"))
        machine.run(install)
        shown = machine.run(filled(demo, "table3", code) + " --fast --players greedy,random --seed 5")
        assert "this board is table-3 on club riverside's page" in shown.stderr, shown.stderr
        deadline = time.monotonic() + 60
        listed = ""
        while "club riverside, board table-3" not in listed:
            assert time.monotonic() < deadline, listed
            time.sleep(1)
            listed = machine.run("tablier archive list --archive postgresql://tablier@localhost/riverside",
                                 check=False).stdout
        opening, joining = commands(block("remote-play.md", "run: Ann opens a game, Bob joins it"))
        ann = machine.start(filled(opening, "ann", code) + " --no-archive")
        assert ann.stdout is not None
        game_code = next(found[1] for line in ann.stdout if (found := re.search(r"game code: (\S+)", line)))
        threading.Thread(target=ann.communicate, daemon=True).start()  # its pipe never fills up
        bob = machine.run(filled(joining, "bob", code, game_code) + " --no-archive", timeout=600)
        assert "you are seat 2" in bob.stdout, bob.stdout[-2000:]
        assert ann.wait(120) == 0
    finally:
        if serve is not None:
            serve.terminate()
        machine.shut_down()
