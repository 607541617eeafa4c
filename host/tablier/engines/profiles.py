"""Each game's engine profile, in one table: which engine plays it, how its teacher judges, how its
analysis marks a move and what its aims weigh.

A game's rules live in its class; what the engines make of it lives here, one row a game
(:data:`PROFILES`), so that adding a game adds one row and a test (``tests/engines/test_profiles.py``)
finds a game without one. What is a fact of the game itself is read from the game
(:class:`~tablier.games.GameFacts`): a game whose moves are Backgammon's (``gnubg_moves``) is played
by GNU Backgammon's evaluator unless its row names another engine.

* ``evaluator``: the engine (:data:`GNUBG`, :data:`EXPECTIMAX`, :data:`VERSAILLES`,
  :data:`ALPHA_BETA`, :data:`SOLVER`); empty: the game's facts decide (:func:`evaluator`).
* ``teaching``: the teacher's warning threshold and level (:class:`Teaching`: why these numbers, in
  :mod:`tablier.engines.judge`).
* ``thresholds``: the losses from which an analysis marks a move an inaccuracy, a mistake, a
  blunder (:class:`Thresholds`).
* ``quality``: the bands of the quality lights and of the marks after a play (:class:`Bands`:
  best, doubtful, bad, very bad), on the losses the teacher's ranking gives.
* ``weights``: what each aim of our tables engine counts in the game (:mod:`tablier.engines.tables_terms`:
  an aim a game's weights do not name is not measured in it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from tablier.games import GameFacts

GNUBG = "gnubg"
"""GNU Backgammon's neural-net evaluator (the games whose moves are Backgammon's)."""
EXPECTIMAX = "expectimax"
"""Our expectimax over the throws, with each old game's aims."""
VERSAILLES = "expectimax-handover"
"""Our expectimax through a turn that may hand dice over (Jacquet de Versailles)."""
ALPHA_BETA = "alpha-beta"
"""Alpha-beta search on the draughts bitboards."""
SOLVER = "solver"
"""Perfect play from the exact solution (Devil among the Tailors)."""

INACCURACY = "inaccuracy"
MISTAKE = "mistake"
BLUNDER = "blunder"
MARKS = (INACCURACY, MISTAKE, BLUNDER)


UNIT_DIGITS = {"equity": 3, "evaluation points": 1}
"""The decimals of each unit a loss is written in (the others: whole numbers)."""


@dataclass(frozen=True)
class Thresholds:
    """The losses from which a move is an inaccuracy, a mistake, a blunder, in the engine's ``unit``."""

    inaccuracy: float
    mistake: float
    blunder: float
    unit: str

    @property
    def digits(self) -> int:
        """The decimals a value of the unit is written with (3 for equity, 1 for evaluation points,
        none for hundredths of a man or plies)."""
        return UNIT_DIGITS.get(self.unit, 0)

    def rounded(self, loss: float) -> float:
        """``loss`` as it is written, never negative: a loss, its mark and whether a better move is
        named are read from this value, so that they never contradict what the reader sees."""
        return max(0.0, round(loss, self.digits)) + 0.0

    def mark(self, loss: float) -> str:
        """``blunder``, ``mistake``, ``inaccuracy`` or ``""`` for a loss of ``loss``."""
        if loss >= self.blunder:
            return BLUNDER
        if loss >= self.mistake:
            return MISTAKE
        if loss >= self.inaccuracy:
            return INACCURACY
        return ""


BEST = "best"
DOUBTFUL = "doubtful"
BAD = "bad"
VERY_BAD = "very bad"
BANDS = (BEST, DOUBTFUL, BAD, VERY_BAD)
"""The quality bands, best first (GNU Backgammon's skill words; "best" is its unmarked play)."""


@dataclass(frozen=True)
class Bands:
    """The losses past which a play is doubtful, bad, very bad, in the engine's ``unit``, as GNU
    Backgammon grades a play (its ``Skill()``: a loss *greater* than 0.04 is doubtful, greater than
    0.08 bad, greater than 0.16 very bad). A play within ``doubtful`` of the best is in the band
    ``best``: GNU Backgammon leaves it unmarked.

    The losses are those of the teacher's ranking (the profile's ``teaching`` level, every legal play
    scored alike), so that a light, a mark and a warning read the same numbers."""

    doubtful: float
    bad: float
    very_bad: float
    unit: str

    def band(self, loss: float) -> str:
        """:data:`BEST`, :data:`DOUBTFUL`, :data:`BAD` or :data:`VERY_BAD` for a loss of ``loss``."""
        if loss > self.very_bad:
            return VERY_BAD
        if loss > self.bad:
            return BAD
        if loss > self.doubtful:
            return DOUBTFUL
        return BEST


def gnu_ladder(very_bad: float, unit: str) -> Bands:
    """Bands on GNU Backgammon's ladder, each twice the one before (0.04, 0.08, 0.16): doubtful a
    quarter of ``very_bad``, bad a half."""
    return Bands(very_bad / 4, very_bad / 2, very_bad, unit)


