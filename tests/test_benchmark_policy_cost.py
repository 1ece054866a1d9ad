"""benchmarks/policy_cost.py: the counts of the playouts' policy calls add up, and the cost
arithmetic is the one the docs quote."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.policy_cost import Count, fit_line, projected

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "policy_cost.py"


def test_a_line_through_timings() -> None:
    assert fit_line([(1, 5.0), (3, 9.0), (5, 13.0)]) == (3.0, 2.0)
    with pytest.raises(ValueError, match="two different"):
        fit_line([(2, 1.0), (2, 3.0)])


def test_the_projection_adds_the_network_to_the_compiled_decision() -> None:
    c = Count("play", others=100, others_choice=60, weighing=10, weighing_choice=5, steps=20)
    assert c.calls == 65 and c.positions == 110
    single, batched = projected(10.0, c, 10.0, 5.0, 1.0)
    assert single == pytest.approx(10.0 + 65 * 10.0 / 1000)
    assert batched == pytest.approx(10.0 + (20 * 5.0 + 65 * 1.0) / 1000)


def test_the_count_sees_every_playout_move() -> None:
    # One hand counted on the pure-Python modules: each playout of the pass search is a whole
    # hand (39 moves of the others, 13 of Hard's), and no play's playout is longer than that.
    env = {**os.environ, "DAME_PURE_PYTHON": "1"}
    command = [sys.executable, str(SCRIPT), "--count", "--hands", "1", "--seed", "t"]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    counts = [Count(**c) for c in json.loads(done.stdout)]
    passes = [c for c in counts if c.kind == "pass"]
    plays = [c for c in counts if c.kind == "play"]
    assert len(passes) == 1 and len(plays) == 13
    assert passes[0].playouts >= 24 and passes[0].others == 39 * passes[0].playouts
    assert passes[0].own == 13 * passes[0].playouts and passes[0].steps == 39
    assert 0 < passes[0].others_choice < passes[0].others
    searched = [c for c in plays if c.playouts]
    assert searched and all(c.others <= 39 * c.playouts for c in searched)
    assert all(c.steps <= 39 for c in plays)
    assert any(c.weighing_choice for c in plays)  # the deals are weighed after the first trick
