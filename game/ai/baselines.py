"""Yardsticks for the arena, built apart from Easy, Medium and Hard so they do not share their
blind spots: a moon runner, an opportunist and an information-set Monte Carlo tree search.

- :class:`RunnerPlayer` goes for the moon whenever its hand makes it plausible and plays it out
  (it passes its low cards, cashes its sure winners, then runs the hearts from the top); once
  another seat has taken a point it plays as Medium. It measures moon defence.
- :class:`OpportunistPlayer` plays Medium's careful game, without its moon watch, until a
  chance comes during play (it has taken half the hand's points and nobody else any; it holds
  the queen badly guarded with long minors; it is on lead with no card that can lose the
  trick; or it kept a strong hand from the pass), then shoots: its runnable suits led from the
  top, its high cards kept on a clean trick it cannot win, and the careful game again as soon
  as it cannot win a trick it needs. It measures the defence against a shooter that decides
  late, at a table that feeds it (issue 30; docs/ai-experiments.md).
- :class:`IsmctsPlayer` is single-observer information-set MCTS (Cowling, Powley and Whitehouse,
  2012): each iteration deals the unseen cards in a way that agrees with everything the seat
  knows (:meth:`Knowledge.sample`, the sampler Hard uses), walks one tree shared by all those
  deals (every seat's moves, chosen by UCB among the cards legal in that deal), and finishes the
  hand with uniformly random legal cards. It knows nothing of Hearts beyond the rules and the
  score, so it plans on no one's habits. Its pass is Medium's.

All decide from the view and their seed only (a fixed number of iterations, never a clock).
Where they play as Medium they play as Medium did before AI 7 (no stopper kept from the pass, no
starving of a lone taker: ``keep_stopper=False``, ``starve=False``), so a yardstick stays the
same while the levels change.

>>> from game.engine.rules import Rules
>>> from game.engine.match import Match
>>> from game.engine.players import play_match
>>> match = Match.new(Rules(), seed=4, single_hand=True)
>>> players = [IsmctsPlayer(1, iterations=60), RunnerPlayer(2), RunnerPlayer(3), RunnerPlayer(4)]
>>> sum(play_match(match, players).totals) in (26, 78)
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

from game.ai.decision import Decision, Motive
from game.ai.facts import (
    GUARDS_FOR_QUEEN,
    HEARTS,
    LOW_SPADES,
    SPADES,
    moon_plausible,
    moon_runner,
    moon_strength,
    rank_of,
    suit_of,
    trick_winner,
)
from game.ai.knowledge import Knowledge
from game.ai.medium import DecidingPlayer, heuristic_pass, heuristic_play
from game.ai.playout import final_scores, lowest_rank, public_state, with_hands
from game.ai.seeding import decision_rng
from game.engine.cards import (
    CARDS,
    PENALTY_MASK,
    QUEEN_OF_SPADES,
    QUEEN_OF_SPADES_BIT,
    RANKS_PER_SUIT,
    SUIT_MASKS,
    cards_of,
    highest_card,
    lowest_card,
    mask_of,
)
from game.engine.hand import HAND_DONE, HandState
from game.engine.legality import legal_mask
from game.engine.rules import PASS_SIZE
from game.engine.view import SeatView

# -- the runner ----------------------------------------------------------------------------------


class RunnerPlayer(DecidingPlayer):
    """Goes for the moon whenever it is plausible; Medium otherwise (see the module)."""

    level = "runner"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = str(seed)

    def decide_pass(self, view: SeatView) -> Decision:
        if not moon_plausible(view.hand):
            return heuristic_pass(view.hand, keep_stopper=False)
        low = sorted(cards_of(view.hand), key=lambda c: (rank_of(c), c))[:PASS_SIZE]
        cards = tuple(sorted(low))
        return Decision(
            cards, Motive.KEEP_FOR_MOON, tuple((c, Motive.KEEP_FOR_MOON) for c in cards)
        )

    def decide_play(self, view: SeatView) -> Decision:
        legal = view.legal_mask()
        if not legal:
            raise ValueError("it is not this seat's turn to play")
        know = Knowledge.of(view)
        held = view.hand | _played_by(view, view.seat)
        runner = moon_runner(know.taken)
        points_out = any(t & PENALTY_MASK for t in know.taken)
        running = moon_plausible(held) and (runner == view.seat or not points_out)
        if not running or legal.bit_count() == 1:
            return careful_play(view, know)
        return Decision.play(_run_card(view, know, legal), Motive.SHOOT_MOON)


def careful_play(view: SeatView, know: Knowledge, *, watch: bool = True) -> Decision:
    """Medium's card as Medium played before AI 7 (``watch``: with its moon watch): the
    yardsticks' careful game, kept the same while the levels change."""
    return heuristic_play(view, know, watch=watch, starve=False, suspect=False)


