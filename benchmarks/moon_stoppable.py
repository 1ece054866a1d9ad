"""Which moons could the seat beside them have stopped at all? An exact search of its plays.

    python benchmarks/moon_stoppable.py --deals 150 --seed c30b --others opportunist --jobs 2

Each deal is played once per seat with Hard (or ``--player``) in that seat and three others
around it (the seeds hard_paired.py and hard_ceiling.py share). When another seat shoots the
moon, the hand is searched again from the end of the pass (every pass as it was made): every
card that seat could have played at each of its turns, the others answering each line as
they would (their own decide_play on the position, so a different card of ours can change
their game; they are checked to play the same cards again on the line that was played). A
moon is

- stoppable when some line of that seat ends with no other seat taking every point (the line
  found is played out again to check it);
- unstoppable when no line does: no player in that seat, seeing every card, could stop it;
- unknown when the search ran out of its budget (``--budget`` of our seat's decisions).

The unstoppable moons, over all hands, are a floor under the share of moons against any
player in that seat with that pass: a goal below it cannot be met by that seat's play.

``--best`` also finds, for each moon, the line Hard's own measure of a hand rates highest (the
others' average minus the seat's points, :func:`game.ai.hard.utility`): whether a player who
sees every card and plays for that measure stops the moon, or lets it through because every
stop costs it more.

Cards touching in what the other seats hold (the 5 and 6 of clubs when the others hold no club
between them and none is in the trick) win and lose the same tricks, so only one of them is
searched (:func:`distinct`): exact for the cards, and for the others as long as their play does
not turn on which of two such cards they saw.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.hard_paired import (
    Setting,
    hard_player,
    moon_against,
    seat_table,
    setting,
    shown,
)
from game.ai.hard import utility
from game.arena.duplicate import ARENA_LEVELS, new_player, positive
from game.engine.cards import CARDS, PENALTY_MASK, mask_of
from game.engine.hand import HandState, Phase, moon_shooter
from game.engine.match import Match
from game.engine.players import Player, decide
from game.engine.points import card_points
from game.engine.rules import Rules
from game.engine.view import SeatView

STOPPABLE, UNSTOPPABLE, UNKNOWN = "stoppable", "unstoppable", "unknown"


class OutOfBudget(Exception):
    """The search looked at more of our seat's decisions than it was allowed."""


@dataclass(frozen=True)
class Table:
    """What the search needs besides the position: the seat searched, the others, the match's
    facts their views carry."""

    seat: int
    players: list[Player]
    hand_number: int
    dealer: int
    totals: tuple[int, ...]

    def view(self, state: HandState, seat: int) -> SeatView:
        return SeatView.of_hand(
            state,
            seat,
            phase=state.phase,
            hand_number=self.hand_number,
            dealer=self.dealer,
            totals=self.totals,
        )

    def play_theirs(self, state: HandState) -> None:
        """The seat to act (one of the others) plays the card it would."""
        move = decide(self.players[state.turn], self.view(state, state.turn))
        state.advance(move.card)

    def answer(self, state: HandState) -> bool | None:
        """Play the others' cards until it is our seat's turn or the hand is over; the
        verdict once it is settled (True: no moon against our seat can happen any more)."""
        while True:
            verdict = settled(state, self.seat)
            if verdict is not None or state.turn == self.seat:
                return verdict
            self.play_theirs(state)


def settled(state: HandState, seat: int) -> bool | None:
    """True when no other seat can take every point any more, False when the hand ended with
    another seat's moon, None while it is open."""
    with_points = [s for s, taken in enumerate(state.taken) if taken & PENALTY_MASK]
    if state.taken[seat] & PENALTY_MASK or len(with_points) > 1:
        return True
    if state.phase is Phase.PLAY:
        return None
    shooter = moon_shooter(state.taken)
    return shooter is None or shooter == seat


