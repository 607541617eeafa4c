"""The web server of the live page: Tornado on its own thread and event loop, server-sent events.

:class:`LiveServer` serves three read-only addresses: ``/`` the page, ``/state`` the latest state
as JSON, ``/events`` the stream of states (``text/event-stream``): the latest at once, then each
new one as :meth:`LiveServer.publish` is given it, from any thread. Nothing else is served, and no
address takes anything in: every handler answers GET only (others get 405), so nothing on the page
can change the game. A browser's ``EventSource`` reconnects by itself when the stream breaks.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import threading
from typing import Any

import tornado.httpserver
import tornado.iostream
import tornado.netutil
import tornado.web

from tablier.errors import TablierError

from .page import PAGE

#: Seconds between two comment lines on an idle stream (proxies and browsers keep it open).
KEEPALIVE_S = 15.0
#: What the browser waits before reconnecting a broken stream, in milliseconds.
RETRY_MS = 1000


class ServeError(TablierError):
    """The address cannot be served (malformed, or the port taken)."""


def parse_address(text: str) -> tuple[str, int]:
    """``[HOST:]PORT`` as (host, port); the host defaults to 127.0.0.1 (this machine only)."""
    host, _, port = text.rpartition(":")
    host = host.strip("[]") or "127.0.0.1"
    if not port.isdigit() or not 0 <= int(port) <= 65535:
        raise ServeError(f"--serve takes [HOST:]PORT, e.g. 8000 or 0.0.0.0:8000 (not {text!r})")
    return host, int(port)


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class _Page(tornado.web.RequestHandler):
    def get(self) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.write(PAGE)


class _State(tornado.web.RequestHandler):
    def initialize(self, server: LiveServer) -> None:
        self.server = server

    def get(self) -> None:
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.write(self.server.latest or "{}")


class _Events(tornado.web.RequestHandler):
    def initialize(self, server: LiveServer) -> None:
        self.server = server

    async def get(self) -> None:
        self.set_header("Content-Type", "text/event-stream")
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Accel-Buffering", "no")
        self.write(f"retry: {RETRY_MS}\n\n")
        if self.server.latest:
            self.write(f"data: {self.server.latest}\n\n")
        self.closed = asyncio.Event()
        self.server.clients.add(self)
        try:
            await self.flush()
            while not self.closed.is_set():
                try:
                    await asyncio.wait_for(self.closed.wait(), KEEPALIVE_S)
                except TimeoutError:
                    self.write(": keep-alive\n\n")
                    await self.flush()
        except tornado.iostream.StreamClosedError:
            pass
        finally:
            self.server.clients.discard(self)

    def on_connection_close(self) -> None:
        self.server.clients.discard(self)
        if hasattr(self, "closed"):
            self.closed.set()


class LiveServer:
    """The live page's server, on its own thread; ``with LiveServer(host, port) as server:``."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self.host = host
        self.port = port
        self.latest = ""
        self.clients: set[_Events] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: tornado.httpserver.HTTPServer | None = None
        self._ready = threading.Event()
        self._stopped: asyncio.Event | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="tablier-web", daemon=True)

    @property
    def url(self) -> str:
        """The page's address."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    def start(self) -> LiveServer:
        """Listen (raises :class:`ServeError` if the address cannot be served)."""
        self._thread.start()
        self._ready.wait(10)
        if self._error is not None:
            raise ServeError(f"cannot serve on {self.host}:{self.port}: {self._error}")
        return self

    def publish(self, state: dict[str, Any]) -> None:
        """Send ``state`` to every page (thread-safe; the latest is kept for new pages)."""
        data = json.dumps(state, separators=(",", ":"))
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._broadcast, data)

    def stop(self) -> None:
        """Close every stream and stop listening."""
        if self._loop is not None and self._stopped is not None:
            self._loop.call_soon_threadsafe(self._stopped.set)
            self._thread.join(5)

    def __enter__(self) -> LiveServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _broadcast(self, data: str) -> None:
        self.latest = data
        message = f"data: {data}\n\n"
        for client in list(self.clients):
            try:
                client.write(message)
                client.flush()
            except tornado.iostream.StreamClosedError:
                self.clients.discard(client)

    def _run(self) -> None:
        asyncio.run(self._serve())

    async def _serve(self) -> None:
        logging.getLogger("tornado.access").setLevel(logging.ERROR)  # no line per request on the terminal
        app = tornado.web.Application([
            (r"/", _Page), (r"/state", _State, {"server": self}), (r"/events", _Events, {"server": self}),
        ], compress_response=False)
        try:
            sockets = tornado.netutil.bind_sockets(self.port, self.host)
        except (OSError, OverflowError, ValueError) as error:
            self._error = error
            self._ready.set()
            return
        self.port = sockets[0].getsockname()[1]  # the port chosen when asked for 0
        self._server = tornado.httpserver.HTTPServer(app, idle_connection_timeout=3600)
        self._server.add_sockets(sockets)
        self._loop = asyncio.get_running_loop()
        self._stopped = asyncio.Event()
        self._ready.set()
        await self._stopped.wait()
        self._server.stop()
        await self._server.close_all_connections()
