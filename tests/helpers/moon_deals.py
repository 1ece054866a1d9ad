"""Deals skewed so that moons happen often, for the save/load and kill tests.

:func:`power_deal` has :func:`game.engine.deal.deal_hands`'s signature and is just as seeded:
patched into :mod:`game.engine.match` (``monkeypatch.setattr(game.engine.match, "deal_hands",
power_deal)``), a match and its save both deal from it, so a save still replays exactly.
"""

from __future__ import annotations

import random

from game.engine.cards import RANKS_PER_SUIT, cards_of, mask_of
from game.engine.deal import Seed, seed_text

SWAPS = (0, 0, 1, 2, 3)
"""How many of the strong seat's cards are swapped for random ones (0: the top cards only)."""


def power_deal(seed: Seed, players: int, deck: int, dealer: int) -> list[int]:
    """One seat (chosen by the seed) holds the highest cards of the deck, give or take a few
    swapped at random; the others share the rest at random. Every card is dealt once."""
    rng = random.Random(f"power-deal/{seed_text(seed)}/{players}/{dealer}")
    cards = cards_of(deck)
    size = len(cards) // players
    strong_seat = rng.randrange(players)
    by_strength = sorted(cards, key=lambda c: (c % RANKS_PER_SUIT, rng.random()), reverse=True)
    strong, rest = by_strength[:size], by_strength[size:]
    for _ in range(rng.choice(SWAPS)):
        i, j = rng.randrange(size), rng.randrange(len(rest))
        strong[i], rest[j] = rest[j], strong[i]
    rng.shuffle(rest)
    hands = [0] * players
    hands[strong_seat] = mask_of(strong)
    others = [s for s in range(players) if s != strong_seat]
    for index, seat in enumerate(others):
        hands[seat] = mask_of(rest[index * size : (index + 1) * size])
    return hands
