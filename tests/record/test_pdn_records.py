"""PDN in and out of the records: the corpora import, exports read back by our reader and pydraughts.

The default suite imports every tenth game of each corpus file and has pydraughts read a sample of
our exports; ``-m full`` imports every game.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from record_factory import DRAUGHTS_GAMES, draughts_record

from tablier.draughts.pdn import read_pdn
from tablier.record import json_format
from tablier.record.game_record import MOVE, RecordError
from tablier.record.pdn_records import import_pdn, write_pdn
from tablier.record.replay import replay_game

CORPORA = Path(os.environ["TABLIER_SHARED"], "corpora/draughts")
FILES = sorted(CORPORA.glob("english/*.pdn")) + sorted(CORPORA.glob("international/*.pdn"))
BROKEN = {("tinsley_CheckerBoard.pdn", 541): "move 123 (32-28): 32-28: there is no piece on 32"}
needs_corpus = pytest.mark.skipif(not FILES, reason="the PDN corpora are not here")


def _moves(record: object) -> list[str]:
    return [step.text for step in replay_game(record, record.games[0])  # type: ignore[attr-defined]
            if step.action.kind == MOVE]


def _check(path: Path, every: int) -> int:
    text = path.read_text(encoding="utf-8", errors="replace")
    games = read_pdn(text)
    imported = 0
    for result in import_pdn(text, path.name, numbers=range(1, len(games) + 1, every)):
        broken = BROKEN.get((path.name, result.game))
        if broken:
            assert result.record is None and broken in result.error
            continue
        assert result.record is not None, result.error
        record = result.record
        assert len(record.games[0].actions) == len(games[result.game - 1].moves)
        again = import_pdn(write_pdn(record))[0].record
        assert again is not None and again.games[0].actions == record.games[0].actions
        assert again.game == record.game
        assert json_format.loads(json_format.dumps(record)) == record  # every format that reads back
        imported += 1
    return imported


@needs_corpus
@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_a_sample_of_every_corpus_file_imports_and_round_trips(path: Path) -> None:
    assert _check(path, every=10)


@pytest.mark.full
@needs_corpus
@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_every_legal_corpus_game_imports_and_round_trips(path: Path) -> None:
    assert _check(path, every=1)


@pytest.mark.parametrize("game", DRAUGHTS_GAMES)
def test_every_draughts_game_round_trips(game: str) -> None:
    record = draughts_record(game, seed=3)
    text = write_pdn(record)
    again = import_pdn(text)[0].record
    assert again is not None and again.game == game
    assert again.games[0].actions == record.games[0].actions
    if record.games[0].outcome is not None:  # PDN keeps who won, not how
        assert again.games[0].outcome is not None
        assert again.games[0].outcome.winner == record.games[0].outcome.winner


def test_tags_and_game_type() -> None:
    record = draughts_record("english", seed=4)
    record.tags = {"Event": "Club night", "Site": "Hall", "Round": "3"}
    [game] = read_pdn(write_pdn(record))
    assert game.headers["GameType"] == "21" and game.headers["Event"] == "Club night"
    assert game.headers["Black"] == "Black \u00e9" and game.headers["White"] == "White \u4e2d"
    assert game.headers["Date"] == "2026.11.29" and "FEN" not in game.headers
    international = read_pdn(write_pdn(draughts_record("polish10", seed=4)))[0]
    assert international.headers["GameType"] == "20"


def test_a_set_up_game_writes_setup_and_fen() -> None:
    record = draughts_record("english", seed=2, fen="W:W18,22,K30:B5,9,K14")
    [game] = read_pdn(write_pdn(record))
    assert game.headers["SetUp"] == "1" and game.headers["FEN"].startswith("W:W18,22,K30")


@pytest.mark.parametrize("game, winner, text", [
    ("english", 0, "1-0"), ("english", 1, "0-1"), ("english", None, "1/2-1/2"),
    ("polish10", 1, "2-0"), ("polish10", 0, "0-2"), ("polish10", None, "1-1"),
])
def test_results_count_from_the_first_mover(game: str, winner: int | None, text: str) -> None:
    from tablier.record.game_record import Outcome

    record = draughts_record(game, seed=1, plies=4)
    record.games[0].outcome = Outcome(winner, "agreed", 1 if winner is not None else 0)
    [pdn] = read_pdn(write_pdn(record))
    assert pdn.headers["Result"] == text
    again = import_pdn(write_pdn(record))[0].record
    assert again is not None and again.games[0].outcome is not None
    assert again.games[0].outcome.winner == winner


def test_an_illegal_game_is_reported_with_its_place_and_the_others_import() -> None:
    text = ('[Event "a"]\n\n1. 11-15 23-19 2. 8-11 22-17 *\n\n'
            '[Event "b"]\n\n1. 11-15 23-19 2. 15-10 *\n\n'
            '[Event "c"]\n\n1. 9-13 *\n')
    results = import_pdn(text, "club.pdn")
    assert [result.record is not None for result in results] == [True, False, True]
    assert results[1].error.startswith("club.pdn: game 2, move 3 (15-10)")


def test_an_unknown_game_type_is_refused() -> None:
    [result] = import_pdn('[GameType "30"]\n\n1. a3-b4 *\n', "turkish.pdn")
    assert result.record is None and "GameType 30 is not a game Tablier plays" in result.error


def test_only_draughts_is_written_as_pdn() -> None:
    from record_factory import tables_record

    with pytest.raises(RecordError, match="PDN holds draughts games"):
        write_pdn(tables_record("backgammon", 1))


draughts = pytest.importorskip("draughts")
from draughts.PDN import PDNReader  # noqa: E402


def _pydraughts_replays(text: str, variant: str, moves: list[str]) -> None:
    [game] = PDNReader(pdn_text=text).games
    assert game.moves == moves
    board = draughts.Board(variant)
    for written in moves:
        squares = [int(square) for square in written.replace("x", "-").split("-")]
        matching = [move for move in board.legal_moves()
                    if move.steps_move[0] == squares[0] and move.steps_move[-1] == squares[-1]
                    and (len(squares) == 2 or list(move.steps_move) == squares)]
        assert len(matching) == 1, written
        board.push(matching[0])


@pytest.mark.parametrize("seed", range(3))
def test_pydraughts_reads_our_english_and_international_exports(seed: int) -> None:
    for ours, theirs in (("english", "english"), ("polish10", "standard")):
        record = draughts_record(ours, seed=seed, plies=40)
        _pydraughts_replays(write_pdn(record), theirs, _moves(record))


@needs_corpus
def test_pydraughts_reads_exported_corpus_games() -> None:
    text = (CORPORA / "english" / "OCA_2.0_excerpt_wiegerw.pdn").read_text(encoding="utf-8", errors="replace")
    for result in import_pdn(text)[:43:7]:
        assert result.record is not None
        if result.record.games[0].start:
            continue
        _pydraughts_replays(write_pdn(result.record), "english", _moves(result.record))
