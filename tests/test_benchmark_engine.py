"""The engine benchmark measures what it says: each driver plays whole hands of legal moves drawn
uniformly (a driver that picked illegal or biased moves would be faster), OpenSpiel is driven
plainly (``legal_actions()`` + ``apply_action()`` at every node, never ``chance_outcomes()``),
and with the rules ours play."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from game.engine.cards import RANKS_PER_SUIT, cards_of
from game.engine.hand import HandState
from game.engine.match import Match
from game.engine.moves import MoveKind
from game.engine.rules import PassDirection, Rules

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "engine.py"


def load_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("engine_benchmark", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def assert_uniform(choices: list[tuple[int, int]], least: int = 150) -> None:
    """``choices``: (how many moves were legal, index of the one taken). For each size, every
    index is taken about as often (seeded, so the figures are fixed; a driver that favours one
    end fails this)."""
    sizes = Counter(size for size, _ in choices)
    checked = 0
    for size in (2, 3, 4, 5):
        if sizes[size] < least:
            continue
        taken = Counter(index for s, index in choices if s == size)
        for index in range(size):
            share = taken[index] / sizes[size]
            assert abs(share - 1 / size) < 0.08, (size, index, share, sizes[size])
        checked += 1
    assert checked >= 2, sizes


class WatchedState:
    """A HandState seen through the fast driver's calls: each pass and card must be legal."""

    def __init__(self, state: HandState, log: dict[str, list[Any]]) -> None:
        self._state = state
        self._log = log
        self._offered: list[int] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)

    def exchange_fast(self, passes: list[int]) -> None:
        for hand, chosen in zip(self._state.hands, passes, strict=True):
            assert chosen.bit_count() == 3 and not chosen & ~hand
            self._log["passed"].append([chosen >> c & 1 for c in cards_of(hand)])
        self._state.exchange_fast(passes)

    def legal_cards(self) -> tuple[int, ...]:
        self._offered = list(self._state.legal_cards())
        assert self._offered == cards_of(self._state.legal_mask())
        return tuple(self._offered)

    def advance(self, card: int) -> int:
        assert card in self._offered, f"card {card} was not offered as legal"
        self._log["plays"].append((len(self._offered), self._offered.index(card)))
        self._offered = []
        return self._state.advance(card)


def test_the_fast_driver_plays_whole_hands_of_legal_uniformly_chosen_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    log: dict[str, list[Any]] = {"passed": [], "plays": []}

    class Watched:
        @staticmethod
        def deal(rules: Rules, hands: list[int], direction: PassDirection) -> WatchedState:
            return WatchedState(HandState.deal(rules, hands, direction), log)

    bench = load_benchmark()
    monkeypatch.setattr(bench, "HandState", Watched)
    hands = 120
    assert bench.fast_hands(hands, 5) > 0
    assert len(log["plays"]) == hands * 52
    assert_uniform(log["plays"])
    # The pass: each of a hand's 13 cards is one of the three passed 3/13 of the time.
    assert len(log["passed"]) == 4 * 90  # 3 hands of 4 pass
    shares = [sum(column) / len(log["passed"]) for column in zip(*log["passed"], strict=True)]
    assert all(abs(share - 3 / 13) < 0.07 for share in shares), shares


