"""Make the README's screenshots of the web view and the terminal view (Debian's headless Chromium).

Run from the repository: ``.venv/bin/python docs/screenshots/make_screenshots.py``. A scripted
game on the simulated board stops with a man lifted (Backgammon with the cube, a match to 5); its
scene is served on the live page and drawn by the terminal view (80x24, in colour), and each is
photographed by Chromium through Selenium.
"""

from __future__ import annotations

import io
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "host"))

from rich.console import Console  # noqa: E402
from rich.text import Text  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

from tablier.play.dice import Dice  # noqa: E402
from tablier.play.runner import play  # noqa: E402
from tablier.play.scene import scene_of  # noqa: E402
from tablier.play.script import ScriptActor, parse_script  # noqa: E402
from tablier.play.session import PlayOptions  # noqa: E402
from tablier.play.view import keys_line, render  # noqa: E402
from tablier.web.live import publishing  # noqa: E402
from tablier.web.server import LiveServer  # noqa: E402

SCRIPT = """
setup
dice 3 1
press 1
dice 3 1
press 1
move point 8 point 5 / move point 6 point 5
press 1
dice 6 4
press 2
move point 1 point 7 / move point 12 point 16
press 2
dice 6 5
press 1
lift point 24
"""
OUT = Path(__file__).resolve().parent


def browser(width: int, height: int) -> webdriver.Chrome:
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", "--hide-scrollbars"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def main() -> None:
    actions = parse_script(SCRIPT, "screenshot")
    options = PlayOptions(players=("Ann", "Bob"), match_length=5, options={"cube": "true"}, grace_s=30)
    result = play("backgammon", options, Dice(1), sim=True,
                  make_actor=lambda hands, cable: ScriptActor(actions, hands, cable, "screenshot"),
                  timeout=60)
    session = result.session
    with LiveServer() as server, publishing(session, server):
        driver = browser(1280, 760)
        try:
            driver.get(server.url)
            time.sleep(1.5)
            driver.save_screenshot(str(OUT / "web-view.png"))
        finally:
            driver.quit()
    text = render(scene_of(session), 80, 24, colour=True, keys=keys_line(session, hands=False))
    console = Console(record=True, width=80, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor")
    console.print(Text.from_ansi(text), end="")
    html = console.export_html(inline_styles=True, code_format=(
        "<!DOCTYPE html><html><head><meta charset=utf-8><style>body {{ margin: 0; background: #1e1e1e; }}"
        " pre {{ margin: 0; padding: 12px; color: #ddd; background: #1e1e1e; font-size: 15px;"
        " font-family: 'DejaVu Sans Mono', monospace; line-height: 1.25; }}</style></head>"
        "<body><pre><code>{code}</code></pre></body></html>"))
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False) as page:
        page.write(html)
    driver = browser(760, 640)
    try:
        driver.get(Path(page.name).as_uri())
        time.sleep(0.5)
        driver.save_screenshot(str(OUT / "terminal-view.png"))
    finally:
        driver.quit()
    Path(page.name).unlink()


if __name__ == "__main__":
    main()
