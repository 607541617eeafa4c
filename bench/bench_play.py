"""Lift-to-light latency: from a simulated switch opening to the LED frame lighting the destinations.

For every game (tables and draughts) a game is set up on the simulated board (the start, or a busy
position: the tables bench's spread, a draughts multi-capture), a throw forced for the tables
games; then a man is lifted again and again (and put back), taking each man that has somewhere to go
in turn. Each time the clock runs from the moment the switch changes in the simulated hardware until
the firmware sends the LED chain a frame showing that man's destinations lit (as a warm-up lift found
them): firmware scan and debounce, the event over the pseudo-terminal, pyserial, the host's
inference and LED plan, the LED frame back, the firmware's write to the chain. Before each lift of
a tables turn the session builds the turn's inference afresh (as at the throw), so that every lift
is the first of its board. Target: under 10 ms at the 99th percentile in every game. Also: the time
to build a turn's inference at the throw for every tables game (:func:`inference_build_ms`), and
lift-to-light with the quality lights on (:func:`quality_lift_to_light`; alone:
``python bench/bench_play.py --quality``).
"""

from __future__ import annotations

import gc
import os
import re
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from tablier.board.leds import BAD, BEAR_OFF, BEST, DESTINATION, DOUBTFUL, HIT, VERY_BAD
from tablier.board.observation import TABLES_PLACES
from tablier.board.orientation import Orientation
from tablier.engines import tables_engine
from tablier.hardware.layout import Layout, load_layout
from tablier.link.sim import SimulatedBoard
from tablier.link.transport import open_serial
from tablier.link.wire import PATTERN_PERIOD_MS, PATTERN_SLOTS
from tablier.play.dice import Dice
from tablier.play.draughts.session import DraughtsSession
from tablier.play.hands import Hands
from tablier.play.link import Link
from tablier.play.session import PlayOptions, freeze_start_up
from tablier.play.start import make_session
from tablier.play.tables.session import TablesSession
from tablier.tables.turn import PLAY
from tablier.tables.variant import Variant

sys.path.insert(0, str(Path(__file__).resolve().parent))

#: A game's lifts (a hand's pace: about half a second each); `BENCH_PLAY_LIFTS` for more or fewer.
LIFTS = int(os.environ.get("BENCH_PLAY_LIFTS", "60"))
TARGET_P99_MS = 10
SPREAD_TEXT = "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 12x15 / W"
RACE_SPREAD = "W 24x3 23 22 21 20 19 18 17 16 10 9 8 2 / B 3x15 / W"  # a man home: the postillon arrived
MULTI_CAPTURE = "B:W6,15,24,32:B1"  # 1x10x19x28
LIT = (DESTINATION.colour, HIT.colour, BEAR_OFF.colour)
QUALITY_LIT = (BEST.colour, DOUBTFUL.colour, BAD.colour, VERY_BAD.colour)
QUALITY_CASES = (("backgammon opening 3-1", "backgammon", "", (3, 1)),
                 ("english opening", "english", "", (0, 0)))
"""The cases timed with the quality lights off and on (:func:`quality_lift_to_light`)."""
CASES: tuple[tuple[str, str, str, tuple[int, int]], ...] = (
    ("backgammon opening 3-1", "backgammon", "", (3, 1)),
    ("backgammon spread 2-2", "backgammon", SPREAD_TEXT, (2, 2)),
    ("portes spread 1-1", "portes", SPREAD_TEXT, (1, 1)),
    ("tavla spread 2-2", "tavla", SPREAD_TEXT, (2, 2)),
    ("plakoto spread 1-1", "plakoto", SPREAD_TEXT, (1, 1)),
    ("jacquet spread 4-4", "jacquet", RACE_SPREAD, (4, 4)),
    ("spanish spread 6-6", "spanish", RACE_SPREAD, (6, 6)),
    ("versailles spread 6-6", "versailles", RACE_SPREAD, (6, 6)),
    ("versailles spread 5-5", "versailles", RACE_SPREAD, (5, 5)),
    ("versailles spread 4-4", "versailles", RACE_SPREAD, (4, 4)),
    ("fevga spread 5-5", "fevga", RACE_SPREAD, (5, 5)),
    ("nardy spread 3-3", "nardy", RACE_SPREAD, (3, 3)),
    ("ticktack spread 6-4", "ticktack", "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 24x15 / W", (6, 4)),
    ("ticktack spread 3-3", "ticktack", "W 24x3 23 22 21 20 19 18 17 16 10 9 8 7 / B 24x15 / W", (3, 3)),
    ("english opening", "english", "", (0, 0)),
    ("english triple capture", "english", MULTI_CAPTURE, (0, 0)),
    ("polish triple capture", "polish", MULTI_CAPTURE, (0, 0)),
    ("losing triple capture", "losing", MULTI_CAPTURE, (0, 0)),
    ("devil opening", "devil", "", (0, 0)),
)


