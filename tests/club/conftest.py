"""The club's tests: a real Mosquitto (the suite's), a real PostgreSQL, boards in processes of their own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from harness.mosquitto import MosquittoBroker, mosquitto_binary
from harness.postgres import archive_at, postgres  # noqa: F401 (fixtures)


@pytest.fixture(scope="session")
def broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MosquittoBroker]:
    """One broker for the club's tests (each test is a club of its own)."""
    if mosquitto_binary() is None:
        pytest.fail("Debian's mosquitto is not installed: run `make system-deps` (apt-get install mosquitto)")
    running = MosquittoBroker(tmp_path_factory.mktemp("mosquitto"))
    running.configure()
    running.start()
    yield running
    running.stop()
