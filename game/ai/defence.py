"""Hard's moon defence at the table: which seat may be running for the moon, the candidates
left when it is winning the trick, and the seats seen feeding it.

A seat that wins trick after trick from the top is suspected before it holds a point
(:func:`~game.ai.facts.run_suspect`); against a suspect winning the trick Hard feeds it no
point when void and keeps its high cards when it cannot beat it (:func:`defended`); a seat seen
feeding points to a lone taker is played in the playouts as a seat that will not defend
(:func:`feeders`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from game.ai.decision import Motive
from game.ai.facts import (
    RUN_LEAD_RANK,
    moon_plausible,
    moon_runner,
    moon_threat,
    run_suspect,
    trick_winner,
)
from game.ai.knowledge import Knowledge
from game.ai.medium import lone_taker_wins
from game.engine.cards import (
    HEARTS_MASK,
    PENALTY_MASK,
    QUEEN_OF_SPADES,
    QUEEN_OF_SPADES_BIT,
    RANKS_PER_SUIT,
    SUIT_MASKS,
    lowest_card,
    mask_of,
)
from game.engine.rules import MOON_POINTS
from game.engine.view import SeatView


def runner_suspect(
    view: SeatView, know: Knowledge, early: bool = False, marked: int = 0
) -> int | None:
    """Another seat that may be running for the moon (:func:`~game.ai.facts.moon_threat`), or
    the leader of the queen of spades into this trick before anyone has taken a point (only a
    runner gives her away so); with ``early``, also a seat winning trick after trick from the
    top before the points show (:func:`~game.ai.facts.run_suspect`, :data:`EARLY`); and a seat
    of ``marked`` (known to shoot often: :func:`marked_suspect`)."""
    threat = moon_threat(view, know.taken)
    if threat is not None:
        return threat
    if marked:
        threat = marked_suspect(view, know, marked)
        if threat is not None:
            return threat
    if early:
        threat = run_suspect(view, know.taken)
        if threat is not None:
            return threat
    if any(t & PENALTY_MASK for t in know.taken):
        return None
    if view.trick and view.leader != view.seat and view.trick[0] == QUEEN_OF_SPADES:
        return view.leader
    return None


def marked_suspect(view: SeatView, know: Knowledge, marked: int) -> int | None:
    """A seat of ``marked`` (a bit each: known from earlier games to shoot often, issue 44)
    suspected from its first sign: it alone has taken points, however few, or nobody has a
    point yet and it won the last trick, which it led with a queen or above."""
    lone = moon_runner(know.taken)
    if lone is not None:
        return lone if lone != view.seat and marked >> lone & 1 else None
    if any(t & PENALTY_MASK for t in know.taken) or not view.tricks:
        return None
    leader, cards, winner = view.tricks[-1]
    top = cards[0] % RANKS_PER_SUIT >= RUN_LEAD_RANK
    if leader == winner != view.seat and marked >> winner & 1 and top:
        return int(winner)
    return None


RUNNING_SHARE: Final = 0.6  # share of the tricks so far a seat with every point has won
RUNNING_TRICKS: Final = 3  # (and at least this many) to be taken for a runner for sure


def _running(view: SeatView, seat: int) -> bool:
    """``seat`` has won most of the tricks so far (and every point): it is running, whatever
    the sampled deals say (they do not know that a runner holds the top cards)."""
    won = sum(1 for _, _, winner in view.tricks if winner == seat)
    return won >= RUNNING_TRICKS and won >= RUNNING_SHARE * len(view.tricks)


def defended(
    view: SeatView,
    know: Knowledge,
    legal: int,
    options: list[int],
    early: bool = False,
    marked: int = 0,
) -> tuple[list[int], Motive | None]:
    """The candidates left when a suspected runner is winning the trick (and the motive when
    one card is left): feed it no point when void (keep the hearts that may stop it), keep the
    high cards when we cannot beat it, and take a trick with points from a seat that has won
    most tricks so far. A seat of ``marked`` (known to shoot often) is watched so from its
    first sign (:func:`marked_suspect`)."""
    if not view.trick:
        return options, None
    threat = runner_suspect(view, know, early, marked)
    if threat is None:
        return options, None
    best, winner = trick_winner(view)
    if winner != threat:
        return options, None
    # (not watched: it led the queen, or won from the top, before any point)
    watched = moon_threat(view, know.taken) == threat or bool(marked >> threat & 1)
    follow = legal & SUIT_MASKS[view.led_suit]
    if follow:
        if not watched:
            return options, None
        above = follow & ~((1 << (best + 1)) - 1)
        if above:
            trick = mask_of(view.trick)
            # A seat known to shoot is stopped from its first point (not by taking the queen).
            known = marked >> threat & 1 and not trick & QUEEN_OF_SPADES_BIT
            if (known or _running(view, threat)) and trick & PENALTY_MASK:
                # A point on purpose costs less than 26: the lowest card that takes it.
                return [lowest_card(above)], Motive.BLOCK_MOON
            return options, None  # the search weighs taking it
        return [lowest_card(follow)], Motive.KEEP_STOPPER
    kept = [c for c in options if not 1 << c & PENALTY_MASK]
    if len(kept) == 1 and watched:
        return kept, Motive.KEEP_STOPPER
    return (kept, None) if len(kept) > 1 else (options, None)


def feeders(view: SeatView) -> int:
    """The other seats (a bit each) seen throwing a point card, void in the suit led, on a trick
    won by the one seat that had taken points before it (the current trick too, where that seat
    is winning it so far): they do not starve a possible shooter, as an opportunist does not."""
    n = view.rules.players
    taken = [0] * n
    seen = 0
    tricks: list[tuple[int, Sequence[int], int]] = list(view.tricks)
    if view.trick:
        tricks.append((view.leader, view.trick, trick_winner(view)[1]))
    for leader, cards, winner in tricks:
        lone = moon_runner(taken)
        if lone is not None and winner == lone:
            led = cards[0] // RANKS_PER_SUIT
            for i, card in enumerate(cards):
                seat = (leader + i) % n
                if card // RANKS_PER_SUIT != led and 1 << card & PENALTY_MASK:
                    seen |= 1 << seat
        for card in cards:
            taken[winner] |= 1 << card
    return seen & ~(1 << view.seat)


def would_run(taken: Sequence[int], hands: Sequence[int], me: int, among: int = -1) -> int:
    """An opponent (of the seats of ``among``, a bit each) that may run for the moon in this
    sampled deal: nobody else has a point, and its cards (held and won) make a moon plausible;
    -1 if none (the playouts' NO_RUNNER)."""
    if not among:
        return -1
    holders = [s for s, t in enumerate(taken) if t & PENALTY_MASK]
    for seat in range(len(hands)):
        if seat == me or not among >> seat & 1 or (holders and holders != [seat]):
            continue
        if moon_plausible(hands[seat] | taken[seat]):
            return seat
    return -1


def starved(view: SeatView, know: Knowledge, legal: int, options: list[int]) -> list[int]:
    """The candidates without hearts when this seat is void in the suit led and the one seat
    that has taken points so far is winning the trick (feed it none while another card can
    go; :data:`STARVE`)."""
    if not view.trick or legal & SUIT_MASKS[view.led_suit] or not lone_taker_wins(view, know):
        return options
    return [c for c in options if not 1 << c & HEARTS_MASK] or options


def match_shooters(view: SeatView) -> int:
    """The other seats (a bit each) that shot the moon in an earlier hand of this match (read
    from the scores: every other seat took 26 more than the shooter)."""
    seen = 0
    for scores in view.history:
        for seat, mine in enumerate(scores):
            if all(o - mine >= MOON_POINTS for s, o in enumerate(scores) if s != seat):
                seen |= 1 << seat
    return seen & ~(1 << view.seat)


def read_shooters(view: SeatView, careless: int) -> int:
    """The seats Hard's playouts play as opportunists, who run for the moon once they hold the
    queen and the top heart alone (issue 44): those seen shooting in this match, and those seen
    feeding a lone taker (``careless``, :func:`feeders`: not careful players)."""
    return match_shooters(view) | careless