def main() -> dict[str, object]:
    """Measure; returns the figures (milliseconds)."""
    layout = load_layout()
    per_game: dict[str, dict[str, object]] = {}
    every: list[float] = []
    for label, game, position, throw in CASES:
        times = lift_to_light(layout, game, position, throw)
        every.extend(times)
        per_game[label] = _summary(times)
        print(f"lift to light {label}: {per_game[label]}", flush=True)
    build = inference_build_ms()
    quality = quality_lift_to_light(layout)
    worst = max(float(row["p99_ms"]) for row in per_game.values())  # type: ignore[arg-type]
    return {
        "lift_to_light": per_game,
        "lifts": len(every),
        "lift_to_light_median_ms": round(statistics.median(every), 2),
        "lift_to_light_worst_p99_ms": worst,
        "target_p99_ms": TARGET_P99_MS,
        "target_met": worst < TARGET_P99_MS,
        **build,
        "lift_to_light_quality": quality,
    }


def quality_lift_to_light(layout: Layout) -> dict[str, object]:
    """Lift-to-light of :data:`QUALITY_CASES` with the quality lights off, then on (``full``: every
    man's destinations show their bands, the turn's bands indexed on the engine's thread at the
    throw). Both runs time the lights that never go dark in their code (steady, pulse: a bad or very
    bad band blinks, and would add the wait for its flash); a man whose every light blinks is left
    out (``places``: the men timed). ``quality_shown``: the lifts whose lights showed bands."""
    figures: dict[str, object] = {}
    for label, game, position, throw in QUALITY_CASES:
        for level in ("off", "full"):
            seen: dict[str, int] = {}
            times = lift_to_light(layout, game, position, throw, level, seen)
            figures[f"{label}, quality {level}"] = {**_summary(times), **seen}
            print(f"lift to light {label}, quality {level}: {figures[f'{label}, quality {level}']}",
                  flush=True)
    return figures


def _summary(times: list[float]) -> dict[str, object]:
    times = sorted(times)
    return {"lifts": len(times), "median_ms": round(statistics.median(times), 2),
            "p99_ms": round(times[int(0.99 * (len(times) - 1))], 2), "max_ms": round(times[-1], 2)}


