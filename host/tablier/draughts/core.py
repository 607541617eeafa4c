"""The draughts core: moves, positions, legal move generation, push/pop and the end of the game.

:class:`Board` plays English draughts (checkers); the other variants (:mod:`tablier.draughts.variants`)
are subclasses that change a few class-level rule flags, python-chess style. The core does no I/O.

A position is four plain ints and a flag: the bitboards of Black's and White's pieces, of the kings
(either colour), and the side to move (see :mod:`tablier.draughts.geometry` for the bit layout). A
:class:`Move` is a small immutable value naming squares by their draughts numbers, so that it means
the same thing on any board of its size.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import ClassVar

from tablier.draughts.geometry import BOARD_8, DIRECTIONS, DOWN_DIRECTIONS, UP_DIRECTIONS, Geometry
from tablier.draughts.moves import BLACK as BLACK
from tablier.draughts.moves import COLOR_NAMES as COLOR_NAMES
from tablier.draughts.moves import WHITE as WHITE
from tablier.draughts.moves import Color as Color
from tablier.draughts.moves import Move as Move
from tablier.draughts.moves import Outcome as Outcome
from tablier.draughts.moves import Piece as Piece
from tablier.errors import IllegalMoveError, InvalidPositionError
from tablier.games import GameFacts

OptionValue = bool | str


MoveTable = tuple[dict[int, "Move"], ...]


@functools.cache
def plain_moves_from(geometry: Geometry) -> MoveTable:
    """Every plain move of ``geometry``'s board along a diagonal, ``[from_bit][to_bit]``, made once
    and shared (moves are immutable values)."""
    square_of = geometry.square_of
    table: list[dict[int, Move]] = [{} for _ in square_of]
    for start, square in enumerate(square_of):
        for d in DIRECTIONS:
            for to in geometry.ray[d][start] if square else ():
                table[start][to] = Move((square, square_of[to]))
    return tuple(table)


@functools.cache
def steps_to(geometry: Geometry, crown_row: int) -> MoveTable:
    """Every one-square step ``[direction][to_bit]``, crowning the man when it ends on
    ``crown_row``: made once per board and crowning row, and shared."""
    square_of = geometry.square_of
    table: list[dict[int, Move]] = [{} for _ in DIRECTIONS]
    for start, square in enumerate(square_of):
        for d in DIRECTIONS:
            to = geometry.neighbour[d][start] if square else -1
            if to >= 0:
                table[d][to] = Move((square, square_of[to]), (), bool(crown_row >> to & 1))
    return tuple(table)


_Snapshot = tuple[int, int, int, bool]


class Board:
    """A draughts position with its move stack; the rules of English draughts.

    Construct from a FEN (``Board("B:W21,22:B1,K5")``) or without one for the starting position.
    ``push(move)`` trusts its move (it must come from :meth:`legal_moves`); ``push_notation`` and
    :meth:`parse_move` validate. ``pop()`` restores the saved snapshot.

    Rule flags (class level; variants override them):
    """

    name: ClassVar[str] = "english"
    aliases: ClassVar[tuple[str, ...]] = ("checkers", "draughts", "american")
    title: ClassVar[str] = "English draughts (checkers)"
    geometry: ClassVar[Geometry] = BOARD_8
    starting_fen: ClassVar[str] = "B:W21-32:B1-12"
    #: Kings move and capture any distance along a free diagonal.
    flying_kings: ClassVar[bool] = False
    #: Men capture backward as well as forward.
    men_capture_backward: ClassVar[bool] = False
    #: A man reaching the far row during a capture is crowned and the move ends there (English);
    #: otherwise he carries on capturing as a man and is crowned only if the move ends there.
    crowning_ends_capture: ClassVar[bool] = True
    #: Men reaching the far row become kings.
    crowning: ClassVar[bool] = True
    #: Pieces capture at all (the Devil's game has no capture).
    captures_exist: ClassVar[bool] = True
    #: The side to move that cannot move loses (``False``: it wins, the Losing Game).
    blocked_side_loses: ClassVar[bool] = True
    #: Black's men may also step backward (the Devil).
    black_men_step_backward: ClassVar[bool] = False
    #: The printed Checker Laws apply (huff and compel, the forty-move rule, touch-move, false moves).
    checker_laws: ClassVar[bool] = True
    #: What the other rooms need to know of the game: a result is a game won, lost or drawn, and
    #: PDN, JSON and text records hold it.
    facts: ClassVar[GameFacts] = GameFacts(unit="game", formats=("pdn", "json", "txt"))
    #: The game's PDN ``GameType`` (21: English draughts' 8x8 board, 20: international).
    pdn_game_type: ClassVar[str] = "21"
    #: A PDN game of this ``GameType`` with no ``Variant`` tag is this game (written without one).
    pdn_standard: ClassVar[bool] = True
    #: Options a board of this variant accepts, with their defaults.
    option_defaults: ClassVar[dict[str, OptionValue]] = {}
    #: Only the capture sequences that take the most pieces are legal (an option where offered).
    majority_capture: bool = False

    def __init__(self, fen: str | None = None, **options: OptionValue) -> None:
        for option, value in options.items():
            if option not in self.option_defaults:
                known = ", ".join(self.option_defaults) or "none"
                raise ValueError(f"{self.name} has no option {option!r} (options: {known})")
            if type(value) is not type(self.option_defaults[option]):
                raise ValueError(f"option {option} takes a {type(self.option_defaults[option]).__name__}")
            setattr(self, option, value)
        self.move_stack: list[Move] = []
        self._snapshots: list[_Snapshot] = []
        self._men_steps = (self._steps_of_men(BLACK), self._steps_of_men(WHITE))
        self.black = 0
        self.white = 0
        self.kings = 0
        self.turn: Color = BLACK
        self.set_fen(self.start_fen() if fen is None else fen)

    # -- positions ------------------------------------------------------------------------------

    def start_fen(self) -> str:
        """The FEN of this variant's starting position (options may change it)."""
        return self.starting_fen

    def set_fen(self, fen: str) -> None:
        """Set up the position of ``fen``; clears the move stack. ``InvalidPositionError`` if bad."""
        from tablier.draughts.fen import parse_fen

        turn, black, white, kings = parse_fen(fen, self.geometry)
        self._set(turn, black, white, kings)
        self.move_stack.clear()
        self._snapshots.clear()

    def fen(self) -> str:
        """The position as PDN FEN, e.g. ``B:W21,22,K30:B1,2``."""
        from tablier.draughts.fen import board_fen

        return board_fen(self)

    def _set(self, turn: Color, black: list[int], white: list[int], kings: list[int]) -> None:
        g = self.geometry
        before = (self.black, self.white, self.kings, self.turn)
        self.turn = turn
        self.black, self.white, self.kings = g.mask(black), g.mask(white), g.mask(kings)
        try:
            self.check_position()
        except InvalidPositionError:
            self.black, self.white, self.kings, self.turn = before
            raise

    def check_position(self) -> None:
        """Raise ``InvalidPositionError`` if the position is impossible in this variant."""
        g = self.geometry
        if self.crowning:
            for color, far_row in ((BLACK, g.bottom_row), (WHITE, g.top_row)):
                men = self._pieces(color) & ~self.kings & far_row
                if men:
                    square = g.squares_in(men)[0]
                    raise InvalidPositionError(
                        f"a {COLOR_NAMES[color]} man on {square} would have been crowned (write K{square})")

    def _pieces(self, color: Color) -> int:
        return self.white if color else self.black

    def piece_at(self, square: int) -> Piece | None:
        """The piece on ``square`` (1..32 or 1..50), or ``None``."""
        bit = 1 << self.geometry.bit_of[square]
        if self.black & bit:
            return Piece(BLACK, bool(self.kings & bit))
        if self.white & bit:
            return Piece(WHITE, bool(self.kings & bit))
        return None

    def pieces(self, color: Color, king: bool | None = None) -> list[int]:
        """The squares of ``color``'s pieces (only kings or only men if ``king`` is given)."""
        mask = self._pieces(color)
        if king is not None:
            mask &= self.kings if king else ~self.kings
        return self.geometry.squares_in(mask)

    def remove_piece_at(self, square: int) -> Piece | None:
        """Take the piece off ``square`` (a huff, an arrangement) and return it; not a move."""
        piece = self.piece_at(square)
        keep = ~(1 << self.geometry.bit_of[square])
        self.black &= keep
        self.white &= keep
        self.kings &= keep
        return piece

    def copy(self, *, stack: bool = True) -> Board:
        """A copy of the board (with its move stack unless ``stack=False``)."""
        board = object.__new__(type(self))
        board.__dict__.update(self.__dict__)
        board.move_stack = list(self.move_stack) if stack else []
        board._snapshots = list(self._snapshots) if stack else []
        return board

    def position_key(self) -> tuple[int, int, int, Color]:
        """A hashable value that identifies the position (pieces and side to move)."""
        return (self.black, self.white, self.kings, self.turn)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.geometry is other.geometry and self.position_key() == other.position_key()

    def __hash__(self) -> int:
        return hash(self.position_key())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.fen()!r})"

    def __str__(self) -> str:
        """A drawing of the board, Black's side (square 1) at the top."""
        g = self.geometry
        lines = []
        for row in range(g.size):
            cells = []
            for column in range(g.size):
                square = g.square_at(row, column)
                piece = self.piece_at(square) if square else None
                cells.append(piece.symbol() if piece else "." if square else " ")
            lines.append(" ".join(cells))
        return "\n".join(lines)

    # -- move generation --------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move of the side to move (captures only, when a capture is possible)."""
        own, opp = (self.white, self.black) if self.turn else (self.black, self.white)
        empty = self.geometry.valid & ~(own | opp)
        if self.captures_exist:
            captures = self._captures(own, opp, empty)
            if captures:
                return captures
        return self._quiet_moves(own, empty)

    def capture_moves(self) -> list[Move]:
        """Every capture of the side to move (empty when none is possible or the variant has none)."""
        if not self.captures_exist:
            return []
        own, opp = (self.white, self.black) if self.turn else (self.black, self.white)
        return self._captures(own, opp, self.geometry.valid & ~(own | opp))

    def plain_moves(self) -> list[Move]:
        """Every non-capturing move of the side to move, whether or not a capture is compulsory."""
        own, opp = (self.white, self.black) if self.turn else (self.black, self.white)
        return self._quiet_moves(own, self.geometry.valid & ~(own | opp))

    def has_legal_moves(self) -> bool:
        """Whether the side to move can move at all."""
        return bool(self.legal_moves())

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is one of the legal moves."""
        return move in self.legal_moves()

    def _steps_of_men(self, color: Color) -> tuple[tuple[int, ...], MoveTable]:
        """The directions ``color``'s men step in, and their steps (crowning on his far row)."""
        return self._man_directions(color), steps_to(self.geometry, self._crown_row(color))

    def _man_directions(self, color: Color) -> tuple[int, ...]:
        if color == BLACK and self.black_men_step_backward:
            return DIRECTIONS
        return UP_DIRECTIONS if color else DOWN_DIRECTIONS

    def _crown_row(self, color: Color) -> int:
        return (self.geometry.top_row if color else self.geometry.bottom_row) if self.crowning else 0

    def _quiet_moves(self, own: int, empty: int) -> list[Move]:
        g = self.geometry
        men = own & ~self.kings
        kings = own & self.kings
        moves: list[Move] = []
        append = moves.append
        man_directions, man_steps = self._men_steps[self.turn]
        for d in man_directions:
            shift = g.shift[d]
            targets = (men << shift if shift > 0 else men >> -shift) & empty
            row = man_steps[d]
            while targets:
                low = targets & -targets
                targets ^= low
                append(row[low.bit_length() - 1])
        if not kings:
            return moves
        if self.flying_kings:
            rays = g.ray
            plain = plain_moves_from(g)
            while kings:
                low = kings & -kings
                kings ^= low
                start = low.bit_length() - 1
                from_start = plain[start]
                for d in DIRECTIONS:
                    for to in rays[d][start]:
                        if not (empty >> to) & 1:
                            break
                        append(from_start[to])
        else:
            king_steps = steps_to(g, 0)
            for d in DIRECTIONS:
                shift = g.shift[d]
                targets = (kings << shift if shift > 0 else kings >> -shift) & empty
                row = king_steps[d]
                while targets:
                    low = targets & -targets
                    targets ^= low
                    append(row[low.bit_length() - 1])
        return moves

    def _captures(self, own: int, opp: int, empty: int) -> list[Move]:
        g = self.geometry
        men = own & ~self.kings
        kings = own & self.kings
        man_dirs = DIRECTIONS if self.men_capture_backward else self._man_directions(self.turn)
        # Bit-parallel pre-check: which men (and short kings) have a first jump at all?
        short_kings = 0 if self.flying_kings else kings
        jumpers = kings if self.flying_kings else 0
        for d in man_dirs if not short_kings else DIRECTIONS:
            shift = g.shift[d]
            # Pieces with an opposing piece one step away and a free square beyond it.
            from_mask = (empty >> shift & opp) >> shift if shift > 0 else (empty << -shift & opp) << -shift
            jumpers |= from_mask & (men | short_kings if d in man_dirs else short_kings)
        if not jumpers:
            return []
        found: list[Move] = []
        crown_row = self._crown_row(self.turn)
        while jumpers:
            low = jumpers & -jumpers
            jumpers ^= low
            start = low.bit_length() - 1
            is_king = bool(self.kings & low)
            if is_king and self.flying_kings:
                self._flying_captures(start, opp, empty | low, found)
            else:
                dirs = DIRECTIONS if is_king else man_dirs
                self._short_captures(start, dirs, opp, empty | low, 0 if is_king else crown_row, found)
        if not kings and not self.men_capture_backward and not self.majority_capture:
            return found  # forward-only men: every route is a different move
        return self._select_captures(found)

    def _select_captures(self, found: list[Move]) -> list[Move]:
        """Drop repeats (same start, end and captured set) and apply the majority rule if it is on."""
        if self.majority_capture:
            most = max(len(move.captures) for move in found) if found else 0
            found = [move for move in found if len(move.captures) == most]
        if len(found) == 1:
            return found
        seen: set[tuple[int, int, frozenset[int]]] = set()
        unique: list[Move] = []
        for move in found:
            key = (move.path[0], move.path[-1], frozenset(move.captures))
            if key not in seen:
                seen.add(key)
                unique.append(move)
        return unique

    def _short_captures(self, start: int, dirs: tuple[int, ...], opp: int, empty: int, crown_row: int,
                        found: list[Move]) -> None:
        """Capture sequences of a man or a short king from bit ``start`` (``crown_row`` 0 for kings)."""
        table = self.geometry.jumps(dirs)
        square_of = self.geometry.square_of
        ends_on_crowning = self.crowning_ends_capture

        def extend(bit: int, path: tuple[int, ...], taken: int, captures: tuple[int, ...]) -> None:
            extended = False
            for over, over_mask, land, land_mask in table[bit]:
                if not opp & over_mask or taken & over_mask or not empty & land_mask:
                    continue
                extended = True
                longer = (*path, square_of[land])
                more = (*captures, square_of[over])
                if ends_on_crowning and crown_row & land_mask:
                    found.append(Move(longer, more, True))
                else:
                    extend(land, longer, taken | over_mask, more)
            if not extended and captures:
                found.append(Move(path, captures, bool(crown_row >> bit & 1)))

        extend(start, (square_of[start],), 0, ())

    def _flying_captures(self, start: int, opp: int, empty: int, found: list[Move]) -> None:
        """Capture sequences of a flying king from bit ``start``.

        Captured pieces stay on the board until the move ends: they cannot be jumped twice and they
        block the king's way. Beyond a captured piece the king may stop on any free square, except
        that when some of those squares allow a further capture, it must stop on one of them and
        carry on.
        """
        rays = self.geometry.ray
        square_of = self.geometry.square_of

        def jumps(bit: int, taken: int) -> Iterator[tuple[int, list[int]]]:
            """Each capturable piece from ``bit`` with the free landing squares beyond it."""
            for d in DIRECTIONS:
                ray = rays[d][bit]
                i = 0
                while i < len(ray) and (empty >> ray[i]) & 1:
                    i += 1
                if i == len(ray) or not (opp >> ray[i]) & 1 or (taken >> ray[i]) & 1:
                    continue
                lands = []
                for land in ray[i + 1:]:
                    if not (empty >> land) & 1:
                        break
                    lands.append(land)
                if lands:
                    yield ray[i], lands

        def can_continue(bit: int, taken: int) -> bool:
            return any(True for _ in jumps(bit, taken))

        def extend(bit: int, path: tuple[int, ...], taken: int, captures: tuple[int, ...]) -> None:
            for over, lands in jumps(bit, taken):
                now_taken = taken | 1 << over
                more = (*captures, square_of[over])
                onward = [land for land in lands if can_continue(land, now_taken)]
                if onward:
                    for land in onward:
                        extend(land, (*path, square_of[land]), now_taken, more)
                else:
                    for land in lands:
                        found.append(Move((*path, square_of[land]), more))

        extend(start, (square_of[start],), 0, ())

    # -- making moves -------------------------------------------------------------------------------

    def push(self, move: Move) -> None:
        """Play ``move`` (assumed legal) and save a snapshot for :meth:`pop`."""
        self._snapshots.append((self.black, self.white, self.kings, self.turn))
        self.move_stack.append(move)
        bit_of = self.geometry.bit_of
        start = 1 << bit_of[move.path[0]]
        end = 1 << bit_of[move.path[-1]]
        taken = 0
        for square in move.captures:
            taken |= 1 << bit_of[square]
        was_king = self.kings & start
        if self.turn:
            self.white = (self.white & ~start) | end
            self.black &= ~taken
        else:
            self.black = (self.black & ~start) | end
            self.white &= ~taken
        kings = self.kings & ~start & ~taken
        self.kings = kings | end if (was_king or move.crowns) else kings & ~end
        self.turn = not self.turn

    def pop(self) -> Move:
        """Take back the last move and return it."""
        self.black, self.white, self.kings, self.turn = self._snapshots.pop()
        return self.move_stack.pop()

    def peek(self) -> Move:
        """The last move played."""
        return self.move_stack[-1]

    def parse_move(self, text: str) -> Move:
        """The legal move written ``text`` (``11-15``, ``15x22``, ``11x18x25``, ``11x25``).

        ``InvalidMoveError`` if it is not notation, ``IllegalMoveError`` if no legal move matches,
        ``AmbiguousMoveError`` if a short capture matches several.
        """
        from tablier.draughts.notation import parse_move

        return parse_move(self, text)

    def push_notation(self, text: str) -> Move:
        """Parse ``text`` against the legal moves, play it and return the move."""
        move = self.parse_move(text)
        self.push(move)
        return move

    def push_checked(self, move: Move) -> None:
        """Play ``move`` if it is legal, else raise ``IllegalMoveError``."""
        if not self.is_legal(move):
            raise IllegalMoveError(f"{move} is not a legal move in {self.fen()}")
        self.push(move)

    # -- the end of the game -------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """How the game has ended, or ``None`` while it goes on."""
        if self.has_legal_moves():
            return None
        side = COLOR_NAMES[self.turn]
        how = "has no pieces left" if not self._pieces(self.turn) else "cannot move"
        if self.blocked_side_loses:
            return Outcome(not self.turn, f"{side} {how}")
        return Outcome(self.turn, f"{side} {how} and so wins")

    def is_game_over(self) -> bool:
        """Whether the game has ended by the rules of the position (draws are the laws' business)."""
        return self.outcome() is not None

    def winner(self) -> Color | None:
        """The winner if the game is over, else ``None``."""
        outcome = self.outcome()
        return outcome.winner if outcome else None

    # -- perft, for tests and benchmarks ----------------------------------------------------------------

    def perft(self, depth: int) -> int:
        """The number of move sequences of ``depth`` plies (a move-generation check)."""
        if depth == 0:
            return 1
        moves = self.legal_moves()
        if depth == 1:
            return len(moves)
        total = 0
        for move in moves:
            self.push(move)
            total += self.perft(depth - 1)
            self.pop()
        return total
