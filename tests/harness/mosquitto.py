"""A real Mosquitto broker for the tests that cross a network, started by the tests themselves.

Debian's ``mosquitto`` (installed by ``make system-deps``) runs on a free loopback port with a
password file, ``allow_anonymous false`` and persistence in a temporary folder; the players log in
as ``ann`` and ``bob``, and ``eve`` is another user of the same broker (she may read and publish on
the club's topics, as a club's members may, but holds no game's code). :class:`MosquittoBroker` can
be stopped, killed and started again on the same port, as a broker restarts.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from tablier.remote.broker import Broker, Club, Login

USERS = {"ann": "ann's secret", "bob": "bob's secret", "eve": "eve's secret"}


def mosquitto_binary() -> str | None:
    """Debian's mosquitto (in /usr/sbin, which a user's PATH may leave out)."""
    return shutil.which("mosquitto") or next((p for p in ("/usr/sbin/mosquitto",) if os.path.exists(p)), None)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class MosquittoBroker:
    """One broker process on ``port``, its files in ``directory``."""

    directory: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    starts: int = 0
    acl: str = ""  # an acl_file's text (docs/remote-play.md's), else every user may use every topic

    def configure(self) -> None:
        passwd = self.directory / "passwd"
        tool = shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"
        for n, (user, password) in enumerate(USERS.items()):
            subprocess.run([tool, "-b", *(["-c"] if n == 0 else []), str(passwd), user, password], check=True)
        lines = [f"listener {self.port} 127.0.0.1", "allow_anonymous false", f"password_file {passwd}",
                 "persistence true", f"persistence_location {self.directory}/", "autosave_interval 1",
                 "log_type error", "log_type warning"]
        if self.acl:
            (self.directory / "acl").write_text(self.acl)
            lines.append(f"acl_file {self.directory / 'acl'}")
        if os.geteuid() == 0:
            lines.append("user root")  # else it drops to the mosquitto user, who cannot write here
        (self.directory / "mosquitto.conf").write_text("\n".join(lines) + "\n")

    def start(self) -> None:
        binary = mosquitto_binary()
        assert binary is not None
        log = open(self.directory / "mosquitto.log", "ab")  # noqa: SIM115 (the process keeps it)
        self.process = subprocess.Popen([binary, "-c", str(self.directory / "mosquitto.conf")],
                                        stdout=log, stderr=log)
        self.starts += 1
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"mosquitto did not start: {(self.directory / 'mosquitto.log').read_text()}")

    def stop(self, kill: bool = False) -> None:
        """Stop the broker: SIGTERM (it saves its persistent state) or SIGKILL (it saves nothing more)."""
        if self.process is None:
            return
        self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
        self.process.wait(10)
        self.process = None

    def restart(self, kill: bool = False, down_s: float = 0.5) -> None:
        self.stop(kill)
        time.sleep(down_s)
        self.start()

    def broker(self, user: str = "", port: int | None = None) -> Broker:
        return Broker("127.0.0.1", port or self.port, user=user)

    def club(self, user: str, name: str, port: int | None = None) -> Club:
        """``user``'s login to the broker (through ``port``: a relay in front of it) in club ``name``."""
        return Club(self.broker(user, port), Login(user, USERS[user]), name)