@dataclass(frozen=True)
class Teaching:
    """How the teacher judges one game: the ``threshold`` past which a play is warned of (on the
    engine's own scale) and the ``level`` at which it ranks the plays (for its hints too).

    The level is the deepest at which the engine scores *every* legal play alike, so that a hint and a
    warning read the same numbers: level 2 for the games GNU Backgammon plays (its 1-ply look at each
    play, a few hundredths of a second a throw), level 1 for our expectimax (one ply: its level 2 looks
    deeper at the best three plays only, and a two-ply score is not comparable with a one-ply one) and
    for draughts (three half-moves and the captures that follow: deeper levels deepen by the clock, and
    the same move must always get the same verdict). The Devil's solver is exact at any level.

    Thresholds, how much worse than the best a play must be to be warned of:

    * Backgammon, Portes, Tavla: cubeless money equity from GNU Backgammon, in points a game. 0.2 is a
      little over what GNU Backgammon calls a "very bad" play (0.16): a warning stops the player's turn,
      and only a clear blunder should.
    * Jacquet, Versailles, Spanish, Fevga, Long Nardy, Plakoto, Ticktack: our engine's evaluation, on
      which a pip of the race counts 1 (a lone man he can hit -4, a point held in his way 2 to 2.5, a
      pinned man 12 in Plakoto, a counter his next throw may win 60 in Ticktack).
    * English draughts, Polish: the search's score, where a man counts 100 (a king 150, a flying king
      300): 90 is "about a man lost" within the judge's three half-moves (captures followed to their
      end); the Losing Game's 190, about two men, because giving men away there is the aim and its
      scores swing more.
    * Devil among the Tailors: the solver's exact score, 1000 - n for a win in n half-moves, -(1000 - n)
      for a loss: only throwing away a won game differs by more than 1000.

    Measured on the positions of random games (``tests/engines/test_judge.py``, full run): the engine's
    own second choice is warned of in 3-15% of them (the least in Plakoto, the most in Tavla), a play
    picked at random in 28-60%.
    """

    threshold: float
    level: int


BACKGAMMON_THRESHOLDS = Thresholds(0.04, 0.08, 0.16, "equity")
"""The games GNU Backgammon plays (its equity, points per game): GNU Backgammon's own marks,
"doubtful" from 0.04, "bad" from 0.08, "very bad" from 0.16."""

TABLES_THRESHOLDS = Thresholds(2.0, 4.0, 8.0, "evaluation points")
"""Our tables engine's other games (Jacquet and its kin, Fevga, Long Nardy): one evaluation point is
a pip of the race (a held point in the adversary's way is 2.5, a point of a prime 4 more); an
inaccuracy gives away two pips' worth, a mistake four, a blunder eight. At the default level the
engine looks at the adversary's replies, which evens plays out: losses of more than ten points are
rare there, and larger at level 1."""

PLAKOTO_THRESHOLDS = Thresholds(6.0, 12.0, 24.0, "evaluation points")
"""Plakoto, whose evaluation counts a pinned man 12 and a pinned mother 200: a mistake gives away a
pin's worth, a blunder two, an inaccuracy half of one."""

TICKTACK_THRESHOLDS = Thresholds(25.0, 50.0, 100.0, "evaluation points")
"""Ticktack, where a won game is worth 1000 a point and a play is mostly judged by the wins it
leaves the adversary's next throw: an inaccuracy leaves him about one throw in 36 that wins a point
(1000/36, 28), a mistake two, a blunder four (one throw in nine)."""

DRAUGHTS_THRESHOLDS = Thresholds(25.0, 50.0, 100.0, "hundredths of a man")
"""English draughts, the Losing Game, Polish: a blunder loses a man's worth (or more), a mistake
half of one, an inaccuracy a quarter."""

DEVIL_THRESHOLDS = Thresholds(2.0, 10.0, 1000.0, "plies to the end")
"""Devil among the Tailors (the exact solver: 1000 - n for a win in n plies): a blunder throws a won
game away (or hastens a loss past saving), a mistake wins ten plies later, an inaccuracy two."""

GNUBG_BANDS = Bands(0.04, 0.08, 0.16, "equity")
"""GNU Backgammon's own bands (its default skill thresholds, equity normalised to a money game of
one point): the games it plays. Its teacher warns past 0.2, a little over "very bad"."""

EVALUATION_POINTS = TABLES_THRESHOLDS.unit
DRAUGHTS_UNIT = DRAUGHTS_THRESHOLDS.unit
# Elsewhere the bands follow GNU Backgammon's proportions: "very bad" is four fifths of the game's
# warning threshold (0.16 against 0.2), so that every play the teacher warns of is lit "very bad",
# and the ladder halves down from it. The teacher's level is one ply for our engines, where losses
# run larger than at the analysis' two (``tests/engines/test_quality.py`` measures the share of plays
# in each band).

DEFAULT_WEIGHTS: Mapping[str, float] = {
    "race": 1.0, "off": 2.0, "blocks": 2.0, "prime": 3.0, "blots": -4.0, "bar": 8.0,
}
"""The aims' weights of a race-and-hitting game (Backgammon's kin), when GNU Backgammon is not there
to play it and our engine stands in (and the words of a hint)."""

