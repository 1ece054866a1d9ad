"""The games in progress, one per slot (table ``saved_games``)."""

from __future__ import annotations

import json
from typing import Any, Final

from game.records.profile.store import Store, now

CURRENT_GAME: Final = "current"
"""The slot of the game in progress."""
DAILY_GAME: Final = "daily"
"""The slot of the daily challenge's hand in progress (kept apart from the ordinary game)."""


class SavedGameStore(Store):
    """The saved-game slots."""

    def save_game(self, data: Any, slot: str = CURRENT_GAME) -> None:
        """Store a game (plain data, e.g. from :func:`game.engine.save.save_match`) in ``slot``."""
        self._write(
            "INSERT INTO saved_games (slot, data, saved_at) VALUES (?, ?, ?) "
            "ON CONFLICT(slot) DO UPDATE SET data = excluded.data, saved_at = excluded.saved_at",
            (slot, json.dumps(data, separators=(",", ":")), now()),
        )

    def load_game(self, slot: str = CURRENT_GAME) -> Any:
        """The game stored in ``slot``, or ``None``. Raises ValueError for text that is not
        JSON (use :meth:`set_game_aside` to keep it out of the way)."""
        row = self._db.execute("SELECT data FROM saved_games WHERE slot = ?", (slot,)).fetchone()
        if row is None:
            return None
        return json.loads(row[0])

    def has_game(self, slot: str = CURRENT_GAME) -> bool:
        row = self._db.execute("SELECT 1 FROM saved_games WHERE slot = ?", (slot,)).fetchone()
        return row is not None

    def clear_game(self, slot: str = CURRENT_GAME) -> None:
        """Forget the game in ``slot`` (it was finished or abandoned)."""
        self._write("DELETE FROM saved_games WHERE slot = ?", (slot,))

    def set_game_aside(self, slot: str = CURRENT_GAME) -> str:
        """Keep an unreadable game under another slot name (never discarded); returns it."""
        aside = f"unreadable-{now()}"
        self._write("UPDATE saved_games SET slot = ? WHERE slot = ?", (aside, slot))
        return aside
