"""Lift-to-light latency: from a simulated switch opening to the LED frame lighting the destinations.

A Backgammon game is set up on the simulated board and the opening 3-1 thrown; then a man is lifted
from the 8-point again and again (and put back). Each time the clock runs from the moment the switch
changes in the simulated hardware until the firmware sends the LED chain a frame showing the
5-point lit as a destination: firmware scan and debounce, the event over the pseudo-terminal,
pyserial, the host's inference and LED plan, the LED frame back, the firmware's write to the chain.
Target: under 20 ms at the 99th percentile. Also: the time to build a turn's inference at the
throw for every tables game (:func:`inference_build_ms`).
"""

from __future__ import annotations

import statistics
import sys
import threading
import time
from pathlib import Path

from tablier.board.leds import DESTINATION
from tablier.board.orientation import Orientation
from tablier.hardware.layout import load_layout
from tablier.link.sim import SimulatedBoard
from tablier.link.transport import open_serial
from tablier.play.dice import Dice
from tablier.play.hands import Hands
from tablier.play.link import Link
from tablier.play.session import PlayOptions
from tablier.play.tables_flow import OPENING, PLAY
from tablier.play.tables_session import TablesSession
from tablier.tables import Backgammon
from tablier.tables.variant import Variant

sys.path.insert(0, str(Path(__file__).resolve().parent))

LIFTS = 200


def main() -> dict[str, object]:
    """Measure; returns the figures (milliseconds)."""
    layout = load_layout()
    with SimulatedBoard(layout) as board:
        link = Link(lambda: open_serial(board.port), layout.hash)
        link.connect()
        dice = Dice(1)
        variant = Backgammon()
        session = TablesSession(variant, link, layout, dice, None, PlayOptions(grace_s=60))
        hands = Hands(board, layout)
        hands.turn_face(True)
        hands.set_up_tables(Orientation(variant).counts(variant.start_position()))
        stop = threading.Event()

        def loop() -> None:
            link.settle()
            session.observation = session.observer.observe(link.closed)
            session.start()
            while not stop.is_set():
                session.tick(wait=0.0005)

        worker = threading.Thread(target=loop, daemon=True)
        time.sleep(0.3)  # the men's switches debounced
        worker.start()
        _wait(lambda: session.phase == OPENING, 5)
        for values in ((3, 1), (3, 1)):
            dice.force(values)
            hands.press(1, True)
            time.sleep(0.05)  # longer than the debounce window
            hands.press(1, False)
            time.sleep(0.05)
        _wait(lambda: session.phase == PLAY, 5)
        order = layout.led_order
        target = layout.led_for("point", 5).index
        wanted = DESTINATION.colour

        def lit() -> bool:
            data = board.led_bytes()
            offset = 3 * target
            if len(data) < offset + 3:
                return False
            shown = tuple(data[offset + order.index(c)] for c in "RGB")
            return shown == wanted

        switch = layout.switch_at("point", 8, 3).id
        times: list[float] = []
        for _ in range(LIFTS):
            _wait(lambda: not lit(), 2)
            start = time.perf_counter()
            board.set_switch(switch, False)
            _wait(lit, 2)
            times.append((time.perf_counter() - start) * 1000)
            board.set_switch(switch, True)
            time.sleep(0.2)  # a hand's pace: a switch flipping faster would be named as chattering
        stop.set()
        worker.join(2)
        link.close()
    times.sort()
    build = inference_build_ms()
    return {
        "lifts": len(times),
        "lift_to_light_median_ms": round(statistics.median(times), 2),
        "lift_to_light_p99_ms": round(times[int(0.99 * (len(times) - 1))], 2),
        "lift_to_light_max_ms": round(times[-1], 2),
        "target_p99_ms": 20,
        **build,
    }


INFERENCE_GAMES = ("backgammon", "portes", "plakoto", "tavla", "jacquet", "spanish", "versailles", "fevga",
                   "nardy", "ticktack")
INFERENCE_RANDOM_GAMES = 2
INFERENCE_EVERY = 12


def inference_build_ms() -> dict[str, object]:
    """Time to list everything a throw's legal play can put on the board, at the throw, for every
    tables game: the worst (median of three builds) over the start position and the bench's spread
    position with all 21 throws, and over positions of random games (every ``INFERENCE_EVERY``-th
    turn of ``INFERENCE_RANDOM_GAMES`` games, all 21 throws). Process CPU time, generation
    included. Backgammon also keeps its spread of single men (over 1,000 plays a doublet)."""
    import random

    from bench_tables_variants import SPREAD

    from tablier.board.tables_inference import TurnInference
    from tablier.tables import ALL_ROLLS
    from tablier.tables import Dice as Throw
    from tablier.tables.catalog import make_variant
    from tablier.tables.position import BLACK, WHITE, Position, side_board
    from tablier.tables.position_text import parse_position

    def build_ms(variant: Variant, position: Position, dice: Throw) -> float:
        times = []
        for _ in range(3):
            start = time.process_time()
            TurnInference(variant, position, dice, Orientation(variant), 6)
            times.append((time.process_time() - start) * 1000)
        return statistics.median(times)

    figures: dict[str, object] = {}
    for name in INFERENCE_GAMES:
        variant = make_variant(name)
        positions = [("start", variant.start_position(WHITE)), ("spread", parse_position(SPREAD[name]))]
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
        worst = (0.0, "", "")
        for label, position in positions:
            for dice in ALL_ROLLS:
                if variant.result(position) is not None:
                    break
                quick = build_ms(variant, position, dice)
                if quick > worst[0]:
                    worst = (quick, label, str(dice))
        figures[name] = {"positions": len(positions), "worst_ms": round(worst[0], 1), "worst_at": worst[1],
                         "worst_roll": worst[2]}
        print(f"inference {name}: {figures[name]}", flush=True)
    return {"turn_inference_build": figures, "turn_inference_target_ms": 10,
            "turn_inference_build_worst_ms": max(float(row["worst_ms"]) for row in figures.values())}  # type: ignore[index]


def _wait(condition: object, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise TimeoutError("the board did not reach the state in time")
        time.sleep(0.0002)


if __name__ == "__main__":
    print(main())
