"""The draughts variants: small subclasses of :class:`~tablier.draughts.core.Board` that set rule flags.

``VARIANTS`` lists them all; :func:`find_variant` finds one by name or alias. English draughts is
:class:`~tablier.draughts.core.Board` itself.
"""

from __future__ import annotations

from typing import ClassVar

from tablier.draughts.core import BLACK, COLOR_NAMES, WHITE, Board, OptionValue, Outcome
from tablier.draughts.geometry import BOARD_10, Geometry
from tablier.errors import InvalidPositionError
from tablier.games import lookup


class LosingBoard(Board):
    """The Losing Game: English moves and compulsory capture; the side left without a move wins."""

    name = "losing"
    aliases = ("losing-game", "giveaway", "misere")
    title = "The Losing Game"
    blocked_side_loses = False
    checker_laws = False
    pdn_standard = False


class PolishBoard(Board):
    """Polish draughts on the common 8x8 board (the 1890s book's rules; with majority capture = Brazilian).

    Men move forward and capture backward too; kings fly; a man passing the king row in a capture
    is crowned only if the move ends there; captured pieces come off when the move ends. The
    position and numbering are English: Black on 1-12 moves first.
    """

    name = "polish"
    aliases: ClassVar[tuple[str, ...]] = ("polish8",)
    title = "Polish draughts on the 8x8 board"
    flying_kings = True
    men_capture_backward = True
    crowning_ends_capture = False
    option_defaults: ClassVar[dict[str, OptionValue]] = {"majority_capture": True}
    majority_capture = True
    checker_laws = False
    pdn_game_type = "26,B,8,8,N1,0"
    pdn_standard = False


class Polish10Board(PolishBoard):
    """International draughts: Polish draughts on the 10x10 board; White on 31-50 moves first."""

    name = "polish10"
    aliases = ("international", "international-draughts")
    title = "Polish (international) draughts on the 10x10 board"
    geometry: ClassVar[Geometry] = BOARD_10
    starting_fen = "W:W31-50:B1-20"
    pdn_game_type = "20"
    pdn_standard = True


class DevilBoard(Board):
    """Devil among the Tailors: four white tailors against the black devil; no capture, no crowning.

    The devil (Black's only piece, a man) steps one square either way; the tailors step forward.
    White wins by pinning the devil (Black to move and no move); Black wins on reaching the free
    country: a row behind every tailor (see ``docs/rules/devil.md``). A side that cannot move loses.
    The option ``first`` says who moves first (default ``black``, Law 7: the black piece opens).
    """

    name = "devil"
    aliases = ("devil-among-the-tailors", "tailors")
    title = "Devil among the Tailors"
    captures_exist = False
    crowning = False
    black_men_step_backward = True
    option_defaults: ClassVar[dict[str, OptionValue]] = {"first": "black"}
    first = "black"
    checker_laws = False
    pdn_standard = False

    def start_fen(self) -> str:
        if self.first not in COLOR_NAMES:
            raise ValueError(f"option first must be black or white, not {self.first!r}")
        return f"{self.first[0].upper()}:W29,30,31,32:B1"

    def check_position(self) -> None:
        if self.kings:
            raise InvalidPositionError("there are no kings in Devil among the Tailors")
        if bin(self.black).count("1") != 1:
            raise InvalidPositionError("Devil among the Tailors needs exactly one black piece, the devil")

    def in_free_country(self) -> bool:
        """Whether the devil stands on a row behind every tailor (farther from square 1 than all).

        No tailor can ever come back level with him or behind him, so he can never be pinned.
        """
        g = self.geometry
        devil_row = g.row_of[g.squares_in(self.black)[0]]
        return all(g.row_of[square] < devil_row for square in g.squares_in(self.white))

    def outcome(self) -> Outcome | None:
        if not self.has_legal_moves():
            if self.turn == BLACK:
                return Outcome(WHITE, "the devil is pinned")
            return Outcome(BLACK, "the tailors cannot move")
        if self.in_free_country():
            return Outcome(BLACK, "the devil has reached the free country behind the tailors")
        return None


VARIANTS: tuple[type[Board], ...] = (Board, LosingBoard, PolishBoard, Polish10Board, DevilBoard)


def find_variant(name: str) -> type[Board]:
    """The board class of the variant called ``name`` or one of its aliases; ``ValueError`` if none."""
    variant = lookup(name, VARIANTS, lambda variant: (variant.name, *variant.aliases))
    if variant is None:
        known = ", ".join(variant.name for variant in VARIANTS)
        raise ValueError(f"unknown draughts variant {name!r}; known: {known}")
    return variant
