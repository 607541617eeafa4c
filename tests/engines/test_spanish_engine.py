"""Spanish Backgammon: the engine weighs the loser's count (3, 2, 1 by table) as the race stands."""

from __future__ import annotations

from tablier.engines import find_level, tables_engine
from tablier.engines.tables_terms import race_chance
from tablier.tables.catalog import make_variant
from tablier.tables.moves import Dice
from tablier.tables.notation import format_play
from tablier.tables.position import WHITE
from tablier.tables.position_text import parse_position

SPANISH = make_variant("spanish", None)
MY_MEN = "W 24 7 3 offx12"
"""White's last three men: one still in his first table (24: 3 points if he loses), two lower."""
SURE_WIN = parse_position(MY_MEN + " / B 24x15 / W")
SURE_LOSS = parse_position(MY_MEN + " / B 1 offx14 / W")
"""Black bears his last man off on his next throw, whatever it is: White pays for what he leaves."""


def test_the_race_chance_runs_from_sure_loss_to_sure_win() -> None:
    assert race_chance(SURE_WIN, WHITE) > 0.999
    assert race_chance(SURE_LOSS, WHITE) < 0.001
    start = SPANISH.start_position(WHITE)
    assert 0.5 < race_chance(start, WHITE) < 0.7  # equal pips, White on roll


def test_a_sure_loser_saves_a_point_of_the_count_a_sure_winner_need_not() -> None:
    engine = tables_engine(SPANISH)
    for level in (find_level(1), find_level(2)):
        # Losing: 24/18 takes the man out of the first table (3 points) into the second (2).
        ranked = engine.rank(SURE_LOSS, Dice(4, 2), level)
        assert format_play(ranked[0].move) == "24/18"
        assert round(ranked[0].terms["count"], 2) == -4.0
        assert all(round(candidate.terms["count"], 2) <= -4.0 for candidate in ranked)
    # Winning: Black's fifteen men pay 3 each whatever White does, and White's own men left cost
    # him nothing, so the count is the same after every play and does not decide it.
    winning = engine.rank(SURE_WIN, Dice(4, 2), find_level(1))
    assert {round(candidate.terms["count"], 1) for candidate in winning} == {45.0}
    assert "worth 45.0 points to you" in winning[0].why


def test_a_finished_game_scores_the_count() -> None:
    engine = tables_engine(SPANISH)
    ranked = engine.rank(SURE_LOSS, Dice(4, 2), find_level(2))
    # Two plies see Black's throw end the game: the play's score is minus the count it leaves.
    assert ranked[0].score == -4000.0 and ranked[1].score == -5000.0