def _played_by(view: SeatView, seat: int) -> int:
    n = view.rules.players
    mask = 0
    for leader, cards, _ in [*view.tricks, (view.leader, view.trick, -1)]:
        for i, card in enumerate(cards):
            if (leader + i) % n == seat:
                mask |= 1 << card
    return mask


def _run_card(view: SeatView, know: Knowledge, legal: int) -> int:
    """The card that keeps the run going: win every trick, keep the points coming."""
    if not view.trick:
        # A sure winner first (our card above every unseen card of its suit), hearts last
        # until they are all ours; else the highest card of the longest suit.
        best = -1
        for suit in (0, 1, 2, 3):
            cards = legal & SUIT_MASKS[suit]
            if not cards:
                continue
            top = highest_card(cards)
            sure = not know.unseen & SUIT_MASKS[suit] & ~((1 << top) - 1)
            if sure and (best < 0 or suit_of(best) == HEARTS):
                best = top
        if best >= 0:
            return best
        longest = max(
            (s for s in range(4) if legal & SUIT_MASKS[s]),
            key=lambda s: ((legal & SUIT_MASKS[s]).bit_count(), s != HEARTS),
        )
        return highest_card(legal & SUIT_MASKS[longest])
    led = view.led_suit
    follow = legal & SUIT_MASKS[led]
    if follow:
        return highest_card(follow)  # the highest: win it if anything can
    clean = legal & ~PENALTY_MASK
    return lowest_rank(clean or legal)  # keep the points for tricks we win


# -- the opportunist ------------------------------------------------------------------------------

OPPORTUNE_STRENGTH: Final = 13  # high-card points (ace 4 ... jack 1) of a hand kept to shoot
ENTRY_RANK: Final = 10  # a queen or above is an entry in its suit
HALF_POINTS: Final = 13  # points taken (others none) that turn the opportunist into a shooter
LONG_MINORS: Final = 9  # clubs and diamonds together that carry a badly guarded queen
CLUBS: Final = 0
DIAMONDS: Final = 1
ENTRIES: Final = tuple(
    SUIT_MASKS[s] & ~((1 << (s * RANKS_PER_SUIT + ENTRY_RANK)) - 1) for s in range(4)
)  # the queen, king and ace of each suit


def strong_for_moon(hand: int) -> bool:
    """The opportunist's hand worth keeping for a moon from the pass: at least
    OPPORTUNE_STRENGTH high-card points and an entry (a queen or above) in every suit."""
    if moon_strength(hand) < OPPORTUNE_STRENGTH:
        return False
    return all(hand & entries for entries in ENTRIES)


def _exit_problem(view: SeatView, know: Knowledge, legal: int) -> bool:
    """On lead with no card some unseen card of its suit can beat: every lead wins."""
    if view.trick:
        return False
    for card in cards_of(legal):
        if know.unseen & SUIT_MASKS[suit_of(card)] & ~((1 << (card + 1)) - 1):
            return False
    return True


def opportunity(view: SeatView, know: Knowledge, legal: int) -> bool:
    """The opportunist shoots from here: nobody else has a point, and it has taken half the
    hand's points, or holds the queen badly guarded with long clubs and diamonds, or has no
    way out of the lead, or kept a strong hand from the pass."""
    me = view.seat
    if any(t & PENALTY_MASK for s, t in enumerate(know.taken) if s != me):
        return False
    mine = know.taken[me] & PENALTY_MASK
    points = mine.bit_count() + (12 if mine & QUEEN_OF_SPADES_BIT else 0)
    if points >= HALF_POINTS:
        return True
    held = view.hand | _played_by(view, me)
    if strong_for_moon(held):
        return True
    minors = (held & (SUIT_MASKS[CLUBS] | SUIT_MASKS[DIAMONDS])).bit_count()
    exposed = held & QUEEN_OF_SPADES_BIT and (held & LOW_SPADES).bit_count() < GUARDS_FOR_QUEEN
    if exposed and minors >= LONG_MINORS:
        return True
    return bool(mine) and _exit_problem(view, know, legal)


