"""The live page's server: read-only, server-sent events to many pages, the binding said aloud."""

from __future__ import annotations

import http.client
import io
import json
import re
import socket
import threading
import time

import pytest

from tablier.play.scene import publishing, scene_of
from tablier.web.live import ScenePublisher, announce, page_state
from tablier.web.page import PAGE
from tablier.web.server import LiveServer, ServeError, parse_address

from .conftest import LIFTED, run_script


class Stream:
    """One page's event stream, read on a thread of its own."""

    def __init__(self, server: LiveServer) -> None:
        self.connection = http.client.HTTPConnection(server.host, server.port, timeout=10)
        self.connection.request("GET", "/events")
        self.response = self.connection.getresponse()
        self.events: list[dict[str, object]] = []
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for raw in self.response:
                line = raw.decode()
                if line.startswith("data: "):
                    self.events.append(json.loads(line[6:]))
        except (OSError, ValueError, AttributeError, http.client.HTTPException):  # closed while reading
            pass

    def wait_for(self, count: int, timeout: float = 10.0) -> list[dict[str, object]]:
        deadline = time.monotonic() + timeout
        while len(self.events) < count and time.monotonic() < deadline:
            time.sleep(0.01)
        return self.events

    def close(self) -> None:
        """Leave, as a closed browser tab does (the reader's thread sees the end at once)."""
        if self.connection.sock is not None:
            self.connection.sock.shutdown(socket.SHUT_RDWR)
        self.connection.close()


def get(server: LiveServer, path: str, method: str = "GET") -> tuple[int, str, str]:
    connection = http.client.HTTPConnection(server.host, server.port, timeout=10)
    connection.request(method, path, body=b"x" if method == "POST" else None)
    response = connection.getresponse()
    body = response.read().decode()
    connection.close()
    return response.status, response.getheader("Content-Type") or "", body


def test_the_address_defaults_to_this_machine_only() -> None:
    assert parse_address("8000") == ("127.0.0.1", 8000)
    assert parse_address("0.0.0.0:8000") == ("0.0.0.0", 8000)
    assert parse_address("[::1]:8000") == ("::1", 8000)
    with pytest.raises(ServeError, match=r"\[HOST:\]PORT"):
        parse_address("localhost:http")


def test_binding_beyond_this_machine_is_said_on_the_terminal() -> None:
    out = io.StringIO()
    announce(LiveServer("0.0.0.0", 8000), out)
    assert "http://0.0.0.0:8000/" in out.getvalue() and "other machines" in out.getvalue()
    out = io.StringIO()
    announce(LiveServer("127.0.0.1", 8000), out)
    assert "other machines" not in out.getvalue()


def test_a_taken_port_is_told_in_one_line() -> None:
    with LiveServer() as first, pytest.raises(ServeError, match=r"cannot serve on 127\.0\.0\.1"):
        LiveServer(port=first.port).start()


def test_the_page_needs_no_network_and_sets_text_as_text() -> None:
    assert not re.search(r"(src|href)\s*=", PAGE) and "http" not in PAGE.replace("http-equiv", "")
    assert "EventSource('events')" in PAGE and "textContent" in PAGE and "innerHTML = state.svg" in PAGE


def test_nothing_on_the_page_can_change_the_game() -> None:
    with LiveServer() as server:
        for path in ("/", "/state", "/events"):
            assert get(server, path, "POST")[0] == 405
        assert get(server, "/anything")[0] == 404
        status, kind, body = get(server, "/")
        assert status == 200 and kind.startswith("text/html") and "<form" not in body and "<input" not in body


def test_every_page_gets_the_latest_state_at_once_then_each_change() -> None:
    with LiveServer() as server:
        server.publish({"n": 1})
        time.sleep(0.05)
        streams = [Stream(server) for _ in range(5)]
        try:
            assert all(s.wait_for(1)[:1] == [{"n": 1}] for s in streams)
            server.publish({"n": 2})
            assert all(s.wait_for(2)[1:2] == [{"n": 2}] for s in streams)
            assert json.loads(get(server, "/state")[2]) == {"n": 2}
        finally:
            for stream in streams:
                stream.close()


def test_a_session_on_the_page_shows_the_lifted_man_and_his_lights() -> None:
    session = run_script("backgammon", LIFTED).session
    state = page_state(scene_of(session))
    scene = state["scene"]
    assert isinstance(scene, dict) and scene["in_hand"] == 1 and scene["dice"] == [3, 1]
    svg = str(state["svg"])
    assert svg.startswith("<svg") and "#00aa00" in svg  # point 5 lit in the destination's green
    assert ["destination", "#00aa00", False, "the lifted man may go here"] in state["legend"]
    with LiveServer() as server:
        stream = Stream(server)
        try:
            with publishing(session, server) as publisher:
                assert isinstance(publisher, ScenePublisher)
                events = stream.wait_for(1)
            assert events and events[-1]["scene"] == scene
        finally:
            stream.close()
