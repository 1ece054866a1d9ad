"""The score sheet for real-card games (tables ``players``, ``sheets``, ``sheet_hands``)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from game.records.profile.store import Store, now, to_json


def draft_key(sheet_id: int) -> str:
    """The setting that keeps the figures typed on a sheet and not validated."""
    return f"sheet_draft.{sheet_id}"


@dataclass(frozen=True)
class SheetPlayer:
    """A player the score sheet knows."""

    player_id: int
    name: str
    photo: bytes | None  # a PNG thumbnail


@dataclass(frozen=True)
class StoredSheet:
    """A score sheet as stored (plain data; :mod:`game.records.scoresheet` checks it again)."""

    sheet_id: int
    started_at: str
    updated_at: str
    rules: dict[str, Any]
    player_ids: tuple[int, ...]
    names: tuple[str, ...]
    finished: bool
    winners: tuple[int, ...]
    hands: tuple[Any, ...]  # each hand's entry (HandEntry.to_dict())


class SheetStore(Store):
    """The players the score sheet knows and every sheet."""

    def players(self) -> list[SheetPlayer]:
        """The score sheet's players, by name."""
        rows = self._db.execute(
            "SELECT id, name, photo FROM players ORDER BY name COLLATE NOCASE"
        ).fetchall()
        return [SheetPlayer(int(i), str(n), None if p is None else bytes(p)) for i, n, p in rows]

    def add_player(self, name: str, photo: bytes | None = None) -> int:
        """A new player for the score sheet; returns the id. ValueError (with a sentence) for
        an empty name or one already taken (names are compared without case)."""
        name = name.strip()
        if not name:
            raise ValueError("a player needs a name")
        try:
            with self._transaction() as db:
                cursor = db.execute(
                    "INSERT INTO players (name, photo, created_at) VALUES (?, ?, ?)",
                    (name, photo, now()),
                )
        except sqlite3.IntegrityError:
            raise ValueError(f"there is already a player called {name}") from None
        return int(cursor.lastrowid or 0)

    def set_player_photo(self, player_id: int, photo: bytes | None) -> None:
        """Keep a photo (PNG thumbnail bytes) for a player, or forget it (None)."""
        self._write("UPDATE players SET photo = ? WHERE id = ?", (photo, player_id))

    def rename_player(self, player_id: int, name: str) -> None:
        """A new name for a player, on their sheets too (a typo mended everywhere). ValueError
        for an empty name or one another player has."""
        name = name.strip()
        if not name:
            raise ValueError("a player needs a name")
        try:
            with self._transaction() as db:
                db.execute("UPDATE players SET name = ? WHERE id = ?", (name, player_id))
                for sheet_id, players, names in db.execute(
                    "SELECT id, players, names FROM sheets"
                ).fetchall():
                    ids, written = json.loads(players), json.loads(names)
                    if player_id not in ids or len(ids) != len(written):
                        continue
                    written[ids.index(player_id)] = name
                    db.execute(
                        "UPDATE sheets SET names = ? WHERE id = ?", (to_json(written), sheet_id)
                    )
        except sqlite3.IntegrityError:
            raise ValueError(f"there is already a player called {name}") from None

    def delete_player(self, player_id: int) -> None:
        """Forget a player and their photo; the sheets they played keep their name."""
        self._write("DELETE FROM players WHERE id = ?", (player_id,))

    def delete_sheet(self, sheet_id: int) -> None:
        """Forget a sheet, its hands and the figures typed on it and not validated."""
        with self._transaction() as db:
            db.execute("DELETE FROM sheet_hands WHERE sheet_id = ?", (sheet_id,))
            db.execute("DELETE FROM sheets WHERE id = ?", (sheet_id,))
            db.execute("DELETE FROM settings WHERE key = ?", (draft_key(sheet_id),))

    def new_sheet(self, rules: dict[str, Any], player_ids: list[int], names: list[str]) -> int:
        """Start a score sheet; returns its id."""
        started = now()
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO sheets (started_at, updated_at, rules, players, names)"
                " VALUES (?, ?, ?, ?, ?)",
                (started, started, to_json(rules), to_json(player_ids), to_json(names)),
            )
        return int(cursor.lastrowid or 0)

    def save_sheet_hands(
        self,
        sheet_id: int,
        entries: list[dict[str, Any]],
        finished: bool,
        winners: list[int],
    ) -> None:
        """Store every hand of a sheet (what was entered, in order) and where the game stands,
        in one transaction: a write that failed earlier is made good by the next one."""
        with self._transaction() as db:
            db.execute("DELETE FROM sheet_hands WHERE sheet_id = ?", (sheet_id,))
            db.executemany(
                "INSERT INTO sheet_hands (sheet_id, number, entry) VALUES (?, ?, ?)",
                [(sheet_id, number, to_json(entry)) for number, entry in enumerate(entries)],
            )
            db.execute(
                "UPDATE sheets SET updated_at = ?, finished = ?, winners = ? WHERE id = ?",
                (now(), int(finished), to_json(winners), sheet_id),
            )

    def sheets(self) -> list[StoredSheet]:
        """Every score sheet with its hands, the latest played first."""
        rows = self._db.execute(
            "SELECT id, started_at, updated_at, rules, players, names, finished, winners"
            " FROM sheets ORDER BY updated_at DESC, id DESC"
        ).fetchall()
        hands: dict[int, list[Any]] = {}
        for sheet_id, entry in self._db.execute(
            "SELECT sheet_id, entry FROM sheet_hands ORDER BY sheet_id, number"
        ):
            hands.setdefault(int(sheet_id), []).append(json.loads(entry))
        return [
            StoredSheet(
                sheet_id=int(i),
                started_at=started,
                updated_at=updated,
                rules=json.loads(rules),
                player_ids=tuple(json.loads(players)),
                names=tuple(json.loads(names)),
                finished=bool(finished),
                winners=tuple(json.loads(winners)),
                hands=tuple(hands.get(int(i), [])),
            )
            for i, started, updated, rules, players, names, finished, winners in rows
        ]

    def sheet(self, sheet_id: int) -> StoredSheet | None:
        return next((s for s in self.sheets() if s.sheet_id == sheet_id), None)