JACQUET_WEIGHTS: Mapping[str, float] = {"race": 1.0, "off": 2.0, "blocks": 2.5, "prime": 4.0,
                                        "postillon": 0.5}
WALLS_WEIGHTS: Mapping[str, float] = {"race": 1.0, "off": 2.0, "blocks": 2.5, "prime": 5.0}
"""Fevga's and Long Nardy's: no hitting, walls of held points."""


@dataclass(frozen=True)
class Profile:
    """One game's row of :data:`PROFILES` (see the module docstring)."""

    teaching: Teaching
    thresholds: Thresholds
    quality: Bands
    weights: Mapping[str, float] = field(default_factory=lambda: DEFAULT_WEIGHTS)
    evaluator: str = ""


_GNUBG_TEACHING = Teaching(0.2, 2)
_DRAUGHTS_TEACHING = Teaching(90.0, 1)
_JACQUET_BANDS = gnu_ladder(4.8, EVALUATION_POINTS)
_WALLS_BANDS = gnu_ladder(5.6, EVALUATION_POINTS)
_DRAUGHTS_BANDS = gnu_ladder(72.0, DRAUGHTS_UNIT)

PROFILES: dict[str, Profile] = {
    # tables games
    "backgammon": Profile(_GNUBG_TEACHING, BACKGAMMON_THRESHOLDS, GNUBG_BANDS),
    "jacquet": Profile(Teaching(6.0, 1), TABLES_THRESHOLDS, _JACQUET_BANDS, JACQUET_WEIGHTS),
    "versailles": Profile(Teaching(6.0, 1), TABLES_THRESHOLDS, _JACQUET_BANDS, JACQUET_WEIGHTS, VERSAILLES),
    "spanish": Profile(Teaching(6.0, 1), TABLES_THRESHOLDS, _JACQUET_BANDS,
                       {**JACQUET_WEIGHTS, "off": 1.0, "count": 1.5}),
    "ticktack": Profile(Teaching(20.0, 1), TICKTACK_THRESHOLDS, gnu_ladder(16.0, EVALUATION_POINTS),
                        {"race": 0.6, "off": 2.0, "blocks": 1.5, "prime": 2.0, "their_wins": -60.0}),
    "portes": Profile(_GNUBG_TEACHING, BACKGAMMON_THRESHOLDS, GNUBG_BANDS),
    "plakoto": Profile(Teaching(10.0, 1), PLAKOTO_THRESHOLDS, gnu_ladder(8.0, EVALUATION_POINTS),
                       {"race": 1.0, "off": 2.0, "blocks": 1.5, "prime": 3.0, "blots": -3.0,
                        "pins": 12.0, "mother": 200.0}),
    "fevga": Profile(Teaching(7.0, 1), TABLES_THRESHOLDS, _WALLS_BANDS, WALLS_WEIGHTS),
    "tavla": Profile(_GNUBG_TEACHING, BACKGAMMON_THRESHOLDS, GNUBG_BANDS),
    "nardy": Profile(Teaching(7.0, 1), TABLES_THRESHOLDS, _WALLS_BANDS, WALLS_WEIGHTS),
    "short-nardy": Profile(_GNUBG_TEACHING, BACKGAMMON_THRESHOLDS, GNUBG_BANDS),
    # draughts
    "english": Profile(_DRAUGHTS_TEACHING, DRAUGHTS_THRESHOLDS, _DRAUGHTS_BANDS),
    "losing": Profile(Teaching(190.0, 1), DRAUGHTS_THRESHOLDS, gnu_ladder(152.0, DRAUGHTS_UNIT)),
    "polish": Profile(_DRAUGHTS_TEACHING, DRAUGHTS_THRESHOLDS, _DRAUGHTS_BANDS),
    "polish10": Profile(_DRAUGHTS_TEACHING, DRAUGHTS_THRESHOLDS, _DRAUGHTS_BANDS),
    # the exact solver: a win two plies later is doubtful, ten bad, a win thrown away very bad
    "devil": Profile(Teaching(1000.0, 1), DEVIL_THRESHOLDS, Bands(2.0, 10.0, 1000.0, DEVIL_THRESHOLDS.unit),
                     evaluator=SOLVER),
}
"""Every game's profile, by its catalogue name. A match of games played in turn (Tavli) has none of
its own: each of its games has its row."""


def profile(game: str) -> Profile:
    """The profile of the game named ``game`` (a catalogue name); ``KeyError`` naming it if the game
    has none."""
    try:
        return PROFILES[game]
    except KeyError:
        raise KeyError(f"no engine profile for the game {game!r}") from None


def evaluator(game: str, facts: GameFacts, family: str) -> str:
    """The engine that plays the game named ``game`` (of ``family``, with ``facts``): its row's,
    else GNU Backgammon's when its moves are Backgammon's, else its family's search."""
    named = profile(game).evaluator
    if named:
        return named
    if facts.gnubg_moves:
        return GNUBG
    return ALPHA_BETA if family == "draughts" else EXPECTIMAX
