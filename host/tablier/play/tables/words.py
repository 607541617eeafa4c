"""The words typed at the terminal in a tables game (``roll``, ``dice A B``, ``choose N``, ``hint``,
``quit``...), the words of the table that the turn answers (``double``, ``claim``, ``vie``,
``resign``...), and takebacks: the men led back to where the turn began."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.board.guidance import next_step
from tablier.board.observation import visible
from tablier.board.tables_inference import Reading, Status
from tablier.errors import IllegalMoveError
from tablier.record.eventlog import Claim, CubeAction, Vie
from tablier.tables.turn import ACCEPT, ACTOR_WORDS, DOUBLE, DROP, PLAY, SEE, TABLE_WORDS, TAKE, VIE, YIELD

from .phase import TablesPhase

if TYPE_CHECKING:
    from .table import TablesTable


def state_words(session: TablesTable) -> str:
    """Where the game stands, in a few words."""
    mover = session._name(session.flow.turn)
    return {TablesPhase.SETUP: "the men are being set up",
            TablesPhase.OPENING: "the opening throw is awaited",
            TablesPhase.THROW: f"{mover} to throw", TablesPhase.PLAY: f"{mover} to play {session.flow.dice}",
            TablesPhase.ASKING: "the board asks which play: `choose N`",
            TablesPhase.OVER: "the game is over"}[session.phase]


def command(session: TablesTable, player: int, word: str, argument: str) -> None:
    """A word typed at the terminal (or said by a seat) by ``player`` (0: the side the word falls to)."""
    if word in ("roll", "throw", "done"):
        side = session.flow.turn if not player else player - 1
        session.on_button(side + 1)
    elif word == "dice":
        typed_dice(session, argument)
    elif word == "choose":
        if session.phase != TablesPhase.ASKING:
            raise IllegalMoveError("the board is not asking which play")
        index = int(argument) - 1 if argument.strip().isdigit() else -1
        if not 0 <= index < len(session.asking):
            raise IllegalMoveError(f"choose 1 to {len(session.asking)}")
        session.phase = TablesPhase.PLAY
        session._commit(session.asking[index])
    elif word == "hint":
        session.teacher.hint()
    elif word == "teacher":
        session.say(session.teacher.command(player, argument))
    elif word in ("takeback", "undo"):
        take_back(session, player)
    elif word in ("accept", "refuse") and session.takebacks.asked:
        answer_takeback(session, player, word)
    elif word == "refuse" or (word == ACCEPT and ACCEPT not in session.flow.words()):
        raise IllegalMoveError("no takeback has been asked for")
    elif word == "quit":
        session.say("quit: the game stops here; its log keeps it for `tablier play --resume`")
        session.finished = True
    elif word not in TABLE_WORDS:
        raise IllegalMoveError(f"{word!r} means nothing in {session.variant.title} "
                               f"({', '.join(session.command_words())})")
    else:
        table_word(session, player, word, argument)


def typed_dice(session: TablesTable, argument: str) -> None:
    """``dice A B``: the throw shown by physical dice (or the next throw, typed ahead)."""
    words = argument.replace("-", " ").split()
    if len(words) != 2 or not all(w.isdigit() and 1 <= int(w) <= 6 for w in words):
        raise IllegalMoveError(f"type the two dice, each 1 to 6, like `dice 6 3` (not {argument!r})")
    values = (int(words[0]), int(words[1]))
    session.dice.force(values)
    if session.phase == TablesPhase.OPENING:
        session._opening()
    elif session.phase == TablesPhase.THROW:
        session._turn_throw()
    else:
        session.say(f"the next throw will show {values[0]}-{values[1]}")


def table_word(session: TablesTable, player: int, word: str, argument: str) -> None:
    """A word of the table (``double``, ``claim``, ``vie``, ``resign``...) said by ``player`` (0: by
    the side the word belongs to): the turn answers it, the log records it, and the game goes on,
    ends, or moves to its next throw."""
    if session.takebacks.undo is not None:
        session.takebacks.close(f"`{word}` was said since")
    if player:
        side = player - 1
    elif word in ACTOR_WORDS:
        side = session.flow.turn
    else:
        side = 1 - session.flow.turn
    said = session.flow.command(side, word, argument)
    session.say(said)
    if word in (DOUBLE, TAKE, DROP):
        session.record(CubeAction(player=side, action=word, value=session.flow.cube_value))
    elif word in (VIE, SEE, YIELD):
        session.record(Vie(player=side, action=word, stake=session.flow.vies))
    else:
        session.record(Claim(player=side, claim=word, detail=argument))
    if session.flow.outcome is not None:
        session._game_over()
    elif session.phase == TablesPhase.PLAY and session.flow.awaiting != PLAY:
        session.phase = TablesPhase.THROW
        session.inference = None
    elif session.phase == TablesPhase.THROW and session.flow.awaiting == PLAY:
        session._begin_turn()


def take_back(session: TablesTable, player: int) -> None:
    """``takeback``: said by the side playing his throw, the men of the turn go back to where it
    began; said after a committed play (before the next throw), its player asks to take it back."""
    moved = session.inference is not None and tuple(session.observation.counts) != visible(
        session.inference.candidates[0].counts, session.ladder)
    if session.phase.moving and (player - 1 == session.flow.turn or (not player and moved)):
        if session.variant.facts.touch_and_take and session.flow.must_move():
            raise IllegalMoveError("touch and take: the man touched must be played")
        session.phase = TablesPhase.PLAY
        guide_back(session, "take back: put the men back where the turn began")
        return
    side = player - 1 if player else 1 - session.flow.turn
    undo = session.takebacks.ask(side)
    session.say(f"{session._name(side)} asks to take back {undo.notation}: {session._name(1 - side)}, "
             "say `accept` or `refuse`")


def answer_takeback(session: TablesTable, player: int, word: str) -> None:
    """``accept`` or ``refuse`` of the adversary of the side that asked to take a play back."""
    assert session.takebacks.undo is not None
    side = player - 1 if player else 1 - session.takebacks.undo.side
    undo = session.takebacks.answer(side)
    if word == "refuse":
        session.takebacks.asked = False
        session.say(f"{session._name(side)} refuses: {undo.notation} stands")
        return
    session.takebacks.close(f"{undo.notation} was taken back")
    session.flow = undo.state
    session.ply -= 1
    session.committed.pop()
    session.record(Claim(player=undo.side, claim="takeback", detail=undo.notation))
    session.say(f"{session._name(side)} agrees: {session._name(undo.side)} takes back {undo.notation} "
             f"and plays {session.flow.dice} again")
    session._begin_turn()
    guide_back(session, "put the men back where the turn began, as the lights show")


def guide_back(session: TablesTable, text: str) -> None:
    """Light the way back to the start of the turn (lift-here, put-here) until the men stand there."""
    assert session.inference is not None
    session.restoring = visible(session.inference.candidates[0].counts, session.ladder)
    session._stop_grace()
    session.say(text, "teach")
    follow_restoring(session)


def follow_restoring(session: TablesTable) -> bool:
    """While the men go back after a takeback: the next man to lift or put; False once they
    stand where the turn began (or no takeback is under way)."""
    if session.restoring is None or session.inference is None:
        return False
    seen = tuple(session.observation.counts)
    if seen == session.restoring:
        session.restoring = None
        session.guiding = False
        session.guide = None
        session.reading = session.inference.read(seen)
        session.say("the men stand where the turn began", "teach")
        return False
    session.guiding = True
    session.reading = Reading(Status.UNKNOWN)
    session.guide = next_step(dict(enumerate(seen)), dict(enumerate(session.restoring)))
    return True
