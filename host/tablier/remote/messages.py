"""The messages two hosts exchange, and their validation: anything else is refused with one line.

Every message is one JSON object of at most :data:`MAX_BYTES`: the protocol version ``v``, the
``game`` id, the sender's seat ``from`` (1 or 2), its sequence number ``seq`` (1, 2, ... per sender;
0 for the retained ``state``), the ``kind``, a ``body`` whose fields each kind fixes, and the
signature ``mac`` (:mod:`.signing`). The kinds (``docs/remote-play.md`` shows each on the wire):

``offer``   the game opened (the game, its options, the dice, the opener's name and seat, his first
            commitment), also kept on the broker (retained) for the joiner to find;
``join``    the joiner's name and first commitment;
``action``  one step of the game's shared record, at index ``at``, said by seat ``by``: a throw (with
            the thrower's share of it and the commitment to his next), a play, a touch, a word of
            the table (``double``, ``take``, ``claim Hit``, ``takeback``, ``accept``, ``resign``...);
``reveal``  the other side's share of a throw (and its next commitment);
``propose`` a word said by the player who does not hold the turn, for the other host to put in order;
``refused`` a proposal the rules refused there, and why;
``bye``     the host stops (``quit``, the end of the match);
``state``   (retained) what the sender has received and sent, and whether it is online.

:func:`parse` checks the shape (types, sizes, ranges, known words) of a message; the signature, the
game, the seat and the sequence are the :class:`~tablier.remote.peer.Peer`'s to check.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

VERSION = 1
MAX_BYTES = 4096

KINDS = ("offer", "join", "action", "reveal", "propose", "refused", "bye", "state")
#: The steps of the shared record besides the words: a throw, a play, a touch (touch-move rules).
STEPS = ("throw", "play", "touch")
#: The words of the table that cross the wire (the same rules as at one table decide them).
WORDS = ("double", "take", "drop", "resign", "concede", "claim", "why-not", "accept", "refuse", "vie", "see",
         "yield", "keep", "takeback", "huff", "compel", "notice")
DICE_SOURCES = ("electronic", "physical")

_HEX64 = re.compile(r"[0-9a-f]{64}")
_GAME_ID = re.compile(r"[0-9a-f]{16}")
#: What an argument may hold: notation (``13/7*``, ``bar/22``, ``11x18``, ``-``), a win's name, a number.
_ARGUMENT = re.compile(r"[A-Za-z0-9 /*()x.,'-]{0,80}")
#: The characters of a line of text from the wire: no control character (C0, DEL, C1: nothing a
#: terminal would obey), no line or paragraph separator, no lone surrogate (it cannot be printed).
LINE_CHARS = r"[^\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]"
#: The longest name of a player: at the table, on the wire and on the club's page.
MAX_NAME = 40
_NAME = re.compile(f"{LINE_CHARS}{{1,{MAX_NAME}}}")


def is_line(text: object, most: int) -> bool:
    """Whether ``text`` is one line of at most ``most`` printable characters."""
    return isinstance(text, str) and len(text) <= most and re.fullmatch(f"{LINE_CHARS}*", text) is not None


def name_problem(name: str) -> str:
    """What is wrong with a player's name ('' if nothing): at most :data:`MAX_NAME` characters of one
    line."""
    if not name:
        return "a player's name cannot be empty"
    if len(name) > MAX_NAME:
        return f"a player's name has at most {MAX_NAME} characters ({name[:MAX_NAME]!r}... has {len(name)})"
    if not is_line(name, MAX_NAME):
        return f"a player's name is one line of printable characters (not {name!r})"
    return ""


#: Each kind as a message's refusal names it.
NOUNS = {"offer": "an offer", "join": "a join", "action": "an action", "reveal": "a reveal",
         "propose": "a proposal", "refused": "a refusal", "bye": "a goodbye", "state": "a state"}


def named(kind: str) -> str:
    """``an action``, ``a proposal``..."""
    return NOUNS.get(kind, f"a {kind}")


class MessageError(ValueError):
    """A message that is not one of ours (the message says what is wrong, in one line)."""


@dataclass(frozen=True)
class Message:
    """A message as parsed: its envelope, its body and its signed JSON (kept to send it again)."""

    game: str
    sender: int
    seq: int
    kind: str
    body: Mapping[str, Any]
    signed: Mapping[str, Any]

    def payload(self) -> bytes:
        """The bytes published."""
        return json.dumps(self.signed, separators=(",", ":")).encode("utf-8")


Check = Callable[[object], bool]


def _int(low: int, high: int) -> Check:
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def _text(pattern: re.Pattern[str]) -> Check:
    return lambda v: isinstance(v, str) and pattern.fullmatch(v) is not None


def _one_of(values: tuple[str, ...]) -> Check:
    return lambda v: v in values


_OPTION_NAME = re.compile(r"[a-z0-9_]{1,40}")
_OPTION_VALUE = re.compile(r"[A-Za-z0-9_ .,/()+-]{0,80}")


def _options(value: object) -> bool:
    return (isinstance(value, dict) and len(value) <= 24
            and all(_text(_OPTION_NAME)(k) and _text(_OPTION_VALUE)(v) for k, v in value.items()))


_SEQ = _int(0, 10 ** 9)
_HEX = _text(_HEX64)
_ARG = _text(_ARGUMENT)
_NAME_CHECK = _text(_NAME)
_SEAT = _int(1, 2)
_VERSION_TEXT = _text(re.compile(r"[0-9A-Za-z.+-]{1,20}"))

#: Each kind's body: field -> (check, required), and what the check means, for the refusal.
BODIES: dict[str, dict[str, tuple[Check, bool, str]]] = {
    "offer": {"game": (_ARG, True, "a game's name"), "options": (_options, True, "the game's options"),
              "match": (_int(0, 99), True, "a match length"),
              "games": (_int(1, 99), True, "a number of games"),
              "dice": (_one_of(DICE_SOURCES), True, "electronic or physical"),
              "position": (_text(re.compile(r"[ -~]{0,200}")), True, "a position"),
              "name": (_NAME_CHECK, True, "a player's name"), "seat": (_SEAT, True, "seat 1 or 2"),
              "commit": (_HEX, True, "a commitment"), "version": (_VERSION_TEXT, True, "a version")},
    "join": {"name": (_NAME_CHECK, True, "a player's name"), "commit": (_HEX, True, "a commitment"),
             "version": (_VERSION_TEXT, True, "a version")},
    "action": {"at": (_int(1, 10 ** 6), True, "an index of the record"), "by": (_int(0, 2), True, "a seat"),
               "word": (_one_of(STEPS + WORDS), True, "a step or a word of the table"),
               "arg": (_ARG, True, "an argument"), "ask": (_int(1, 10 ** 6), False, "a proposal's number"),
               "n": (_int(1, 10 ** 6), False, "a throw's number"), "share": (_HEX, False, "a share"),
               "commit": (_HEX, False, "a commitment")},
    "reveal": {"at": (_int(1, 10 ** 6), True, "an index of the record"),
               "n": (_int(1, 10 ** 6), True, "a throw"),
               "share": (_HEX, True, "a share"), "commit": (_HEX, True, "a commitment")},
    "propose": {"id": (_int(1, 10 ** 6), True, "a proposal's number"),
                "word": (_one_of(WORDS), True, "a word"),
                "arg": (_ARG, True, "an argument")},
    "refused": {"id": (_int(1, 10 ** 6), True, "a proposal's number"),
                "why": (_text(re.compile(f"{LINE_CHARS}{{0,300}}")), True, "a reason")},
    "bye": {"why": (_text(re.compile(f"{LINE_CHARS}{{0,200}}")), True, "a reason")},
    "state": {"acked": (_SEQ, True, "a sequence number"), "sent": (_SEQ, True, "a sequence number"),
              "online": (lambda v: isinstance(v, bool), True, "true or false"),
              "stamp": (_int(0, 2 ** 53), True, "a time stamp")},
}


def envelope(game: str, sender: int, seq: int, kind: str, body: Mapping[str, Any]) -> dict[str, Any]:
    """A message's fields before it is signed."""
    return {"v": VERSION, "game": game, "from": sender, "seq": seq, "kind": kind, "body": dict(body)}


