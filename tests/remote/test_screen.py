"""What a board-to-board player sees: his board, his screen (issue 31, item 15).

While the adversary chooses his move at the other board, this board lights none of his options (it
would invite a touch); the screen says which seat is the player's; no player is "he"; and at 80x24
a teacher's warning keeps its headline (how much was lost, against what) when its reasons do not
all fit.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.append(str(Path(__file__).resolve().parent))

from twoboards import RACE, play_two

from tablier.board.scene import Scene
from tablier.club.messages import scene_from_json
from tablier.play.remote_seat import RemoteSeat
from tablier.play.view import render

#: The lights that show a player his options (where a man may go, and how good it is; which man may
#: move; a hint).
OPTIONS = {"destination", "hit", "bear-off", "must-move", "from-stack", "hint",
           "best", "doubtful", "bad", "very-bad"}
#: A pronoun a message may not give a player.
HE = (" he ", " his ", " him ", "He ", "His ")


@pytest.mark.parametrize(("game", "position"), [("backgammon", RACE),
                                                ("english", "B:W21,22,23,25,29,30:B5,6,9,10,11,12")])
def test_no_option_of_the_adversary_is_lit_while_he_chooses_and_nobody_is_he(
        mosquitto, tmp_path: Path, game: str, position: str) -> None:
    lit: list[set[str]] = []
    panels: list[str] = []
    scenes: list[Scene] = []

    def watch(session: Any) -> None:
        seat = session.computer
        assert isinstance(seat, RemoteSeat)
        if session.mover() == seat.remote and not seat.moving(session) and not session.guiding:
            lit.append(set(session.led_plan().meanings().values()))
        if not panels:
            scenes.append(session.scene())
            panels.append(render(scenes[0], 80, 24))

    ann, bob = play_two(mosquitto, game, tmp_path, position=position, teaching=True, watch=(None, watch))
    assert lit, "the adversary's turn was never seen"
    assert not set().union(*lit) & OPTIONS
    assert "Bob (O, you)" in panels[0] or "Bob (white, you)" in panels[0], panels[0]
    assert scene_from_json(scenes[0].to_json()) == scenes[0]  # the club's page reads it whole
    said = " ".join(ann.session.message_log + bob.session.message_log)
    assert not [word for word in HE if word in said], [line for line in bob.session.message_log
                                                       if any(word in line for word in HE)]


def test_a_teachers_warning_keeps_its_headline_at_80x24() -> None:
    warning = ["That play (13/7 8/7) loses about 0.2 of a point a game against 24/18 13/11 (level 2).",
               "Why: you win 44% of games after yours, 51% after 24/18 13/11.",
               "Why: it leaves two blots where 11 throws hit one, against 3.",
               "Play 24/18 13/11 as the lights show, or keep yours (13/7 8/7)."]
    scene = Scene("tables", "Backgammon", messages=("Ann (black) throws 6-1", *warning),
                  words=("Ann (black) to play 6-1", "the board shows: partial"))
    reasons = 0
    for height in range(23, 15, -1):  # the terminal's 24 lines, then fewer (a longer panel, more words)
        shown = render(scene, 80, height, keys="keys: roll, done, hint, quit (prefix 1 or 2 for the player)")
        if "Why:" in shown:
            reasons += 1
            assert "That play (13/7 8/7) loses about 0.2" in shown, (height, shown)
            assert "Play 24/18 13/11 as the lights show" in shown, (height, shown)
    assert reasons >= 3  # a reason at least was shown with it at most heights
