"""Speech at the table: the session's own events said aloud (``--speech``, ``docs/speech.md``).

The session tells its :attr:`~tablier.play.session.Session.speech` of what it does anyway: each
record it writes (:meth:`TableSpeech.heard`: a throw, a move committed, a cube action, the teacher's
warning, a result), the other seat's move as soon as it is chosen (:meth:`TableSpeech.chosen`: the
player makes it on his board, so he hears it before he makes it), a false move once the grace time
is over (:meth:`TableSpeech.false_move`), the switches that changed (reading mode,
:mod:`.reading`) and, every turn of the loop, how things stand (:meth:`TableSpeech.looked`: whose
turn it is, each step of the way back after a false move, a whole move waiting for its press). The
:class:`~tablier.speech.Announcer` words each event and keeps to the verbosity; its speaker speaks on
a thread of its own, so nothing here waits for a voice. :data:`~tablier.play.hearing.QUIET` is the
session's speech when none was asked for.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tablier.board.tables_inference import Status
from tablier.engines.quality import bands_for
from tablier.games import find_game
from tablier.record.eventlog import Advice, Commit, CubeAction, DiceRecord, Record, ResultRecord
from tablier.tables.moves import Dice as Throw

from .hearing import Place
from .reading import Reader

if TYPE_CHECKING:
    from tablier.board.observation import Observation
    from tablier.link.client import SwitchChange
    from tablier.speech import Announcer, Speaker

    from .options import PlayOptions
    from .session import Session

#: The cube's words that are said (a double, a take, a drop).
CUBE_WORDS = ("double", "take", "drop")


class TableSpeech:
    """Says ``game``'s events at a session through ``announcer`` (``speaker``: its voice's thread, closed
    at the end); ``readers``: the players in reading mode (:mod:`.reading`)."""

    def __init__(self, announcer: Announcer, speaker: Speaker | None, game: str,
                 readers: tuple[int, ...] = ()) -> None:
        info = find_game(game)
        self.announcer = announcer
        self.speaker = speaker
        self.unit = info.facts.unit
        self.bands = bands_for(info.name)
        self.reader = Reader(announcer, readers) if readers else None
        self._turn: object = None  # whose turn was said last
        self._guide: object = None  # the step of the way back said last
        self._mending = False  # a way back is being said
        self._whole: object = None  # the whole move said last (the turn and the board)
        self._put_last = True  # the last man touched was put down (none is in hand)
        self._problem_told = False

    # -- the session's records ---------------------------------------------------------------------

    def heard(self, session: Session, record: Record) -> None:
        """A throw, a move committed (the other seat's was said when chosen), a cube action, the
        teacher's warning, a result."""
        say = self.announcer
        if isinstance(record, DiceRecord) and len(record.dice) == 2:
            first, second = record.dice
            if record.purpose != "opening":
                say.throw(session.player_of_side(record.player), Throw(first, second))
            elif first == second:  # tied: thrown again
                say.opening_turn()
            else:
                say.opening(first, second)
        elif isinstance(record, Commit):
            player = session.player_of_side(record.player)
            if session.computer is None or not session.computer.plays(player):
                self._move(session, player, record.notation)
        elif isinstance(record, CubeAction) and record.action in CUBE_WORDS:
            say.cube(session.player_of_side(record.player), record.action, record.value)
        elif isinstance(record, Advice):
            digits = 2 if record.loss < 1 else 0
            say.warning(self.bands.band(record.loss), record.loss, digits, record.better)
        elif isinstance(record, ResultRecord):
            winner = None if record.winner is None else session.player_of_side(record.winner)
            match = session.options.match_length > 0 or session.options.games > 1
            say.result(winner, record.points, self.unit, record.match_over and match)

    def chosen(self, session: Session, player: int, notation: str) -> None:
        """The other seat's move, said before the player makes it on his board (its turn first)."""
        self._say_turn(session)
        self._move(session, player, notation)

    def _move(self, session: Session, player: int, notation: str) -> None:
        if session.family == "tables":
            self.announcer.tables_play(player, "" if notation == "-" else notation)
        else:
            self.announcer.draughts_move(player, notation)

    def false_move(self, why: str) -> None:
        """Why the board shows no legal move (its words as the view gives them, once)."""
        for prefix in ("not a legal play: ", "not a legal move: "):
            why = why.removeprefix(prefix)
        self.announcer.false_move(why)

    def changed(self, session: Session, before: Observation, changes: list[SwitchChange]) -> None:
        """Reading mode reads a man lifted and put back; a man in hand holds back the words of a
        whole move (the board may read him as put on an unseen top layer, a stack of six or more)."""
        men = [change for change in changes if session.observer.place_of(change.switch) is not None]
        if men:  # a batch may bring a lift and its put together, in any order: put down if they balance
            self._put_last = sum(1 if change.closed else -1 for change in men) >= 0
        if self.reader is not None:
            self.reader.changed(session, before, changes)

    # -- how things stand ----------------------------------------------------------------------------

    def looked(self, session: Session) -> None:
        """Whose turn it is (once each time it changes), each step of the way back after a false
        move and the board right again, a whole move waiting for its press; the voice's first
        complaint (no sound device), once."""
        self._say_turn(session)
        self._say_guide(session)
        self._say_whole(session)
        problem = getattr(self.speaker.voice, "problem", "") if self.speaker is not None else ""
        if problem and not self._problem_told:
            self._problem_told = True
            session.say(problem, "warning")

    def _say_turn(self, session: Session) -> None:
        throwing = session.throwing()
        turn = ("throw", session.floor()) if throwing else ("move", session.to_play())
        if turn == self._turn:
            return
        self._turn = turn
        player = turn[1]
        if throwing:
            if player is None:
                self.announcer.opening_turn()
            else:
                self.announcer.turn(player, throw=True)
        elif player is not None and not session.has_dice:  # a throw said is the turn of a dice game
            self.announcer.turn(player)

    def _say_guide(self, session: Session) -> None:
        guide = session.guide if session.guiding else None
        if guide == self._guide:
            return
        self._guide = guide
        if guide is not None:  # in the listener's numbers (the mover's when both listen)
            listeners = self.announcer.listeners
            to = next(iter(listeners)) if len(listeners) == 1 else None

            def said(index: int) -> Place:
                return session.board_moves.said_place(index, to)

            self.announcer.mend(session.family, None if guide.lift is None else said(guide.lift),
                                None if guide.put is None else said(guide.put))
            self._mending = True
        elif self._mending:
            self._mending = False
            self.announcer.mend(session.family, None, None)

    def _say_whole(self, session: Session) -> None:
        mover = session.mover()
        if mover is None or session.is_computer(mover) or session.guiding or not self._put_last:
            return
        seen = session.observation
        key = (session.turn_key(), seen.counts, seen.squares)
        if key == self._whole:
            return
        if session._legal_status(seen) is Status.FINAL:
            self._whole = key
            self.announcer.whole(mover)

    def close(self) -> None:
        """Stop the voice (what waits is dropped)."""
        if self.speaker is not None:
            self.speaker.close()


def open_speech(game: str, options: PlayOptions, session: Session,
                announcer: Announcer | None = None) -> tuple[TableSpeech | None, str]:
    """The speech ``options`` ask for at ``session`` (None when none: ``--speech off`` and nobody
    reading), and a line to show at the start ('' if none: espeak-ng missing). ``announcer``: one
    made already (a test's, whose words are written down). ``ValueError`` for a language or a words
    file that cannot be used."""
    from tablier.speech import EVERYTHING, OFF, open_announcer

    if announcer is not None:
        return TableSpeech(announcer, None, game, options.reading), ""
    verbosity = options.speech
    if verbosity == OFF and not options.reading:
        return None, ""
    listeners = options.reading or tuple(p for p in (1, 2) if not session.is_computer(p))
    own = Path(options.speech_words) if options.speech_words else None
    first, second = (name.partition(":")[0] for name in options.players)  # "computer", not "computer:2"
    names = (first, second)
    made, speaker, notice = open_announcer(options.speech_language,
                                           EVERYTHING if verbosity == OFF else verbosity, listeners,
                                           names, options.speech_plain, own)
    return TableSpeech(made, speaker, game, options.reading), notice
