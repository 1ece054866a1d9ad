"""The player's statistics, from the games and daily results the profile keeps.

Every figure about what happened in a hand (the player's points, a moon shot, the queen taken)
comes from the engine: each stored game holds its full save (``FinishedGame.match``), which
:func:`game.engine.save.load_match` replays move by move, so nothing is re-derived from the totals.
Practice games (a hint or teaching mode was used) and abandoned games are counted as played and
listed, and never as wins. Games the computer played alone (no player's seat) are left out.

The work is plain functions of plain data, so the window runs them in its worker process.

>>> from game.engine.match import Match
>>> from game.engine.rules import Rules
>>> from game.engine.save import save_match
>>> facts = game_facts(save_match(Match.new(Rules(), seed=1)), 0)
>>> facts.hand_points, facts.moons, facts.queens  # no hand finished yet
((), 0, 0)
"""

from __future__ import annotations

import calendar
import datetime as _dt
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final

from game.engine.cards import QUEEN_OF_SPADES_BIT
from game.engine.save import InvalidSave, load_match
from game.records.daily import streaks
from game.records.profile import (
    ABANDONED,
    FINISHED,
    ONLINE,
    OUTCOMES,
    DailyResult,
    FinishedGame,
)

ALL_LEVELS: Final = "all"
"""The key of the overall figures in :func:`game_statistics`' result."""
RESET_SETTING: Final = "statistics_reset"
"""The profile setting that marks where the statistics start again (see :func:`reset_marker`)."""


@dataclass(frozen=True)
class GameFacts:
    """What the engine says happened to one seat in one stored game (finished hands only)."""

    hand_points: tuple[int, ...]  # the seat's score in each finished hand
    moons: int  # hands in which the seat shot the moon
    queens: int  # hands in which the seat took the queen of spades
    scores: tuple[tuple[int, ...], ...] = ()  # every seat's score in each finished hand


def game_facts(match_data: Any, seat: int) -> GameFacts:
    """Replay a stored game through the engine and read ``seat``'s hands.

    Raises :class:`game.engine.save.InvalidSave` when the save cannot be replayed.
    """
    match = load_match(match_data)
    points: list[int] = []
    scores: list[tuple[int, ...]] = []
    moons = queens = 0
    for hand in [*match.past_hands, match.hand]:
        if hand.hand_scores is None:
            continue  # an abandoned game's unfinished hand
        scores.append(tuple(hand.hand_scores))
        points.append(hand.hand_scores[seat])
        moons += hand.moon_shooter == seat
        queens += bool(hand.taken[seat] & QUEEN_OF_SPADES_BIT)
    return GameFacts(tuple(points), moons, queens, tuple(scores))


# -- reading the stored games, each row on its own ----------------------------------------------


class DamagedRow(ValueError):
    """A stored game that cannot be read; the message says which column and why."""


@dataclass(frozen=True)
class DamagedGame:
    """A stored game that cannot be read: listed as damaged, kept, never counted."""

    game_id: int
    finished_at: str  # as stored ("" when that too is unreadable)
    reason: str  # which column and why (for the log)


@dataclass(frozen=True)
class History:
    """The stored games that could be read and those that could not, oldest first."""

    games: list[tuple[int, FinishedGame]]
    damaged: list[DamagedGame]

    def entries(self) -> list[tuple[int, FinishedGame | DamagedGame]]:
        """Every stored game, readable or not, in the order of their ids."""
        every: list[tuple[int, FinishedGame | DamagedGame]] = [*self.games]
        every += [(d.game_id, d) for d in self.damaged]
        return sorted(every, key=lambda entry: entry[0])


def _decoded(column: str, text: Any) -> Any:
    if not isinstance(text, str):
        raise DamagedRow(f"{column} is not text")
    try:
        return json.loads(text)
    except ValueError as exc:
        raise DamagedRow(f"{column} is not valid JSON ({exc})") from None


