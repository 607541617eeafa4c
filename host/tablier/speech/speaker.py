"""The speaker: says sentences on a thread of its own, so that speaking never holds the game loop.

:meth:`Speaker.say` only puts the sentence in a bounded queue and returns at once. When speech
falls behind the game (a fast adversary, a voice slower than the moves), the oldest sentence waiting
is dropped, never the newest: what is said is what is true now. An urgent sentence (a false move
and how to mend it) cuts the one being said and everything waiting.
"""

from __future__ import annotations

import queue
import threading

from .voice import Voice

QUEUE_SIZE = 8
"""Sentences waiting at most; past it the oldest waiting is dropped."""


class Speaker:
    """Says sentences with ``voice`` on a worker thread (a daemon: it never keeps the program alive)."""

    def __init__(self, voice: Voice, queue_size: int = QUEUE_SIZE) -> None:
        self.voice = voice
        self.dropped = 0
        """Sentences dropped because speech fell behind."""
        self._queue: queue.Queue[str | None] = queue.Queue(maxsize=queue_size)
        self._lock = threading.Lock()
        self._idle = threading.Event()
        self._idle.set()
        self._thread = threading.Thread(target=self._run, name="tablier-speech", daemon=True)
        self._thread.start()

    def say(self, text: str, urgent: bool = False) -> None:
        """Say ``text`` after what is waiting (``urgent``: instead of it, now). Never blocks."""
        if not text:
            return
        with self._lock:
            if urgent:
                self._clear()
                self.voice.stop()
            self._idle.clear()
            while True:
                try:
                    self._queue.put_nowait(text)
                    return
                except queue.Full:
                    self._drop_oldest()

    def _clear(self) -> None:
        while self._drop_oldest():
            pass

    def _drop_oldest(self) -> bool:
        """Drop the oldest sentence waiting; False if none was."""
        try:
            self._queue.get_nowait()
        except queue.Empty:
            return False
        self.dropped += 1
        self._queue.task_done()
        return True

    def _run(self) -> None:
        while True:
            text = self._queue.get()
            try:
                if text is None:
                    return
                self.voice.speak(text)
            except Exception:  # a voice that fails once must not silence the game's speech
                self.dropped += 1
            finally:
                with self._lock:
                    self._queue.task_done()
                    if self._queue.unfinished_tasks == 0:
                        self._idle.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until everything asked is said (for tests and for the end of a game); whether it was."""
        return self._idle.wait(timeout)

    def close(self, timeout: float = 2.0) -> None:
        """Stop speaking: what is waiting is dropped, the sentence being said is cut."""
        with self._lock:
            self._clear()
            self.voice.stop()
        try:
            self._queue.put(None, timeout=timeout)
        except queue.Full:
            return
        self._thread.join(timeout)
