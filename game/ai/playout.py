"""The fast inner loop of the Hard player: full states for sampled deals, a quick sensible policy
for every seat, and the value of a finished hand to one seat.

The policy reads only the state's public fields, the seat's own cards and the cards it has not
seen (all the others' hands together), on bit sets, and plays through :meth:`HandState.advance`
(the unchecked path): a whole hand plays out in well under a millisecond. It ducks, dumps the
queen and high hearts, leads as Medium does (:func:`medium_lead`: the suit whose lowest card the
fewest unseen cards can duck under, away from suits a seat has shown void in), and models the
moon: once one seat holds every point card taken so far (and enough of them), that seat plays
to take every trick and the others try to take a trick from it. With ``watch`` (Hard's default)
the others defend as Medium does from the moment one seat alone holds the queen or four point
cards (:func:`threat_of`): they take its trick with the lowest card that does when the trick
holds a point, keep their high cards when they cannot, feed it no point, and lead a heart
nothing else can beat.

>>> from game.engine.rules import Rules, PassDirection
>>> from game.engine.deal import deal_hands
>>> from game.engine.hand import HandState
>>> rules = Rules()
>>> state = HandState.deal(rules, deal_hands(3, 4, rules.deck, 0), PassDirection.HOLD)
>>> scores = play_out(state)
>>> sum(scores) in (26, 78)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from game.ai.facts import HIGH_SPADES, moon_add_wins
from game.engine.cards import (
    HEARTS_MASK,
    PENALTY_MASK,
    QUEEN_OF_SPADES,
    QUEEN_OF_SPADES_BIT,
    RANKS_PER_SUIT,
    SUIT_MASKS,
)
from game.engine.hand import HAND_DONE, HandState, Phase
from game.engine.legality import legal_mask
from game.engine.rules import PassDirection
from game.engine.view import SeatView

NO_RUNNER: Final = -1
_SUIT_MASKS: Final = SUIT_MASKS
# (constants of this module: compiled, they are read without a dictionary look-up)
_HIGH_SPADES: Final = HIGH_SPADES
_QUEEN_OF_SPADES: Final = QUEEN_OF_SPADES
_RANK_MASK: Final = (1 << RANKS_PER_SUIT) - 1
_HEARTS: Final = 3
_SPADES: Final = 2


# Medium's lead weighs each suit's lowest card by the others' cards below it (those that can duck
# under it) plus these risks (shared with game.ai.medium):
LEAD_HEART_RISK: Final = 2  # a heart lead gives points
LEAD_QUEEN_RISK: Final = 20  # a spade that may catch the queen, or the queen herself
LEAD_VOID_RISK: Final = 3  # per seat known void in the suit: it throws points on the trick
LEAD_SURE_WIN_RISK: Final = 6  # nobody else holds the suit: the lead wins the trick for sure

SEVERAL_TAKERS: Final = -2  # lone_taker: more than one seat holds point cards


def lone_taker(taken: Sequence[int]) -> int:
    """The one seat that has taken point cards; NO_RUNNER when none has, SEVERAL_TAKERS when
    more than one has."""
    who = NO_RUNNER
    for seat, cards in enumerate(taken):
        if cards & PENALTY_MASK:
            if who != NO_RUNNER:
                return SEVERAL_TAKERS
            who = seat
    return who


def runner_of(
    taken: Sequence[int],
    hands: Sequence[int],
    intent: int = NO_RUNNER,
    vigilant: bool = False,
    shooters: int = 0,
) -> int:
    """The seat running for the moon in the model, or NO_RUNNER: it alone holds points, enough
    of them (the queen and a heart, or five hearts; with ``vigilant`` the others watch from the
    first heart; for the seats of ``shooters``, a bit each, the queen alone, half the hand's
    points, turns a careful player into a shooter as an opportunist does), and the highest
    heart still in play. Before any point is taken, ``intent`` (a seat whose hand set out to
    run) is the runner."""
    who = lone_taker(taken)
    if who == NO_RUNNER:
        return intent
    if who == SEVERAL_TAKERS:
        return NO_RUNNER
    points = taken[who]
    hearts = (points & HEARTS_MASK).bit_count()
    enough = hearts >= (1 if vigilant else 5) or (points & QUEEN_OF_SPADES_BIT and hearts)
    queen_alone = (vigilant or shooters >> who & 1) and points & QUEEN_OF_SPADES_BIT
    if not enough and not queen_alone and who != intent:
        return NO_RUNNER
    left = 0
    for hand in hands:
        left |= hand
    left &= HEARTS_MASK
    if left and not hands[who] >> (left.bit_length() - 1) & 1:
        return NO_RUNNER
    return who


THREAT_CARDS: Final = 4  # point cards a lone taker holds before the others defend (as Medium)


# Medium's moon defence, as modelled here: 99.56% of Medium's cards; wider models measured no
# better beside runners (docs/ai-experiments.md, "Figures once kept in the code").


def threat_of(taken: Sequence[int], runner: int) -> int:
    """The seat the others defend against in the model: the runner, else the lone taker of
    points once it holds the queen or THREAT_CARDS point cards (Medium's
    :func:`~game.ai.facts.moon_threat`), else NO_RUNNER."""
    if runner != NO_RUNNER:
        return runner
    who = lone_taker(taken)
    if who < 0:  # nobody, or several, hold points
        return NO_RUNNER
    points = taken[who] & PENALTY_MASK
    if points & QUEEN_OF_SPADES_BIT or points.bit_count() >= THREAT_CARDS:
        return who
    return NO_RUNNER


def lowest_rank(mask: int) -> int:
    """The card of ``mask`` with the lowest rank (clubs first on ties); mask must be non-empty."""
    best = -1
    best_rank = RANKS_PER_SUIT
    for suit in range(4):
        part = mask >> (suit * RANKS_PER_SUIT) & _RANK_MASK
        if part:
            rank = (part & -part).bit_length() - 1
            if rank < best_rank:
                best_rank = rank
                best = suit * RANKS_PER_SUIT + rank
    return best


def highest_rank(mask: int) -> int:
    """The card of ``mask`` with the highest rank (hearts first on ties)."""
    best = -1
    best_rank = -1
    for suit in (3, 2, 1, 0):
        part = mask >> (suit * RANKS_PER_SUIT) & _RANK_MASK
        if part:
            rank = part.bit_length() - 1
            if rank > best_rank:
                best_rank = rank
                best = suit * RANKS_PER_SUIT + rank
    return best


def shown_voids(state: HandState) -> int:
    """The suits each seat has shown void in by not following: bit ``4 * seat + suit``."""
    voids = 0
    for leader, cards, _ in state.tricks:
        voids |= trick_voids(leader, cards)
    return voids


def trick_voids(leader: int, cards: Sequence[int]) -> int:
    """The voids (as in :func:`shown_voids`) one trick shows."""
    n = len(cards)
    led = cards[0] // RANKS_PER_SUIT
    voids = 0
    for i in range(1, n):
        if cards[i] // RANKS_PER_SUIT != led:
            seat = leader + i
            if seat >= n:
                seat -= n
            voids |= 1 << (4 * seat + led)
    return voids


# Medium's lead: it took Hard -0.56 +/- 0.37 points a hand beside three Medium against the old
# lead (q18d, 200 deals; the rest in docs/ai-experiments.md, "Figures once kept in the code").
def medium_lead(hands: Sequence[int], seat: int, legal: int, queen_out: bool, shown: int) -> int:
    """Medium's lead in a playout: :func:`lowest_risk_lead` with the cards the seat has not
    seen (the others' hands together)."""
    others = 0
    for other in range(len(hands)):
        if other != seat:
            others |= hands[other]
    return lowest_risk_lead(others, seat, len(hands), legal, queen_out, shown)


def lowest_risk_lead(
    unseen: int, seat: int, players: int, legal: int, queen_out: bool, shown: int
) -> int:
    """Medium's lead (:func:`game.ai.medium.heuristic_play`, and Hard's playouts): among the
    lowest card of each suit (and the top spade above a held queen), the one with the fewest
    ``unseen`` cards below it, with hearts, a spade that may catch the queen (or the queen), the
    seats ``shown`` void in the suit (:func:`shown_voids`) and a suit nobody else holds
    counting against it (LEAD_*_RISK); then the lowest rank, then clubs first."""
    best_card = -1
    best_key = 1 << 30
    for suit in range(4):
        mask = _SUIT_MASKS[suit]
        cards = legal & mask
        if not cards:
            continue
        out = unseen & mask
        suit_risk = 0
        for other in range(players):
            if other != seat and shown >> (4 * other + suit) & 1:
                suit_risk += LEAD_VOID_RISK
        if suit == _HEARTS:
            suit_risk += LEAD_HEART_RISK
        if not out:
            suit_risk += LEAD_SURE_WIN_RISK
        low = (cards & -cards).bit_length() - 1
        top = -1
        if suit == _SPADES and cards & QUEEN_OF_SPADES_BIT and cards & _HIGH_SPADES:
            top = cards.bit_length() - 1  # it keeps the queen for a discard later
        for card in (low, top):
            if card < 0:
                continue
            risk = (out & ((1 << card) - 1)).bit_count() + suit_risk
            if card == _QUEEN_OF_SPADES or (1 << card & _HIGH_SPADES and queen_out):
                risk += LEAD_QUEEN_RISK
            key = risk * RANKS_PER_SUIT + card % RANKS_PER_SUIT
            if key < best_key:
                best_key = key
                best_card = card
    return best_card


def policy(
    state: HandState,
    runner: int,
    queen_taken: bool,
    threat: int = NO_RUNNER,
    shown: int = -1,
    starve: bool = False,
) -> int:
    """The card the seat to act plays in a playout (always legal). ``runner``: see
    :func:`runner_of`; ``queen_taken``: the queen is in a finished trick; ``threat``: the seat
    the others defend against (:func:`threat_of`); ``shown``: :func:`shown_voids` of the state
    (-1: worked out here); ``starve``: AI 7's discard, no heart thrown on a trick the lone
    taker of points wins while another card can go (Medium's ``starve``)."""
    seat = state.turn
    hand = state.hands[seat]
    led = state.led_suit
    legal = legal_mask(hand, led, state.trick_number, state.hearts_broken, state.first_lead)
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    queen_out = not (queen_taken or (hand | state.trick_mask) & QUEEN_OF_SPADES_BIT)
    if led < 0:
        if runner == seat:
            return highest_rank(legal)
        if threat >= 0 and threat != seat:
            # A heart above every heart the others hold takes a trick from the threat.
            hearts = legal & HEARTS_MASK
            if hearts:
                out = 0
                for other in state.hands:
                    out |= other
                out &= HEARTS_MASK & ~hand
                if not out >> hearts.bit_length():
                    return hearts.bit_length() - 1
        # Medium's lead, for every seat: the figures above medium_lead().
        if shown < 0:
            shown = shown_voids(state)
        return medium_lead(state.hands, seat, legal, queen_out, shown)
    best = state.best_card
    if legal & _SUIT_MASKS[led]:  # following: every legal card is of the suit led
        if runner >= 0:
            if runner == seat:
                return legal.bit_length() - 1
            if state.best_seat == runner:
                above = legal >> (best + 1)
                if above:
                    return legal.bit_length() - 1
        if threat >= 0 and threat != seat and state.best_seat == threat:
            # Take its trick with the lowest card that does when it holds points (a point on
            # purpose costs less than 26); else keep the high cards: play the lowest.
            above = legal & ~((1 << (best + 1)) - 1)
            if above and (state.trick_mask & PENALTY_MASK or led == _HEARTS):
                return (above & -above).bit_length() - 1
            if not above:
                return (legal & -legal).bit_length() - 1
        last = len(state.trick) == state.n - 1
        below = legal & ((1 << best) - 1)
        if below:
            return below.bit_length() - 1
        # Every card wins for now: the highest if nobody plays after (or on the first trick,
        # where no points fall), else the lowest; never the queen while another card will do.
        safe = legal & ~QUEEN_OF_SPADES_BIT
        if not safe:
            return _QUEEN_OF_SPADES
        if last or state.trick_number == 0:
            return safe.bit_length() - 1
        return (safe & -safe).bit_length() - 1
    # Void in the suit led: discard.
    if runner >= 0 and (runner == seat or state.best_seat == runner):
        clean = legal & ~PENALTY_MASK
        if clean:
            return lowest_rank(clean) if runner == seat else highest_rank(clean)
    if threat >= 0 and threat != seat and state.best_seat == threat:
        clean = legal & ~PENALTY_MASK  # feed it no points
        if clean:
            return lowest_rank(clean)
    if legal & QUEEN_OF_SPADES_BIT:
        return _QUEEN_OF_SPADES
    if queen_out and legal & _HIGH_SPADES:
        return (legal & _HIGH_SPADES).bit_length() - 1
    hearts = legal & HEARTS_MASK
    if starve and hearts and legal & ~HEARTS_MASK:
        taker = lone_taker(state.taken)
        if taker >= 0 and taker != seat and state.best_seat == taker:
            return highest_rank(legal & ~HEARTS_MASK)
    if hearts:
        return hearts.bit_length() - 1
    return highest_rank(legal)


def finish(
    state: HandState,
    intent: int = NO_RUNNER,
    vigilant: bool = False,
    watch: bool = False,
    me: int = -1,
    noise: int = 0,
    seed: int = 0,
    shooters: int = 0,
    careless: int = 0,
    starve: bool = False,
) -> None:
    """Play the hand to its end with :func:`policy` for every seat (``intent`` and
    ``vigilant``: see :func:`runner_of`; with ``watch`` the others defend against a lone taker
    of points early, as Medium does: :func:`threat_of`). With ``noise`` (per thousand) every seat
    but ``me`` plays a uniformly random legal card that often instead, drawn from ``seed``;
    ``shooters``: see :func:`runner_of`; the seats of ``careless`` (a bit each) never defend
    against a runner or a threat: they play on as if none were there, as an opportunist does;
    with ``starve`` the others (not ``careless``) discard as AI 7's Medium (:func:`policy`)."""
    taken = state.taken
    hands = state.hands  # advance() changes these lists in place
    runner = runner_of(taken, hands, intent, vigilant, shooters)
    threat = threat_of(taken, runner) if watch else NO_RUNNER
    queen_taken = any(t & QUEEN_OF_SPADES_BIT for t in taken)
    shown = shown_voids(state)
    tricks = state.tricks
    advance = state.advance
    x = seed & 0xFFFFFFFF
    while True:
        turn = state.turn
        if careless >> turn & 1 and turn != runner:
            card = policy(state, NO_RUNNER, queen_taken, NO_RUNNER, shown)
        else:
            card = policy(state, runner, queen_taken, threat, shown, starve)
        if noise and turn != me:
            x = (x * 1103515245 + 12345) & 0x7FFFFFFF
            if x % 1000 < noise:
                legal = legal_mask(
                    state.hands[state.turn],
                    state.led_suit,
                    state.trick_number,
                    state.hearts_broken,
                    state.first_lead,
                )
                x = (x * 1103515245 + 12345) & 0x7FFFFFFF
                pick = (x >> 8) % legal.bit_count()
                while pick:
                    legal &= legal - 1
                    pick -= 1
                card = (legal & -legal).bit_length() - 1
        outcome = advance(card)
        if outcome:
            if outcome == HAND_DONE:
                return
            leader, cards, _ = tricks[-1]
            shown |= trick_voids(leader, cards)
            runner = runner_of(taken, hands, intent, vigilant, shooters)
            threat = threat_of(taken, runner) if watch else NO_RUNNER
            queen_taken = queen_taken or any(t & QUEEN_OF_SPADES_BIT for t in taken)


def model_misses(
    state: HandState,
    plays: Sequence[int],
    me: int,
    watch: bool = False,
    starve: bool = False,
    careless: int = 0,
    shooters: int = 0,
) -> int:
    """How many of the other seats' cards in ``plays`` (the hand so far, in order) :func:`policy`
    would not have played from ``state``, a fresh deal of the hands each seat held when play
    began (``state`` is played on): the fewer, the likelier the deal when the others play
    carefully. ``me``'s own cards are not counted; ``watch``, ``starve``, ``careless`` and
    ``shooters`` as in :func:`finish` (each seat played by its own model)."""
    taken = state.taken
    hands = state.hands
    runner = runner_of(taken, hands, NO_RUNNER, False, shooters)
    threat = threat_of(taken, runner) if watch else NO_RUNNER
    queen_taken = False
    shown = 0
    tricks = state.tricks
    misses = 0
    for card in plays:
        turn = state.turn
        if turn != me:
            if careless >> turn & 1 and turn != runner:
                mine = policy(state, NO_RUNNER, queen_taken, NO_RUNNER, shown)
            else:
                mine = policy(state, runner, queen_taken, threat, shown, starve)
            if mine != card:
                misses += 1
        if state.advance(card):
            leader, cards, _ = tricks[-1]
            shown |= trick_voids(leader, cards)
            runner = runner_of(taken, hands, NO_RUNNER, False, shooters)
            threat = threat_of(taken, runner) if watch else NO_RUNNER
            queen_taken = queen_taken or any(t & QUEEN_OF_SPADES_BIT for t in taken)
    return misses


def final_scores(state: HandState, totals: Sequence[int] | None = None) -> tuple[int, ...]:
    """The scores of a finished hand; with the "shooter chooses" rule the shooter subtracts
    unless adding to the others ends the game in its favour (``totals``: the match before)."""
    if state.phase is Phase.MOON_CHOICE:
        shooter = state.turn
        state.choose_moon(not moon_add_wins(shooter, totals or [0] * state.n, state.rules))
    scores = state.hand_scores
    assert scores is not None
    return scores


def play_out(state: HandState) -> tuple[int, ...]:
    """Finish a copy of ``state`` with the policy and return the hand's scores."""
    copy = state.copy()
    if copy.phase is Phase.PLAY:
        finish(copy)
    return final_scores(copy)


def plays_of(view: SeatView) -> tuple[list[int], list[int]]:
    """The view's hand so far: the cards each seat has played (a bit set a seat) and every
    play in order."""
    n = view.rules.players
    played_by = [0] * n
    plays: list[int] = []
    for leader, cards, _ in [*view.tricks, (view.leader, view.trick, -1)]:
        for i, card in enumerate(cards):
            played_by[(leader + i) % n] |= 1 << card
            plays.append(card)
    return played_by, plays


def dealt_state(view: SeatView, hands: Sequence[int], played_by: Sequence[int]) -> HandState:
    """The hand at the start of play that leads to each seat holding ``hands[seat]`` now, after
    playing ``played_by[seat]`` (:func:`plays_of`)."""
    start = [hands[s] | played_by[s] for s in range(len(hands))]
    return HandState.deal(view.rules, start, PassDirection.HOLD)


def public_state(view: SeatView, hands: Sequence[int]) -> HandState:
    """A full state in the view's position in which each seat holds ``hands[seat]`` now: the
    view's public play replayed from the hands those cards imply at the deal."""
    played_by, plays = plays_of(view)
    state = dealt_state(view, hands, played_by)
    for card in plays:
        state.advance(card)
    return state


def with_hands(base: HandState, hands: list[int]) -> HandState:
    """A copy of ``base`` (a :func:`public_state`) with other current hands."""
    state = base.copy()
    state.hands = hands
    return state
