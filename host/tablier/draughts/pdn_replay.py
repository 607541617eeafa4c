"""Replaying PDN games with the rules core: which moves are legal, and where a game goes wrong.

:func:`replay_game` plays the main line of a :class:`~tablier.draughts.pdn.PdnGame` on a board of
the chosen variant, from the game's ``FEN`` set-up if it has one, and stops at the first move that
cannot be played, with the core's reason. Variations are not replayed. A syntax error in the game
counts as a failure too (the record is not what its writer meant), reported at the ply it follows.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from tablier.draughts.core import Board, Move
from tablier.draughts.fen import parse_fen
from tablier.draughts.pdn import GAME_TYPES, PdnGame, PdnMove
from tablier.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    TablierError,
)


@dataclass(frozen=True)
class Failure:
    """Why a game stopped: at ``ply`` (1 = the first move; 0 = before any move) on ``move``."""

    ply: int
    move: str
    reason: str


@dataclass
class Replay:
    """The outcome of replaying one game: the moves played, the first failure, forgiven quirks."""

    board: Board
    moves: int
    failure: Failure | None = None
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether every move was legal and the record had no syntax error."""
        return self.failure is None


def start_board(game: PdnGame, variant: type[Board], warnings: list[str] | None = None) -> Board:
    """The board the game starts from: its ``FEN`` set-up or the variant's start.

    A FEN whose side to move is ``?`` takes the side of the piece on the first move's square; a man
    standing on the row where he would have been crowned (``W...,1`` in English) is read as a king.
    Both are noted in ``warnings``. Raises ``InvalidPositionError`` if the set-up cannot be read.
    """
    fen = game.fen
    if not fen:
        return variant()
    text = fen.strip()
    if text.startswith("?"):
        turn = "W"
        if game.moves:
            first = numeric(game.moves[0].move, variant).squares[0]
            probe = _lenient_board(variant, "W" + text[1:], [])
            piece = probe.piece_at(int(first)) if 1 <= int(first) <= probe.geometry.squares else None
            turn = "W" if piece is None or piece.color else "B"
        _note(warnings, f"the FEN's side to move is '?'; {turn} moves first")
        text = turn + text[1:]
    return _lenient_board(variant, text, warnings)


def _lenient_board(variant: type[Board], fen: str, warnings: list[str] | None) -> Board:
    try:
        return variant(fen)
    except InvalidPositionError:
        if not variant.crowning:
            raise
    turn, black, white, kings = parse_fen(fen, variant.geometry)
    per_row, last = variant.geometry.per_row, variant.geometry.squares
    uncrowned = sorted({s for s in white if s <= per_row} | {s for s in black if s > last - per_row}
                       - set(kings))
    if not uncrowned:
        raise InvalidPositionError(f"FEN {fen!r} is not a position of {variant.name}")
    _note(warnings, f"men on their crowning row in the FEN read as kings: {uncrowned}")
    crowned = set(kings) | set(uncrowned)

    def listing(squares: list[int]) -> str:
        return ",".join(("K" if s in crowned else "") + str(s) for s in sorted(squares))

    return variant(f"{'W' if turn else 'B'}:W{listing(white)}:B{listing(black)}")


def _note(warnings: list[str] | None, message: str) -> None:
    if warnings is not None:
        warnings.append(message)
def numeric(move: PdnMove, variant: type[Board]) -> PdnMove:
    """``move`` with algebraic squares (``a3b4``) renamed to the variant's square numbers."""
    if all(isinstance(square, int) for square in move.squares):
        return move
    geometry = variant.geometry
    names = {geometry.name_of(square): square for square in range(1, geometry.squares + 1)}
    try:
        return PdnMove(tuple(names[str(square)] if isinstance(square, str) else square
                             for square in move.squares), move.capture)
    except KeyError as error:
        raise TablierError(f"{move}: {error.args[0]} is not a playing square") from None


