"""The web server of the live page: Tornado on its own thread and event loop, server-sent events.

:class:`LiveServer` serves three read-only addresses: ``/`` the page, ``/state`` the latest state
as JSON, ``/events`` the stream of states (``text/event-stream``): the latest at once, then each
new one as :meth:`LiveServer.publish` is given it, from any thread. Nothing else is served, and no
address takes anything in: every handler answers GET only (others get 405), so nothing on the page
can change the game. A browser's ``EventSource`` reconnects by itself when the stream breaks.

What a page elsewhere or a crowd of readers cannot do: a request must name in its ``Host`` header
a name the server was bound for (:func:`allowed_hosts`: the loopback names by default) or an
address, so a page of another site cannot read the game by pointing its own name at this machine
(DNS rebinding); at most :data:`MAX_CLIENTS` streams are open at once (one more is told why and
tries again later); a page that does not keep up gets only the latest state, never a growing
queue, and is dropped after :data:`SLOW_CLIENT_S` without taking any; a page gone leaves nothing
behind.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import socket
import threading
from typing import Any

import tornado.httpserver
import tornado.iostream
import tornado.netutil
import tornado.web

from tablier.errors import TablierError
from tablier.words import counted

from .page import PAGE

#: Seconds between two comment lines on an idle stream (proxies and browsers keep it open).
KEEPALIVE_S = 15.0
#: What the browser waits before reconnecting a broken stream, in milliseconds.
RETRY_MS = 1000
#: The most pages that follow the game at once (a class is about 30); one more is refused, saying so.
MAX_CLIENTS = 64
#: What a refused page waits before trying again, in milliseconds.
REFUSED_RETRY_MS = 5000
#: Seconds a page may take to accept one state before it is dropped (its browser reconnects).
SLOW_CLIENT_S = 30.0
#: The names of this machine a browser may use: always served.
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "[::1]"})
#: Seconds a connection may wait between two requests, and the largest request taken (GET only).
IDLE_S = 60.0
MAX_REQUEST_BYTES = 16 * 1024


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


def _host_name(host: str) -> str:
    """``host`` as a ``Host`` header names it: lower case, an IPv6 address in brackets."""
    host = host.lower().strip("[]")
    return f"[{host}]" if ":" in host else host


def is_wildcard(host: str) -> bool:
    """Whether binding to ``host`` listens on every address of the machine (``0.0.0.0``, ``::``)."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return False


def allowed_hosts(host: str) -> frozenset[str]:
    """The names a request's ``Host`` header may give for a server bound to ``host``: the loopback
    names, the name or address bound to and, bound to every address, this machine's own names."""
    names = set(LOOPBACK_NAMES)
    if is_wildcard(host):
        own = socket.gethostname().lower()
        names |= {own, f"{own}.local", socket.getfqdn().lower()}
    else:
        names.add(_host_name(host))
    return frozenset(names)


def host_allowed(header: str, allowed: frozenset[str]) -> bool:
    """Whether a request naming ``header`` (its host, port aside) may be served: a name of
    ``allowed``, or an address (a browser that names an address went to that address: DNS has no
    part in it)."""
    if header in allowed:
        return True
    try:
        ipaddress.ip_address(header.strip("[]"))
    except ValueError:
        return False
    return True


class _Handler(tornado.web.RequestHandler):
    """Refuses, in one line, a request naming a host the server was not bound for."""

    def initialize(self, server: LiveServer) -> None:
        self.server = server

    def prepare(self) -> None:
        name = self.request.host_name
        if not host_allowed(name, self.server.allowed):
            self.set_status(403)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            names = ", ".join(sorted(self.server.allowed))
            self.finish(f"refused: this game's page is served as {names}, not as {name!r} "
                        f"(open {self.server.url})\n")


class _Page(_Handler):
    page = PAGE  # the club's grid is another page (web/club_page.py)

    def get(self, *args: str) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.write(self.page)


class _State(_Handler):
    def get(self, *args: str) -> None:
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.write(self.server.latest or "{}")


