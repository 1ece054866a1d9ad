"""What this program writes on its games: its name, the tags of an event, the spelling a
player reads, a hand alone for a question to a friend."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from typing import Final

from game import ai
from game.engine.match import Match
from game.notation.syntax import FRENCH, SYMBOLS
from game.notation.writer import write_match

PROGRAM: Final = "Dame de pique"
FILE_SUFFIX: Final = ".hearts"


def program_tags(event: str, day: _dt.date | None = None) -> dict[str, str]:
    """The tags this program writes: the event, the date, the program and the AI's version.

    >>> program_tags("Daily challenge", _dt.date(2026, 1, 2))["AI"] == str(ai.AI_VERSION)
    True
    """
    tags = {"Event": event}
    if day is not None:
        tags["Date"] = day.isoformat()
    tags["Program"] = PROGRAM
    tags["AI"] = str(ai.AI_VERSION)
    return tags


def spelling_for(language: str) -> str:
    """The card spelling a player of ``language`` reads: D♠ in French, Q♠ otherwise.

    >>> spelling_for("fr"), spelling_for("en")
    ('french', 'symbols')
    """
    return FRENCH if language == "fr" else SYMBOLS


def hand_text(
    match: Match,
    hand: int,
    names: Sequence[str],
    levels: Sequence[str],
    day: _dt.date,
    language: str,
) -> str:
    """Hand ``hand`` (from 0) of ``match`` alone, for a question to a friend."""
    return write_match(
        match,
        tags=program_tags("A hand of Dame de pique", day),
        names=names,
        levels=levels,
        spelling=spelling_for(language),
        hands=[hand],
    )
