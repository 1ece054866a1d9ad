"""A JSON file written whole or not at all, one save at a time.

The board server saves ``board.json`` from its loop and from the threads that check results;
the player's ``friends.json`` is saved by the window and by the thread that sends a daily
result. Each save writes a temporary file of its own beside the real one and renames it over
it (:func:`os.replace`, atomic on one file system): a reader, or a program stopped half-way,
finds the old file or the new one, never a mix. The lock orders the saves, so the file holds
the state of the last one; the owner takes it too around its changes (it is re-entrant), so a
save never reads a state half changed.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> kept = JsonFile(folder / "board.json")
>>> kept.save(lambda: {"A2B3": {}})
>>> kept.path.read_text(encoding="utf-8"), sorted(p.name for p in folder.iterdir())
('{"A2B3": {}}', ['board.json'])
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any


class JsonFile:
    """``path`` and the lock its saves take (see the module docstring)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock = threading.RLock()

    def save(self, state: Callable[[], Any]) -> None:
        """What ``state`` returns, as JSON in the file, whole: it is asked with the lock held,
        so the file always ends with the state of the last save."""
        with self.lock:
            text = json.dumps(state(), ensure_ascii=False)
            handle, name = tempfile.mkstemp(
                prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent
            )
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as file:
                    file.write(text)
                    file.flush()
                    os.fsync(file.fileno())
                os.replace(name, self.path)
            except BaseException:
                Path(name).unlink(missing_ok=True)
                raise
