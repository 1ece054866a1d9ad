"""The profile's schema: versioned with ``PRAGMA user_version``, migrated forward one step at a
time (:data:`MIGRATIONS`): v1 settings and the saved game slots, v2 the history of finished games
(``games``, read by the statistics), v3 the daily challenge's results and pars, v4 abandoned games
and each seat's level, v5 the score sheet's players, sheets and hands."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Final

from game.records.profile.problems import NewerProfile, UnreadableProfile


def _create_v1(db: sqlite3.Connection) -> None:
    db.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.execute(
        "CREATE TABLE games (slot TEXT PRIMARY KEY, data TEXT NOT NULL, saved_at TEXT NOT NULL)"
    )


def _games_history_v2(db: sqlite3.Connection) -> None:
    """The saved-game slots move to ``saved_games``; ``games`` is the history of finished games:
    one row per game with what the statistics need. ``player_won`` is already false for a
    practice game (a hint or teaching mode was used), so counting wins is ``SUM(player_won)``."""
    db.execute("ALTER TABLE games RENAME TO saved_games")
    db.execute(
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            finished_at TEXT NOT NULL,   -- UTC, ISO 8601
            rules TEXT NOT NULL,         -- JSON: the rule variants played
            level TEXT NOT NULL,         -- the opponents' level
            human_seat INTEGER,          -- the player's seat (NULL: nobody, a demo)
            names TEXT NOT NULL,         -- JSON: each seat's name, by seat
            totals TEXT NOT NULL,        -- JSON: each seat's final total, by seat
            winners TEXT NOT NULL,       -- JSON: the winning seats
            player_won INTEGER NOT NULL, -- 1 when the player won and it counts (not practice)
            practice INTEGER NOT NULL,   -- 1 when a hint or teaching mode was used
            hands INTEGER NOT NULL,      -- hands played
            match TEXT NOT NULL          -- JSON: the engine's save of the whole match
        )"""
    )
    db.execute("CREATE INDEX games_by_date ON games (finished_at)")


def _daily_v3(db: sqlite3.Connection) -> None:
    """Every finished daily hand (replays too: ``first_attempt`` marks the date's first) and
    each date's par, computed once (``version``: what it depends on, since 0.2 the text of
    :func:`game.records.daily.par_key`; 0.1 stored the integer ``DAILY_VERSION``, which never
    matches a key now, so those pars are computed again)."""
    db.execute(
        """CREATE TABLE daily_results (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            date TEXT NOT NULL,             -- the local calendar date, YYYY-MM-DD
            points INTEGER NOT NULL,
            par INTEGER NOT NULL,
            tricks INTEGER NOT NULL,        -- tricks the player took
            first_attempt INTEGER NOT NULL, -- 1 for the date's first finished hand
            practice INTEGER NOT NULL,      -- 1 when a hint or teaching mode was used
            finished_at TEXT NOT NULL       -- UTC, ISO 8601
        )"""
    )
    db.execute("CREATE INDEX daily_by_date ON daily_results (date)")
    db.execute(
        """CREATE TABLE daily_pars (
            date TEXT NOT NULL,
            version INTEGER NOT NULL,
            par INTEGER NOT NULL,
            tricks INTEGER NOT NULL,
            PRIMARY KEY (date, version)
        )"""
    )


def _outcome_and_lineup_v4(db: sqlite3.Connection) -> None:
    """A game left before its end is kept as ``outcome = 'abandoned'`` (never a win); each
    seat's computer level is kept by seat (``levels``: JSON, null for a person's seat; NULL in
    rows written before v4, whose ``level`` column says the one level of all opponents)."""
    db.execute("ALTER TABLE games ADD COLUMN outcome TEXT NOT NULL DEFAULT 'finished'")
    db.execute("ALTER TABLE games ADD COLUMN levels TEXT")


