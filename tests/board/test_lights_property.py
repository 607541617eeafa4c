"""No legal destination goes dark: a player's hands carry out a legal play, one man at a time, in any
order the rules allow at each step (a hit man put on his bar before or after his hitter lands, a man
slid past his first landing), and at every lift the place he is carried to is lit (pure: no firmware).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablier.board.observation import PLACE_INDEX, TABLES_PLACES, visible
from tablier.board.orientation import ORIENTATIONS, Orientation
from tablier.board.tables_inference import BEAR_OFF, HIT, MOVE, Status, TurnInference
from tablier.tables import Dice
from tablier.tables.catalog import VARIANTS, make_variant
from tablier.tables.moves import Move, Play
from tablier.tables.position import BAR, OFF, Position
from tablier.tables.position_text import parse_position
from tablier.tables.variant import Variant

from .test_inference_properties import reached

LADDER = 6
GAMES = [variant.name for variant in VARIANTS]


@dataclass
class Hands:
    """The men on the board while a play is carried out, each side in its own frame."""

    turn: TurnInference
    mine: list[int]
    theirs: list[int]  # the adversary's men, in his own frame
    hit: set[int]  # the mover's points hit so far: a man put there may be read as the hitter
    slid: set[int] = field(default_factory=set)  # the moves of the order made by an earlier slide

    def lifted(self, n: int) -> bool:
        """Whether the order's move ``n`` was already made, as part of a slide."""
        return n in self.slid

    @classmethod
    def at_start(cls, turn: TurnInference) -> Hands:
        side = turn.start.turn
        return cls(turn, list(turn.start.boards[side]), list(turn.start.boards[1 - side]), set())

    def counts(self) -> tuple[int, ...]:
        side = self.turn.start.turn
        boards = [(), ()]
        boards[side], boards[1 - side] = tuple(self.mine), tuple(self.theirs)
        return self.turn.orientation.counts(Position((boards[0], boards[1]), side))

    def place(self, side: int, point: int) -> int:
        return PLACE_INDEX[self.turn.orientation.place_of(side, point)]

    def carry(self, src: int, dst: int, kind: str, adversary: bool = False) -> None:
        """Lift a man from his ``src`` (the mover's, or the adversary's own point) and check that the
        lights send him to ``dst`` as ``kind``, then put him there."""
        side = self.turn.start.turn
        owner = 1 - side if adversary else side
        frm, to = self.place(owner, src), self.place(owner, dst)
        before = self.counts()
        board = self.theirs if adversary else self.mine
        board[src] -= 1
        board[dst] += 1
        if kind == HIT and not adversary:
            self.hit.add(dst)
        if before[frm] > LADDER:  # a man taken from a tall stack's unseen top: no switch opens
            return
        lifted = list(visible(before, LADDER))
        lifted[frm] -= 1
        reading = self.turn.read(tuple(lifted), lifted_hint=frm)
        lit = {" ".join(map(str, TABLES_PLACES[n])): shown for n, shown in reading.destinations.items()}
        where = " ".join(map(str, TABLES_PLACES[to]))
        for target in reading.destinations:  # each lit place, the man put there, is on the way
            landed = list(lifted)
            landed[target] += 1
            assert self.turn.read(visible(tuple(landed), LADDER)).status is not Status.UNKNOWN, (
                f"{' '.join(map(str, TABLES_PLACES[target]))} lit, not on the way: {lit}")
        allowed = {kind, HIT} if not adversary and dst in self.hit else {kind}
        assert reading.destinations.get(to) in allowed, (
            f"{' '.join(map(str, TABLES_PLACES[frm]))} -> {where} ({kind}) not lit: {lit}")


def may_move_now(variant: Variant, mine: list[int], theirs_own: list[int], move: Move, dice: Dice) -> bool:
    """Whether the rules let ``move`` be made now: the bar first, bearing off once all are home (by a
    higher number only from the highest point held), an open landing, the game's own step rules."""
    theirs = [0, *(theirs_own[variant.opposite(point)] for point in range(1, 25)), theirs_own[BAR]]
    if mine[move.src] <= 0 or (mine[BAR] and move.src != BAR):
        return False
    if move.dst == OFF:
        if any(mine[7:]):
            return False
        if any(mine[move.src + 1:7]) and move.src not in variant.dice_steps(dice):
            return False
    elif theirs[move.dst] > (1 if variant.hitting else 0):
        return False
    return variant.step_allowed(list(mine), theirs, move)


def an_order(variant: Variant, turn: TurnInference, play: Play, rng: random.Random) -> list[Move] | None:
    """The moves of ``play`` in a random order the rules allow step by step (None if none found)."""
    for _ in range(20):
        left = list(play)
        rng.shuffle(left)
        hands = Hands.at_start(turn)
        done: list[Move] = []
        while left:
            move = next((m for m in left if may_move_now(variant, hands.mine, hands.theirs, m, turn.dice)),
                        None)
            if move is None:
                break
            left.remove(move)
            done.append(move)
            hands.mine[move.src] -= 1
            hands.mine[move.dst] += 1
            if move.dst not in (OFF, BAR) and hands.theirs[variant.opposite(move.dst)] == 1 and (
                    variant.hitting and not variant.pins):
                hands.theirs[variant.opposite(move.dst)] -= 1
                hands.theirs[BAR] += 1
        if not left:
            return done
    return None


