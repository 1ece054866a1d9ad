"""Medium: solid heuristic play with no search.

It passes the dangerous cards (the queen of spades without three lower spades to guard it, the
ace and king of spades without the queen or enough low spades, high hearts, a short suit to make
a void), ducks under the winning card when it can, dumps the queen and high hearts when void,
never takes the queen when a legal card avoids it, and leads low and safe.

>>> from game.engine.rules import Rules
>>> from game.engine.match import Match
>>> from game.engine.players import play_match
>>> result = play_match(Match.new(Rules(), seed=2), [MediumPlayer(s) for s in range(4)])
>>> len(result.winners) >= 1
True
"""

from __future__ import annotations

from typing import Final

from game.ai.decision import Decision, Motive
from game.ai.facts import (
    GUARDS_FOR_QUEEN,
    HEARTS,
    HIGH_HEART_RANK,
    HIGH_SPADES,
    LOW_SPADES,
    moon_add_wins,
    moon_runner,
    moon_threat,
    rank_of,
    run_suspect,
    suit_of,
    trick_winner,
)
from game.ai.knowledge import Knowledge
from game.ai.playout import highest_rank, lowest_rank, lowest_risk_lead
from game.engine.cards import (
    ACE_OF_SPADES,
    CARDS,
    HEARTS_MASK,
    KING_OF_SPADES,
    PENALTY_MASK,
    QUEEN_OF_SPADES,
    QUEEN_OF_SPADES_BIT,
    SUIT_MASKS,
    Card,
    cards_of,
    highest_card,
    lowest_card,
    mask_of,
)
from game.engine.rules import PASS_SIZE
from game.engine.view import SeatView

# Issue 30, third pass (docs/ai-experiments.md): the moon defence that starts before any watch.
STOPPER_RANK: Final = 10  # the top heart from the queen up stays out of the pass: a stopper...
STOPPER_HEARTS: Final = 3  # ...when the hand holds this many hearts (the others duck under)

# -- passing ---------------------------------------------------------------------------------


def heuristic_pass(hand: int, *, keep_stopper: bool = True) -> Decision:
    """The three cards a careful player passes, each with its motive. With ``keep_stopper``
    (AI 7) its top heart stays when it is the queen or above and the hand holds
    STOPPER_HEARTS hearts: the card that stops a moon late, where passing it may hand a
    neighbour its run (the yardsticks of game.ai.baselines pass without it, as Medium did).

    >>> from game.engine.cards import mask_of, parse_cards
    >>> d = heuristic_pass(mask_of(parse_cards("QS 4S 2C 3C 5C 6C 7C 8C 9C 2D 3D 4D 5D")))
    >>> [str(c) for c in d.cards], d.per_card[0][1].name
    (['8C', '9C', 'QS'], 'PASS_DANGEROUS_QUEEN')
    """
    chosen: list[tuple[Card, Motive]] = []
    left = hand

    def take(card: int, motive: Motive) -> None:
        nonlocal left
        if len(chosen) < PASS_SIZE and left >> card & 1:
            chosen.append((CARDS[card], motive))
            left &= ~(1 << card)

    low_spades = (hand & LOW_SPADES).bit_count()
    holds_queen = bool(hand & QUEEN_OF_SPADES_BIT)
    if holds_queen and low_spades < GUARDS_FOR_QUEEN:
        take(QUEEN_OF_SPADES, Motive.PASS_DANGEROUS_QUEEN)
    keeps_queen = bool(left & QUEEN_OF_SPADES_BIT)
    if not keeps_queen and low_spades < GUARDS_FOR_QUEEN + 1:
        for card in (ACE_OF_SPADES, KING_OF_SPADES):
            take(card, Motive.PASS_HIGH_SPADES)
    # A short minor suit that the remaining places can empty.
    room = PASS_SIZE - len(chosen)
    shortest = None
    for suit in (0, 1):
        cards = left & SUIT_MASKS[suit]
        count = cards.bit_count()
        if 0 < count <= room and (shortest is None or count < shortest[1]):
            shortest = (suit, count)
    high_hearts = [c for c in cards_of(left & HEARTS_MASK) if rank_of(c) >= HIGH_HEART_RANK]
    kept = stopper_kept(hand) if keep_stopper else 0
    if kept and high_hearts and 1 << high_hearts[-1] == kept:
        high_hearts.pop()
    if shortest is not None and not (len(high_hearts) >= room and room == 1):
        suit = shortest[0]
        for card in reversed(cards_of(left & SUIT_MASKS[suit])):
            take(card, Motive.VOID_SUIT)
    for card in reversed(high_hearts):
        take(card, Motive.PASS_HIGH_HEARTS)
    while len(chosen) < PASS_SIZE:
        # The highest card left, keeping low spades that guard a kept queen.
        pool = left & ~QUEEN_OF_SPADES_BIT & ~kept
        if left & QUEEN_OF_SPADES_BIT:
            pool &= ~LOW_SPADES
        if not pool:
            pool = left
        take(highest_rank(_prefer_short(pool, left)), Motive.PASS_HIGH_CARD)
    passed = tuple(sorted(c for c, _ in chosen))
    return Decision(passed, chosen[0][1], tuple(chosen))


