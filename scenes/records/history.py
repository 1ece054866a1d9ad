"""The history of the player's games, newest first, and one game's sheet: its score table hand
by hand and a line chart of every seat's total over the hands. A hand opens the hand review.

Export writes the whole history and the score sheets as CSV files next to the profile
(:mod:`scenes.records.csv_export`), says where, and Open folder shows them.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final, Protocol

import pygame

from game.engine.save import InvalidSave, load_match
from game.records import stats
from game.records.profile import ABANDONED, ONLINE, FinishedGame, HistoryReader
from game.records.stats import DamagedGame, DamagedRow
from scenes.core.i18n import N_, _
from scenes.core.preferences import shown_name
from scenes.core.services import Media, ProfileScreen, Worker
from scenes.records import csv_export, game_text
from scenes.records.chart import draw_chart
from scenes.records.statistics import damaged_count, level_name, short_date
from scenes.ui.report import (
    ERROR_RED,
    ReportScene,
    draw_sheet,
    fitted_columns,
    visible_rows,
    window_of,
)
from scenes.ui.widgets import (
    DISABLED_INK,
    INK,
    Button,
    draw_text,
)


class HistoryServices(ProfileScreen, Media, Worker, Protocol):
    """What History asks of the program: the stack, the profile, and what a hand's review
    needs (the card pictures, the worker)."""


log = logging.getLogger(__name__)

CSV_FILE: Final = "history.csv"
MOON_NAMES: Final = {
    "others+26": N_("moon +26 to the others"),
    "shooter-26": N_("moon -26 to the shooter"),
    "shooter-chooses": N_("moon: the shooter chooses"),
}


def rules_summary(rules: Any) -> str:
    """ "100 · moon +26 to the others · J♦ -10 · 3 players" from a stored rules mapping."""
    if not isinstance(rules, dict):
        return "?"
    parts = [str(rules.get("target", 100))]
    parts.append(_(MOON_NAMES.get(str(rules.get("moon", "others+26")), "?")))
    if rules.get("jack_of_diamonds"):
        parts.append(_("J♦ -10"))
    players = rules.get("players", 4)
    if players != 4:
        parts.append(_("{count} players").format(count=players))
    if rules.get("tie") == "shared":
        parts.append(_("shared victory"))
    return " · ".join(parts)


RULES_COLUMN: Final = 2
"""The list's column of :func:`rules_summary`: the first to give way in a narrow window."""


def lineup(game: FinishedGame) -> str:
    """The opponents' level(s): "Hard", or each seat's when they differ."""
    levels = game.levels
    if levels:
        shown = [lv for seat, lv in enumerate(levels) if seat != game.human_seat and lv]
        if shown and len(set(shown)) > 1:
            return ", ".join(level_name(lv) for lv in shown)
    return level_name(game.level)


SHORT_NAME: Final = 4
"""Letters of a long name kept beside its score in the list (the game's sheet has them whole)."""


def short_name(name: str) -> str:
    """A name as the list shows it: whole up to one letter more than :data:`SHORT_NAME`, else
    cut with a full stop, as an abbreviation is written ("Ouest", "Marg.")."""
    name = name.strip()
    if len(name) <= SHORT_NAME + 1:
        return name
    return name[:SHORT_NAME].rstrip() + "."


def final_scores(game: FinishedGame) -> str:
    """Each seat's name, shortened, with its final total: "Anne 52 · Marg. 78 · Hugo 101"."""
    names = list(game.names) + [""] * max(0, len(game.totals) - len(game.names))
    return " · ".join(
        f"{short_name(shown_name(name))} {total}".strip()
        for name, total in zip(names, game.totals, strict=False)
    )


def winner_text(game: FinishedGame) -> str:
    if game.outcome == ABANDONED:
        return "-"
    names = [shown_name(name) for name in game.names]
    return ", ".join(names[s] if 0 <= s < len(names) else str(s) for s in game.winners)


def note_text(game: FinishedGame) -> str:
    marks = []
    if game.outcome == ABANDONED:
        marks.append(_("abandoned"))
    if game.outcome == ONLINE:  # kept here, never in the statistics
        marks.append(_("online"))
    if game.practice:
        marks.append(_("practice"))
    if game.human_seat is None:
        marks.append(_("demo"))
    return ", ".join(marks)


_READER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="history")
"""Reads the history's list off the frame loop (its own connection to the profile's file)."""

FIRST_PAGE: Final = 200
"""The newest games, read first and shown at once (more rows than a window holds), so the list
appears in the same time whatever the number of games; the whole list replaces them when read."""