def json_object(payload: bytes, most: int = MAX_BYTES) -> dict[str, Any]:
    """The JSON object in ``payload`` (at most ``most`` bytes); :class:`MessageError` if it is none."""
    if len(payload) > most:
        raise MessageError(f"a message of {len(payload)} bytes (at most {most})")
    try:
        data = json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise MessageError("not a JSON message") from None
    if not isinstance(data, dict):
        raise MessageError("not a JSON object")
    return data


def parse(payload: bytes) -> Message:
    """The message in ``payload``; :class:`MessageError` saying what is wrong with it."""
    data = json_object(payload)
    version = data.get("v")
    if version != VERSION:
        newer = isinstance(version, int) and not isinstance(version, bool) and version > VERSION
        raise MessageError(f"protocol version {_shown(version)}"
                           + (" (a newer Tablier: update this one)" if newer else " is not ours"))
    extra = set(data) - {"v", "game", "from", "seq", "kind", "body", "mac"}
    if extra:
        raise MessageError(f"unknown field {sorted(extra)[0][:30]!r}")
    for name, check, meaning in (("game", _text(_GAME_ID), "a game id"), ("from", _SEAT, "seat 1 or 2"),
                                 ("seq", _SEQ, "a sequence number"), ("kind", _one_of(KINDS), "a known kind"),
                                 ("mac", _HEX, "a signature")):
        if not check(data.get(name)):
            raise MessageError(f"{name} {_shown(data.get(name))} is not {meaning}")
    kind = data["kind"]
    body = data.get("body")
    if not isinstance(body, dict):
        raise MessageError(f"{named(kind)} without a body")
    fields = BODIES[kind]
    unknown = set(body) - set(fields)
    if unknown:
        raise MessageError(f"{named(kind)} with an unknown field {sorted(unknown)[0][:30]!r}")
    for name, (check, required, meaning) in fields.items():
        if name not in body:
            if required:
                raise MessageError(f"{named(kind)} without its {name!r}")
        elif not check(body[name]):
            raise MessageError(f"{named(kind)}'s {name} {_shown(body[name])} is not {meaning}")
    shared = {"n", "share", "commit"} & set(body)
    if kind == "action" and shared and len(shared) != 3:
        raise MessageError(f"{named(kind)} with a share of a throw needs its n, share and commit together")
    if (kind == "state") != (data["seq"] == 0):
        raise MessageError(f"{named(kind)} with sequence number {data['seq']}")
    return Message(data["game"], data["from"], data["seq"], kind, body, data)


def _shown(value: object) -> str:
    text = json.dumps(value) if not isinstance(value, bytes) else repr(value)
    return text if len(text) <= 30 else text[:27] + "..."
