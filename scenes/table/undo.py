"""Undo of the player's last card (Ctrl+Z), as Windows 7's Hearts offered it: the hand goes back
to just before that card, the computer's cards after it taken back too; a game with an undo is
practice, like one with a hint (it never counts as a win). Only a game played on this computer,
never the daily challenge nor a table elsewhere."""

from __future__ import annotations

import copy
from typing import Protocol

from game.engine.hand import Phase
from game.engine.match import Match
from game.engine.save import load_match, save_match
from scenes.core.i18n import _
from scenes.table.local_game import LocalTable
from scenes.table.session import GameSession


def rewound(match: Match, seat: int) -> Match | None:
    """The match just before ``seat``'s last card of this hand, replayed through the engine
    (None: no card of the seat in this hand yet, or the hand is over)."""
    if match.phase is not Phase.PLAY:
        return None
    data = save_match(match)
    plays = list(data["hands"][-1]["plays"])
    for count in range(len(plays) - 1, -1, -1):
        earlier = copy.deepcopy(data)
        earlier["hands"][-1]["plays"] = plays[:count]
        before = load_match(earlier)
        if before.hand.turn == seat and before.phase is Phase.PLAY:
            return before
    return None


class UndoTable(Protocol):
    """What an undo reads of the table scene."""

    local: LocalTable | None
    session: GameSession | None
    human: bool

    def say(self, text: str, seconds: float = ..., *, boxed: bool = False) -> None: ...


def take_back(table: UndoTable) -> LocalTable | None:
    """Ctrl+Z at the table: the game just before the player's last card, as a new source for
    a table (the old one closes), or None after saying why not."""
    local, session = table.local, table.session
    if local is None or session is None or session.daily is not None or not table.human:
        table.say(_("Undo is only for your own games on this computer"))
        return None
    before = rewound(local.match, local.seat)
    if before is None:
        table.say(_("No card of yours to take back in this hand"))
        return None
    session.match = local.match = before
    session.practice = True  # a game with an undo is practice
    local.save()
    return LocalTable(session, local.worker, local.names, keeper=local.keeper, fresh=False)
