"""The history of finished (and abandoned) games (table ``games``), read by the statistics."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from game.records.profile.store import Store, now, to_json

FINISHED: Final = "finished"
ABANDONED: Final = "abandoned"
# A game played at an online table (issue 40): kept for the seat this window played, with each
# hand's scores but not the moves (the seat never saw the others' cards), so it is listed in
# the history and never counted in the statistics.
ONLINE: Final = "online"
OUTCOMES: Final = (FINISHED, ABANDONED, ONLINE)


@dataclass(frozen=True)
class FinishedGame:
    """One finished game as the history keeps it (plain data: the window fills it in)."""

    rules: dict[str, Any]  # the rule variants, as saved
    level: str  # the opponents' level
    human_seat: int | None  # None: the computer played every seat
    names: tuple[str, ...]  # by seat
    totals: tuple[int, ...]  # by seat
    winners: tuple[int, ...]
    practice: bool  # a hint or teaching mode was used: never a win
    hands: int
    match: Any  # the engine's save of the match (game.engine.save.save_match)
    finished_at: str | None = None  # UTC ISO 8601; None: now
    outcome: str = FINISHED  # FINISHED; ABANDONED: left before the end (never a win); ONLINE
    levels: tuple[str | None, ...] | None = None  # by seat (None: a person); None: not known

    @property
    def player_won(self) -> bool:
        """The player is among the winners (practice or not) of a game played to its end."""
        return (
            self.outcome == FINISHED
            and self.human_seat is not None
            and self.human_seat in self.winners
        )

    @property
    def counts_as_win(self) -> bool:
        """A win for the statistics: the player won, and not with help."""
        return self.player_won and not self.practice


class HistoryStore(Store):
    """The games played, oldest first."""

    def record_game(self, game: FinishedGame, *, clear: str | None = None) -> int:
        """Add a finished game to the history; returns its id. A practice game is stored with
        ``player_won`` false whatever the score said, and so is an abandoned one. With
        ``clear``, that saved-game slot is emptied in the same transaction: a game killed
        in between is never both in the history and still to be continued (and recorded
        twice)."""
        if game.outcome not in OUTCOMES:
            raise ValueError(f"a game's outcome is one of {OUTCOMES}, not {game.outcome!r}")
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO games (finished_at, rules, level, human_seat, names, totals, winners,"
                " player_won, practice, hands, match, outcome, levels)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game.finished_at or now(),
                    to_json(game.rules),
                    game.level,
                    game.human_seat,
                    to_json(list(game.names)),
                    to_json(list(game.totals)),
                    to_json(list(game.winners)),
                    int(game.counts_as_win),
                    int(game.practice),
                    game.hands,
                    to_json(game.match),
                    game.outcome,
                    None if game.levels is None else to_json(list(game.levels)),
                ),
            )
            if clear is not None:
                db.execute("DELETE FROM saved_games WHERE slot = ?", (clear,))
            return int(cursor.lastrowid or 0)

    def finished_games(self) -> list[FinishedGame]:
        """The history of finished games, oldest first."""
        rows = self._db.execute(
            "SELECT finished_at, rules, level, human_seat, names, totals, winners, practice,"
            " hands, match, outcome, levels FROM games ORDER BY id"
        ).fetchall()
        games = []
        for row in rows:
            finished, rules, level, seat, names, totals, winners, practice, hands, match = row[:10]
            outcome, levels = row[10:]
            games.append(
                FinishedGame(
                    rules=json.loads(rules),
                    level=level,
                    human_seat=seat,
                    names=tuple(json.loads(names)),
                    totals=tuple(json.loads(totals)),
                    winners=tuple(json.loads(winners)),
                    practice=bool(practice),
                    hands=hands,
                    match=json.loads(match),
                    finished_at=finished,
                    outcome=outcome,
                    levels=None if levels is None else tuple(json.loads(levels)),
                )
            )
        return games

    def win_count(self) -> tuple[int, int]:
        """(games won that count, games finished) by the player."""
        won, played = self._db.execute(
            "SELECT COALESCE(SUM(player_won), 0), COUNT(*) FROM games"
            " WHERE human_seat IS NOT NULL AND outcome = 'finished'"
        ).fetchone()
        return int(won), int(played)

    def game_ids(self) -> list[int]:
        """The ids of the games :meth:`finished_games` lists, in the same order."""
        return [int(row[0]) for row in self._db.execute("SELECT id FROM games ORDER BY id")]

    def game_rows(
        self, *, with_match: bool = True, game_id: int | None = None, newest: int | None = None
    ) -> list[Any]:
        """Every stored game's columns as stored, oldest first (``id, finished_at, rules, level,
        human_seat, names, totals, winners, practice, hands, match, outcome, levels``); only
        ``game_id``'s when given; only the ``newest`` games (still oldest first) when given, so
        a list can show its first screenful before the rest is read. Without ``with_match`` a
        sound ``match`` is left out (None) and one that is not valid JSON is still given, so
        that a list shows it as damaged. Nothing is decoded here:
        :func:`game.records.stats.read_history` reads each row on its own, so one damaged row
        never hides the others."""
        match = "match" if with_match else "CASE WHEN json_valid(match) THEN NULL ELSE match END"
        sql = (
            "SELECT id, finished_at, rules, level, human_seat, names, totals, winners, practice,"
            f" hands, {match}, outcome, levels FROM games"
        )
        if game_id is not None:
            return self._db.execute(sql + " WHERE id = ?", (game_id,)).fetchall()
        if newest is not None:  # read from the newest (the primary key's end), then turned
            rows = self._db.execute(sql + " ORDER BY id DESC LIMIT ?", (newest,)).fetchall()
            return rows[::-1]
        return self._db.execute(sql + " ORDER BY id").fetchall()


class HistoryReader(HistoryStore):
    """The history of a profile the program has open, read through a connection of its own
    that only reads (so a thread can list the games while the window goes on). Opening it
    checks, migrates and locks nothing: the profile's own opening did that, and the integrity
    check there reads the whole file, which a list shown at once cannot wait for. Raises
    ``sqlite3.Error`` when the file cannot be read. Close it with :meth:`close`."""

    def __init__(self, database: Path) -> None:
        uri = database.resolve().as_uri() + "?mode=ro"
        self._db = sqlite3.connect(uri, uri=True, timeout=5.0)

    def close(self) -> None:
        self._db.close()
