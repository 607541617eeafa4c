"""Board-to-board games: opening one, joining it with its code, playing it, resuming it.

:func:`open_game` connects to the broker, draws the game's code, and keeps the offer (the game, its
options, the dice, the opener's name and seat) on the broker for the joiner; it returns once the
joiner has answered. :func:`join_game` reads the offer with the code and answers it. Either host
then plays with :func:`play_remote`, which is ``tablier play`` (:func:`~tablier.play.runner.play`)
with the adversary's seat at the other board (:mod:`.remote_seat`) and the dice of both hosts
(:class:`~tablier.play.remote_link.RemoteDice`); at the end it says goodbye (logged first, as every
message is), waits until the other host has everything it sent, and disconnects.
:func:`resume_remote` goes on with a game from its log (``tablier play --resume LOG``),
as a killed or stopped host does.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from tablier import __version__
from tablier.errors import TablierError
from tablier.games import find_game
from tablier.record.eventlog import EventLog, ResultRecord, read_log
from tablier.record.log_writer import EventLogWriter
from tablier.remote.broker import Club
from tablier.remote.fairdice import Shares, new_secret
from tablier.remote.gamecode import derive, new_code
from tablier.remote.messages import MAX_NAME
from tablier.remote.peer import Peer, Refused, Topics, check_signed
from tablier.remote.refusals import Refusals
from tablier.remote.transport import MqttWire, read_retained

from .remote_link import RemoteDice, RemoteLink, Table
from .runner import PlayResult, play
from .session import PlayOptions

#: How long the host waits at the end for the other host to have all it sent.
DRAIN_S = 10.0
#: How long a joiner waits for the game of his code to be opened.
JOIN_WAIT_S = 120.0
#: How often an opener waiting for his adversary is reminded what the adversary must give.
REMIND_S = 30.0
#: Every offer kept on the broker, in any club: where a code opened in another club is found.
EVERY_OFFER = "tablier/+/+/offer/#"
#: The clubs whose offers are tried against a code, at most (each costs a derivation of its key).
MOST_CLUBS = 24


def _client_id(game_id: str, seat: int) -> str:
    return f"tablier-{game_id}-{seat}"


def _link(club: Club, peer: Peer, shares: Shares, table: Table) -> RemoteLink:
    """Connect seat ``peer.seat``'s persistent session to the broker."""
    topics = peer.topics

    def state(online: bool, stamp: int) -> tuple[str, bytes]:
        topic, message = peer.state(online, stamp)
        return topic, message.payload()

    wire = MqttWire(club.broker, club.login, _client_id(peer.keys.game_id, peer.seat),
                    [topics.seat(peer.other), topics.state(peer.other)], state)
    wire.start()
    return RemoteLink(wire, peer, shares, table, club.broker.url(), club.name)


def open_game(club: Club, options: PlayOptions, game: str, dice: str, seat: int = 1,
              told: Callable[[str], None] = print, timeout: float | None = None,
              code: str | None = None, said: Callable[[str], None] | None = None) -> tuple[RemoteLink, str]:
    """Open a game of ``game`` (``options.players[seat - 1]``: the opener's name), tell its code
    through ``told``, and wait (up to ``timeout`` seconds, forever if None) for the joiner; what is
    said while waiting (a reminder every :data:`REMIND_S`, the messages refused, a few lines however
    many come) goes to ``said`` (default: ``told``)."""
    said = said or told
    name = options.players[seat - 1]
    code = code or new_code()
    keys = derive(code, club.name)
    peer = Peer(keys, club.name, seat, club.login.user)
    shares = Shares(new_secret(), keys.game_id, seat)
    table = Table(find_game(game).name, dict(options.options), options.match_length, options.games, dice,
                  options.position, ["", ""])
    table.names[seat - 1] = name
    link = _link(club, peer, shares, table)
    link.send("offer", {"game": table.game, "options": table.options, "match": table.match_length,
                        "games": table.games, "dice": dice, "position": table.position, "name": name,
                        "seat": seat, "commit": shares.commitment(1), "version": __version__})
    told(code)
    refused = Refusals(said)
    began = time.monotonic()
    deadline = None if timeout is None else began + timeout
    remind = began + REMIND_S
    while not table.names[peer.other - 1]:
        messages, refusals = link.take()
        for refusal in refusals:
            refused.add(refusal)
        refused.due()
        if time.monotonic() >= remind:
            remind += REMIND_S
            said(f"nobody has joined yet ({time.monotonic() - began:.0f} s): your adversary gives this "
                 f"code, --club {club.name} and this broker ({club.broker.host}:{club.broker.port})")
        for message in messages:
            if message.kind == "join":
                table.names[peer.other - 1] = str(message.body["name"])
            elif message.kind == "state" and message.body["online"]:
                link.resend(force=True)
        link.resend()  # the offer again, every few seconds: put back if another user cleared it
        if deadline is not None and time.monotonic() > deadline:
            link.wire.close()
            raise TablierError(f"nobody joined the game within {timeout:g} s")
        time.sleep(0.02)
    if table.names[0] == table.names[1]:
        table.names[peer.other - 1] = second(table.names[peer.other - 1])
    return link, code


