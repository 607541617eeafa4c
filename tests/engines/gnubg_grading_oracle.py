"""GNU Backgammon's own grading of the plays of a real match, read from the SGF it writes.

GNU Backgammon's default thresholds are not the same in every version (the binding's 1.1.0a16 marks
from 0.03, 0.06, 0.12; its classic bands are 0.04, 0.08, 0.16): the child sets the thresholds asked.
A child process imports the ``.mat`` file into GNU Backgammon (the PyPI binding), analyses every
chequer play with the settings asked, saves the match as SGF, and exits: the binding prints to
file descriptor 1 and hangs on evaluations unless ``set threads 1`` ran (the project's oracle notes).
In GNU Backgammon's SGF each move node carries its analysis, ``A[i][candidate ...]...`` (``i`` the
index of the play made among the candidates, best first, each candidate's sixth number its equity),
and the mark of the play made: ``DO[]`` doubtful, ``BM[1]`` bad, ``BM[2]`` very bad (none: not
marked). Once a double is taken GNU Backgammon's marks no longer follow the cubeless equities it
writes (the cube's owner changes what a loss is worth), so the tests compare the plays made while
the cube is in the middle, as the teacher's cubeless ranking sees every play.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from tablier.engines.profiles import Bands

CHILD = r"""
import sys, gnubg
source, target, plies, cubeful, doubtful, bad, very_bad = sys.argv[1:8]
gnubg.command('set threads 1')
gnubg.command(f'set analysis threshold doubtful {doubtful}')
gnubg.command(f'set analysis threshold bad {bad}')
gnubg.command(f'set analysis threshold verybad {very_bad}')
gnubg.command('new match 1')
gnubg.command(f'import mat "{source}"')
gnubg.command(f'set analysis chequerplay evaluation plies {plies}')
gnubg.command(f'set analysis chequerplay evaluation cubeful {cubeful}')
gnubg.command('set analysis cube off')
gnubg.command('set analysis luck off')
gnubg.command('analyse match')
gnubg.command(f'save match "{target}"')
"""

MARKS = {"DO[]": "doubtful", "BM[1]": "bad", "BM[2]": "very bad"}
_NODE = re.compile(r";([BW])\[(\d)(\d)[a-z]*\]")
_CANDIDATE = re.compile(r"\[[a-z]* E ver 3 ((?:-?\d+\.\d+ ){5}-?\d+\.\d+)")


@dataclass(frozen=True)
class GradedPlay:
    """One chequer play as GNU Backgammon graded it: the dice, its candidates' equities (best first;
    none for a dance), the index of the play made among them, its mark (``""``: not marked), and
    whether the cube was still in the middle (no double taken yet in the game)."""

    dice: tuple[int, int]
    equities: tuple[float, ...]
    played: int
    mark: str
    centred: bool

    @property
    def loss(self) -> float:
        """The play made's equity loss against the best, as GNU Backgammon's analysis saw it."""
        return self.equities[0] - self.equities[self.played] if self.equities else 0.0


def money_copy(mat: Path, folder: Path) -> Path:
    """A copy of the match ``mat`` as a money session (``0 point match``): GNU Backgammon then grades
    by money equity, as the teacher's ranking does, not by match winning chances at the score."""
    text = mat.read_text(encoding="utf-8", errors="replace")
    copy = folder / mat.name
    copy.write_text(re.sub(r"(?m)^(\s*)\d+ point match", r"\g<1>0 point match", text, count=1),
                    encoding="utf-8")
    return copy


def gnubg_grading(mat: Path, bands: Bands, plies: int = 0, cubeful: bool = False,
                  money: bool = True) -> list[list[GradedPlay]]:
    """Each game's chequer plays (dances included, with no candidates) as GNU Backgammon grades them
    with the thresholds ``bands`` (``plies``: its look-ahead; ``money``: the match played as a money
    session)."""
    with tempfile.TemporaryDirectory() as folder:
        source = money_copy(mat, Path(folder)) if money else mat
        target = Path(folder) / "graded.sgf"
        arguments = [str(source), str(target), str(plies), "on" if cubeful else "off",
                     str(bands.doubtful), str(bands.bad), str(bands.very_bad)]
        subprocess.run([sys.executable, "-c", CHILD, *arguments], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=900, check=True)
        text = target.read_text(encoding="utf-8")
    return [_plays(game) for game in text.split("(;FF[4]")[1:]]


def _plays(game: str) -> list[GradedPlay]:
    plays = []
    centred = True
    previous = ""
    for node in (node.rstrip(")") for node in game.split("\n") if node.startswith(";")):
        if node == previous and "A[" not in node:
            continue  # GNU Backgammon writes a dance twice before some "Loses" lines
        previous = node
        found = _NODE.match(node)
        if not found:  # a cube action
            centred = centred and not node.startswith((";B[take]", ";W[take]"))
            continue
        dice = (int(found.group(2)), int(found.group(3)))
        analysis = re.search(r"A\[(\d+)\]", node)
        equities = tuple(float(c.split()[-1]) for c in _CANDIDATE.findall(node))
        mark = next((name for code, name in MARKS.items() if code in node), "")
        plays.append(GradedPlay(dice, equities, int(analysis.group(1)) if analysis else 0, mark, centred))
    return plays
