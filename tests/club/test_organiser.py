"""A club's organiser (issue 31, item 16): ``club serve`` names its page, says when a board comes on
it, and stops with a word; a malformed club code is called a club code; ``tablier demo
--club-broker`` tries the page without boards; the archive shows where a club's record came from;
the page links the two boards of one board-to-board game, lets go of boards that left, offers a
board's ``match.mat`` only when the match can be written so, wraps long titles, and draws tiles
large enough to read the point numbers on a 1280-pixel screen (Debian's headless Chromium)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from harness.club_boards import CODE, match_body
from harness.clubhouse import ClubServe, club_env, tiles
from harness.mosquitto import USERS, MosquittoBroker
from tablier.club.hall import LEFT_SHOWN_S, ClubHall
from tablier.club.messages import club_key, make, topic

HERE = Path(__file__).parent
TABLIER = str(Path(sys.executable).with_name("tablier"))
GAME = "0123456789abcdef"  # a board-to-board game's public id, as both its boards publish it


def test_the_demo_shows_on_the_page_and_club_serve_says_what_happens_until_it_is_stopped(
        broker: MosquittoBroker, tmp_path: Path) -> None:
    archive = str(tmp_path / "club.sqlite3")
    serve = ClubServe.start(broker, "trying", archive)  # its first line: "the club's web page: ..."
    demo = subprocess.run(
        [TABLIER, "demo", "--fast", "--players", "greedy,random", "--seed", "4", "--club-broker",
         f"mqtt://ann@127.0.0.1:{broker.port}", "--club", "trying", "--board", "demo-1", "--log-dir",
         str(tmp_path / "demo")], env=club_env(), capture_output=True, text=True, timeout=300)
    assert demo.returncode == 0, demo.stdout[-2000:] + demo.stderr
    assert "this board is demo-1 on club trying's page" in demo.stderr
    serve.wait(lambda g: bool(tiles(g).get("demo-1", {}).get("stored")))
    said = serve.stop(signal.SIGTERM)  # as a service manager stops it
    assert serve.process.returncode == 0
    assert any(line.startswith("board demo-1 is on the page") for line in said), said
    assert said[-1] == "stopped: 1 match stored, 0 messages refused", said
    listed = subprocess.run([TABLIER, "archive", "list", "--archive", archive], capture_output=True,
                            text=True)
    assert "club trying, board demo-1" in listed.stdout, listed.stdout
    shown = subprocess.run([TABLIER, "archive", "show", "1", "--archive", archive], capture_output=True,
                           text=True)
    assert shown.stdout.splitlines()[1] == "Source: club trying, board demo-1", shown.stdout


def test_a_malformed_club_code_is_called_a_club_code(broker: MosquittoBroker) -> None:
    env = {**club_env(), "TABLIER_CLUB_CODE": "K7QX-9MWP"}
    done = subprocess.run([TABLIER, "club", "serve", "--broker", f"mqtt://ann@127.0.0.1:{broker.port}"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    [line] = done.stderr.splitlines()
    assert line.startswith("tablier club: a club code has 16 letters and digits"), line


def _hall(name: str) -> ClubHall:
    from tablier.remote.broker import Broker, Club, Login

    club = Club(Broker("127.0.0.1", 1, user="ann"), Login("ann", USERS["ann"]), name)
    return ClubHall(club, club_key(CODE, club.name), None, told=lambda _: None)


def _match(over: bool = True) -> dict[str, Any]:
    return match_body(HERE / "backgammon.jsonl", over)


def feed_page(hall: ClubHall) -> None:
    """Boards as an evening shows them: two of one board-to-board game, one with a long title, one
    that left long ago, one that just left, one whose Backgammon match began from a set position."""
    scene = json.loads((HERE / "scene.json").read_text())
    club = hall.club.name
    now = time.time_ns() // 1000
    long_ago = now - int((LEFT_SHOWN_S + 60) * 1e6)

    def send(board: str, kind: str, body: dict[str, Any], stamp: int = now) -> None:
        payload = make(hall.key, club, board, kind, stamp, body)
        assert hall.take(topic(club, board, kind), payload) in (board, "")

    for board in ("ann-table", "bob-table"):
        send(board, "state", {"scene": scene, "game": GAME})
    send("table-3", "state", {"scene": {**scene, "title": "Backgammon (1890s rules, the far-side zone, "
                                                            "Jacoby, Crawford, a match of 25)"}})
    for board, stamp in (("gone", long_ago), ("just-left", now)):
        send(board, "state", {"scene": scene}, stamp)
        send(board, "match", _match(), stamp)
        send(board, "presence", {"online": True}, stamp - 1)
        send(board, "presence", {"online": False}, stamp)
    set_up = match_body(HERE / "backgammon.jsonl", False, last=2)  # its header and the game's start
    set_up["records"][1]["position"] = "contrary: W 6x3 5x3 4x3 3x2 2x2 1x2 / B 6x3 5x3 4x3 3x2 2x2 1x2 / B"
    send("from-a-position", "match", set_up)
    send("from-a-position", "state", {"scene": scene})
    hall.sweep()


def test_the_page_pairs_a_game_s_boards_lets_go_of_boards_gone_and_offers_only_a_mat_it_can_write() -> None:
    hall = _hall("evening")
    feed_page(hall)
    shown = tiles(hall.grid())
    assert "gone" not in shown and "just-left" in shown
    assert shown["ann-table"]["partner"] == "bob-table" and shown["bob-table"]["partner"] == "ann-table"
    assert "partner" not in shown["table-3"]
    assert shown["from-a-position"]["transcript"] is False
    assert shown["just-left"]["transcript"] is True
    with pytest.raises(LookupError, match="set position"):
        hall.transcript("from-a-position")


pytestmark_browser = pytest.mark.skipif(not (os.path.exists("/usr/bin/chromium")
                                             and os.path.exists("/usr/bin/chromedriver")),
                                        reason="Debian's chromium and chromium-driver are not installed "
                                               "(make system-deps installs them)")


@pytestmark_browser
def test_on_a_1280_pixel_screen_the_tiles_read_their_point_numbers_and_their_whole_titles(
        tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    from tablier.web.club_page import ClubServer
    from views.test_browser import chromium, wait

    hall = _hall("screen")
    feed_page(hall)
    server = ClubServer(hall)
    server.start()
    server.publish(hall.grid())
    driver = chromium(tmp_path)
    try:
        driver.get(server.url)
        assert wait(lambda: driver.find_element(By.TAG_NAME, "body").get_attribute("data-boards") == "5")
        assert wait(lambda: driver.execute_script(
            "return [...document.images].every(i => i.complete && i.naturalWidth > 0)"))
        svg = (tmp_path / "board.svg")
        svg.write_text(hall.boards["table-3"].svg)
        box = re.search(r'viewBox="0 0 ([\d.]+) ', svg.read_text())
        numbers = re.search(r'font-size="([\d.]+)"[^>]*>12</text>', svg.read_text())
        assert box and numbers
        smallest = min(image.size["width"] for image in driver.find_elements(By.CSS_SELECTOR, "a.tile img"))
        point_px = float(numbers[1]) * smallest / float(box[1])
        assert point_px >= 9, f"the point numbers are drawn {point_px:.1f} px high"
        title = driver.find_element(By.CSS_SELECTOR, "#board-table-3 .title")
        assert "a match of 25" in title.text and driver.execute_script(
            "return arguments[0].scrollWidth <= arguments[0].clientWidth", title)
        ann = driver.find_element(By.ID, "board-ann-table")
        assert "board to board with bob-table" in ann.text
        assert ann.value_of_css_property("border-left-color") == driver.find_element(
            By.ID, "board-bob-table").value_of_css_property("border-left-color")
        assert driver.find_elements(By.CSS_SELECTOR, "#board-from-a-position .links a") == []
        assert driver.find_elements(By.CSS_SELECTOR, "#board-just-left .links a")
        hall.boards.pop("just-left")  # as the hall lets go of it: the page does too
        server.publish(hall.grid())
        assert wait(lambda: not driver.find_elements(By.ID, "board-just-left"))
        folder = Path(os.environ.get("TABLIER_SCREENSHOT_DIR") or tmp_path)
        folder.mkdir(parents=True, exist_ok=True)
        assert driver.save_screenshot(str(folder / "club-page-1280.png"))
    finally:
        driver.quit()
        server.stop()
