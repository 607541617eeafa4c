"""How a game on the board is played: :class:`PlayOptions` (teaching or strict, the grace time, the
players, the lights' palette, the match, the game's options, the match clock, board to
board)."""

from __future__ import annotations

from dataclasses import dataclass, field

#: How long a board state that matches nothing may stand before the LEDs guide the player back.
GRACE_S = 1.5


@dataclass
class PlayOptions:
    """How play goes: teaching mode explains in words; strict mode enforces and keeps quiet."""

    teaching: bool = True
    grace_s: float = GRACE_S
    players: tuple[str, str] = ("player 1", "player 2")
    match_length: int = 0
    games: int = 1
    options: dict[str, str] = field(default_factory=dict)
    position: str = ""  # the first game starts here (tables position text, or draughts FEN)
    touch_down: bool = False  # Jacquet games: a man using both dice must rest on the intermediate point
    clock: str = ""  # the match clock (``--clock``): usbgf, uk, checker-laws (:mod:`.match_clock`); "" none
    overtime: int = 0  # the USBGF's Overtime option, in minutes (1 or 2; ``--overtime``)
    remote: dict[str, str] = field(default_factory=dict)  # board to board (:mod:`.remote_seat`)
    palette: str = "classic"  # the lights' colours (:mod:`tablier.board.palettes`, ``--palette``)
    quality: tuple[str, str] = ("full", "full")  # each player's quality help (``--quality``, off, 1-6, full)
    speech: str = "off"  # what is said aloud (``--speech``: off, adversary, everything; docs/speech.md)
    speech_language: str = "en"  # ``--speech-language``
    speech_words: str = ""  # ``--speech-words``: a TOML file of phrases said instead of the language's
    speech_plain: bool = False  # ``--speech-moves plain``: moves in plain words, not the game's notation
    reading: tuple[int, ...] = ()  # the players in reading mode (``--reading``; docs/reading-mode.md)
