"""Reading Jellyfish ``.mat`` match files (what GNU Backgammon, Backgammon Studio and Galaxy write).

There is no formal standard; this reader takes what real files hold (``docs/records.md``): ``; [Tag
"value"]`` header comments, ``N point match``, per game ``Game k``, the players' names and scores,
then numbered lines of two columns (the first player's action, the second's): ``52: 13/8 24/22``,
``Doubles => 2``, ``Takes``, ``Drops``, ``Wins 2 point(s)``, ``Losses 1 point`` (a resignation).
Quirks read: the bar as ``bar`` or ``25``; bearing off as ``/off`` or ``/0``; hits with or without
``*``; repeat counts ``13/9(2)``; a dance as ``Cannot Move`` or dice with an empty play; sub-moves in
an order that cannot be executed as written (the play is matched by the position it reaches); games
ending before all men are off; stray move numbers. An unknown play ``????`` cannot be replayed: the
file is refused with its place.

Every play is checked against the legal plays as the file is read: :func:`read_mat` returns a
:class:`~tablier.record.game_record.Record` of legal games or raises
:class:`~tablier.record.game_record.RecordError` naming the file, game, move and reason.
The first column is side 0 (Black), the second side 1 (White), each in his own point numbering.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

from tablier.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, TablierError
from tablier.tables.backgammon import Backgammon
from tablier.tables.moves import Dice, Play
from tablier.tables.notation import format_play
from tablier.tables.position import BAR, OFF, Position
from tablier.tables.variant import Variant

from .game_record import (
    DOUBLE,
    DROP,
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

_TAG = re.compile(r'^\s*;\s*\[\s*(?P<name>[^"\]]+?)\s+"(?P<value>[^"]*)"\s*\]')
_LENGTH = re.compile(r"^\s*(\d+)\s+points?\s+match", re.IGNORECASE)
_GAME = re.compile(r"^\s*Game\s+(\d+)\s*$", re.IGNORECASE)
_NAMES = re.compile(r"^\s*(?P<a>.*?)\s*:\s*(?P<sa>\d+)\s{2,}(?P<b>.*?)\s*:\s*(?P<sb>\d+)\s*$")
_NUMBERED = re.compile(r"^(\s*\d+\)\s*)+")
_STEP = re.compile(r"(?P<chain>(?:bar|\d{1,2})\*?(?:/(?:off|\d{1,2})\*?)+)(?:\((?P<count>\d)\))?")
_ITEM_START = re.compile(r"(?<![\w/])[1-6][1-6]:|Doubles\b|Takes\b|Drops\b|Beavers\b|Wins\b|Losses\b",
                         re.IGNORECASE)
#: An action starting further right than this column belongs to the second player.
RIGHT_COLUMN = 13


@dataclass(frozen=True)
class _Item:
    side: int
    text: str
    move: int


def read_mat_file(path: str) -> Record:
    """Read a ``.mat`` file (see :func:`read_mat`); :class:`RecordError` if it cannot be read."""
    try:
        with open(path, encoding="utf-8-sig", errors="replace") as handle:
            text = handle.read()
    except OSError as error:
        raise RecordError(f"{path}: cannot read ({error.strerror or error})") from None
    return read_mat(text, path)


def read_mat(text: str, source: str = "<mat>") -> Record:
    """The match in ``text``, every play checked; :class:`RecordError` at the first fault."""
    tags: dict[str, str] = {}
    length = 0
    blocks: list[tuple[int, list[str], int]] = []  # (game number, lines, first line number)
    for line_number, line in enumerate(text.splitlines(), start=1):
        tag = _TAG.match(line)
        if tag:
            tags[tag.group("name").strip()] = tag.group("value")
            continue
        if line.lstrip().startswith(";"):
            continue
        game = _GAME.match(line)
        if game:
            blocks.append((int(game.group(1)), [], line_number))
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
    record = Record(game="backgammon", family=TABLES, options=dict(MODERN_OPTIONS), match_length=length,
                    date=_date(tags.pop("EventDate", "")), source=source)
    record.tags = tags
    for number, lines, first_line in blocks:
        where = f"{source}: game {number}"
        record.games.append(_read_game(number, lines, where, first_line))
    return record


def _date(text: str) -> str:
    found = re.fullmatch(r"\s*(\d{4})[.\-/](\d{1,2})[.\-/](\d{1,2})\s*", text)
    return f"{found.group(1)}-{int(found.group(2)):02d}-{int(found.group(3)):02d}" if found else ""


def _read_game(number: int, lines: list[str], where: str, first_line: int) -> GameRecord:
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
    return game


def _replay_items(game: GameRecord, items: list[_Item], where: str) -> None:
    variant = Backgammon(cube=True)
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
                raise RecordError(f"{place}: the play of {dice} is unknown ('????' in the record); "
                                  "the game cannot be replayed past it")
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
            resigned = Action(item.side, RESIGN, value=int(re.findall(r"\d+", item.text)[0]))
            game.actions.append(resigned)
        elif word == "wins":
            points = int(re.findall(r"\d+", item.text)[0])
            game.outcome = _outcome(variant, position, item.side, points, doubler)
            if resigned is not None and resigned.side == game.outcome.winner:
                # a 'Losses' line out of its column: the loser is the one who did not win
                index = game.actions.index(resigned)
                game.actions[index] = Action(1 - resigned.side, RESIGN, value=resigned.value)
        else:
            raise RecordError(f"{place}: cannot read {item.text!r}")


def _outcome(variant: Backgammon, position: Position, column: int, points: int,
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


def match_play(text: str, variant: Variant, position: Position, dice: tuple[int, ...]) -> Play:
    """The legal play of ``dice`` that a record's ``text`` describes, by the position it reaches.

    Records list sub-moves in any order and often leave hits unmarked, so when several legal plays
    move the same men the route decides: the play whose single steps are the ones written, then
    the one hitting nowhere but on the points written (a chain ``13/5`` passes ``11`` unhit).
    :class:`IllegalMoveError` if none fits, :class:`AmbiguousMoveError` if the text cannot tell.
    """
    legal = legal_plays(variant, position, dice)
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
