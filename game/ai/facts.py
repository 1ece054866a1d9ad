"""Facts of a position, in one place: what the AI's motives and the tutor's sentences both read.

The AI decides from these facts and the tutor states them, so a motive and the sentence that
tells it cannot disagree. Everything here is plain card arithmetic on a seat's view (or on bit
sets), never a guess.

>>> from game.engine.cards import Card
>>> [str(c) for c in (Card(c) for c in range(52)) if 1 << c & HIGH_SPADES]
['KS', 'AS']
>>> cards_above(Card.parse("JS")) == 1 << 36 | HIGH_SPADES
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from game.engine.cards import (
    ACE_OF_SPADES,
    HEARTS_MASK,
    KING_OF_SPADES,
    PENALTY_MASK,
    QUEEN_OF_SPADES,
    RANKS_PER_SUIT,
    SUIT_MASKS,
    Suit,
    card_at,
)
from game.engine.rules import MOON_POINTS, Rules
from game.engine.trick import trick_winner as winning_seat
from game.engine.view import SeatView

SPADES: Final = int(Suit.SPADES)
HEARTS: Final = int(Suit.HEARTS)
HIGH_SPADES: Final = 1 << KING_OF_SPADES | 1 << ACE_OF_SPADES  # the spades that catch the queen
LOW_SPADES: Final = SUIT_MASKS[SPADES] & ((1 << QUEEN_OF_SPADES) - 1)  # two to jack of spades
ACE_OF_HEARTS: Final = card_at(Suit.HEARTS, RANKS_PER_SUIT - 1)
GUARDS_FOR_QUEEN: Final = 3  # fewer spades below the queen than this leave her exposed
HIGH_HEART_RANK: Final = 9  # the jack of hearts and above: hearts worth passing


def rank_of(card: int) -> int:
    """0 for a two ... 12 for an ace."""
    return card % RANKS_PER_SUIT


def suit_of(card: int) -> int:
    return card // RANKS_PER_SUIT


def cards_below(card: int) -> int:
    """The cards of ``card``'s suit ranked under it, as a bit set."""
    return SUIT_MASKS[card // RANKS_PER_SUIT] & ((1 << card) - 1)


def cards_above(card: int) -> int:
    """The cards of ``card``'s suit ranked over it, as a bit set."""
    return SUIT_MASKS[card // RANKS_PER_SUIT] & ~((1 << (card + 1)) - 1)


def trick_winner(view: SeatView) -> tuple[int, int]:
    """(card, seat) winning the current trick so far (the engine's
    :func:`game.engine.trick.trick_winner`); the trick must have begun."""
    seat = winning_seat(view.leader, view.trick, view.rules.players)
    if seat is None:
        raise ValueError("the trick has not begun")
    n = view.rules.players
    return int(view.trick[(seat - view.leader) % n]), seat


def moon_runner(taken: Sequence[int]) -> int | None:
    """The one seat whose won cards (``taken``, by seat) hold every point card taken so far;
    None when nobody or several have taken points."""
    holders = [seat for seat, cards in enumerate(taken) if cards & PENALTY_MASK]
    return holders[0] if len(holders) == 1 else None


def moon_add_wins(shooter: int, totals: Sequence[int], rules: Rules) -> bool:
    """True when adding 26 to every other seat ends the game with ``shooter`` alone lowest
    (``totals``: the match before the hand): then the shooter adds, otherwise subtracts.

    >>> moon_add_wins(0, (60, 80, 75, 90), Rules()), moon_add_wins(0, (10, 20, 30, 40), Rules())
    (True, False)
    """
    others = [t + MOON_POINTS for s, t in enumerate(totals) if s != shooter]
    return max(others) >= rules.target and totals[shooter] < min(others)


THREAT_POINTS: Final = 4  # points a lone taker holds before it is watched as a moon runner


def moon_threat(view: SeatView, taken: Sequence[int]) -> int | None:
    """Another seat that may be running for the moon, or None: it alone has taken points, and
    enough of them (the queen, or THREAT_POINTS hearts); or nobody has a point yet and it has
    led a heart from the top (the queen of hearts or higher) into this trick."""
    runner = moon_runner(taken)
    if runner is not None:
        points = taken[runner] & PENALTY_MASK
        heavy = points & 1 << QUEEN_OF_SPADES or points.bit_count() >= THREAT_POINTS
        return runner if runner != view.seat and heavy else None
    if any(t & PENALTY_MASK for t in taken) or not view.trick or view.leader == view.seat:
        return None
    lead = view.trick[0]
    top_heart = suit_of(lead) == HEARTS and rank_of(lead) >= RANKS_PER_SUIT - 3
    return view.leader if top_heart else None


RUN_STREAK: Final = 2  # tricks won in a row (the last ones) that make a seat a suspected runner
RUN_LEAD_RANK: Final = 10  # ...having led and won a trick with a queen or above this hand


def run_suspect(view: SeatView, taken: Sequence[int]) -> int | None:
    """Another seat that may be running for the moon before it has the points to show it (issue
    30): it has won the last RUN_STREAK tricks or more in a row, one of its tricks this hand it
    led from the top (a queen or above), and no other seat has taken a point. None otherwise.

    A shooter who kept a strong hand from the pass wins trick after trick with its top cards
    from the start, where a careful player leads low; the careful game, which throws it its high
    hearts when void, feeds the run before any point is taken.
    """
    tricks = view.tricks
    if not tricks:
        return None
    seat = tricks[-1][2]
    if seat == view.seat or run_streak(view, seat) < RUN_STREAK:
        return None
    if any(cards & PENALTY_MASK for s, cards in enumerate(taken) if s != seat):
        return None
    if not any(
        leader == winner == seat and cards[0] % RANKS_PER_SUIT >= RUN_LEAD_RANK
        for leader, cards, winner in tricks
    ):
        return None
    return int(seat)


def run_streak(view: SeatView, seat: int) -> int:
    """How many of the last tricks ``seat`` has won in a row."""
    count = 0
    for _, _, winner in reversed(view.tricks):
        if winner != seat:
            break
        count += 1
    return count


HONOUR_RANK: Final = 9  # jack and above count towards a hand's strength
RUN_STRENGTH: Final = 15  # jack 1, queen 2, king 3, ace 4: this much makes a moon plausible
RUN_HEARTS: Final = 5  # or this many hearts with the ace of hearts


def moon_strength(hand: int) -> int:
    """How much the hand's honours weigh (jack 1, queen 2, king 3, ace 4).

    >>> from game.engine.cards import mask_of, parse_cards
    >>> moon_strength(mask_of(parse_cards("AH KH JC 2D"))), moon_strength(0)
    (8, 0)
    """
    total = 0
    for suit in range(4):
        ranks = (hand >> (suit * RANKS_PER_SUIT) & SUIT_MASKS[0]) >> HONOUR_RANK
        weight = 1
        while ranks:
            total += weight * (ranks & 1)
            ranks >>= 1
            weight += 1
    return total


def moon_plausible(hand: int) -> bool:
    """A hand worth a run at the moon: many honours, with the ace of hearts or long hearts."""
    hearts = hand & HEARTS_MASK
    top_heart = bool(hearts >> (HEARTS * RANKS_PER_SUIT + RANKS_PER_SUIT - 1) & 1)
    long_hearts = hearts.bit_count() >= RUN_HEARTS
    return moon_strength(hand) >= RUN_STRENGTH and (top_heart or long_hearts)
