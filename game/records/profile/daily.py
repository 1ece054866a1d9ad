"""The daily challenge's results and pars (tables ``daily_results`` and ``daily_pars``)."""

from __future__ import annotations

from dataclasses import dataclass

from game.records.profile.store import Store, now


@dataclass(frozen=True)
class DailyResult:
    """One finished daily hand."""

    date: str  # YYYY-MM-DD, the player's local date
    points: int
    par: int
    tricks: int
    first_attempt: bool  # the date's first finished hand on its day (only it can count)
    practice: bool  # a hint or teaching mode was used
    finished_at: str

    @property
    def counts(self) -> bool:
        """Counted in the streaks of pars beaten: the first attempt, played without help."""
        return self.first_attempt and not self.practice


class DailyStore(Store):
    """Every finished daily hand, and each date's par."""

    def record_daily(
        self,
        date: str,
        points: int,
        par: int,
        tricks: int,
        practice: bool = False,
        *,
        past: bool = False,
    ) -> DailyResult:
        """Add a finished daily hand of ``date`` (YYYY-MM-DD). Only the date's first finished
        hand is its first attempt; later ones are kept as replays, and so is a ``past`` date
        replayed after its day (from the calendar or ``--date``): it never counts, in no
        streak. Returns the stored row."""
        finished = now()
        with self._transaction() as db:
            earlier = db.execute(
                "SELECT 1 FROM daily_results WHERE date = ? LIMIT 1", (date,)
            ).fetchone()
            first = earlier is None and not past
            db.execute(
                "INSERT INTO daily_results (date, points, par, tricks, first_attempt, practice,"
                " finished_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (date, points, par, tricks, int(first), int(practice), finished),
            )
        return DailyResult(date, points, par, tricks, first, practice, finished)

    def daily_results(self) -> list[DailyResult]:
        """Every finished daily hand, by date then in the order played."""
        rows = self._db.execute(
            "SELECT date, points, par, tricks, first_attempt, practice, finished_at"
            " FROM daily_results ORDER BY date, id"
        ).fetchall()
        return [
            DailyResult(day, points, par, tricks, bool(first), bool(practice), finished)
            for day, points, par, tricks, first, practice, finished in rows
        ]

    def daily_history(self) -> dict[str, tuple[int, int, bool]]:
        """Each date's first attempt as ``(points, par, counts)`` (the form
        :func:`game.records.daily.streaks` reads); ``counts`` is false when it was practice."""
        return {
            r.date: (r.points, r.par, not r.practice)
            for r in self.daily_results()
            if r.first_attempt
        }

    def daily_par(self, date: str, version: str) -> tuple[int, int] | None:
        """The stored ``(par, tricks)`` of ``date`` computed under ``version`` (the key of
        what the par depends on: :func:`game.records.daily.par_key`), if there is one."""
        row = self._db.execute(
            "SELECT par, tricks FROM daily_pars WHERE date = ? AND version = ?", (date, version)
        ).fetchone()
        return None if row is None else (int(row[0]), int(row[1]))

    def set_daily_par(self, date: str, version: str, par: int, tricks: int) -> None:
        self._write(
            "INSERT OR REPLACE INTO daily_pars (date, version, par, tricks) VALUES (?, ?, ?, ?)",
            (date, version, par, tricks),
        )
