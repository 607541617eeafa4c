"""A club evening's page in a real headless browser (Debian's Chromium driven by Selenium), on a wide
screen and on a phone's: the round, the pairings under the sides' colours with each board's game as
it stands, the standings with their tie-breaks' short names and legend, and the CSV links that open
the standings. Screenshots are saved under pytest's tmp_path, or in ``$TABLIER_SCREENSHOT_DIR`` when
set (``docs/screenshots/club-evening.png`` and ``club-evening-phone.png``)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from harness.mosquitto import MosquittoBroker

from club.test_evening import evening, stop  # isort: skip
from views.test_browser import CHROMIUM, DRIVER, chromium, wait  # isort: skip

pytestmark = [pytest.mark.full,
              pytest.mark.skipif(CHROMIUM is None or DRIVER is None,
                                 reason="Debian's chromium and chromium-driver are not installed "
                                        "(make system-deps installs them)")]

PLAYERS = ["Ann Archer", "Bob Baker", "Cy Cooper", "Di Dawson", "Ed Evans", "Flo Fisher", "Gus Grant",
           "Hal Hughes"]


@pytest.mark.timeout(900)
def test_the_evening_page_shows_the_round_pairings_and_standings_on_a_wide_screen_and_a_phone(
        broker: MosquittoBroker, tmp_path: Path) -> None:
    serve = evening(broker, "thursday", tmp_path, "--name", "Thursday club night", "--players", *PLAYERS,
                    "--match", "1", "--rounds", "3", "--boards", "4", "--clock", "uk",
                    "--simulate", str(tmp_path / "boards"), "--hands-delay", "0.08")
    folder = Path(os.environ.get("TABLIER_SCREENSHOT_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    try:
        serve.wait(lambda grid: grid.get("evening", {}).get("round") == 2 and sum(
            1 for tile in grid["boards"] if tile.get("moves", 0) >= 6 and not tile.get("over")) >= 3,
            timeout=600)
        for name, size in (("club-evening.png", "1280,1400"), ("club-evening-phone.png", "412,2300")):
            look(serve.url, tmp_path, folder / name, size)
        assert serve.get("evening/standings.csv").decode().startswith("Rank,Name,Points,Buchholz Cut 1")
        assert serve.get("evening/round-1.csv").decode().startswith("Round,Game,Board,Side 0,Side 1")
    finally:
        stop(serve.process)


def look(url: str, tmp_path: Path, shot: Path, size: str) -> None:
    """The evening's page at ``url`` in a window of ``size``, read and photographed into ``shot``."""
    from selenium.webdriver.common.by import By

    driver = chromium(tmp_path, f"--window-size={size}")
    try:
        driver.get(url)
        body = driver.find_element(By.TAG_NAME, "body")
        assert wait(lambda: body.get_attribute("data-round") == "2")
        pairings = driver.find_element(By.ID, "pairings").text
        assert pairings.startswith("Pairings of round 2\nboard black white now"), pairings
        assert "table-1" in pairings and "to play" in pairings
        standings = driver.find_element(By.ID, "standings").text
        assert "# player points BH-C1 BH SB won games" in standings, standings
        assert all(player in standings for player in PLAYERS)
        assert "Round 2 of 3 (swiss, backgammon, matches to 1, uk clock)" in \
            driver.find_element(By.ID, "evening-round").text
        assert driver.find_element(By.ID, "legend").text == \
            "BH-C1: Buchholz Cut 1, BH: Buchholz, SB: Sonneborn-Berger, won: Wins"
        assert wait(lambda: driver.execute_script(
            "const i = [...document.images]; return i.length === 4 && i.every(e => e.naturalWidth > 0)"))
        wide = driver.execute_script("return document.documentElement.scrollWidth")
        assert wide <= driver.execute_script("return window.innerWidth")  # only the tables' boxes scroll
        time.sleep(0.5)
        assert driver.save_screenshot(str(shot))
        link = driver.find_element(By.LINK_TEXT, "standings").get_attribute("href")
        assert link == url + "evening/standings.csv"
    finally:
        driver.quit()
