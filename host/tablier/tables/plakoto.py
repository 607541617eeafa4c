"""Plakoto, the second game of Greek Tavli: Backgammon's board and moves, but a lone man is pinned,
not hit.

The rules as Greek players keep them (and as the Tavli rule sheets of backgammon clubs print them):
all fifteen men start on the adversary's ace point (each side's own 24-point) and the sides move
contrary ways as in Backgammon. A man that lands on a single adversary man *pins* him: the pinned man
stays on his point under the pinner and may not move until every pinning man has left. A point with
two men of one side, or a pinned man and his pinner, is closed to the other side. There is no bar
and nobody re-enters. Pinning the adversary's last man on his starting point (the *mother*) ends
the game at once, unless the pinner's own mother is still at home to be caught: if she is caught
too, the game is a tie.

In the core a pin is a hit that sends nobody to the bar: :meth:`Plakoto.plays` closes the points
where the mover is pinned, opens those where he pins, and forbids his pinned men to move;
:meth:`Plakoto.after` marks the men pinned (:attr:`Position.pinned`) once the play is made.
"""

from __future__ import annotations

from typing import ClassVar

from tablier.errors import InvalidPositionError
from tablier.games import Option, RuleSection

from .movegen import Restraints, fast_plays, landing_tables
from .moves import Dice, Play
from .position import BAR, BLACK, MEN, OFF, SIDE_NAMES, WHITE, Position, side_board
from .rules import Result, single_or_gammon
from .variant import Variant

START_POINT = 24
TIE = "tie"
PINNED_RULE = "a pinned man may not move until the men on top of him leave"
FREE_TO_BEAR_OFF_RULE = "no man is borne off while one of the side's men is pinned"


