"""GNU Backgammon's evaluator as our engines call it: its module loaded on first use (an optional
extra), our positions in its board format, and its look-ahead at each of our levels. The Backgammon
engine (:mod:`.backgammon`) ranks plays with it, the cube (:mod:`.cube`) takes its decisions."""

from __future__ import annotations

from types import ModuleType

from tablier.tables.position import BAR, Position, SideBoard

from .candidates import EngineUnavailableError
from .levels import Level

MISSING = "the Backgammon engine needs GNU Backgammon: pip install 'tablier[engine]'"

GNUBG_PLIES = {1: 0, 2: 1, 3: 2, 4: 2}
"""gnubg's look-ahead at each of our levels (its 0-ply is the bare neural net)."""


def needs_main_thread(level: Level) -> bool:
    """Whether gnubg's evaluation at ``level`` must run on the main thread: its look-ahead (1-ply
    and deeper) crashes the process when called from any other thread (its per-thread tables exist
    for the thread that loaded it only); its bare net (0-ply) is safe anywhere."""
    return GNUBG_PLIES[level.number] > 0


def load_gnubg() -> ModuleType:
    """The ``gnubg`` module, or :class:`EngineUnavailableError` saying how to install it."""
    try:
        import gnubg
    except ImportError as error:
        raise EngineUnavailableError(MISSING) from error
    module: ModuleType = gnubg
    return module


def gnubg_board(position: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``position`` in gnubg's format: (the side not on roll, the side on roll), 25 counts each."""
    def side(board: SideBoard) -> tuple[int, ...]:
        return (*board[1:25], board[BAR])
    return side(position.waiter), side(position.mover)
