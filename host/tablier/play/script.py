"""Scripts of physical actions for the simulated board (``docs/sim-script.md``).

A script is a text file, one action a line (``#`` starts a comment)::

    setup                     # the men of the game's start (home table on the right)
    press 1                   # player 1 presses and releases his button
    dice 3 1                  # the next throw shows 3 and 1
    move point 8 point 5      # lift a man from point 8, put it on point 5
    lift point 13 / put point 7 / lift square 11 / put bar 2 / lift point 6 row
    say why-not               # anything typed at the terminal (``say 2 claim Hit``)
    wait 2                    # let two seconds pass (the grace time runs out)
    cut / restore             # pull the USB cable / plug it back
    expect last 8/5 6/5       # the last committed move; ``expect status final``;
    expect lit point 5 destination   # ``expect message TEXT`` (a message contains TEXT)

:class:`ScriptActor` runs the actions one at a time, each once the host has seen everything the
previous one did; a failed ``expect`` or an impossible action stops with the script's line number.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tablier.board.observation import TABLES_PLACES, Place
from tablier.board.orientation import HOME_RIGHT, ORIENTATIONS
from tablier.errors import TablierError

from .hands import Hands, HandsError
from .link import Cable
from .session import Session

PLACE_KINDS = ("point", "bar", "tray", "square")


class ScriptError(TablierError):
    """A script line that cannot be read or done, or an expectation that failed: says which line."""


@dataclass(frozen=True)
class Action:
    """One line of a script."""

    line: int
    verb: str
    words: tuple[str, ...]
    text: str


def parse_script(text: str, name: str = "script") -> list[Action]:
    """The actions of a script; :class:`ScriptError` naming the line for an unknown verb or a
    malformed place."""
    actions: list[Action] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        for part in line.split(" / "):
            words = tuple(part.split())
            if not words:
                raise ScriptError(f"{name}:{number}: an empty action between ' / ' separators")
            verb = words[0].lower()
            action = Action(number, verb, words[1:], part)
            _check(action, name)
            actions.append(action)
    return actions


def read_script(path: Path) -> list[Action]:
    """Read and parse a script file."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ScriptError(f"{path}: cannot read the script ({error.strerror})") from None
    except UnicodeDecodeError as error:
        line = path.read_bytes()[:error.start].count(b"\n") + 1
        raise ScriptError(f"{path}:{line}: the script is not UTF-8 text (byte {error.start + 1})") from None
    return parse_script(text, str(path))


#: The actions of the hands (typed at the terminal of ``tablier play --sim`` too).
HAND_VERBS = ("setup", "flip", "press", "move", "lift", "put", "cut", "restore")
VERBS = ("setup", "press", "dice", "move", "lift", "put", "say", "wait", "cut", "restore", "expect", "flip")


def _check(action: Action, name: str) -> None:
    where = f"{name}:{action.line}"
    if action.verb not in VERBS:
        raise ScriptError(f"{where}: unknown action {action.verb!r} (actions: {', '.join(VERBS)})")
    words = action.words
    if action.verb in ("lift", "put"):
        _place(words[:2], where)
    elif action.verb == "move":
        _place(words[:2], where)
        _place(words[2:4], where)
    elif action.verb == "press" and (len(words) != 1 or words[0] not in ("1", "2")):
        raise ScriptError(f"{where}: press 1 or press 2")
    elif action.verb == "dice" and (not words or not all(w in "123456" and len(w) == 1 for w in words)):
        raise ScriptError(f"{where}: dice takes numbers 1 to 6, e.g. dice 3 1")
    elif action.verb == "wait":
        try:
            seconds = float(words[0])
        except (IndexError, ValueError):
            seconds = -1.0
        if not 0 <= seconds < float("inf"):
            raise ScriptError(f"{where}: wait takes seconds, e.g. wait 2")
    elif action.verb == "setup" and words and words[0] not in ORIENTATIONS:
        raise ScriptError(f"{where}: setup takes {' or '.join(ORIENTATIONS)}")


def _place(words: tuple[str, ...], where: str) -> Place:
    if len(words) != 2 or words[0] not in PLACE_KINDS or not (words[1].isascii() and words[1].isdigit()):
        raise ScriptError(f"{where}: a place is `point N`, `bar 1|2`, `tray 1|2` or `square N`, "
                          f"not {' '.join(words)!r}")
    place = (words[0], int(words[1]))
    exists = 1 <= place[1] <= 32 if place[0] == "square" else place in TABLES_PLACES
    if not exists:
        raise ScriptError(f"{where}: there is no {place[0]} {place[1]}")
    return place


