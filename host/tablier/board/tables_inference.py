"""One turn of a tables game, read from the board: which legal play the men show.

The inference does not follow gestures. It knows every position that legal play can reach this
turn: each legal play's result, and every partial play on the way to one (any subset of its moves,
made in any order the men allow), plus the moments of a hit when the hit man still stands on his
point, or already lies on the bar while the hitting man has not left his own
(:mod:`tablier.board.tables_states`: listed at the throw for two different dice, found from the
board for a doublet). Whatever the switches show is matched against them:

- ``FINAL``: the board shows exactly one legal result (committed when the player ends his turn);
- ``AMBIGUOUS``: two legal results look the same to the switches (men moved off tall stacks, whose
  second layer no switch sees): the board asks which;
- ``PARTIAL``: a play on its way (including the untouched start);
- ``IN_HAND``: one of those with a man (or two) lifted: the lifted man's destinations are known;
- ``UNKNOWN``: none of them: after a grace time, the player is guided back.

A lifted man's destinations (:meth:`TurnInference.landings`) are only the places where he may go
*now*: a landing the turn can reach, by a step the rules allow from where the men stand (a man on the
bar enters first, a man bears off only once all are home, the variant's own step rules), marked
``HIT`` only where his own landing hits. A man taken from a stack's unseen top layer changes no
switch: :meth:`TurnInference.before_lift` names, before anything is lifted, the place the next man
must come from or the tall stacks that may give him, with their destinations.

Positions are in the rules' frames; :class:`~tablier.board.orientation.Orientation` places them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import overload

from tablier.tables.moves import Dice, Move, Play
from tablier.tables.position import BAR, OFF, Position
from tablier.tables.variant import Variant

from .chain_states import ChainStates
from .observation import PLACE_INDEX, TABLES_PLACES, Counts, visible
from .orientation import Orientation
from .tables_states import Candidate, ListedStates, States

__all__ = ["BEAR_OFF", "HIT", "MOVE", "BeforeLift", "Candidate", "Candidates", "Reading", "Status",
           "TurnInference", "shown_words"]


class Status(Enum):
    """What the board shows, against the turn's legal play."""

    FINAL = "final"
    AMBIGUOUS = "ambiguous"
    PARTIAL = "partial"
    IN_HAND = "in hand"
    UNKNOWN = "unknown"


MOVE = "move"
HIT = "hit"
BEAR_OFF = "bear-off"


def shown_words(status: Status, untouched: bool, move: str = "play") -> str:
    """What the board shows, in a player's words (``move``: what the game calls a turn's move):
    ``untouched``, a board still as the turn found it."""
    if status is Status.PARTIAL:
        return "the men as they stood (nothing moved yet)" if untouched else f"a {move} on its way"
    return {Status.FINAL: f"a legal {move}", Status.AMBIGUOUS: f"two {move}s the switches cannot tell apart",
            Status.IN_HAND: "a man in hand", Status.UNKNOWN: f"no legal {move}"}[status]


@dataclass(frozen=True)
class Reading:
    """The inference's verdict on one observation."""

    status: Status
    candidates: tuple[Candidate, ...] = ()
    lifted: tuple[int, ...] = ()  # place indices of the men in hand
    destinations: dict[int, str] = field(default_factory=dict)  # place index -> MOVE/HIT/BEAR_OFF
    # ``lifted`` and ``destinations`` may also come with FINAL or PARTIAL: a switch just opened, and the
    # board looks the same as a man already put on an unseen top layer (a full tray, a tall point)

    @property
    def untouched(self) -> bool:
        """Whether the board may show the turn's start: no man moved yet."""
        return any(not candidate.moves and not candidate.transit for candidate in self.candidates)

    @property
    def finals(self) -> tuple[Candidate, ...]:
        """The distinct legal results matching (one per position)."""
        seen: dict[Position, Candidate] = {}
        for candidate in self.candidates:
            if candidate.final and not candidate.transit:
                seen.setdefault(candidate.position, candidate)
        return tuple(seen.values())


@dataclass(frozen=True)
class BeforeLift:
    """The lights before any man is lifted: where a man from ``sources`` may go."""

    sources: tuple[int, ...]  # place indices
    destinations: dict[int, str]  # place index -> MOVE/HIT/BEAR_OFF
    only: bool  # the next man must come from the one source (else: tall stacks among others)


