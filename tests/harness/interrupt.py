"""Ending a command a test started the way a person does: Ctrl-C."""

from __future__ import annotations

import signal
import subprocess


def stop(process: subprocess.Popen[str], grace: float = 30) -> None:
    """Stop ``process`` as Ctrl-C does (killed if it has not ended within ``grace`` seconds); nothing
    if it has ended already."""
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(grace)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
