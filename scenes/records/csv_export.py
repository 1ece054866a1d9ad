"""The records as CSV files a spreadsheet opens as it is: the history of the games against the
computer (``history.csv``) and the score sheets (``sheets.csv``), written next to the profile.

One row a game (or a sheet), one column per player's name and per player's total (never several
figures in one cell), the times in local time, the headers and the words in the player's
language. In French the file starts with a byte order mark and uses ``;`` between cells, as a
French spreadsheet expects; otherwise plain UTF-8 with commas. Every cell goes through
:func:`game.records.stats.csv_cell`, so no cell starts a formula. A file is written through a
temporary one, so a failure never leaves half a file.
"""

from __future__ import annotations

import csv
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

from game.records import stats
from game.records.profile import ABANDONED, FINISHED, ONLINE, FinishedGame, StoredSheet
from game.records.stats import DamagedGame
from scenes.core.i18n import N_, _, current_language
from scenes.records.sheet_words import local_time, stored_sheet

HISTORY_FILE: Final = "history.csv"
SHEETS_FILE: Final = "sheets.csv"
MAX_SEATS: Final = 5
"""A game or a sheet has 3 to 5 players: five name and total columns, the unused ones empty."""

HISTORY_HEADER: Final = (
    N_("Game"),
    N_("Finished (local time)"),
    N_("Outcome"),
    N_("Practice"),
    N_("Level"),
    N_("Rules"),
    N_("Hands"),
    N_("Winners"),
    N_("Your seat"),
    N_("You won"),
)
SHEETS_HEADER: Final = (
    N_("Sheet"),
    N_("Started (local time)"),
    N_("Last hand (local time)"),
    N_("State"),
    N_("Winners"),
    N_("Rules"),
    N_("Hands"),
)
OUTCOMES: Final = {FINISHED: N_("finished"), ABANDONED: N_("abandoned"), ONLINE: N_("online")}


def seat_header() -> list[str]:
    """ "Player 1", "Total 1", … "Player 5", "Total 5"."""
    cells = []
    for number in range(1, MAX_SEATS + 1):
        cells += [_("Player {number}").format(number=number)]
        cells += [_("Total {number}").format(number=number)]
    return cells


def seat_cells(names: Sequence[str], totals: Sequence[int]) -> list[str]:
    """Each seat's name and total in columns of their own (empty past the last seat)."""
    cells = []
    for seat in range(MAX_SEATS):
        cells.append(names[seat] if seat < len(names) else "")
        cells.append(str(totals[seat]) if seat < len(totals) else "")
    return cells


def yes_no(value: bool) -> str:
    return _("yes") if value else _("no")


def winner_names(names: Sequence[str], winners: Sequence[int]) -> str:
    return ", ".join(names[s] if 0 <= s < len(names) else str(s + 1) for s in winners)


def history_rows(
    games: Sequence[tuple[int, FinishedGame]],
    damaged: Sequence[DamagedGame],
    rules_text: Callable[[Any], str],
    level_text: Callable[[FinishedGame], str],
) -> list[list[str]]:
    """The header and one row a game, in the order of the ids (a damaged game says so)."""
    rows: list[tuple[int, list[str]]] = []
    for game_id, game in games:
        row = [
            str(game_id),
            local_time(game.finished_at or ""),
            _(OUTCOMES.get(game.outcome, game.outcome)),
            yes_no(game.practice),
            level_text(game),
            rules_text(game.rules),
            str(game.hands),
            winner_names(game.names, game.winners),
            "" if game.human_seat is None else str(game.human_seat + 1),
            yes_no(stats.counts_as_win(game)),
            *seat_cells(game.names, game.totals),
        ]
        rows.append((game_id, row))
    width = len(HISTORY_HEADER) + 2 * MAX_SEATS
    for bad in damaged:
        row = [str(bad.game_id), local_time(bad.finished_at), _("damaged")]
        rows.append((bad.game_id, row + [""] * (width - 3)))
    rows.sort(key=lambda pair: pair[0])
    header = [_(h) for h in HISTORY_HEADER] + seat_header()
    return [header] + [row for _id, row in rows]


def sheet_rows(sheets: Sequence[StoredSheet], rules_text: Callable[[Any], str]) -> list[list[str]]:
    """The header and one row a score sheet, the oldest first; totals checked again by the rules
    (a sheet that cannot be read says so)."""
    rows = [[_(h) for h in SHEETS_HEADER] + seat_header()]
    for stored in sorted(sheets, key=lambda s: s.sheet_id):
        try:
            totals: Sequence[int] = stored_sheet(stored).totals
            state = _("finished") if stored.finished else _("in progress")
        except ValueError:  # SheetProblem too
            totals, state = (), _("cannot be read")
        rows.append(
            [
                str(stored.sheet_id),
                local_time(stored.started_at),
                local_time(stored.updated_at),
                state,
                winner_names(stored.names, stored.winners),
                rules_text(stored.rules),
                str(len(stored.hands)),
                *seat_cells(stored.names, totals),
            ]
        )
    return rows


def write_csv(path: Path, rows: Sequence[Sequence[str]], language: str | None = None) -> Path:
    """Write ``rows`` to ``path`` for a spreadsheet in ``language``; returns the path. Raises
    OSError (nothing half-written)."""
    french = (language or current_language()) == "fr"
    partial = path.with_name(path.name + ".part")
    with partial.open("w", newline="", encoding="utf-8-sig" if french else "utf-8") as out:
        writer = csv.writer(out, delimiter=";" if french else ",")
        writer.writerows([[stats.csv_cell(cell) for cell in row] for row in rows])
    partial.replace(path)
    return path


def open_folder(folder: Path) -> None:
    """Show ``folder`` in the system's file manager (OSError when there is none to ask)."""
    if sys.platform == "win32":
        os.startfile(folder)  # type: ignore[attr-defined]
        return
    opener = "open" if sys.platform == "darwin" else "xdg-open"
    subprocess.Popen([opener, str(folder)], start_new_session=True)


__all__ = [
    "HISTORY_FILE",
    "SHEETS_FILE",
    "history_rows",
    "open_folder",
    "sheet_rows",
    "write_csv",
]