def stopper_kept(hand: int) -> int:
    """The heart the careful pass keeps as a moon stopper (a bit set; 0 for none): the top
    heart, from the queen up, of a hand of STOPPER_HEARTS hearts or more.

    >>> from game.engine.cards import Card, mask_of, parse_cards
    >>> def kept(text: str) -> int:
    ...     return stopper_kept(mask_of(parse_cards(text)))
    >>> kept("KH 7H 2H 3C") == 1 << Card.parse("KH"), kept("KH 7H 3C"), kept("JH 7H 2H")
    (True, 0, 0)
    """
    hearts = hand & HEARTS_MASK
    if hearts.bit_count() < STOPPER_HEARTS or rank_of(highest_card(hearts)) < STOPPER_RANK:
        return 0
    return 1 << highest_card(hearts)


def _prefer_short(pool: int, hand: int) -> int:
    """Among the highest-ranked cards of ``pool``, keep those of the shortest suit in ``hand``."""
    top = max(rank_of(c) for c in cards_of(pool))
    ties = [c for c in cards_of(pool) if rank_of(c) == top]
    shortest = min(ties, key=lambda c: ((hand & SUIT_MASKS[suit_of(c)]).bit_count(), c))
    return 1 << shortest


# -- playing ---------------------------------------------------------------------------------


def heuristic_play(
    view: SeatView,
    know: Knowledge | None = None,
    *,
    watch: bool = True,
    starve: bool = True,
    suspect: bool = True,
) -> Decision:
    """The card a careful player without search plays, with its motive (``watch``: with its
    moon defence against a lone taker of points, :func:`_defend`; ``starve``, AI 7: void, it
    throws no heart on a trick won by the one seat that has taken points, whatever their count,
    when it has another card to throw; the yardsticks of game.ai.baselines play without it)."""
    legal = view.legal_mask()
    if not legal:
        raise ValueError("it is not this seat's turn to play")
    if legal.bit_count() == 1:
        return Decision.play(highest_card(legal), Motive.FORCED_ONLY_CARD)
    know = know or Knowledge.of(view)
    threat = moon_threat(view, know.taken) if watch else None
    if threat is not None:
        defence = _defend(view, know, legal, threat)
        if defence is not None:
            return defence
    elif suspect and view.trick:
        early = run_suspect(view, know.taken)
        if early is not None and trick_winner(view)[1] == early:
            defence = _keep_stoppers(view, legal)
            if defence is not None:
                return defence
    if not view.trick:
        return _lead(view, know, legal)
    led = view.led_suit
    if legal & SUIT_MASKS[led]:
        return _follow(view, know, legal)
    return _discard(view, know, legal, starve)


def _keep_stoppers(view: SeatView, legal: int) -> Decision | None:
    """Against a suspected runner winning this trick (:func:`~game.ai.facts.run_suspect`),
    the two plays that hand it its run for nothing: under its heart, the lowest heart (the
    high ones may win a heart trick later); void, a card that is not a heart (unless the
    queen can go). None when the usual play will do. Issue 30, fourth pass: the wider
    defence (following low in every suit, taking its tricks) cost points (doc)."""
    led = view.led_suit
    follow = legal & SUIT_MASKS[led]
    if follow:
        if led == HEARTS and not follow >> (trick_winner(view)[0] + 1):
            return Decision.play(lowest_card(follow), Motive.KEEP_STOPPER)
        return None
    rest = legal & ~HEARTS_MASK
    if rest and legal & HEARTS_MASK and not legal & QUEEN_OF_SPADES_BIT:
        return Decision.play(highest_rank(rest), Motive.KEEP_STOPPER)
    return None


def _defend(view: SeatView, know: Knowledge, legal: int, runner: int) -> Decision | None:
    """Moon defence against ``runner``: take a trick from it (one point on purpose costs less
    than 26), keep the high cards that can still beat it, and feed it no points. None when the
    usual play will do."""
    if not view.trick:
        # A heart above every heart still out takes a trick (and a point) from the runner.
        hearts = legal & HEARTS_MASK
        if hearts and not know.unseen & HEARTS_MASK & ~((1 << hearts.bit_length()) - 1):
            return Decision.play(highest_card(hearts), Motive.BLOCK_MOON)
        return None
    best, winner = trick_winner(view)
    led = view.led_suit
    follow = legal & SUIT_MASKS[led]
    if winner != runner:
        return None  # someone else is taking this trick: the usual play feeds it points
    if follow:
        above = follow & ~((1 << (best + 1)) - 1)
        if above and (mask_of(view.trick) & PENALTY_MASK or led == HEARTS):
            return Decision.play(lowest_card(above), Motive.BLOCK_MOON)
        if not above:
            # Cannot beat it now: keep the high cards for later, play the lowest.
            return Decision.play(lowest_card(follow), Motive.KEEP_STOPPER)
        return None
    # Void: give the runner no point; keep the high hearts as stoppers.
    clean = legal & ~PENALTY_MASK
    if clean:
        return Decision.play(lowest_rank(clean), Motive.KEEP_STOPPER)
    hearts = legal & HEARTS_MASK
    if hearts:
        return Decision.play(lowest_card(hearts), Motive.KEEP_STOPPER)
    return None


