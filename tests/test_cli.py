"""The command line's skeleton: help, version and the games catalogue."""

import pytest

from tablier.cli import main


def test_version_is_printed(capsys: object) -> None:
    import pytest

    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0


def test_unknown_game_is_a_usage_error(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["moves", "no-such-game"]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_a_mistyped_game_name_offers_the_closest(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "backgamon", "--sim"]) == 2
    assert "did you mean backgammon?" in capsys.readouterr().err


def test_the_command_line_starts_without_loading_the_work_modules() -> None:
    """``tablier --help`` builds every sub-command's parser yet loads no rules, records, engines,
    play or web module: each command imports its work when it runs (start-up is timed in
    ``make bench``, bench/bench_startup.py)."""
    import subprocess
    import sys

    script = ("import sys; from tablier.cli import build_parser; build_parser(); "
              "print('\\n'.join(sorted(sys.modules)))")
    loaded = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True,
                            text=True).stdout.split()
    heavy = ("tablier.tables", "tablier.draughts", "tablier.record", "tablier.engines",
             "tablier.play", "tablier.web", "tablier.link", "tablier.remote", "tablier.club",
             "tablier.fabrication")
    assert [name for name in loaded if name.startswith(heavy)] == []
