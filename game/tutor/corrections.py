"""Where the tutor overrules the AI it thinks with: choices a strong player would not sign.

The Hard AI's search is sampled, and with the tutor's budget it sometimes prefers a card by a
whisker for no reason a player could name: it passes the 10♥ and keeps the A♥, takes a diamond
trick with the J♦ while the queen of spades is out and a player is still to come, throws the
4♦ and keeps the A♦. The tutor teaches the rule instead. Each correction here is one rule of
thumb every strong player follows, left alone while a moon is being run or stopped (high cards
are then kept on purpose). The AI itself is not changed (it plays, the tutor teaches).

>>> from game.engine.cards import cards_of, mask_of, parse_cards
>>> hand = mask_of(parse_cards("4C 8C JC 5D 6D 9D QD 4S AS 3H 8H 10H AH"))
>>> passed = mask_of(parse_cards("QD AS 10H"))
>>> [str(c) for c in cards_of(settle_pass(hand, passed, jack_scores=False))]
['QD', 'AS', 'AH']
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from game.ai.decision import Decision, Motive
from game.ai.facts import HEARTS, HIGH_SPADES, cards_above, cards_below, moon_runner, trick_winner
from game.engine.cards import (
    CARDS,
    DIAMONDS_MASK,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    QUEEN_OF_SPADES_BIT,
    RANKS_PER_SUIT,
    SPADES_MASK,
    SUIT_MASKS,
    cards_of,
    highest_card,
)
from game.engine.view import SeatView

_SPADES_ABOVE_QUEEN: Final = SPADES_MASK & ~((1 << (QUEEN_OF_SPADES + 1)) - 1)
_SPADES_BELOW_QUEEN: Final = SPADES_MASK & ((1 << QUEEN_OF_SPADES) - 1)

# The motives that keep high cards on purpose: running the moon or stopping someone's run.
MOON_MOTIVES: Final = frozenset(
    {Motive.KEEP_FOR_MOON, Motive.SHOOT_MOON, Motive.BLOCK_MOON, Motive.KEEP_STOPPER}
)


def same_danger(card: int, jack_scores: bool) -> int:
    """The cards as dangerous as ``card`` in kind: its suit, with the spades split at the queen
    (a spade under her never takes her, one above her may); nothing for the queen herself, nor
    for a diamond when the jack of diamonds scores (a high diamond then wins it)."""
    bit = 1 << card
    if card == QUEEN_OF_SPADES or (jack_scores and bit & DIAMONDS_MASK):
        return 0
    if bit & _SPADES_ABOVE_QUEEN:
        return _SPADES_ABOVE_QUEEN
    if bit & _SPADES_BELOW_QUEEN:
        return _SPADES_BELOW_QUEEN
    return SUIT_MASKS[card // RANKS_PER_SUIT]


def _higher_same_danger(card: int, kept: int, jack_scores: bool) -> int:
    return kept & same_danger(card, jack_scores) & cards_above(card)


def settle_pass(hand: int, passed: int, jack_scores: bool) -> int:
    """The pass with each card that leaves a higher card of its danger in the hand swapped for
    the highest such card: pass the A♥, not the 10♥ beside it."""
    for card in cards_of(passed):
        higher = _higher_same_danger(card, hand & ~passed, jack_scores)
        if higher:
            passed = passed & ~(1 << card) | 1 << highest_card(higher)
    return passed


def _moon_on(view: SeatView, motive: Motive) -> bool:
    taken = [view.taken(s) for s in range(view.rules.players)]
    return motive in MOON_MOTIVES or moon_runner(taken) is not None


def settle_throw(view: SeatView, card: int, motive: Motive) -> int:
    """Void in the suit led: the highest card of the chosen card's danger (throw the A♦, not the
    4♦ that would stay under it)."""
    if not view.trick or view.hand & SUIT_MASKS[view.led_suit] or _moon_on(view, motive):
        return card
    higher = _higher_same_danger(card, view.hand, view.rules.jack_of_diamonds)
    return highest_card(higher) if higher else card


def queen_may_fall(view: SeatView) -> bool:
    """The queen of spades is out (not in this hand, not played) and a player is still to play
    this trick, after the first trick (where no points may fall)."""
    return (
        bool(view.unseen & QUEEN_OF_SPADES_BIT)
        and 0 < len(view.trick) < view.rules.players - 1
        and view.trick_number > 0
    )


def duck_card(view: SeatView, card: int, motive: Motive) -> int | None:
    """The card to play instead of ``card`` when ``card`` takes the trick while the queen may
    still fall on it: the highest legal card under the winning one (None: keep ``card``).

    A spade under the queen is safe (her holder must follow and would take the trick), and a
    trick holding the scoring jack of diamonds is worth taking."""
    if not view.trick or not queen_may_fall(view) or _moon_on(view, motive):
        return None
    best, _ = trick_winner(view)
    led = view.led_suit
    if card // RANKS_PER_SUIT != led or card < best:
        return None
    if led == QUEEN_OF_SPADES // RANKS_PER_SUIT and card < QUEEN_OF_SPADES:
        return None
    if view.rules.jack_of_diamonds and JACK_OF_DIAMONDS in view.trick:
        return None
    under = view.legal_mask() & cards_below(best)
    return highest_card(under) if under else None


def settle_play(view: SeatView, decision: Decision) -> Decision:
    """The AI's card, or the card a strong player would play instead
    (:mod:`game.tutor.corrections`): under the winning card while the queen may still fall on
    the trick, or the highest card of its danger when throwing off."""
    card, motive = decision.card, decision.motive
    duck = duck_card(view, card, motive)
    if duck is not None:
        return replace(decision, cards=(CARDS[duck],), motive=Motive.DUCK_UNDER)
    thrown = settle_throw(view, card, motive)
    if thrown == card:
        return decision
    if thrown // RANKS_PER_SUIT == HEARTS:
        motive = Motive.DUMP_HIGH_HEART
    elif 1 << thrown & HIGH_SPADES:
        motive = Motive.DUMP_HIGH_SPADE
    else:
        motive = Motive.BEST_ODDS
    return replace(decision, cards=(CARDS[thrown],), motive=motive)


__all__ = [
    "MOON_MOTIVES",
    "duck_card",
    "queen_may_fall",
    "same_danger",
    "settle_pass",
    "settle_play",
    "settle_throw",
]