def _lead(view: SeatView, know: Knowledge, legal: int) -> Decision:
    """The lead that risks least (:func:`~game.ai.playout.lowest_risk_lead`, which Hard's
    playouts play too): a suit's lowest card that the most unseen cards can beat, away from
    hearts, a spade that may catch the queen, and the suits a seat has shown void in."""
    shown = 0
    for seat, voids in enumerate(know.voids):
        if seat != view.seat:
            shown |= voids << (4 * seat)
    queen_out = know.out(QUEEN_OF_SPADES)
    n = view.rules.players
    card = lowest_risk_lead(know.unseen, view.seat, n, legal, queen_out, shown)
    if 1 << card & HIGH_SPADES and legal & QUEEN_OF_SPADES_BIT:
        # Holding the queen, a spade above her cannot catch her: leading it keeps the queen
        # for a discard later, where the lowest spade may be the queen herself.
        return Decision.play(card, Motive.LEAD_ABOVE_QUEEN)
    return Decision.play(card, Motive.LEAD_LOW_SAFE)


def _follow(view: SeatView, know: Knowledge, legal: int) -> Decision:
    best, _ = trick_winner(view)
    last = len(view.trick) == view.rules.players - 1
    below = legal & ((1 << best) - 1)
    if below:
        card = highest_card(below)
        if card == QUEEN_OF_SPADES:
            return Decision.play(card, Motive.DUMP_QUEEN)
        return Decision.play(card, Motive.DUCK_UNDER)
    # Every legal card beats the trick so far.
    safe = legal & ~QUEEN_OF_SPADES_BIT or legal
    if view.trick_number == 0:
        return Decision.play(highest_card(safe), Motive.PLAY_HIGH_FIRST_TRICK)
    if last:
        return Decision.play(highest_card(safe), Motive.WIN_CHEAPLY_LAST)
    card = lowest_card(safe)
    return Decision.play(card, Motive.FOLLOW_LOW)


def _discard(view: SeatView, know: Knowledge, legal: int, starve: bool = False) -> Decision:
    if legal & QUEEN_OF_SPADES_BIT:
        return Decision.play(QUEEN_OF_SPADES, Motive.DUMP_QUEEN)
    if know.out(QUEEN_OF_SPADES) and legal & HIGH_SPADES:
        card = highest_card(legal & HIGH_SPADES)
        return Decision.play(card, Motive.DUMP_HIGH_SPADE)
    hearts = legal & HEARTS_MASK
    others = legal & ~HEARTS_MASK
    if hearts and others and starve and lone_taker_wins(view, know):
        # The hearts stay in hand (stoppers, or hearts for a later trick): no point fed.
        return Decision.play(highest_rank(others), Motive.KEEP_STOPPER)
    if hearts:
        return Decision.play(highest_card(hearts), Motive.DUMP_HIGH_HEART)
    clean = legal & ~PENALTY_MASK or legal
    return Decision.play(highest_rank(clean), Motive.DUMP_HIGH_CARD)


def lone_taker_wins(view: SeatView, know: Knowledge) -> bool:
    """Another seat alone has taken points so far, and it is winning this trick."""
    taker = moon_runner(know.taken)
    return taker is not None and taker != view.seat and trick_winner(view)[1] == taker


def moon_decision(view: SeatView) -> Decision:
    """The moon choice: subtract, unless adding 26 to the others wins the game now."""
    if moon_add_wins(view.seat, view.totals, view.rules):
        return Decision((), Motive.MOON_ADD)
    return Decision((), Motive.MOON_SUBTRACT)


class DecidingPlayer:
    """The :class:`~game.engine.players.Player` answers of a level that explains its decisions: the
    cards of ``decide_pass`` / ``decide_play``, and the sensible moon choice."""

    def decide_pass(self, view: SeatView) -> Decision:
        raise NotImplementedError

    def decide_play(self, view: SeatView) -> Decision:
        raise NotImplementedError

    def choose_pass(self, view: SeatView) -> list[Card]:
        return list(self.decide_pass(view).cards)

    def choose_play(self, view: SeatView) -> Card:
        return self.decide_play(view).card

    def choose_moon(self, view: SeatView) -> bool:
        return moon_decision(view).motive is Motive.MOON_SUBTRACT


class MediumPlayer(DecidingPlayer):
    """Heuristics only; its decisions do not even need the seed (kept for a uniform API)."""

    level = "medium"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = str(seed)

    def decide_pass(self, view: SeatView) -> Decision:
        return heuristic_pass(view.hand)

    def decide_play(self, view: SeatView) -> Decision:
        return heuristic_play(view)
