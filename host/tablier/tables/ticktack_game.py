"""The flow of one game of Ticktack: first move, throws, claims, "Why not?", vies and concessions.

:class:`TicktackGame` is a pure state machine over a :class:`~tablier.tables.ticktack.Ticktack`
position and a :class:`~tablier.tables.turn.Turn`: the caller reports throws and the players' words
and acts (throw, vie, see, yield, touch, play, claim, why not, concede); nothing here rolls dice or
prints. ``state`` says what comes next. An outcome's points are counters.

Stakes (rules 23-26): a single game pays ``(1 + v) * s``, a double ``2 * (1 + v) * s``, where ``s``
is the ``stake`` option and ``v`` the vies seen so far.
"""

from __future__ import annotations

from tablier.errors import IllegalMoveError

from .faults import check_play
from .moves import Dice, Play
from .position import SIDE_NAMES, WHITE, Position
from .rules import ClaimableWin, Rules
from .turn import (
    ACCEPT,
    CLAIM,
    CONCEDE,
    RESIGN,
    SEE,
    VIE,
    WHY_NOT,
    YIELD,
    Awaiting,
    Outcome,
    Turn,
)

# The options of the flow (Ticktack's ``why_not_notice``, ``why_not_until`` and ``opening``), named
# in :class:`~tablier.tables.ticktack.Ticktack`'s catalogue entry.
TEACHING = "teaching"
ASKED = "asked"
STRICT = "strict"
THROW = "throw"
PLAY = "play"
WINNER_THROWS = "winner-throws"
DECIDING_DICE = "deciding-dice"

AWAIT_FIRST = "first-move throw"
AWAIT_THROW = "throw"
AWAIT_VIE_ANSWER = "answer to a vie"
AWAIT_PLAY = "play or claim"
AWAIT_CLAIM_ANSWER = "answer to a lesser claim"
OVER = "over"

SINGLE = 1
DOUBLE = 2

AWAITING = {AWAIT_FIRST: Awaiting.OPENING, AWAIT_THROW: Awaiting.THROW, AWAIT_VIE_ANSWER: Awaiting.ANSWER,
            AWAIT_PLAY: Awaiting.PLAY, AWAIT_CLAIM_ANSWER: Awaiting.ANSWER, OVER: Awaiting.OVER}
"""What the turn awaits in each state."""