def distinct(state: HandState, seat: int) -> list[int]:
    """The seat's legal cards, highest first, one of each run of cards touching in what the
    other seats still hold: two cards of a suit with no other seat's card and no card of the
    trick between them win and lose the same tricks (their points equal: the queen of spades
    touches nothing), so only the higher is searched."""
    others = 0
    for s, hand in enumerate(state.hands):
        if s != seat:
            others |= hand
    between = others | mask_of(state.trick)
    jack = state.rules.jack_of_diamonds
    cards: list[int] = []
    for card in sorted(state.legal_cards(), reverse=True):
        if cards:
            higher = cards[-1]
            gap = (1 << higher) - (1 << (card + 1))  # the cards strictly between them
            if (
                CARDS[higher].suit is CARDS[card].suit
                and not between & gap
                and card_points(1 << card, jack) == card_points(1 << higher, jack)
            ):
                continue
        cards.append(card)
    return cards


def search(state: HandState, table: Table, budget: int) -> tuple[str, list[int]]:
    """STOPPABLE, UNSTOPPABLE or UNKNOWN for the position after the pass, and for a stoppable
    moon our seat's cards on the line found (until the moon can no longer happen)."""
    left = [budget]
    line: list[int] = []

    def stops(position: HandState) -> bool:
        verdict = table.answer(position)
        if verdict is not None:
            return verdict
        left[0] -= 1
        if left[0] < 0:
            raise OutOfBudget
        # The cards most likely to take a point first (the highest), so a stoppable moon is
        # found after few lines; an unstoppable one needs them all.
        for card in distinct(position, table.seat):
            child = position.copy()
            child.advance(card)
            line.append(card)
            if stops(child):
                return True
            line.pop()
        return False

    try:
        return (STOPPABLE, line) if stops(state.copy()) else (UNSTOPPABLE, [])
    except OutOfBudget:
        return UNKNOWN, []


def replayed(state: HandState, table: Table, ours: list[int]) -> tuple[int, ...] | None:
    """The hand's scores when our seat plays ``ours`` (then its lowest legal cards) and the
    others answer through the search's own path."""
    position = state.copy()
    cards = iter(ours)
    while position.phase is Phase.PLAY:
        if position.turn == table.seat:
            position.advance(next(cards, position.legal_cards()[0]))
            continue
        table.play_theirs(position)
    return position.hand_scores


def best_response(state: HandState, table: Table, budget: int) -> tuple[int, ...] | None:
    """The scores of the line of our seat that Hard's own measure of a hand rates highest
    (:func:`game.ai.hard.utility`: the others' average minus the seat's points), the others
    answering as they would; None when the search ran out of its budget. Every line is played
    to its end: a moon stopped at a price is weighed against the moon."""
    left = [budget]
    rules = state.rules

    def rated(scores: tuple[int, ...]) -> float:
        return utility(scores, table.seat, table.totals, rules.target)

    def best(position: HandState) -> tuple[int, ...]:
        while position.phase is Phase.PLAY and position.turn != table.seat:
            table.play_theirs(position)
        if position.phase is not Phase.PLAY:
            assert position.hand_scores is not None
            return position.hand_scores
        left[0] -= 1
        if left[0] < 0:
            raise OutOfBudget
        found: tuple[int, ...] | None = None
        for card in distinct(position, table.seat):
            child = position.copy()
            child.advance(card)
            scores = best(child)
            if found is None or rated(scores) > rated(found):
                found = scores
        assert found is not None
        return found

    try:
        return best(state.copy())
    except OutOfBudget:
        return None


@dataclass(frozen=True)
class Outcome:
    """One hand: another seat's moon as played, the search's verdict on it, and (with
    ``--best``) the best response's scores and the scores as played."""

    seat: int
    moon: bool
    verdict: str = STOPPABLE
    best: tuple[int, ...] | None = None
    played: tuple[int, ...] = ()


def seat_outcome(
    seed: str,
    deal: int,
    seat: int,
    player: str,
    hard: Setting,
    others: str,
    budget: int,
    best: bool = False,
) -> Outcome:
    def searched(name: str, _: Match) -> Player:
        if player == "hard":
            return hard_player(name, hard)
        return new_player(player, name)

    match, players = seat_table(seed, deal, seat, others, searched)
    while match.phase is Phase.PASS:
        for s in match.to_act():
            match.apply(s, decide(players[s], match.view(s)))
    after_pass = match.hand.copy()
    table = Table(seat, players, match.hand_number, match.dealer, tuple(match.totals))
    ours: list[int] = []
    while match.hand.phase is Phase.PLAY:
        s = match.to_act()[0]
        move = decide(players[s], match.view(s))
        if s == seat:
            ours.append(move.card)
        match.apply(s, move)
    scores = match.hand.hand_scores
    assert scores is not None
    if not moon_against(scores, seat):
        return Outcome(seat, False)
    if replayed(after_pass, table, ours) != scores:
        raise RuntimeError(f"deal {deal} seat {seat}: the others did not play the same again")
    verdict, line = search(after_pass, table, budget)
    if verdict == STOPPABLE:  # the line found, played out, ends with no moon against us
        stopped = replayed(after_pass, table, line)
        if stopped is None or moon_against(stopped, seat):
            raise RuntimeError(f"deal {deal} seat {seat}: the line found does not stop the moon")
    responded = best_response(after_pass, table, budget) if best else None
    return Outcome(seat, True, verdict, responded, scores)