def replay_game(game: PdnGame, variant: type[Board]) -> Replay:
    """Play the main line of ``game``; stop at the first illegal move or syntax error.

    Reading is forgiving where the record still names one move, and says so in the warnings: a
    capture written with dashes (``15-22``, ``11-18-25``: casual notation), a plain
    move written with ``x`` (``10x14``), a capture giving only some of its landing squares
    (``15x33x31`` for ``15x33x22x31``), and a short capture that fits several moves (``10x26``),
    which takes the one with which the rest of the game replays furthest.
    """
    warnings: list[str] = []
    declared = game.game_type
    if declared is not None and variant.pdn_standard and declared != int(variant.pdn_game_type):
        name = GAME_TYPES.get(declared, "an unknown game")
        warnings.append(f"the record says GameType {declared} ({name}); replayed as {variant.name}")
    try:
        board = start_board(game, variant, warnings)
    except TablierError as error:
        return Replay(variant(), 0, Failure(0, "", f"set-up: {error}"), warnings)
    first_error = min(game.errors, key=lambda error: error.ply, default=None)
    moves = [numeric_or_none(node.move, variant) for node in game.moves]
    for ply, node in enumerate(game.moves, start=1):
        if first_error is not None and first_error.ply < ply:
            return Replay(board, ply - 1, Failure(ply - 1, "", f"syntax: {first_error}"), warnings)
        written = node.move.pdn()
        try:
            move = _resolve(board, moves, ply - 1, warnings)
        except TablierError as error:
            return Replay(board, ply - 1, Failure(ply, written, str(error)), warnings)
        board.push(move)
    if first_error is not None:
        failure = Failure(first_error.ply, "", f"syntax: {first_error}")
        return Replay(board, len(game.moves), failure, warnings)
    return Replay(board, len(game.moves), warnings=warnings)


def numeric_or_none(move: PdnMove, variant: type[Board]) -> PdnMove | None:
    """:func:`numeric`, or ``None`` when a square has no number on this board."""
    try:
        return numeric(move, variant)
    except TablierError:
        return None


def _resolve(board: Board, moves: list[PdnMove | None], index: int, warnings: list[str] | None) -> Move:
    """The legal move that ``moves[index]`` names on ``board`` (see :func:`replay_game`)."""
    written = moves[index]
    if written is None:
        raise InvalidMoveError("a square of this move is not on this board")
    text = written.pdn()
    try:
        found = board.parse_move(text)
    except (IllegalMoveError, AmbiguousMoveError) as error:
        candidates = [move for move in board.legal_moves() if _fits(written, move)]
        if not candidates:
            raise error from None
    else:
        if written.casual:
            _note(warnings, f"ply {index + 1}: {written.casual} is a capture written with '-'; "
                  f"read as {found}")
        elif found.is_capture and not written.capture:
            _note(warnings, f"ply {index + 1}: {text} is a capture written with '-'; read as {found}")
        return found
    if len(candidates) > 1:
        reach = {move: _replayable(board, move, moves, index + 1) for move in candidates}
        best = max(candidates, key=reach.__getitem__)
        ties = [move for move in candidates if reach[move] == reach[best]]
        why = ("the rest of the game replays as far with each" if len(ties) > 1
               else "with which the rest of the game replays furthest")
        _note(warnings, f"ply {index + 1}: {text} could be {', '.join(map(str, candidates))}; "
              f"took {best}, {why}")
        return best
    move = candidates[0]
    if move.is_capture != written.capture:
        kind = "capture" if written.capture else "plain move"
        _note(warnings, f"ply {index + 1}: {text} is written as a {kind} but is {move}")
    elif len(written.squares) > 2:
        _note(warnings, f"ply {index + 1}: {text} gives some of the landing squares of {move}")
    return move


def _fits(written: PdnMove, move: Move) -> bool:
    """Whether ``move`` starts and ends where ``written`` does and passes its squares in order."""
    squares = list(written.squares)
    if move.path[0] != squares[0] or move.path[-1] != squares[-1]:
        return False
    path: Iterator[int | str] = iter(move.path)
    return all(square in path for square in squares)  # in order: `in` consumes the iterator


def _replayable(board: Board, move: Move, moves: list[PdnMove | None], index: int) -> int:
    """How many of ``moves[index:]`` replay after ``move`` (taking the first of ambiguous ones)."""
    played = [move]
    board.push(move)
    try:
        for position in range(index, len(moves)):
            try:
                following = _resolve_quietly(board, moves, position)
            except TablierError:
                break
            board.push(following)
            played.append(following)
        return len(played)
    finally:
        for _ in played:
            board.pop()


def _resolve_quietly(board: Board, moves: list[PdnMove | None], index: int) -> Move:
    written = moves[index]
    if written is None:
        raise InvalidMoveError("a square of this move is not on this board")
    try:
        return board.parse_move(written.pdn())
    except (IllegalMoveError, AmbiguousMoveError) as error:
        candidates = [move for move in board.legal_moves() if _fits(written, move)]
        if not candidates:
            raise error from None
        return candidates[0]
