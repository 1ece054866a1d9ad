"""The score sheet in words: the places, the sheet's sentences in the
player's language, the game's result, and a stored sheet checked again.
"""

from __future__ import annotations

import datetime as _dt
from typing import Any, Final

from game.engine.rules import Rules
from game.records import scoresheet
from game.records.scoresheet import CheckedHand, HandEntry, ScoreSheet, SheetProblem
from scenes.core.i18n import N_, _, current_language

PLACES: Final = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"))


def problem_text(problem: SheetProblem) -> str:
    """The sheet's sentence in the player's language."""
    try:
        return _(problem.template).format(**problem.params)
    except (KeyError, IndexError, ValueError):
        return str(problem)


def said_text(sheet: ScoreSheet, checked: CheckedHand, said: str) -> str:
    """What the sheet understood of the figures typed (the moon as its scores, the jack's
    figure typed without the jack), in the player's language."""
    names = sheet.names
    if said == scoresheet.JACK_ADDED and checked.entry.jack is not None:
        jack = checked.entry.jack
        return _(said).format(name=names[jack], points=checked.entry.points[jack])
    if checked.moon_shooter is None:
        return ""
    return _(said).format(name=names[checked.moon_shooter])


def result_text(sheet: ScoreSheet) -> str:
    """The game's state: the winner, a shared victory, or one more hand for a tie."""
    status = sheet.status()
    names = sheet.names
    if status.over:
        if len(status.winners) == 1:
            return _("{name} wins!").format(name=names[status.winners[0]])
        return _("Shared victory: {names}").format(
            names=", ".join(names[s] for s in status.winners)
        )
    if status.tied:
        return _("A tie for the lowest score: one more hand")
    return ""


def stored_sheet(stored: Any) -> ScoreSheet:
    """A stored sheet checked again by the rules (SheetProblem or ValueError if it fails)."""
    rules = Rules.from_dict(stored.rules)
    entries = [HandEntry.from_dict(h) for h in stored.hands]
    return ScoreSheet.from_entries(rules, tuple(stored.names), entries)


def local_time(iso: str) -> str:
    """A stored UTC time as the local date and time of day ("12/11/2026 20:41").

    >>> local_time("not a time")
    'not a time'
    """
    try:
        moment = _dt.datetime.fromisoformat(iso)
    except ValueError:
        return iso[:16]
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    day = "%d/%m/%Y" if current_language() == "fr" else "%Y-%m-%d"
    return moment.strftime(f"{day} %H:%M")
