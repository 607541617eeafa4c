"""PDN reading and writing: the syntax layer, its quirks, the edge-case files and round trips."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablier.draughts import find_variant
from tablier.draughts.pdn import (
    PdnMove,
    PdnSyntaxError,
    PdnVisitor,
    read_games,
    read_pdn,
)
from tablier.draughts.pdn_replay import replay_game
from tablier.draughts.pdn_writer import new_game, write_game, write_games
from tablier.record.pdn_records import read_pdn_file

EDGE_CASES = Path(os.environ["TABLIER_SHARED"], "corpora/draughts/edge_cases")
needs_edge_cases = pytest.mark.skipif(not EDGE_CASES.is_dir(), reason="the PDN corpora are not here")


# -- moves -------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "squares", "capture"), [
    ("32-28", (32, 28), False),
    ("11x18x25", (11, 18, 25), True),
    ("23:05", (23, 5), True),
    ("a3-b4", ("a3", "b4"), False),
    ("a3b4", ("a3", "b4"), False),
    ("1- 6", (1, 6), False),
])
def test_moves_are_read_with_every_separator(text: str, squares: tuple[int | str, ...],
                                             capture: bool) -> None:
    move = PdnMove.from_pdn(text)
    assert move.squares == squares
    assert move.capture is capture


def test_moves_are_written_without_leading_zeros() -> None:
    assert PdnMove.from_pdn("05x14x23").pdn() == "5x14x23"


@pytest.mark.parametrize("text", ["32", "32-", "x28", "foo"])
def test_malformed_moves_are_rejected(text: str) -> None:
    with pytest.raises(PdnSyntaxError):
        PdnMove.from_pdn(text)


@pytest.mark.parametrize("text", ["11-18-25", "11-18x25"])
def test_a_multi_jump_written_with_dashes_is_a_capture_written_with_x(text: str) -> None:
    move = PdnMove.from_pdn(text)
    assert (move.squares, move.capture, move.casual) == ((11, 18, 25), True, text)
    assert move.pdn() == "11x18x25"
    assert move == PdnMove((11, 18, 25), True)


# -- reading -----------------------------------------------------------------------------------------

def test_tags_moves_comments_and_result() -> None:
    [game] = read_pdn('[Event "Club"]\n[GameType "21"]\n{Before} 1. 11-15 {a classic} 23-19 2. 8-11 0-1\n')
    assert game.headers == {"Event": "Club", "GameType": "21"}
    assert game.game_type == 21
    assert game.comments == ["Before"]
    assert [node.move.pdn() for node in game.moves] == ["11-15", "23-19", "8-11"]
    assert game.moves[0].comments == ["a classic"]
    assert game.result == "0-1"
    assert not game.errors


def test_moves_glued_to_numbers_strengths_and_nags() -> None:
    [game] = read_pdn("1.32-28!? 19-23(?) 2.28x19 $3 14x23 2-0")
    assert [node.move.pdn() for node in game.moves] == ["32-28", "19-23", "28x19", "14x23"]
    assert [node.strength for node in game.moves[:2]] == ["!?", "(?)"]
    assert game.moves[2].nags == [3]
    assert game.result == "2-0"


def test_a_result_is_not_taken_from_the_front_of_a_move() -> None:
    [game] = read_pdn("1. 1-10 10-1 1-1")
    assert [node.move.pdn() for node in game.moves] == ["1-10", "10-1"]
    assert game.result == "1-1"


def test_crlf_and_games_without_terminator_are_split_at_the_next_tags() -> None:
    text = '[Event "a"]\r\n1. 32-28 19-23\r\n\r\n[Event "b"]\r\n1. 33-28 *\r\n'
    games = read_pdn(text)
    assert [game.headers["Event"] for game in games] == ["a", "b"]
    assert [len(game.moves) for game in games] == [2, 1]


def test_result_falls_back_on_the_tag_and_a_disagreement_is_a_warning() -> None:
    [untermin] = read_pdn('[Result "1-0"]\n1. 11-15 23-19')
    assert untermin.result == "1-0"
    [disagree] = read_pdn('[Result "1-0"]\n1. 11-15 23-19 0-1')
    assert disagree.result == "0-1"
    assert "differs" in str(disagree.warnings[0])


def test_words_outside_comments_and_empty_tags_are_warnings_not_errors() -> None:
    [game] = read_pdn("[Empty]\n1. 11-15 23-19 8-11Red overstepped the time. *")
    assert [node.move.pdn() for node in game.moves] == ["11-15", "23-19", "8-11"]
    assert game.moves[-1].comments == ["Red overstepped the time."]
    assert not game.errors
    assert len(game.warnings) == 2


def test_strings_keep_escaped_quotes_and_unicode() -> None:
    [game] = read_pdn('[White "say \\"hi\\" \\\\ Сергей 雨"]\n1. 32-28 *')
    assert game.headers["White"] == 'say "hi" \\ Сергей 雨'


def test_errors_say_where_and_the_reader_goes_on() -> None:
    [game] = read_pdn("1. 32-28 # 19-23 ) 2. 28x19 *")
    assert [node.move.pdn() for node in game.moves] == ["32-28", "19-23", "28x19"]
    messages = [str(error) for error in game.errors]
    assert messages == ["line 1, column 10: cannot read '#'",
                        "line 1, column 18: ')' without a variation to close"]
    assert [error.ply for error in game.errors] == [1, 2]


def test_unterminated_comment_and_string_are_errors() -> None:
    [game] = read_pdn("1. 32-28 {never closed")
    assert "unterminated comment" in str(game.errors[0])
    [game] = read_pdn('[Event "never closed]\n1. 32-28 *')
    assert [str(error) for error in game.errors] == [
        "line 1, column 8: in the tag [Event ...]: the string is not closed by '\"' before the end "
        "of the line"]
    assert [node.move.pdn() for node in game.moves] == ["32-28"]  # the game is not split in two


def test_a_visitor_can_skip_variations() -> None:
    class MainLine(PdnVisitor[list[str]]):
        def __init__(self) -> None:
            self.moves: list[str] = []

        def visit_move(self, move: PdnMove, strength: str) -> None:
            self.moves.append(move.pdn())

        def begin_variation(self) -> bool:
            return False

        def result(self) -> list[str]:
            return self.moves

    text = "32-28 19-23 (18-23 38-32 (37-32? 23-29!) 12-18) 28x19 14x23"
    assert list(read_games(text, MainLine)) == [["32-28", "19-23", "28x19", "14x23"]]


def test_variations_are_kept_as_alternatives_to_their_move() -> None:
    [game] = read_pdn("32-28 19-23 (18-23 38-32 (37-32? 23-29! { Black wins }) 12-18) 28x19 14x23")
    assert [node.move.pdn() for node in game.moves] == ["32-28", "19-23", "28x19", "14x23"]
    [variation] = game.moves[1].variations
    assert [node.move.pdn() for node in variation] == ["18-23", "38-32", "12-18"]
    [inner] = variation[1].variations
    assert [(node.move.pdn(), node.strength) for node in inner] == [("37-32", "?"), ("23-29", "!")]
    assert inner[1].comments == ["Black wins"]


def test_a_set_up_command_gives_the_start_position() -> None:
    [game] = read_pdn('/FEN "W:W31,32:B1,2"/ 1. 31-27 *')
    assert game.fen == "W:W31,32:B1,2"


# -- the edge-case files ---------------------------------------------------------------------------

@needs_edge_cases
@pytest.mark.parametrize("name", ["alphanumeric", "fen", "gameterminator", "linecomment", "movestrength",
                                  "string", "unicode", "variation"])
def test_edge_case_files_are_read_without_error(name: str) -> None:
    games = read_pdn_file(str(EDGE_CASES / f"{name}.pdn"))
    assert games
    assert all(not game.errors for game in games)


@needs_edge_cases
def test_edge_case_contents() -> None:
    def moves(name: str) -> list[str]:
        return [node.move.pdn() for node in read_pdn_file(str(EDGE_CASES / f"{name}.pdn"))[0].moves]

    assert moves("alphanumeric") == ["a3-b4"]
    assert moves("gameterminator") == ["32-28"]
    assert moves("linecomment") == ["32-28", "19-23"]
    assert moves("movestrength") == ["32-28", "19-23", "28x19"]
    assert read_pdn_file(str(EDGE_CASES / "string.pdn"))[0].headers["White"].endswith('character "')
    assert read_pdn_file(str(EDGE_CASES / "unicode.pdn"))[0].headers["Black"] == "高文龙"
    fens = [game.fen for game in read_pdn_file(str(EDGE_CASES / "fen.pdn"))]
    assert fens == ["?:W29,13,11:B22,4,2", "W:W31,29,K15:B14,13,12,9", "W:W31-50:B1-20"]


@needs_edge_cases
def test_the_nested_comment_file_fails_with_a_clear_error() -> None:
    [game] = read_pdn_file(str(EDGE_CASES / "nested_comment_SHOULD_FAIL.pdn"))
    [error] = game.errors
    assert str(error).startswith("line 1, column 25: nested comment")
    assert not replay_game(game, find_variant("polish10")).ok


def test_edge_case_set_ups_replay() -> None:
    # An unknown side to move ('?') is taken from the piece on the first move's square.
    [game] = read_pdn('[FEN "?:W29,13,11:B22,4,2"]\n1. 13-8 *')
    assert replay_game(game, find_variant("polish10")).ok
    # Algebraic moves on the 8x8 board: a3 is square 21, b4 is 17.
    [game] = read_pdn('[FEN "W:W21-32:B1-12"]\n1.a3b4 *')
    replay = replay_game(game, find_variant("english"))
    assert replay.ok
    assert replay.board.piece_at(17) is not None


# -- writing -----------------------------------------------------------------------------------------

def test_the_writer_orders_tags_numbers_moves_and_wraps_lines() -> None:
    game = new_game(["11-15", "23-19", "8-11", "22-17"] * 10, headers={"White": "W", "Event": "E"},
                    game_type=21, result="1/2-1/2")
    text = write_game(game, width=40)
    lines = text.splitlines()
    assert lines[:4] == ['[Event "E"]', '[White "W"]', '[Result "1/2-1/2"]', '[GameType "21"]']
    assert lines[5].startswith("1. 11-15 23-19 2. 8-11 22-17 3. 11-15")
    assert all(len(line) <= 40 for line in lines)
    assert text.endswith("1/2-1/2\n")


def test_the_writer_writes_set_ups_and_second_player_starts() -> None:
    game = new_game(["27-24", "20x27", "14-9"], fen="W:W14,27:B7,20", result="*")
    [again] = read_pdn(write_game(game))
    assert again.header("SetUp") == "1"
    assert again.fen == "W:W14,27:B7,20"
    assert write_game(game).splitlines()[-1] == "1. 27-24 20x27 2. 14-9 *"


def test_the_writer_escapes_strings_and_comment_braces() -> None:
    game = new_game(["32-28"], headers={"White": 'a "b" \\', "Event": "two\r\nlines"})
    game.moves[0].comments.append("look {here}")
    [again] = read_pdn(write_game(game))
    assert again.headers["White"] == 'a "b" \\'
    assert again.headers["Event"] == "two lines"
    assert again.moves[0].comments == ["look (here)"]


def test_variations_survive_a_round_trip() -> None:
    text = "32-28 19-23 (18-23 38-32 (37-32? 23-29! { Black wins }) 12-18) 28x19 14x23 *"
    [game] = read_pdn(text)
    [again] = read_pdn(write_game(game))
    assert again == game


def _random_game(variant_name: str, choices: list[int]) -> list[str]:
    board = find_variant(variant_name)()
    moves = []
    for choice in choices:
        legal = board.legal_moves()
        if not legal:
            break
        move = legal[choice % len(legal)]
        moves.append(str(move))
        board.push(move)
    return moves


@settings(deadline=None, max_examples=40)
@given(variant=st.sampled_from(["english", "losing", "polish", "polish10", "devil"]),
       choices=st.lists(st.integers(min_value=0, max_value=99), max_size=80),
       comment=st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=12),
       width=st.integers(min_value=20, max_value=120))
def test_random_legal_games_round_trip(variant: str, choices: list[int], comment: str, width: int) -> None:
    moves = _random_game(variant, choices)
    game = new_game(moves, headers={"Event": comment}, result="*")
    if game.moves:
        game.moves[-1].comments.append(" ".join(comment.replace("{", "").replace("}", "").split()))
    [again] = read_pdn(write_game(game, width=width))
    assert again.headers == game.headers
    assert again.moves == game.moves
    replay = replay_game(again, find_variant(variant))
    assert replay.ok, replay.failure
    assert replay.moves == len(moves)


def test_several_games_are_separated_and_read_back() -> None:
    games = [new_game(["11-15"], result="1-0"), new_game(["9-13", "22-18"], result="0-1")]
    again = read_pdn(write_games(games))
    assert [game.result for game in again] == ["1-0", "0-1"]
    assert [len(game.moves) for game in again] == [1, 2]



def test_comments_opening_a_variation_are_kept() -> None:
    [game] = read_pdn("1. 32-28 19-23 ( { usually } 1... 18-23 ) 2. 28x19 ( { only words } ) *")
    [variation] = game.moves[1].variations
    assert variation[0].comments_before == ["usually"]
    assert game.moves[2].variations == []
    assert game.moves[2].comments == ["only words"]
    [again] = read_pdn(write_game(game))
    assert again.moves == game.moves


@settings(deadline=None, max_examples=300)
@given(text=st.text(alphabet=st.sampled_from(list('[]{}()"\\/%*$!?.:-x 0123456789abKWB\r\n')), max_size=60))
def test_the_reader_never_raises_on_garbage(text: str) -> None:
    for game in read_pdn(text):
        replay = replay_game(game, find_variant("english"))
        assert replay.moves <= len(game.moves)
        if replay.failure is not None:
            assert replay.failure.reason
