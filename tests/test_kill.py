"""Killed at any moment, the profile always opens and holds a position of the game it was
playing: 100 times in a row a process plays whole games, saving after every move as the window
does, and is SIGKILLed at a random moment (seeded); each restart continues from what was saved.

Each move is a function of the position alone (a fresh seeded Easy player per move), so the
game is the same however often it is interrupted and a reference run says what every saved
position must be: one of the reference game's, never behind a move the killed process had
reported saved, and a finished game is in the history once and no longer in its slot."""

from __future__ import annotations

import json
import os
import random
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from game.ai import make_player
from game.engine.hand import Phase
from game.engine.match import Match
from game.engine.save import save_match
from game.records.profile import Profile
from scenes.core.preferences import GameOptions
from scenes.table.session import GameSession
from tests.helpers.engine import finished_game

KILLS = 100
RULES_OPTIONS = GameOptions(level="easy", target=50)


def seed_of(game_number: int) -> int:
    return 1000 + game_number


def next_move(match: Match) -> bool:
    """Make the position's move (the same one whatever happened before); False at the end."""
    n = len(match.hand.plays) + sum(p is not None for p in match.hand.passes)
    phase = match.phase
    if phase is Phase.GAME_OVER:
        return False
    if phase is Phase.HAND_OVER:
        match.next_hand()
        return True
    seat = match.to_act()[0]
    player = make_player("easy", f"{match.seed}/{match.hand_number}/{n}/{seat}")
    view = match.view(seat)
    if phase is Phase.PASS:
        match.choose_pass(seat, player.choose_pass(view))
    elif phase is Phase.PLAY:
        match.play(player.choose_play(view), seat)
    else:
        match.choose_moon(player.choose_moon(view), seat)
    return True


def reference_positions(game_number: int) -> list[str]:
    """Every position of the reference game, as its saved match in canonical JSON."""
    session = GameSession.new(RULES_OPTIONS, seed_of(game_number))
    positions = [canonical(save_match(session.match))]
    while next_move(session.match):
        positions.append(canonical(save_match(session.match)))
    return positions


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def record(profile: Profile, session: GameSession) -> None:
    match = session.match
    game = finished_game(match)
    profile.record_game(game, clear=session.slot)  # as the window does at the game's end


def play(folder: Path, report: int) -> None:
    """The killed process: continue the saved game (or start the next one), save after every
    move, and report each move saved on the pipe."""
    profile = Profile.open(folder)
    data = profile.load_game()
    if data is None:
        number = len(profile.finished_games())
        session = GameSession.new(RULES_OPTIONS, seed_of(number))
        profile.save_game(session.to_saved())
    else:
        session = GameSession.from_saved(data)
    while next_move(session.match):
        if session.match.is_over:
            record(profile, session)
        else:
            profile.save_game(session.to_saved())
        os.write(report, (canonical(save_match(session.match)) + "\n").encode())
    os._exit(0)


def spawn_and_kill(folder: Path, delay: float) -> list[str]:
    """Run :func:`play` in a child process, SIGKILL it after ``delay`` seconds; returns the
    positions it reported saved."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        try:
            os.close(read_end)
            play(folder, write_end)
        finally:
            os._exit(1)
    os.close(write_end)
    time.sleep(delay)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    chunks = []
    while chunk := os.read(read_end, 1 << 16):
        chunks.append(chunk)
    os.close(read_end)
    text = b"".join(chunks).decode()
    return text.split("\n")[:-1]  # a line cut short by the kill is not counted


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork (POSIX)")
def test_killed_100_times_at_random_moments_the_profile_resumes_a_prefix_of_the_game(
    tmp_path: Path,
) -> None:
    rng = random.Random(20261201)
    references: dict[int, list[str]] = {}
    furthest = (0, -1)  # (game, position) furthest saved so far: it never goes back
    restarts_mid_game = 0
    for _ in range(KILLS):
        reported = spawn_and_kill(tmp_path, rng.uniform(0.0, 0.25))
        profile = Profile.open(tmp_path)
        assert profile.notice is None and profile.moved_aside is None, profile.notice
        assert profile.unsaved is None
        history = profile.finished_games()
        number = len(history)  # games finished: the one in the slot is the next
        for finished, game in enumerate(history):
            reference = references.setdefault(finished, reference_positions(finished))
            assert canonical(game.match) == reference[-1]  # recorded once, complete
        data = profile.load_game()
        profile.close()
        if data is None:  # between games (or not started): nothing in the slot
            assert (number, -1) >= furthest, "a game was lost"
            furthest = (number, -1)
            continue
        reference = references.setdefault(number, reference_positions(number))
        saved = canonical(GameSession.from_saved(data).to_saved()["match"])
        assert saved in reference, "the saved position is not one of the game's"
        index = reference.index(saved)
        assert index < len(reference) - 1, "a finished game is still in its slot"
        if reported and reported[-1] in reference:
            assert index >= reference.index(reported[-1]), "a reported save was lost"
        assert (number, index) >= furthest, "the saved game went back"
        furthest = (number, index)
        restarts_mid_game += index > 0
    print(f"kills: {KILLS}, restarts mid-game: {restarts_mid_game}, games: {len(references)}")
    assert restarts_mid_game > KILLS // 3  # the kills did land in the middle of games
