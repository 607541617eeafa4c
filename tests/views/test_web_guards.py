"""The live page's server against a page elsewhere and a crowd: the Host header, the most pages at
once, a page that does not keep up, and nothing kept of the pages that left."""

from __future__ import annotations

import gc
import http.client
import socket
import time
import weakref

from tablier.web.server import LiveServer, allowed_hosts, host_allowed

from .test_web import Stream


def ask(server: LiveServer, path: str, host: str) -> tuple[int, str]:
    """GET ``path`` naming ``host`` in the Host header: the status and the body's first 300 bytes."""
    connection = http.client.HTTPConnection(server.host, server.port, timeout=10)
    connection.putrequest("GET", path, skip_host=True)
    connection.putheader("Host", host)
    connection.endheaders()
    response = connection.getresponse()
    body = response.read(300).decode()
    connection.close()
    return response.status, body


def wait_until(condition: object, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:  # type: ignore[operator]
        time.sleep(0.02)
    return bool(condition())  # type: ignore[operator]


def test_a_page_of_another_site_cannot_read_the_game_through_its_own_name() -> None:
    with LiveServer() as server:
        server.publish({"secret": "the position"})
        for path in ("/", "/state", "/events"):
            status, body = ask(server, path, f"attacker.example:{server.port}")
            assert status == 403 and "not as 'attacker.example'" in body and "secret" not in body
            assert f"open http://127.0.0.1:{server.port}/" in body
        assert not server.clients
        for name in ("localhost", "127.0.0.1", "[::1]", "LOCALHOST"):
            assert ask(server, "/state", f"{name}:{server.port}") == (200, '{"secret":"the position"}')


def test_the_names_accepted_are_those_the_server_was_bound_for() -> None:
    loopback = allowed_hosts("127.0.0.1")
    assert loopback == {"localhost", "127.0.0.1", "[::1]"}
    assert not host_allowed("tablier.example", loopback) and host_allowed("127.0.0.1", loopback)
    assert "club-pc.local" in allowed_hosts("club-pc.local")
    everywhere = allowed_hosts("0.0.0.0")
    assert socket.gethostname().lower() in everywhere and "localhost" in everywhere
    assert host_allowed("192.168.1.20", everywhere) and host_allowed("[fe80::1]", everywhere)
    assert not host_allowed("rebind.attacker.example", everywhere)


def test_one_page_more_than_the_most_is_told_why_and_the_place_is_given_back() -> None:
    with LiveServer(max_clients=3) as server:
        server.publish({"n": 1})
        pages = [Stream(server) for _ in range(3)]
        try:
            assert all(page.wait_for(1)[:1] == [{"n": 1}] for page in pages)
            status, body = ask(server, "/events", "127.0.0.1")
            assert status == 200 and "event: refused" in body
            assert "the host serves at most 3 pages at once; this one tries again in 5 s" in body
            pages.pop().close()
            assert wait_until(lambda: len(server.clients) == 2)
            pages.append(Stream(server))
            assert pages[-1].wait_for(1)[:1] == [{"n": 1}]
        finally:
            for page in pages:
                page.close()


def slow_page(server: LiveServer) -> socket.socket:
    """A page whose reader has stopped reading: its receive buffer kept small."""
    page = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    page.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    page.connect((server.host, server.port))
    page.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    return page


def read_all(page: socket.socket, quiet_s: float = 1.0) -> bytes:
    page.settimeout(quiet_s)
    data = b""
    while True:
        try:
            chunk = page.recv(1 << 16)
        except TimeoutError:
            return data
        if not chunk:
            return data
        data += chunk


def test_a_page_that_does_not_keep_up_gets_the_latest_state_not_a_queue() -> None:
    big = "x" * 100_000  # about 20 MB over 200 states
    with LiveServer() as server:
        page = slow_page(server)
        fast = Stream(server)
        try:
            assert wait_until(lambda: len(server.clients) == 2)
            for n in range(200):
                server.publish({"n": n, "board": big})
            assert fast.wait_for(1) and wait_until(lambda: fast.events[-1]["n"] == 199)
            received = read_all(page).decode()
            states = [line for line in received.split("\n") if line.startswith("data: ")]
            assert states and states[-1].startswith('data: {"n":199,')  # the latest, at last
            assert len(states) < 50, f"{len(states)} states queued for a page that did not read"
        finally:
            page.close()
            fast.close()


def test_a_page_that_takes_nothing_is_dropped_and_the_others_go_on() -> None:
    with LiveServer(slow_client_s=0.5) as server:
        page = slow_page(server)
        fast = Stream(server)
        try:
            assert wait_until(lambda: len(server.clients) == 2)
            big = "x" * 1_000_000
            n = 0
            while len(server.clients) == 2 and n < 200:  # more than the system's buffers hold
                server.publish({"n": n, "board": big})
                n += 1
                time.sleep(0.05)
            assert wait_until(lambda: len(server.clients) == 1)  # the one that reads is kept
            server.publish({"n": "last"})
            assert wait_until(lambda: bool(fast.events) and fast.events[-1]["n"] == "last")
        finally:
            page.close()
            fast.close()


def test_the_pages_that_leave_are_forgotten() -> None:
    with LiveServer() as server:
        server.publish({"n": 1})
        pages = [Stream(server) for _ in range(20)]
        assert all(page.wait_for(1) for page in pages) and len(server.clients) == 20
        handlers = [weakref.ref(handler) for handler in server.clients]
        for page in pages:
            page.close()
        assert wait_until(lambda: not server.clients)

        def forgotten() -> bool:
            gc.collect()
            return all(handler() is None for handler in handlers)

        assert wait_until(forgotten), "the streams of the pages gone are still held"
