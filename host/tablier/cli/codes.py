"""Where a command takes a game's or a club's code from: a file, the environment, or a prompt.

Never the command line: every user of the machine reads every process's command line (``ps``), and
the code is a game's (or a club's) key. A file (``--code-file``, ``--club-code-file``) is read
whole, its first word taken; the environment (``$TABLIER_GAME_CODE``, ``$TABLIER_CLUB_CODE``) is
readable by its own user only; at a terminal, with neither, the code is asked and not echoed.
"""

from __future__ import annotations

import getpass
import os
import sys
from pathlib import Path


def read_code(file: Path | None, env: str, what: str, file_option: str) -> str:
    """The code (normalized) of ``what`` (``game code``, ``club code``): from ``file``, else ``$env``,
    else asked at the terminal; ``ValueError`` saying where to give it."""
    from tablier.remote.gamecode import normalize

    if file is not None:
        try:
            text = file.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            raise ValueError(f"cannot read the code file {file}: {reason}") from None
        if not text:
            raise ValueError(f"the code file {file} is empty")
    else:
        text = os.environ.get(env, "").strip()
    if not text and sys.stdin.isatty():
        try:
            text = getpass.getpass(f"{what}: ").strip()
        except EOFError:
            text = ""
    if not text:
        raise ValueError(f"give the {what}: in ${env}, in a file ({file_option} FILE), or typed when asked "
                         "(at a terminal)")
    return normalize(text, what)


def refuse_on_command_line(what: str, env: str, file_option: str) -> str:
    """The one line that refuses a code given on the command line."""
    return (f"never put the {what} on the command line (every user of this machine sees it in ps): give "
            f"it in ${env}, in a file ({file_option} FILE), or type it when asked")
