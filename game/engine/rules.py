"""Every variant of the game as one frozen value, and the constants the rules are made of.

>>> Rules().target, Rules().moon
(100, <MoonMode.OTHERS_PLUS: 'others+26'>)
>>> Rules(players=3).hand_size, Rules(players=5).hand_size
(17, 10)
>>> [d.name for d in Rules().pass_cycle]
['LEFT', 'RIGHT', 'ACROSS', 'HOLD']
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any, Final

from game.engine.cards import (
    DECK_SIZE,
    FULL_DECK,
    HEARTS_MASK,
    JACK_OF_DIAMONDS_BIT,
    QUEEN_OF_SPADES_BIT,
    TWO_OF_CLUBS,
    TWO_OF_DIAMONDS,
    lowest_card,
)
from game.engine.points import HAND_POINTS as HAND_POINTS  # (the point values live with the count)
from game.engine.points import HEART_POINTS as HEART_POINTS
from game.engine.points import JACK_POINTS as JACK_POINTS
from game.engine.points import MOON_POINTS as MOON_POINTS
from game.engine.points import QUEEN_POINTS as QUEEN_POINTS
from game.engine.points import card_points

PASS_SIZE: Final = 3
MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 5


class MoonMode(Enum):
    """What happens when one player takes every heart and the queen."""

    OTHERS_PLUS = "others+26"  # the shooter scores 0, everyone else 26
    SHOOTER_MINUS = "shooter-26"  # the shooter takes 26 off their total, the others score 0
    SHOOTER_CHOOSES = "shooter-chooses"  # the shooter picks one of the two


class TieRule(Enum):
    """What happens when two or more players share the lowest total at the end."""

    PLAY_ON = "play-on"  # another hand is played until one player is alone at the lowest
    SHARED = "shared"  # they share the victory


class PassDirection(Enum):
    """Where the three passed cards go; the value is the seat offset (seats run clockwise)."""

    LEFT = 1
    RIGHT = -1
    ACROSS = 2
    HOLD = 0

    def target(self, seat: int, players: int) -> int:
        """The seat that receives what ``seat`` passes."""
        return (seat + self.value) % players

    def source(self, seat: int, players: int) -> int:
        """The seat whose passed cards ``seat`` receives."""
        return (seat - self.value) % players


FOUR_PLAYER_CYCLE: Final = (
    PassDirection.LEFT,
    PassDirection.RIGHT,
    PassDirection.ACROSS,
    PassDirection.HOLD,
)
ODD_PLAYER_CYCLE: Final = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.HOLD)


@dataclass(frozen=True)
class Rules:
    """One game's rules. The defaults are the classic game (seeds 000 and 001)."""

    players: int = 4  # 3, 4 or 5 players
    target: int = 100  # the game ends after the hand in which someone reaches this total
    queen_breaks_hearts: bool = False  # house rule: playing the queen of spades breaks hearts
    moon: MoonMode = MoonMode.OTHERS_PLUS  # scoring when someone takes all 26 points
    jack_of_diamonds: bool = False  # the jack of diamonds is worth -10 to whoever takes it
    tie: TieRule = TieRule.PLAY_ON  # a tie for the lowest total at the end

    # Derived once, so the hot paths read a field instead of recomputing.
    removed: int = field(init=False, repr=False, compare=False)  # cards taken out of the deck
    deck: int = field(init=False, repr=False, compare=False)  # the cards in play
    hand_size: int = field(init=False, repr=False, compare=False)  # cards dealt to each seat
    pass_cycle: tuple[PassDirection, ...] = field(init=False, repr=False, compare=False)
    penalty: int = field(init=False, repr=False, compare=False)  # cards that score
    first_lead: int = field(init=False, repr=False, compare=False)  # the card that opens a hand

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"players must be 3, 4 or 5, not {self.players!r}")
        if not isinstance(self.target, int) or isinstance(self.target, bool) or self.target < 1:
            raise ValueError(f"target must be a positive whole number, not {self.target!r}")
        if not isinstance(self.moon, MoonMode):
            raise ValueError(f"moon must be a MoonMode, not {self.moon!r}")
        if not isinstance(self.tie, TieRule):
            raise ValueError(f"tie must be a TieRule, not {self.tie!r}")
        removed = {3: 1 << TWO_OF_CLUBS, 4: 0, 5: 1 << TWO_OF_CLUBS | 1 << TWO_OF_DIAMONDS}
        set_ = object.__setattr__
        set_(self, "removed", removed[self.players])
        set_(self, "deck", FULL_DECK & ~removed[self.players])
        set_(self, "hand_size", (DECK_SIZE - removed[self.players].bit_count()) // self.players)
        set_(self, "pass_cycle", FOUR_PLAYER_CYCLE if self.players == 4 else ODD_PLAYER_CYCLE)
        jack = JACK_OF_DIAMONDS_BIT if self.jack_of_diamonds else 0
        set_(self, "penalty", HEARTS_MASK | QUEEN_OF_SPADES_BIT | jack)
        # the two of clubs, or the three when the two is out (3 or 5 players)
        set_(self, "first_lead", lowest_card(self.deck))

    def pass_direction(self, hand_number: int) -> PassDirection:
        """The pass of hand ``hand_number`` (0 for the first hand of a game)."""
        return self.pass_cycle[hand_number % len(self.pass_cycle)]

    def points_of(self, taken: int) -> int:
        """Points of a set of taken cards, before any moon adjustment."""
        return card_points(taken, self.jack_of_diamonds)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-compatible)."""
        return {
            "players": self.players,
            "target": self.target,
            "queen_breaks_hearts": self.queen_breaks_hearts,
            "moon": self.moon.value,
            "jack_of_diamonds": self.jack_of_diamonds,
            "tie": self.tie.value,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Read :meth:`to_dict`'s output; raises ValueError with a readable message."""
        if not isinstance(data, dict):
            raise ValueError("rules must be a mapping")
        known = {f.name for f in fields(cls) if f.init}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown rule(s): {', '.join(sorted(map(str, unknown)))}")
        values: dict[str, Any] = dict(data)
        for name in ("queen_breaks_hearts", "jack_of_diamonds"):
            if name in values and not isinstance(values[name], bool):
                raise ValueError(f"{name} must be true or false")
        try:
            if "moon" in values:
                values["moon"] = MoonMode(values["moon"])
            if "tie" in values:
                values["tie"] = TieRule(values["tie"])
        except ValueError as exc:
            raise ValueError(f"bad rule value: {exc}") from None
        return cls(**values)
