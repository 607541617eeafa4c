"""Make the quality lights' screenshots from the real program: the live page of a demo, in two palettes.

Run from the repository: ``.venv/bin/python docs/screenshots/make_quality_screenshots.py`` (needs
Debian's ``chromium`` and ``chromedriver``: ``make system-deps``). For each palette it starts
``tablier demo`` (Backgammon, the built-in greedy and random players, whose hands lift the men,
``--quality 3`` and ``--serve``), paced slowly, watches the page in headless Chromium until a lifted
man's destinations show their quality bands and the hints left, and photographs it
(``quality-web-classic.png``, ``quality-web-okabe-ito.png``). The pictures go to
``docs/screenshots/`` (``$TABLIER_SCREENSHOT_DIR`` if set).
"""

from __future__ import annotations

import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_screenshots import OUT, ROOT, browser, free_port

PALETTES = ("classic", "okabe-ito")


def shoot(palette: str, scratch: str) -> Path:
    """The page of a demo in ``palette``, once a lifted man shows his bands; the picture's path."""
    port = free_port()
    demo = subprocess.Popen(
        [sys.executable, "-m", "tablier", "demo", "--players", "greedy,random", "--quality", "3",
         "--palette", palette, "--seed", "7", "--delay", "1.2", "--log-dir", f"{scratch}/logs",
         "--serve", f"127.0.0.1:{port}"], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        driver = browser(1280, 900, f"{scratch}/{palette}")
        try:
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": False})
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                try:
                    driver.get(f"http://127.0.0.1:{port}/")
                    break
                except Exception:  # the demo's server not up yet
                    time.sleep(0.5)
            while time.monotonic() < deadline:
                legend = driver.find_element("id", "legend").text
                hints = driver.find_element("id", "hints").text
                if hints and sum(band in legend for band in ("best:", "doubtful:", "bad:")) >= 2:
                    break
                time.sleep(0.1)
            else:
                raise SystemExit(f"{palette}: the page never showed a lifted man's quality bands")
            time.sleep(0.3)  # the page drawn
            path = OUT / f"quality-web-{palette}.png"
            driver.save_screenshot(str(path))
            return path
        finally:
            driver.quit()
    finally:
        demo.send_signal(signal.SIGINT)
        try:
            demo.wait(10)
        except subprocess.TimeoutExpired:
            demo.kill()
            demo.wait()


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        for palette in PALETTES:
            print(shoot(palette, scratch))


if __name__ == "__main__":
    main()
