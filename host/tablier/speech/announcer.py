"""The announcer: what happens at the table, said to the players who listen, as much as they asked.

The play wings call one method per event (a throw, a play, a false move and each step to mend it,
the teacher's warning, the quality of a play, whose turn, the result); the announcer words it in the
listeners' language (:class:`~tablier.speech.phrases.Phrases`), keeps to their :data:`VERBOSITIES`
and hands it to the :class:`~tablier.speech.speaker.Speaker`, which never blocks.

Verbosity ``adversary``: the adversary's throws and moves, and the result (what happens away from
the listener's hands: the computer's, or a distant player's). ``everything``: also his own throws
and moves as the board read them, whose turn, false moves and how to mend them, the teacher's words,
the quality of his plays and the hints left: enough to play a whole game without looking.
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path
from typing import Protocol

from tablier.draughts.core import Move as DraughtsMove
from tablier.tables.moves import Dice, Play

from .phrases import Phrases, Place
from .speaker import Speaker
from .voice import MISSING, Espeak, Silence, Voice, find_espeak

OFF = "off"
ADVERSARY = "adversary"
EVERYTHING = "everything"
VERBOSITIES = (OFF, ADVERSARY, EVERYTHING)


class Sink(Protocol):
    """Where sentences go: a :class:`Speaker` (or a test's list)."""

    def say(self, text: str, urgent: bool = False) -> None:
        """Say ``text`` (``urgent``: now, instead of what waits)."""


class Announcer:
    """Says the table's events to ``listeners`` (the players, 1 and/or 2, who hear this voice),
    naming the others by ``names`` (player 1's, player 2's); ``plain``: moves in plain words rather
    than the game's notation."""

    def __init__(self, phrases: Phrases, sink: Sink, verbosity: str = EVERYTHING,
                 listeners: Collection[int] = (1,), names: tuple[str, str] = ("player 1", "player 2"),
                 plain: bool = False) -> None:
        if verbosity not in VERBOSITIES:
            raise ValueError(f"speech is {', '.join(VERBOSITIES)}, not {verbosity!r}")
        self.phrases = phrases
        self.sink = sink
        self.verbosity = verbosity
        self.listeners = frozenset(listeners)
        self.names = names
        self.plain = plain

    def _who(self, player: int) -> str | None:
        """None ("you") for the one listener, else the player's name."""
        return None if self.listeners == {player} else self.names[player - 1]

    def _tell(self, text: str, by: int | None = None, urgent: bool = False) -> None:
        """Say ``text`` if the verbosity wants it: an adversary's act (``by``) or the result at
        ``adversary``, everything at ``everything``."""
        if self.verbosity == OFF:
            return
        if self.verbosity == ADVERSARY and (by is None or by in self.listeners):
            return
        self.sink.say(text, urgent=urgent)

    # -- what happens ------------------------------------------------------------------------------

    def throw(self, player: int, dice: Dice) -> None:
        """``player`` (1 or 2) threw ``dice``."""
        self._tell(self.phrases.throw(dice, self._who(player)), by=player)

    def opening(self, first_die: int, second_die: int) -> None:
        """The opening throw: a die for each player; the higher begins."""
        text = self.phrases.opening(self.names[0], first_die, self.names[1], second_die)
        self._tell(text, by=1 if 1 not in self.listeners else 2)

    def opening_turn(self) -> None:
        """The opening throw is asked for: either player presses."""
        self._tell(self.phrases.opening_turn())

    def tables_play(self, player: int, play: Play | str) -> None:
        """``player`` played ``play`` (a core play or its notation)."""
        said = self.phrases.tables_play(play, self.plain)
        self._tell(self.phrases.played(said, self._who(player)), by=player)

    def draughts_move(self, player: int, move: DraughtsMove | str) -> None:
        """``player`` moved ``move`` (a core move or its PDN text)."""
        said = self.phrases.draughts_move(move, self.plain)
        self._tell(self.phrases.played(said, self._who(player)), by=player)

    def cube(self, player: int, action: str, value: int = 0) -> None:
        """``player`` doubled (to ``value``), took or dropped."""
        self._tell(self.phrases.cube(action, value, self._who(player)), by=player)

    def turn(self, player: int, throw: bool = False) -> None:
        """``player`` is to move (``throw``: to throw the dice first)."""
        self._tell(self.phrases.turn(self._who(player), throw))

    def result(self, winner: int | None, count: int, unit: str, match_over: bool = False) -> None:
        """The game is over: ``winner`` (None: a draw) won ``count`` of the game's ``unit``."""
        text = self.phrases.draw() if winner is None else self.phrases.result(count, unit, self._who(winner),
                                                                             match_over)
        self._tell(text, by=0)  # said at every verbosity but off

    # -- reading mode ------------------------------------------------------------------------------

    def read(self, place: Place, count: int, owner: int | None, king: bool = False,
             goes: list[tuple[Place, bool]] | None = None) -> None:
        """A man lifted and put back on ``place`` (reading mode): ``count`` men (kings) of ``owner``
        stand there; ``goes``: where that man may go this turn (each place and whether it hits or
        captures there), None when it is not his to move. Said at once, whatever the verbosity but
        off: the listener asked."""
        if self.verbosity == OFF:
            return
        text = self.phrases.stands(place, count if owner else 0, self._who(owner) if owner else None, king)
        if goes is not None and count:
            text = f"{text} {self.phrases.goes(goes)}"
        self.sink.say(text, urgent=True)

    def whole(self, player: int) -> None:
        """The board shows player ``player``'s whole move: his press commits it."""
        self._tell(self.phrases.whole(self._who(player)))

    # -- going wrong -----------------------------------------------------------------------------

    def false_move(self, reason: str = "") -> None:
        """The board shows no legal move (after the grace time): why, at once."""
        self._tell(self.phrases.illegal(reason), urgent=True)

    def mend(self, family: str, lift: Place | None, put: Place | None) -> None:
        """The next step back to a legal board (None, None: the board is right again)."""
        self._tell(self.phrases.mend(family, lift, put), urgent=lift is not None or put is not None)

    # -- the teacher and the quality of plays ---------------------------------------------------------

    def warning(self, band: str, loss: float, digits: int, best: Play | DraughtsMove | str) -> None:
        """The teacher's warning before a weak play stands (``digits``: the decimals of its unit)."""
        self._tell(self.phrases.warning(band, loss, digits, self._move(best)), urgent=True)

    def quality(self, band: str) -> None:
        """The band of the play just made (its mark)."""
        self._tell(self.phrases.quality(band))

    def destination(self, place: Place, band: str) -> None:
        """A place a man may go and its band (a man lifted in reading mode)."""
        self._tell(self.phrases.destination(place, band))

    def hints_left(self, count: int) -> None:
        """How many hints are left this turn."""
        self._tell(self.phrases.hints_left(count))

    def _move(self, move: Play | DraughtsMove | str) -> str:
        if isinstance(move, DraughtsMove):
            return self.phrases.draughts_move(move, self.plain)
        return self.phrases.tables_play(move, self.plain)


def open_announcer(language: str = "en", verbosity: str = EVERYTHING, listeners: Collection[int] = (1,),
                   names: tuple[str, str] = ("player 1", "player 2"), plain: bool = False,
                   own_words: Path | None = None) -> tuple[Announcer, Speaker | None, str]:
    """An announcer speaking with espeak-ng, its speaker (None when speech is off) and a notice: one
    line to show at the start when speech cannot be heard (espeak-ng missing), else ``""``;
    ``own_words``: a TOML file of phrases said instead of the language's own.
    ``ValueError`` for an unknown language or verbosity, or words that cannot be used."""
    phrases = Phrases(language, own_words)
    if verbosity == OFF:
        return Announcer(phrases, _Nowhere(), OFF, listeners, names, plain), None, ""
    program = find_espeak()
    voice: Voice = Silence() if program is None else Espeak(program, phrases.voice)
    speaker = Speaker(voice)
    notice = MISSING if program is None else ""
    return Announcer(phrases, speaker, verbosity, listeners, names, plain), speaker, notice


class _Nowhere:
    def say(self, text: str, urgent: bool = False) -> None:
        """Speech is off."""