class OpportunistPlayer(DecidingPlayer):
    """Careful until a chance to shoot comes, then a shooter (see the module)."""

    level = "opportunist"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = str(seed)

    def decide_pass(self, view: SeatView) -> Decision:
        if not strong_for_moon(view.hand):
            return heuristic_pass(view.hand, keep_stopper=False)

        # Keep the high cards: pass the hearts it could not win with, then spades below the
        # queen, then the lowest cards.
        def order(card: int) -> tuple[int, int]:
            low_heart = suit_of(card) == HEARTS and rank_of(card) < ENTRY_RANK
            low_spade = suit_of(card) == SPADES and card < QUEEN_OF_SPADES
            return (0 if low_heart else 1 if low_spade else 2, rank_of(card))

        cards = tuple(sorted(sorted(cards_of(view.hand), key=order)[:PASS_SIZE]))
        return Decision(
            cards, Motive.KEEP_FOR_MOON, tuple((c, Motive.KEEP_FOR_MOON) for c in cards)
        )

    def decide_play(self, view: SeatView) -> Decision:
        legal = view.legal_mask()
        if not legal:
            raise ValueError("it is not this seat's turn to play")
        know = Knowledge.of(view)
        if legal.bit_count() == 1 or not opportunity(view, know, legal):
            return careful_play(view, know, watch=False)
        card = _shoot_card(view, know, legal)
        if card is None:
            # A needed trick lost: give up.
            return careful_play(view, know, watch=False)
        return Decision.play(card, Motive.SHOOT_MOON)


def _beats_unseen(card: int, unseen: int) -> bool:
    """No unseen card of ``card``'s suit ranks above it."""
    return not unseen & SUIT_MASKS[suit_of(card)] & ~((1 << (card + 1)) - 1)


def _shoot_card(view: SeatView, know: Knowledge, legal: int) -> int | None:
    """The shooter's card: its runnable suits led from the top (sure winners first, hearts
    last), the trick won when it can be, its high cards kept when it cannot; None when it
    cannot win a trick holding points (the run is lost: the caller plays carefully)."""
    unseen = know.unseen
    if not view.trick:
        suits = [s for s in range(4) if legal & SUIT_MASKS[s]]
        tops = {s: highest_card(legal & SUIT_MASKS[s]) for s in suits}
        sure = [s for s in suits if _beats_unseen(tops[s], unseen)]
        if sure:
            return tops[min(sure, key=lambda s: (s == HEARTS, s))]

        # The suit whose top card the fewest unseen cards beat, the longest of those.
        def above(s: int) -> tuple[int, int, bool]:
            over = unseen & SUIT_MASKS[s] & ~((1 << (tops[s] + 1)) - 1)
            return (over.bit_count(), -(legal & SUIT_MASKS[s]).bit_count(), s == HEARTS)

        return tops[min(suits, key=above)]
    best, _ = trick_winner(view)
    follow = legal & SUIT_MASKS[view.led_suit]
    points = bool(mask_of(view.trick) & PENALTY_MASK)
    if follow:
        winners = follow & ~((1 << (best + 1)) - 1)
        if not winners:
            if points or view.led_suit == HEARTS:
                return None
            return lowest_card(follow)  # keep the high cards
        if len(view.trick) == view.rules.players - 1:
            return lowest_card(winners)  # the cheapest winner, last
        return highest_card(follow)
    if points:
        return None
    clean = legal & ~PENALTY_MASK
    return lowest_rank(clean or legal)  # keep the points for tricks it wins


# -- information-set MCTS ------------------------------------------------------------------------

