"""The compiled engine (game/native/, tools/compile_engine.py): used only while it was built
from exactly the sources there are, and it plays exactly like the pure-Python modules.

The tests that need a build skip when this machine has none (no C compiler); CI sets
REQUIRE_COMPILED=1 so that they must run.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.native import builds as native

ROOT = Path(__file__).resolve().parent.parent
BUILD = native.matching_build()
needs_build = pytest.mark.skipif(
    BUILD is None and os.environ.get("REQUIRE_COMPILED", "") in ("", "0"),
    reason="no compiled engine for these sources (python tools/compile_engine.py)",
)

WHICH = "import game.ai.playout, game.engine.deal, game.native.builds as n; print(n.compiled())"


def run(code: str, cwd: Path = ROOT, pure: bool = False) -> str:
    env = {k: v for k, v in os.environ.items() if k != native.PURE_PYTHON_ENV}
    if pure:
        env[native.PURE_PYTHON_ENV] = "1"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@needs_build
def test_the_build_runs_and_a_pure_python_run_can_be_asked_for() -> None:
    assert BUILD is not None
    assert run(WHICH) == f"{sorted(native.MODULES)}\n"
    assert run(WHICH, pure=True) == "[]\n"


@needs_build
def test_an_edited_source_is_never_shadowed_by_its_stale_build(tmp_path: Path) -> None:
    """A copy of the project with its build: compiled until one source it read changes by a
    byte (a module compiled or one it imports), pure Python from then on."""
    assert BUILD is not None
    shutil.copytree(ROOT / "game", tmp_path / "game", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(BUILD, tmp_path / "build" / "compiled" / BUILD.name)
    assert run(WHICH, cwd=tmp_path) == f"{sorted(native.MODULES)}\n"
    manifest = json.loads((BUILD / native.MANIFEST).read_text())
    assert (
        "game/engine/cards.py" in manifest["sources"]
    )  # read by the compiled modules, not compiled
    for name in ("game/engine/hand.py", "game/engine/cards.py", "game/ai/playout.py"):
        source = tmp_path / name
        original = source.read_bytes()
        source.write_bytes(original + b"\n# edited\n")
        assert run(WHICH, cwd=tmp_path) == "[]\n", f"a stale build shadowed {name}"
        source.write_bytes(original)
        assert run(WHICH, cwd=tmp_path) == f"{sorted(native.MODULES)}\n"
    # Nor is a build for another Python, or of another list of modules.
    copied = tmp_path / "build" / "compiled" / BUILD.name / native.MANIFEST
    copied.write_text(json.dumps({**manifest, "python": "cpython-99.so"}))
    assert run(WHICH, cwd=tmp_path) == "[]\n"
    copied.write_text(json.dumps({**manifest, "modules": manifest["modules"][:-1]}))
    assert run(WHICH, cwd=tmp_path) == "[]\n"
    # Nor one compiled by another mypy (mypyc's output and runtime change with it).
    copied.write_text(json.dumps({**manifest, "mypy": "0.1"}))
    assert run(WHICH, cwd=tmp_path) == "[]\n"


@needs_build
def test_a_partly_deleted_build_runs_pure_python_instead_of_failing(tmp_path: Path) -> None:
    """A build folder with a file removed (an interrupted clean-up, a hand-deleted file): the
    game runs pure Python, with no ImportError, whichever file went missing."""
    assert BUILD is not None
    shutil.copytree(ROOT / "game", tmp_path / "game", ignore=shutil.ignore_patterns("__pycache__"))
    copy = tmp_path / "build" / "compiled" / BUILD.name
    files = native.compiled_files(copy)
    assert len(files) == len(native.MODULES) + 1
    for index in (0, 1, len(files) - 1):  # the shared library, a module of each package
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(BUILD, copy)
        assert run(WHICH, cwd=tmp_path) == f"{sorted(native.MODULES)}\n"
        files[index].unlink()
        assert run(WHICH, cwd=tmp_path) == "[]\n", f"without {files[index].name}"


PLAY_A_FEW_GAMES = """
import random
from game.engine.cards import cards_of
from game.engine.deal import deal_hands, shuffled
from game.engine.match import Match
from game.engine.rules import MoonMode, Rules
from game.ai.hard import HardPlayer
from game.engine.moves import Move
out = []
MOONS = (MoonMode.OTHERS_PLUS, MoonMode.SHOOTER_CHOOSES, MoonMode.SHOOTER_MINUS)
for players, moon in zip((4, 3, 5), MOONS):
    rules = Rules(players=players, moon=moon, queen_breaks_hearts=players == 5, target=40)
    out.append(shuffled(f"s{players}", rules.deck))
    match = Match.new(rules, seed=players)
    rng = random.Random(players)
    while not match.is_over:
        seats = match.to_act()
        if not seats:
            out.append(match.next_hand())
            continue
        seat = seats[0]
        moves = match.legal_moves(seat)
        out.append([str(m) for m in moves[:40]])
        out.append(match.apply(seat, moves[rng.randrange(len(moves))]))
    out.append((match.totals, match.winners))
hard = HardPlayer(seed=5, work=3000)
match = Match.new(Rules(), seed=21)
for seat in range(4):
    cards = hard.decide_pass(match.view(seat)).cards
    out.append(cards)
    match.apply(seat, Move.pass_cards(cards))
for _ in range(8):
    seat = match.to_act()[0]
    card = hard.decide_play(match.view(seat)).cards[0]
    out.append(card)
    match.apply(seat, Move.play(card))
print(repr(out))
"""


@needs_build
def test_compiled_and_pure_python_play_the_same_games() -> None:
    """Deals, legal moves, events, scores and Hard's decisions, move for move, in every player
    count and moon rule."""
    compiled = run(PLAY_A_FEW_GAMES)
    pure = run(PLAY_A_FEW_GAMES, pure=True)
    assert len(compiled) > 10_000
    assert compiled == pure


def test_the_doctests_of_the_compiled_modules_run_on_their_sources() -> None:
    """conftest.py leaves the compiled modules' doctests out of the main run; here they run on
    the pure-Python sources."""
    files = [str(ROOT / (name.replace(".", "/") + ".py")) for name in native.MODULES]
    env = {**os.environ, native.PURE_PYTHON_ENV: "1"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider", *files],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert " passed" in done.stdout