class Candidates(Sequence[Candidate]):
    """The turn's candidates: the untouched start first, the rest listed only when asked for."""

    def __init__(self, states: States) -> None:
        self._states = states
        self._every: list[Candidate] | None = None

    def _all(self) -> list[Candidate]:
        if self._every is None:
            self._every = self._states.every()
        return self._every

    @overload
    def __getitem__(self, index: int) -> Candidate: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Candidate]: ...

    def __getitem__(self, index: int | slice) -> Candidate | Sequence[Candidate]:
        if index == 0:
            return self._states.start
        return self._all()[index]

    def __len__(self) -> int:
        return len(self._all())

    def __bool__(self) -> bool:
        return True

    def __iter__(self) -> Iterator[Candidate]:
        return iter(self._all())


class TurnInference:
    """Everything one throw's legal plays can put on the board, matched with what the switches see.

    ``eager`` lists every position at the throw whatever the dice (the tests' reference); otherwise a
    doublet's positions are found from the board as it changes."""

    def __init__(self, variant: Variant, position: Position, dice: Dice | None, orientation: Orientation,
                 ladder: int, plays: Sequence[Play] | None = None, eager: bool = False) -> None:
        self.variant = variant
        self.start = position
        self.dice = dice
        self.orientation = orientation
        self.ladder = ladder
        if plays is None:
            plays = variant.plays(position, dice) if dice is not None else [()]
        self.plays = list(plays)
        self._states: States
        if dice is not None and dice.is_doublet and not eager:
            self._states = ChainStates(variant, position, orientation, ladder, self.plays, dice.first)
        else:
            self._states = ListedStates(variant, position, orientation, ladder, self.plays)
        self.candidates: Sequence[Candidate] = Candidates(self._states)
        self._sources: dict[tuple[Candidate, ...], dict[int, dict[int, str]]] = {}

    # -- reading --------------------------------------------------------------------------------

    def read(self, seen: Counts, lifted_hint: int | None = None) -> Reading:
        """Match the covered slots per place ``seen`` (``lifted_hint``: the place a switch has just
        opened on, tried first as the man in hand)."""
        exact = self._states.matching(seen)
        if exact:
            reading = self._matched(exact)
            if lifted_hint is not None and reading.status in (Status.PARTIAL, Status.FINAL):
                return self._also_in_hand(reading, seen, lifted_hint)
            return reading
        order = list(range(len(seen)))
        if lifted_hint is not None:
            order.remove(lifted_hint)
            order.insert(0, lifted_hint)
        for place in order:
            with_man = self._plus(seen, place)
            found = tuple(self._states.matching(with_man)) if with_man is not None else ()
            if found:
                return Reading(Status.IN_HAND, found, (place,), self.landings(found, place))
        for first in order:
            once = self._plus(seen, first)
            if once is None:
                continue
            for second in order:
                twice = self._plus(once, second)
                found = tuple(self._states.matching(twice)) if twice is not None else ()
                if found:
                    return Reading(Status.IN_HAND, found, (first, second))
        loose = self._states.loose(seen)
        if loose:
            return self._matched(loose)
        return Reading(Status.UNKNOWN)

    def _plus(self, seen: Counts, place: int) -> Counts | None:
        if seen[place] >= self.ladder:
            return None
        return (*seen[:place], seen[place] + 1, *seen[place + 1:])

    def _matched(self, found: Iterable[Candidate]) -> Reading:
        found = tuple(found)
        reading = Reading(Status.PARTIAL, found)
        finals = reading.finals
        if len(finals) == 1:
            return Reading(Status.FINAL, found)
        if len(finals) > 1:
            return Reading(Status.AMBIGUOUS, found)
        return reading

    def _also_in_hand(self, reading: Reading, seen: Counts, place: int) -> Reading:
        """A switch has just opened on ``place`` and the board also reads as a man already put on an
        unseen top layer (a full tray, a point of six or more): the status stands, and the lifted
        man's destinations are known too."""
        with_man = self._plus(seen, place)
        found = tuple(self._states.matching(with_man)) if with_man is not None else ()
        if not found:
            return reading
        destinations = self.landings(found, place)
        if not destinations:
            return reading
        return Reading(reading.status, reading.candidates, (place,), destinations)

    # -- where a man may go ---------------------------------------------------------------------

    def landings(self, found: Sequence[Candidate], place: int) -> dict[int, str]:
        """Where a man taken from ``place`` of one of the positions ``found`` may go now: place index
        -> ``MOVE``, ``HIT`` (his own landing hits) or ``BEAR_OFF``."""
        destinations: dict[int, str] = {}
        side = self.start.turn
        for candidate in found:
            if candidate.counts[place] <= 0:
                continue
            lit: dict[int, str] = {}
            waiting = None
            if candidate.hitter is not None:  # the hit man is on the bar, his hitter still to land
                leaves, landing = candidate.hitter
                if leaves == place:  # the man lifted may be the hitter
                    lit[landing] = HIT
                    lit.update(self._onwards(candidate.position, self._own(landing)))
                waiting = self._hit_move(leaves, landing)
            # or any other man of the mover's there (the hitter, if any, still waiting on his point)
            for target, kind in self._onwards(candidate.position, self._own(place), waiting).items():
                lit.setdefault(target, kind)
            hit_man = ("bar", 2 - side)  # or the man lifted is a hit man, going to his bar
            moved = list(candidate.counts)
            moved[place] -= 1
            moved[PLACE_INDEX[hit_man]] += 1
            if self._adversary_on(candidate, place) and self._states.reachable(tuple(moved)):
                lit.setdefault(PLACE_INDEX[hit_man], MOVE)
            for target, kind in lit.items():
                if target != place and destinations.get(target) != HIT:
                    destinations[target] = kind
        return destinations

    def _hit_move(self, leaves: int, landing: int) -> Move:
        """The hitter's move, from the places he leaves and lands on (the mover's own)."""
        src, dst = self._own(leaves), self._own(landing)
        assert src is not None and dst is not None
        return Move(src, dst, True)

    def _adversary_on(self, candidate: Candidate, place: int) -> bool:
        """Whether ``place`` may hold an adversary man in ``candidate`` (a hit man yet to go to his
        bar: on his point, or beside the hitter in the moment of the hit)."""
        kind, number = TABLES_PLACES[place]
        if kind != "point":
            return False
        if candidate.transit:
            return True
        side = self.start.turn
        return bool(candidate.position.boards[1 - side][self.orientation.own_point(1 - side, number)])

    def _onwards(self, position: Position, src: int | None, waiting: Move | None = None) -> dict[int, str]:
        """The landings of the mover's man on his ``src`` in ``position``: each step a die's move of
        the turn that the rules allow from there now, and on from where it lands. ``waiting``: a
        hitter counted in ``position`` on his landing who still stands on his own point (his hit man
        already on the bar): the rules are asked of the men where they stand."""
        lit: dict[int, str] = {}
        if src is None or src == OFF or not position.boards[self.start.turn][src]:
            return lit
        for move, after in self._steps_of(position, src):
            if not self._allowed(position, move, waiting):
                continue
            target = PLACE_INDEX[self.orientation.place_of(self.start.turn, move.dst)]
            hit = 1 <= move.dst <= 24 and bool(self.variant.theirs(position)[move.dst])
            lit[target] = HIT if hit else BEAR_OFF if move.dst == OFF else MOVE
            for beyond, kind in self._onwards(after, move.dst, waiting).items():
                lit.setdefault(beyond, kind)
        return lit

    def _steps_of(self, position: Position, src: int) -> set[tuple[Move, Position]]:
        """The turn's moves of a man from ``src`` in ``position``, each with where it leads."""
        return self._states.steps_of(position, src)

    def _allowed(self, position: Position, move: Move, waiting: Move | None = None) -> bool:
        """Whether the rules let ``move`` be made now from ``position`` (``waiting``: a hitter still on
        his own point, see :meth:`_onwards`): a man on the bar enters first, men bear off only once
        all are home (by a higher number only from the highest point held), and the variant's own
        step rules."""
        mine = list(position.boards[self.start.turn])
        if waiting is not None:
            mine[waiting.dst] -= 1
            mine[waiting.src] += 1
        if (mine[BAR] and move.src != BAR) or (move.dst == OFF and any(mine[7:])):
            return False
        if (move.dst == OFF and any(mine[move.src + 1:7]) and self.dice is not None
                and move.src not in self.variant.dice_steps(self.dice)):
            return False
        return self.variant.step_allowed(mine, self.variant.theirs(position), move)

    def _own(self, place: int) -> int | None:
        """The mover's own point of ``place`` (``BAR``, ``OFF`` for his bar and tray), or None for
        the adversary's bar and tray."""
        kind, number = TABLES_PLACES[place]
        side = self.start.turn
        if kind == "point":
            return self.orientation.own_point(side, number)
        if number != side + 1:
            return None
        return BAR if kind == "bar" else OFF

    def sources(self, found: Sequence[Candidate]) -> dict[int, dict[int, str]]:
        """The places the mover's next man may come from, for the positions ``found`` (none in the
        moment of a hit), with his landings."""
        key = tuple(found)
        if key not in self._sources:
            side = self.start.turn
            places = {n for c in found if not c.transit for n in range(len(TABLES_PLACES))
                      if (src := self._own(n)) not in (None, OFF) and c.position.boards[side][src]}
            self._sources[key] = {n: lit for n in sorted(places) if (lit := self.landings(found, n))}
        return self._sources[key]

    def before_lift(self, reading: Reading, must_move: Iterable[int] = ()) -> BeforeLift | None:
        """What to light while no man is in hand (``must_move``: places whose man the rules make
        move, e.g. a touched man): the one place the next man can come from (the only source, or
        the one that must move) with its landings; else the tall stacks among the sources, whose
        lift no switch sees, with theirs. None when neither, or the board shows no play on its way."""
        if reading.lifted or reading.status is not Status.PARTIAL:
            return None
        sources = self.sources(reading.candidates)
        if len(sources) == 1:
            (place, landings), = sources.items()
            return BeforeLift((place,), landings, True)
        forced = [n for n in set(must_move) if n in sources]
        if len(forced) == 1:
            return BeforeLift((forced[0],), sources[forced[0]], True)
        tall = [n for n in sources if any(c.counts[n] > self.ladder for c in reading.candidates)]
        if not tall:
            return None
        merged: dict[int, str] = {}
        for n in tall:
            for target, kind in sources[n].items():
                if merged.get(target) != HIT:
                    merged[target] = kind
        return BeforeLift(tuple(tall), merged, False)

    # -- after the reading ----------------------------------------------------------------------

    def play_of(self, candidate: Candidate) -> Play:
        """The legal play (as the generator lists it) that reaches ``candidate``."""
        return self._states.play_of(candidate)

    def differing_places(self, candidates: Sequence[Candidate]) -> list[int]:
        """The places whose true counts differ among ``candidates`` (where the board must ask)."""
        return [n for n in range(len(TABLES_PLACES))
                if len({c.counts[n] for c in candidates}) > 1]

    def nearest(self, seen: Counts) -> Candidate:
        """The reachable position closest to ``seen`` (fewest men to move), the turn's start first
        among equals: where the guidance leads a wrong board back to."""
        return self._states.nearest(seen)

    def moves_shown(self, seen: Counts) -> Play | None:
        """The moves of the side to move that the board seems to show (men gone from some of his
        places, men arrived on others; no hits), for explaining an illegal play; None if unclear."""
        side = self.start.turn
        before = visible(self.orientation.counts(self.start), self.ladder)
        gone: list[int] = []
        came: list[int] = []
        for n, (old, new) in enumerate(zip(before, seen, strict=True)):
            kind, index = TABLES_PLACES[n]
            if kind == "point":
                point = self.orientation.own_point(side, index)
            elif index == side + 1:
                point = BAR if kind == "bar" else OFF
            else:
                if old != new:
                    return None
                continue
            gone.extend([point] * max(0, old - new))
            came.extend([point] * max(0, new - old))
        if len(came) > len(gone):  # men taken from the unseen top of a tall stack
            board = self.start.boards[side]
            tall = [p for p in range(1, 26) if board[p] > self.ladder]
            if len(tall) != 1:
                return None
            gone.extend(tall * (len(came) - len(gone)))
        if not gone or len(gone) != len(came):
            return None
        gone.sort(reverse=True)
        came.sort(reverse=True)
        return tuple(Move(src, dst) for src, dst in zip(gone, came, strict=True))
