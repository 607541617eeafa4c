"""Draughts records in and out of PDN, through the draughts core's PDN reader, replayer and writer.

Import: each PDN game becomes a :class:`~tablier.record.game_record.Record` of one game, replayed
with the rules of its variant (our ``Variant`` tag, else the ``GameType``: 21 or none is English
draughts, 20 international draughts); a game that does not replay is reported with its place and
the reason, never half-imported. Export: the tags (Event, Site, Date, Round, White, Black, Result,
GameType, and SetUp/FEN for a set-up position), the moves numbered from the side to move.

``Result`` counts from the side that moves first in the game type: ``1-0`` is a win for Black in
English draughts (GameType 21), ``2-0`` a win for White in international draughts (GameType 20).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from pathlib import Path

from tablier.draughts.catalog import GAMES
from tablier.draughts.pdn import GameBuilder, PdnGame, PdnMove, PdnNode, read_games, read_pdn
from tablier.draughts.pdn_replay import replay_game as replay_pdn
from tablier.draughts.pdn_replay import start_board
from tablier.draughts.pdn_writer import write_game
from tablier.draughts.variants import VARIANTS, find_variant

from .game_record import DRAUGHTS, MOVE, Action, GameRecord, Outcome, Record, RecordError
from .logged_clock import LoggedClock, hms, logged_clock
from .replay import replay_game
from .text_decoding import decode_record_text

#: The game a PDN ``GameType`` without a ``Variant`` tag means (each game says its type).
_TYPE_GAMES = {int(board.pdn_game_type): board.name for board in VARIANTS if board.pdn_standard}
#: The GameType of a file that names none (English draughts), and of international draughts, whose
#: results count White's score first and a win as 2-0.
UNTAGGED_TYPE = 21
INTERNATIONAL_TYPE = 20
_ROSTER_TAGS = ("Event", "Site", "Round")


@dataclass(frozen=True)
class PdnImport:
    """One PDN game read: its record, or why it could not be imported (``game`` counts from 1).

    ``warnings`` are the quirks read in a forgiving way (casual notation, a FEN's ``?`` side, ...),
    each a line naming the file and the game; ``line`` is where the game starts in the file.
    """

    game: int
    record: Record | None
    error: str = ""
    warnings: tuple[str, ...] = ()
    line: int = 0


def read_pdn_text(path: str | Path) -> str:
    """The text of the PDN file at ``path``, in its encoding (see :mod:`.text_decoding`).

    :class:`RecordError` (naming the file) when it cannot be read or decoded.
    """
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise RecordError(f"{path}: cannot read ({error.strerror or error})") from None
    try:
        return decode_record_text(data)[0]
    except RecordError as error:
        raise RecordError(f"{path}: {error}") from None


def read_pdn_file(path: str | Path) -> list[PdnGame]:
    """Every game of the PDN file at ``path`` (errors kept per game); :class:`RecordError` if the
    file cannot be read."""
    return read_pdn(read_pdn_text(path))


def import_pdn(text: str, source: str = "<pdn>", game: str | None = None,
               numbers: Collection[int] | None = None) -> list[PdnImport]:
    """Every game of a PDN text (or only those ``numbers``, counted from 1), each replayed with the
    rules of ``game`` (default: from its tags)."""
    return list(iter_pdn(text, source, game, numbers))


def iter_pdn(text: str, source: str = "<pdn>", game: str | None = None,
             numbers: Collection[int] | None = None) -> Iterator[PdnImport]:
    """:func:`import_pdn` one game at a time: a file of any number of games costs the memory of one."""
    for number, pdn_game in enumerate(read_games(text, GameBuilder), start=1):
        if numbers is not None and number not in numbers:
            continue
        where = f"{source}: game {number}"
        notes: list[str] = []
        try:
            record = _record_of(pdn_game, source, game, where, notes)
        except RecordError as error:
            yield PdnImport(number, None, str(error), line=pdn_game.line)
        else:
            yield PdnImport(number, record, warnings=tuple(f"{where}: {note}" for note in notes),
                            line=pdn_game.line)


def _variant_name(pdn_game: PdnGame, chosen: str | None, where: str) -> str:
    if chosen:
        return find_variant(chosen).name
    named = pdn_game.header("Variant")
    known = {info.name for info in GAMES}
    if named and named.strip().lower() in known:
        return named.strip().lower()
    game_type = pdn_game.game_type
    if game_type is None:
        return ""
    if game_type in _TYPE_GAMES:
        return _TYPE_GAMES[game_type]
    raise RecordError(f"{where}: GameType {game_type} is not a game Tablier plays "
                      "(21 English, 20 international)")


def _record_of(pdn_game: PdnGame, source: str, chosen: str | None, where: str,
               notes: list[str]) -> Record:
    name = _variant_name(pdn_game, chosen, where)
    if name:
        replay = replay_pdn(pdn_game, find_variant(name))
    else:  # untagged: English draughts, or international if it replays only as that
        name = _TYPE_GAMES[UNTAGGED_TYPE]
        replay = replay_pdn(pdn_game, find_variant(name))
        if replay.failure is not None:
            international = replay_pdn(pdn_game, find_variant(_TYPE_GAMES[INTERNATIONAL_TYPE]))
            if international.ok:
                name, replay = _TYPE_GAMES[INTERNATIONAL_TYPE], international
    variant = find_variant(name)
    if replay.failure is not None:
        failure = replay.failure
        place = f", move {failure.ply} ({failure.move})" if failure.ply else ""
        raise RecordError(f"{where}{place}: {failure.reason}")
    notes.extend([*(str(warning) for warning in pdn_game.warnings), *replay.warnings])
    board = replay.board
    record = Record(game=name, family=DRAUGHTS, source=source, date=_date(pdn_game.header("Date") or ""))
    record.tags = {tag: value for tag in _ROSTER_TAGS
                   if (value := pdn_game.header(tag) or "") and value != "?"}
    start = start_board(pdn_game, variant)
    fen = pdn_game.fen
    game = GameRecord(players=(pdn_game.header("Black") or "", pdn_game.header("White") or ""),
                      start=start.fen() if fen else "")
    replayer = start.copy(stack=False)
    for played in board.move_stack:
        game.actions.append(Action(int(replayer.turn), MOVE, moves=(played.path,)))
        replayer.push(played)
    game.outcome = _outcome(pdn_game.result if pdn_game.result != "*" else pdn_game.header("Result") or "*",
                            _first_side(name))
    record.games.append(game)
    try:
        replay_game(record, game)
    except RecordError as error:
        raise RecordError(f"{where}: {error}") from None
    return record


def _international(game: str) -> bool:
    """Whether ``game`` is written as international draughts (GameType 20)."""
    return find_variant(game).pdn_game_type == str(INTERNATIONAL_TYPE)


def _first_side(game: str) -> int:
    """The side whose score a PDN result gives first (the side that moves first in its game type)."""
    return 1 if _international(game) else 0


def _outcome(result: str, first: int) -> Outcome | None:
    text = result.strip().replace(" ", "")
    if text in ("1-0", "2-0"):
        return Outcome(first, "result recorded", 1)
    if text in ("0-1", "0-2"):
        return Outcome(1 - first, "result recorded", 1)
    if text in ("1/2-1/2", "1-1"):
        return Outcome(None, "draw")
    return None


def _date(text: str) -> str:
    found = re.fullmatch(r"\s*(\d{4})[.\-/](\d{2})[.\-/](\d{2})\s*", text)
    return f"{found.group(1)}-{found.group(2)}-{found.group(3)}" if found else ""


def write_pdn(record: Record) -> str:
    """Every game of a draughts record as PDN text; :class:`RecordError` for a tables record."""
    if record.family != DRAUGHTS:
        raise RecordError(f"PDN holds draughts games, not {record.game}")
    clock = logged_clock(record)
    return "\n".join(write_game(_pdn_game(record, game, clock)) for game in record.games)


def _pdn_game(record: Record, game: GameRecord, clock: LoggedClock | None = None) -> PdnGame:
    steps = replay_game(record, game)
    board = find_variant(record.game)
    result = _result_text(record.game, game.outcome)
    headers = {"Event": record.tags.get("Event", "?"), "Site": record.tags.get("Site", "?"),
               "Date": record.date.replace("-", ".") if record.date else "????.??.??",
               "Round": record.tags.get("Round", "?"),
               "White": _clean(game.players[1]) or "?", "Black": _clean(game.players[0]) or "?",
               "Result": result, "GameType": board.pdn_game_type}
    if not board.pdn_standard:
        headers["Variant"] = record.game
    if game.start:
        headers["SetUp"] = "1"
        headers["FEN"] = game.start
    if clock is not None and clock.control.per_move:  # PGN's "moves/seconds": a move in five minutes
        headers["TimeControl"] = f"1/{clock.control.move_limit_s:g}"
    pdn = PdnGame(headers=headers, result=result)
    pdn.moves = [PdnNode(PdnMove.from_pdn(step.text)) for step in steps if step.action.kind == MOVE]
    if clock is not None:  # each move's time, as PGN's [%emt] comments say it
        for ply, node in enumerate(pdn.moves, 1):
            used = clock.used.get((game.number, ply))
            if used is not None:
                node.comments.append(f"[%emt {hms(used)}]")
    return pdn


def _result_text(game: str, outcome: Outcome | None) -> str:
    international = _international(game)
    if outcome is None:
        return "*"
    if outcome.winner is None:
        return "1-1" if international else "1/2-1/2"
    first_wins = outcome.winner == _first_side(game)
    win, loss = ("2-0", "0-2") if international else ("1-0", "0-1")
    return win if first_wins else loss


def _clean(name: str) -> str:
    """A name fit for a PDN tag value: one line, no control characters."""
    return re.sub(r"[\x00-\x1f\x7f]+", " ", name).strip()
