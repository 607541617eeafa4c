"""A record as its rules replay it: what every import returns and what the archive stores.

:func:`settle` replays every game (the full legality check of :mod:`tablier.record.replay`) and
returns the record with each action as replayed (a tables play's moves in an executable order with
its hits marked, a cube action with its value), so that a record read from any format is the same
record. For Backgammon the result follows the record's own rules (its options: the backgammon zone,
the cube), not the words of the file: a game played out is a hit, gammon or backgammon by its final
position, times the cube; a drop gives the game to the doubler at the stake before the double; a
resignation to the other side. In a match no game scores more than its winner needed to win the
match (files write what the game was worth: "Wins 4 points and the match" at 5-2 in a 7-point
match ends the match 7-2).

What the record does not say, or says wrongly, is not silently accepted: each game's warnings
(no result, a result taken from the final position, a score line that the games before do not
give) are returned as lines naming the source and the game, and kept in the game's ``Warning``
tag (one a line), so that ``tablier archive show`` says them too. A set-up is written one
way (the position text format as Tablier writes it).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from tablier.tables.position_text import format_position

from .game_record import DROP, JACOBY, RESIGN, SIDE_NAMES, TABLES, GameRecord, Outcome, Record, RecordError
from .replay import Step, replay_game, start_position, tables_variant

WARNING_TAG = "Warning"
"""The game tag that keeps what was wrong or missing in the record a game was read from."""
SKIPPED = "Skipped game "
"""The start of a record's tag naming a game its reader left out (``Skipped game 2``: where and
why), as a ``.mat`` game with an unknown play."""


@dataclass
class Settled:
    """A settled record, its warnings (``source: game N: what``, one line each) and the steps of
    each game's replay."""

    record: Record
    warnings: list[str] = field(default_factory=list)
    steps: list[list[Step]] = field(default_factory=list)


def settle(record: Record, source: str = "", trusted: bool = False) -> Settled:
    """``record`` replayed and its results settled (see the module docstring); :class:`RecordError`
    naming the source (``source``, else the record's), game and move at the first illegal action
    or a game number used twice. ``trusted``: the plays were just matched with the legal plays by a
    reader (see :func:`~tablier.record.replay.replay_game`)."""
    source = source or record.source or "the record"
    seen: set[int] = set()
    for game in record.games:
        if game.number in seen:
            raise RecordError(f"{source}: game {game.number} appears twice; game numbers must differ")
        seen.add(game.number)
    settled = replace(record, games=[], tags=dict(record.tags))
    warnings: list[str] = []
    replayed: list[list[Step]] = []
    expected: tuple[int, int] | None = None
    for index, game in enumerate(record.games):
        try:
            steps = replay_game(record, game, trusted)
        except RecordError as error:
            message = str(error)
            raise RecordError(message if message.startswith(source) else f"{source}: {message}") from None
        notes: list[str] = []
        outcome = _outcome(record, game, steps, notes, last=index == len(record.games) - 1)
        follows = index > 0 and game.number == record.games[index - 1].number + 1  # no game left out
        if expected is not None and follows and record.match_length and game.score != expected:
            notes.append(f"the score line says {game.score[0]}-{game.score[1]} but the games before "
                         f"make it {expected[0]}-{expected[1]}")
        expected = _after(game.score, outcome)
        tags = dict(game.tags)
        add_warnings(tags, notes)
        actions = [step.action for step in steps]
        if record.facts.match_play and outcome is not None and outcome.how == "resigned":
            # a resignation gives up what the game scores (a .mat 'Losses' line says the same)
            actions = [replace(action, value=outcome.points) if action.kind == RESIGN else action
                       for action in actions]
        start = game.start
        if start and record.family == TABLES:  # one way of writing each set-up
            start = format_position(start_position(record, game, tables_variant(record, game)))
        settled.games.append(replace(game, actions=actions, outcome=outcome, tags=tags, start=start))
        replayed.append(steps)
        warnings += [f"{source}: game {game.number}: {note}" for note in notes]
    settled.settled = True
    return Settled(settled, warnings, replayed)


def left_out(record: Record) -> list[int]:
    """The numbers of the games a reader left out of ``record`` (its ``Skipped game N`` tags)."""
    numbers = (name.removeprefix(SKIPPED) for name in record.tags if name.startswith(SKIPPED))
    return sorted(int(number) for number in numbers if number.isdigit())


def note_short_match(record: Record) -> None:
    """Warn (in the last game's ``Warning`` tag) when a match read from a file stops before either
    side has the points to win it: the file may have been cut short between two games. Not when
    its last games were left out by the reader (they were there), nor for a single game as
    Backgammon Galaxy writes it: a match of N points holding one game played to its result."""
    final = record.final_score()
    if not record.match_length or not record.games or final is None or max(final) >= record.match_length:
        return
    if max(left_out(record), default=0) > record.games[-1].number:
        return
    galaxy = record.tags.get("Site", "").replace(" ", "").lower() == "backgammongalaxy"
    if galaxy and len(record.games) == 1:
        return
    add_warnings(record.games[-1].tags, [
        f"the match stops at {final[0]}-{final[1]}, short of its {record.match_length} points "
        "(the file may be cut short, or the match was left)"])


