"""Reading Jellyfish ``.mat`` match files (what GNU Backgammon, Backgammon Studio and Galaxy write).

There is no formal standard; this reader takes what real files hold (``docs/records.md``): ``; [Tag
"value"]`` header comments, ``N point match``, per game ``Game k``, the players' names and scores,
then numbered lines of two columns (the first player's action, the second's): ``52: 13/8 24/22``,
``Doubles => 2``, ``Takes``, ``Drops``, ``Wins 2 point(s)``, ``Losses 1 point`` (a resignation).
Quirks read: the bar as ``bar`` or ``25``; bearing off as ``/off`` or ``/0``; hits with or without
``*``; repeat counts ``13/9(2)``; a dance as ``Cannot Move`` or dice with an empty play; sub-moves in
an order that cannot be executed as written (the play is matched by the position it reaches); games
ending before all men are off; stray move numbers (at the start of a line or alone in the second
column). An unknown play ``????`` cannot be replayed: that game is left out, named in the record's
``Skipped game N`` tag (the place and the reason), and the games before and after it are read. A
match that numbers a game twice is refused. A file cut in the middle of a line (no end of line,
the last line unreadable) is read up to that line, with a warning saying it is cut short. A money
session (``0 point match``) whose ``Jacoby`` tag is ``On`` scores by the Jacoby rule (the record's
``jacoby`` option). A ``CubeLimit`` of 1 is a match or game played without the cube (the record's
``cube`` option ``no``); a ``1 point match`` tagged ``Single game`` is a single game. Backgammon
Galaxy writes a single game as a match of N points: a Galaxy file of one game that leaves the match
short is read as such, without the warning of a match cut short.
The file's encoding is told by :func:`~tablier.record.text_decoding.decode_record_text` (a
byte-order mark, UTF-8, else Latin-1).

Every play is checked against the legal plays as the file is read: :func:`read_mat` returns a
:class:`~tablier.record.game_record.Record` of legal games or raises
:class:`~tablier.record.game_record.RecordError` naming the file, game, move and reason.
The first column is side 0 (Black), the second side 1 (White), each in his own point numbering.
The games are settled by the rules of a ``.mat`` file (modern Backgammon: home-board backgammons,
the cube; :mod:`tablier.record.settling`); a ``Wins`` line scoring more than the match needed is
kept in the game's ``Recorded result`` tag.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

from tablier.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, TablierError
from tablier.tables.catalog import make_variant
from tablier.tables.moves import Dice, Play
from tablier.tables.notation import format_play
from tablier.tables.position import BAR, OFF, Position
from tablier.tables.variant import Variant

from .game_record import (
    DOUBLE,
    DROP,
    JACOBY,
    MODERN_OPTIONS,
    PLAY,
    RESIGN,
    TABLES,
    TAKE,
    Action,
    GameRecord,
    Outcome,
    Record,
    RecordError,
)
from .replay import legal_plays
from .settling import SKIPPED, add_warnings, capped, note_short_match, settle
from .text_decoding import decode_record_text

CUBE_LIMIT = "CubeLimit"
"""The tag of the cube's highest value; ``1``: no cube (GNU Backgammon writes and reads it so)."""
SINGLE_GAME = "Single game"
"""Tablier's tag (``Yes``) on a single game without the cube, written as a 1-point match."""
_TAG = re.compile(r'^\s*;\s*\[\s*(?P<name>[^"\]]+?)\s+"(?P<value>[^"]*)"\s*\]')
_LENGTH = re.compile(r"^\s*(\d+)\s+points?\s+match", re.IGNORECASE)
_GAME = re.compile(r"^\s*Game\s+(\d+)\s*$", re.IGNORECASE)
_NAMES = re.compile(r"^\s*(?P<a>.*?)\s*:\s*(?P<sa>\d+)\s{2,}(?P<b>.*?)\s*:\s*(?P<sb>\d+)\s*$")
_NUMBERED = re.compile(r"^(\s*\d+\)\s*)+")
_STRAY_NUMBER = re.compile(r"(?<!\S)\d+\)(?!\S)")
_STEP = re.compile(r"(?P<chain>(?:bar|\d{1,2})\*?(?:/(?:off|\d{1,2})\*?)+)(?:\((?P<count>\d)\))?")
_ITEM_START = re.compile(r"(?<![\w/])[1-6][1-6]:|Doubles\b|Takes\b|Drops\b|Beavers\b|Wins\b|Losses\b",
                         re.IGNORECASE)
#: An action starting further right than this column belongs to the second player.
RIGHT_COLUMN = 13
RECORDED_RESULT = "Recorded result"
"""The game tag keeping a ``Wins`` line that scores more than the match needed, in the file's words."""


