"""The club's page in a real headless browser (Debian's Chromium driven by Selenium), eight simulated
boards playing at once: the grid shows every board (its name, the game, the players, the score,
whose turn, its picture), follows them as they play, and a click opens a board's full live page;
the live transcript of a Backgammon board is GNU Backgammon's ``.mat``. A screenshot is saved under
pytest's tmp_path, or in ``$TABLIER_SCREENSHOT_DIR`` when set (``docs/screenshots/club-page.png``)."""

from __future__ import annotations

import os
import re
import signal
import sys
import time
from pathlib import Path

import pytest

from harness.clubhouse import ClubServe, start_board, tiles
from harness.mosquitto import MosquittoBroker
from tablier.record.archive import Archive

sys.path.insert(0, str(Path(__file__).parents[1] / "record"))  # the records tests' factory of legal records
from tournament.test_ratings import finished_match  # isort: skip

from views.test_browser import CHROMIUM, DRIVER, chromium, wait  # isort: skip

pytestmark = pytest.mark.skipif(CHROMIUM is None or DRIVER is None,
                                reason="Debian's chromium and chromium-driver are not installed "
                                       "(make system-deps installs them)")

#: Eight boards of a club evening: Backgammon at four, the other tables games and draughts beside them.
BOARDS = {"table-1": "backgammon", "table-2": "backgammon", "table-3": "jacquet", "table-4": "english",
          "table-5": "backgammon", "table-6": "ticktack", "table-7": "losing", "table-8": "backgammon"}

#: Games each board plays: more than the test watches, so no board leaves the page while it looks.
EVENING = 25


def test_the_club_page_shows_eight_boards_playing_and_opens_each(broker: MosquittoBroker,
                                                               tmp_path: Path) -> None:
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    archive = str(tmp_path / "club.sqlite3")
    with Archive(archive) as stored:  # the club's earlier evenings: its rating lists show under the grid
        for seed, names in enumerate((("Ann", "Bob"), ("Cy", "Ann"), ("Bob", "Cy")), start=1):
            stored.add(finished_match(seed, names))
    serve = ClubServe.start(broker, "evening", archive)
    boards = [start_board(broker.port, "evening", name, game, seed, tmp_path / name, delay=0.3, games=EVENING,
                          nice=10)
              for seed, (name, game) in enumerate(BOARDS.items(), start=11)]
    driver = chromium(tmp_path)
    try:
        serve.wait(lambda g: len(g["boards"]) == 8 and all(t.get("moves", 0) >= 2 for t in g["boards"]),
                   timeout=120)
        driver.get(serve.url)
        assert wait(lambda: driver.find_element(By.TAG_NAME, "body").get_attribute("data-boards") == "8")
        assert wait(lambda: driver.execute_script(  # every tile shows its board's picture
            "const i = [...document.images]; return i.length === 8 && i.every(e => e.naturalWidth > 0)"))
        assert driver.title == "Club evening - Tablier"
        assert driver.find_element(By.TAG_NAME, "body").get_attribute("data-ratings") == "2"
        ratings = driver.find_element(By.ID, "ratings").text
        assert "tables (all games): FIBS's formula, 3 players" in ratings
        assert "backgammon: FIBS's formula, 3 players" in ratings
        shown: dict[str, str] = {}  # each tile as last seen in play, whose turn on it
        seen_tiles: set[str] = set()

        def every_tile_seen_in_play() -> bool:  # a board between two games shows nobody to play for a moment
            for tile in driver.find_elements(By.CSS_SELECTOR, "a.tile"):
                try:
                    name, text = tile.get_attribute("id").removeprefix("board-"), tile.text
                except StaleElementReferenceException:  # the grid redrew that tile: the next look reads it
                    continue
                seen_tiles.add(name)
                if "to play" in text:
                    shown[name] = text
            return len(seen_tiles) == 8 and sorted(shown) == sorted(seen_tiles)

        assert wait(every_tile_seen_in_play), (sorted(seen_tiles), shown)
        assert sorted(shown) == sorted(BOARDS)
        for name, text in shown.items():
            assert text.startswith(f"{name}\nonline"), text
            assert re.search(rf"{name} greedy \((black|white)\): \d+\n{name} random \((black|white)\): \d+",
                             text), text
        assert "Backgammon" in shown["table-1"] and "Jacquet" in shown["table-3"]
        time.sleep(1.0)  # the boards play on: the grid follows
        folder = Path(os.environ.get("TABLIER_SCREENSHOT_DIR") or tmp_path)
        folder.mkdir(parents=True, exist_ok=True)
        shot = folder / "club-page.png"
        assert driver.save_screenshot(str(shot)) and shot.stat().st_size > 20_000
        seen = tiles(serve.grid())["table-1"]["version"]  # the scenes it has taken, game after game
        assert wait(lambda: tiles(serve.grid())["table-1"]["version"] > seen, timeout=30)
        driver.find_element(By.ID, "board-table-1").click()  # the board's own full page
        assert wait(lambda: driver.current_url == serve.url + "board/table-1/")
        assert wait(lambda: driver.find_element(By.ID, "board").get_attribute("innerHTML").startswith("<svg"))
        assert wait(lambda: "table-1 greedy" in driver.find_element(By.ID, "score").text)
        body = driver.find_element(By.TAG_NAME, "body")
        assert wait(lambda: int(body.get_attribute("data-moves") or 0) > 0)
        transcript = serve.get("board/table-1/match.mat").decode()
        assert '; [Player 1 "table-1 greedy"]' in transcript and " Game 1" in transcript
    finally:
        driver.quit()
        for board in boards:
            board.send_signal(signal.SIGINT)
        for board in boards:
            board.communicate(timeout=60)
        serve.stop()
