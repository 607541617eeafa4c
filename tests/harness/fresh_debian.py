"""A fresh Debian machine for the tests that follow the docs' set-up steps literally.

:class:`FreshDebian` is Debian 12 (bookworm) as ``debootstrap`` makes it (the minimal base, with
systemd, which a Debian machine boots), booted with systemd as its first process in namespaces of its
own: its own processes, its own mounts, and its own network, of the loopback only, so that its
broker, its database and its web page take no port of this machine. What the docs install has to
come from somewhere: Debian's packages are downloaded into the machine's apt cache beforehand (its
``apt-get install`` then installs them as on a connected machine), Tablier and its dependencies
are wheels in ``/wheels`` (``$PIP_FIND_LINKS``, ``$PIP_NO_INDEX``: Tablier is not on PyPI), and
``apt-get`` takes its "yes" from the machine's configuration, as a preseeded machine does. Every
command of the docs then runs as the docs write it, as root, one after the other.

The pristine machine is made once and kept as a tarball in ``$XDG_CACHE_HOME/tablier-tests`` (it
takes some minutes to download); each test boots a copy of its own.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tarfile
import time
from dataclasses import dataclass, field
from pathlib import Path

SUITE = "bookworm"
MIRROR = "http://deb.debian.org/debian"
PACKAGES = ("systemd", "systemd-sysv", "dbus", "iproute2")
REPOSITORY = Path(__file__).resolve().parents[2]


def cache() -> Path:
    """Where the pristine machine is kept between runs."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tablier-tests"


def pristine() -> Path:
    """The tarball of a fresh Debian machine, made with debootstrap the first time."""
    tarball = cache() / f"debian-{SUITE}-systemd.tar"
    if tarball.exists():
        return tarball
    tarball.parent.mkdir(parents=True, exist_ok=True)
    folder = tarball.parent / f"debian-{SUITE}.partial"
    shutil.rmtree(folder, ignore_errors=True)
    subprocess.run(["debootstrap", "--variant=minbase", f"--include={','.join(PACKAGES)}", SUITE, str(folder),
                    MIRROR], check=True, capture_output=True)
    partial = tarball.with_suffix(".partial.tar")
    with tarfile.open(partial, "w") as archive:
        archive.add(folder, arcname=".")
    partial.replace(tarball)
    shutil.rmtree(folder, ignore_errors=True)
    return tarball


def wheels(into: Path, extras: str) -> None:
    """Tablier's wheel and its dependencies' (pinned by constraints.txt) in ``into``."""
    into.mkdir(parents=True, exist_ok=True)
    python = sys.executable
    subprocess.run([python, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(into), str(REPOSITORY)],
                   check=True, capture_output=True)
    subprocess.run([python, "-m", "pip", "download", "-q", "-d", str(into), "-c",
                    str(REPOSITORY / "constraints.txt"), f"{REPOSITORY}[{extras}]"], check=True,
                   capture_output=True)


_BOOT = """
set -e
mount --make-rprivate /
ip link set lo up
R={root}
mount -t proc proc $R/proc
mount -t sysfs sys $R/sys
mount --rbind /sys/fs/cgroup $R/sys/fs/cgroup 2>/dev/null || true
mount -t tmpfs tmpfs $R/run
mount -t tmpfs tmpfs $R/tmp
mount --bind /dev $R/dev
exec chroot $R /usr/bin/env container=tablier-test /lib/systemd/systemd --system --log-target=null
"""


@dataclass
class FreshDebian:
    """One fresh Debian machine, booted, in ``root``."""

    root: Path
    process: subprocess.Popen[bytes] | None = None
    env: dict[str, str] = field(default_factory=dict)

    def prepare(self, packages: tuple[str, ...], extras: str) -> None:
        """Unpack the pristine machine, download ``packages`` into its apt cache and Tablier's wheels
        (with ``extras``) into ``/wheels``, before it boots without a network."""
        self.root.mkdir(parents=True, exist_ok=True)
        with tarfile.open(pristine()) as archive:
            archive.extractall(self.root, filter="fully_trusted")
        shutil.copy("/etc/resolv.conf", self.root / "etc" / "resolv.conf")
        (self.root / "etc" / "apt" / "apt.conf.d" / "90-tablier-test").write_text(
            'APT::Get::Assume-Yes "true";\n')  # the machine answers apt's "Do you want to continue?"
        download = f"apt-get update -qq && apt-get install -qq --download-only {' '.join(packages)}"
        subprocess.run(["chroot", str(self.root), "/bin/sh", "-c", download], check=True, capture_output=True,
                       env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        wheels(self.root / "wheels", extras)
        self.env = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "HOME": "/root",
                    "LANG": "C.UTF-8", "DEBIAN_FRONTEND": "noninteractive", "PIP_NO_INDEX": "1",
                    "PIP_FIND_LINKS": "/wheels", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}

    def boot(self, timeout: float = 120) -> None:
        """Start its systemd; return once it has started its services."""
        script = self.root.parent / "boot.sh"
        script.write_text(_BOOT.format(root=self.root))
        self.process = subprocess.Popen(["unshare", "--pid", "--fork", "--mount", "--net", "sh", str(script)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        state = "not started"
        while time.monotonic() < deadline:
            time.sleep(0.5)
            with contextlib.suppress(AssertionError):  # its systemd not started yet
                state = self.run("systemctl is-system-running", check=False).stdout.strip()
            if state in ("running", "degraded"):
                return
        raise AssertionError(f"the machine did not boot (systemd says {state!r})")

    def _systemd(self) -> int:
        """The machine's first process, as this machine numbers it."""
        assert self.process is not None
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    if (os.readlink(entry / "root") == str(self.root)
                            and (entry / "comm").read_text().strip() == "systemd"):
                        return int(entry.name)
                except OSError:
                    continue
        raise AssertionError("the machine's systemd is not running")

    def run(self, command: str, answers: str = "", check: bool = True, timeout: float = 600,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        """Run ``command`` as root in the machine (bash), ``answers`` on its standard input."""
        done = subprocess.run(self._inside(command, env), input=answers, capture_output=True, text=True,
                              timeout=timeout)
        if check and done.returncode != 0:
            raise AssertionError(f"`{command}` failed ({done.returncode}):\n{done.stdout[-3000:]}\n"
                                 f"{done.stderr[-3000:]}")
        return done

    def start(self, command: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
        """Start ``command`` in the machine and leave it running (its output read by the caller)."""
        return subprocess.Popen(self._inside(command, env), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)

    def _inside(self, command: str, env: dict[str, str] | None) -> list[str]:
        """The command line that runs ``command`` in the machine: in its namespaces, its root, its
        environment only."""
        variables = [f"{name}={value}" for name, value in {**self.env, **(env or {})}.items()]
        return ["nsenter", "-t", str(self._systemd()), "-m", "-p", "-n", "-r", "-w", "--",
                "/usr/bin/env", "-i", *variables, "/bin/bash", "-c", f"cd /root && {command}"]

    def shut_down(self) -> None:
        """Stop the machine: its systemd killed, and with it every process of its own."""
        if self.process is None:
            return
        with contextlib.suppress(AssertionError):  # already gone
            os.kill(self._systemd(), 9)
        self.process.wait(30)
        self.process = None
        shutil.rmtree(self.root, ignore_errors=True)  # its mounts went with its namespace: a folder now