class TicktackGame(Turn):
    """One game of Ticktack from the throw for first move to its outcome."""

    def __init__(self, variant: Rules, position: Position | None = None,
                 first: int | None = None) -> None:
        """A new game; ``first`` names the side to begin when the players do not roll for it
        (``roll_every_game=no``: the loser of the last game)."""
        self.variant = variant
        self.position = position if position is not None else self.variant.start_position(WHITE)
        self.stake = int(self.variant.options["stake"])
        self.vies = 0
        self.outcome: Outcome | None = None
        self.thrown: Dice | None = None
        self.available: list[ClaimableWin] = []
        self.missed: ClaimableWin | None = None
        self.missed_by: int | None = None
        self.claimed: ClaimableWin | None = None
        self.touched: int | None = None
        self.vied_this_throw = False
        self.vier: int | None = None
        if first is None or self.variant.options["roll_every_game"]:
            self.state = AWAIT_FIRST
        else:
            self.position = self.position.with_turn(first)
            self.state = AWAIT_THROW

    @property
    def awaiting(self) -> Awaiting:
        """What comes next (:data:`AWAITING` of the state)."""
        return AWAITING[self.state]

    @property
    def dice(self) -> Dice | None:
        """The throw being played, while a play (or a claim) is awaited."""
        return self.thrown if self.state == AWAIT_PLAY else None

    # --- stakes -----------------------------------------------------------------------------------

    def value(self, size: int = SINGLE) -> int:
        """What a single (``size`` 1) or double (2) game pays now: ``size * (1 + v) * s``."""
        return size * (1 + self.vies) * self.stake

    def vie(self, side: int) -> None:
        """``side`` says "I vie the game" (before a throw; at most one vie per throw)."""
        self._expect(AWAIT_THROW)
        if self.vied_this_throw:
            raise IllegalMoveError("the game was already vied before this throw: one vie per throw")
        self.vier = side
        self.vied_this_throw = True
        self.state = AWAIT_VIE_ANSWER

    def see(self) -> None:
        """The other side says "I see it": the stake rises by one more s."""
        self._expect(AWAIT_VIE_ANSWER)
        self.vies += 1
        self.state = AWAIT_THROW

    def yield_game(self) -> None:
        """The other side yields: he loses a single game at the stake as it stood."""
        self._expect(AWAIT_VIE_ANSWER)
        assert self.vier is not None
        self._end(self.vier, "the adversary yielding to a vie", self.value(SINGLE))

    def concede(self, side: int) -> None:
        """``side`` concedes a single game (to escape a double): he loses ``(1 + v) * s``."""
        if self.state == OVER:
            raise IllegalMoveError("the game is over")
        self._end(1 - side, "concession", self.value(SINGLE))

    # --- throws -----------------------------------------------------------------------------------

    def throw_first(self, white: int, black: int) -> None:
        """The one-die throw for first move: higher begins, equal throws again (rule 6)."""
        self._expect(AWAIT_FIRST)
        if white == black:
            return
        first = WHITE if white > black else 1 - WHITE
        self.position = self.position.with_turn(first)
        if self.variant.options["opening"] == DECIDING_DICE:
            self._thrown(Dice(max(white, black), min(white, black)))
        else:
            self.state = AWAIT_THROW

    def throw(self, dice: Dice) -> None:
        """The throw of the side to move. A missed win not caught by now lapses (rule 22), or with
        ``why_not_until=play`` when the thrower first touches, plays or claims."""
        self._expect(AWAIT_THROW)
        self._thrown(dice)

    def _thrown(self, dice: Dice) -> None:
        if self.variant.options["why_not_until"] == THROW:
            self.missed, self.missed_by = None, None
        self.vied_this_throw = False
        self.thrown = dice
        self.touched = None
        self.available = list(self.variant.wins(self.position, dice) or ())
        self.state = AWAIT_PLAY

    # --- the player's turn ----------------------------------------------------------------------

    @property
    def turn(self) -> int:
        """The side to move."""
        return self.position.turn

    def answering(self) -> int:
        """The side vied answers a vie; the claimant's adversary answers a lesser claim."""
        if self.state == AWAIT_VIE_ANSWER and self.vier is not None:
            return 1 - self.vier
        return 1 - self.turn if self.state == AWAIT_CLAIM_ANSWER else self.turn

    def legal_plays(self) -> list[Play]:
        """The legal plays of the throw; after a touch, those that move the touched man if any do
        (touch and take, rule 13)."""
        self._expect(AWAIT_PLAY)
        assert self.thrown is not None
        plays = self.variant.plays(self.position, self.thrown)
        if self.touched is not None:
            taking = [play for play in plays if any(move.src == self.touched for move in play)]
            if taking:
                return taking
        return plays

    def touch(self, point: int) -> str:
        """The player touches (lifts) a man on ``point``: he must play it if it can move. A win he
        had not claimed is now missed, and the adversary may say "Why not?" (rule 22). Returns the
        rule in words the first time, '' once a man is touched."""
        self._expect(AWAIT_PLAY)
        if not self.position.mover[point]:
            raise IllegalMoveError(f"no man of the side to move stands on the {point}-point")
        if self.touched is not None:
            return ""
        self.touched = point
        self._lapse()
        self._miss()
        return f"touch and take: the man touched on the {point}-point must be played"

    def must_move(self) -> set[int]:
        """The point of the man touched."""
        return {self.touched} if self.touched is not None else set()

    def play(self, play: Play) -> None:
        """The player's play (checked; the touched man must be taken if it can be)."""
        self._expect(AWAIT_PLAY)
        assert self.thrown is not None
        check_play(self.variant, self.position, self.thrown, play)
        if self.touched is not None and play not in self.legal_plays():
            target = self.variant.after(self.position, play)
            if all(self.variant.after(self.position, other) != target for other in self.legal_plays()):
                raise IllegalMoveError(f"touch and take: the man touched on the {self.touched}-point "
                                       "must be played")
        self._lapse()
        self._miss()
        mover = self.turn
        self.position = self.variant.after(self.position, play)
        result = self.variant.result(self.position)
        if result is not None:
            self._end(mover, "bearing off", self.value(DOUBLE))
            return
        self.state = AWAIT_THROW

    def claim(self, name: str) -> None:
        """The player claims a win by name ("Hit", "Going in", "Toutes", "Bearing off"), instead of
        moving. The best win ends the game at once; a lesser one waits for the adversary's answer
        (:meth:`why_not` or :meth:`accept_claim`): a lesser claim does not protect (rule 21)."""
        self._expect(AWAIT_PLAY)
        if self.touched is not None:
            raise IllegalMoveError("a win must be claimed before a man is touched")
        rule = next((rule for rule in self.available if rule.name.lower() == name.strip().lower()), None)
        if rule is None:
            offered = ", ".join(str(rule) for rule in self.available) or "none"
            raise IllegalMoveError(f"{name} is not a win of this throw (wins: {offered})")
        self._lapse()
        self.claimed = rule
        if rule.value >= self.available[0].value:
            self._end(self.turn, rule.name, self.value(rule.value))
            return
        self.missed, self.missed_by = self.available[0], self.turn
        self.state = AWAIT_CLAIM_ANSWER

    def accept_claim(self) -> None:
        """The adversary lets a lesser claim stand: the claimant wins it."""
        self._expect(AWAIT_CLAIM_ANSWER)
        assert self.claimed is not None
        self._end(self.turn, self.claimed.name, self.value(self.claimed.value))

    def why_not(self, side: int) -> None:
        """``side`` says "Why not?": he wins the value of the win the other side missed (rule 20)."""
        if self.state == OVER:
            raise IllegalMoveError("the game is over")
        if self.missed is None or self.missed_by != 1 - side:
            raise IllegalMoveError("why not? nothing was missed: the adversary had no win left unclaimed "
                                   "(or the chance lapsed at the next throw)")
        self._end(side, f"why not? (missed {self.missed.name})", self.value(self.missed.value))

    def notice(self, asked: bool = False) -> ClaimableWin | None:
        """The missed win the host tells the adversary about under the ``why_not_notice`` option."""
        mode = self.variant.options["why_not_notice"]
        if mode == TEACHING or (mode == ASKED and asked):
            return self.missed
        return None

    # --- internals --------------------------------------------------------------------------------

    def _lapse(self) -> None:
        """The other side's missed win lapses when the side to move acts."""
        if self.missed_by is not None and self.missed_by != self.turn:
            self.missed, self.missed_by = None, None

    def _miss(self) -> None:
        if self.available and self.missed is None:
            self.missed, self.missed_by = self.available[0], self.turn

    def _end(self, winner: int, how: str, counters: int) -> None:
        self.outcome = Outcome(winner, how, counters)
        self.state = OVER

    def _expect(self, state: str) -> None:
        if self.state != state:
            raise IllegalMoveError(f"the game awaits {self.state}, not {state}")

    # --- the turn: the opening and the words of the table ------------------------------------------

    def cast_opening(self, black: int, white: int) -> str:
        """The throw for first move (:meth:`throw_first`), in words."""
        self.throw_first(white=white, black=black)
        said = f"throw for first move {black} and {white}"
        if self.state == AWAIT_FIRST:
            return f"{said}: equal, throw again"
        return f"{said}: {SIDE_NAMES[self.turn]} begins"

    def command(self, side: int, word: str, argument: str = "") -> str:
        """``claim NAME``, ``why-not``, ``accept`` (a lesser claim), ``vie``, ``see``, ``yield`` and
        ``resign`` (or ``concede``)."""
        name = SIDE_NAMES[side]
        if word == CLAIM:
            if side != self.turn:
                raise IllegalMoveError("only the side to move may claim a win of his throw")
            self.claim(argument)
            return f"{name} claims {argument}"
        if word == WHY_NOT:
            self.why_not(side)
            return f"{name} says: Why not?"
        if word == ACCEPT:
            if self.state == AWAIT_CLAIM_ANSWER and side == self.turn:
                raise IllegalMoveError("a claim is let stand by the adversary of the claimant")
            self.accept_claim()
            return "the claim stands"
        if word == VIE:
            self.vie(side)
            return f"{name} vies the game"
        if word in (SEE, YIELD) and self.state == AWAIT_VIE_ANSWER and side == self.vier:
            raise IllegalMoveError("a vie is answered by the adversary of the side that vied")
        if word == SEE:
            self.see()
            return f"{name} sees it: the game is worth {self.value()} now"
        if word == YIELD:
            self.yield_game()
            return f"{name} yields"
        if word in (RESIGN, CONCEDE):
            self.concede(side)
            return f"{name} concedes"
        return super().command(side, word, argument)

    def words(self) -> tuple[str, ...]:
        """The claims, "Why not?", and the vies."""
        return ("claim NAME", WHY_NOT, ACCEPT, "vie/see/yield")

    def choices(self, side: int) -> tuple[str, ...]:
        """``claim`` for the side to move with a win of his throw to claim before he touches a man,
        ``why-not`` for the side whose adversary missed a win, ``accept`` for the adversary of a
        lesser claim, ``vie`` before a throw (once a throw), ``see``/``yield`` for the side vied,
        ``resign``/``concede`` until the game is over."""
        if self.state == OVER:
            return ()
        state, mover = self.state, side == self.turn
        words = [
            *((CLAIM,) if state == AWAIT_PLAY and mover and self.available and self.touched is None else ()),
            *((WHY_NOT,) if self.missed is not None and self.missed_by == 1 - side else ()),
            *((ACCEPT,) if state == AWAIT_CLAIM_ANSWER and not mover else ()),
            *((VIE,) if state == AWAIT_THROW and not self.vied_this_throw else ()),
            *((SEE, YIELD) if state == AWAIT_VIE_ANSWER and side != self.vier else ()),
        ]
        return (*words, RESIGN, CONCEDE)
