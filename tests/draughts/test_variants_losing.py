"""The Losing Game: English moves, but the side that cannot move wins."""

from tablier.draughts import BLACK, WHITE, Board, LosingBoard, find_variant


def test_moves_are_the_english_ones() -> None:
    for fen in ("B:W21-32:B1-12", "B:W18,26,27:B15,1", "W:WK15:B1,10"):
        assert LosingBoard(fen).legal_moves() == Board(fen).legal_moves()


def test_the_side_without_pieces_wins() -> None:
    assert LosingBoard("B:W5:B").outcome() == (BLACK, "black has no pieces left and so wins")
    assert Board("B:W5:B").winner() == WHITE


def test_the_blocked_side_wins() -> None:
    assert LosingBoard("B:W8,11:B4").winner() == BLACK
    assert Board("B:W8,11:B4").winner() == WHITE


def test_giving_a_man_away_is_compulsory_to_take() -> None:
    board = LosingBoard("W:W22:B18,1")
    assert [str(m) for m in board.legal_moves()] == ["22x15"]


def test_found_by_name() -> None:
    assert find_variant("giveaway") is LosingBoard
