"""Whole games at an online table over loopback websockets, checked against the engine alone.

The server's bots and the scripted people decide from their seat views only, with seeded
players, so the same game can be replayed through the engine directly (``play_match``): the
final scores, the winners and every card played must be the same.
"""

from __future__ import annotations

import pytest

from game.ai import make_player
from game.engine.events import CardPlayed, Event, GameOver
from game.engine.match import Match
from game.engine.players import Player, RandomPlayer, play_match
from game.engine.rules import Rules
from game.engine.source import SeatChanged, Update
from game.net.client import RemoteTable
from tests.helpers.net import play_until_over, serving, wait_for

SEED = 2024
RULES = Rules(target=60)
LEVEL = "easy"


def direct_game(people: dict[int, Player]) -> tuple[GameOver, list[tuple[int, int]]]:
    """The same game through the engine alone: people where given, the server's bots elsewhere
    (a bot's seed is '<table seed>/<seat>')."""
    players = [people.get(s) or make_player(LEVEL, f"{SEED}/{s}") for s in range(4)]
    events: list[Event] = []
    play_match(Match.new(RULES, SEED), players, on_event=events.append)
    over = next(e for e in events if isinstance(e, GameOver))
    plays = [(e.seat, int(e.card)) for e in events if isinstance(e, CardPlayed)]
    return over, plays


def remote_outcome(updates: list[Update]) -> tuple[GameOver, list[tuple[int, int]]]:
    over = [u for u in updates if isinstance(u, GameOver)]
    assert len(over) == 1
    plays = [(u.seat, int(u.card)) for u in updates if isinstance(u, CardPlayed)]
    return over[0], plays


@pytest.mark.slow
def test_one_person_and_three_bots_play_the_engines_game() -> None:
    with serving(seed_of=lambda code: SEED) as server:
        host = RemoteTable.host(server.address, "Ada", RULES, level=LEVEL)
        assert host.wait_seated(), host.problem
        assert (host.seat, host.is_host, len(host.code)) == (0, True, 8)
        host.start()
        updates = play_until_over([(host, RandomPlayer("ada"))])
        host.close()
    over, plays = remote_outcome(updates[0])
    expected_over, expected_plays = direct_game({0: RandomPlayer("ada")})
    assert over == expected_over
    assert plays == expected_plays
    assert host.view().totals == expected_over.totals
    assert len(plays) >= 52 * 2  # more than one hand: the deal-on after the score works


@pytest.mark.slow
def test_two_people_and_two_bots_play_the_engines_game() -> None:
    with serving(seed_of=lambda code: SEED) as server:
        host = RemoteTable.host(server.address, "Ada", RULES, level=LEVEL)
        assert host.wait_seated(), host.problem
        guest = RemoteTable.join(server.address, host.code.lower(), "Bea")  # any case is fine
        assert guest.wait_seated(), guest.problem
        assert guest.seat == 1 and guest.names[0] == "Ada" and guest.kinds[0] == "remote"
        # The host sees the guest arrive; at the deal everyone sees the bots sit.
        wait_for(lambda: any(isinstance(u, SeatChanged) and u.name == "Bea" for u in host.poll()))
        host.start()
        people = {0: RandomPlayer("ada"), 1: RandomPlayer("bea")}
        updates = play_until_over([(host, people[0]), (guest, people[1])])
        host.close()
        guest.close()
    expected_over, expected_plays = direct_game({0: RandomPlayer("ada"), 1: RandomPlayer("bea")})
    for seat in (0, 1):
        over, plays = remote_outcome(updates[seat])
        assert over == expected_over
        assert plays == expected_plays
    assert guest.kinds[2:] == ("bot", "bot")


@pytest.mark.slow
@pytest.mark.parametrize("fast", [True, False], ids=["fast-send", "writer-task-only"])
def test_with_or_without_the_fast_send_the_table_plays_the_same_game(
    monkeypatch: pytest.MonkeyPatch, fast: bool
) -> None:
    """Without the fast send (a websockets lacking the undocumented send_data it uses), every
    message goes through the writer task and the game is still the engine's, card for card."""
    from game.net import connection as net_server

    assert net_server.FAST_SEND  # the websockets the project installs has it
    monkeypatch.setattr(net_server, "FAST_SEND", fast)
    queued: list[bool] = []  # for each message pushed: did it wait for the writer task?
    push = net_server.Connection.push

    def counted(self: net_server.Connection, data: bytes) -> None:
        waiting = self.waiting
        push(self, data)
        if data:
            queued.append(self.waiting > waiting)

    monkeypatch.setattr(net_server.Connection, "push", counted)
    test_one_person_and_three_bots_play_the_engines_game()
    assert len(queued) > 100
    if fast:
        assert queued.count(False) > len(queued) // 2
    else:
        assert all(queued)
