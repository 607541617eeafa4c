"""The link as play sees it: connect, keep alive, notice a pulled cable, reconnect with back-off.

The first connection asks the board again (HELLO, with back-off) while it does not answer, says so
at each try (``no answer from the board yet, asking again (try 2)...``) and gives up after
:data:`CONNECT_TIMEOUT_S`.
:class:`Link` owns the :class:`~tablier.link.client.BoardClient` of the moment. While the board is
away it reports ``disconnected`` and tries again, waiting a little longer each time (up to
:data:`MAX_BACKOFF_S`); once back, the new client's first snapshot is turned into the switch changes
missed meanwhile (each applied once), and the LED wishes are sent again. A board whose firmware does
not match (protocol or layout hash) is refused with the client's message, which says what to reflash.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable, Iterable

from tablier.board.scene import CONNECTED as CONNECTED
from tablier.link import wire
from tablier.link.client import BoardClient, Colour, SwitchChange, Transport
from tablier.link.errors import FirmwareMismatchError, LinkError

DISCONNECTED = "disconnected"
CONNECTING = "connecting"
MIN_BACKOFF_S = 0.1
MAX_BACKOFF_S = 2.0
#: How long the first connection asks the board (HELLO again and again, with back-off) before
#: giving up: long enough for a Pico still booting, or a line that lost a few bytes.
CONNECT_TIMEOUT_S = 10.0

Opener = Callable[[], Transport]


class Link:
    """One board behind a port that may go away and come back."""

    def __init__(self, opener: Opener, expected_hash: str, clock: Callable[[], float] = time.monotonic,
                 on_state: Callable[[str, str], None] | None = None) -> None:
        self.opener = opener
        self.expected_hash = expected_hash
        self.clock = clock
        self.on_state = on_state
        self.client: BoardClient | None = None
        self.state = CONNECTING
        self.closed: set[int] = set()
        self.firmware_version = ""
        self.layout_hash = ""
        self.reconnections = 0
        self._transport: Transport | None = None
        self._backoff = MIN_BACKOFF_S
        self._next_try = 0.0
        self._wishes: list[tuple[int, Colour, int]] = []
        self._ever_connected = False
        self._pending: list[SwitchChange] = []

    def connect(self, timeout: float = CONNECT_TIMEOUT_S,
                say: Callable[[str], None] | None = None) -> None:
        """The first connection; raises :class:`LinkError` (or the mismatch) if it fails.

        While the board does not answer, HELLO is said again with back-off (see
        :meth:`BoardClient.connect`), and each new try is told through ``say`` (default: one line
        on stderr): ``no answer from the board yet, asking again (try 2)...``.
        """
        tell = say if say is not None else _tell
        self._open(timeout, lambda tries: tell(
            f"no answer from the board yet, asking again (try {tries})..."))

    def _open(self, timeout: float, on_retry: Callable[[int], None] | None = None) -> None:
        transport = self.opener()
        client = BoardClient(transport, self.expected_hash, clock=self.clock)
        try:
            identity = client.connect(timeout, on_retry)
        except (LinkError, OSError):
            _close(transport)
            raise
        self._transport = transport
        self.client = client
        client.poll(0)  # the first snapshot's changes: taken below, against what we knew
        now = set(client.closed)
        self._pending.extend(SwitchChange(s, s in now, 0, None) for s in sorted(now ^ self.closed))
        self.closed = now
        self.firmware_version = identity.firmware_version
        self.layout_hash = identity.layout_hash
        self._backoff = MIN_BACKOFF_S
        if self._wishes:
            client.set_leds(self._wishes)
        detail = f"firmware {identity.firmware_version}, layout {identity.layout_hash}"
        state = "reconnected" if self._ever_connected else CONNECTED
        self._ever_connected = True
        self.state = CONNECTED
        if self.on_state:
            self.on_state(state, detail)

    def settle(self) -> set[int]:
        """Take the closed switches as known (the changes a connection's snapshot implies are not
        reported again); returns them."""
        self._pending.clear()
        return set(self.closed)

    def poll(self, timeout: float = 0.0) -> list[SwitchChange]:
        """The switch changes since the last call (after a reconnection: those the new snapshot
        reveals); keeps the link alive, and reconnects when it is time to try."""
        if self.client is None:
            self._retry()
            if self.client is None:
                time.sleep(min(timeout, 0.05))
                return []
            fresh, self._pending = self._pending, []
            return fresh
        assert self.client is not None
        try:
            changes = self.client.poll(timeout)
            alive = self.client.alive
        except (OSError, LinkError) as error:
            if isinstance(error, FirmwareMismatchError):
                raise
            self._lost(str(error) or type(error).__name__)
            return []
        if not alive:
            self._lost("the board stopped answering")
            return []
        fresh, self._pending = self._pending, []
        for change in changes:
            if change.closed == (change.switch in self.closed):
                continue  # already known: a snapshot repeating what events said
            (self.closed.add if change.closed else self.closed.discard)(change.switch)
            fresh.append(change)
        return fresh

    def _lost(self, why: str) -> None:
        if self._transport is not None:
            _close(self._transport)
        self._transport = None
        self.client = None
        self.state = DISCONNECTED
        self._next_try = self.clock() + self._backoff
        if self.on_state:
            self.on_state(DISCONNECTED, why)

    def _retry(self) -> None:
        if self.clock() < self._next_try:
            return
        try:
            self._open(1.0)
            self.reconnections += 1
        except FirmwareMismatchError:
            raise
        except (LinkError, OSError):
            self._backoff = min(self._backoff * 2, MAX_BACKOFF_S)
            self._next_try = self.clock() + self._backoff

    @property
    def mode_count(self) -> int:
        """How many blink codes the connected board runs (the legacy three while none is)."""
        return self.client.mode_count if self.client is not None else wire.LEGACY_MODE_COUNT

    def set_leds(self, wishes: Iterable[tuple[int, Colour, int]]) -> None:
        """Show these LEDs (every other dark), sent at once; kept and sent again after a reconnection."""
        self._wishes = list(wishes)
        self._send(self._show_wishes)

    def _show_wishes(self, client: BoardClient) -> None:
        client.set_leds(self._wishes)
        client.send_leds()

    def ask_status(self) -> None:
        """Ask the board for its STATUS (the answer comes in with a later poll)."""
        self._send(lambda client: client.ask_status())

    def _send(self, send: Callable[[BoardClient], object]) -> None:
        """Send through the client if connected; a write that fails (the cable pulled) is a lost link,
        told and retried like a failed read, never an error out of the game."""
        if self.client is None:
            return
        try:
            send(self.client)
        except (OSError, LinkError) as error:
            if isinstance(error, FirmwareMismatchError):
                raise
            self._lost(str(error) or type(error).__name__)

    def close(self) -> None:
        """Say goodbye to the board and close the port."""
        if self.client is not None:
            try:
                self.client.set_leds([])
                self.client.poll(0.05)
                self.client.bye()
            except (OSError, LinkError):
                pass
        if self._transport is not None:
            _close(self._transport)
        self.client = None
        self._transport = None


def _tell(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def _close(transport: Transport) -> None:
    close = getattr(transport, "close", None)
    if close is not None:
        with contextlib.suppress(OSError):
            close()


class Cable:
    """A USB cable that can be pulled and plugged back (for the simulated board and the tests):
    :meth:`open` is the link's opener; while pulled, opening fails and an open port fails to read."""

    def __init__(self, opener: Opener) -> None:
        self.opener = opener
        self.plugged = True

    def open(self) -> Transport:
        """Open the port through the cable."""
        if not self.plugged:
            raise LinkError("no board on the port (the cable is pulled)")
        return _ThroughCable(self.opener(), self)


class _ThroughCable:
    def __init__(self, transport: Transport, cable: Cable) -> None:
        self.transport = transport
        self.cable = cable

    def _check(self) -> None:
        if not self.cable.plugged:
            raise OSError("the cable was pulled")

    def read(self, size: int = 1) -> bytes:
        self._check()
        return self.transport.read(size)

    def write(self, data: bytes) -> int | None:
        self._check()
        return self.transport.write(data)

    def reset_input_buffer(self) -> None:
        self._check()
        self.transport.reset_input_buffer()

    def close(self) -> None:
        _close(self.transport)
