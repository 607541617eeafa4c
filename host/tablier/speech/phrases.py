"""What Tablier says, in words: sentences built from the rules cores' own values in a language whose
words are data (``speech/words/<language>.toml``: English and French to start with, the languages of
the games' sources).

A tables play is read from its notation (:func:`tablier.tables.notation.format_play`, the one
grouping of a turn's moves into chains): as notation (``13/7 8/7*``: "13 7, 8 7 hit") or in plain
words ("from 13 to 7; from 8 to 7, hitting"). A draughts move likewise (``22x15x8``: "22 takes 15
takes 8", or "from 22, captures to 15 then 8, taking 2 men"). Numbers stay digits: the voice reads
them in its language. Pure: no sound here (:mod:`tablier.speech.speaker` speaks).
"""

from __future__ import annotations

import re
import string
import tomllib
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from tablier.draughts.core import Move as DraughtsMove
from tablier.tables.moves import Dice, Play
from tablier.tables.notation import format_play

LANGUAGES = ("en", "fr")
"""The languages whose words ship with Tablier."""

_TOKEN = re.compile(r"(?P<chain>[^()]+)(?:\((?P<count>\d)\))?")

Place = tuple[str, int]
"""A place said aloud: ``("point", 13)`` in the listener's own numbering, ``("bar", 1)``,
``("tray", 1)``, ``("square", 14)``."""


