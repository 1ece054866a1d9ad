"""A finished online game goes into the profile's History (issue 40), never the Statistics.

The window played one seat and never saw the others' cards: the row keeps that seat, the
names, each hand's scores and the totals from the seat's view (the engine's count, as the
table sent it), but not the moves, so it is listed in History (marked "online") and the
Statistics, which replay every move, leave it out (the README says so)."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Sequence

from game.engine.hand import Phase
from game.engine.rules import Rules
from game.engine.view import SeatView
from game.records.profile import ONLINE, FinishedGame, Profile

log = logging.getLogger(__name__)

PEOPLE = ("human", "remote", "away", "idle")  # a seat's kinds that are a person's


def online_game(
    view: SeatView, rules: Rules, seat: int, names: Sequence[str], kinds: Sequence[str], level: str
) -> FinishedGame:
    """The History's row for the online game ``view`` shows finished, played at ``seat``."""
    if view.phase is not Phase.GAME_OVER:
        raise ValueError("the game is not over")
    return FinishedGame(
        rules=rules.to_dict(),
        level=level,
        human_seat=seat,
        names=tuple(names),
        totals=tuple(view.totals),
        winners=tuple(view.winners),
        practice=False,
        hands=len(view.history),
        match={"online": True, "history": [list(h) for h in view.history]},
        outcome=ONLINE,
        levels=tuple(
            None if s < len(kinds) and kinds[s] in PEOPLE else level for s in range(len(names))
        ),
    )


def record_online_game(profile: Profile, game: FinishedGame) -> bool:
    """Keep ``game`` in the History; False (and a line in the log) if the profile cannot be
    written: the game was played, the table is not spoiled for it."""
    try:
        profile.record_game(game)
    except sqlite3.Error:
        log.exception("the online game could not be kept in the history")
        return False
    return True
