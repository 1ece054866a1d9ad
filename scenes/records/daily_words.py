"""The daily challenge's words, shared by its screens: verdicts and their colours, dates and
points, the par explained, and the countdown to the next date's deal (with its clock)."""

from __future__ import annotations

import datetime as _dt
from typing import Final

from game.records import daily
from scenes.core.i18n import MONTHS, N_, _, ngettext

VERDICTS: Final = {
    daily.Outcome.BEATEN: N_("Par beaten!"),
    daily.Outcome.EQUALLED: N_("Par equalled"),
    daily.Outcome.MISSED: N_("Par missed"),
}
SHORT_VERDICTS: Final = {
    daily.Outcome.BEATEN: N_("beaten"),
    daily.Outcome.EQUALLED: N_("equalled"),
    daily.Outcome.MISSED: N_("missed"),
}
VERDICT_COLOURS: Final = {
    daily.Outcome.BEATEN: (0, 110, 30),
    daily.Outcome.EQUALLED: (0, 0, 128),
    daily.Outcome.MISSED: (160, 0, 0),
}
PAR_EXPLAINED: Final = N_(
    "The par is the points the tutor takes with your cards: lower is better. Everyone gets "
    "the same deal and the same passes from the opponents."
)
PAR_ZERO: Final = N_(
    "A par of 0 cannot be beaten: take no points to equal it, which keeps your streak."
)
NOTE_COLOUR: Final = (60, 60, 60)


def now() -> _dt.datetime:
    """The player's local time, naive (tests replace this function)."""
    return _dt.datetime.now()


LONG_DATE: Final = N_("{day} {month} {year}")
FIRST_OF_THE_MONTH: Final = N_("1 {month} {year}")
"""A month's first day: French writes "1er juillet 2026" (and "2 juillet", "14 juillet")."""


def long_date(day: _dt.date) -> str:
    """ "29 November 2026" in the current language.

    >>> from scenes.core.i18n import set_language
    >>> _ = set_language("fr")
    >>> long_date(_dt.date(2026, 7, 1)), long_date(_dt.date(2026, 7, 14))
    ('1er juillet 2026', '14 juillet 2026')
    >>> _ = set_language("en")
    >>> long_date(_dt.date(2026, 7, 1))
    '1 July 2026'
    """
    template = FIRST_OF_THE_MONTH if day.day == 1 else LONG_DATE
    return _(template).format(day=day.day, month=_(MONTHS[day.month - 1]), year=day.year)


def points_text(points: int) -> str:
    return ngettext("{count} point", "{count} points", points).format(count=points)


def par_notes(par: int | None) -> list[str]:
    """What the par means, said where it is shown (and that a par of 0 is met by equalling)."""
    notes = [_(PAR_EXPLAINED)]
    if par == 0:
        notes.append(_(PAR_ZERO))
    return notes


def countdown(moment: _dt.datetime) -> str:
    """ "Tomorrow's deal in 5:07:09": the time left to local midnight, to the second.

    >>> countdown(_dt.datetime(2026, 12, 6, 18, 52, 51))
    "Tomorrow's deal in 5:07:09"
    """
    left = max(0, int(daily.next_deal_in(moment).total_seconds()))
    hours, rest = divmod(left, 3600)
    clock = f"{hours}:{rest // 60:02d}:{rest % 60:02d}"
    return _("Tomorrow's deal in {time}").format(time=clock)
