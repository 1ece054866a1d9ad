"""The computer players the window seats: one function, so the AI can be swapped in one place."""

from __future__ import annotations

from game.players import Player


def make_opponent(level: str, seed: str) -> Player:
    """A computer player of ``level`` ("easy", "medium" or "hard") with its own seed."""
    try:
        from game.ai import make_player  # type: ignore[attr-defined]
    except ImportError:  # the AI package is not there yet: random legal moves
        from game.players import RandomPlayer

        return RandomPlayer(seed)
    player: Player = make_player(level, seed)
    return player
