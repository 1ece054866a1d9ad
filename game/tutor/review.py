"""The hand review: one finished hand replayed trick by trick, every seat's cards face up, and
the tutor's view of each of the player's decisions.

:func:`replay_hand` replays a stored game (its engine save) up to the hand asked for and walks
through it move by move with the engine, keeping what a review shows at each step: every seat's
cards, the trick, who took it and the points taken so far, and for each of the player's
decisions the exact :class:`~game.engine.view.SeatView` the player decided from.

:func:`judge` asks the tutor (:mod:`game.tutor.advice`, the Hard AI's search, seeded as the game's
hints are) what it would have done from that view: its card(s), its one-sentence reason, and the
expected result its search gave its own card and the player's (the search's figure: the seat's
points against the others' average, higher is better; a card equivalent to one the search tried
shares its figure; for the pass, what the pass search expects of both sets of three, before the
benefit of the doubt it gives its careful pass). The cost of a decision is how much lower the
player's figure is; a forced card, or one the search rates equal, costs nothing. Judging is
seconds of work per hand, so the window runs :func:`judge` in its worker process.

>>> from game.engine.match import Match
>>> from game.engine.players import RandomPlayer, play_match
>>> from game.engine.rules import Rules
>>> from game.engine.save import save_match
>>> match = Match.new(Rules(target=30), seed=4)
>>> _ = play_match(match, [RandomPlayer(s) for s in range(4)])
>>> review = replay_hand(save_match(match), 0, seat=0)
>>> len(review.steps), sum(d.kind == "play" for d in review.decisions)
(14, 13)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from game.engine.cards import CARDS, RANKS_PER_SUIT, Card, cards_of, mask_of
from game.engine.hand import HandState, Phase
from game.engine.match import Match
from game.engine.moves import Move
from game.engine.rules import HAND_POINTS, PassDirection
from game.engine.save import InvalidSave, load_match
from game.engine.view import SeatView

PASS: Final = "pass"
PLAY: Final = "play"
MOON: Final = "moon"


@dataclass(frozen=True)
class Step:
    """What the review shows at one step: step 0 is the deal (with the passes), step k the
    k-th trick just played."""

    hands: tuple[int, ...]  # each seat's cards at this step (after the trick's cards left)
    trick: tuple[tuple[int, Card], ...]  # (seat, card) in play order; () for the deal
    winner: int | None  # who took the trick
    points: tuple[int, ...]  # points each seat has taken so far in the hand (before the moon)
    passed: tuple[int, ...] = ()  # step 0: what each seat passed (bit sets), if there was a pass


@dataclass(frozen=True)
class DecisionPoint:
    """One of the player's decisions: its step (0 for the pass), the seat's view just before
    it, and what the player chose."""

    kind: str  # PASS, PLAY or MOON (the shooter's choice, when the rules let them choose)
    step: int
    view: SeatView
    chosen: tuple[Card, ...]
    subtract: bool | None = None  # MOON: True for 26 off the shooter, False for 26 to the others


@dataclass(frozen=True)
class HandReview:
    seat: int
    hand_number: int  # 0 for the first hand
    pass_direction: PassDirection
    steps: tuple[Step, ...]
    decisions: tuple[DecisionPoint, ...]
    scores: tuple[int, ...]  # the hand's scores as the engine counted them (moon included)
    moon_shooter: int | None
    tutor_seed: str  # the seed the game's hints used: the review's tutor thinks the same way
    finished: bool = True  # False: the hand stops before its end (read from the notation)


def tutor_seed(match_seed: str) -> str:
    """The tutor's seed for a game: the one the window's hints use."""
    return f"{match_seed}/tutor"


def hand_count(match_data: Any) -> int:
    """How many hands a stored game holds (finished or not)."""
    hands = match_data.get("hands") if isinstance(match_data, dict) else None
    return len(hands) if isinstance(hands, list) else 0


def replay_hand(match_data: Any, hand_index: int, seat: int) -> HandReview:
    """The review of hand ``hand_index`` (0 for the first) of a stored game, for ``seat``.

    Raises :class:`game.engine.save.InvalidSave` when the save cannot be replayed, and ValueError
    when the hand does not exist or was not finished.
    """
    if not 0 <= hand_index < hand_count(match_data):
        raise ValueError(f"the game has no hand {hand_index + 1}")
    full = load_match(match_data)
    if [*full.past_hands, full.hand][hand_index].hand_scores is None:
        raise ValueError(f"hand {hand_index + 1} was not finished")
    return review_of(full, hand_index, seat)


def review_of(match: Match, hand_index: int, seat: int) -> HandReview:
    """The review of the ``hand_index``-th hand ``match`` holds (0 for the first), for ``seat``:
    a finished hand, or an unfinished one up to where it stops (a game read from the notation,
    :mod:`game.notation`). Raises ValueError when there is no such hand or seat."""
    hands = [*match.past_hands, match.hand]
    if not 0 <= hand_index < len(hands):
        raise ValueError(f"the game has no hand {hand_index + 1}")
    n = match.rules.players
    if not 0 <= seat < n:
        raise ValueError(f"there is no seat {seat}")
    done = hands[hand_index]
    start = match.at_hand(hand_index)
    decisions: list[DecisionPoint] = []
    steps = [_pass_step(start, done, seat, decisions)]
    _replay_tricks(start, done, seat, decisions, steps)
    if (
        start.phase is Phase.MOON_CHOICE
        and start.hand.turn == seat
        and done.hand_scores is not None
    ):
        view = start.view(seat)
        decisions.append(DecisionPoint(MOON, len(steps) - 1, view, (), done.moon_subtracted))
    finished = done.hand_scores is not None
    return HandReview(
        seat=seat,
        hand_number=start.hand_number,
        pass_direction=done.pass_direction,
        steps=tuple(steps),
        decisions=tuple(decisions),
        scores=done.hand_scores if done.hand_scores is not None else tuple(done.points_taken()),
        moon_shooter=done.moon_shooter,
        tutor_seed=tutor_seed(match.seed),
        finished=finished,
    )


def _pass_step(start: Match, done: HandState, seat: int, decisions: list[DecisionPoint]) -> Step:
    """Step 0, the deal: the passes made (the player's a decision) and applied to ``start``."""
    n = start.rules.players
    passed = [0] * n
    if start.hand.phase is Phase.PASS:
        if done.passes[seat] is not None:
            chosen = tuple(cards_of(done.passes[seat] or 0))
            decisions.append(DecisionPoint(PASS, 0, start.view(seat), chosen))
        for giver, chosen_mask in enumerate(done.passes):
            if chosen_mask is not None:
                passed[giver] = chosen_mask
                start.apply(giver, Move.pass_cards(cards_of(chosen_mask)))
    return Step(tuple(start.hand.dealt), (), None, (0,) * n, tuple(passed))


def _replay_tricks(
    start: Match, done: HandState, seat: int, decisions: list[DecisionPoint], steps: list[Step]
) -> None:
    """Each trick played in ``done`` replayed on ``start``: a step per trick (the last one
    partial when the hand stops inside it), the player's plays as decisions."""
    rules = start.rules
    trick: list[tuple[int, Card]] = []
    for card in done.plays:
        turn = start.hand.turn
        if turn == seat:
            decisions.append(DecisionPoint(PLAY, len(steps), start.view(seat), (CARDS[card],)))
        start.apply(turn, Move.play(card))
        trick.append((turn, CARDS[card]))
        if len(trick) == rules.players:
            h = start.hand
            points = tuple(rules.points_of(t) for t in h.taken)
            steps.append(Step(tuple(h.hands), tuple(trick), h.tricks[-1][2], points))
            trick = []
    if trick:
        h = start.hand
        points = tuple(rules.points_of(t) for t in h.taken)
        steps.append(Step(tuple(h.hands), tuple(trick), None, points))


# -- the tutor's view ------------------------------------------------------------------------


@dataclass(frozen=True)
class Judgement:
    """The tutor's view of one decision (plain, picklable data: it comes from the worker)."""

    kind: str
    step: int
    chosen: tuple[Card, ...]
    tutor_cards: tuple[Card, ...]
    sentence: Any  # a game.text.sentences.Sentence, rendered in the player's language
    tutor_value: float | None  # the search's expected result for the tutor's choice
    player_value: float | None  # ... for the player's (None: the search gave no figure)
    subtract: bool | None = None  # MOON: the player's choice
    tutor_subtract: bool | None = None  # MOON: the tutor's

    @property
    def agrees(self) -> bool:
        """The player chose what the tutor would (or a card the search rates the same)."""
        if self.kind == MOON:
            return self.subtract == self.tutor_subtract
        if set(self.chosen) == set(self.tutor_cards):
            return True
        if self.kind == PLAY and self.tutor_value is None:
            return True  # no figure for a play: a forced card, or every legal card alike
        return self.player_value is not None and self.player_value == self.tutor_value

    @property
    def cost(self) -> float:
        """What the player's choice lost by the tutor's reckoning (0 when there is no figure)."""
        if self.tutor_value is None or self.player_value is None:
            return 0.0
        return max(0.0, self.tutor_value - self.player_value)


def equivalent_value(view: SeatView, card: int, expected: dict[int, float]) -> float | None:
    """The search's figure for ``card``: its own, or that of the card the search tried in its
    place. The search tries one card per run of equivalent cards (two cards of a suit are
    equivalent when every card between them is the seat's own or already played), and that
    card is the lowest of its run, so the run's figure is the one of the nearest tried card
    below ``card`` with nothing still out between them."""
    if card in expected:
        return expected[card]
    unseen = view.unseen
    for lower in range(card - 1, (card // RANKS_PER_SUIT) * RANKS_PER_SUIT - 1, -1):
        if unseen >> lower & 1:
            return None  # a card still out lies between: not equivalent
        if lower in expected:
            return expected[lower]
    return None


def judge(point: DecisionPoint, seed: str, work: int | None = None) -> Judgement:
    """The tutor's choice at ``point`` with its reason and the search's figures (the worker
    runs this). ``work`` sets the search's size (tests use a smaller one; the window the
    tutor's own)."""
    from game.ai.hard import HardPlayer
    from game.tutor import advice as tutor

    player = HardPlayer(seed, work=work) if work is not None else None
    view = point.view
    if point.kind == MOON:
        from game.ai.decision import Motive

        moon = tutor.advise_moon(view)
        wanted = moon.decision.motive is Motive.MOON_SUBTRACT
        return Judgement(
            MOON, point.step, (), (), moon.sentence, None, None, point.subtract, wanted
        )
    if point.kind == PASS:
        searcher = player or tutor.tutor_player(seed)
        advice = tutor.advise_pass(view, seed, player=searcher)
        theirs, mine_set = mask_of(advice.cards), mask_of(point.chosen)
        values = (  # the tutor may pass another set than the search's best: both get figures
            searcher.pass_values(view, extra=(mine_set, theirs))
            if isinstance(searcher, HardPlayer)
            else {}
        )
        return Judgement(
            PASS,
            point.step,
            point.chosen,
            advice.cards,
            advice.sentence,
            values.get(theirs),
            values.get(mine_set),
        )
    advice = tutor.advise_play(view, seed, player=player)
    expected = {int(c): float(v) for c, v in advice.decision.expected.items()}
    mine = int(point.chosen[0])
    if expected:
        tutor_value = equivalent_value(view, int(advice.card), expected)
        player_value = equivalent_value(view, mine, expected)
    else:  # a forced card, or every legal card alike: nothing to lose
        tutor_value = player_value = None
    if tutor_value is None:
        player_value = None  # no figure to weigh the player's card against
    return Judgement(
        PLAY, point.step, point.chosen, advice.cards, advice.sentence, tutor_value, player_value
    )


def total_cost(judgements: list[Judgement]) -> float:
    """What the player's choices cost in the hand by the tutor's reckoning."""
    return sum(j.cost for j in judgements)


def seat_points(gap: float, players: int) -> float:
    """A gap between two of the search's figures (points against the others' average) as
    points taken in the seat, capped at a hand's 26: with the hand's points shared out, a
    point more for the seat is a point less for the others, so the figure moves by
    ``players / (players - 1)`` for each point the seat takes.

    >>> seat_points(4.0, 4), seat_points(3.0, 3), seat_points(80.0, 4)
    (3.0, 2.0, 26)
    """
    return min(HAND_POINTS, gap * (players - 1) / players)


def step_points(judgement: Judgement, players: int) -> int:
    """A decision's cost as the review's step shows it: whole seat points (0: not shown, the
    search's noise between two cards it rates alike)."""
    return round(seat_points(judgement.cost, players))


@dataclass(frozen=True)
class HandFigure:
    """The hand in points a player can picture: what the seat took, how many points fewer the
    tutor expects its own choices would have taken in that seat (0: as many), and at how many
    decisions it would have chosen otherwise at a cost (the steps that show a figure)."""

    taken: int
    saved: int
    costly: int = 0


def hand_figure(hand: HandReview, judgements: list[Judgement]) -> HandFigure:
    """What the seat took in the hand and, by the tutor's reckoning, how many points fewer its
    choices would have taken there: the sum of the figures the steps show (:func:`step_points`:
    a decision within half a point of the tutor's adds nothing, so the search's noise does
    not pile up over thirteen plays), never more than a hand's 26. An expectation, decision by
    decision, not a replay: it can exceed what the player took (lucky cards, or points pushed
    onto the others)."""
    players = len(hand.scores)
    points = [step_points(j, players) for j in judgements]
    costly = sum(1 for p in points if p > 0)
    return HandFigure(hand.scores[hand.seat], min(HAND_POINTS, sum(points)), costly)


def chosen_names(cards: tuple[Card, ...]) -> str:
    """ "Q♠ 2♥" (for logs and tests)."""
    return " ".join(CARDS[c].symbol() for c in cards)


__all__ = [
    "DecisionPoint",
    "HandFigure",
    "HandReview",
    "InvalidSave",
    "Judgement",
    "Step",
    "equivalent_value",
    "hand_figure",
    "judge",
    "replay_hand",
    "review_of",
    "seat_points",
    "step_points",
    "total_cost",
]
