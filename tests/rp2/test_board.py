"""The firmware on its chip, seen from the host: boot to IDENTIFY, the chain, the LEDs, USB, the loop.

One emulated Pico boots the image from littlefs; the project's own ``BoardClient`` talks to it over
the pseudo-terminal bridged to USB CDC, on the chip's clock.
"""

from __future__ import annotations

import statistics

from tablier.hardware.layout import load_layout
from tablier.link import wire
from tablier.link.client import LED_RESEND_S, BoardClient, SwitchChange
from tablier.link.sim_rp2 import EmulatedBoard
from tablier.link.sim_rp2_probe import stream

from .conftest import poll_for, settle_leds

#: WS2812B high times in ns: a 0 bit 250-550 (400 +- 150), a 1 bit 650-950 (800 +- 150), with margin.
T0H_NS = (200, 550)
T1H_NS = (580, 1000)
#: The longest loop step, in emulated microseconds: a step that takes a piece of a host frame may run
#: past the 1 ms period by a little (the next one starts at once and the scan keeps its rate).
WORST_STEP_US = 1500


def test_the_board_boots_to_identify_and_answers_pings(board: EmulatedBoard, client: BoardClient) -> None:
    layout = load_layout()
    identity = client.identity
    assert identity is not None
    assert (identity.layout_hash, identity.switch_count) == (layout.hash, layout.switch_count)
    assert identity.reset_cause == "power on"
    settle_leds(client, board)  # a PING waits behind the LED frames the host sends at connecting
    rtts = [client.ping(timeout=1.0) for _ in range(9)]
    assert statistics.median(rtts) < 0.010  # emulated seconds


def test_the_board_declares_its_usb_current_and_the_leds_take_the_budget(
        board: EmulatedBoard, client: BoardClient) -> None:
    assert board.attachments == 2  # attached once, then again with the 500 mA configuration
    layout = load_layout()
    client.set_leds([(i, (255, 255, 255), wire.STEADY) for i in range(len(layout.leds))])
    client.send_leds()
    frames = board.led_frames
    settle_leds(client, board)
    assert board.led_frames > frames
    status = client.request_status(timeout=1.0)
    budget = layout.led_budget_ma  # the designed budget, not the stock USB one
    expected = budget * 10 * 255 * 256 // (3 * 255 * len(layout.leds) * layout.led_ma_per_channel * 10)
    assert status.counters["led_scale"] == expected
    level = 255 * expected >> 8
    assert board.led_colours() == [(level, level, level)] * len(layout.leds)
    client.set_leds([])
    client.send_leds()
    settle_leds(client, board)


def test_led_frames_decode_exactly_with_ws2812_timing(board: EmulatedBoard, client: BoardClient) -> None:
    wishes = {3: (255, 128, 0), 17: (1, 2, 3), 40: (0, 0, 200), 75: (9, 99, 199)}
    client.set_leds([(i, colour, wire.STEADY) for i, colour in wishes.items()])
    client.send_leds()
    settle_leds(client, board)
    colours = board.led_colours()
    assert {i: colours[i] for i in wishes} == wishes
    assert sum(1 for c in colours if c != (0, 0, 0)) == len(wishes)
    timing = board.led_timing()
    t0 = [int(v) for v in timing["t0h"].split("-")]
    t1 = [int(v) for v in timing["t1h"].split("-")]
    assert T0H_NS[0] <= t0[0] <= t0[1] <= T0H_NS[1] and T1H_NS[0] <= t1[0] <= t1[1] <= T1H_NS[1]
    assert float(timing["dur_us"]) < 3 * len(colours) * 8 * 1.25 + 50  # one unbroken burst


def test_switch_changes_reach_the_host(board: EmulatedBoard, client: BoardClient) -> None:
    board.set_switch(12, True)
    seen = poll_for(client, board, 0.05)
    assert [(c.switch, c.closed) for c in seen if isinstance(c, SwitchChange)] == [(12, True)]
    men = {s: True for s in range(40, 70)}  # thirty men put down at once
    board.set_switches(men)
    seen = poll_for(client, board, 0.1)
    assert sorted(c.switch for c in seen if isinstance(c, SwitchChange)) == sorted(men)
    board.set_switches({s: False for s in (12, *men)})
    poll_for(client, board, 0.1)
    assert not client.closed


def test_a_switch_reaches_the_host_within_ten_milliseconds(board: EmulatedBoard, client: BoardClient) -> None:
    delays = []
    for k in range(20):
        switch = 100 + k % 4
        closed = k % 8 < 4
        board.set_switch(switch, closed)
        at = board.now()
        while board.now() - at < 0.1:
            if [c for c in client.poll(0.001) if c.switch == switch]:
                delays.append(board.now() - at)
                break
    assert len(delays) == 20
    assert statistics.quantiles(delays, n=100)[98] <= 0.010


def test_a_chain_fault_is_counted_by_its_kind(board: EmulatedBoard, client: BoardClient) -> None:
    before = client.request_status(timeout=1.0).counters
    board.cut_data_line()
    poll_for(client, board, 0.2)
    board.heal()
    after = client.request_status(timeout=1.0).counters
    assert after["chain_stuck_low"] - before["chain_stuck_low"] >= 20
    faults = after["chain_faults"] - before["chain_faults"]
    stuck_low = after["chain_stuck_low"] - before["chain_stuck_low"]
    assert faults - stuck_low <= 2  # the scans read while the line was cut or healed may read otherwise


def test_the_loop_keeps_its_period_with_the_host_connected(board: EmulatedBoard, client: BoardClient) -> None:
    client.request_status(timeout=1.0)  # the worst step restarts here
    busy, idle = board.cpu_seconds()
    poll_for(client, board, 2.2)
    status = client.request_status(timeout=1.0)
    busy_after, idle_after = board.cpu_seconds()
    assert status.counters["errors"] == 0, status.counters
    assert status.counters["scans_per_second"] >= 1000
    assert 0 < status.counters["worst_step_us"] < WORST_STEP_US, status.counters
    assert (idle_after - idle) / (busy_after - busy + idle_after - idle) >= 0.20
    assert board.chain_figures()["spi_hz"] <= load_layout().pins.spi_baud


def test_the_scan_goes_on_while_the_host_streams_frames(board: EmulatedBoard, client: BoardClient) -> None:
    """New lights twice a second, ten PINGs and two STATUS requests a second, and a switch flipped
    ten times a second: every flip reaches the host within 10 ms, every set of lights is shown before
    the host would send it again, and the scan keeps its rate."""
    client.request_status(timeout=1.0)
    result = stream(client, board, 2.2)
    counters = result["counters"]
    delays = result["switch_delays_s"]
    assert len(delays) >= result["flips"] - 1  # the last flip may still be on its way
    assert max(delays) <= 0.010
    assert result["led_delays_s"] and max(result["led_delays_s"]) < LED_RESEND_S
    assert result["led_resends"] == 0
    assert counters["scans_per_second"] >= 990  # a late step's scans are caught up by the next ones
    assert 0 < counters["worst_step_us"] < WORST_STEP_US
    assert counters["errors"] == counters["rx_bad_frames"] == counters["rx_unknown"] == 0