def warnings_of(game: GameRecord) -> list[str]:
    """The warnings kept in ``game``'s ``Warning`` tag, one a line."""
    return [warning for warning in game.tags.get(WARNING_TAG, "").split("\n") if warning]


def add_warnings(tags: dict[str, str], notes: list[str]) -> None:
    """Add ``notes`` to the ``Warning`` tag of a game's ``tags``, each once and each on one line
    (settling a settled record changes nothing)."""
    kept = [warning for warning in tags.get(WARNING_TAG, "").split("\n") if warning]
    kept += [line for line in (" ".join(note.split()) for note in notes) if line not in kept]
    if kept:
        tags[WARNING_TAG] = "\n".join(kept)


def capped(points: int, length: int, score: int) -> int:
    """The points a game counts in a match of ``length`` for a winner at ``score`` (all of them in
    money play, or when the score line is already past the length)."""
    if not length or score >= length:
        return points
    return min(points, length - score)


def _after(score: tuple[int, int], outcome: Outcome | None) -> tuple[int, int] | None:
    if outcome is None:
        return None
    if outcome.winner is None:
        return score
    after = list(score)
    after[outcome.winner] += outcome.points
    return after[0], after[1]


def _outcome(record: Record, game: GameRecord, steps: list[Step], notes: list[str],
             last: bool) -> Outcome | None:
    """The result of ``game`` by its rules (Backgammon), else as recorded; ``notes`` get what the
    record leaves out."""
    recorded = game.outcome
    if not record.facts.match_play:
        return recorded
    variant = tables_variant(record, game)
    final = steps[-1].after if steps else start_position(record, game, variant)
    cube = steps[-1].cube[0] if steps else 1
    ended = variant.result(final)  # type: ignore[arg-type]
    kinds = [step.action.kind for step in steps]
    single = jacoby(record) and cube == 1  # the Jacoby rule: no gammon before the cube is turned
    outcome: Outcome | None
    ended_by = "the final position"
    if ended is not None:
        outcome = Outcome(ended.winner, ended.kind, (1 if single else ended.points) * cube)
        if recorded is not None and recorded.winner != ended.winner:
            notes.append(f"the record gives the game to {_side(recorded.winner)} but the final position "
                         f"is a {ended.kind} for {SIDE_NAMES[ended.winner]}")
        elif recorded is not None and _counted(record, game, recorded) != _counted(record, game, outcome):
            rule = " under the Jacoby rule" if single and ended.points > 1 else ""
            hint = (" (the Jacoby rule? the file does not say it plays by it)"
                    if not record.match_length and not single and cube == 1 and recorded.points == 1 else "")
            notes.append(f"the record scores it {recorded.points} point{'s' * (recorded.points != 1)}; "
                         f"a {ended.kind} with the cube at {cube} is {outcome.points}{rule}{hint}")
    elif kinds and kinds[-1] == DROP:
        drop = steps[-1].action
        outcome = Outcome(1 - drop.side, "double dropped", drop.value)
        ended_by = "the drop"
    elif RESIGN in kinds:
        resigned = steps[kinds.index(RESIGN)].action
        points = recorded.points if recorded is not None else resigned.value * cube
        most = (1 if single else 3) * cube  # a backgammon (a single game under the Jacoby rule)
        winner = 1 - resigned.side
        if _counted(record, game, Outcome(winner, "resigned", points)) > \
                _counted(record, game, Outcome(winner, "resigned", most)):
            notes.append(f"the record scores the resignation {points} points, more than a "
                         f"{'single game' if single else 'backgammon'} with the cube at {cube} gives: "
                         f"stored as {most}")
            points = most
        outcome = Outcome(winner, "resigned", points)
        ended_by = "the resignation"
    elif recorded is None:
        where = "the record stops in the middle of the game" if last else "the game is not finished"
        notes.append(f"no result: {where}")
        return None
    else:
        outcome = recorded
    if recorded is None and outcome.winner is not None:
        notes.append(f"no result is written: {SIDE_NAMES[outcome.winner]} wins by {ended_by}")
    if outcome.winner is not None and record.match_length:
        points = capped(outcome.points, record.match_length, game.score[outcome.winner])
        outcome = replace(outcome, points=points)
    return outcome


def jacoby(record: Record) -> bool:
    """Whether ``record`` scores by the Jacoby rule: money play (no match length) where a gammon or
    backgammon counts as a single game while the cube has not been turned (its ``jacoby`` option,
    read from a file that says so)."""
    return (record.facts.match_play and not record.match_length
            and record.options.get(JACOBY, "").lower() in ("yes", "true", "on", "1"))


def _counted(record: Record, game: GameRecord, outcome: Outcome) -> int:
    """What ``outcome`` counts in the match (a file may write the game's worth or what it needed)."""
    if outcome.winner is None:
        return 0
    return capped(outcome.points, record.match_length, game.score[outcome.winner])


def _side(winner: int | None) -> str:
    return "nobody" if winner is None else SIDE_NAMES[winner]