# The ISMCTS gets Hard's decision time: 380 iterations took 28.8-28.9 ms against Hard's 29.4-29.6
# at AI 6 (docs/ai-experiments.md, "Figures once kept in the code"; arena, final18/final19).
DEFAULT_ITERATIONS: Final = 380  # Hard's default decision time (60,000 card plays, ~25 ms)
EXPLORATION: Final = 0.7  # UCB's constant, for rewards in about [-1, 1]


class _Node:
    """A move in the shared tree: how often it was tried, how often it was legal, and the sum
    of the rewards of the seat that made it."""

    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.available = 1
        self.reward = 0.0


def _reward(scores: tuple[int, ...], seat: int) -> float:
    """The hand's value to ``seat``: the others' average points minus its own, over 26."""
    n = len(scores)
    mine = scores[seat]
    return ((sum(scores) - mine) / (n - 1) - mine) / 26.0


class IsmctsPlayer(DecidingPlayer):
    """Single-observer ISMCTS with random playouts; ``iterations`` per decision."""

    level = "ismcts"

    def __init__(self, seed: int | str = 0, iterations: int = DEFAULT_ITERATIONS) -> None:
        self.seed = str(seed)
        self.iterations = iterations

    def decide_pass(self, view: SeatView) -> Decision:
        return heuristic_pass(view.hand, keep_stopper=False)

    def decide_play(self, view: SeatView) -> Decision:
        legal = view.legal_mask()
        if not legal:
            raise ValueError("it is not this seat's turn to play")
        if legal.bit_count() == 1:
            return Decision.play(highest_card(legal), Motive.FORCED_ONLY_CARD)
        rng = decision_rng(self.seed, view, "ismcts")
        know = Knowledge.of(view)
        root = _Node()
        base: HandState | None = None
        random = rng.random
        for _ in range(self.iterations):
            hands = know.sample(rng)
            if base is None:
                base = public_state(view, hands)
            state = with_hands(base, hands)
            path, done = _descend(state, root, random)
            if not done:
                _random_playout(state, random)
            scores = final_scores(state, view.totals)
            for child, seat in path:
                child.visits += 1
                child.reward += _reward(scores, seat)
        chosen = max(root.children, key=lambda c: (root.children[c].visits, -c))
        expected = {
            CARDS[c]: round(ch.reward / ch.visits * 26.0, 2)
            for c, ch in root.children.items()
            if ch.visits
        }
        return Decision.play(chosen, Motive.BEST_ODDS).with_expected(expected)


def _descend(
    state: HandState, root: _Node, random: Callable[[], float]
) -> tuple[list[tuple[_Node, int]], bool]:
    """Selection and expansion from ``root`` in ``state`` (played on): the nodes passed with the
    seat that moved at each, and whether the hand is over."""
    node = root
    path: list[tuple[_Node, int]] = []
    done = False
    # Down the tree while every legal card has a node.
    while True:
        seat = state.turn
        moves = legal_mask(
            state.hands[seat],
            state.led_suit,
            state.trick_number,
            state.hearts_broken,
            state.first_lead,
        )
        children = node.children
        untried = []
        best_child: _Node | None = None
        best_card = -1
        best_score = -math.inf
        log_terms = []
        for card in cards_of(moves):
            child = children.get(card)
            if child is None:
                untried.append(card)
            else:
                child.available += 1
                log_terms.append((card, child))
        if untried:
            card = untried[int(random() * len(untried))]
            child = _Node()
            children[card] = child
            path.append((child, seat))
            done = state.advance(card) == HAND_DONE
            break
        for card, child in log_terms:
            score = child.reward / child.visits + EXPLORATION * math.sqrt(
                math.log(child.available) / child.visits
            )
            if score > best_score:
                best_score, best_card, best_child = score, card, child
        assert best_child is not None
        path.append((best_child, seat))
        node = best_child
        if state.advance(best_card) == HAND_DONE:
            done = True
            break
    return path, done


def _random_playout(state: HandState, draw: Callable[[], float]) -> None:
    """Finish the hand with uniformly random legal cards (``draw``: a generator's random())."""
    advance = state.advance
    hands = state.hands
    while True:
        moves = legal_mask(
            hands[state.turn],
            state.led_suit,
            state.trick_number,
            state.hearts_broken,
            state.first_lead,
        )
        cards = cards_of(moves)
        if advance(cards[int(draw() * len(cards))]) == HAND_DONE:
            return
