"""Wins per family member across the finished score sheets (the real-deck games).

Each stored sheet is checked again by the rules (:func:`game.records.scoresheet.ScoreSheet.
from_entries`); one that fails is left out and counted apart, never guessed. A player is known
by their id, so a renamed player keeps their record (shown under their name today).

>>> from game.engine.rules import Rules
>>> from game.records.profile.sheets import StoredSheet
>>> sheet = StoredSheet(1, "", "", Rules(target=50).to_dict(), (7, 8, 9, 10),
...     ("Ann", "Bob", "Cid", "Dee"), True, (1,),
...     ({"points": [26, 0, 0, 0]}, {"points": [26, 0, 0, 0]}))
>>> figures, unreadable = member_statistics([sheet], {7: "Anne"})
>>> [(m.name, m.played, m.won, m.moons, m.best) for m in figures][:2]  # Anne was Ann
[('Anne', 1, 1, 2, 0), ('Bob', 1, 0, 0, 52)]
>>> unreadable
0
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from game.engine.rules import Rules
from game.records.profile.sheets import StoredSheet
from game.records.scoresheet import HandEntry, ScoreSheet


@dataclass(frozen=True)
class MemberStats:
    """One family member over the finished sheets they played."""

    name: str
    played: int  # finished sheets
    won: int  # won alone
    shared: int  # shared victories
    moons: int  # hands where they took every heart and the queen
    best: int | None  # their lowest final total

    @property
    def win_rate(self) -> float | None:
        """Victories (alone or shared) per sheet played."""
        return None if not self.played else (self.won + self.shared) / self.played


@dataclass
class _Tally:
    name: str
    played: int = 0
    won: int = 0
    shared: int = 0
    moons: int = 0
    best: int | None = None


def member_statistics(
    sheets: Iterable[StoredSheet], names: Mapping[int, str]
) -> tuple[list[MemberStats], int]:
    """Each member's figures over the finished sheets, the most wins first; and how many
    finished sheets could not be read. ``names``: each known player's name today."""
    tallies: dict[object, _Tally] = {}
    unreadable = 0
    for stored in sheets:
        if not stored.finished:
            continue
        try:
            rules = Rules.from_dict(stored.rules)
            entries = [HandEntry.from_dict(h) for h in stored.hands]
            sheet = ScoreSheet.from_entries(rules, tuple(stored.names), entries)
        except (ValueError, TypeError, KeyError):  # SheetProblem is a ValueError
            unreadable += 1
            continue
        status = sheet.status()
        if not status.over:
            unreadable += 1
            continue
        totals = sheet.totals
        for seat, written in enumerate(sheet.names):
            pid = stored.player_ids[seat] if seat < len(stored.player_ids) else None
            key: object = pid if pid in names else written.casefold()
            tally = tallies.setdefault(key, _Tally(names.get(pid, written) if pid else written))
            tally.played += 1
            if seat in status.winners:
                if len(status.winners) == 1:
                    tally.won += 1
                else:
                    tally.shared += 1
            tally.moons += sum(1 for hand in sheet.hands if hand.moon_shooter == seat)
            tally.best = totals[seat] if tally.best is None else min(tally.best, totals[seat])
    figures = [
        MemberStats(t.name, t.played, t.won, t.shared, t.moons, t.best) for t in tallies.values()
    ]
    figures.sort(key=lambda m: (-(m.won + m.shared), -m.won, m.name.casefold()))
    return figures, unreadable


__all__ = ["MemberStats", "member_statistics"]