class Plakoto(Variant):
    """Plakoto: contrary movement from the adversary's ace point, pinning instead of hitting."""

    name = "plakoto"
    title = "Plakoto"
    summary = ("Greek Tavli's second game: all fifteen men start on the adversary's ace point; a man "
               "landing on a lone adversary man pins him there. 1 point, 2 for a gammon or the mother.")
    aliases: ClassVar[tuple[str, ...]] = ("tapa", "mahbouseh")
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("mother_points", 2, (2, 3),
               "what pinning the adversary's mother (his last man on his starting point) wins: 2 points, "
               "as most players count it, or 3 by agreement"),
        Option("bear_off_pinned", True, (True, False),
               "a side may bear off while one of its men lies pinned in its home table (yes), or only "
               "once every man is free (no, as some clubs play)"),
    )
    start = side_board({START_POINT: MEN})
    pins = True
    RULES: ClassVar[tuple[RuleSection, ...]] = (
        RuleSection("Men and board", (
            "15 men a side, all on the 24-point at the start: each side's 24-point is the adversary's "
            "ace point. The sides move contrary ways, as in Backgammon, and bear off from their home "
            "table 6..1.",
        )),
        RuleSection("Who plays first", (
            "Each side throws one die; the higher plays first and throws both dice again for his first "
            "play. Later games of a match are begun by the winner of the game before.",
        )),
        RuleSection("Playing the dice", (
            "Each die moves one man that many points; one man may take both in turn if the point "
            "between is open. A doublet is played four times. Both dice must be played if they can "
            "be; if only one can be, the higher.",
        )),
        RuleSection("Pinning", (
            "A man that stops on a point holding one adversary man alone pins him: the pinned man "
            "stays under him and may not move until every man on top of him has left.",
            "Two men of one side, or a pinned man with his pinner, close a point: the other side may "
            "not stop there. The pinner's side may add men on top. Nobody is ever sent to a bar.",
        )),
        RuleSection("The mother", (
            "The last man on a side's starting point is its mother. Pinning her before she leaves ends "
            "the game at once: the pinner wins {mother_points} points, unless his own mother is still on "
            "his starting point; if she is pinned in turn, the game is a tie.",
        )),
        RuleSection("Bearing off and scoring", (
            "No man is borne off until all fifteen stand in the home table.",
            "[bear_off_pinned=True] A man pinned in the home table counts as home: the others may be "
            "borne off.",
            f"[bear_off_pinned=False] {FREE_TO_BEAR_OFF_RULE[0].upper()}{FREE_TO_BEAR_OFF_RULE[1:]}.",
            "The first side to bear off all fifteen men wins 1 point, or 2 (a gammon) if the loser has "
            "borne off none. There is no backgammon and no doubling cube.",
        )),
    )

    # --- plays ----------------------------------------------------------------------------------

    def plays(self, position: Position, dice: Dice) -> list[Play]:
        """Every distinct legal play: pinned points closed or opened, pinned men held still. A man
        who pins and moves on within the turn frees the pinned man again: such a play reaches the
        same position as the one without the pin, and only that one is kept."""
        theirs = self.landing_view(position)
        steps = self.dice_steps(dice)
        held = position.pinned[position.turn]
        blocked, pinnable = landing_tables(theirs, True)
        restraints = Restraints(frozen=held, bear_off=not held or bool(self.options["bear_off_pinned"]))
        by_pins = fast_plays(position.mover, blocked, pinnable, steps, restraints, fewest_hits_first=True)
        # The position after a play depends on the mover's men alone (a man stands pinned where
        # the mover's men now cover him): one play for each, the one with the fewest pins. A
        # doublet's plays are already one for each (one multiset of from-points each).
        if dice.is_doublet or len(by_pins) < 2 or not any(pinnable):
            return by_pins
        distinct: dict[int, Play] = {}
        for play in by_pins:
            distinct.setdefault(sum((1 << 4 * dst) - (1 << 4 * src) for src, dst, _ in play), play)
        return list(distinct.values())

    def landing_view(self, position: Position) -> list[int]:
        """The adversary's men on the mover's points as the landing rules see them: a point where
        the mover is pinned counts as closed (two men), one where the adversary is pinned as empty."""
        mover, waiter = position.turn, 1 - position.turn
        theirs = self.theirs(position)
        for point in range(1, 25):
            if position.is_pinned(mover, point):
                theirs[point] = 2
            elif position.is_pinned(waiter, self.opposite(point)):
                theirs[point] = 0
        theirs[BAR] = 0
        return theirs

    def after(self, position: Position, play: Play) -> Position:
        """The position after ``play``: the mover's men moved, and every adversary man that now
        stands under the mover's men pinned (men left alone again are free)."""
        mover = position.turn
        mine = list(position.mover)
        for src, dst, _pins in play:
            mine[src] -= 1
            mine[dst] += 1
        theirs = position.waiter
        my_pins = position.pinned[mover]
        their_pins = 0
        for point in range(1, 25):
            mine_there = self.opposite(point)
            if theirs[point] and mine[mine_there] and not my_pins >> mine_there & 1:
                their_pins |= 1 << point
        boards = (tuple(mine), theirs) if mover == BLACK else (theirs, tuple(mine))
        pinned = (my_pins, their_pins) if mover == BLACK else (their_pins, my_pins)
        return Position(boards, 1 - mover, pinned)

    # --- checks and result ----------------------------------------------------------------------

    def validate(self, position: Position) -> None:
        """The counts of the core's checks; men of both sides share a point only as a pinned man
        and his pinners; nobody is on the bar."""
        for side in (BLACK, WHITE):
            board = position.boards[side]
            if len(board) != 26 or any(count < 0 for count in board) or sum(board) != MEN:
                raise InvalidPositionError(f"{SIDE_NAMES[side]} does not have {MEN} men on 26 places")
            if board[BAR]:
                raise InvalidPositionError(f"{SIDE_NAMES[side]} has men on the bar: Plakoto has none")
        black, white = position.boards
        for point in range(1, 25):
            his = self.opposite(point)
            black_pinned, white_pinned = position.is_pinned(BLACK, point), position.is_pinned(WHITE, his)
            if black_pinned and white_pinned:
                raise InvalidPositionError(f"black's point {point}: both sides' men cannot pin each other")
            pinned_side = BLACK if black_pinned else WHITE if white_pinned else None
            if pinned_side is not None and not (black[point] and white[his]):
                raise InvalidPositionError(
                    f"{SIDE_NAMES[pinned_side]}'s man on black's point {point} is pinned by nobody")
            if black[point] and white[his] and pinned_side is None:
                raise InvalidPositionError(f"black's point {point} holds men of both sides, none pinned")
        if black[OFF] == MEN and white[OFF] == MEN:
            raise InvalidPositionError("both sides have borne off every man")

    def mother_pinned(self, position: Position, side: int) -> bool:
        """Whether ``side``'s mother, its last man on its starting point, lies pinned there."""
        return position.boards[side][START_POINT] == 1 and position.is_pinned(side, START_POINT)

    def result(self, position: Position) -> Result | None:
        """A pinned mother ends the game (a tie if both are); else 1 point, or 2 for a gammon."""
        caught = [self.mother_pinned(position, side) for side in (BLACK, WHITE)]
        if all(caught):
            return Result(position.turn, 0, TIE)
        for loser in (BLACK, WHITE):
            winner = 1 - loser
            if caught[loser] and not position.boards[winner][START_POINT]:
                return Result(winner, int(self.options["mother_points"]), "mother")
        return single_or_gammon(position)