@cache
def words(language: str) -> dict[str, Any]:
    """The words of ``language`` (``en``, ``fr``); ``ValueError`` naming the languages otherwise."""
    if language not in LANGUAGES:
        raise ValueError(f"no words for the language {language!r} (languages: {', '.join(LANGUAGES)})")
    text = resources.files("tablier.speech").joinpath(f"words/{language}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def with_own_words(base: dict[str, Any], path: Path) -> dict[str, Any]:
    """``base`` with the phrases of the TOML file at ``path`` in place of its own (a section's
    phrases one by one; the rest stay); ``ValueError`` in one line for a file that cannot be read,
    or a phrase that is not a phrase of ``base`` or wants other blanks."""
    try:
        own = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ValueError(f"the speech words {path} cannot be read: {error}") from error
    merged = dict(base)
    for key, value in own.items():
        if key not in base:
            raise ValueError(f"the speech words {path}: {key!r} is not a part of the words")
        if isinstance(value, dict) and isinstance(base[key], dict):
            for name, phrase in value.items():
                if name not in base[key]:
                    raise ValueError(f"the speech words {path}: [{key}] has no phrase {name!r}")
                if _blanks(phrase) != _blanks(base[key][name]):
                    raise ValueError(f"the speech words {path}: [{key}] {name} must fill the blanks "
                                     f"{', '.join(sorted(_blanks(base[key][name]))) or '(none)'}")
            merged[key] = {**base[key], **value}
        else:
            merged[key] = value
    return merged


def _blanks(phrase: object) -> set[str]:
    """The blanks of a phrase (of every form of a counted one)."""
    forms = phrase.values() if isinstance(phrase, dict) else [phrase]
    return {name for form in forms if isinstance(form, str)
            for _, name, _, _ in string.Formatter().parse(form) if name}


class Phrases:
    """The sentences of one language. ``player`` arguments name who acted; ``None`` is the listener
    himself ("you")."""

    def __init__(self, language: str = "en", own_words: Path | None = None) -> None:
        self.language = language
        self.words = words(language)
        if own_words is not None:
            self.words = with_own_words(self.words, own_words)

    @property
    def voice(self) -> str:
        """The espeak-ng voice of the language."""
        voice: str = self.words["voice"]
        return voice

    def _say(self, section: str, key: str, **values: object) -> str:
        template: str = self.words[section][key]
        return template.format(**values)

    def _counted(self, section: str, key: str, count: int, **values: object) -> str:
        forms: dict[str, str] = self.words[section][key]
        return forms.get(str(count), forms.get("other", "{count}")).format(count=count, **values)

    def _who(self, player: str | None, key: str, **values: object) -> str:
        if player is None:
            return self._say("you", key, **values)
        return self._say("player", key, player=player, **values)

    # -- dice and turns --------------------------------------------------------------------------

    def dice(self, dice: Dice) -> str:
        """A throw: "5 3", "double 6s"."""
        if dice.is_doublet:
            return self._say("dice", "doublet", die=dice.first)
        return self._say("dice", "pair", high=dice.high, low=dice.low)

    def throw(self, dice: Dice, player: str | None = None) -> str:
        """Who threw what: "Alice throws 5 3."."""
        return self._who(player, "throw", dice=self.dice(dice))

    def opening(self, first: str, first_die: int, second: str, second_die: int) -> str:
        """The opening throw, one die each; the higher begins."""
        winner = first if first_die > second_die else second
        return self._say("dice", "opening", first=first, first_die=first_die, second=second,
                         second_die=second_die, winner=winner)

    def opening_turn(self) -> str:
        """The opening throw is asked for (either player presses)."""
        return self._say("dice", "opening_turn")

    def turn(self, player: str | None = None, throw: bool = False) -> str:
        """Whose turn it is (``throw``: to throw the dice)."""
        return self._who(player, "throw_turn" if throw else "turn")

    def cube(self, action: str, value: int = 0, player: str | None = None) -> str:
        """A cube action: ``double`` (to ``value``), ``take`` or ``drop``."""
        return self._who(player, action, value=value)

    def played(self, move: str, player: str | None = None) -> str:
        """Who played what: ``move`` as :meth:`tables_play` or :meth:`draughts_move` says it."""
        return self._who(player, "play", move=move)

    # -- moves -----------------------------------------------------------------------------------

    def tables_play(self, play: Play | str, plain: bool = False) -> str:
        """A tables play (or its notation) in the game's notation read aloud, or in plain words."""
        text = play if isinstance(play, str) else format_play(play)
        tokens = text.split()
        if not play or text == "cannot move":
            return self._say("tables", "plain_cannot" if plain else "cannot")
        said = [self._plain_chain(token) if plain else self._chain(token) for token in tokens]
        separator: str = self.words["tables"]["plain_separator" if plain else "move_separator"]
        return separator.join(said)

    def _split(self, token: str) -> tuple[list[tuple[str, bool]], int]:
        found = _TOKEN.fullmatch(token)
        if found is None:
            raise ValueError(f"{token!r} is not a tables move in notation")
        parts = [(part.rstrip("*"), part.endswith("*")) for part in found.group("chain").split("/")]
        return parts, int(found.group("count") or 1)

    def _chain(self, token: str) -> str:
        table = self.words["tables"]
        parts, count = self._split(token)
        spoken = []
        for point, hit in parts:
            spoken.append(table[point] if point in ("bar", "off") else point)
            if hit:
                spoken.append(table["hit"])
        move = table["step_separator"].join(spoken)
        return self._counted("tables", "counted", count, move=move) if count > 1 else move

    def _plain_chain(self, token: str) -> str:
        parts, count = self._split(token)
        (src, _), (dst, hit_at_end) = parts[0], parts[-1]
        if dst == "off":
            move = self._say("tables", "plain_off", src=src)
        else:
            origin = self.place(("bar", 0)) if src == "bar" else src
            move = self._say("tables", "plain_move", src=origin, dst=dst)
        on_the_way = [point for point, hit in parts[1:-1] if hit]
        if on_the_way:
            move = self._say("tables", "plain_hit_on", move=move, points=", ".join(on_the_way))
        if hit_at_end:
            move = self._say("tables", "plain_hit_end", move=move)
        return self._say("tables", "plain_counted", count=count, move=move) if count > 1 else move

    def draughts_move(self, move: DraughtsMove | str, plain: bool = False) -> str:
        """A draughts move (or its PDN text: ``11-15``, ``22x15x8``), as notation or plain words."""
        text = move if isinstance(move, str) else str(move)
        crowns = not isinstance(move, str) and move.crowns
        capture = "x" in text
        squares = re.split(r"[-x]", text)
        if not plain:
            said = (self.words["draughts"]["capture_separator"].join(squares) if capture
                    else self._say("draughts", "step", from_square=squares[0], to_square=squares[-1]))
        elif capture:
            taken = len(move.captures) if not isinstance(move, str) else len(squares) - 1
            path = self.words["draughts"]["plain_path_separator"].join(squares[1:])
            said = self._say("draughts", "plain_capture", from_square=squares[0], path=path,
                             taken=self._counted("draughts", "men", taken))
        else:
            said = self._say("draughts", "plain_move", from_square=squares[0], to_square=squares[-1])
        return self._say("draughts", "crowned", move=said) if crowns else said

    # -- going wrong, and mending it ---------------------------------------------------------------

    def place(self, place: Place) -> str:
        """A place: "point 13", "the bar", "square 14"."""
        kind, number = place
        return self._say("places", kind, number=number)

    def illegal(self, reason: str = "") -> str:
        """A false move, with the rule it broke (in the rules' own words, which are English)."""
        if reason:
            return self._say("mend", "illegal_because", reason=reason.rstrip("."))
        return self._say("mend", "illegal")

    def mend(self, family: str, lift: Place | None, put: Place | None) -> str:
        """One step back to a legal board: where to lift a man, where to put one (``family``:
        ``tables`` or ``draughts``, which names the man)."""
        man = self.words["men"][family]
        said = []
        if lift is not None:
            said.append(self._say("mend", "lift", man=man, place=self.place(lift)))
        if put is not None:
            said.append(self._say("mend", "put", man=man, place=self.place(put)))
        return " ".join(said) if said else self._say("mend", "done")

    # -- reading mode: a man lifted and put back -------------------------------------------------------

    def stands(self, place: Place, count: int, player: str | None = None, king: bool = False) -> str:
        """What stands on ``place``: ``count`` men (kings) of ``player`` (None: the listener's own)."""
        where = self.place(place)
        if count == 0:
            return self._say("reading", "empty", place=where)
        if king:
            return self._who_reads(player, "your_king", "their_king", place=where)
        if player is None:
            return self._counted("reading", "yours", count, place=where)
        return self._counted("reading", "theirs", count, place=where, player=player)

    def _who_reads(self, player: str | None, yours: str, theirs: str, **values: object) -> str:
        if player is None:
            return self._say("reading", yours, **values)
        return self._say("reading", theirs, player=player, **values)

    def goes(self, places: list[tuple[Place, bool]]) -> str:
        """Where a man lifted may go this turn (each place, and whether it hits or captures there)."""
        if not places:
            return self._say("reading", "stays")
        said = []
        for (kind, number), hits in places:
            key = {"tray": "to_off", "square": "to_square"}.get(kind, "to_point")
            where = self._say("reading", key, number=number)
            if hits:
                where = self._say("reading", "capturing" if kind == "square" else "hitting", place=where)
            said.append(where)
        separator: str = self.words["reading"]["separator"]
        return self._say("reading", "goes", places=separator.join(said))

    def whole(self, player: str | None = None) -> str:
        """The board shows a whole move: the mover's press commits it."""
        return self._who_reads(player, "whole", "whole_for")

    # -- the teacher and the quality of plays ------------------------------------------------------

    def band(self, band: str) -> str:
        """A quality band in words ("very bad")."""
        named: str = self.words["bands"][band]
        return named

    def number(self, value: float, digits: int) -> str:
        """``value`` with ``digits`` decimals, written as the language writes them."""
        return f"{value:.{digits}f}".replace(".", self.words["decimal_point"])

    def warning(self, band: str, loss: float, digits: int, best: str) -> str:
        """The teacher's warning: the play's band, its loss (``digits`` decimals) and the better
        play (as :meth:`tables_play` or :meth:`draughts_move` says it)."""
        return self._say("teacher", "warning", band=self.band(band), loss=self.number(loss, digits),
                         best=best)

    def quality(self, band: str) -> str:
        """The quality of the play just made: "That play is doubtful."."""
        return self._say("teacher", "band", band=self.band(band))

    def destination(self, place: Place, band: str) -> str:
        """A destination and its quality: "point 9: the best."."""
        return self._say("teacher", "destination", place=self.place(place), band=self.band(band))

    def hints_left(self, count: int) -> str:
        """How many hints are left this turn."""
        return self._counted("hints", "left", count)

    # -- the end -----------------------------------------------------------------------------------

    def points(self, count: int, unit: str) -> str:
        """A result's worth in the game's unit (``point``, ``counter``, ``game``)."""
        return self._counted("units", unit, count)

    def result(self, count: int, unit: str, player: str | None = None, match_over: bool = False) -> str:
        """Who won what; and whether the match is over."""
        said = self._who(player, "win", points=self.points(count, unit))
        return f"{said} {self._say('result', 'match_over')}" if match_over else said

    def draw(self) -> str:
        """A drawn game."""
        return self._say("result", "draw")

    def score(self, first: str, first_score: int, second: str, second_score: int) -> str:
        """The match score."""
        return self._say("result", "score", first=first, first_score=first_score, second=second,
                         second_score=second_score)
