"""The HTML replay's additions: the cube, the score of each game, buttons in plain words."""

from __future__ import annotations

import re
from pathlib import Path

from tablier.record.from_log import read_event_log
from tablier.record.html_replay import write_html

from .conftest import BLACK_PLAYED, run_script

DROPPED = BLACK_PLAYED + """
say double
say drop
"""


def test_the_replay_shows_the_cube_the_score_and_plain_buttons(tmp_path: Path) -> None:
    result = run_script("backgammon", DROPPED, log_dir=tmp_path, options={"cube": "true"}, match_length=1)
    assert result.log_path is not None and result.session.over
    html = write_html(read_event_log(result.log_path))
    assert ("Score (match to 1): before this game player 1 0, player 2 0; "
            "after it player 1 0, player 2 1") in html
    # the cube in the middle, on every frame, at 1 as the words beside it say (not a real cube's 64)
    cube = re.findall(r'<text[^>]*font-size="4"[^>]*>([^<]*)</text>', html)
    assert len(cube) >= 2 and set(cube) == {"1"}, cube
    for word in ("&lt;&lt; First", "&lt; Back", "Next &gt;", "Last &gt;&gt;"):
        assert f">{word}</button>" in html
    assert "&#x25B6;" not in html and "&#x23EE;" not in html  # no symbols that common fonts may lack