def play_deal(task: tuple[str, int, str, Setting, str, int, bool]) -> list[Outcome]:
    seed, deal, player, hard, others, budget, best = task
    return [seat_outcome(seed, deal, s, player, hard, others, budget, best) for s in range(4)]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--deals", type=positive, default=50)
    p.add_argument("--seed", default="c30b")
    p.add_argument("--jobs", type=positive, default=1)
    p.add_argument("--budget", type=positive, default=20_000, help="our seat's decisions a moon")
    p.add_argument(
        "--others", choices=[x for x in ARENA_LEVELS if x != "hard"], default="opportunist"
    )
    p.add_argument("--player", choices=ARENA_LEVELS, default="hard", help="the seat searched")
    p.add_argument("--hard", type=setting, default={}, help="Hard's setting (default Hard)")
    p.add_argument(
        "--best", action="store_true", help="also the best response to each moon (Hard's measure)"
    )
    args = p.parse_args(argv)
    tasks = [
        (args.seed, d, args.player, args.hard, args.others, args.budget, args.best)
        for d in range(args.deals)
    ]
    who = f"Hard ({shown(args.hard)})" if args.player == "hard" else args.player.capitalize()
    with ProcessPoolExecutor(args.jobs) as pool:
        outcomes = [o for deal in pool.map(play_deal, tasks) for o in deal]
    hands = len(outcomes)
    moons = [o.verdict for o in outcomes if o.moon]
    print(
        f"{args.deals} deals x 4 seats, seed {args.seed}: {who}"
        f" beside three {args.others}, search budget {args.budget:,}"
    )
    print(f"another seat's moon in {len(moons)} of {hands} hands ({100 * len(moons) / hands:.1f}%)")
    for verdict in (STOPPABLE, UNSTOPPABLE, UNKNOWN):
        count = moons.count(verdict)
        print(f"  {verdict}: {count} ({100 * count / hands:.1f}% of hands)")
    floor = moons.count(UNSTOPPABLE)
    print(
        f"no player in that seat (with its pass) could keep the others' moons below"
        f" {100 * floor / hands:.1f}% of these hands"
    )
    if args.best:
        print_best(outcomes, hands)
    return 0


def print_best(outcomes: list[Outcome], hands: int) -> None:
    """What the best response to each moon (by Hard's measure, seeing every card) does."""
    answered = [o for o in outcomes if o.moon and o.best is not None]
    stops = [o for o in answered if o.best is not None and not moon_against(o.best, o.seat)]
    unknown = sum(o.moon and o.best is None for o in outcomes)
    moons = sum(o.moon for o in outcomes)
    print(
        f"the best response to each moon (Hard's measure: the others' average minus the seat's"
        f" points; every card seen): {len(stops)} stopped, {len(answered) - len(stops)} let"
        f" through, {unknown} unknown (budget): moons in at most"
        f" {100 * (moons - len(stops)) / hands:.1f}% of hands (the unknown counted as moons)"
    )
    for name, group in (("stopped", stops), ("all answered", answered)):
        if group:
            gain = statistics.fmean(rated(o.best, o.seat) - rated(o.played, o.seat) for o in group)
            points = statistics.fmean(o.best[o.seat] for o in group if o.best is not None)
            print(f"  {name}: +{gain:.1f} a hand by that measure, the seat's points {points:.1f}")


def rated(scores: tuple[int, ...] | None, seat: int) -> float:
    assert scores is not None
    return utility(scores, seat, (0,) * len(scores), Rules().target)


if __name__ == "__main__":
    sys.exit(main())
