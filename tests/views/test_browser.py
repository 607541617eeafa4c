"""The live page in a real headless browser (Debian's Chromium driven by Selenium).

``tablier demo --serve`` plays on the simulated board; the page must follow it: new positions,
lit lights, the move list. A screenshot is saved as the test's artifact: under pytest's tmp_path,
or in ``$TABLIER_SCREENSHOT_DIR`` when set. Skipped, saying why, where Chromium or its driver is
not installed (``make system-deps`` installs them).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(CHROMIUM is None or DRIVER is None,
                                reason="Debian's chromium and chromium-driver are not installed "
                                       "(make system-deps installs them)")


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
        process.send_signal(signal.SIGINT)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def test_the_page_follows_the_game_on_the_simulated_board(demo: str, tmp_path: Path) -> None:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM or ""
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,900"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(DRIVER or ""), options=options)
    try:
        driver.get(demo)

        def moves() -> int:
            return int(driver.find_element("tag name", "body").get_attribute("data-moves") or 0)

        def wait(condition: object, timeout: float = 60.0) -> None:
            deadline = time.monotonic() + timeout
            while not condition() and time.monotonic() < deadline:  # type: ignore[operator]
                time.sleep(0.05)

        wait(lambda: moves() >= 1)
        assert moves() >= 1 and driver.find_element("id", "connection").text == "live"
        first = driver.find_element("id", "board").get_attribute("innerHTML")
        seen_lights: set[str] = set()

        def lights_and_moves() -> bool:
            seen_lights.update(driver.execute_script(
                "return [...document.querySelectorAll('#legend div')].map(d => d.textContent.split(':')[0])"))
            return moves() >= 4 and bool(seen_lights - {"your-turn", "press-to-roll", "link-wait"})

        wait(lights_and_moves)
        assert moves() >= 4, "the page did not follow the moves"
        assert driver.find_element("id", "board").get_attribute("innerHTML") != first
        # the demo's computer shows its moves lift-here, put-here (a person's lights where a man may go)
        assert seen_lights & {"lift-here", "put-here", "destination", "hit", "bear-off", "must-move",
                              "from-stack"}, seen_lights
        assert len(driver.find_elements("css selector", "#moves li")) == moves()
        assert "Board link: connected" in driver.find_element("id", "link").text
        folder = Path(os.environ.get("TABLIER_SCREENSHOT_DIR") or tmp_path)
        folder.mkdir(parents=True, exist_ok=True)
        shot = folder / "web-view.png"
        assert driver.save_screenshot(str(shot)) and shot.stat().st_size > 10_000
    finally:
        driver.quit()
