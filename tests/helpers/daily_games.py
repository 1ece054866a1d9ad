"""The daily challenge played to its end for the board's tests: the opponents' passes the
challenge's; their cards random (fast: a board that does not ask the AI again takes them) or
the challenge's AI's (as the game plays them); the player's random (legal) and seeded."""

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


def played_daily_ai(day: _dt.date, seed: int) -> Match:
    """The date's challenge as the game plays it: the opponents are the challenge's AI (a few
    seconds of search), the player random."""
    challenge = daily_challenge(day)
    match = challenge.new_match()
    opponents = challenge.opponents()
    player = RandomPlayer(f"{seed}/0")
    while match.to_act():
        seat = match.to_act()[0]
        chooser = player if seat == 0 else opponents[seat]
        match.apply(seat, decide(chooser, match.view(seat)))
    return match


def points(match: Match) -> int:
    scores = match.hand.hand_scores
    assert scores is not None
    return scores[0]