def lift_to_light(layout: Layout, game: str, position: str, throw: tuple[int, int],
                  quality: str | None = None, seen: dict[str, int] | None = None) -> list[float]:
    """The lift-to-light times of one game from ``position`` (its start if empty) with ``throw``;
    ``quality`` (a level: the lights that never go dark timed, :func:`quality_lift_to_light`) counts
    into ``seen`` the men timed and the lifts that showed quality bands; None: legality only."""
    with SimulatedBoard(layout) as board:
        link = Link(lambda: open_serial(board.port), layout.hash)
        link.connect()
        dice = Dice(1)
        level = quality or "off"
        session = make_session(game, link, layout, dice, None,
                               PlayOptions(grace_s=60, position=position, quality=(level, level)))
        hands = Hands(board, layout)
        asked: list[Callable[[], None]] = []
        stop = threading.Event()

        def loop() -> None:  # as Session.run does
            link.settle()
            session.observation = session.observer.observe(link.closed)
            session.start()
            freeze_start_up()
            while not stop.is_set():
                while asked:
                    asked.pop(0)()
                session.tick(wait=0.0005)

        def in_loop(action: Callable[[], None]) -> None:
            done = threading.Event()
            asked.append(lambda: (action(), done.set()))
            done.wait(5)

        worker = threading.Thread(target=loop, daemon=True)
        if isinstance(session, TablesSession):  # GNU Backgammon loaded on the main thread, where it
            tables_engine(session.variant)     # looks ahead (loaded on another, it crashes there)
        try:
            hands.turn_face(isinstance(session, TablesSession))
            time.sleep(0.3)  # the face switch debounced
            worker.start()
            time.sleep(0.3)  # the game begun (from its position)
            if isinstance(session, TablesSession):
                hands.set_up_tables(Orientation(session.variant).counts(session.flow.position))
            else:
                assert isinstance(session, DraughtsSession)
                hands.set_up_squares(session.wanted_squares())
            if isinstance(session, TablesSession):
                _throw(session, hands, dice, throw)
                assert session.inference is not None and session.reading is not None
                sources = session.inference.sources(session.reading.candidates)
                places = [TABLES_PLACES[n] for n in sources]
                fresh: Callable[[], None] | None = lambda: in_loop(lambda: _afresh(session))  # noqa: E731
            else:
                _wait(lambda: session.phase == "play", 5)
                places = sorted({("square", int(re.split("[-x]", str(move))[0]))
                                 for move in session.legal_moves()})
                fresh = None
            places = [place for place in places  # a man off a tall stack's top changes no switch
                      if place[0] == "square" or hands.men(place) <= layout.ladders[place[0]]]
            if quality is None:
                return _lifts(board, hands, layout, places, fresh)
            bands: list[int] = []

            def look() -> None:  # the lights the host planned for this lift: bands among them?
                shown = set(session.led_plan().meanings().values())
                bands.append(bool(shown & {"best", "doubtful", "bad", "very-bad"}))

            if quality != "off":  # the turn's ranking on this (the main) thread, as the loop's would be
                ask = getattr(session.teacher, "turn_ranking", None)
                if ask is not None:
                    ask()
            timed: dict[str, int] = {}
            times = _lifts(board, hands, layout, places, fresh, QuietLights(lambda: in_loop(look), timed))
            if seen is not None:
                seen.update(timed, quality_shown=sum(bands))
            return times
        finally:
            stop.set()
            worker.join(2)
            link.close()
            gc.unfreeze()


def _afresh(session: TablesSession) -> None:
    """The turn begun again as at its throw (Ticktack's touched man untouched: each lift is then
    the turn's first)."""
    turn = session.flow
    if getattr(turn, "touched", None) is not None:
        turn.touched = None  # type: ignore[attr-defined]
    session.touched = False
    session._begin_turn()


def _throw(session: TablesSession, hands: Hands, dice: Dice, throw: tuple[int, int]) -> None:
    """Press until the turn is played with ``throw`` (the opening's throws, or the mover's)."""
    deadline = time.monotonic() + 10
    while not (session.phase == PLAY and session.flow.dice is not None
               and sorted(session.flow.dice) == sorted(throw)):
        if time.monotonic() > deadline:
            raise TimeoutError(f"the throw {throw} was not reached ({session.phase})")
        dice.force(throw)
        player = session.flow.turn + 1 if session.phase != "opening" else 1
        hands.press(player, True)
        time.sleep(0.05)  # longer than the debounce window
        hands.press(player, False)
        time.sleep(0.1)


class QuietLights:
    """How :func:`_lifts` times the quality cases: only the lights that never go dark in their code,
    ``look`` after each lift (what the host lit), the men timed counted into ``timed``."""

    def __init__(self, look: Callable[[], None], timed: dict[str, int]) -> None:
        self.look = look
        self.timed = timed


