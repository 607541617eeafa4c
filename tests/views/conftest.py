"""Games on the simulated board for the views' tests (the real firmware under MicroPython)."""

from __future__ import annotations

from pathlib import Path

from tablier.play.dice import Dice
from tablier.play.runner import PlayResult, play
from tablier.play.script import ScriptActor, parse_script
from tablier.play.session import PlayOptions

SNAPSHOTS = Path(__file__).parent / "snapshots"
#: Backgammon with the cube, a match to 5: the opening throw won by black, his 3-1 half played
#: (8/5) and a man lifted from the 6-point: its destination lit.
LIFTED = """
setup
dice 3 1
press 1
dice 3 1
press 1
move point 8 point 5
lift point 6
"""
#: Backgammon: black's opening 3-1 played 8/5 6/5 and committed.
BLACK_PLAYED = """
setup
dice 3 1
press 1
dice 3 1
press 1
move point 8 point 5 / move point 6 point 5
press 1
"""
#: ... and White has thrown 6-4: his turn to play.
WHITE_TO_PLAY = BLACK_PLAYED + """
dice 6 4
press 2
"""
#: English draughts: black's 11-15 played, white's man lifted from 22 (17 and 18 lit).
DRAUGHTS = """
setup
move square 11 square 15
press 1
lift square 22
"""


def run_script(game: str, script: str, log_dir: Path | None = None, **options: object) -> PlayResult:
    """Play ``script`` on a fresh simulated board (seeded dice, a short grace time; the quality
    lights off unless ``quality`` says otherwise: the views are drawn with the lights of legality)."""
    actions = parse_script(script, "test-script")
    options.setdefault("quality", ("off", "off"))
    return play(game, PlayOptions(grace_s=0.3, **options), Dice(1), sim=True,  # type: ignore[arg-type]
                log_dir=log_dir, make_actor=lambda hands, cable: ScriptActor(actions, hands, cable, "t"),
                timeout=60)
