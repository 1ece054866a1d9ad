"""What every store of the profile shares: the connection, one transaction per write."""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import sqlite3
from collections.abc import Iterator
from typing import Any

from game.records.profile.connection import free_the_log
from game.records.profile.problems import is_full


def to_json(value: Any) -> str:
    """Compact JSON text, as the profile stores plain data."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def now() -> str:
    """The time now, UTC, ISO 8601 to the second."""
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")


class Store:
    """A group of the profile's tables read and written through one connection."""

    _db: sqlite3.Connection

    def _write(self, sql: str, params: tuple[Any, ...]) -> None:
        with self._transaction() as db:
            db.execute(sql, params)

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
            db.execute("COMMIT")
        except BaseException as error:
            # A failed COMMIT (a full disk) may have rolled back already: only roll back what
            # is still open, so the first error is the one reported.
            if db.in_transaction:
                db.execute("ROLLBACK")
            if isinstance(error, sqlite3.Error) and is_full(error):
                free_the_log(db)  # the log's space back to the disk, for the next write
            raise
