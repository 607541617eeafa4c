"""A match (to a number of points) or a money session: the score, the Crawford rule, the Match ID.

Pure state: :meth:`Match.new_game` starts a :class:`~tablier.tables.game.Game` with the cube allowed
or not, :meth:`Match.record` adds a finished game's points. The Crawford rule (modern match play):
in the first game after a player reaches one point short of the match, nobody may double.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tablier.errors import IllegalMoveError

from .game import Game, Phase
from .gnubg_id import MatchState, encode_match
from .position import BLACK, SIDE_NAMES
from .turn import Outcome
from .variant import Variant


@dataclass
class Match:
    """``length`` points to win (0: an open-ended money session), the score, the games played."""

    variant: Variant
    length: int = 0
    crawford_rule: bool = True
    score: list[int] = field(default_factory=lambda: [0, 0])
    results: list[Outcome] = field(default_factory=list)
    crawford_game: bool = False
    _crawford_played: bool = False

    def new_game(self) -> Game:
        """The next game; the cube is out of play in the Crawford game."""
        if self.is_over():
            raise IllegalMoveError("the match is over")
        return Game(self.variant, cube_allowed=not self.crawford_game)

    def record(self, result: Outcome) -> None:
        """Add a finished game's points and decide whether the next game is the Crawford game."""
        before = list(self.score)
        self.score[result.winner] += result.points
        self.results.append(result)
        if self.crawford_game:
            self.crawford_game = False
            self._crawford_played = True
        elif (self.length and self.crawford_rule and not self._crawford_played
              and self.score[result.winner] == self.length - 1 and before[result.winner] < self.length - 1
              and self.score[1 - result.winner] < self.length - 1):
            self.crawford_game = True

    def is_over(self) -> bool:
        """Whether a side has reached the match length (never, in a money session)."""
        return bool(self.length) and max(self.score) >= self.length

    def winner(self) -> int | None:
        """The side that won the match, if it is over."""
        if not self.is_over():
            return None
        return 0 if self.score[0] >= self.length else 1

    def match_id(self, game: Game) -> str:
        """GNU Backgammon's Match ID for ``game`` within this match."""
        dice = game.dice if game.dice is not None and game.phase is Phase.MOVE else None
        state = MatchState(
            cube_value=game.cube_value, cube_owner=game.cube_owner, on_roll=game.board.turn,
            crawford=self.crawford_game,
            game_state=MatchState.OVER if game.phase is Phase.OVER else MatchState.PLAYING,
            turn=game.turn, double_offered=game.phase is Phase.DOUBLED,
            dice=(dice.first, dice.second) if dice else (0, 0),
            match_length=self.length, score=(self.score[0], self.score[1]))
        return encode_match(state)

    def __str__(self) -> str:
        target = f"match to {self.length}" if self.length else "money session"
        return f"{target}: {SIDE_NAMES[BLACK]} {self.score[0]}, {SIDE_NAMES[1 - BLACK]} {self.score[1]}"
