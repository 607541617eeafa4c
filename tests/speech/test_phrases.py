"""The words spoken: plays, moves, throws, mending a false move, the teacher, the result, in English
and in French, built from the rules cores' own values."""

from __future__ import annotations

import string
from typing import Any

import pytest

from tablier.draughts.variants import find_variant
from tablier.engines.profiles import BANDS
from tablier.speech import LANGUAGES, Phrases
from tablier.speech.phrases import words
from tablier.tables import Backgammon
from tablier.tables.moves import Dice
from tablier.tables.notation import parse_play

EN, FR = Phrases("en"), Phrases("fr")


@pytest.mark.parametrize(("notation", "english", "plain", "french"), [
    ("13/7 8/7*", "13 7, 8 7 hit", "from 13 to 7; from 8 to 7, hitting", "13 7, 8 7 frappe"),
    ("bar/22*", "bar 22 hit", "from the bar to 22, hitting", "barre 22 frappe"),
    ("6/off 5/off", "6 off, 5 off", "bears off from 6; bears off from 5", "6 sortie, 5 sortie"),
    ("13/9(2)", "13 9 twice", "2 men from 13 to 9", "13 9 deux fois"),
    ("24/18*/13", "24 18 hit 13", "from 24 to 13, hitting on 18", "24 18 frappe 13"),
    ("cannot move", "cannot move", "cannot move", "ne peut pas jouer"),
])
def test_a_tables_play_is_said_in_its_notation_or_in_plain_words(notation: str, english: str, plain: str,
                                                                  french: str) -> None:
    assert EN.tables_play(notation) == english
    assert EN.tables_play(notation, plain=True) == plain
    assert FR.tables_play(notation) == french


def test_a_play_of_the_core_is_said_as_its_notation() -> None:
    variant = Backgammon()
    position = variant.start_position()
    play = parse_play("8/5 6/5", variant, position, Dice(3, 1))
    assert EN.tables_play(play) == "8 5, 6 5" and EN.tables_play(()) == "cannot move"
    assert FR.tables_play(play, plain=True) == "de 8 à 5 ; de 6 à 5"
    assert EN.played(EN.tables_play(play), "Alice") == "Alice plays 8 5, 6 5."
    assert FR.played(FR.tables_play(play)) == "Vous jouez 8 5, 6 5."


def test_a_draughts_move_is_said_from_the_core_or_its_pdn() -> None:
    board = find_variant("english")("B:W18:B14,K22")
    jump = next(move for move in board.legal_moves() if move.captures)
    assert EN.draughts_move(jump) == f"{jump.from_square} takes {jump.to_square}"
    assert EN.draughts_move("11-15") == "11 15"
    assert EN.draughts_move("22x15x8") == "22 takes 15 takes 8"
    assert EN.draughts_move("22x15x8", plain=True) == "from 22, captures to 15 then 8, taking 2 men"
    assert FR.draughts_move("22x15x8") == "22 prend 15 prend 8"
    assert FR.draughts_move("11-15", plain=True) == "de 11 à 15"
    crowning = find_variant("english")("B:W32:B27").legal_moves()
    assert EN.draughts_move(crowning[0]).endswith(", and is crowned")


def test_throws_turns_and_the_result() -> None:
    assert EN.throw(Dice(3, 5)) == "You throw 5 3."
    assert EN.throw(Dice(6, 6), "Alice") == "Alice throws double 6s."
    assert FR.throw(Dice(2, 2)) == "Vous faites double 2."
    assert FR.throw(Dice(5, 3), "Alice") == "Alice fait 5 3."
    assert EN.opening("Alice", 5, "Bob", 6) == "Alice throws 5, Bob throws 6: Bob begins."
    assert EN.turn() == "Your turn." and EN.turn("Bob", throw=True) == "Bob to throw."
    assert FR.turn("Bob") == "À Bob de jouer."
    assert EN.result(2, "point", "Alice", match_over=True) == "Alice wins 2 points. The match is over."
    assert EN.result(1, "counter") == "You win 1 counter."
    assert FR.result(1, "game") == "Vous gagnez la partie."
    assert FR.result(3, "counter", "Bob") == "Bob gagne 3 jetons." and EN.draw() == "The game is drawn."
    assert EN.score("Alice", 3, "Bob", 1) == "Score: Alice 3, Bob 1."
    assert EN.cube("double", 2, "Bob") == "Bob doubles, to 2." and EN.cube("take") == "You take."
    assert FR.cube("drop", player="Bob") == "Bob refuse." and FR.cube("double", 4) == "Vous doublez, à 4."


def test_a_false_move_and_how_to_mend_it() -> None:
    assert EN.illegal() == "That is not a legal move."
    assert EN.illegal("a man on the bar must enter first.") == \
        "That is not a legal move: a man on the bar must enter first."
    assert EN.mend("tables", ("point", 13), ("bar", 1)) == "Lift a man from point 13. Put a man on the bar."
    assert FR.mend("tables", ("point", 13), None) == "Soulevez une dame de la flèche 13."
    assert FR.mend("draughts", None, ("square", 15)) == "Posez un pion sur la case 15."
    assert EN.mend("draughts", None, None) == "The board is right again."


def test_the_teacher_and_the_quality_of_plays() -> None:
    assert EN.warning("very bad", 0.2134, 3, EN.tables_play("8/5 6/5")) == (
        "Careful: that play is very bad. It loses 0.213; better is 8 5, 6 5. Press again to keep yours.")
    assert "Il perd 0,100" in FR.warning("bad", 0.1, 3, "8 5")  # the French decimal comma
    assert EN.quality("doubtful") == "That play is doubtful."
    assert FR.quality("very bad") == "Ce coup est très mauvais."
    assert EN.destination(("point", 9), "best") == "point 9: the best."
    assert [EN.hints_left(n) for n in (0, 1, 2)] == ["No hints left this turn.", "1 hint left.",
                                                     "2 hints left."]
    assert set(words("en")["bands"]) == set(BANDS)


def _fields(template: Any) -> Any:
    """A template's placeholders (a table's, by key)."""
    if isinstance(template, dict):
        return {key: _fields(value) for key, value in template.items()}
    if isinstance(template, str):
        return sorted(name for _, name, _, _ in string.Formatter().parse(template) if name)
    return None


@pytest.mark.parametrize("language", [language for language in LANGUAGES if language != "en"])
def test_every_language_has_every_phrase_with_the_same_blanks(language: str) -> None:
    """A translation says every phrase, and fills the same blanks (so none can break a sentence)."""
    english, other = words("en"), words(language)
    for section in ("you", "player", "dice", "draughts", "men", "places", "mend", "teacher", "bands",
                    "result", "tables", "reading"):
        assert set(other[section]) == set(english[section]), section
        for key, template in english[section].items():
            if isinstance(template, str) and key not in ("bar", "off", "hit"):
                assert _fields(other[section][key]) == _fields(template), (section, key)
    for section in ("units", "hints"):
        assert set(other[section]) == set(english[section])


def test_an_unknown_language_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="languages: en, fr"):
        Phrases("de")
