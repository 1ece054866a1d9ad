"""Hostile clients: thousands of malformed, oversized, unknown, out-of-turn and illegal frames
thrown at a table between honest moves. The table answers each with an error or a refusal to
the sender only, its state is unchanged, the game still finishes, and no message sent to any
seat names a card that seat may not know (checked from the full state, not from for_seat)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.cards import CARDS, cards_of
from game.engine.hand import Phase
from game.engine.match import Match
from game.engine.players import RandomPlayer, decide
from game.engine.rules import Rules
from game.engine.save import save_match
from game.net import protocol as p
from game.net.online_table import NetTable
from tests.helpers.net import assert_no_leak, cards_named, may_know

CARD_NAMES = [str(c) for c in CARDS]
TYPES = ["hello", "create", "move", "ready", "start", "bot", "leave", "welcome", "update", ""]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def _frame(value: Any) -> bytes:
    return json.dumps(value).encode()


move_texts = st.one_of(
    st.builds(lambda c: f"play {c}", st.sampled_from(CARD_NAMES)),
    st.builds(lambda cs: "pass " + " ".join(cs), st.lists(st.sampled_from(CARD_NAMES), max_size=5)),
    st.sampled_from(
        ["moon -26", "moon +26", "moon 0", "play", "pass", "", "play QS QH", "play 1S"]
    ),
    st.text(max_size=30),
)

frames = st.one_of(
    st.binary(max_size=40),  # not JSON, or not UTF-8
    st.text(max_size=40).map(str.encode),
    json_values.map(_frame),  # JSON of any shape
    st.builds(
        lambda t, extra: _frame({"type": t, **extra}),
        st.sampled_from(TYPES),
        st.dictionaries(
            st.sampled_from(["move", "seat", "name", "version", "token", "x"]),
            json_values,
            max_size=3,
        ),
    ),  # known and unknown types, wrong fields
    st.text(min_size=1, max_size=12).map(lambda t: _frame({"type": t})),  # unknown types
    st.integers(p.MAX_CLIENT_MESSAGE - 10, 3 * p.MAX_CLIENT_MESSAGE).map(
        lambda n: _frame({"type": "move", "move": "x" * n})
    ),  # oversized
    move_texts.map(lambda m: _frame({"type": "move", "move": m})),  # out of turn or illegal
    st.sampled_from([{"type": "start"}, {"type": "ready"}, {"type": "bot", "seat": 1}]).map(_frame),
)


def state_of(table: NetTable) -> Any:
    assert table.match is not None
    seats = [(s.name, s.kind, s.token) for s in table.seats]
    return save_match(table.match), seats, table.version


def legal_now(table: NetTable, seat: int, raw: bytes) -> bool:
    """Whether ``raw`` is a message the table should act on (an honest move or a due
    acknowledgement), judged from the seat's view, not by the table itself."""
    try:
        message = p.decode_client(raw)
    except p.ProtocolError:
        return False
    assert table.match is not None
    view = table.match.view(seat)
    if isinstance(message, p.Leave):
        return True  # leaving is always allowed (a bot takes the seat)
    if isinstance(message, p.Ready):
        return view.phase is Phase.HAND_OVER
    if isinstance(message, p.GiveToBot | p.Start):
        return seat == table.host and isinstance(message, p.GiveToBot)
    if not isinstance(message, p.Play):
        return False
    words = message.move.split()
    try:
        cards = [CARDS.index(CARDS[0].parse(w)) for w in words[1:]]
    except ValueError:
        return False
    head = words[0].lower() if words else ""
    if head == "play" and len(cards) == 1:
        return cards[0] in view.legal_cards()
    if head == "pass":
        hand = set(cards_of(view.hand))
        return (
            view.phase is Phase.PASS
            and not view.passed
            and len(set(cards)) == 3
            and len(cards) == 3
            and set(cards) <= hand
        )
    return head == "moon" and view.phase is Phase.MOON_CHOICE and view.turn == seat


class Tally:
    frames = 0
    all_frames = 0  # over every game of the fuzzer
    refused = 0
    cards_checked = 0
    messages = 0


def flush_checked(table: NetTable, tally: type[Tally]) -> list[tuple[int, bytes]]:
    out = table.take_outbox()
    assert table.match is not None
    for seat, data in out:
        tally.messages += 1
        tally.cards_checked += assert_no_leak(table.match, seat, data)
    return out


def test_hostile_frames_change_nothing_and_leak_nothing() -> None:
    """Twenty games with hostile frames between the honest moves: thousands in all."""
    Tally.all_frames = 0
    hostile_game()
    assert Tally.all_frames >= 2000, Tally.all_frames


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), data=st.data())
def hostile_game(seed: int, data: st.DataObject) -> None:
    table = NetTable(
        "FUZZFUZZ", Rules(target=26), "easy", seed=seed, make_bot=lambda level, s: RandomPlayer(s)
    )
    host, _ = table.sit("Host", None)
    guest, _ = table.sit("Guest", None)
    table.receive(host, p.Start())
    assert table.match is not None
    people = {host: RandomPlayer(f"{seed}h"), guest: RandomPlayer(f"{seed}g")}
    Tally.cards_checked = Tally.messages = Tally.frames = 0
    flush_checked(table, Tally)
    for _ in range(2000):
        if table.match.is_over:
            break
        # Hostile frames from either person.
        for raw in data.draw(st.lists(frames, min_size=1, max_size=3), label="frames"):
            seat = data.draw(st.sampled_from([host, guest]), label="seat")
            if legal_now(table, seat, raw):
                continue  # an honest message: the honest players below make those
            before = state_of(table)
            table.receive_frame(seat, raw)
            out = flush_checked(table, Tally)
            assert state_of(table) == before, raw
            assert [s for s, _ in out] == [seat], (raw, out)  # one answer, to the sender only
            kind = json.loads(out[0][1])["type"]
            assert kind in ("error", "refused"), out
            Tally.frames += 1
            Tally.all_frames += 1
        # Honest moves: the people, then the bots, as the server would.
        moved = False
        for seat, player in people.items():
            view = table.match.view(seat)
            if view.phase is Phase.HAND_OVER and not table.seats[seat].ready:
                table.receive(seat, p.Ready())
                moved = True
            elif seat in table.match.to_act():
                table.receive(seat, p.Play(move=str(decide(player, view))))
                moved = True
            flush_checked(table, Tally)
        for turn in table.bot_turns():
            moved |= table.bot_move(turn, decide(turn.player, turn.view))
            flush_checked(table, Tally)
        assert moved, "the table stalled"
    assert table.match.is_over
    assert Tally.frames > 30  # each game takes its share of the hostile frames
    assert Tally.cards_checked > 100 and Tally.messages > 50  # the leak check really ran


def test_the_leak_check_catches_a_hidden_card() -> None:
    """The checker itself: another seat's card in a message fails it."""
    match = Match.new(Rules(), seed=3)
    someone_elses = cards_of(match.hand.hands[1])[0]
    assert someone_elses not in may_know(match, 0)
    message = json.dumps({"type": "update", "view": {"hand": [str(someone_elses)]}})
    try:
        assert_no_leak(match, 0, message)
    except AssertionError:
        pass
    else:
        raise AssertionError("the leak check let a hidden card through")
    assert cards_named(json.dumps({"type": "refused", "move": "play AS", "reason": "x"})) == set()