def read_list(database: Path, newest: int | None = None) -> stats.History:
    """The history's list read through a connection of its own that only reads (so a thread
    can read it), without the moves: :func:`game.records.stats.read_history` of the stored
    rows (only the ``newest`` ones when given)."""
    reader = HistoryReader(database)
    try:
        return stats.read_history(reader.game_rows(with_match=False, newest=newest))
    finally:
        reader.close()


def export_csv(
    games: list[tuple[int, FinishedGame]],
    folder: Path,
    damaged: list[DamagedGame] | None = None,
    language: str | None = None,
) -> Path:
    """Write the history to ``folder/history.csv`` (:mod:`scenes.records.csv_export`: one
    column per player's total, local times, the player's language); returns the path. Raises
    OSError."""
    rows = csv_export.history_rows(games, damaged or [], rules_summary, lineup)
    return csv_export.write_csv(folder / CSV_FILE, rows, language)


class HistoryScene(ReportScene):
    """Every game, newest first; Up/Down choose, Enter opens it."""

    window_size = (1180, 720)

    app: HistoryServices

    def __init__(self, app: HistoryServices) -> None:
        super().__init__(app)
        self.games: list[tuple[int, FinishedGame | DamagedGame]] = []
        self.damaged = 0
        self.future: Future[stats.History] | None = None  # the whole list
        self.first_page: Future[stats.History] | None = None  # the newest games, read first
        self.shown: dict[int, list[str]] = {}  # the rows already put into words, by index
        self.selected = 0
        self.open_button = Button(N_("Open"), self.open_selected)
        self.folder_button = Button(N_("Open folder"), self.open_folder, visible=False)
        self.buttons = [
            self.open_button,
            Button(N_("Export CSV"), self.export),
            self.folder_button,
            self.back_button,
        ]
        self.sheet_area = pygame.Rect(0, 0, 0, 0)

    def title(self) -> str:
        return _("History")

    def enter(self) -> None:
        """Read the list (not the moves: a game's are read when it is opened) in a thread,
        each row on its own: the newest games first, shown as soon as they are read, then the
        whole list in their place. The window never waits."""
        self.games = []
        self.shown = {}
        self.first_page = None
        profile = self.app.profile
        if profile.saving:  # on disk: a thread reads it through its own connection
            self.first_page = _READER.submit(read_list, profile.path, FIRST_PAGE)
            self.future = _READER.submit(read_list, profile.path)
        else:  # held in memory: read here (it is small)
            self.future = Future()
            try:
                self.future.set_result(stats.read_history(profile.game_rows(with_match=False)))
            except Exception as exc:  # sqlite3.Error
                self.future.set_exception(exc)
        self.open_button.enabled = False
        self.focus = self.focusable().index(self.back_button)  # nothing to open yet: not Export
        self.relayout()

    def busy(self) -> bool:
        return self.future is not None

    def update(self, dt: float) -> None:
        super().update(dt)  # the buttons fit their labels
        future = self.future
        if future is None:
            return
        page = self.first_page
        if page is not None and page.done() and not future.done():
            self.first_page = None
            if page.exception() is None:  # else the whole list's read says what went wrong
                self.show(page.result(), whole=False)
        if not future.done():
            return
        self.future = self.first_page = None
        try:
            history = future.result()
        except Exception as exc:  # the worker failed: said, nothing lost
            log.exception("the history could not be read in the worker")
            self.say(_("The profile cannot be read: {error}").format(error=exc), error=True)
            return
        self.show(history)

    def show(self, history: stats.History, whole: bool = True) -> None:
        """List ``history``'s games, newest first, the selected game kept selected. Only the
        ``whole`` list counts and logs the damaged games (a first page has only some of them).
        """
        chosen = self.games[self.selected][0] if self.games else None
        self.games = list(reversed(history.entries()))
        self.shown = {}
        self.selected = min(self.selected, max(0, len(self.games) - 1))
        if chosen is not None:
            self.selected = next(
                (i for i, (game_id, _game) in enumerate(self.games) if game_id == chosen),
                self.selected,
            )
        if self.games and not self.open_button.enabled:  # the first games shown: Enter opens
            self.focus = 0
        self.open_button.enabled = bool(self.games)
        if not whole:
            return
        self.damaged = len(history.damaged)
        for bad in history.damaged:
            log.warning("game %d of the history cannot be read: %s", bad.game_id, bad.reason)
        if self.damaged:
            self.say(damaged_count(self.damaged), error=True)

    def layout(self) -> None:
        self.sheet_area = self.content.copy()

    def row(self, index: int) -> list[str]:
        """One row of the list in words (put into words once, when first shown)."""
        known = self.shown.get(index)
        if known is not None:
            return known
        _id, game = self.games[index]
        if isinstance(game, DamagedGame):
            text = [short_date(game.finished_at), "", "", "", "", _("damaged")]
        else:
            text = [
                short_date(game.finished_at or ""),
                lineup(game),
                rules_summary(game.rules),
                final_scores(game),
                winner_text(game),
                note_text(game),
            ]
        self.shown[index] = text
        return text

    def rows(self) -> list[list[str]]:
        return [self.row(index) for index in range(len(self.games))]

    def open_selected(self) -> None:
        if not self.games:
            return
        game_id, listed = self.games[self.selected]
        try:
            if isinstance(listed, DamagedGame):
                raise DamagedRow(listed.reason)
            rows = self.app.profile.game_rows(game_id=game_id)
            if not rows:
                raise DamagedRow("gone")
            game = stats.read_game_row(rows[0])
        except DamagedRow as exc:
            log.warning("game %d cannot be opened: %s", game_id, exc)
            self.say(
                _("This game's record is damaged and cannot be shown; it is kept in the profile."),
                error=True,
            )
            return
        except Exception as exc:  # sqlite3.Error
            self.say(_("The profile cannot be read: {error}").format(error=exc), error=True)
            return
        self.app.stack.push(GameScene(self.app, game_id, game))

    def export(self) -> None:
        """The history and the score sheets as CSV files next to the profile; the message says
        where, and Open folder shows them."""
        folder = self.app.profile.path.parent
        try:
            history = stats.read_history(self.app.profile.game_rows())
            path = export_csv(history.games, folder, history.damaged)
            sheets = csv_export.sheet_rows(self.app.profile.sheets(), rules_summary)
            csv_export.write_csv(folder / csv_export.SHEETS_FILE, sheets)
        except Exception as exc:  # OSError, sqlite3.Error: said, nothing lost
            self.say(_("The history could not be exported: {error}").format(error=exc), True)
            return
        self.say(
            _("History exported to {path} (the score sheets to {sheets})").format(
                path=str(path), sheets=csv_export.SHEETS_FILE
            )
        )
        self.folder_button.visible = True
        self.relayout()

    def open_folder(self) -> None:
        folder = self.app.profile.path.parent
        try:
            csv_export.open_folder(folder)
        except OSError as exc:
            self.say(_("The folder {path} cannot be shown: {error}").format(path=folder, error=exc))

    def handle_key(self, event: pygame.event.Event) -> bool:
        count = len(self.games)
        if event.key == pygame.K_DOWN and count:
            self.selected = min(count - 1, self.selected + 1)
        elif event.key == pygame.K_UP and count:
            self.selected = max(0, self.selected - 1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and count:
            focusable = self.focusable()
            if focusable and focusable[self.focus % len(focusable)] is not self.open_button:
                return False
            self.open_selected()
        else:
            return False
        return True

    def handle_pointer(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            row = self.row_at(event.pos)
            if row is not None:
                if row == self.selected:
                    self.open_selected()
                self.selected = row
                return True
        return False

    def row_at(self, pos: tuple[int, int]) -> int | None:
        area = self.sheet_area
        row_h = round(max(10, round(14 * self.scale)) * 1.7)
        if not area.collidepoint(pos) or pos[1] < area.y + row_h + 2:
            return None
        first = window_of(visible_rows(area, self.scale), len(self.games), self.selected)
        index = first + (pos[1] - area.y - row_h - 2) // row_h
        return index if 0 <= index < len(self.games) else None

    def draw_content(self, surface: pygame.Surface) -> None:
        header = [_("Date"), _("Opponents"), _("Rules"), _("Final scores"), _("Winner"), ""]
        columns = [0.0, 0.11, 0.24, 0.46, 0.76, 0.88]
        if not self.games:
            draw_sheet(surface, self.sheet_area, header, [], columns, self.scale)
            waiting = self.future is not None
            draw_text(
                surface,
                _("Reading the games...") if waiting else _("No game finished yet."),
                round(15 * self.scale),
                DISABLED_INK,
                self.sheet_area.center,
            )
            return
        shown = visible_rows(self.sheet_area, self.scale)
        first = window_of(shown, len(self.games), self.selected)
        last = min(len(self.games), first + shown)
        rows = [self.row(index) for index in range(first, last)]
        # The rules give way first (most games have the same): the final scores, what a row
        # is read for, were cut beside them.
        columns = fitted_columns(
            [*header[:-1], ""], rows, self.sheet_area.w, self.scale, first=(RULES_COLUMN,)
        )
        draw_sheet(
            surface,
            self.sheet_area,
            header,
            rows,
            columns,
            self.scale,
            selected=self.selected - first,
        )


class GameScene(ReportScene):
    """One game: the score table hand by hand beside a line chart of the totals. Up/Down choose
    a hand, Enter reviews it (trick by trick, with the tutor's view)."""

    window_size = (1180, 720)

    app: HistoryServices

    def __init__(self, app: HistoryServices, game_id: int, game: FinishedGame) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.game = game
        self.scores: list[tuple[int, ...]] = []
        try:
            self.scores = _hand_scores(game)
        except (InvalidSave, ValueError, TypeError) as exc:
            self.say(_("This game's moves cannot be replayed: {error}").format(error=exc), True)
        self.selected = max(0, len(self.scores) - 1)
        self.review_button = Button(N_("Review hand"), self.review)
        # An online game keeps each hand's scores, not the moves: nothing to review.
        self.review_button.enabled = (
            bool(self.scores) and game.human_seat is not None and game.outcome != ONLINE
        )
        self.buttons = [self.review_button, *game_text.text_buttons(self), self.back_button]
        self.table_area = pygame.Rect(0, 0, 0, 0)
        self.chart_area = pygame.Rect(0, 0, 0, 0)

    def title(self) -> str:
        when = short_date(self.game.finished_at or "")
        return _("Game of {date}").format(date=when)

    def layout(self) -> None:
        area = self.content
        scale = self.scale
        head = round(26 * scale)
        split = area.x + round(area.w * 0.45)
        self.table_area = pygame.Rect(
            area.x, area.y + head, split - area.x - round(12 * scale), area.h - head
        )
        self.chart_area = pygame.Rect(split, area.y + head, area.right - split, area.h - head)

    def names(self) -> list[str]:
        return [shown_name(name) for name in self.game.names]

    def table_rows(self) -> list[list[str]]:
        rows = [
            [_("Hand {number}").format(number=i + 1), *(str(p) for p in scores)]
            for i, scores in enumerate(self.scores)
        ]
        return rows

    def review(self) -> None:
        if not self.review_button.enabled or self.game.human_seat is None:
            return
        from scenes.records.hand_review import HandReviewScene

        self.app.stack.push(
            HandReviewScene(
                self.app,
                self.game.match,
                self.selected,
                self.game.human_seat,
                list(self.game.names),
            )
        )

    def handle_key(self, event: pygame.event.Event) -> bool:
        count = len(self.scores)
        if event.key == pygame.K_DOWN and count:
            self.selected = min(count - 1, self.selected + 1)
        elif event.key == pygame.K_UP and count:
            self.selected = max(0, self.selected - 1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focusable = self.focusable()
            if focusable and focusable[self.focus % len(focusable)] is self.back_button:
                return False
            self.review()
        else:
            return False
        return True

    def handle_pointer(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            area = self.table_area
            row_h = round(max(10, round(14 * self.scale)) * 1.7)
            if area.collidepoint(event.pos) and event.pos[1] > area.y + row_h:
                first = window_of(
                    visible_rows(area, self.scale) - 1, len(self.scores), self.selected
                )
                index = first + (event.pos[1] - area.y - row_h - 2) // row_h
                if 0 <= index < len(self.scores):
                    if index == self.selected:
                        self.review()
                    self.selected = index
                    return True
        return False

    def draw_content(self, surface: pygame.Surface) -> None:
        scale = self.scale
        game = self.game
        line = "   ".join([rules_summary(game.rules), lineup(game), note_text(game)]).strip()
        draw_text(surface, line, round(14 * scale), INK, self.content.topleft, "topleft")
        names = self.names()
        n = len(names)
        header = ["", *names]
        share = 0.24
        columns = [0.0] + [share + i * (1 - share) / n for i in range(n)]
        anchors = ["midleft"] + ["center"] * n
        rows = self.table_rows()
        shown = max(1, visible_rows(self.table_area, scale) - 1)  # the totals take a row
        first = window_of(shown, len(rows), self.selected)
        totals = [_("Total"), *(str(t) for t in game.totals)]
        colours = {}
        if game.outcome != ABANDONED:
            for s in game.winners:
                colours[(len(rows[first : first + shown]), s + 1)] = ERROR_RED
        draw_sheet(
            surface,
            self.table_area,
            header,
            [*rows[first : first + shown], totals],
            columns,
            scale,
            selected=self.selected - first,
            bold_last=True,
            anchors=anchors,
            colours=colours,
        )
        draw_chart(surface, self.chart_area, self.scores, names, game.rules, scale, self.selected)


def _hand_scores(game: FinishedGame) -> list[tuple[int, ...]]:
    """Each hand's scores: replayed from the moves, or as an online game keeps them."""
    if game.outcome == ONLINE:
        hands = game.match.get("history") if isinstance(game.match, dict) else None
        if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
            raise ValueError("the hands' scores are missing")
        return [tuple(int(p) for p in h) for h in hands]
    return [tuple(h) for h in load_match(game.match).history]