def second(name: str) -> str:
    """The second of two players of one name: ``Ann (2)``, within a name's length."""
    return f"{name[:MAX_NAME - 4]} (2)"


def join_game(club: Club, code: str, name: str, told: Callable[[str], None] = print,
              timeout: float = JOIN_WAIT_S) -> RemoteLink:
    """Join the game of ``code`` as ``name``: read its offer on the broker and answer it."""
    keys = derive(code, club.name)
    topics = Topics.of(club.name, keys.game_id)
    refused: list[str] = []

    def signed(where: str, payload: bytes) -> bool:  # another user's offer there is not the game's
        try:
            check_signed(keys, where, payload)
        except Refused as error:
            refused[:] = [str(error)]
            return False
        return topics.is_offer(where)

    def waiting() -> None:  # nothing at once: is the code's game open in another club?
        other = club_of_code(club, code)
        if other is not None:
            raise TablierError(f"no game of this code in club {club.name!r}, but there is one in club "
                               f"{other!r}: join it with --club {other}")
        told(f"no game of this code is open in club {club.name!r} at {club.broker.url()} yet: waiting "
             f"for it (up to {timeout:g} s); if it is open, check the code and the club (the opener's "
             "--club)")

    found = read_retained(club.broker, club.login, f"tablier-{keys.game_id}-join-{secrets.token_hex(3)}",
                          topics.offers, timeout, waiting, signed)
    if found is None:
        raise TablierError(f"no game with this code in club {club.name!r} at {club.broker.url()} "
                           f"(waited {timeout:g} s): check the code and the club"
                           + (f" (an offer there was refused: {refused[0]})" if refused else ""))
    where, payload = found
    offer = check_signed(keys, where, payload)
    body = offer.body
    seat = 3 - int(body["seat"])
    peer = Peer(keys, club.name, seat)
    shares = Shares(new_secret(), keys.game_id, seat)
    names = ["", ""]
    names[offer.sender - 1] = str(body["name"])
    names[seat - 1] = name if name != names[offer.sender - 1] else second(name)
    table = Table(str(body["game"]), dict(body["options"]), int(body["match"]), int(body["games"]),
                  str(body["dice"]), str(body["position"]), names)
    link = _link(club, peer, shares, table)
    link.take_offer(where, payload)
    link.send("join", {"name": names[seat - 1], "commit": shares.commitment(1), "version": __version__})
    return link


def club_of_code(club: Club, code: str, look_s: float = 2.0) -> str | None:
    """The club, other than ``club.name``, in which a game of ``code`` is open on the broker (its
    offers read for ``look_s`` seconds), None when none is seen."""
    wire = MqttWire(club.broker, club.login, f"tablier-look-{secrets.token_hex(4)}", [EVERY_OFFER], None)
    wire.start()
    ids: dict[str, str] = {}  # club -> the game id of the code there
    try:
        deadline = time.monotonic() + look_s
        while time.monotonic() < deadline:
            for topic, payload in wire.received():
                parts = topic.split("/")
                name = parts[1] if len(parts) > 3 else club.name
                if not payload or name == club.name or (name not in ids and len(ids) >= MOST_CLUBS):
                    continue
                if name not in ids:
                    ids[name] = derive(code, name).game_id
                if parts[2] == ids[name]:
                    return name
            time.sleep(0.02)
    finally:
        wire.close()
    return None


def table_options(link: RemoteLink, options: PlayOptions) -> PlayOptions:
    """``options`` (this board's own: teaching, grace...) with the game both hosts agreed on."""
    table = link.table
    return replace(options, players=(table.names[0], table.names[1]), match_length=table.match_length,
                   games=table.games, options=dict(table.options), position=table.position,
                   remote=link.remote_options())


def play_remote(link: RemoteLink, options: PlayOptions, **where: Any) -> PlayResult:
    """Play the game of ``link`` on this host's board (``where``: :func:`~tablier.play.runner.play`'s
    keywords: ``sim``, ``port``, ``log_dir``, ``make_actor``, ``view``...)."""
    result: PlayResult | None = None
    try:
        result = play(link.table.game, table_options(link, options), RemoteDice(link),
                      closing=lambda session: say_goodbye(link, session.over), **where)
        return result
    finally:
        finish(link, result.session.over if result is not None else False)


