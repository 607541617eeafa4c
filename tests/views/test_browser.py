"""The live page in a real headless browser (Debian's Chromium driven by Selenium).

``tablier demo --serve`` plays on the simulated board; the page must follow it: new positions,
lit lights, the move list. The page receives its event stream state after state, says who made
each move, is told when the host serves no more pages, and refuses to show the game under a name
the server was not bound for (a page of another site pointing its own name at this machine). A
screenshot is saved as the test's artifact: under pytest's tmp_path, or in
``$TABLIER_SCREENSHOT_DIR`` when set. Skipped, saying why, where Chromium or its driver is not
installed (``make system-deps`` installs them).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from harness.interrupt import stop

from .conftest import WHITE_TO_PLAY, run_script

CHROMIUM = shutil.which("chromium")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(CHROMIUM is None or DRIVER is None,
                                reason="Debian's chromium and chromium-driver are not installed "
                                       "(make system-deps installs them)")


#: The flags Debian's Chromium needs here: no sandbox (root in CI), no GPU, nothing fetched from
#: the network behind the test's back, a profile of its own.
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
         "--window-size=1280,900")


def chromium(tmp_path: Path, *extra: str) -> Any:
    """Headless Chromium with a fresh profile under ``tmp_path``."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM or ""
    profile = tmp_path / f"chromium-profile-{len(list(tmp_path.glob('chromium-profile-*')))}"
    for argument in (*FLAGS, f"--user-data-dir={profile}", *extra):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(DRIVER or ""), options=options)


def wait(condition: Callable[[], object], timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.05)
    return bool(condition())


@pytest.fixture
def demo(tmp_path: Path) -> Iterator[str]:
    """``tablier demo --serve 127.0.0.1:0`` running; yields the page's address."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "tablier", "demo", "--seed", "5", "--delay", "0.08", "--serve", "127.0.0.1:0",
         "--log-dir", str(tmp_path / "logs")],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert process.stderr is not None
        url = ""
        deadline = time.monotonic() + 30
        while not url and time.monotonic() < deadline:
            line = process.stderr.readline()
            found = re.search(r"the game's web page: (http://127\.0\.0\.1:\d+/)", line)
            url = found.group(1) if found else ""
        assert url, "the demo did not say where its page is"
        yield url
    finally:
        stop(process)


def test_the_page_follows_the_game_on_the_simulated_board(demo: str, tmp_path: Path) -> None:
    driver = chromium(tmp_path)
    try:
        driver.get(demo)

        def moves() -> int:
            return int(driver.find_element("tag name", "body").get_attribute("data-moves") or 0)

        wait(lambda: moves() >= 1, 60)
        assert moves() >= 1 and driver.find_element("id", "connection").text == "live"
        first = driver.find_element("id", "board").get_attribute("innerHTML")
        seen_lights: set[str] = set()

        def lights_and_moves() -> bool:
            seen_lights.update(driver.execute_script(
                "return [...document.querySelectorAll('#legend div')].map(d => d.textContent.split(':')[0])"))
            return moves() >= 4 and bool(seen_lights - {"your-turn", "press-to-roll", "link-wait"})

        wait(lights_and_moves, 60)
        assert moves() >= 4, "the page did not follow the moves"
        assert driver.find_element("id", "board").get_attribute("innerHTML") != first
        # the demo's computer shows its moves lift-here, put-here (a person's lights where a man may go)
        assert seen_lights & {"lift-here", "put-here", "destination", "hit", "bear-off", "must-move",
                              "from-stack"}, seen_lights
        listed, counted = driver.execute_script(  # one moment: the page follows the game on
            "return [document.querySelectorAll('#moves li').length, "
            "Number(document.body.dataset.moves || 0)]")
        assert listed == counted
        assert "Board link: connected" in driver.find_element("id", "link").text
        folder = Path(os.environ.get("TABLIER_SCREENSHOT_DIR") or tmp_path)
        folder.mkdir(parents=True, exist_ok=True)
        shot = folder / "web-view.png"
        assert driver.save_screenshot(str(shot)) and shot.stat().st_size > 10_000
    finally:
        driver.quit()


def test_the_page_receives_its_event_stream_state_after_state(tmp_path: Path) -> None:
    from tablier.play.scene import scene_of
    from tablier.web.live import page_state
    from tablier.web.server import LiveServer


    steps = ["setup", "dice 3 1\npress 1", "dice 3 1\npress 1", "move point 8 point 5 / move point 6 point 5",
             "press 1", "dice 6 4\npress 2", "move point 1 point 7 / move point 12 point 16\npress 2"]
    assert "\n".join(steps[:6]).split() == WHITE_TO_PLAY.split()
    states = [page_state(scene_of(run_script("backgammon", "\n".join(steps[:n + 1]) + "\n",
                                             teaching=False).session)) for n in range(len(steps))]
    with LiveServer() as server:
        driver = chromium(tmp_path)
        try:
            driver.get(server.url)
            for n, state in enumerate(states):
                server.publish(state)
                words = state["scene"]["words"]
                assert wait(lambda words=words: driver.find_element("id", "words").text
                            == "\n".join(words)), f"the page did not show state {n}"
            assert driver.find_element("id", "connection").text == "live"
            moves = [li.text for li in driver.find_elements("css selector", "#moves li")]
            assert moves == ["player 1 (black): 8/5 6/5", "player 2 (white): 24/18 13/9"]
            assert driver.find_element("id", "numbers").text == "each move in its player's own numbers"
            labels = driver.execute_script(
                "return [...document.querySelectorAll('#board text')].map(t => t.textContent)")
            assert labels[:12] == [str(n) for n in range(13, 25)]  # black to play: his numbers
        finally:
            driver.quit()


def test_a_page_over_the_most_is_told_why(tmp_path: Path) -> None:
    from tablier.web.server import LiveServer

    from .test_web import Stream

    with LiveServer(max_clients=1) as server:
        server.publish({"scene": {}})
        other = Stream(server)
        driver = chromium(tmp_path)
        try:
            assert other.wait_for(1)
            driver.get(server.url)
            assert wait(lambda: "at most 1 page at once" in driver.find_element("id", "connection").text)
            assert driver.find_element("id", "connection").text == (
                "the host serves at most 1 page at once; this one tries again in 5 s")
        finally:
            driver.quit()
            other.close()


def test_the_game_is_not_shown_under_another_sites_name(tmp_path: Path) -> None:
    from tablier.web.server import LiveServer

    with LiveServer() as server:
        server.publish({"scene": {"title": "the game"}})
        driver = chromium(tmp_path, "--host-resolver-rules=MAP rebind.example 127.0.0.1")
        try:
            driver.get(f"http://rebind.example:{server.port}/state")
            text = driver.find_element("tag name", "body").text
            assert text.startswith("refused: this game's page is served as") and "the game" not in text
            driver.get(f"http://localhost:{server.port}/state")
            assert "the game" in driver.find_element("tag name", "body").text
        finally:
            driver.quit()
