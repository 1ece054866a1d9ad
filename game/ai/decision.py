"""A decision with its motive: the cards an AI chose and why.

The motive names the idea behind the choice (duck under the winning card, flush the queen...);
the tutor states the facts that go with it, recomputed from the seat's view with
:mod:`game.ai.facts` (the module the AI decided from), so advice is never stale or false.

>>> from game.engine.cards import Card
>>> d = Decision.play(Card.parse("3S"), Motive.DUCK_UNDER)
>>> d.card, d.motive.name
(Card('3S'), 'DUCK_UNDER')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType

from game.engine.cards import Card


class Motive(Enum):
    """Why a card was played or passed. The comment says what holds in the position."""

    # -- passing (each card has its own: see Decision.per_card) --
    PASS_DANGEROUS_QUEEN = "pass-dangerous-queen"  # the queen, with too few spades below it
    PASS_HIGH_SPADES = "pass-high-spades"  # the ace or king of spades, the queen not kept
    PASS_HIGH_HEARTS = "pass-high-hearts"  # a high heart
    VOID_SUIT = "void-suit"  # the pass empties the card's suit
    PASS_HIGH_CARD = "pass-high-card"  # the highest card left that is not a guard
    PASS_BEST_ODDS = "pass-best-odds"  # (Hard) the search found this set best; no simpler reason
    KEEP_FOR_MOON = "keep-for-moon"  # (whole pass) the hand tries the moon: low cards go
    CARELESS_PASS = "careless-pass"  # (Easy) cards picked without thought
    # -- playing --
    FORCED_ONLY_CARD = "forced-only-card"  # a single legal card
    LEAD_LOW_SAFE = "lead-low-safe"  # leading the lowest card of the safest suit
    LEAD_ABOVE_QUEEN = "lead-above-queen"  # a spade above the queen it holds: it cannot catch her
    FLUSH_QUEEN = "flush-queen"  # a low spade led, the queen out, no ace or king of spades held
    DUCK_UNDER = "duck-under"  # a card of the suit led under the winning card
    FOLLOW_LOW = "follow-low"  # every legal card wins the trick so far: the lowest
    WIN_CHEAPLY_LAST = "win-cheaply-last"  # last to play, takes the trick high
    PLAY_HIGH_FIRST_TRICK = "play-high-first-trick"  # no points may fall on the first trick
    DUMP_QUEEN = "dump-queen"  # the queen given to the seat winning the trick
    DUMP_HIGH_SPADE = "dump-high-spade"  # void in the suit led, queen still out
    DUMP_HIGH_HEART = "dump-high-heart"  # void in the suit led: the highest heart
    DUMP_HIGH_CARD = "dump-high-card"  # void in the suit led, no point card to give
    BLOCK_MOON = "block-moon"  # takes a trick with points from the seat that took every point
    KEEP_STOPPER = "keep-stopper"  # a runner or lone taker wins: high cards, hearts kept
    SHOOT_MOON = "shoot-moon"  # this seat took every point so far and goes on
    BEST_ODDS = "best-odds"  # (Hard) the search's best card with no simpler motive
    CARELESS_PLAY = "careless-play"  # (Easy) a legal card picked without thought
    # -- the moon choice --
    MOON_SUBTRACT = "moon-subtract"  # take 26 off one's own total
    MOON_ADD = "moon-add"  # add 26 to the others: it ends the game in this seat's favour


@dataclass(frozen=True)
class Decision:
    """The chosen card(s) and the main motive.

    ``per_card`` gives each passed card its own motive; ``expected`` holds Hard's search value
    per candidate card (its points against the others' average, higher is better; see
    :func:`game.ai.hard.utility`), empty otherwise.
    """

    cards: tuple[Card, ...]
    motive: Motive
    per_card: tuple[tuple[Card, Motive], ...] = ()
    expected: Mapping[Card, float] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def card(self) -> Card:
        """The (first) chosen card: the card played."""
        return self.cards[0]

    @classmethod
    def play(cls, card: int, motive: Motive) -> Decision:
        from game.engine.cards import CARDS

        return cls((CARDS[card],), motive)

    def with_expected(self, expected: Mapping[Card, float]) -> Decision:
        """The same decision with the search's averages attached."""
        return Decision(self.cards, self.motive, self.per_card, MappingProxyType(dict(expected)))
