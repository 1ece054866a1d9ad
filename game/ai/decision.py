"""A decision with its motive: the cards an AI chose and the facts that made it choose them.

The tutor phrases its advice from these facts, so each one is true in the position it was
decided in: ``DUCK_UNDER`` with ``winning_card=K♠`` means the king of spades was winning the
trick and the card played is a lower spade.

>>> from game.cards import Card
>>> d = Decision.play(Card.parse("3S"), Motive.DUCK_UNDER, winning_card=Card.parse("KS"))
>>> d.card, d.motive.name, d.facts["winning_card"]
(Card('3S'), 'DUCK_UNDER', Card('KS'))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType

from game.cards import Card


class Motive(Enum):
    """Why a card was played or passed. The comment says which facts come with it."""

    # -- passing (facts per card: see Decision.per_card) --
    PASS_DANGEROUS_QUEEN = "pass-dangerous-queen"  # spades_held: other spades kept with it
    PASS_HIGH_SPADES = "pass-high-spades"  # spades_held: spades below the queen held
    PASS_HIGH_HEARTS = "pass-high-hearts"  # (none)
    VOID_SUIT = "void-suit"  # suit: the suit emptied by the pass
    PASS_HIGH_CARD = "pass-high-card"  # (none): the highest card left that is not a guard
    PASS_BEST_ODDS = "pass-best-odds"  # (Hard) the search found this set best; no simpler reason
    KEEP_FOR_MOON = "keep-for-moon"  # (whole pass) the hand tries the moon: low cards go
    CARELESS_PASS = "careless-pass"  # (Easy) cards picked without thought
    # -- playing --
    FORCED_ONLY_CARD = "forced-only-card"  # (none): a single legal card
    LEAD_LOW_SAFE = "lead-low-safe"  # suit, lower_out: unseen cards of the suit below it
    FLUSH_QUEEN = "flush-queen"  # queen out (not held, not played), spades_held
    DUCK_UNDER = "duck-under"  # winning_card, winner: the card (seat) that wins the trick
    FOLLOW_LOW = "follow-low"  # winning_card: no card under it, the lowest of the suit played
    WIN_CHEAPLY_LAST = "win-cheaply-last"  # points_in_trick (0..): last to play, takes it high
    PLAY_HIGH_FIRST_TRICK = "play-high-first-trick"  # no points may fall on the first trick
    DUMP_QUEEN = "dump-queen"  # winner, winning_card: the seat that takes the queen
    DUMP_HIGH_SPADE = "dump-high-spade"  # void in the suit led, queen still out
    DUMP_HIGH_HEART = "dump-high-heart"  # void in the suit led
    DUMP_HIGH_CARD = "dump-high-card"  # void in the suit led, no point card to give
    BLOCK_MOON = "block-moon"  # runner: the seat that took every point so far, runner_points
    SHOOT_MOON = "shoot-moon"  # points_taken: this seat took every point so far
    BEST_ODDS = "best-odds"  # (Hard) the search's best card with no simpler motive
    CARELESS_PLAY = "careless-play"  # (Easy) a legal card picked without thought
    # -- the moon choice --
    MOON_SUBTRACT = "moon-subtract"  # take 26 off one's own total
    MOON_ADD = "moon-add"  # add 26 to the others: it ends the game in this seat's favour


Facts = Mapping[str, object]
_NO_FACTS: Facts = MappingProxyType({})


@dataclass(frozen=True)
class Decision:
    """The chosen card(s), the main motive and its facts.

    ``per_card`` gives each passed card its own motive and facts; ``expected`` holds Hard's
    search value per candidate card (its points against the others' average, higher is better;
    see :func:`game.ai.hard.utility`), empty otherwise.
    """

    cards: tuple[Card, ...]
    motive: Motive
    facts: Facts = field(default_factory=lambda: _NO_FACTS)
    per_card: tuple[tuple[Card, Motive, Facts], ...] = ()
    expected: Mapping[Card, float] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def card(self) -> Card:
        """The (first) chosen card: the card played."""
        return self.cards[0]

    @classmethod
    def play(cls, card: Card, motive: Motive, **facts: object) -> Decision:
        return cls((card,), motive, MappingProxyType(dict(facts)))

    def with_expected(self, expected: Mapping[Card, float], **facts: object) -> Decision:
        """The same decision with the search's averages (and more facts) attached."""
        merged = dict(self.facts)
        merged.update(facts)
        return Decision(
            self.cards,
            self.motive,
            MappingProxyType(merged),
            self.per_card,
            MappingProxyType(dict(expected)),
        )
