"""The build step pyproject.toml cannot say by itself: the firmware and the board's layout, which live
beside the host package in the repository (``firmware/``, ``hardware/``), travel inside it as
``tablier/bundled/`` so that an installed ``tablier`` works from any folder. An editable install
reads them from the repository instead (see ``tablier.resources``)."""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
#: What the host reads beside its code, relative to the repository.
BUNDLED = ("firmware", "hardware/board.toml", "hardware/bom.csv", "hardware/wiring.csv", "hardware/kicad")


class BuildWithBundledFiles(build_py):
    """``build_py`` that also copies :data:`BUNDLED` into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "tablier" / "bundled"
        for name in BUNDLED:
            source, copy = HERE / name, target / name
            copy.parent.mkdir(parents=True, exist_ok=True)
            if source.is_dir():
                shutil.copytree(source, copy, dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            else:
                shutil.copyfile(source, copy)


setup(cmdclass={"build_py": BuildWithBundledFiles})
