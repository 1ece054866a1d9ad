"""Hard: card counting and perfect-information Monte Carlo.

For a play, Hard deals the unseen cards many times in ways that agree with everything it knows
(:class:`~game.ai.knowledge.Knowledge`: cards played, suits each seat has shown void in, the
cards it passed), plays every candidate card in each deal, finishes the hand with the fast
policy of :mod:`game.ai.playout` and keeps the card with the best average outcome. The outcome is
its points against the others' average, plus a bonus or malus when the hand would end the match
(so a moon that wins the game, or a hand that loses it, weighs what it should).
A sampled deal weighs less for each of the others' plays so far that a careful player (the
playouts' policy) would not have made had the deal been the real one (:data:`MODEL`): a seat
that threw a heart when void is unlikely to hold the queen, one that ducked with the six is
unlikely to hold the seven.

The playouts' opponents defend against a moon as Medium does (from the queen or four point
cards in one seat's tricks), so Hard does not plan on a moon that will be stopped; they throw
no heart on a lone taker's trick as AI 7's Medium does (:class:`HardSettings`' ``model_ai7``);
and they let a suspected runner run. Against a suspected runner Hard also defends at the table:
it feeds the runner no point when void, and keeps its high cards when it cannot beat the
runner's card. A seat that wins trick after trick from the top is suspected before it holds a
point (:func:`~game.ai.facts.run_suspect`), and a seat seen feeding points to a lone taker is
played in the playouts as what it is, a seat that will not defend
(:func:`~game.ai.defence.feeders`): Hard alone must stop a moon there, and its search sees it.
A seat known from earlier games to shoot often (``marked``: the person whose profile says so,
:mod:`game.ai.person`) is watched from its first point and runs in the playouts when it can.

The amount of work is fixed (a number of card plays spread over samples and candidates), never a
time limit, so a decision depends only on the view and the seed.

>>> from game.engine.rules import Rules
>>> from game.engine.match import Match
>>> match = Match.new(Rules(), seed=3)
>>> player = HardPlayer(1, work=4000)
>>> for seat in range(4):
...     _ = match.choose_pass(seat, player.choose_pass(match.view(seat)))
>>> view = match.view(match.hand.turn)
>>> player.decide_play(view).card == player.decide_play(view).card
True
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from game.ai.decision import Decision, Motive
from game.ai.defence import (
    defended,
    feeders,
    read_shooters,
    runner_suspect,
    starved,
    would_run,
)
from game.ai.facts import (
    ACE_OF_HEARTS,
    GUARDS_FOR_QUEEN,
    HIGH_HEART_RANK,
    HIGH_SPADES,
    LOW_SPADES,
    SPADES,
    moon_plausible,
    moon_runner,
    run_suspect,
    trick_winner,
)
from game.ai.knowledge import Knowledge
from game.ai.medium import DecidingPlayer, heuristic_pass, stopper_kept
from game.ai.playout import (
    NO_RUNNER,
    dealt_state,
    final_scores,
    finish,
    model_misses,
    plays_of,
    public_state,
    with_hands,
)
from game.ai.seeding import decision_rng
from game.engine.cards import (
    CARDS,
    HEARTS_MASK,
    JACK_OF_DIAMONDS,
    PENALTY_MASK,
    QUEEN_OF_SPADES,
    QUEEN_OF_SPADES_BIT,
    RANKS_PER_SUIT,
    SUIT_MASKS,
    Card,
    Suit,
    cards_of,
    highest_card,
    lowest_card,
    mask_of,
)
from game.engine.hand import HAND_DONE, HandState
from game.engine.rules import MOON_POINTS, PASS_SIZE, PassDirection
from game.engine.view import SeatView

# The history of every constant below (what was tried, on which seeds, with which figures) is
# in docs/ai-experiments.md, "Hard's constants".
DEFAULT_WORK: Final = 60_000  # card plays per decision: more bought nothing measurable (doc)
MIN_SAMPLES: Final = 12  # deals sampled per decision, whatever the work
MAX_SAMPLES: Final = 280  # keeps Hard's decision time near ISMCTS's at 335 iterations (doc)
GAME_WEIGHT: Final = 30.0  # worth of winning (or losing) the match in this hand, in points
PASS_SAMPLES: Final = 24  # deals played out per candidate pass (96 bought nothing: doc)
PASS_POOL: Final = 5  # the pass is chosen among the 3-card sets of this many cards
PASS_PRIOR: Final = 0.75  # points of benefit of the doubt given to the careful pass (doc)
MOON_LIKELY: Final = 0.5  # share of playouts ending in our moon for the search to "shoot"


@dataclass(frozen=True)
class HardSettings:
    """How Hard searches and defends, one field a choice (the figures behind each default are
    in docs/ai-experiments.md, "Hard's constants" and the issue 30 passes).

    >>> HardSettings().noise, HardSettings(watch=False).watch
    (200, False)
    """

    # The playouts' opponents defend against a lone taker of points as Medium does, so the
    # playouts stop planning moons Medium stops (-0.88 +/- 0.59 points a hand, seed s17a).
    watch: bool = True
    # Against a suspected runner: no point fed to it, stoppers kept, the playouts let it run
    # (game.ai.defence.defended and runner_suspect).
    defend: bool = True
    # A sampled deal's weight for each of the others' plays the playout policy would not have
    # made from it (1: every deal weighs the same; game.ai.playout.model_misses; AI 5).
    model: float = 0.3
    max_samples: int = MAX_SAMPLES  # the most deals sampled for one decision
    # Per thousand of the others' playout cards drawn at random among their legal ones
    # (game.ai.playout.finish; AI 6: 200 is the knee of 0-500).
    noise: int = 200
    # AI 7: the careful pass keeps a top heart from the queen up in a hand of three hearts or
    # more, and the pass search never gives it (game.ai.medium.stopper_kept).
    stopper: bool = True
    # AI 7: void, no heart thrown on a trick the lone taker of points wins while another card
    # can go (game.ai.defence.starved).
    starve: bool = True
    # AI 8: a seat winning trick after trick from the top is a suspected runner before it
    # holds a point (game.ai.facts.run_suspect).
    early: bool = True
    # AI 8: in the playouts a seat seen feeding points to a lone taker never defends against
    # a moon (game.ai.defence.feeders, game.ai.playout.finish's ``careless``).
    feeders: bool = True
    # AI 9 (issue 44, step 3): the playouts' careful seats (and the pass search's) follow AI 7's
    # Medium: the stopper kept from the pass, no heart thrown on a lone taker's trick.
    model_ai7: bool = True
    # Issue 44, step 1: each other seat played in the playouts by what its plays show (seats
    # seen feeding a lone taker, or that shot the moon in this match, turn shooter on the
    # queen as an opportunist does: game.ai.defence.read_shooters), the deals weighed so too.
    read: bool = False
    # Issue 44, step 2: when a moon is open, a second line in which Hard runs for all 26,
    # judged by the same playouts; each card keeps the better line.
    shoot: bool = False
    shoot_margin: float = 0.0  # points a hand the line for the moon must win by to be taken
    # Issue 44, step 4: the seats (a bit each) known from outside the view to shoot often (the
    # person whose model in the profile says so: game.ai.person). Hard watches them from the
    # first card: a lone taker of any point among them is a suspected runner at the table
    # whose first points it takes when it can (game.ai.defence), and in each sampled deal (of
    # the play and the pass) where such a seat's cards make a moon plausible the playouts run
    # it for the moon, the others watching from the first heart. 0 at every ordinary table.
    marked: int = 0
    # Measuring knobs, off: each measured worse or no better where the experiments say.
    # The share of playouts whose opponents run for the moon and defend early (a half did
    # worse in the arena; the arena's hard:WORK:TOUGH entries measure others).
    tough: float = 0.0
    # The playouts' lone taker of the queen holding the top heart runs for the moon, as an
    # opportunist does (issue 30; game.ai.playout.runner_of).
    shooters: bool = False
    # The share of playouts in which no other seat defends against a moon, whatever it was
    # seen doing (``alone=1`` in benchmarks/hard_paired.py).
    alone: float = 0.0


DEFAULT_SETTINGS: Final = HardSettings()


def candidates(legal: int, know: Knowledge) -> list[int]:
    """One card per class of equivalent legal cards: two cards of a suit are equivalent when
    every card between them is ours or played (the queen and a scoring jack stand alone)."""
    special = QUEEN_OF_SPADES_BIT
    if know.rules.jack_of_diamonds:
        special |= 1 << JACK_OF_DIAMONDS
    result: list[int] = []
    for suit in range(4):
        cards = legal & SUIT_MASKS[suit]
        previous = -1
        while cards:
            card = lowest_card(cards)
            cards &= cards - 1
            between = know.unseen & ((1 << card) - 1) & ~((1 << (previous + 1)) - 1)
            joins = previous >= 0 and not between and not (1 << card | 1 << previous) & special
            if not joins:
                result.append(card)
            previous = card
    return result


def pass_candidates(hand: int, careful: Decision, keep: int = 0) -> list[int]:
    """Sets of three cards worth trying, the careful pass first: every 3-card set from its
    cards and the next most dangerous ones but ``keep`` (all with the queen when it is
    unguarded), and the three lowest cards (a pass for the moon) when the hand holds the ace of
    hearts."""
    first = mask_of(careful.cards)
    pool = list(careful.cards)
    rest = cards_of(hand & ~first & ~keep)
    for card in sorted(rest, key=lambda c: _danger(hand, c), reverse=True):
        if len(pool) >= PASS_POOL:
            break
        pool.append(card)
    # An unguarded queen always goes: the search must not talk itself into keeping it.
    must = QUEEN_OF_SPADES_BIT if careful.per_card[0][1] is Motive.PASS_DANGEROUS_QUEEN else 0
    options = [first]
    for trio in itertools.combinations(pool, PASS_SIZE):
        mask = mask_of(trio)
        if mask != first and mask & must == must:
            options.append(mask)
    if hand >> ACE_OF_HEARTS & 1 and not must:
        low = mask_of(sorted(cards_of(hand), key=lambda c: (c % RANKS_PER_SUIT, c))[:PASS_SIZE])
        if low not in options:
            options.append(low)
    return options


def _danger(hand: int, card: int) -> float:
    """How much a card wants to leave the hand (for the pool of pass candidates)."""
    rank = card % RANKS_PER_SUIT
    suit = card // RANKS_PER_SUIT
    length = (hand & SUIT_MASKS[suit]).bit_count()
    score = rank + max(0, 4 - length) * 1.5
    if card == QUEEN_OF_SPADES:
        score += 12
    elif 1 << card & HIGH_SPADES and not hand & QUEEN_OF_SPADES_BIT:
        score += 8
    elif suit == Suit.HEARTS:
        score += 2
    elif suit == SPADES and card < QUEEN_OF_SPADES:
        score -= 6  # low spades guard the queen
    return score


def _pass_reason(hand: int, card: int, passed: int) -> tuple[Card, Motive]:
    """The true simple reason for passing ``card`` in the set ``passed`` (else BEST_ODDS)."""
    low_spades = (hand & LOW_SPADES).bit_count()
    suit = card // RANKS_PER_SUIT
    if card == QUEEN_OF_SPADES and low_spades < GUARDS_FOR_QUEEN:
        return CARDS[card], Motive.PASS_DANGEROUS_QUEEN
    if 1 << card & HIGH_SPADES and not hand & ~passed & QUEEN_OF_SPADES_BIT:
        return CARDS[card], Motive.PASS_HIGH_SPADES
    if not hand & ~passed & SUIT_MASKS[suit]:
        return CARDS[card], Motive.VOID_SUIT
    if suit == Suit.HEARTS and card % RANKS_PER_SUIT >= HIGH_HEART_RANK:
        return CARDS[card], Motive.PASS_HIGH_HEARTS
    if card % RANKS_PER_SUIT >= HIGH_HEART_RANK:
        return CARDS[card], Motive.PASS_HIGH_CARD
    return CARDS[card], Motive.PASS_BEST_ODDS


def utility(scores: Sequence[int], seat: int, totals: Sequence[int], target: int) -> float:
    """How good a hand's scores are for ``seat``: the others' average minus its own points, and
    +/- GAME_WEIGHT when the hand ends the match with ``seat`` alone lowest / not lowest."""
    n = len(scores)
    mine = scores[seat]
    value = (sum(scores) - mine) / (n - 1) - mine
    if max(totals) + MOON_POINTS >= target:
        final = [t + s for t, s in zip(totals, scores, strict=True)]
        if max(final) >= target:
            low = min(final)
            if final[seat] > low:
                value -= GAME_WEIGHT
            elif final.count(low) == 1:
                value += GAME_WEIGHT
    return value


class HardPlayer(DecidingPlayer):
    """The search player. ``work`` is the number of card plays simulated per decision;
    ``pass_samples`` the deals played out per candidate pass; ``settings`` how it searches and
    defends (:class:`HardSettings`)."""

    level = "hard"

    def __init__(
        self,
        seed: int | str = 0,
        work: int = DEFAULT_WORK,
        pass_samples: int = PASS_SAMPLES,
        settings: HardSettings = DEFAULT_SETTINGS,
    ) -> None:
        self.seed = str(seed)
        self.work = work
        self.pass_samples = pass_samples
        self.settings = settings

    # -- passing -------------------------------------------------------------------------------

    def decide_pass(self, view: SeatView) -> Decision:
        """Medium's pass, unless playing out sampled deals finds a set of three clearly better
        (the others are modelled passing like Medium)."""
        careful = heuristic_pass(view.hand, keep_stopper=self.settings.stopper)
        if self.pass_samples <= 0 or view.pass_direction is PassDirection.HOLD:
            return careful
        options = pass_candidates(view.hand, careful, self._kept(view.hand))
        values, moons = self._pass_search(view, options)
        # The careful pass (options[0]) wins ties and near-ties: the search is noisy.
        scores = values[:]
        scores[0] += PASS_PRIOR
        best = max(range(len(options)), key=lambda i: (scores[i], -i))
        if best == 0:
            return careful
        cards = tuple(cards_of(options[best]))
        if moons[best] * 2 >= self.pass_samples:
            return Decision(
                cards,
                Motive.KEEP_FOR_MOON,
                per_card=tuple((c, Motive.KEEP_FOR_MOON) for c in cards),
            )
        # The cards it shares with the careful pass first (in its order), then the others.
        order = [c for c in careful.cards if c in cards] + [
            c for c in cards if c not in careful.cards
        ]
        per_card = tuple(_pass_reason(view.hand, c, options[best]) for c in order)
        return Decision(cards, per_card[0][1], per_card)

    def pass_values(self, view: SeatView, extra: Sequence[int] = ()) -> dict[int, float]:
        """What the pass search expects of each set of three it tries (a bit set each) and of
        the sets in ``extra``: the seat's points against the others' average over the same
        sampled deals :meth:`decide_pass` plays out (before the careful pass's benefit of the
        doubt), so the figures of the sets it tries are exactly those it chose from. Empty when
        there is no search (a hold hand, or ``pass_samples`` 0)."""
        if self.pass_samples <= 0 or view.pass_direction is PassDirection.HOLD:
            return {}
        careful = heuristic_pass(view.hand, keep_stopper=self.settings.stopper)
        options = pass_candidates(view.hand, careful, self._kept(view.hand))
        for mask in extra:
            if mask.bit_count() != PASS_SIZE or mask & ~view.hand:
                raise ValueError("a pass is three cards of the hand")
            if mask not in options:
                options.append(mask)  # after the others: their figures stay the same
        values, _moons = self._pass_search(view, options)
        return dict(zip(options, values, strict=True))

    def _kept(self, hand: int) -> int:
        """The heart no pass gives (:func:`~game.ai.medium.stopper_kept`; 0 without
        ``stopper``)."""
        return stopper_kept(hand) if self.settings.stopper else 0

    def _pass_search(self, view: SeatView, options: list[int]) -> tuple[list[float], list[int]]:
        """Average utility and number of our own moons per candidate pass (the others are
        modelled passing like Medium, its stopper kept with ``model_ai7``). Each sample's deal
        depends only on the seed and the view, never on the options, so a set's figure does not
        depend on the others tried."""
        keep = self.settings.model_ai7
        marked = self.settings.marked & ~(1 << view.seat)
        rng = decision_rng(self.seed, view, "hard-pass")
        rules = view.rules
        n = rules.players
        me = view.seat
        target = rules.target
        totals = view.totals
        unseen = cards_of(rules.deck & ~view.hand)
        sums = [0.0] * len(options)
        moons = [0] * len(options)
        for _ in range(self.pass_samples):
            rng.shuffle(unseen)
            hands = [0] * n
            start = 0
            for seat in range(n):
                if seat == me:
                    hands[seat] = view.hand
                    continue
                hands[seat] = mask_of(unseen[start : start + rules.hand_size])
                start += rules.hand_size
            dealt = HandState.deal(rules, hands, view.pass_direction)
            passes = [
                0 if s == me else mask_of(heuristic_pass(hands[s], keep_stopper=keep).cards)
                for s in range(n)
            ]
            for i, option in enumerate(options):
                state = dealt.copy()
                passes[me] = option
                state.exchange_fast(passes)
                # A seat known to shoot often runs when its cards (ours given included) allow.
                finish(state, would_run(state.taken, state.hands, me, marked))
                sums[i] += utility(final_scores(state, totals), me, totals, target)
                moons[i] += state.moon_shooter == me
        return [total / self.pass_samples for total in sums], moons

    # -- playing -------------------------------------------------------------------------------

    def decide_play(self, view: SeatView) -> Decision:
        legal = view.legal_mask()
        if not legal:
            raise ValueError("it is not this seat's turn to play")
        if legal.bit_count() == 1:
            return Decision.play(highest_card(legal), Motive.FORCED_ONLY_CARD)
        know = Knowledge.of(view)
        options = candidates(legal, know)
        if self.settings.defend:
            knobs = self.settings
            options, motive = defended(view, know, legal, options, knobs.early, knobs.marked)
            if motive is not None:
                return Decision.play(options[0], motive)
        if self.settings.starve:
            options = starved(view, know, legal, options)
        if len(options) == 1:
            return explain(view, know, options[0], {}, 0.0)
        values, moons = self._search(view, know, options)
        best = max(options, key=lambda c: (values[c], -c))
        return explain(view, know, best, values, moons[best])

    def sample_deal(self, know: Knowledge, rng: random.Random) -> list[int]:
        """One deal of every seat's cards to search (the hook a benchmark overrides to measure
        what seeing every card would be worth: benchmarks/hard_ceiling.py)."""
        return know.sample(rng)

    def _search(
        self, view: SeatView, know: Knowledge, options: list[int]
    ) -> tuple[dict[int, float], dict[int, float]]:
        """Average utility and share of our own moons, per candidate card: the better of the
        careful line and, with ``shoot`` when a moon is open to us, the line aiming for all 26
        (Hard's seat the runner in the playouts), each over the same sampled deals."""
        knobs = self.settings
        ai7 = knobs.model_ai7
        rng = decision_rng(self.seed, view, "hard-play")
        remaining = sum(view.card_counts)
        samples = self.work // (len(options) * remaining)
        samples = max(MIN_SAMPLES, min(knobs.max_samples, samples))
        seat = view.seat
        table = _Table.of(view, know, knobs)
        tough_every, alone_every = table.every
        sums = [dict.fromkeys(options, 0.0) for _ in range(table.lines)]
        moons = [dict.fromkeys(options, 0.0) for _ in range(table.lines)]
        weights = 0.0
        base = None
        played_by, plays = plays_of(view) if knobs.model < 1.0 else ([], [])
        for number in range(samples):
            hands = self.sample_deal(know, rng)
            if base is None:
                base = public_state(view, hands)
            # A share of the playouts face tougher opponents: one whose (sampled) hand makes a
            # moon plausible runs for it, and the others defend from the first point.
            tough = bool(tough_every) and number % tough_every == 0
            intents = (table.intent(base, hands, seat, tough), seat)
            weight = 1.0
            if plays:
                dealt = dealt_state(view, hands, played_by)
                seats = (table.careless, table.opportunists)
                weight = knobs.model ** model_misses(dealt, plays, seat, knobs.watch, ai7, *seats)
            weights += weight
            careless = table.everyone if alone_every and number % alone_every == 0 else 0
            for card in options:
                for line in range(table.lines):
                    state = with_hands(base, hands[:])
                    if state.advance(card) != HAND_DONE:
                        finish(
                            state,
                            intents[line],
                            tough or bool(table.marked),
                            knobs.watch,
                            seat,
                            knobs.noise,
                            number * 7919 + 1,
                            table.shooters,
                            careless or table.careless,
                            ai7,
                        )
                    scores = final_scores(state, view.totals)
                    sums[line][card] += weight * utility(scores, seat, view.totals, table.target)
                    if state.moon_shooter == seat:
                        moons[line][card] += weight
        # The line for the moon must beat the careful one by ``shoot_margin`` points a hand.
        edge = knobs.shoot_margin * weights
        best = {c: int(sums[-1][c] > sums[0][c] + edge) * (table.lines - 1) for c in options}
        values = {c: sums[best[c]][c] / weights for c in options}
        return values, {c: moons[best[c]][c] / weights for c in options}


@dataclass(frozen=True)
class _Table:
    """What one decision's playouts know of the other seats (issue 44's reading)."""

    suspect: int  # a suspected runner (NO_RUNNER: none): the playouts let it run
    careless: int  # the seats that never defend (a bit each: :func:`feeders`)
    opportunists: int  # the seats read as opportunists (:func:`read_shooters`)
    shooters: int  # the seats the playouts turn shooter on the queen (``read``, or all)
    everyone: int  # every other seat
    lines: int  # 2 when a line aiming for the moon is searched too (``shoot``), else 1
    target: int  # the match's target
    every: tuple[int, int]  # every how many playouts are tough, and alone (0: none)
    marked: int = 0  # the seats known to shoot often (``marked``): they run when they can

    def intent(self, base: HandState, hands: list[int], me: int, tough: bool) -> int:
        """The seat the playouts of this sampled deal run for the moon (NO_RUNNER: none): in a
        tough playout one whose cards make it plausible; else the suspected runner, or a seat
        known to shoot often (``marked``) whose cards make it plausible."""
        if tough:
            return would_run(base.taken, hands, me)
        if self.suspect == NO_RUNNER and self.marked:
            return would_run(base.taken, hands, me, self.marked)
        return self.suspect

    @classmethod
    def of(cls, view: SeatView, know: Knowledge, knobs: HardSettings) -> _Table:
        everyone = ((1 << view.rules.players) - 1) & ~(1 << view.seat)
        careless = feeders(view) if knobs.feeders else 0
        marked = knobs.marked & everyone
        threat = runner_suspect(view, know, knobs.early, marked) if knobs.defend else None
        suspect = NO_RUNNER if threat is None else threat
        read = (read_shooters(view, careless) if knobs.read else 0) | marked
        shoot = knobs.shoot and suspect == NO_RUNNER and may_shoot(view, know)
        shooters = everyone if knobs.shooters else read
        every = (
            round(1 / knobs.tough) if knobs.tough > 0 else 0,
            round(1 / knobs.alone) if knobs.alone > 0 else 0,
        )
        lines = 2 if shoot else 1
        target = view.rules.target
        return cls(suspect, careless, read, shooters, everyone, lines, target, every, marked)


def may_shoot(view: SeatView, know: Knowledge) -> bool:
    """A moon is open to this seat: no other seat has taken a point, and its cards (held and
    won) make a run plausible (:func:`~game.ai.facts.moon_plausible`; issue 44, step 2)."""
    me = view.seat
    if any(t & PENALTY_MASK for s, t in enumerate(know.taken) if s != me):
        return False
    return moon_plausible(view.hand | know.taken[me])


def explain(
    view: SeatView, know: Knowledge, card: int, values: dict[int, float], moon_rate: float
) -> Decision:
    """The truest simple motive for playing ``card`` here, with the search's figures."""
    decision = _motive(view, know, card, moon_rate)
    if not values:
        return decision
    return decision.with_expected({CARDS[c]: v for c, v in values.items()})


def _motive(view: SeatView, know: Knowledge, card: int, moon_rate: float) -> Decision:
    runner = moon_runner(know.taken)
    if runner == view.seat and moon_rate >= MOON_LIKELY:
        return Decision.play(card, Motive.SHOOT_MOON)
    suit = card // RANKS_PER_SUIT
    if not view.trick:
        queen_out = know.out(QUEEN_OF_SPADES)
        holds_guard = view.hand & (QUEEN_OF_SPADES_BIT | HIGH_SPADES)
        if suit == SPADES and card < QUEEN_OF_SPADES and queen_out and not holds_guard:
            return Decision.play(card, Motive.FLUSH_QUEEN)
        suit_cards = view.hand & SUIT_MASKS[suit]
        if card == lowest_card(suit_cards) and card != QUEEN_OF_SPADES:
            return Decision.play(card, Motive.LEAD_LOW_SAFE)
        return Decision.play(card, Motive.BEST_ODDS)
    best, _ = trick_winner(view)
    trick_mask = mask_of(view.trick)
    led = view.led_suit
    wins_now = suit == led and card > best
    if (
        runner is not None
        and runner != view.seat
        and wins_now
        and (trick_mask | 1 << card) & PENALTY_MASK
    ):
        return Decision.play(card, Motive.BLOCK_MOON)
    if suit == led:
        if card < best:
            motive = Motive.DUMP_QUEEN if card == QUEEN_OF_SPADES else Motive.DUCK_UNDER
            return Decision.play(card, motive)
        if view.trick_number == 0:
            return Decision.play(card, Motive.PLAY_HIGH_FIRST_TRICK)
        if len(view.trick) == view.rules.players - 1 and card != QUEEN_OF_SPADES:
            return Decision.play(card, Motive.WIN_CHEAPLY_LAST)
        if card == lowest_card(view.legal_mask()):
            return Decision.play(card, Motive.FOLLOW_LOW)
        return Decision.play(card, Motive.BEST_ODDS)
    # Void in the suit led.
    if card == QUEEN_OF_SPADES:
        return Decision.play(card, Motive.DUMP_QUEEN)
    if 1 << card & HIGH_SPADES and know.out(QUEEN_OF_SPADES):
        return Decision.play(card, Motive.DUMP_HIGH_SPADE)
    if (
        not 1 << card & PENALTY_MASK
        and view.legal_mask() & HEARTS_MASK
        and run_suspect(view, know.taken) == trick_winner(view)[1]
    ):
        return Decision.play(card, Motive.KEEP_STOPPER)  # no heart fed to a suspected runner
    if 1 << card & HEARTS_MASK and card == highest_card(view.hand & HEARTS_MASK):
        return Decision.play(card, Motive.DUMP_HIGH_HEART)
    if card == highest_card(view.hand & SUIT_MASKS[suit]) and not 1 << card & PENALTY_MASK:
        return Decision.play(card, Motive.DUMP_HIGH_CARD)
    return Decision.play(card, Motive.BEST_ODDS)