def resume_remote(path: Path, code: str, club: Club, grace_s: float | None = None,
                  **where: Any) -> PlayResult:
    """Go on with the board-to-board game of the log at ``path`` (its broker, club and seat are in
    the log; ``club`` gives this host's login; the code is asked again, never logged). A log whose
    match is over (its host stopped before its goodbye, or before the other host had all it sent)
    only sends what the other host lacks, and its goodbye."""
    from .resume import resume_log

    log = read_log(path)
    remote = dict(log.header.remote)
    if not remote:
        raise TablierError(f"{path}: not a board-to-board game (resume it without --code)")
    club = replace(club, name=remote.get("club", club.name))
    keys = derive(code, club.name)
    if keys.game_id != remote.get("game"):
        raise TablierError("this is not the code of the log's game (its code was given when it was opened)")
    seat = int(remote.get("seat", "1"))
    peer = Peer(keys, club.name, seat)
    players = log.header.players
    table = Table(log.header.game, dict(log.header.options), log.header.match_length, log.header.games,
                  remote.get("dice", "electronic"), log.header.position, [players[0], players[1]])
    link = _link(club, peer, Shares(new_secret(), keys.game_id, seat), table)
    link.restore(log.records)
    results = log.of(ResultRecord)
    if results and results[-1].match_over:
        return _end_delivered(path, log, link)
    result: PlayResult | None = None
    try:
        result = resume_log(path, RemoteDice(link), grace_s,
                            closing=lambda session: say_goodbye(link, session.over), **where)
        return result
    finally:
        finish(link, result.session.over if result is not None else False)


def _end_delivered(path: Path, log: EventLog, link: RemoteLink) -> PlayResult:
    """The match of ``log`` is over: send what the other host lacks (its goodbye too, logged first
    if it never was) and leave; the result is the match as the log holds it."""
    from .replay import rebuild

    session = rebuild(log).session
    session.over = True
    try:
        with EventLogWriter(path) as writer:
            link.logging_to(writer.write)
            if not any(message.kind == "bye" for message in link.restored_sent):
                say_goodbye(link, over=True)
            link.resend(force=True)
    finally:
        finish(link, True)
    return PlayResult(session, path)


def say_goodbye(link: RemoteLink, over: bool) -> None:
    """Tell the other host this one stops (the match is over, or it was stopped), in the log first."""
    why = "the match is over" if over else "stopped; its game goes on after tablier play --resume"
    link.send("bye", {"why": why})


def finish(link: RemoteLink, over: bool) -> None:
    """After the goodbye (:func:`say_goodbye`, while the game's log is open): wait (up to
    :data:`DRAIN_S`, while the other host is online) until the other host has all we sent,
    disconnect; a finished match leaves nothing retained on the broker. Whatever it lacks still
    waits on the broker for it, and is sent again when this host resumes."""
    link.close_log()
    needed = link.peer.next_seq - 1
    deadline = time.monotonic() + DRAIN_S
    while link.peer.acked < needed and link.peer.other_online is not False and time.monotonic() < deadline:
        link.take_acks()
        link.resend()
        time.sleep(0.01)
    offer = link.peer.outbox.get(1, ("", None))[0]
    if over and link.peer.topics.is_offer(offer):  # the opener's offer is no longer needed
        link.wire.publish(offer, b"", retain=True)
    link.wire.close(forget=over)


#: The records of the game itself: what both hosts' logs hold alike, in the same order.
SHARED = ("game_start", "dice", "commit", "cube", "claim", "vie", "result")


def shared_records(path: Path) -> list[dict[str, Any]]:
    """What of a board-to-board game's log both hosts' logs hold identically: the game's own records
    (games begun, throws, plays, the cube, claims and other words of the table, vies, results) and the
    proof of every fair throw, in order, without their times; a game's start without the way round
    its board was set up (each board's own), no play's mark (each host's teacher grades its own
    player's plays, as that player asked), and nothing of each board's switches, link or messages."""
    from tablier.record.eventlog import RemoteRecord

    shared: list[dict[str, Any]] = []
    for record in read_log(path):
        if record.kind in SHARED or (isinstance(record, RemoteRecord) and record.event == "throw"):
            data = record.to_json()
            data.pop("t", None)
            if record.kind == "game_start":
                data.pop("orientation", None)
            data.pop("mark", None)
            shared.append(data)
    return shared
