"""Scripted games on the simulated board (the real firmware under MicroPython, over a pty)."""

from __future__ import annotations

from pathlib import Path

from tablier.play.dice import Dice
from tablier.play.runner import PlayResult, play
from tablier.play.script import ScriptActor, parse_script
from tablier.play.session import PlayOptions


def run_script(game: str, script: str, log_dir: Path | None = None, seed: int = 1, grace: float = 0.3,
               **options: object) -> PlayResult:
    """Play ``script`` on a fresh simulated board; a failed ``expect`` raises ``ScriptError``. The
    quality lights are off unless ``quality`` says otherwise: the scripts check the lights of
    legality (the quality lights' own tests: ``test_quality_lights_in_play.py``)."""
    actions = parse_script(script, "test-script")
    options.setdefault("quality", ("off", "off"))
    play_options = PlayOptions(grace_s=grace, **options)  # type: ignore[arg-type]
    return play(game, play_options, Dice(seed), sim=True, log_dir=log_dir,
                make_actor=lambda hands, cable: ScriptActor(actions, hands, cable, "test-script"),
                timeout=60)