class _Events(_Handler):
    """One page's stream: a slot for the newest state not yet sent (a newer one replaces it, so a
    slow page gets the latest, never a queue), written when the page has taken the one before."""

    pending = ""
    gone = False

    async def get(self) -> None:
        self.set_header("Content-Type", "text/event-stream")
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Accel-Buffering", "no")
        server = self.server
        if len(server.clients) >= server.max_clients:
            self.write(f"retry: {REFUSED_RETRY_MS}\nevent: refused\ndata: the host serves at most "
                       f"{counted(server.max_clients, 'page')} at once; this one tries again in "
                       f"{REFUSED_RETRY_MS // 1000} s\n\n")
            return
        self.wake = asyncio.Event()
        self.pending = server.latest
        server.clients.add(self)
        try:
            self.write(f"retry: {RETRY_MS}\n\n")
            await self._flush()
            while not self.gone:
                self.wake.clear()
                if self.pending:
                    data, self.pending = self.pending, ""
                    self.write(f"data: {data}\n\n")
                    await self._flush()
                    continue
                try:
                    await asyncio.wait_for(self.wake.wait(), KEEPALIVE_S)
                except TimeoutError:
                    self.write(": keep-alive\n\n")
                    await self._flush()
        except (tornado.iostream.StreamClosedError, TimeoutError):
            pass
        finally:
            self._leave()

    async def _flush(self) -> None:
        """Send what is written; a page that takes none of it in :data:`SLOW_CLIENT_S` is dropped."""
        try:
            await asyncio.wait_for(self.flush(), self.server.slow_client_s)
        except TimeoutError:
            self.request.connection.close()  # type: ignore[union-attr]
            raise

    def offer(self, data: str) -> None:
        """Make ``data`` the next state sent (replacing one not sent yet)."""
        self.pending = data
        self.wake.set()

    def _leave(self) -> None:
        self.gone = True
        self.pending = ""
        self.server.clients.discard(self)
        if hasattr(self, "wake"):
            self.wake.set()

    def on_connection_close(self) -> None:
        self._leave()


class LiveServer:
    """The live page's server, on its own thread; ``with LiveServer(host, port) as server:``;
    ``max_clients`` streams at most, a page dropped after ``slow_client_s`` without taking a state."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, max_clients: int = MAX_CLIENTS,
                 slow_client_s: float = SLOW_CLIENT_S) -> None:
        self.host = host
        self.port = port
        self.max_clients = max_clients
        self.slow_client_s = slow_client_s
        self.allowed = allowed_hosts(host)
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
        return f"http://{_host_name(self.host)}:{self.port}/"

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
        for client in list(self.clients):
            client.offer(data)

    def routes(self) -> list[tuple[str, type[_Handler]]]:
        """The addresses served, each with its handler (given this server); a club's page adds its own."""
        return [(r"/", _Page), (r"/state", _State), (r"/events", _Events)]

    def _run(self) -> None:
        asyncio.run(self._serve())

    async def _serve(self) -> None:
        logging.getLogger("tornado.access").setLevel(logging.ERROR)  # no line per request on the terminal
        app = tornado.web.Application([(path, handler, {"server": self}) for path, handler in self.routes()],
                                      compress_response=False)
        try:
            sockets = tornado.netutil.bind_sockets(self.port, self.host)
        except (OSError, OverflowError, ValueError) as error:
            self._error = error
            self._ready.set()
            return
        self.port = sockets[0].getsockname()[1]  # the port chosen when asked for 0
        self._server = tornado.httpserver.HTTPServer(app, idle_connection_timeout=IDLE_S,
                                                     max_header_size=MAX_REQUEST_BYTES,
                                                     max_body_size=MAX_REQUEST_BYTES)
        self._server.add_sockets(sockets)
        self._loop = asyncio.get_running_loop()
        self._stopped = asyncio.Event()
        self._ready.set()
        await self._stopped.wait()
        self._server.stop()
        await self._server.close_all_connections()
