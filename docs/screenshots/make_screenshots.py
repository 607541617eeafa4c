"""Make the README's screenshots from the real program: the terminal view in tmux, the web view in Chromium.

Run from the repository: ``.venv/bin/python docs/screenshots/make_screenshots.py`` (needs tmux,
Debian's ``chromium`` and ``chromedriver``: ``make system-deps``). It starts ``tablier play
backgammon --sim`` (Backgammon with the cube, a match to 5, physical dice typed in) in a tmux window
of 80x24 with ``--serve``, types a game's opening as a player at the simulated board would, up to a
man lifted from the 24-point, then

- photographs the live page in headless Chromium (``web-view.png``);
- captures the tmux window with its colours (``tmux capture-pane -e``), draws it as a terminal
  would (the ANSI colours turned into HTML by rich) and photographs that (``terminal-view.png``).

The pictures go to ``docs/screenshots/`` (``$TABLIER_SCREENSHOT_DIR`` if set); the window's text is
printed.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.terminal_theme import MONOKAI
from rich.text import Text
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
OUT = Path(os.environ.get("TABLIER_SCREENSHOT_DIR") or Path(__file__).resolve().parent)
TMUX = "tablier-screenshots"
#: What the players do at the simulated board, typed as at the terminal (docs/sim-script.md).
ACTIONS = [
    ("flip", "setting up"),
    ("setup", "to throw for the start"),
    ("dice 3 1", "black begins and throws again"),
    ("dice 3 1", "Ann (black) plays 3-1"),
    ("move point 8 point 5", "Ann (black) plays 3-1"),
    ("move point 6 point 5", "the board shows: final"),
    ("press 1", "Bob (white) to throw"),
    ("dice 6 4", "Bob (white) plays 6-4"),
    ("move point 1 point 7", "Bob (white) plays 6-4"),
    ("move point 12 point 16", "the board shows: final"),
    ("press 2", "Ann (black) to throw"),
    ("dice 6 5", "Ann (black) plays 6-5"),
    ("lift point 24", "the man lifted from 24 may go to"),
]
CHROMIUM_FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--no-first-run", "--hide-scrollbars")


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", "-L", TMUX, *args], capture_output=True, text=True, check=True,
                          timeout=30).stdout


def screen(colours: bool = False) -> str:
    return tmux("capture-pane", "-p", *(["-e"] if colours else []), "-t", "shot")


def wait_for(text: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while " ".join(text.split()) not in " ".join(screen().split()):
        if time.monotonic() > deadline:
            raise SystemExit(f"the terminal never showed {text!r}:\n{screen()}")
        time.sleep(0.2)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def browser(width: int, height: int, profile: str) -> webdriver.Chrome:
    options = Options()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in (*CHROMIUM_FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"),
                            options=options)


def terminal_html(ansi: str) -> str:
    """The captured window as a page: the text in its colours, on a terminal's dark background."""
    console = Console(record=True, width=80, file=open("/dev/null", "w"), force_terminal=True,  # noqa: SIM115
                      color_system="truecolor")
    console.print(Text.from_ansi(ansi.rstrip("\n")), end="")
    return console.export_html(theme=MONOKAI, inline_styles=True, code_format=(
        "<!DOCTYPE html><html><head><meta charset=utf-8><style>body {{ margin: 0; background: #0c0c0c; }}"
        " pre {{ margin: 0; padding: 12px; color: #d9d9d9; background: #0c0c0c; font-size: 15px;"
        " font-family: 'DejaVu Sans Mono', monospace; line-height: 1.25; }}</style></head>"
        "<body><pre><code>{code}</code></pre></body></html>"))


def main() -> None:
    port = free_port()
    with tempfile.TemporaryDirectory() as scratch:
        command = (f"cd {ROOT} && {sys.executable} -m tablier play backgammon --sim --dice physical "
                   f"--option cube=true --match 5 --players Ann,Bob --no-archive --log-dir {scratch}/logs "
                   f"--serve 127.0.0.1:{port} 2>{scratch}/stderr; sleep 600")
        tmux("new-session", "-d", "-s", "shot", "-x", "80", "-y", "24", command)
        try:
            for line, then in ACTIONS:
                tmux("send-keys", "-t", "shot", "-l", line)
                tmux("send-keys", "-t", "shot", "Enter")
                wait_for(then)
            time.sleep(1.0)  # the view's next drawing, the page's next state
            ansi = screen(colours=True)
            driver = browser(1280, 900, f"{scratch}/web")
            try:
                size = {"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": False}
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", size)
                driver.get(f"http://127.0.0.1:{port}/")
                deadline = time.monotonic() + 30
                while driver.find_element("id", "connection").text != "live" and time.monotonic() < deadline:
                    time.sleep(0.1)
                time.sleep(0.5)
                driver.save_screenshot(str(OUT / "web-view.png"))
            finally:
                driver.quit()
        finally:
            tmux("kill-server")
        page = Path(scratch) / "terminal.html"
        page.write_text(terminal_html(ansi), encoding="utf-8")
        driver = browser(760, 560, f"{scratch}/terminal")
        try:  # the page's size exactly: 24 lines of 80 columns and the padding
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": 760, "height": 500, "deviceScaleFactor": 1, "mobile": False})
            driver.get(page.as_uri())
            time.sleep(0.5)
            driver.save_screenshot(str(OUT / "terminal-view.png"))
        finally:
            driver.quit()
    plain = re.sub(r"\x1b\[[0-9;]*m", "", ansi)
    print(plain)


if __name__ == "__main__":
    main()
