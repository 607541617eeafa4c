"""``tablier play`` stopped from inside at a chosen point of a board-to-board turn.

Run as ``python stop_host.py KIND STEP POSITION N -- ARGS...``: it runs ``tablier ARGS`` (a ``play
--remote`` or ``--resume`` of a board-to-board game) and, the ``N``-th time this host reaches
``STEP``, stops it there the way ``KIND`` says (:mod:`.stops` runs it and resumes the host).

The steps and their positions (:data:`POINTS`):

- ``press``: a button of this board pressed (its switch's record ``before`` or ``after`` it is
  written to the log);
- ``commit``: a play committed on this board, the local player's or the adversary's lit one (its
  ``commit`` record ``before`` or ``after`` it is written);
- ``share``: this host's throw sent with its share of the dice (an ``action`` carrying a share),
  ``reveal``: its share of the other's throw sent, ``goodbye``: its goodbye sent (a ``quit``'s, or
  the match's end's): ``before`` it is logged, ``logged`` (in the log, not yet published) or
  ``after`` it is published.

The kinds: ``quit`` typed (at the end of the turn of the loop where the point is met), Ctrl-C
(SIGINT), ``sigterm`` and ``sigkill`` sent to itself at the point, or ``cut``: the link to the
broker cut under it there (its socket shut; Paho reconnects), the host going on.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sys
import time
from pathlib import Path
from typing import Any

KINDS = ("quit", "ctrl-c", "sigterm", "sigkill", "cut")
#: Each step and the positions a stop may take in it.
POINTS = {"press": ("before", "after"), "commit": ("before", "after"),
          "share": ("before", "logged", "after"), "reveal": ("before", "logged", "after"),
          "goodbye": ("before", "logged", "after")}
#: What a host stopped at its point prints, for the harness to count the stops that landed.
LANDED = "stop-harness: stopped here:"


class Stopper:
    """Counts this host's steps and stops it at the chosen one."""

    def __init__(self, kind: str, step: str, position: str, nth: int) -> None:
        self.kind, self.step, self.position, self.nth = kind, step, position, nth
        self.count = 0
        self.fired = False
        self.quit_asked = False
        self.wires: list[Any] = []

    def at(self, step: str, position: str) -> None:
        """This host is at ``position`` of ``step``: stop it if it is the chosen point."""
        if self.fired or step != self.step:
            return
        if position == "before":
            self.count += 1
        if self.count != self.nth or position != self.position:
            return
        self.fired = True
        print(f"{LANDED} {self.kind} {step} {position} {self.nth}", flush=True)
        if self.kind == "quit":
            self.quit_asked = True
        elif self.kind == "ctrl-c":
            os.kill(os.getpid(), signal.SIGINT)
        elif self.kind == "sigterm":
            os.kill(os.getpid(), signal.SIGTERM)
        elif self.kind == "sigkill":
            os.kill(os.getpid(), signal.SIGKILL)
            time.sleep(60)
        else:
            self.cut()

    def cut(self) -> None:
        """Shut the socket of every link to the broker (both ends see it drop)."""
        for wire in self.wires:
            sock = wire._client.socket()
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)


def install(stopper: Stopper) -> None:
    """Put the stopper's look-outs in the log's writer, the link's sending, the wire and the typed lines."""
    from tablier.play.remote_link import RemoteLink
    from tablier.play.runner import TerminalCommands
    from tablier.record.eventlog import Commit, SwitchEvent
    from tablier.record.log_writer import EventLogWriter
    from tablier.remote.transport import MqttWire

    def step_of(record: Any) -> str | None:
        if isinstance(record, SwitchEvent) and record.closed and record.place.startswith("button "):
            return "press"
        return "commit" if isinstance(record, Commit) else None

    write = EventLogWriter.write

    def writing(self: Any, record: Any) -> Any:
        step = step_of(record)
        if step is not None:
            stopper.at(step, "before")
        written = write(self, record)
        if step is not None:
            stopper.at(step, "after")
        return written

    send = RemoteLink.send

    def sending(self: Any, kind: str, body: dict[str, object]) -> Any:
        step = {"reveal": "reveal", "bye": "goodbye"}.get(kind) or \
            ("share" if kind == "action" and "share" in body else None)
        if step is None:
            return send(self, kind, body)
        stopper.at(step, "before")
        wire = self.wire
        publish = wire.publish

        def publishing(topic: str, payload: bytes, retain: bool = False) -> None:
            stopper.at(step, "logged")
            publish(topic, payload, retain)

        wire.publish = publishing
        try:
            message = send(self, kind, body)
        finally:
            del wire.publish
        stopper.at(step, "after")
        return message

    start = MqttWire.start

    def starting(self: Any, *args: Any, **kwargs: Any) -> None:
        stopper.wires.append(self)
        start(self, *args, **kwargs)

    lines = TerminalCommands.lines

    def typed(self: Any) -> list[str]:
        said = lines(self)
        if stopper.quit_asked:
            stopper.quit_asked = False
            said.append("quit")
        return said

    EventLogWriter.write = writing  # type: ignore[method-assign]
    RemoteLink.send = sending  # type: ignore[method-assign]
    MqttWire.start = starting  # type: ignore[method-assign]
    TerminalCommands.lines = typed  # type: ignore[method-assign]


def main(argv: list[str]) -> int:
    kind, step, position, nth, separator, *args = argv
    assert separator == "--" and kind in KINDS and position in POINTS[step], argv
    install(Stopper(kind, step, position, int(nth)))
    from tablier.cli import main as tablier

    return int(tablier(args) or 0)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    sys.exit(main(sys.argv[1:]))
