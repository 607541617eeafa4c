"""The wire's pure parts, without a broker: game codes, signatures, the messages' validation, the
fair dice and the peer's sequence numbers, duplicates and resends."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from tablier.remote.fairdice import Shares, ThrowProof, commitment, dice_of, new_secret
from tablier.remote.gamecode import ALPHABET, GameCodeError, derive, new_code, normalize
from tablier.remote.messages import MAX_BYTES, MessageError, envelope, parse
from tablier.remote.peer import Peer, Refused, Topics
from tablier.remote.signing import sign, verify

CODE = "K7QX-9MWP-3RTA-ZE4N"


def test_a_new_code_reads_in_four_groups_of_crockford_base32() -> None:
    code = new_code()
    assert len(code) == 19 and code.count("-") == 3
    assert all(c in ALPHABET for c in code.replace("-", ""))
    assert new_code() != code


def test_a_code_forgives_misreadings_and_refuses_what_is_not_one() -> None:
    assert normalize(" k7qx 9mwp-3rta-ze4n ") == "K7QX9MWP3RTAZE4N"
    assert normalize("O0IL" * 4) == "0011" * 4
    with pytest.raises(GameCodeError, match="16 letters and digits"):
        normalize("K7QX-9MWP")
    with pytest.raises(GameCodeError, match="only letters and digits"):
        normalize("K7QX-9MWP-3RTA-ZE4!")


def test_the_same_code_gives_both_hosts_the_same_game_and_key_and_another_club_another() -> None:
    keys = derive(CODE, "riverside")
    assert keys == derive(CODE.lower().replace("-", " "), "riverside")
    assert len(keys.game_id) == 16 and len(keys.key) == 32
    other = derive(CODE, "hilltop")
    assert other.game_id != keys.game_id and other.key != keys.key
    assert normalize(CODE).lower() not in keys.game_id


def test_a_signature_covers_every_field_and_the_topic() -> None:
    key = derive(CODE, "c").key
    message = sign(key, "t/1", {"seq": 3, "body": {"word": "play", "arg": "13/7"}})
    assert verify(key, "t/1", message)
    assert not verify(key, "t/2", message)
    assert not verify(derive(new_code(), "c").key, "t/1", message)
    altered = {**message, "body": {"word": "play", "arg": "13/8"}}
    assert not verify(key, "t/1", altered)
    assert not verify(key, "t/1", {k: v for k, v in message.items() if k != "mac"})


def _signed(kind: str, body: dict[str, object], seq: int = 1, sender: int = 1) -> bytes:
    keys = derive(CODE, "c")
    return json.dumps(sign(keys.key, "t", envelope(keys.game_id, sender, seq, kind, body))).encode()


GOOD = {
    "offer": {"game": "backgammon", "options": {"cube": "True", "backgammon_zone": "far-side"},
              "match": 5, "games": 1, "dice": "electronic",
              "position": "", "name": "Ann", "seat": 1, "commit": "a" * 64, "version": "0.1.0"},
    "join": {"name": "Bob", "commit": "b" * 64, "version": "0.1.0"},
    "action": {"at": 4, "by": 2, "word": "play", "arg": "bar/22* 13/7"},
    "reveal": {"at": 5, "n": 3, "share": "c" * 64, "commit": "d" * 64},
    "propose": {"id": 1, "word": "claim", "arg": "Going in"},
    "refused": {"id": 1, "why": "no move to take back"},
    "bye": {"why": "the match is over"},
}


@pytest.mark.parametrize("kind", sorted(GOOD))
def test_every_kind_of_message_parses(kind: str) -> None:
    message = parse(_signed(kind, GOOD[kind]))
    assert (message.kind, dict(message.body)) == (kind, GOOD[kind])


@pytest.mark.parametrize(("payload", "reason"), [
    (b"\xff\xfe", "not a JSON message"),
    (b"[1, 2]", "not a JSON object"),
    (b'{"v": 2}', "newer Tablier"),
    (b'{"v": 1, "game": "zz"}', "game \"zz\" is not a game id"),
    (b"x" * (MAX_BYTES + 1), "at most"),
])
def test_what_is_not_a_message_is_refused_in_one_line(payload: bytes, reason: str) -> None:
    with pytest.raises(MessageError, match=reason) as caught:
        parse(payload)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(("kind", "body", "reason"), [
    ("action", {**GOOD["action"], "word": "cheat"}, "not a step or a word"),
    ("action", {**GOOD["action"], "arg": "13/7; rm -rf"}, "not an argument"),
    ("action", {k: v for k, v in GOOD["action"].items() if k != "at"}, "without its 'at'"),
    ("action", {**GOOD["action"], "extra": 1}, "unknown field 'extra'"),
    ("reveal", {**GOOD["reveal"], "share": "C" * 64}, "not a share"),
    ("join", {**GOOD["join"], "name": "Bob\nAnn"}, "not a player's name"),
    ("offer", {**GOOD["offer"], "seat": 3}, "not seat 1 or 2"),
    ("offer", {**GOOD["offer"], "options": {"Cube!": "x"}}, "not the game's options"),
    ("action", {**GOOD["action"], "at": True}, "not an index"),
])
def test_a_malformed_body_is_refused_naming_the_field(kind: str, body: dict[str, object],
                                                      reason: str) -> None:
    with pytest.raises(MessageError, match=reason):
        parse(_signed(kind, body))


def test_a_state_is_the_only_message_without_a_sequence_number() -> None:
    with pytest.raises(MessageError, match="an action with sequence number 0"):
        parse(_signed("action", GOOD["action"], seq=0))


def test_a_commitment_binds_the_share_and_the_proof_checks_every_throw() -> None:
    game = derive(CODE, "c").game_id
    ann, bob = Shares(new_secret(), game, 1), Shares(new_secret(), game, 2)
    shares = (ann.share(7), bob.share(7))
    dice = dice_of(game, 7, shares)
    proof = ThrowProof(7, (ann.commitment(7), bob.commitment(7)), (shares[0].hex(), shares[1].hex()), dice)
    assert proof.problem(game) == ""
    forged = ThrowProof(7, proof.commitments, (proof.shares[0], bob.share(8).hex()), dice)
    assert "seat 2's share of throw 7 does not match its commitment" in forged.problem(game)
    assert commitment(game, 1, 7, shares[0]) == ann.commitment(7) != ann.commitment(8)
    other = (1, 2) if dice != (1, 2) else (3, 4)
    assert "give" in ThrowProof(7, proof.commitments, proof.shares, other).problem(game)


def test_one_honest_share_makes_the_dice_fair_whatever_the_other_side_chose() -> None:
    """Seat 2 keeps the same share for 3,600 throws (the worst it can do without seeing seat 1's):
    every face still comes about as often as any other (a chi-square test, 5 degrees of freedom)."""
    game = derive(CODE, "c").game_id
    fixed = bytes(32)
    rng = random.Random(4)
    faces = Counter(die for n in range(1, 1801)
                    for die in dice_of(game, n, (rng.randbytes(32), fixed)))
    expected = sum(faces.values()) / 6
    chi_square = sum((faces[face] - expected) ** 2 / expected for face in range(1, 7))
    assert set(faces) == set(range(1, 7)) and chi_square < 20.5  # p = 0.001


def _pair() -> tuple[Peer, Peer]:
    keys = derive(CODE, "club")
    return Peer(keys, "club", 1), Peer(keys, "club", 2)


def test_the_peer_takes_each_message_once_and_in_order() -> None:
    ann, bob = _pair()
    sent = [ann.make("action", {"at": n, "by": 1, "word": "play", "arg": "13/7"}) for n in (1, 2, 3)]
    (t1, m1), (t2, m2), (t3, m3) = sent
    assert bob.accept(t2, m2.payload()) == []  # early: waits for the first
    assert [m.seq for m in bob.accept(t1, m1.payload())] == [1, 2]
    assert bob.accept(t1, m1.payload()) == [] and bob.accept(t2, m2.payload()) == []  # resent copies
    assert bob.duplicates == 2
    assert [m.seq for m in bob.accept(t3, m3.payload())] == [3]


def test_the_peer_refuses_what_another_broker_user_could_publish() -> None:
    ann, bob = _pair()
    topic, message = ann.make("action", {"at": 1, "by": 1, "word": "resign", "arg": ""})
    stranger = Peer(derive(new_code(), "club"), "club", 1)
    _, forged = stranger.make("action", {"at": 1, "by": 1, "word": "resign", "arg": ""})
    cases = [
        (Topics.of("club", ann.keys.game_id).seat(1), forged.payload(), "not signed with this game's key"),
        (Topics.of("club", ann.keys.game_id).seat(2), message.payload(), "not signed with this game's key"),
        (topic, message.payload().replace(b"resign", b"double"), "not signed with this game's key"),
        (topic, b"{}", "malformed"),
    ]
    for where, payload, reason in cases:
        with pytest.raises(Refused, match=reason):
            bob.accept(where, payload)
    with pytest.raises(Refused, match="which is this host's"):
        ann.accept(topic, message.payload())  # one's own message sent back
    assert bob.received == 0


def test_the_other_sides_state_says_what_to_send_again() -> None:
    ann, bob = _pair()
    for n in (1, 2, 3):
        ann.make("action", {"at": n, "by": 1, "word": "play", "arg": "-"})
    for topic, message in ann.unacked()[:2]:
        bob.accept(topic, message.payload())
    topic, state = bob.state(True, 10)
    assert [m.kind for m in ann.accept(topic, state.payload())] == ["state"]
    assert [m.seq for _, m in ann.unacked()] == [3]
    old_topic, old = bob.state(True, 5)  # an older connection's state, published again by someone
    assert ann.accept(old_topic, old.payload()) == [] and ann.other_online is True


def test_a_peer_restored_from_its_log_goes_on_numbering_and_taking_in() -> None:
    ann, bob = _pair()
    sent = [ann.make("action", {"at": n, "by": 1, "word": "play", "arg": "-"}) for n in (1, 2)]
    taken = [m for topic, message in sent for m in bob.accept(topic, message.payload())]
    again_ann, again_bob = _pair()
    again_ann.restore(sent, [])
    again_bob.restore([], taken)
    assert again_ann.make("bye", {"why": "x"})[1].seq == 3
    assert again_bob.received == 2 and again_bob.accept(*sent[1][:1], sent[1][1].payload()) == []


def test_a_new_message_under_an_old_number_is_told_not_dropped_as_a_copy() -> None:
    """Issue 31, item 1: a resumed host's message took the number of its goodbye, and the other host
    dropped it silently as a copy: each board then waited for the other for ever, nothing said."""
    ann, bob = _pair()
    topic, bye = ann.make("bye", {"why": "stopped"})
    assert [m.kind for m in bob.accept(topic, bye.payload())] == ["bye"]
    again, _ = _pair()
    topic, action = again.make("action", {"at": 1, "by": 1, "word": "play", "arg": "13/7"})  # number 1 again
    with pytest.raises(Refused, match="another message under the number 1"):
        bob.accept(topic, action.payload())
    restored = _pair()[1]
    restored.restore([], [bye])  # the same, for a host resumed from its log
    with pytest.raises(Refused, match="another message under the number 1"):
        restored.accept(topic, action.payload())
    assert bob.accept(topic, bye.payload()) == [] and bob.duplicates == 1  # a true copy is dropped
