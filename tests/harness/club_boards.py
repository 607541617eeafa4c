"""A club's boards for the tests and the bench: simulated boards that play, and light publishers.

:func:`play_board` plays one whole game on the simulated board (the firmware under MicroPython, the
built-in players' hands on its switches, as ``tablier demo`` does) with the board's club feed, as
``tablier play --sim --club-broker ...`` does; run as a script it is one board of a club, in a
process of its own (``python club_boards.py PORT CLUB BOARD GAME SEED LOGDIR [DELAY [MATCH [GAMES
[CLOCK]]]]``).
:class:`LightBoard` publishes the scenes and record of a real game without the firmware (a board
of the bench's fifty).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

CODE = "C1AB-C0DE-F0RT-E5T5"  # the club code of the tests' clubs


def play_board(port: int, club_name: str, board: str, game: str, seed: int, log_dir: Path,
               delay: float = 0.0, match: int = 0, games: int = 1, user: str = "ann", clock: str = ""
               ) -> bool:
    """One simulated board playing ``game`` (a match to ``match`` points, or ``games`` games) to its end
    with its club feed (``clock``: with that match clock, as ``--clock`` gives); whether it finished."""
    from tablier.club.feed import ClubFeed
    from tablier.club.messages import club_key
    from tablier.games import find_game
    from tablier.play.autoplay import AutoHands
    from tablier.play.dice import Dice
    from tablier.play.runner import play
    from tablier.play.session import PlayOptions

    sys.path.insert(0, str(HERE.parent))
    from harness.games import PatientHands
    from harness.mosquitto import USERS
    from tablier.remote.broker import Broker, Club, Login

    club = Club(Broker("127.0.0.1", port, user=user), Login(user, USERS[user]), club_name)
    feed = ClubFeed(club, club_key(CODE, club_name), board).start()
    info = find_game(game)
    names = (f"{board} greedy", f"{board} random")
    options = PlayOptions(players=names, grace_s=5.0, match_length=match, games=games,
                          quality=("off", "off"), clock=clock)  # as `tablier demo` plays by default
    result = play(info.name, options, Dice(seed), sim=True, log_dir=log_dir, watch=feed, timeout=600,
                  make_actor=lambda hands, cable: PatientHands(AutoHands(hands, ("greedy", "random"),
                                                                         seed=seed, delay=delay)))
    feed.finish(result.log_path, result.session.over)
    return result.session.over


def match_body(log: Path, over: bool, first: int = 0, last: int | None = None) -> dict[str, object]:
    """The body of a ``match`` message holding records ``first`` to ``last`` of the match in ``log``,
    as a board's feed publishes them."""
    from tablier.club.feed import match_id
    from tablier.club.messages import MATCH_RECORDS
    from tablier.record.eventlog import read_log

    records = read_log(log).records
    published = [record.to_json() for record in records if record.kind in MATCH_RECORDS]
    return {"id": match_id(records[0]), "from": first,  # type: ignore[arg-type]
            "records": published[first:last], "over": over}


if __name__ == "__main__":
    port, club_name, board, game, seed, log_dir = sys.argv[1:7]
    delay = float(sys.argv[7]) if len(sys.argv) > 7 else 0.0
    match = int(sys.argv[8]) if len(sys.argv) > 8 else 0
    games = int(sys.argv[9]) if len(sys.argv) > 9 else 1
    clock = sys.argv[10] if len(sys.argv) > 10 else ""
    started = time.monotonic()
    over = play_board(int(port), club_name, board, game, int(seed), Path(log_dir), delay, match, games,
                      clock=clock)
    print(f"{board}: {'over' if over else 'stopped'} in {time.monotonic() - started:.1f} s", flush=True)
    sys.exit(0 if over else 1)
