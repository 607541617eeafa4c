"""The board-to-board tests' brokers (:mod:`harness.mosquitto`): one for the suite, or one of a
test's own to restart and kill."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from harness.mosquitto import MosquittoBroker, mosquitto_binary


def _broker(directory: Path) -> Iterator[MosquittoBroker]:
    if mosquitto_binary() is None:
        pytest.fail("Debian's mosquitto is not installed: run `make system-deps` (apt-get install mosquitto)")
    broker = MosquittoBroker(directory)
    broker.configure()
    broker.start()
    yield broker
    broker.stop()


@pytest.fixture(scope="session")
def mosquitto(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MosquittoBroker]:
    """The suite's broker (each test plays in a club of its own)."""
    yield from _broker(tmp_path_factory.mktemp("mosquitto"))


@pytest.fixture
def own_mosquitto(tmp_path: Path) -> Iterator[MosquittoBroker]:
    """A broker of the test's own, to restart and kill."""
    directory = tmp_path / "mosquitto"
    directory.mkdir()
    yield from _broker(directory)
