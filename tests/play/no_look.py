"""A player who never looks: he hears what the board says (the announcer's sentences, written down)
and acts on the simulated board with his hands, the men set up by touch. What he knows of the game
comes from the words alone: the throws, the adversary's moves (which he makes on his own board, as a
player facing the computer does), his own moves as the board read them, and what his reading-mode
touches say stands where and where a man may go. He plays the first move a reading offers.

Used by ``test_no_look.py``."""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field

from tablier.draughts.core import Board
from tablier.draughts.notation import parse_move
from tablier.draughts.variants import find_variant
from tablier.play.hands import Hands

Place = tuple[str, int]
Action = tuple[str, object]
"""A motion of the hands: ``("lift", place)``, ``("lift row", place)``, ``("put", place)``,
``("press", player)``, ``("setup", family)``."""

READ = re.compile(r"(?P<place>point \d+|the bar|the tray|square \d+): (?P<stands>[^.]*)\."
                  r"(?: (?:It may go to (?P<goes>.*)|It cannot move now)\.)?")
WHOLE = "Your move is whole: press your button."
COUNTED = {" twice": 2, " three times": 3, " four times": 4}


class Ears:
    """The announcer's sink: every sentence written down, read once each by the player."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.read_up_to = 0

    def say(self, text: str, urgent: bool = False) -> None:
        self.said.append(text)

    def new(self) -> list[str]:
        """The sentences said since the last call."""
        fresh = self.said[self.read_up_to:]
        self.read_up_to = len(self.said)
        return fresh


@dataclass
class Mind:
    """What a no-look player does on hearing a sentence (a family's: :class:`TablesMind`,
    :class:`DraughtsMind`); ``me``, ``them``: the names the board says."""

    me: str
    them: str
    over: bool = False
    reads: int = 0  # places read by touch
    turns: int = 0  # his own moves made
    todo: deque[Action] = field(default_factory=deque)
    sources: list[Place] = field(default_factory=list)  # the places still to read this turn
    awaiting: str = ""  # the place whose reading is awaited ("point 13")
    whole: bool = False

    def hear(self, sentence: str) -> None:
        """Act on ``sentence`` (queue motions in :attr:`todo`)."""
        if sentence.startswith(("You win", f"{self.them} wins", "The game is drawn")):
            self.over = True
        elif sentence.startswith("Careful:"):  # the teacher's warning: he keeps his move
            self.todo.append(("press", 1))
        elif sentence == WHOLE:
            self.whole, self.sources, self.awaiting = True, [], ""
            self.todo.append(("press", 1))
        elif (found := READ.fullmatch(sentence)) is not None and found["place"] == self.awaiting:
            self.awaiting = ""
            self.reads += 1
            goes = [self.destination(word) for word in found["goes"].split(", ")] if found["goes"] else []
            if goes:
                self.move_mine(self.sources[0], *goes[0])
                self.sources = self.sources_after_move()
                if self.sources:
                    self.next_read()
            else:
                self.sources.pop(0)
                self.next_read()
        elif sentence.startswith(("Lift a man", "Put a man")):  # mend a false move (never meant)
            for verb, where in re.findall(r"(Lift|Put) a man (?:from|on) (\w+ \d+|the bar)", sentence):
                self.todo.append(("lift" if verb == "Lift" else "put", self.my_place(where)))
        else:
            self.family_hears(sentence)

    def begin_turn(self) -> None:
        """His turn to move: read his men's places one by one."""
        self.whole = False
        self.turns += 1
        self.sources = self.my_sources()
        self.next_read()

    def next_read(self) -> None:
        """Lift and put back the man of the next place to read (from the row: a tall stack shows it)."""
        if self.whole:
            return
        if not self.sources:  # nothing moves (the board says so as a whole move): press
            self.todo.append(("press", 1))
            return
        place = self.sources[0]
        self.awaiting = self.said_place(place)
        self.todo.extend([("lift row", place), ("put", place)])

    # -- the family's ------------------------------------------------------------------------------

    def family_hears(self, sentence: str) -> None:
        raise NotImplementedError

    def my_sources(self) -> list[Place]:
        raise NotImplementedError

    def sources_after_move(self) -> list[Place]:
        """What to read after a man is moved: his places again, from the first (tables: the next die)."""
        return self.my_sources()

    def said_place(self, place: Place) -> str:
        raise NotImplementedError

    def my_place(self, words: str) -> Place:
        raise NotImplementedError

    def destination(self, word: str) -> tuple[Place, bool]:
        raise NotImplementedError

    def move_mine(self, source: Place, target: Place, hits: bool) -> None:
        raise NotImplementedError