def _ints(column: str, value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise DamagedRow(f"{column} is not a list of whole numbers")
    return tuple(value)


def read_game_row(row: Sequence[Any]) -> FinishedGame:
    """One row of :meth:`game.records.profile.Profile.game_rows` (its id first) as a game, or
    :class:`DamagedRow` saying what is wrong: every column is checked here, so nothing read
    later (a seat's total, a winner's name) can fail."""
    if len(row) != 13:
        raise DamagedRow(f"{len(row)} columns instead of 13")
    _id, finished, rules_text, level, seat, names_text, totals_text = row[:7]
    winners_text, practice, hands, match_text, outcome, levels_text = row[7:]
    rules = _decoded("rules", rules_text)
    if not isinstance(rules, dict):
        raise DamagedRow("rules is not a mapping")
    names = _decoded("names", names_text)
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        raise DamagedRow("names is not a list of names")
    totals = _ints("totals", _decoded("totals", totals_text))
    winners = _ints("winners", _decoded("winners", winners_text))
    if len(totals) != len(names):
        raise DamagedRow(f"{len(totals)} totals for {len(names)} players")
    if any(not 0 <= w < len(names) for w in winners):
        raise DamagedRow("a winner's seat is out of range")
    if seat is not None and (not isinstance(seat, int) or not 0 <= seat < len(names)):
        raise DamagedRow(f"the player's seat {seat!r} is out of range")
    if not isinstance(level, str) or not isinstance(hands, int) or hands < 0:
        raise DamagedRow("the level or the number of hands is unreadable")
    if outcome not in OUTCOMES:
        raise DamagedRow(f"unknown outcome {outcome!r}")
    if finished is not None and not isinstance(finished, str):
        raise DamagedRow("the date is not text")
    levels: tuple[str | None, ...] | None = None
    if levels_text is not None:
        decoded = _decoded("levels", levels_text)
        if not isinstance(decoded, list) or not all(
            lv is None or isinstance(lv, str) for lv in decoded
        ):
            raise DamagedRow("levels is not a list of levels")
        levels = tuple(decoded)
    return FinishedGame(
        rules=rules,
        level=level,
        human_seat=seat,
        names=tuple(names),
        totals=totals,
        winners=winners,
        practice=bool(practice),
        hands=hands,
        match=None if match_text is None else _decoded("match", match_text),
        finished_at=finished,
        outcome=outcome,
        levels=levels,
    )


def read_history(rows: Iterable[Sequence[Any]]) -> History:
    """Every row of :meth:`game.records.profile.Profile.game_rows`, each read on its own: a
    damaged one is set apart (and kept in the profile), never counted, never hiding the others.
    """
    games: list[tuple[int, FinishedGame]] = []
    damaged: list[DamagedGame] = []
    for row in rows:
        game_id = row[0] if row and isinstance(row[0], int) else 0
        try:
            games.append((game_id, read_game_row(row)))
        except DamagedRow as exc:
            when = row[1] if len(row) > 1 and isinstance(row[1], str) else ""
            damaged.append(DamagedGame(game_id, when, str(exc)))
    return History(games, damaged)


def counts_as_win(game: FinishedGame) -> bool:
    """A win for the statistics: finished, won, and not a practice game."""
    return game.outcome == FINISHED and game.counts_as_win


@dataclass(frozen=True)
class GameRef:
    """A game named by its history id, with the player's final total."""

    game_id: int
    total: int
    finished_at: str


@dataclass(frozen=True)
class LevelStats:
    """The figures for one opponents' level (or every level: ``level`` is :data:`ALL_LEVELS`)."""

    level: str
    played: int = 0  # every game with the player at the table: finished, practice, abandoned
    won: int = 0  # finished, won and not practice
    practice: int = 0
    abandoned: int = 0
    hands: int = 0  # finished hands the figures below cover
    points: int = 0  # the player's points in those hands
    moons: int = 0
    queens: int = 0
    best: GameRef | None = None  # the finished game with the player's lowest total
    worst: GameRef | None = None  # ... and the highest
    unreadable: int = 0  # games whose save could not be replayed (counted from their totals)

    @property
    def win_rate(self) -> float | None:
        """Won / played, or None before any game."""
        return self.won / self.played if self.played else None

    @property
    def points_per_hand(self) -> float | None:
        return self.points / self.hands if self.hands else None


@dataclass
class _Tally:
    level: str
    played: int = 0
    won: int = 0
    practice: int = 0
    abandoned: int = 0
    hands: int = 0
    points: int = 0
    moons: int = 0
    queens: int = 0
    best: GameRef | None = None
    worst: GameRef | None = None
    unreadable: int = 0

    def add(self, game_id: int, game: FinishedGame, facts: GameFacts | None) -> None:
        seat = game.human_seat
        assert seat is not None
        finished = game.outcome == FINISHED
        self.played += 1
        self.won += counts_as_win(game)
        self.practice += game.practice
        self.abandoned += not finished
        if facts is not None:
            self.hands += len(facts.hand_points)
            self.points += sum(facts.hand_points)
            self.moons += facts.moons
            self.queens += facts.queens
        else:
            self.unreadable += 1
            if finished:
                self.hands += game.hands
                self.points += game.totals[seat]
        if finished:
            ref = GameRef(game_id, game.totals[seat], game.finished_at or "")
            if self.best is None or ref.total < self.best.total:
                self.best = ref
            if self.worst is None or ref.total > self.worst.total:
                self.worst = ref

    def frozen(self) -> LevelStats:
        return LevelStats(**self.__dict__)


def game_statistics(
    games: Iterable[tuple[int, FinishedGame]],
    facts: Mapping[int, GameFacts | None] | None = None,
) -> dict[str, LevelStats]:
    """The figures per opponents' level and overall (key :data:`ALL_LEVELS`), from the games
    ``(id, game)`` the profile keeps. ``facts`` gives each game's :class:`GameFacts` by id (None:
    its save could not be replayed); when it is not given, each game is replayed here."""
    tallies: dict[str, _Tally] = {ALL_LEVELS: _Tally(ALL_LEVELS)}
    for game_id, game in games:
        if game.human_seat is None or game.outcome == ONLINE:  # online: in the history only
            continue
        known = facts[game_id] if facts is not None and game_id in facts else safe_facts(game)
        level = tallies.setdefault(game.level, _Tally(game.level))
        level.add(game_id, game, known)
        tallies[ALL_LEVELS].add(game_id, game, known)
    return {name: tally.frozen() for name, tally in tallies.items()}


def safe_facts(game: FinishedGame) -> GameFacts | None:
    """:func:`game_facts` for the player's seat, or None when the save cannot be replayed."""
    if game.human_seat is None:
        return None
    try:
        return game_facts(game.match, game.human_seat)
    except (InvalidSave, ValueError, TypeError, KeyError, IndexError):
        return None


def facts_by_id(games: Sequence[tuple[int, FinishedGame]]) -> dict[int, GameFacts | None]:
    """Every game's facts (the worker process computes these: a few milliseconds a game)."""
    return {game_id: safe_facts(game) for game_id, game in games}


# -- a reset --------------------------------------------------------------------------------


def reset_marker(games: Sequence[tuple[int, FinishedGame]], now: str) -> dict[str, Any]:
    """What "reset the statistics" stores (the history keeps every game): the last game's id
    and the time; :func:`since_reset` then leaves out what came before."""
    return {"after_game": max((game_id for game_id, _ in games), default=0), "after": now}


def since_reset(
    games: Sequence[tuple[int, FinishedGame]],
    results: Sequence[DailyResult],
    marker: Any,
) -> tuple[list[tuple[int, FinishedGame]], list[DailyResult]]:
    """The games and daily results the statistics count after a reset (all without one)."""
    if not isinstance(marker, dict):
        return list(games), list(results)
    after_game = marker.get("after_game")
    after = marker.get("after")
    kept_games = [
        (game_id, game)
        for game_id, game in games
        if not isinstance(after_game, int) or game_id > after_game
    ]
    kept_results = [r for r in results if not isinstance(after, str) or r.finished_at > after]
    return kept_games, kept_results


# -- the daily challenge ---------------------------------------------------------------------


class DayMark(Enum):
    """How a day of the calendar went."""

    BEATEN = "beaten"  # the first attempt beat the par, without help
    EQUALLED = "equalled"  # the first attempt equalled it, without help (a par of 0: the best)
    MISSED = "missed"  # the first attempt took more points than the par
    PRACTICE = "practice"  # only practice: help used, or the date replayed after its day
    NOT_PLAYED = "not-played"


@dataclass(frozen=True)
class DailyStats:
    days_played: int
    pars_beaten: int
    current_streak: int  # days in a row with the par met, up to today (or yesterday)
    best_streak: int
    played_streak: int  # days in a row played
    best_played_streak: int
    marks: Mapping[_dt.date, DayMark] = field(default_factory=dict)
    pars_equalled: int = 0

    def mark(self, day: _dt.date) -> DayMark:
        return self.marks.get(day, DayMark.NOT_PLAYED)


def day_mark(result: DailyResult) -> DayMark:
    """The calendar's mark of a date whose first attempt is ``result``."""
    if not result.counts:
        return DayMark.PRACTICE
    if result.points < result.par:
        return DayMark.BEATEN
    return DayMark.EQUALLED if result.points == result.par else DayMark.MISSED


def daily_statistics(results: Iterable[DailyResult], today: _dt.date) -> DailyStats:
    """Days played, pars beaten and equalled, the streaks (:func:`game.records.daily.streaks`)
    and each day's mark (a date played only after its day is practice, counted nowhere)."""
    results = list(results)
    firsts = {r.date: r for r in results if r.first_attempt}
    marks: dict[_dt.date, DayMark] = {}
    for result in results:
        try:
            day = _dt.date.fromisoformat(result.date)
        except ValueError:
            continue
        first = firsts.get(result.date)
        marks[day] = DayMark.PRACTICE if first is None else day_mark(first)
    history: dict[_dt.date | str, tuple[int, int, bool]] = {
        day: (r.points, r.par, r.counts) for day, r in firsts.items()
    }
    try:
        runs = streaks(history, today)
    except ValueError:
        runs = streaks({}, today)
    counted = [mark for day, mark in marks.items() if day.isoformat() in firsts]
    return DailyStats(
        days_played=len(counted),
        pars_beaten=counted.count(DayMark.BEATEN),
        current_streak=runs.met,
        best_streak=runs.best_met,
        played_streak=runs.played,
        best_played_streak=runs.best_played,
        marks=marks,
        pars_equalled=counted.count(DayMark.EQUALLED),
    )


def month_weeks(year: int, month: int) -> list[list[_dt.date | None]]:
    """The month as weeks from Monday (None outside the month), for a calendar.

    >>> [d.day if d else 0 for d in month_weeks(2026, 12)[0]]
    [0, 1, 2, 3, 4, 5, 6]
    """
    weeks: list[list[_dt.date | None]] = []
    for week in calendar.Calendar(firstweekday=0).monthdatescalendar(year, month):
        weeks.append([day if day.month == month else None for day in week])
    return weeks


__all__ = [
    "ABANDONED",
    "ALL_LEVELS",
    "DailyStats",
    "DamagedGame",
    "DamagedRow",
    "DayMark",
    "GameFacts",
    "GameRef",
    "History",
    "LevelStats",
    "daily_statistics",
    "day_mark",
    "facts_by_id",
    "game_facts",
    "game_statistics",
    "month_weeks",
    "read_game_row",
    "read_history",
]


# -- cells for CSV files (scenes.records.csv_export writes them) -----------------------------

FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula (or strip it into one)."""


def csv_cell(text: str) -> str:
    """A cell a spreadsheet shows as text: one that would start a formula gets the usual
    leading apostrophe.

    >>> print(csv_cell('=HYPERLINK("http://evil","x")'))
    '=HYPERLINK("http://evil","x")
    >>> csv_cell("Anne")
    'Anne'
    """
    return "'" + text if text.startswith(FORMULA_STARTS) else text
