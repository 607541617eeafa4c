"""Hardware backends. Each module defines a ``Board`` with the same small interface:

- ``config``: the generated ``board_config`` module;
- ``read_switches(buf)``: latch the 74HC165 chain and read ``len(buf)`` bytes into ``buf``
  (``SR_BYTES`` and the one past the chain);
- ``write_leds(buf)``: send ``buf`` (3 bytes per LED, in the chain's colour order) to the LEDs;
- ``read_host(buf) -> int``: copy the bytes the host has sent (none waiting: 0) without blocking;
- ``write_host(buf, n) -> bool``: send ``buf[:n]`` to the host without waiting for it (False if
  it had to be dropped);
- ``idle()``: called once per loop: waits for the scan timer's next tick (the simulation waits up
  to a millisecond for the host or its side channel);
- ``vsys_mv() -> int``: VSYS in millivolts (0 if the backend cannot measure it);
- ``reset_cause() -> int``: why the board last started (``wire.RESET_*``);
- ``usb_ma``: the current the board declared to USB at start (its configuration descriptor);
- ``feed()``: feed the watchdog;
- ``maintenance()``: restart with the REPL free for ``mpremote`` (the protocol's MAINTENANCE);
- ``report(exc)``: an exception the loop caught (printed to stderr in the simulation, dropped on
  the device: nothing but protocol frames may reach the host).

``rp2`` drives a Raspberry Pi Pico under MicroPython, ``circuitpython`` the same wiring under
CircuitPython, and ``sim`` runs ``rp2`` over simulated pins under the unix port.
"""