class ScriptActor:
    """Plays a script's actions on the simulated board, one per turn of the session's loop."""

    def __init__(self, actions: list[Action], hands: Hands, cable: Cable | None = None,
                 name: str = "script", clock: Callable[[], float] = time.monotonic,
                 interactive: bool = False) -> None:
        self.interactive = interactive  # typed at the terminal: never done, mistakes only told
        self.actions = list(actions)
        self.hands = hands
        self.cable = cable
        self.name = name
        self.clock = clock
        self._next = 0
        self._wait_until: float | None = None
        self._pending_release: int | None = None

    @property
    def expected_closed(self) -> set[int]:
        return self.hands.expected_closed

    def step(self, session: Session) -> bool:
        if self._pending_release is not None:
            self.hands.press(self._pending_release, False)
            self._pending_release = None
            return True
        if self._wait_until is not None:
            if self.clock() < self._wait_until:
                return True
            self._wait_until = None
        if self._next >= len(self.actions):
            return self.interactive and not session.finished
        action = self.actions[self._next]
        teacher = getattr(session, "teacher", None)
        if action.verb in ("lift", "move") and teacher is not None and teacher.quality.indexing():
            return True  # the quality lights' bands come first (a few milliseconds after the throw)
        self._next += 1
        try:
            self._do(action, session)
        except (HandsError, TablierError) as error:
            if self.interactive:
                session.say(f"{action.text}: {error}", "warning")
                return True
            if isinstance(error, ScriptError):
                raise
            raise ScriptError(f"{self.name}:{action.line}: {action.text}: {error}") from None
        return True

    def add_line(self, line: str) -> bool:
        """(Interactive) Queue a typed line: a hands' action (``lift point 8``, ``press 1``,
        ``setup``...) or, in its turn after them, a command for the session. Always True."""
        words = tuple(line.split())
        if not words:
            return True
        if words[0].lower() in HAND_VERBS:
            try:
                self.actions.extend(parse_script(line, self.name))
            except ScriptError as error:
                self.actions.append(Action(0, "note", (), str(error)))
        else:
            self.actions.append(Action(0, "say", words, line))
        return True

    def _do(self, action: Action, session: Session) -> None:
        words = action.words
        verb = action.verb
        where = f"{self.name}:{action.line}"
        if verb == "setup":
            self._setup(session, words[0] if words else HOME_RIGHT)
        elif verb == "flip":
            self.hands.turn_face(not words or words[0] != "draughts")
        elif verb == "press":
            self.hands.press(int(words[0]), True)
            self._pending_release = int(words[0])
        elif verb == "dice":
            session.dice.force(tuple(int(w) for w in words))
        elif verb == "lift":
            self.hands.lift(_place(words[:2], where), from_row=words[2:3] == ("row",))
        elif verb == "put":
            self.hands.put(_place(words[:2], where))
        elif verb == "move":
            self.hands.lift(_place(words[:2], where))
            self.hands.put(_place(words[2:4], where))
        elif verb == "say":
            session.command_line(" ".join(words))
        elif verb == "wait":
            self._wait_until = self.clock() + float(words[0])
        elif verb in ("cut", "restore"):
            if self.cable is None:
                raise ScriptError(f"{where}: {verb} needs the simulated board")
            self.cable.plugged = verb == "restore"
            if verb == "restore":
                self._wait_until = self.clock() + 0.05
        elif verb == "expect":
            self._expect(action, session)
        elif verb == "note":  # a typed line that could not be read
            session.say(action.text, "warning")

    def _setup(self, session: Session, way: str) -> None:
        session.seat_decisions.set_up(self.hands, way)

    def _expect(self, action: Action, session: Session) -> None:
        words = action.words
        where = f"{self.name}:{action.line}"
        what, rest = (words[0], words[1:]) if words else ("", ())
        if what == "last":
            got = session.committed[-1] if session.committed else "(nothing committed)"
            if got != " ".join(rest):
                raise ScriptError(f"{where}: expected the last move {' '.join(rest)!r}, got {got!r}")
        elif what == "status":
            reading = getattr(session, "reading", None)
            got = reading.status.value if reading is not None else "none"
            if got != " ".join(rest):
                raise ScriptError(f"{where}: expected the board to show {' '.join(rest)!r}, it shows {got!r}")
        elif what == "lit":
            size = 4 if rest[:1] == ("die",) else 2  # `die 1 pip 4`, else `point 5`, `status 1`
            place, meaning = " ".join(rest[:size]), " ".join(rest[size:])
            shown = session.led_plan().meanings().get(place, "dark")
            if shown != meaning:
                raise ScriptError(f"{where}: expected {place} lit as {meaning!r}, got {shown!r}")
        elif what == "message":
            text = " ".join(rest)
            if not any(text in message for message in session.message_log):
                raise ScriptError(f"{where}: no message says {text!r} (last: {session.message_log[-3:]})")
        elif what == "moves":
            if len(session.committed) != int(rest[0]):
                raise ScriptError(f"{where}: expected {rest[0]} committed moves, "
                                  f"got {len(session.committed)}")
        else:
            raise ScriptError(f"{where}: expect last|status|lit|message|moves, not {what!r}")
