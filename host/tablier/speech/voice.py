"""The voices: Debian's espeak-ng, run as a child process, and stand-ins for tests and silence.

Why espeak-ng: it is packaged by Debian (``apt-get install espeak-ng``), speaks both languages of the
games' sources (and a hundred more) with no network and no model to download, starts in a few
milliseconds and writes WAV files as readily as it speaks (``-w``), which lets the tests hear it. A
:class:`Voice` is called from the speaker's own thread, never from the game loop.
"""

from __future__ import annotations

import shutil
import subprocess
import threading
from pathlib import Path
from typing import Protocol

RATE = 165
"""Words a minute: a little slower than espeak-ng's 175, for words said over a game."""
MISSING = "speech is off: espeak-ng is not installed (Debian: apt-get install espeak-ng)"
SPEAK_TIMEOUT_S = 30.0
"""The longest one sentence may take (a stuck sound device does not stop the speaker for longer)."""


class Voice(Protocol):
    """What the speaker asks of a voice."""

    def speak(self, text: str) -> None:
        """Say ``text`` and return when it is said (or stopped)."""

    def stop(self) -> None:
        """Stop the sentence being said now, if any (from another thread)."""


class Espeak:
    """espeak-ng speaking ``voice`` (``en-gb``, ``fr-fr``) at ``rate`` words a minute."""

    def __init__(self, program: str, voice: str, rate: int = RATE) -> None:
        self.program = program
        self.voice = voice
        self.rate = rate
        self.problem = ""
        """The first thing that went wrong (no sound device...), in one line; empty while none did."""
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()

    def command(self, text: str, wav: Path | None = None) -> list[str]:
        """The command line that says ``text`` (into ``wav`` if given)."""
        out = ["-w", str(wav)] if wav is not None else []
        return [self.program, "-v", self.voice, "-s", str(self.rate), *out, "--", text]

    def speak(self, text: str) -> None:
        """Say ``text`` on the sound device."""
        with self._lock:
            self._process = subprocess.Popen(self.command(text), stdin=subprocess.DEVNULL,
                                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            _, errors = self._process.communicate(timeout=SPEAK_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self._process.kill()
            _, errors = self._process.communicate()
        with self._lock:
            self._process = None
        said = errors.decode(errors="replace").strip().splitlines()
        if said and not self.problem:  # espeak-ng exits 0 even without a sound device: read what it said
            self.problem = f"espeak-ng could not speak: {said[-1]}"

    def stop(self) -> None:
        """Cut the sentence being said."""
        with self._lock:
            if self._process is not None and self._process.poll() is None:
                self._process.terminate()

    def render(self, text: str, wav: Path) -> Path:
        """Write ``text`` said into the WAV file ``wav``; :class:`RuntimeError` if espeak-ng fails."""
        done = subprocess.run(self.command(text, wav), stdin=subprocess.DEVNULL, capture_output=True,
                              timeout=SPEAK_TIMEOUT_S, check=False)
        if done.returncode != 0 or not wav.is_file():
            said = done.stderr.decode(errors="replace").strip()
            raise RuntimeError(f"espeak-ng could not write {wav}: {said}")
        return wav


class Transcript:
    """A voice that writes down what it is asked to say (the tests', and a game played from speech
    alone reads it)."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def speak(self, text: str) -> None:
        """Write ``text`` down."""
        self.said.append(text)

    def stop(self) -> None:
        """Nothing to stop."""


class Silence:
    """No voice: speech is off or espeak-ng is not installed."""

    def speak(self, text: str) -> None:
        """Say nothing."""

    def stop(self) -> None:
        """Nothing to stop."""


def find_espeak() -> str | None:
    """The path of espeak-ng (or of the older espeak), or None."""
    return shutil.which("espeak-ng") or shutil.which("espeak")