def blot_under(variant: Variant, theirs: list[int], dst: int) -> int:
    """The adversary's own point of a lone man of his on the mover's ``dst`` (0: none)."""
    point = variant.opposite(dst) if dst not in (OFF, BAR) else 0
    return point if point and theirs[point] == 1 and variant.hitting else 0


def carry_out(variant: Variant, turn: TurnInference, order: list[Move], rng: random.Random) -> None:
    """Carry out the moves ``order`` by hand, checking the lights at every lift. A hit man is put on
    his bar at some moment before or after his hitter lands: before, only while the hitting man
    stands on his own point and no other hit man waits on the bar (the moments the inference knows);
    after, at once or later. A man may slide on past a landing in one gesture."""
    hands = Hands.at_start(turn)
    blots = []  # the blot each move lands on (0: none), as the moves are made in this order
    holds = []  # the men on each move's starting point before each move
    for move in order:
        holds.append([hands.mine[m.src] for m in order])
        blots.append(blot_under(variant, hands.theirs, move.dst))
        hands.mine[move.src] -= 1
        hands.mine[move.dst] += 1
        if blots[-1] and not variant.pins:
            hands.theirs[blots[-1]] -= 1
            hands.theirs[BAR] += 1
    moments: dict[int, int] = {}  # hit move -> the move before which his hit man goes to the bar
    free = 0  # the first move before which a hit man may wait on the bar for his hitter
    for n, blot in enumerate(blots):
        if not blot or variant.pins:
            continue
        first = n
        while first > free and holds[first - 1][n]:
            first -= 1
        if first >= free and rng.random() < 0.5:  # on the bar early: no other hit until his hitter
            moments[n] = rng.randint(first, n)
            free = n + 1
        else:  # on his point until then: no hit man on the bar early meanwhile
            moments[n] = rng.randint(n + 1, len(order))
            free = max(free, moments[n])
    hands = Hands.at_start(turn)
    for n in range(len(order) + 1):
        for hitter, moment in moments.items():
            if moment == n:
                hands.carry(blots[hitter], BAR, MOVE, adversary=True)
        if n == len(order) or hands.lifted(n):
            continue
        move, end, last = order[n], order[n].dst, n
        while (not blots[last] and last + 1 < len(order) and order[last + 1].src == end and end != OFF
               and not blots[last + 1] and last + 1 not in moments.values()
               and rng.random() < 0.5):  # the same man slid on to the next landing in one gesture
            last += 1
            end = order[last].dst
        hands.carry(move.src, end, HIT if blots[last] else BEAR_OFF if end == OFF else MOVE)
        hands.slid.update(range(n + 1, last + 1))


def test_the_empty_point_beside_a_hit_stays_lit_when_the_hit_man_went_to_the_bar_first() -> None:
    """The 4-1 in the issue: 8/4* 8/7, the white blot put on the bar before any black man moves."""
    variant = make_variant("backgammon")
    position = parse_position("B 24x2 13x5 8x3 6x5 / W 24x2 13x5 8x3 6x4 21 / B")
    turn = TurnInference(variant, position, Dice(4, 1), Orientation(variant), LADDER)
    hands = Hands.at_start(turn)
    hands.carry(21, BAR, MOVE, adversary=True)
    hands.carry(8, 7, MOVE)  # 8/7 first: the other man of the 8-point hits afterwards
    hands.carry(8, 4, HIT)


@pytest.mark.parametrize("way", ORIENTATIONS)
def test_every_order_of_every_play_of_a_hitting_throw_is_lit_all_the_way(way: str) -> None:
    variant = make_variant("backgammon")
    position = parse_position("B 24x2 13x5 8x3 6x5 / W 24x2 13x5 8x3 6x4 21 / B")
    for dice in (Dice(4, 1), Dice(5, 3), Dice(4, 4), Dice(2, 2)):
        turn = TurnInference(variant, position, dice, Orientation(variant, way), LADDER)
        for seed, play in enumerate(turn.plays):
            rng = random.Random(seed)
            for _ in range(6):
                order = an_order(variant, turn, play, rng)
                assert order is not None, play
                carry_out(variant, turn, order, rng)


@settings(deadline=None, max_examples=60)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**6), plies=st.integers(0, 60),
       first=st.integers(1, 6), second=st.integers(1, 6), way=st.sampled_from(ORIENTATIONS),
       pick=st.integers(0, 10**6))
def test_no_legal_destination_goes_dark(game: str, seed: int, plies: int, first: int, second: int,
                                        way: str, pick: int) -> None:
    variant = make_variant(game)
    position = reached(variant, seed, plies)
    turn = TurnInference(variant, position, Dice(first, second), Orientation(variant, way), LADDER)
    rng = random.Random(pick)
    play = rng.choice(turn.plays)
    order = an_order(variant, turn, play, rng)
    if order is not None:
        carry_out(variant, turn, order, rng)
