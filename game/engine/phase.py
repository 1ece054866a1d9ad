"""Where a hand (or a match) stands: the one kind of move each phase accepts.

>>> Phase("play")
<Phase.PLAY: 'play'>
"""

from __future__ import annotations

from enum import Enum


class Phase(Enum):
    """Where a hand (or a match) stands; each accepts one kind of move."""

    PASS = "pass"  # every seat chooses the cards it passes
    PLAY = "play"  # the seat whose turn it is plays a card
    MOON_CHOICE = "moon-choice"  # the shooter chooses how the moon scores
    HAND_OVER = "hand-over"  # the hand is scored
    GAME_OVER = "game-over"  # (matches only) the game is won