class UnknownPlayError(RecordError):
    """A play written ``????``: its game cannot be replayed past it (the other games can);
    ``reason`` says where, in words that any record format can hold."""

    def __init__(self, place: str, move: int, dice: Dice) -> None:
        self.reason = f"move {move}, the play of {dice} is unknown (???? in the file)"
        super().__init__(f"{place}: the play of {dice} is unknown (???? in the file), so the game "
                         "cannot be replayed past it")


@dataclass(frozen=True)
class _Item:
    side: int
    text: str
    move: int


def read_mat_file(path: str) -> Record:
    """Read a ``.mat`` file (see :func:`read_mat`); :class:`RecordError` if it cannot be read."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise RecordError(f"{path}: cannot read ({error.strerror or error})") from None
    return read_mat(decode_record_text(data)[0], path)


def read_mat(text: str, source: str = "<mat>") -> Record:
    """The match in ``text``, every play checked and the results settled by the rules of a ``.mat``
    file (modern Backgammon: home-board backgammons, the cube; see :mod:`tablier.record.settling`);
    :class:`RecordError` at the first fault. What the file leaves out (a last game without its
    ``Wins`` line, a score line the games do not give, a game with an unknown play, the end of a
    file cut short) is in each game's ``Warning`` tag or the record's ``Skipped game N`` tags."""
    lines = text.splitlines()
    torn = lines[-1].strip() if lines and not text.endswith(("\n", "\r")) else ""
    record: Record | None = None
    try:
        record = _read_lines(lines, source)
    except RecordError as error:
        if not torn:
            raise
        refusal = error
    if record is not None and (not torn or record.games[-1].outcome is not None):
        return record
    # no end of line and no result: the file was cut in the middle of its last line (which may read
    # as something else, a throw without its play read as a dance): read it without that line
    try:
        shorter = _read_lines(lines[:-1], source)
    except RecordError:
        if record is None:
            raise refusal from None
        return record
    add_warnings(shorter.games[-1].tags, [f"the file is cut short in the middle of line {len(lines)} "
                                          f"({torn[:40]!r} is left out)"])
    return shorter


def _read_lines(lines: list[str], source: str) -> Record:
    tags: dict[str, str] = {}
    length = 0
    blocks: list[tuple[int, list[str], int]] = []  # (game number, lines, first line number)
    for line_number, line in enumerate(lines, start=1):
        tag = _TAG.match(line)
        if tag:
            tags[tag.group("name").strip()] = tag.group("value").strip()
            continue
        if line.lstrip().startswith(";"):
            continue
        game = _GAME.match(line)
        if game:
            number = int(game.group(1))
            first = next((start for seen, _, start in blocks if seen == number), None)
            if first is not None:
                raise RecordError(f"{source}: game {number} appears twice (lines {first} and "
                                  f"{line_number}); a match numbers each game once")
            blocks.append((number, [], line_number))
            continue
        found = _LENGTH.match(line)
        if found and not blocks:
            length = int(found.group(1))
            continue
        if blocks:
            blocks[-1][1].append(line)
    variation = tags.get("Variation", "Backgammon")
    if variation.lower() not in ("backgammon", "standard"):
        raise RecordError(f"{source}: {variation} is not a game this reader knows (only Backgammon)")
    if not blocks:
        raise RecordError(f"{source}: no 'Game 1' line: not a Jellyfish .mat match file")
    options = dict(MODERN_OPTIONS)
    if tags.get(CUBE_LIMIT, "").strip() == "1":  # played without the cube (GNU Backgammon's NoCube)
        options["cube"] = "no"
        del tags[CUBE_LIMIT]  # said by the option
    if tags.pop(SINGLE_GAME, "").lower() == "yes" and length == 1:  # our single game, see mat_writer
        length = 0
    if not length and tags.get("Jacoby", "").lower() == "on":  # money play by the Jacoby rule
        options[JACOBY] = "yes"
    if not length:
        tags.pop("Jacoby", None)  # said by the option (the tag means nothing in a match)
    record = Record(game="backgammon", family=TABLES, options=options, match_length=length,
                    date=_date(tags.pop("EventDate", "")), source=source)
    record.tags = tags
    for number, game_lines, first_line in blocks:
        where = f"{source}: game {number}"
        try:
            record.games.append(_read_game(number, game_lines, where, first_line, length))
        except UnknownPlayError as error:  # that game only: the others are read
            record.tags[f"{SKIPPED}{number}"] = error.reason
    if not record.games:
        raise RecordError(f"{source}: " + "; ".join(
            f"game {name.removeprefix(SKIPPED)}, {why}" for name, why in record.tags.items()
            if name.startswith(SKIPPED)) + ": no game can be read")
    settled = settle(record, trusted=True).record  # every play was matched with the legal plays above
    note_short_match(settled)
    return settled


def _date(text: str) -> str:
    found = re.fullmatch(r"\s*(\d{4})[.\-/](\d{1,2})[.\-/](\d{1,2})\s*", text)
    return f"{found.group(1)}-{int(found.group(2)):02d}-{int(found.group(3)):02d}" if found else ""


def _read_game(number: int, lines: list[str], where: str, first_line: int, length: int) -> GameRecord:
    game = GameRecord(number=number)
    items: list[_Item] = []
    move_number = 0
    names_seen = False
    for line in lines:
        if not line.strip():
            continue
        if not names_seen:
            names = _NAMES.match(line)
            if names:
                game.players = (names.group("a"), names.group("b"))
                game.score = (int(names.group("sa")), int(names.group("sb")))
                names_seen = True
                continue
        numbered = _NUMBERED.match(line)
        if numbered:
            move_number = int(re.findall(r"\d+", numbered.group(0))[-1])
            body_start = numbered.end()
        else:
            body_start = 0
        line = line[:body_start] + _STRAY_NUMBER.sub(_blanked, line[body_start:])
        starts = [found.start() for found in _ITEM_START.finditer(line, body_start)]
        stray = line[body_start:starts[0] if starts else len(line)].strip()
        if stray:
            raise RecordError(f"{where}, move {move_number}: cannot read {stray!r}")
        for index, start in enumerate(starts):
            end = starts[index + 1] if index + 1 < len(starts) else len(line)
            side = 1 if start >= RIGHT_COLUMN else 0
            items.append(_Item(side, line[start:end].strip(), move_number))
    if not names_seen:
        raise RecordError(f"{where}: the line with both players' names and scores is missing")
    _replay_items(game, items, where)
    outcome = game.outcome
    if outcome is not None and outcome.winner is not None and \
            capped(outcome.points, length, game.score[outcome.winner]) != outcome.points:
        game.tags[RECORDED_RESULT] = next(item.text for item in reversed(items)
                                          if item.text.lower().startswith("wins"))
    return game


def _blanked(found: re.Match[str]) -> str:
    """A stray move number (``24)`` in the second column) as spaces, keeping the columns."""
    return " " * len(found.group(0))


def _replay_items(game: GameRecord, items: list[_Item], where: str) -> None:
    variant = make_variant("backgammon", MODERN_OPTIONS)
    position: Position = variant.start_position()
    cube = 1
    doubler: int | None = None
    resigned: Action | None = None
    last_player: int | None = None
    for item in items:
        place = f"{where}, move {item.move}"
        word = item.text.split()[0].lower()
        if word[:2].isdigit():
            side = item.side if last_player is None else 1 - last_player
            dice = Dice(int(item.text[0]), int(item.text[1]))
            written = item.text[3:].strip()
            if "????" in written:
                raise UnknownPlayError(place, item.move, dice)
            mover = position.with_turn(side)
            try:
                play = match_play(normalised(written), variant, mover, (dice.first, dice.second))
            except TablierError as error:
                raise RecordError(f"{place} ({item.text}): {error}") from None
            game.actions.append(Action(side, PLAY, (dice.first, dice.second),
                                       tuple((m.src, m.dst, int(m.hit)) for m in play)))
            position = variant.after(mover, play)
            last_player = side
        elif word == "doubles":
            side = item.side if last_player is None else 1 - last_player
            value = int(re.findall(r"\d+", item.text)[0]) if re.search(r"\d", item.text) else cube * 2
            game.actions.append(Action(side, DOUBLE, value=value))
            doubler = side
        elif word in ("takes", "drops"):
            if doubler is None:
                raise RecordError(f"{place}: {item.text} but no double was offered")
            if word == "takes":
                game.actions.append(Action(1 - doubler, TAKE, value=cube * 2))
                cube *= 2
                doubler = None
            else:
                game.actions.append(Action(1 - doubler, DROP, value=cube))
        elif word == "losses":
            resigned = Action(item.side, RESIGN, value=_points(item.text, place))
            game.actions.append(resigned)
        elif word == "wins":
            points = _points(item.text, place)
            game.outcome = _outcome(variant, position, item.side, points, doubler)
            if resigned is not None and resigned.side == game.outcome.winner:
                # a 'Losses' line out of its column: the loser is the one who did not win
                index = game.actions.index(resigned)
                game.actions[index] = Action(1 - resigned.side, RESIGN, value=resigned.value)
            elif resigned is None and game.outcome.how == "resigned":
                # a resignation the file does not say ('Wins' in mid-game): as SGF records it
                game.actions.append(Action(1 - item.side, RESIGN, value=points))
        else:
            raise RecordError(f"{place}: cannot read {item.text!r}")


def _points(text: str, place: str) -> int:
    """The points of a ``Wins N point(s)`` or ``Losses N point(s)`` line."""
    found = re.fullmatch(r"(?:Wins|Losses)\s+(\d{1,4})\s+points?(?:\s+and\s+the\s+match)?", text.strip(),
                         re.IGNORECASE)
    if not found:
        raise RecordError(f"{place}: cannot read {text.strip()!r} (such as 'Wins 2 points')")
    return int(found.group(1))


def _outcome(variant: Variant, position: Position, column: int, points: int,
             doubler: int | None) -> Outcome:
    """The result: a finished game's, else the doubler's after a drop, else (a resignation, said
    or not) the side whose column the ``Wins`` line stands in."""
    ended = variant.result(position)
    if ended is not None:
        return Outcome(ended.winner, ended.kind, points)
    if doubler is not None:
        return Outcome(doubler, "double dropped", points)
    return Outcome(column, "resigned", points)


def normalised(play: str) -> str:
    """A play in the core's notation: ``25`` as the bar, ``/0`` as off, ``Cannot Move`` as none."""
    text = play.strip()
    if text.lower().replace(" ", "") in ("cannotmove", "cantmove", ""):
        return ""
    text = re.sub(r"(?<![\d/])25/", "bar/", text)
    return re.sub(r"/0(?![\d])", "/off", text)


