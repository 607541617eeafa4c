"""One turn of a tables game, read from the board: which legal play the men show.

The inference does not follow gestures. At the start of a turn it lists every position that legal
play can reach: each legal play's result, and every partial play on the way to one (any subset of
its moves, made in any order the men allow), plus the moments of a hit when the hit man still stands
on his point, or already lies on the bar while the hitting man has not left his own. Whatever the
switches show is then matched against that list:

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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from tablier.tables.moves import Dice, Move, Play
from tablier.tables.position import BAR, OFF, Position
from tablier.tables.variant import Variant

from .observation import PLACE_INDEX, TABLES_PLACES, Counts, could_show, visible
from .orientation import Orientation


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


@dataclass(frozen=True)
class Candidate:
    """A position legal play can reach this turn: the men per place, the moves made so far."""

    counts: Counts
    position: Position
    moves: Play
    final: bool
    transit: bool = False  # a moment of a hit: the hit man still on his point, or the hitter not moved
    # the hit man already on the bar, his hitter not moved: the places the hitter leaves and lands on
    hitter: tuple[int, int] | None = None


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


class TurnInference:
    """Everything one throw's legal plays can put on the board, indexed by what the switches see."""

    def __init__(self, variant: Variant, position: Position, dice: Dice | None, orientation: Orientation,
                 ladder: int, plays: Sequence[Play] | None = None) -> None:
        self.variant = variant
        self.start = position
        self.dice = dice
        self.orientation = orientation
        self.ladder = ladder
        if plays is None:
            plays = variant.plays(position, dice) if dice is not None else [()]
        self.plays = list(plays)
        self.candidates: list[Candidate] = []
        self._index: dict[Counts, list[Candidate]] = {}
        self._reachable: set[Counts] = set()  # the candidates' true men per place
        self._opposite = (0, *(variant.opposite(point) for point in range(1, 25)))
        self._placed: dict[tuple[Move, ...], Position] = {}  # each subset of moves (sorted) placed
        self._subsets: dict[Position, list[tuple[Move, ...]]] = {}  # and the subsets reaching each
        self._moves_from: dict[int, set[Move]] = {}  # the turn's moves by their starting point
        self._steps: dict[tuple[Position, int], set[tuple[Move, Position]]] = {}  # on demand
        self._sources: dict[tuple[Candidate, ...], dict[int, dict[int, str]]] = {}
        self._build()

    # -- building -------------------------------------------------------------------------------

    def _build(self) -> None:
        seen: dict[tuple[Position, bool], Candidate] = {}
        done = self._placed  # subsets already placed (the same moves, any order)
        results = {self.variant.after(self.start, play).boards for play in self.plays}
        place, their_bar = self._mover_places()
        start_counts = self.orientation.counts(self.start)
        for play in (path for listed in self.plays for path in self._paths(listed)):
            for mask in range(1 << len(play)):
                moves = tuple(move for n, move in enumerate(play) if mask >> n & 1)
                same = tuple(sorted(moves))
                if same in done:
                    continue
                reached = self._apply(moves)
                if reached is None:
                    continue
                position, hits = reached
                done[same] = position
                self._subsets.setdefault(position, []).append(same)
                final = position.boards in results
                key = (position, final)
                if key in seen:
                    continue
                changed = list(start_counts)  # the counts from the moves' changes, not recounted
                for move in moves:
                    changed[place[move.src]] -= 1
                    changed[place[move.dst]] += 1
                for hit in hits:
                    changed[place[hit.dst]] -= 1
                    changed[their_bar] += 1
                counts = tuple(changed)
                candidate = Candidate(counts, position, moves, final)
                seen[key] = candidate
                self._add(candidate)
                for mask_hits in range(1, 1 << len(hits)):  # hit men not yet on the bar (a slide)
                    unhit = counts
                    for n, hit in enumerate(hits):
                        if mask_hits >> n & 1:
                            unhit = self._unhit(unhit, hit.dst)
                    self._add(Candidate(unhit, position, moves, False, True))
                for hit in hits:
                    hitter = (PLACE_INDEX[self.orientation.place_of(self.start.turn, hit.src)],
                              PLACE_INDEX[self.orientation.place_of(self.start.turn, hit.dst)])
                    self._add(Candidate(self._unmoved(counts, hit), position, moves, False, True, hitter))
        for same in done:
            for move in same:
                self._moves_from.setdefault(move.src, set()).add(move)

    def _paths(self, play: Play) -> list[Play]:
        """``play`` and the same play with a man that uses both dice resting on his other
        intermediate point (the other die first), where that point is open and the step allowed:
        the generator lists one way per result, the hands may take either."""
        paths = [play]
        theirs = self.variant.theirs(self.start)
        for i, first in enumerate(play):
            for j in range(i + 1, len(play)):
                then = play[j]
                if then.src != first.dst or first.hit or then.hit or OFF in (first.dst, then.dst):
                    continue
                rest = then.src - then.dst
                if rest == first.src - first.dst or not 1 <= first.src - rest <= 24:
                    continue
                other = Move(first.src, first.src - rest)
                if theirs[other.dst]:
                    continue
                before = self._apply(play[:i])
                if before is None or not self.variant.step_allowed(
                        list(before[0].boards[self.start.turn]), theirs, other):
                    continue
                path = list(play)
                path[i], path[j] = other, Move(other.dst, then.dst)
                paths.append(tuple(path))
        return paths

    def _mover_places(self) -> tuple[list[int], int]:
        """The place index of each of the mover's own points 0..25, and of the adversary's bar."""
        side = self.start.turn
        places = [PLACE_INDEX[self.orientation.place_of(side, point)] for point in range(26)]
        return places, PLACE_INDEX["bar", 2 - side]

    def _apply(self, moves: Play) -> tuple[Position, list[Move]] | None:
        """The position after ``moves`` in this order, and the hits made; None if the men do not
        allow it. A man hits where he lands on a lone adversary man, whichever move the generator
        marked: a play's moves may be made in another order."""
        side = self.start.turn
        mine = list(self.start.boards[side])
        theirs = list(self.start.boards[1 - side])
        hits: list[Move] = []
        for move in moves:
            if mine[move.src] <= 0:
                return None
            mine[move.src] -= 1
            mine[move.dst] += 1
            their_point = self._opposite[move.dst] if 1 <= move.dst <= 24 else 0
            if their_point and theirs[their_point]:
                if not self.variant.hitting or theirs[their_point] > 1:
                    return None
                if self.variant.pins:  # Plakoto: the lone man stays where he stands, pinned
                    continue
                theirs[their_point] -= 1
                theirs[BAR] += 1
                hits.append(Move(move.src, move.dst, True))
        boards = (tuple(mine), tuple(theirs)) if side == 0 else (tuple(theirs), tuple(mine))
        return Position(boards, side), hits

    def _unhit(self, counts: Counts, hit_point: int) -> Counts:
        """The counts while the man hit on the mover's ``hit_point`` has not yet gone to the bar."""
        side = self.start.turn
        changed = list(counts)
        changed[PLACE_INDEX["point", self.orientation.board_point(side, hit_point)]] += 1
        changed[PLACE_INDEX["bar", 2 - side]] -= 1
        return tuple(changed)

    def _unmoved(self, counts: Counts, hit: Move) -> Counts:
        """The counts when the hit man went to the bar before the hitting man left his point."""
        side = self.start.turn
        changed = list(counts)
        changed[PLACE_INDEX[self.orientation.place_of(side, hit.dst)]] -= 1
        changed[PLACE_INDEX[self.orientation.place_of(side, hit.src)]] += 1
        return tuple(changed)

    def _add(self, candidate: Candidate) -> None:
        self.candidates.append(candidate)
        counts = candidate.counts
        shown = counts if max(counts) <= self.ladder else visible(counts, self.ladder)
        self._index.setdefault(shown, []).append(candidate)
        self._reachable.add(counts)

    # -- reading --------------------------------------------------------------------------------

    def read(self, seen: Counts, lifted_hint: int | None = None) -> Reading:
        """Match the covered slots per place ``seen`` (``lifted_hint``: the place a switch has just
        opened on, tried first as the man in hand)."""
        exact = self._index.get(seen)
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
            if with_man is not None and with_man in self._index:
                found = tuple(self._index[with_man])
                return Reading(Status.IN_HAND, found, (place,), self.landings(found, place))
        for first in order:
            once = self._plus(seen, first)
            if once is None:
                continue
            for second in order:
                twice = self._plus(once, second)
                if twice is not None and twice in self._index:
                    return Reading(Status.IN_HAND, tuple(self._index[twice]), (first, second))
        loose = [c for c in self.candidates
                 if all(could_show(s, n, self.ladder) for s, n in zip(seen, c.counts, strict=True))]
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
        if with_man is None or with_man not in self._index:
            return reading
        found = tuple(self._index[with_man])
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
            if candidate.hitter is not None:  # the hit man is on the bar, his hitter still to land
                if candidate.hitter[0] == place:
                    landing = candidate.hitter[1]
                    lit[landing] = HIT
                    lit.update(self._onwards(candidate.position, self._own(landing)))
            else:
                lit.update(self._onwards(candidate.position, self._own(place)))
            hit_man = ("bar", 2 - side)  # or the man lifted is a hit man, going to his bar
            moved = list(candidate.counts)
            moved[place] -= 1
            moved[PLACE_INDEX[hit_man]] += 1
            if self._adversary_on(candidate, place) and tuple(moved) in self._reachable:
                lit.setdefault(PLACE_INDEX[hit_man], MOVE)
            for target, kind in lit.items():
                if target != place and destinations.get(target) != HIT:
                    destinations[target] = kind
        return destinations

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

    def _onwards(self, position: Position, src: int | None) -> dict[int, str]:
        """The landings of the mover's man on his ``src`` in ``position``: each step a die's move of
        the turn that the rules allow from there now, and on from where it lands."""
        lit: dict[int, str] = {}
        if src is None or src == OFF or not position.boards[self.start.turn][src]:
            return lit
        for move, after in self._steps_of(position, src):
            if not self._allowed(position, move):
                continue
            target = PLACE_INDEX[self.orientation.place_of(self.start.turn, move.dst)]
            hit = 1 <= move.dst <= 24 and bool(self.variant.theirs(position)[move.dst])
            lit[target] = HIT if hit else BEAR_OFF if move.dst == OFF else MOVE
            for beyond, kind in self._onwards(after, move.dst).items():
                lit.setdefault(beyond, kind)
        return lit

    def _steps_of(self, position: Position, src: int) -> set[tuple[Move, Position]]:
        """The turn's moves of a man from ``src`` in ``position``, each with where it leads."""
        key = (position, src)
        if key not in self._steps:
            self._steps[key] = {(move, after) for same in self._subsets.get(position, ())
                                for move in self._moves_from.get(src, ())
                                if (after := self._placed.get(tuple(sorted((*same, move))))) is not None}
        return self._steps[key]

    def _allowed(self, position: Position, move: Move) -> bool:
        """Whether the rules let ``move`` be made now from ``position``: a man on the bar enters
        first, men bear off only once all are home (by a higher number only from the highest point
        held), and the variant's own step rules."""
        mine = list(position.boards[self.start.turn])
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
        for play in self.plays:
            if self.variant.after(self.start, play).boards == candidate.position.boards:
                return play
        raise LookupError("not a legal result of this turn")

    def differing_places(self, candidates: Sequence[Candidate]) -> list[int]:
        """The places whose true counts differ among ``candidates`` (where the board must ask)."""
        return [n for n in range(len(TABLES_PLACES))
                if len({c.counts[n] for c in candidates}) > 1]

    def nearest(self, seen: Counts) -> Candidate:
        """The reachable position closest to ``seen`` (fewest men to move), the turn's start first
        among equals: where the guidance leads a wrong board back to."""
        def distance(candidate: Candidate) -> tuple[int, int]:
            shown = visible(candidate.counts, self.ladder)
            return (sum(abs(a - b) for a, b in zip(shown, seen, strict=True)),
                    0 if not candidate.moves else 1)
        return min((c for c in self.candidates if not c.transit), key=distance)

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
