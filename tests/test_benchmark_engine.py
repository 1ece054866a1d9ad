"""The engine benchmark measures what it says: whole random hands of legal, uniformly chosen
cards through the fast path (a driver that picked illegal or biased cards would be faster)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from game.cards import cards_of
from game.hand import HandState

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "engine.py"


def load_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("engine_benchmark", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fast_driver_plays_whole_hands_of_legal_uniformly_chosen_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plays: list[tuple[int, int]] = []  # (legal set, card played)
    passed = [0] * 13  # how often the hand's n-th lowest card was passed

    class Watched(HandState):
        __slots__ = ()

        def exchange_fast(self, passes: list[int]) -> None:
            for hand, chosen in zip(self.hands, passes, strict=True):
                assert chosen.bit_count() == 3 and not chosen & ~hand
                for n, card in enumerate(cards_of(hand)):
                    passed[n] += chosen >> card & 1
            super().exchange_fast(passes)

        def advance(self, card: int) -> int:
            legal = self.legal_mask()
            assert legal >> card & 1, f"illegal card {card} from {bin(legal)}"
            plays.append((legal, card))
            return super().advance(card)

    bench = load_benchmark()
    monkeypatch.setattr(bench, "HandState", Watched)
    hands = 120
    assert bench.fast_hands(hands, 5) > 0
    assert len(plays) == hands * 52
    # Uniform: among the plays with k legal cards, the lowest of them is played about 1/k of
    # the time (seeded, so the figures are fixed; a driver biased to one end fails this).
    for k in (2, 3, 4, 5):
        choices = [(legal, card) for legal, card in plays if legal.bit_count() == k]
        lowest = sum(1 for legal, card in choices if (legal & -legal).bit_length() - 1 == card)
        assert len(choices) > 150
        assert abs(lowest / len(choices) - 1 / k) < 0.07, (k, lowest, len(choices))
    # The pass: each of the 13 cards is one of the three passed 3/13 of the time.
    seats_passing = sum(passed) // 3
    assert seats_passing == 4 * 90  # 3 hands of 4 pass
    assert all(abs(p / seats_passing - 3 / 13) < 0.07 for p in passed), passed


def test_the_benchmark_script_runs_and_prints_its_figures() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--hands", "5", "--rounds", "2"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "fast path" in result.stdout and "checked path" in result.stdout
    assert "ratio fast / OpenSpiel" in result.stdout or "not installed" in result.stdout
    bad = subprocess.run(
        [sys.executable, str(SCRIPT), "--hands", "0"], capture_output=True, text=True, check=False
    )
    assert bad.returncode == 2 and "must be positive" in bad.stderr