def _score_sheets_v5(db: sqlite3.Connection) -> None:
    """The score sheet for real-card games: the players it knows (a name and an optional small
    photo, kept as PNG bytes, never a path), each sheet (its rules and players by seat) and each
    sheet's hands (what was entered: :meth:`game.records.scoresheet.HandEntry.to_dict`)."""
    db.execute(
        """CREATE TABLE players (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            photo BLOB,                  -- a PNG thumbnail, or NULL
            created_at TEXT NOT NULL     -- UTC, ISO 8601
        )"""
    )
    db.execute(
        """CREATE TABLE sheets (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            started_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            rules TEXT NOT NULL,         -- JSON: game.engine.rules.Rules.to_dict()
            players TEXT NOT NULL,       -- JSON: the players' ids, by seat
            names TEXT NOT NULL,         -- JSON: their names when the sheet started, by seat
            finished INTEGER NOT NULL DEFAULT 0,
            winners TEXT NOT NULL DEFAULT '[]'  -- JSON: the winning seats once finished
        )"""
    )
    db.execute(
        """CREATE TABLE sheet_hands (
            sheet_id INTEGER NOT NULL REFERENCES sheets (id),
            number INTEGER NOT NULL,     -- 0 for the first hand
            entry TEXT NOT NULL,         -- JSON: the figures entered
            PRIMARY KEY (sheet_id, number)
        )"""
    )


MIGRATIONS: Final[tuple[Callable[[sqlite3.Connection], None], ...]] = (
    _create_v1,
    _games_history_v2,
    _daily_v3,
    _outcome_and_lineup_v4,
    _score_sheets_v5,
)
"""``MIGRATIONS[k]`` takes a profile from schema version ``k`` to ``k + 1``. Append, never edit."""
SCHEMA_VERSION: Final = len(MIGRATIONS)


def _tables(db: sqlite3.Connection) -> dict[str, frozenset[str]]:
    """Each table of ``db`` (SQLite's own left out) and its columns."""
    names = [
        str(row[0])
        for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    return {
        name: frozenset(str(row[1]) for row in db.execute(f'PRAGMA table_info("{name}")'))
        for name in names
    }


def _schemas() -> dict[int, dict[str, frozenset[str]]]:
    """The tables of each schema version, as the migrations build them."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    try:
        schemas = {}
        for step, migration in enumerate(MIGRATIONS):
            migration(db)
            schemas[step + 1] = _tables(db)
        return schemas
    finally:
        db.close()


def recognise(db: sqlite3.Connection) -> int:
    """The schema version of ``db``: its ``user_version``, or, when that is 0 but tables are
    there (a profile restored from an SQL dump: ``.dump`` and ``iterdump`` leave the version
    out), the version whose tables and columns are exactly these. Raises
    :class:`UnreadableProfile` for tables no version of the game made. Reads only."""
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if version != 0:
        return version
    tables = _tables(db)
    if not tables:
        return 0  # an empty file: a new profile
    for known, schema in _schemas().items():
        if schema == tables:
            return known
    names = ", ".join(sorted(tables))
    raise UnreadableProfile(f"its tables ({names}) are not those of a profile of this game")


def check(db: sqlite3.Connection) -> int:
    """Refuse a profile this version cannot use: a newer schema, a damaged database, tables
    of something else. Returns its schema version (:func:`recognise`). Reads only."""
    result = db.execute("PRAGMA quick_check").fetchone()[0]
    if result != "ok":
        raise UnreadableProfile(f"the database is damaged: {result}")
    version = recognise(db)
    if version > SCHEMA_VERSION:
        raise NewerProfile(f"it was written by a newer version of the game (schema {version})")
    return version


def migrate(db: sqlite3.Connection) -> None:
    """Take the profile forward to :data:`SCHEMA_VERSION`, one transaction per step."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    for step in range(version, SCHEMA_VERSION):
        db.execute("BEGIN IMMEDIATE")
        try:
            MIGRATIONS[step](db)
            db.execute(f"PRAGMA user_version = {step + 1}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
