"""benchmarks/hard_losses.py: a wrong argument gets one clear line, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "hard_losses.py"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--deals", "-3"], "argument --deals: '-3' must be at least 1"),
        (["--deals", "0"], "argument --deals: '0' must be at least 1"),
        (["--jobs", "x"], "argument --jobs: 'x' is not a whole number"),
        (["--worst", "0"], "argument --worst: '0' must be at least 1"),
    ],
)
def test_a_wrong_argument_gets_one_clear_line_and_no_traceback(args: list[str], said: str) -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    assert said in result.stderr
    assert "Traceback" not in result.stderr
