"""The settings: one JSON value per key (table ``settings``)."""

from __future__ import annotations

import json
from typing import Any

from game.records.profile.store import Store


class SettingsStore(Store):
    """The player's settings."""

    def setting(self, key: str, default: Any = None) -> Any:
        """A stored setting, or ``default`` when it was never set (or cannot be read)."""
        row = self._db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        if row is None:
            return default
        try:
            return json.loads(row[0])
        except ValueError:
            return default

    def settings(self) -> dict[str, Any]:
        """Every stored setting."""
        result: dict[str, Any] = {}
        for key, value in self._db.execute("SELECT key, value FROM settings"):
            try:
                result[key] = json.loads(value)
            except ValueError:
                continue
        return result

    def set_setting(self, key: str, value: Any) -> None:
        """Store a setting (any JSON-compatible value)."""
        self._write(
            "INSERT INTO settings (key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, json.dumps(value)),
        )