def test_the_checked_driver_plays_legal_uniformly_chosen_moves_through_the_match(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bench = load_benchmark()
    plays: list[tuple[int, int]] = []
    passes = 0

    class WatchedMatch:
        """A match seen through the driver's calls (the compiled Match's methods cannot be
        patched): every move applied must be legal, and is logged."""

        def __init__(self, match: Match) -> None:
            self._match = match

        def __getattr__(self, name: str) -> Any:
            return getattr(self._match, name)

        def apply(self, seat: int, move: Any) -> Any:
            nonlocal passes
            match = self._match
            assert seat in match.to_act()
            assert match.move_reason(seat, move) is None, move
            if move.kind is MoveKind.PLAY:
                legal = match.legal_moves(seat)
                plays.append((len(legal), legal.index(move)))
            else:
                passes += 1
            return match.apply(seat, move)

    class WatchedMatches:
        @staticmethod
        def new(rules: Rules, seed: Any) -> WatchedMatch:
            return WatchedMatch(Match.new(rules, seed))

    monkeypatch.setattr(bench, "Match", WatchedMatches)
    hands = 60
    assert bench.checked_hands(hands, 3) > 0
    assert len(plays) == hands * 52
    assert passes % 4 == 0 and passes >= 4 * 40  # three hands in four pass (a new match: left)
    assert_uniform(plays, least=80)


class FakeState:
    """A game of chance and choice nodes with the pyspiel state's interface."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.nodes = 0
        self.offered: list[int] | None = None

    def is_terminal(self) -> bool:
        return self.nodes == 60

    def is_chance_node(self) -> bool:
        return self.nodes % 3 == 0

    def chance_outcomes(self) -> list[tuple[int, float]]:
        raise AssertionError("the plain driver must not call chance_outcomes()")

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []  # as pyspiel's: no action once the game is over
        size = self.rng.choice((2, 3, 4, 5))
        self.offered = self.rng.sample(range(100), size)
        return list(self.offered)

    def apply_action(self, action: int) -> None:
        assert self.offered is not None and action in self.offered, "an action not offered"
        self.offered = None
        self.nodes += 1


class WatchedGame:
    """Wraps a game (pyspiel's or the fake): its states fail on chance_outcomes() and check
    that every action applied was among the legal actions just returned."""

    def __init__(self, game: Any, log: dict[str, Any]) -> None:
        self.game = game
        self.log = log

    def new_initial_state(self) -> Any:
        return WatchedOpenSpielState(self.game.new_initial_state(), self.log)


class WatchedOpenSpielState:
    def __init__(self, state: Any, log: dict[str, Any]) -> None:
        self.state = state
        self.log = log
        self.offered: list[int] | None = None

    def is_terminal(self) -> bool:
        return bool(self.state.is_terminal())

    def is_chance_node(self) -> bool:
        return bool(self.state.is_chance_node())

    def chance_outcomes(self) -> Any:
        raise AssertionError("the plain driver must not call chance_outcomes()")

    def legal_actions(self) -> list[int]:
        self.offered = list(self.state.legal_actions())
        return list(self.offered)

    def apply_action(self, action: int) -> None:
        assert self.offered is not None and action in self.offered, "an action not offered"
        self.log["choices"].append((len(self.offered), self.offered.index(action)))
        self.log["chance" if self.state.is_chance_node() else "decision"] += 1
        self.offered = None
        self.state.apply_action(action)


def test_the_openspiel_driver_asks_legal_actions_at_every_node_and_draws_uniformly() -> None:
    """Against a fake game with pyspiel's interface, so it runs without OpenSpiel installed."""
    bench = load_benchmark()
    log: dict[str, Any] = {"choices": [], "chance": 0, "decision": 0}

    class FakeGame:
        def __init__(self) -> None:
            self.rng = random.Random(2)

        def new_initial_state(self) -> FakeState:
            return FakeState(self.rng)

    assert bench.openspiel_hands(50, 9, game=WatchedGame(FakeGame(), log)) is not None
    assert log["chance"] == 50 * 20 and log["decision"] == 50 * 40
    assert_uniform(log["choices"])


def test_openspiel_driven_by_the_benchmark_plays_its_chance_nodes_plainly() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    bench = load_benchmark()
    log: dict[str, Any] = {"choices": [], "chance": 0, "decision": 0}
    game = pyspiel.load_game("hearts", bench.OPENSPIEL_PARAMETERS)
    assert bench.openspiel_hands(40, 4, game=WatchedGame(game, log)) is not None
    # 53 chance nodes a hand (the pass direction, 52 cards); 52 plays and 12 or 0 pass picks.
    assert log["chance"] == 40 * 53
    assert log["decision"] % 4 == 0 and 40 * 52 <= log["decision"] <= 40 * 64
    assert_uniform(log["choices"])


class LeanWatchedState:
    """A pyspiel state whose every applied action is checked against the state's own legal
    actions (asked here, not by the driver); decisions are logged as the plain watcher's."""

    def __init__(self, state: Any, log: dict[str, Any]) -> None:
        self.state = state
        self.log = log

    def legal_actions(self) -> list[int]:
        return list(self.state.legal_actions())

    def apply_action(self, action: int) -> None:
        offered = list(self.state.legal_actions())
        assert action in offered, "an action not offered"
        if self.state.is_chance_node():
            self.log["chance"] += 1
        else:
            self.log["decision"] += 1
            self.log["choices"].append((len(offered), offered.index(action)))
        self.state.apply_action(action)
        if self.state.is_terminal():
            self.log["ended"] += 1


def test_openspiel_dealt_lean_plays_whole_hands_of_legal_moves() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    bench = load_benchmark()
    log: dict[str, Any] = {"choices": [], "chance": 0, "decision": 0, "ended": 0}
    game = pyspiel.load_game("hearts", bench.OPENSPIEL_PARAMETERS)

    class LeanGame:
        def new_initial_state(self) -> LeanWatchedState:
            return LeanWatchedState(game.new_initial_state(), log)

    assert bench.openspiel_hands_lean(100, 4, game=LeanGame()) is not None
    # Every hand dealt (53 chance nodes: the direction, 52 cards) and played to its end.
    assert log["chance"] == 100 * 53 and log["ended"] == 100
    assert log["decision"] % 4 == 0 and 100 * 52 <= log["decision"] <= 100 * 64
    assert_uniform(log["choices"])


def openspiel_card(action: int) -> int:
    """Our card number of an OpenSpiel Hearts card action (rank * 4 + suit, suits C D H S)."""
    rank, suit = divmod(action, 4)
    return (0, 1, 3, 2)[suit] * RANKS_PER_SUIT + rank


def test_openspiel_plays_our_rules_the_legal_cards_agree_at_every_play() -> None:
    """The comparison is fair only if both engines play the same game: over random hands the
    legal cards OpenSpiel offers are exactly ours at every play, and the points agree."""
    pyspiel = pytest.importorskip("pyspiel")
    bench = load_benchmark()
    game = pyspiel.load_game("hearts", bench.OPENSPIEL_PARAMETERS)
    rng = random.Random(11)
    directions = {
        "No Pass": PassDirection.HOLD,
        "Left": PassDirection.LEFT,
        "Across": PassDirection.ACROSS,
        "Right": PassDirection.RIGHT,
    }
    compared = 0
    for _ in range(60):
        state = game.new_initial_state()
        direction = directions[state.action_to_string(pyspiel.PlayerId.CHANCE, 0)]
        action = rng.choice(state.legal_actions())
        direction = directions[state.action_to_string(pyspiel.PlayerId.CHANCE, action)]
        state.apply_action(action)
        hands = [0] * 4
        for dealt in range(52):
            action = rng.choice(state.legal_actions())
            hands[dealt % 4] |= 1 << openspiel_card(action)
            state.apply_action(action)
        ours = HandState.deal(Rules(), hands, direction)
        if direction is not PassDirection.HOLD:
            passes = [0] * 4
            for _ in range(12):
                seat = state.current_player()
                action = rng.choice(state.legal_actions())
                passes[seat] |= 1 << openspiel_card(action)
                state.apply_action(action)
            ours.exchange_fast(passes)
        while not state.is_terminal():
            assert state.current_player() == ours.turn
            legal = sorted(openspiel_card(a) for a in state.legal_actions())
            assert legal == list(ours.legal_cards()), (legal, ours)
            compared += 1
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            ours.advance(openspiel_card(action))
        assert ours.hand_scores is not None
        # OpenSpiel's returns are 26 minus the hand's points.
        assert [round(r) for r in state.returns()] == [26 - s for s in ours.hand_scores]
    assert compared == 60 * 52


def test_the_benchmark_script_runs_and_prints_its_figures() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--hands", "5", "--rounds", "2"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "fast path" in out and "checked path" in out and "no chance_outcomes()" in out
    assert "fast path / OpenSpiel" in out or "not installed" in out
    bad = subprocess.run(
        [sys.executable, str(SCRIPT), "--hands", "0"], capture_output=True, text=True, check=False
    )
    assert bad.returncode == 2 and "must be positive" in bad.stderr
