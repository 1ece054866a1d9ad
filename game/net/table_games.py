"""The table server's record of its games: each finished table's game written in the notation
(docs/notation.md) as ``<date>-<code>.hearts`` in a folder the operator names
(``python -m game.net.server --games DIR``)."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

from game.net.online_table import NetTable
from game.net.server_log import log
from game.notation import write_match
from game.notation.tags import program_tags


def write_table_game(table: NetTable, folder: Path, day: _dt.date | None = None) -> Path | None:
    """Write ``table``'s game; the file written, or None (the reason logged) when it cannot be."""
    match = table.match
    if match is None:
        return None
    day = day or _dt.datetime.now(_dt.UTC).date()
    tags = program_tags(f"Online table {table.code}", day)
    names = [seat.name for seat in table.seats]
    levels = ["human" if seat.token is not None else table.level for seat in table.seats]
    path = folder / f"{day.isoformat()}-{table.code}.hearts"
    try:
        path.write_text(write_match(match, tags=tags, names=names, levels=levels), encoding="utf-8")
    except OSError as exc:
        log.warning("table %s: the game could not be written to %s: %s", table.code, path, exc)
        return None
    return path
