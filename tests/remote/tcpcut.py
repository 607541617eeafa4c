"""A TCP relay between a host and the broker, whose connections a test cuts: a dropped link.

The host connects to :attr:`TcpCut.port` as if to the broker; :meth:`TcpCut.cut` closes every
connection at once (both ends see it drop, as when a router dies) and refuses new ones for a while,
as a network that stays down does.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time


class TcpCut:
    """Relays 127.0.0.1:``port`` to 127.0.0.1:``target``."""

    def __init__(self, target: int) -> None:
        self.target = target
        self._server = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._server.getsockname()[1])
        self._sockets: list[socket.socket] = []
        self._down_until = 0.0
        self._lock = threading.Lock()
        self.cuts = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._server.accept()
            except OSError:
                return
            if time.monotonic() < self._down_until:
                client.close()
                continue
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target))
            except OSError:
                client.close()
                continue
            with self._lock:
                self._sockets += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for end in (source, sink):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
            end.close()

    def cut(self, down_s: float = 0.0) -> None:
        """Drop every connection now; refuse new ones for ``down_s`` seconds."""
        self._down_until = time.monotonic() + down_s
        with self._lock:
            sockets, self._sockets = self._sockets, []
        for end in sockets:
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
            end.close()
        self.cuts += 1

    def close(self) -> None:
        self.cut()
        self._server.close()
