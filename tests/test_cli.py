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