def match_play(text: str, variant: Variant, position: Position, dice: tuple[int, ...],
               handed: bool = False) -> Play:
    """The legal play of ``dice`` (``handed``: numbers handed over, not a throw) that a record's
    ``text`` describes, by the position it reaches.

    Records list sub-moves in any order and often leave hits unmarked, so when several legal plays
    move the same men the route decides: the play whose single steps are the ones written, then
    the one hitting nowhere but on the points written (a chain ``13/5`` passes ``11`` unhit).
    :class:`IllegalMoveError` if none fits, :class:`AmbiguousMoveError` if the text cannot tell.
    """
    legal = legal_plays(variant, position, dice, handed)
    shown = "-".join(map(str, dice))
    if not text:
        if legal == [()]:
            return ()
        raise IllegalMoveError(f"{shown} can be played here; passing is not allowed")
    pairs: list[tuple[int, int]] = []
    stops: set[int] = set()
    marked: set[int] = set()
    removed: dict[int, int] = {}
    added: dict[int, int] = {}
    for token in text.lower().replace(",", " ").split():
        found = _STEP.fullmatch(token)
        if not found:
            raise InvalidMoveError(f"{token!r} is not a move such as 24/18, bar/22*, 6/off or 13/9(2)")
        count = int(found.group("count") or 1)
        words = found.group("chain").split("/")
        points = [_point(word.rstrip("*")) for word in words]
        marked.update(point for point, word in zip(points, words, strict=True) if word.endswith("*"))
        stops.update(points)
        pairs.extend([(a, b) for a, b in pairwise(points)] * count)
        removed[points[0]] = removed.get(points[0], 0) + count
        added[points[-1]] = added.get(points[-1], 0) + count
    net = {point: added.get(point, 0) - removed.get(point, 0) for point in {*removed, *added}}
    candidates = [play for play in legal if _net(play) == {k: v for k, v in net.items() if v}]
    if not candidates:
        raise IllegalMoveError(f"{text} is not a legal play of {shown} here")

    def rank(play: Play) -> tuple[int, int, int]:
        hits = {move.dst for move in play if move.hit}
        route = sorted((move.src, move.dst) for move in play) == sorted(pairs)
        return (0 if route else 1, len(hits - stops), 0 if not marked or hits == marked else 1)

    best = min(rank(play) for play in candidates)
    chosen = [play for play in candidates if rank(play) == best]
    if len({variant.after(position, play) for play in chosen}) > 1:
        options = " or ".join(format_play(play) for play in chosen)
        raise AmbiguousMoveError(f"{text} could be {options}")
    return chosen[0]


def _point(word: str) -> int:
    if word == "bar":
        return BAR
    if word == "off":
        return OFF
    number = int(word)
    if not 1 <= number <= 24:
        raise InvalidMoveError(f"point {number} is not one of 1..24")
    return number


def _net(play: Play) -> dict[int, int]:
    net: dict[int, int] = {}
    for move in play:
        net[move.src] = net.get(move.src, 0) - 1
        net[move.dst] = net.get(move.dst, 0) + 1
    return {point: change for point, change in net.items() if change}