def _lifts(board: SimulatedBoard, hands: Hands, layout: Layout, places: list[tuple[str, int]],
           fresh: Callable[[], None] | None, quiet: QuietLights | None = None) -> list[float]:
    """Lift a man from each of ``places`` in turn (warm-up lifts find what lights), ``LIFTS`` in
    all; ``fresh`` builds the turn's inference again before each; ``quiet``: the quality cases'
    way."""
    board_leds = {led.index for led in layout.leds if led.kind in ("point", "bar", "tray", "square")}
    lit_by: dict[tuple[str, int], set[int]] = {}
    for place in places:
        if fresh is not None:
            fresh()
        time.sleep(0.1)
        before = board.led_colours()
        hands.lift(place)
        time.sleep(0.4)
        changed: set[int] = set()
        dark: set[int] = set()
        for _ in range(PATTERN_SLOTS):  # a whole second of the codes: a double flash is dark 12 slots of 16
            after = board.led_colours()
            # the places lit by the lift as destinations (not a blinking must-move)
            changed |= {i for i in board_leds if before[i] == (0, 0, 0) and _destination(after[i], quiet)}
            dark |= {i for i in board_leds if after[i] == (0, 0, 0)}
            time.sleep(PATTERN_PERIOD_MS / PATTERN_SLOTS / 1000)
        hands.put(place)
        time.sleep(0.3)
        if quiet is not None:
            changed -= dark  # a blinking band would add the wait for its flash
        if changed:
            lit_by[place] = changed
    if quiet is not None:
        quiet.timed["places"] = len(lit_by)
    if not lit_by:
        raise RuntimeError("no lift lit any destination")
    times: list[float] = []
    order = list(lit_by)
    for n in range(LIFTS):
        place = order[n % len(order)]
        wanted = lit_by[place]
        if fresh is not None:
            fresh()
        _wait(lambda: _shows(board, wanted, False), 2)  # noqa: B023 (called at once)
        time.sleep(0.05)
        start = time.perf_counter()
        hands.lift(place)
        _wait(lambda: _shows(board, wanted, True), 2)  # noqa: B023
        times.append((time.perf_counter() - start) * 1000)
        if quiet is not None:
            quiet.look()
        hands.put(place)
        time.sleep(0.2)  # a hand's pace: a switch flipping faster would be named as chattering
    return times


def _destination(colour: tuple[int, int, int], quiet: QuietLights | None = None) -> bool:
    """Whether ``colour`` is a destination's, or with ``quiet`` a quality band's too (the firmware
    dims every colour alike when many LEDs are on, so the colours are compared in proportion)."""
    top = max(colour)
    return bool(top) and any(
        all(abs(c / top - m / max(meaning)) < 0.05 for c, m in zip(colour, meaning, strict=True))
        for meaning in (LIT + QUALITY_LIT if quiet is not None else LIT))


def _shows(board: SimulatedBoard, leds: set[int], lit: bool) -> bool:
    """Whether every one of ``leds`` is lit (or, ``lit`` false, every one dark)."""
    colours = board.led_colours()
    return all((colours[led] != (0, 0, 0)) == lit for led in leds)


INFERENCE_GAMES = ("backgammon", "portes", "plakoto", "tavla", "jacquet", "spanish", "versailles", "fevga",
                   "nardy", "ticktack")
INFERENCE_RANDOM_GAMES = 4
INFERENCE_EVERY = 10
RETIMED = 8
RETIMES = 5


