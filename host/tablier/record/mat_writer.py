"""Writing Jellyfish ``.mat`` match files, in the layout GNU Backgammon writes and imports.

Tags as ``; [Name "value"]`` comments, ``N point match``, then per game ``Game k``, both players'
names and scores, numbered lines of two columns (side 0's action, side 1's: ``52: 13/8 24/22``,
``Doubles => 2``, ``Takes``, ``Drops``), and ``Wins N point(s)`` under the winner's column. A dance
is the dice with an empty play, as GNU Backgammon writes it. Only Backgammon can be written: the
format has no room for other games' rules, nor for a game started from a set position (refused,
naming the formats that hold one). A result scoring more than the match needed is written in the
words of the file it was read from (its ``Recorded result`` tag). A record played without the cube
has ``; [CubeLimit "1"]``, which GNU Backgammon reads as no cube. A single game without the cube is
a ``1 point match`` tagged ``; [Single game "Yes"]`` (GNU Backgammon then scores its gammon 2, as
played, where it would score a money game's 1 by its own Jacoby rule); a money session is a ``0
point match`` with its ``Jacoby`` tag (``On`` when the record scores by the Jacoby rule). A
player without a name is written as his side (``Black``, ``White``): the layout needs a name, and
GNU Backgammon misreads an empty one.
"""

from __future__ import annotations

import re
from dataclasses import replace

from tablier.tables.notation import format_play

from .game_record import DOUBLE, DROP, PLAY, RESIGN, SIDE_NAMES, TAKE, Action, GameRecord, Record, RecordError
from .mat_reader import CUBE_LIMIT, RECORDED_RESULT, SINGLE_GAME
from .replay import play_of, tables_variant
from .settling import jacoby

#: Width of the first column (GNU Backgammon's layout); the second starts after it.
COLUMN = 28


def write_mat(record: Record, site: str = "", event: str = "", transcribed: str = "") -> str:
    """``record`` as ``.mat`` text; :class:`RecordError` if it is not a Backgammon record. With a
    ``site``, the file opens with the header tags GNU Backgammon writes: the site, the ``event``, the
    players, the variation and whether it is ``transcribed`` ``live`` or ``final`` (the record's own
    tags win)."""
    if site:
        header = {"Site": site, "Event": event, "Player 1": record.players[0], "Player 2": record.players[1],
                  "Variation": "Backgammon", "Transcribed": transcribed}
        record = replace(record, tags={**header, **record.tags})
    if "mat" not in record.facts.formats:
        raise RecordError(f"a .mat file holds Backgammon only, not {record.game}")
    refusal = why_not_mat(record)
    if refusal:
        raise RecordError(refusal)
    cubeless = not tables_variant(record).options.get("cube")
    single = not record.match_length and cubeless and len(record.games) == 1
    money = not record.match_length and not single
    lines = [f'; [{_clean(name) or "Tag"} "{_clean(value)}"]' for name, value in record.tags.items()
             if not (money and name == "Jacoby") and not (cubeless and name == CUBE_LIMIT)]
    if record.date:
        lines.append(f'; [EventDate "{record.date.replace("-", ".")}"]')
    if cubeless:
        lines.append(f'; [{CUBE_LIMIT} "1"]')
    if single:
        lines.append(f'; [{SINGLE_GAME} "Yes"]')
    if money:
        lines.append(f'; [Jacoby "{"On" if jacoby(record) else "Off"}"]')
    lines += ["", f" {1 if single else record.match_length} point match", ""]
    for game in record.games:
        lines += _game_lines(record, game)
    return "\n".join(lines) + "\n"


def why_not_mat(record: Record) -> str:
    """Why a Backgammon ``record`` cannot be written as ``.mat`` (a game from a set position), or ""."""
    for game in record.games:
        if game.start:
            return (f"game {game.number} starts from a set position, which a .mat file cannot hold (GNU "
                    "Backgammon would read an empty game); write it as sgf, json or txt (Position IDs)")
    return ""


def _clean(text: str) -> str:
    """A name or tag value on one line, without the characters the layout uses."""
    return re.sub(r'[\x00-\x1f\x7f":\[\]]+', " ", text).strip()


def _game_lines(record: Record, game: GameRecord) -> list[str]:
    left, right = (_clean(name) or side.title() for name, side in zip(game.players, SIDE_NAMES, strict=True))
    head = f" {left} : {game.score[0]}"
    lines = [f" Game {game.number}", f"{head.ljust(COLUMN + 5)} {right} : {game.score[1]}"]
    rows: list[list[str]] = []
    for action in game.actions:
        text = _action_text(action)
        if text is None:
            continue
        if action.side == 0 or not rows or rows[-1][1]:
            rows.append(["", ""])
        if action.side == 0:
            rows[-1][0] = text
        else:
            rows[-1][1] = text
    for number, (first, second) in enumerate(rows, start=1):
        lines.append(f"{number:>3}) {first.ljust(COLUMN)} {second}".rstrip())
    if game.outcome is not None and game.outcome.winner is not None:
        points = game.outcome.points
        words = f"Wins {points} point{'s' * (points != 1)}"
        after = list(game.score)
        after[game.outcome.winner] += points
        if record.match_length and max(after) >= record.match_length:
            words += " and the match"
        recorded = game.tags.get(RECORDED_RESULT, "")
        if re.fullmatch(r"Wins \d+ points?( and the match)?", recorded):
            words = recorded  # the words of the file it was read from, more than the match needed
        if game.outcome.winner == 1 and rows and not rows[-1][1]:
            lines[-1] = f"{lines[-1].ljust(COLUMN + 5)} {words}"  # beside the loser's last action
        else:
            lines.append(" " * (6 if game.outcome.winner == 0 else COLUMN + 6) + words)
    lines.append("")
    return lines


def _action_text(action: Action) -> str | None:
    kind, value = action.kind, action.value
    if kind == PLAY:
        play = play_of(action)
        shown = format_play(play) if play else ""
        return f"{''.join(map(str, action.dice))}: {shown}".rstrip()
    if kind == DOUBLE:
        return f" Doubles => {value}"
    if kind == TAKE:
        return " Takes"
    if kind == DROP:
        return " Drops"
    if kind == RESIGN and value:
        return f" Losses {value} point{'s' * (value != 1)}"
    return None