class TablesMind(Mind):
    """Backgammon, sitting as Black (player 1), the home table on the right: his point ``p`` is the
    board's ``p``, the adversary's ``q`` the board's ``25 - q``."""

    def __init__(self, me: str, them: str) -> None:
        super().__init__(me, them)
        start = {24: 2, 13: 5, 8: 3, 6: 5}
        self.mine = dict(start)  # his men per point of his own (25: the bar, 0: borne off)
        self.theirs = dict(start)
        self.working: dict[int, int] = {}

    def family_hears(self, sentence: str) -> None:
        if sentence == "Press a button to throw for the start." or sentence == "Your throw.":
            self.todo.append(("press", 1))
        elif sentence == f"{self.them} to throw.":
            self.todo.append(("press", 2))
        elif sentence.startswith("You throw "):
            self.working = dict(self.mine)
            self.begin_turn()
        elif sentence.startswith("You play "):
            self.apply(sentence.removeprefix("You play ").rstrip("."), self.mine, self.theirs)
            made = {p: n for p, n in self.working.items() if n}
            assert {p: n for p, n in self.mine.items() if n} == made, "the board read his play as he made it"
        elif sentence.startswith(f"{self.them} plays "):
            self.make_theirs(sentence.removeprefix(f"{self.them} plays ").rstrip("."))

    # his points and the board's places
    def mine_at(self, point: int) -> Place:
        return ("bar", 1) if point == 25 else ("tray", 1) if point == 0 else ("point", point)

    def theirs_at(self, point: int) -> Place:
        return ("bar", 2) if point == 25 else ("tray", 2) if point == 0 else ("point", 25 - point)

    def my_sources(self) -> list[Place]:
        if self.working.get(25):
            return [("bar", 1)]
        return [("point", p) for p in range(24, 0, -1) if self.working.get(p)]

    def said_place(self, place: Place) -> str:
        return "the bar" if place[0] == "bar" else f"point {place[1]}"

    def my_place(self, words: str) -> Place:
        return ("bar", 1) if words == "the bar" else ("point", int(words.split()[1]))

    def destination(self, word: str) -> tuple[Place, bool]:
        if word == "off":
            return ("tray", 1), False
        return ("point", int(word.split()[0])), word.endswith("hitting")

    def move_mine(self, source: Place, target: Place, hits: bool) -> None:
        """One man of his from ``source`` to ``target`` (their blot to their bar first)."""
        src = 25 if source[0] == "bar" else source[1]
        dst = 0 if target[0] == "tray" else target[1]
        self.working[src] -= 1
        self.working[dst] = self.working.get(dst, 0) + 1
        self.todo.append(("lift", source))
        if hits:
            self.todo.extend([("lift", target), ("put", ("bar", 2))])
        self.todo.append(("put", target))

    @staticmethod
    def chains(said: str) -> list[list[tuple[int, bool]]]:
        """A play read aloud ("13 7, 8 7 hit", "bar 22", "6 off", "13 9 twice") as its men's ways:
        each a list of (point, hit there), points in the mover's numbers (25 the bar, 0 off)."""
        if said == "cannot move":
            return []
        ways = []
        for chain in said.split(", "):
            count = 1
            for suffix, times in COUNTED.items():
                if chain.endswith(suffix):
                    chain, count = chain.removesuffix(suffix), times
            way: list[tuple[int, bool]] = []
            for token in chain.split():
                if token == "hit":
                    way[-1] = (way[-1][0], True)
                else:
                    way.append((25 if token == "bar" else 0 if token == "off" else int(token), False))
            ways += [way, *[[(point, False) for point, _ in way]] * (count - 1)]  # one blot, hit once
        return ways

    def apply(self, said: str, movers: dict[int, int], others: dict[int, int]) -> None:
        """The play ``said`` made by the owner of ``movers`` (his numbers): each hit man to the bar."""
        for way in self.chains(said):
            movers[way[0][0]] -= 1
            movers[way[-1][0]] = movers.get(way[-1][0], 0) + 1
            for point, hit in way[1:]:
                if hit:
                    others[25 - point] -= 1
                    others[25] = others.get(25, 0) + 1

    def make_theirs(self, said: str) -> None:
        """The adversary's play, made on the board by his hands: each man lifted and put, a man of
        his own hit on the way put on his bar first."""
        for way in self.chains(said):
            self.todo.append(("lift", self.theirs_at(way[0][0])))
            for point, hit in way[1:]:
                if hit:
                    self.todo.extend([("lift", self.mine_at(25 - point)), ("put", ("bar", 1))])
            self.todo.append(("put", self.theirs_at(way[-1][0])))
        self.apply(said, self.theirs, self.mine)