def inference_build_ms() -> dict[str, object]:
    """Time to build a turn's inference at the throw for every tables game, generation included
    (``build``), and to the first lights (``first_lights``: the build, the untouched board read and
    the lights before a lift): the worst over the start position and the bench's spread position
    with all 21 throws, and over positions of random games (every ``INFERENCE_EVERY``-th turn of
    ``INFERENCE_RANDOM_GAMES`` games, all 21 throws). Each is timed once, the slowest ``RETIMED``
    again (median of ``RETIMES``). Process CPU time. ``old_``: the inference listing every position
    at the throw whatever the dice (``eager``, as before), on the spread's 21 throws in the same
    run. Backgammon also keeps its spread of single men (over 1,000 plays a doublet)."""
    import random

    from bench_tables_variants import SPREAD

    from tablier.board.observation import visible
    from tablier.board.tables_inference import TurnInference
    from tablier.tables import ALL_ROLLS
    from tablier.tables import Dice as Throw
    from tablier.tables.catalog import make_variant
    from tablier.tables.position import BLACK, WHITE, Position, side_board
    from tablier.tables.position_text import parse_position

    def build(variant: Variant, position: Position, dice: Throw, eager: bool = False) -> float:
        start = time.process_time()
        TurnInference(variant, position, dice, Orientation(variant), 6, eager=eager)
        return (time.process_time() - start) * 1000

    def first_lights(variant: Variant, position: Position, dice: Throw) -> float:
        start = time.process_time()
        turn = TurnInference(variant, position, dice, Orientation(variant), 6)
        turn.before_lift(turn.read(visible(turn.candidates[0].counts, 6)))
        return (time.process_time() - start) * 1000

    def worst_of(timer: Callable[[Variant, Position, Throw], float], variant: Variant,
                 cases: list[tuple[str, Position, Throw]]) -> tuple[float, str, str]:
        once = sorted(((timer(variant, position, dice), label, position, dice)
                       for label, position, dice in cases), key=lambda row: row[0], reverse=True)
        worst = (0.0, "", "")
        for _, label, position, dice in once[:RETIMED]:
            median = statistics.median(timer(variant, position, dice) for _ in range(RETIMES))
            if median > worst[0]:
                worst = (median, label, str(dice))
        return worst

    figures: dict[str, object] = {}
    for name in INFERENCE_GAMES:
        variant = make_variant(name)
        spread = parse_position(SPREAD[name])
        positions = [("start", variant.start_position(WHITE)), ("spread", spread)]
        if name == "backgammon":
            black = side_board({p: 1 for p in (24, 22, 20, 18, 16, 14, 13, 11, 10, 9, 8, 7, 6, 5, 4)})
            positions.append(("single men", Position((black, side_board({24: 2, 13: 5, 12: 3})), BLACK)))
        rng = random.Random(3)
        for game in range(INFERENCE_RANDOM_GAMES):
            position = variant.start_position(WHITE)
            for turn in range(400):
                if variant.result(position) is not None:
                    break
                if turn % INFERENCE_EVERY == INFERENCE_EVERY - 1:
                    positions.append((f"game {game + 1} turn {turn}", position))
                plays = variant.plays(position, Throw(rng.randint(1, 6), rng.randint(1, 6)))
                position = variant.after(position, rng.choice(plays))
        cases = [(label, position, dice) for label, position in positions
                 if variant.result(position) is None for dice in ALL_ROLLS]
        built = worst_of(build, variant, cases)
        lit = worst_of(first_lights, variant, cases)
        old = max((build(variant, spread, dice, True), str(dice)) for dice in ALL_ROLLS)
        figures[name] = {"positions": len(positions), "throws": len(cases),
                         "worst_ms": round(built[0], 1), "worst_at": built[1], "worst_roll": built[2],
                         "first_lights_worst_ms": round(lit[0], 1), "first_lights_worst_at": lit[1],
                         "first_lights_worst_roll": lit[2],
                         "old_spread_worst_ms": round(old[0], 1), "old_spread_worst_roll": old[1]}
        print(f"inference {name}: {figures[name]}", flush=True)
    rows = list(figures.values())
    return {"turn_inference_build": figures, "turn_inference_target_ms": 10,
            "turn_inference_build_worst_ms": max(float(row["worst_ms"]) for row in rows),  # type: ignore[index]
            "turn_inference_first_lights_worst_ms": max(
                float(row["first_lights_worst_ms"]) for row in rows)}  # type: ignore[index]


def _wait(condition: object, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise TimeoutError("the board did not reach the state in time")
        time.sleep(0.0002)


if __name__ == "__main__":
    print(quality_lift_to_light(load_layout()) if sys.argv[1:] == ["--quality"] else main())
