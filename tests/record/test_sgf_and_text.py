"""GNU Backgammon SGF and the text export: checked against what GNU Backgammon itself wrote."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from record_factory import DRAUGHTS_GAMES, TABLES_GAMES, draughts_record, tables_record

from tablier.record.mat_reader import read_mat_file
from tablier.record.replay import replay_game
from tablier.record.sgf import read_sgf, write_sgf
from tablier.record.text_export import write_text
from tablier.tables.gnubg_id import decode_match

BACKGAMMON = Path(os.environ["TABLIER_SHARED"], "corpora/backgammon")
needs_corpus = pytest.mark.skipif(not BACKGAMMON.is_dir(), reason="the backgammon corpus is not here")


def _positions(record: object) -> list[list[object]]:
    return [[(step.action.side, step.action.kind, step.action.dice, step.after)
             for step in replay_game(record, game)] for game in record.games]  # type: ignore[attr-defined]


@needs_corpus
def test_gnubgs_sgf_and_mat_of_one_match_replay_alike() -> None:
    from_mat = read_mat_file(str(BACKGAMMON / "mat" / "gnubg_selfplay_3pt.mat"))
    from_sgf = read_sgf((BACKGAMMON / "sgf" / "gnubg_selfplay_3pt.sgf").read_text())
    assert _positions(from_sgf) == _positions(from_mat)
    assert [game.score for game in from_sgf.games] == [game.score for game in from_mat.games]
    assert [(g.outcome.winner, g.outcome.points) for g in from_sgf.games if g.outcome] == \
        [(g.outcome.winner, g.outcome.points) for g in from_mat.games if g.outcome]


@needs_corpus
@pytest.mark.parametrize("path", sorted((BACKGAMMON / "sgf").glob("*.sgf")), ids=lambda path: path.name)
def test_every_corpus_sgf_replays(path: Path) -> None:
    record = read_sgf(path.read_text())
    assert record.games and all(replay_game(record, game) for game in record.games)


@pytest.mark.parametrize("seed", range(3))
def test_our_sgf_round_trips(seed: int) -> None:
    record = tables_record("backgammon", seed, games=2)
    text = write_sgf(record)
    assert text.count("GM[6]") == 2 and "PW[Ann \u00e9l\u00e8ve]" in text
    assert _positions(read_sgf(text)) == _positions(record)


@needs_corpus
def test_the_text_export_gives_gnubgs_position_ids_at_every_turn() -> None:
    name = "BoardLord_-_Llabba_7pt_Backgammon_Studio_2023_08_09_18_11_07"
    text = write_text(read_mat_file(str(BACKGAMMON / "mat" / f"{name}.txt")))
    ours = re.findall(r"Position ID (\S+)  Match ID (\S+)", text)
    theirs = []
    for path in sorted((BACKGAMMON / "gnubg_text").glob(f"{name}*.txt")):
        for block in re.split(r"Move number \d+:", path.read_text())[1:]:
            if " to play " in block.split("\n")[0]:
                found = re.search(r"Position ID: (\S+)\s+Match ID\s*: (\S+)", block)
                assert found
                theirs.append((found.group(1), found.group(2)))
    assert len(ours) == len(theirs) > 100
    assert [position for position, _ in ours] == [position for position, _ in theirs]
    for (_, our_match), (_, their_match) in zip(ours, theirs, strict=True):
        mine, gnubgs = decode_match(our_match), decode_match(their_match)
        # GNU Backgammon's export marks the first throw of each game "no game yet"; all else agrees
        assert mine.__dict__ | {"game_state": 0} == gnubgs.__dict__ | {"game_state": 0}


@pytest.mark.parametrize("game", TABLES_GAMES)
def test_text_of_every_tables_game(game: str) -> None:
    record = tables_record(game, seed=2)
    text = write_text(record)
    assert "Game 1: black Ann" in text and "Result:" in text
    assert ("Position ID" in text) == (game == "backgammon")
    assert "+-------------------+---+" in text  # the final diagram


@pytest.mark.parametrize("game", DRAUGHTS_GAMES)
def test_text_of_every_draughts_game(game: str) -> None:
    record = draughts_record(game, seed=2)
    text = write_text(record)
    first = record.games[0].actions[0].moves[0]
    assert re.search(rf"^1\. {first[0]}[-x]", text, re.MULTILINE)


@needs_corpus
def test_sgf_files_import_into_the_archive(tmp_path: Path) -> None:
    from tablier.record.archive import Archive
    from tablier.record.importing import read_records

    loaded = read_records(BACKGAMMON / "sgf" / "gnubg_selfplay_3pt.sgf")
    with Archive(tmp_path / "a.sqlite3") as archive:
        [(record_id, fresh)] = archive.add_all(loaded.records)
        assert fresh and len(archive.get(record_id).games) == 4
