"""The records read what a game is from the game itself (its facts), not from its name: which
formats hold it, whether its results follow its rules and the cube. A game made by subclassing
Backgammon is Backgammon to the records unless it says otherwise."""

from __future__ import annotations

import pytest
from record_factory import tables_record

import tablier.tables.catalog as catalog
from tablier.games import GameFacts
from tablier.record.exporting import formats_for
from tablier.record.game_record import DRAUGHTS, TABLES, Record, RecordError
from tablier.record.mat_reader import read_mat
from tablier.record.mat_writer import write_mat
from tablier.record.settling import settle
from tablier.record.sgf import read_sgf, write_sgf
from tablier.record.text_export import write_text
from tablier.tables.backgammon import Backgammon

PICTURES = ("html", "svg", "png")


@pytest.mark.parametrize(("game", "family", "formats"), [
    ("backgammon", TABLES, ("mat", "sgf", "json", "txt")),
    ("portes", TABLES, ("json", "txt")),
    ("ticktack", TABLES, ("json", "txt")),
    ("tavli", TABLES, ("json", "txt")),
    ("english", DRAUGHTS, ("pdn", "json", "txt")),
    ("devil", DRAUGHTS, ("pdn", "json", "txt")),
])
def test_each_game_is_written_in_the_formats_its_facts_name(game: str, family: str,
                                                           formats: tuple[str, ...]) -> None:
    assert formats_for(Record(game=game, family=family)) == (*formats, *PICTURES)


def test_a_game_tablier_does_not_play_is_refused_in_one_line() -> None:
    with pytest.raises(RecordError, match="unknown game 'quoits'"):
        formats_for(Record(game="quoits", family=TABLES))


class ClubBackgammon(Backgammon):
    """Backgammon under another name, as a club's own subclass would add it."""

    name = "club-backgammon"
    title = "Club Backgammon"
    aliases = ()


class HouseBackgammon(Backgammon):
    """A subclass that says it is not Backgammon to the records (its facts, in one place)."""

    name = "house-backgammon"
    title = "House Backgammon"
    aliases = ()
    facts = GameFacts(gnubg_moves=True)


@pytest.fixture
def subclassed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The two subclasses in the catalogue, as a new game is added (one line there)."""
    variants = (*catalog.VARIANTS, ClubBackgammon, HouseBackgammon)
    monkeypatch.setattr(catalog, "VARIANTS", variants)
    monkeypatch.setattr(catalog, "GAMES", (*catalog.GAMES, ClubBackgammon.info(), HouseBackgammon.info()))


@pytest.mark.usefixtures("subclassed")
def test_a_subclass_of_backgammon_is_backgammon_to_the_records() -> None:
    record = settle(tables_record("club-backgammon", seed=3, games=2)).record
    assert formats_for(record) == ("mat", "sgf", "json", "txt", *PICTURES)
    assert "Position ID" in write_text(record)  # GNU Backgammon's own game: its IDs
    plays = [[action.moves for action in game.actions] for game in record.games]
    for again in (read_mat(write_mat(record)), read_sgf(write_sgf(record))):
        assert again.game == "backgammon"
        assert [[action.moves for action in game.actions] for game in again.games] == plays
    assert all(game.outcome is not None for game in record.games)  # its results follow its rules


@pytest.mark.usefixtures("subclassed")
def test_a_subclass_that_says_otherwise_is_not() -> None:
    record = settle(tables_record("house-backgammon", seed=3)).record
    assert formats_for(record) == ("json", "txt", *PICTURES)
    with pytest.raises(RecordError, match=r"a \.mat file holds Backgammon only, not house-backgammon"):
        write_mat(record)
    with pytest.raises(RecordError, match="SGF holds Backgammon only"):
        write_sgf(record)
    assert "Position ID" not in write_text(record)