class DraughtsMind(Mind):
    """English draughts, sitting as Black (player 1, the first to move). His picture of the board is
    a rules board that only the moves he hears change."""

    def __init__(self, me: str, them: str) -> None:
        super().__init__(me, them)
        self.board: Board = find_variant("english")()

    def family_hears(self, sentence: str) -> None:
        if sentence == "Your turn.":
            self.begin_turn()
        elif sentence.startswith("You play "):
            self.board.push(self.move(sentence.removeprefix("You play ")))
        elif sentence.startswith(f"{self.them} plays "):
            move = self.move(sentence.removeprefix(f"{self.them} plays "))
            self.todo.append(("lift", ("square", move.from_square)))
            self.todo.extend(("lift", ("square", square)) for square in move.captures)
            self.todo.append(("put", ("square", move.to_square)))
            self.board.push(move)

    def move(self, said: str) -> object:
        """A move read aloud ("11 15", "22 takes 15 takes 8", "…, and is crowned") on his board."""
        text = said.rstrip(".").removesuffix(", and is crowned")
        text = text.replace(" takes ", "x") if " takes " in text else text.replace(" ", "-")
        return parse_move(self.board, text)

    def my_sources(self) -> list[Place]:
        return [("square", square) for square in sorted(self.board.pieces(False))]

    def said_place(self, place: Place) -> str:
        return f"square {place[1]}"

    def my_place(self, words: str) -> Place:
        return ("square", int(words.split()[1]))

    def destination(self, word: str) -> tuple[Place, bool]:
        return ("square", int(word.split()[0])), word.endswith("capturing")

    def move_mine(self, source: Place, target: Place, hits: bool) -> None:
        """His man from ``source`` to ``target``, the men it takes lifted (which: the rules say)."""
        move = next(m for m in self.board.legal_moves()
                    if m.from_square == source[1] and m.to_square == target[1])
        self.todo.append(("lift", source))
        self.todo.extend(("lift", ("square", square)) for square in move.captures)
        self.todo.append(("put", target))

    def sources_after_move(self) -> list[Place]:
        """Nothing: one move a turn (a capture's every leap at once); the board says it is whole."""
        return []


class NoLookPlayer:
    """The hands of a player who never looks (an actor of the session's loop): each step does one
    motion, or hears what was said since and plans the next ones."""

    prompted = True

    def __init__(self, hands: Hands, ears: Ears, mind: Mind, set_up: list[Action]) -> None:
        self.hands = hands
        self.ears = ears
        self.mind = mind
        mind.todo.extend(set_up)

    @property
    def expected_closed(self) -> set[int]:
        return self.hands.expected_closed

    def step(self, session: object) -> bool:
        """One motion (``session`` is never looked at: the words decide)."""
        mind = self.mind
        if not mind.todo:
            for sentence in self.ears.new():
                mind.hear(sentence)
        if mind.over:
            return False
        if mind.todo:
            verb, where = mind.todo.popleft()
            if verb in ("press", "release"):  # a press is held until the board has seen it
                assert isinstance(where, int)
                self.hands.press(where, verb == "press")
                if verb == "press":
                    mind.todo.appendleft(("release", where))
            elif verb == "setup":
                self.set_up(where)
            else:
                assert isinstance(where, tuple)
                if verb == "put":
                    self.hands.put(where)
                else:
                    self.hands.lift(where, from_row=verb == "lift row")
        return True

    def set_up(self, where: object) -> None:
        """The men set out by touch, as any player sets up his board."""
        if where == "tables":
            self.hands.turn_face(True)
            for place, count in ((("point", p), 2) for p in (1, 24)):
                for _ in range(count):
                    self.hands.put(place)
            for points, count in (((6, 19, 13, 12), 5), ((8, 17), 3)):
                for point in points:
                    for _ in range(count):
                        self.hands.put(("point", point))
        else:
            self.hands.turn_face(False)
            for square in [*range(1, 13), *range(21, 33)]:
                self.hands.put(("square", square))
