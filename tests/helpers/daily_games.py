"""The daily challenge played to its end for the board's tests: the opponents' passes the
challenge's, every other move random (legal) and seeded."""

from __future__ import annotations

import datetime as _dt

from game.engine.match import Match
from game.engine.players import RandomPlayer, decide
from game.records.daily import daily_challenge


def played_daily(day: _dt.date, seed: int) -> Match:
    """The date's challenge played to its end: the opponents' passes the challenge's, every
    other move random (legal)."""
    match = daily_challenge(day).new_match()
    players = [RandomPlayer(f"{seed}/{s}") for s in range(4)]
    while match.to_act():
        seat = match.to_act()[0]
        match.apply(seat, decide(players[seat], match.view(seat)))
    return match


def points(match: Match) -> int:
    scores = match.hand.hand_scores
    assert scores is not None
    return scores[0]
