"""The history of the player's games, newest first, and one game's sheet: its score table hand
by hand and a line chart of every seat's total over the hands. A hand opens the hand review.

Export writes the whole history as CSV next to the profile and says where.
"""

from __future__ import annotations

import csv
import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final, Protocol

import pygame

from game.engine.save import InvalidSave, load_match
from game.records import stats
from game.records.profile import ABANDONED, FinishedGame, HistoryReader
from game.records.stats import DamagedGame, DamagedRow
from scenes.core.i18n import N_, _, current_language
from scenes.core.services import Media, ProfileScreen, Worker
from scenes.records import game_text
from scenes.records.statistics import damaged_count, level_name, short_date
from scenes.ui.report import ERROR_RED, ReportScene, draw_sheet, visible_rows, window_of
from scenes.ui.widgets import (
    BEVEL_SHADOW,
    DISABLED_INK,
    INK,
    WHITE,
    Button,
    Colour,
    draw_text,
)


class HistoryServices(ProfileScreen, Media, Worker, Protocol):
    """What History asks of the program: the stack, the profile, and what a hand's review
    needs (the card pictures, the worker)."""


log = logging.getLogger(__name__)

CSV_FILE: Final = "history.csv"
SEAT_COLOURS: Final[tuple[Colour, ...]] = (
    (0, 0, 160),
    (190, 30, 30),
    (0, 120, 40),
    (130, 40, 150),
    (210, 120, 0),
)
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
        f"{short_name(name)} {total}".strip()
        for name, total in zip(names, game.totals, strict=False)
    )


def winner_text(game: FinishedGame) -> str:
    if game.outcome == ABANDONED:
        return "-"
    return ", ".join(game.names[s] if 0 <= s < len(game.names) else str(s) for s in game.winners)


def note_text(game: FinishedGame) -> str:
    marks = []
    if game.outcome == ABANDONED:
        marks.append(_("abandoned"))
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
    """Write the history to ``folder/history.csv`` (through a temporary file, so a failure
    never leaves half a file); returns the path. Raises OSError. In French the file starts
    with a byte order mark and uses ``;`` between cells, as a French spreadsheet expects
    (its decimal mark is the comma); otherwise plain UTF-8 with commas."""
    french = (language or current_language()) == "fr"
    path = folder / CSV_FILE
    partial = path.with_name(path.name + ".part")
    with partial.open("w", newline="", encoding="utf-8-sig" if french else "utf-8") as out:
        writer = csv.writer(out, delimiter=";" if french else ",")
        writer.writerow(stats.CSV_HEADER)
        writer.writerows(stats.history_csv_rows(games, damaged or []))
    partial.replace(path)
    return path


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
        self.buttons = [self.open_button, Button(N_("Export CSV"), self.export), self.back_button]
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
        self.relayout()

    def busy(self) -> bool:
        return self.future is not None

    def update(self, dt: float) -> None:
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
        try:
            history = stats.read_history(self.app.profile.game_rows())
            path = export_csv(history.games, self.app.profile.path.parent, history.damaged)
        except Exception as exc:  # OSError, sqlite3.Error: said, nothing lost
            self.say(_("The history could not be exported: {error}").format(error=exc), True)
            return
        self.say(_("History exported to {path}").format(path=str(path)))

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
        draw_sheet(
            surface,
            self.sheet_area,
            header,
            [self.row(index) for index in range(first, last)],
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
            match = load_match(game.match)
            self.scores = [tuple(h) for h in match.history]
        except (InvalidSave, ValueError, TypeError) as exc:
            self.say(_("This game's moves cannot be replayed: {error}").format(error=exc), True)
        self.selected = max(0, len(self.scores) - 1)
        self.review_button = Button(N_("Review hand"), self.review)
        self.review_button.enabled = bool(self.scores) and game.human_seat is not None
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
        return list(self.game.names)

    def table_rows(self) -> list[list[str]]:
        rows = [
            [_("Hand {number}").format(number=i + 1), *(str(p) for p in scores)]
            for i, scores in enumerate(self.scores)
        ]
        return rows

    def review(self) -> None:
        if not self.scores or self.game.human_seat is None:
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


def axis_labels(
    values: list[int], y_of: Callable[[int], int], height: int
) -> list[tuple[int, int]]:
    """The values to label on the chart's axis, each with its height, in order of importance
    (zero, the target, the highest, the lowest); one that would overlap a label already placed
    is left out, so 51 and 50 never print over each other.

    >>> axis_labels([0, 50, 51, -26], lambda v: 200 - 2 * v, 12)
    [(0, 200), (50, 100), (-26, 252)]
    """
    placed: list[tuple[int, int]] = []
    for value in values:
        y = y_of(value)
        if all(value != v and abs(y - other) >= height for v, other in placed):
            placed.append((value, y))
    return placed


def draw_chart(
    surface: pygame.Surface,
    area: pygame.Rect,
    scores: list[tuple[int, ...]],
    names: list[str],
    rules: Any,
    scale: float,
    selected: int | None = None,
) -> None:
    """Every seat's total after each hand as a line on a white sheet, the target dashed, the
    names in their line's colour below; the ``selected`` hand's totals on a light band."""
    pygame.draw.rect(surface, WHITE, area)
    pygame.draw.rect(surface, BEVEL_SHADOW, area, 1)
    size = max(9, round(12 * scale))
    pad = round(10 * scale)
    legend_h = round(24 * scale)
    plot = pygame.Rect(
        area.x + pad + round(30 * scale),
        area.y + pad,
        area.w - 2 * pad - round(34 * scale),
        area.h - 2 * pad - legend_h - size,
    )
    if plot.w < 20 or plot.h < 20:
        return
    target = rules.get("target", 100) if isinstance(rules, dict) else 100
    running: list[list[int]] = [[0] for _ in names]
    for hand in scores:
        for seat, points in enumerate(hand[: len(names)]):
            running[seat].append(running[seat][-1] + points)
    values = [v for line in running for v in line] + [0, int(target)]
    low, high = min(values), max(values)
    span = max(1, high - low)
    hands = max(1, len(scores))

    def point(hand: int, value: int) -> tuple[int, int]:
        x = plot.x + round(plot.w * hand / hands)
        y = plot.bottom - round(plot.h * (value - low) / span)
        return x, y

    if selected is not None and 0 <= selected < len(scores):
        x, _y = point(selected + 1, low)
        band = max(6, min(round(24 * scale), round(plot.w / hands * 0.5)))
        strip = pygame.Rect(x - band // 2, plot.y, band, plot.h).clip(plot.inflate(band, 0))
        surface.fill((255, 244, 190), strip.clip(area.inflate(-2, -2)))
    # axes, zero and the target
    pygame.draw.line(surface, INK, plot.bottomleft, plot.topleft)
    pygame.draw.line(surface, INK, point(0, low), point(hands, low))
    ty = point(0, int(target))[1]
    for x in range(plot.x, plot.right, round(10 * scale) or 1):
        pygame.draw.line(surface, DISABLED_INK, (x, ty), (x + round(5 * scale), ty))
    for value, y in axis_labels([0, int(target), high, low], lambda v: point(0, v)[1], size):
        draw_text(surface, str(value), size, INK, (plot.x - round(4 * scale), y), "midright")
    step = max(1, hands // 10)
    for number in range(0, hands + 1, step):
        x, _y = point(number, low)
        draw_text(surface, str(number), size, INK, (x, plot.bottom + round(3 * scale)), "midtop")
    width = max(2, round(3 * scale))
    for seat, line in enumerate(running):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        dots = [point(i, v) for i, v in enumerate(line)]
        if len(dots) > 1:
            pygame.draw.lines(surface, colour, False, dots, width)
        for p in dots[1:]:
            pygame.draw.circle(surface, colour, p, width + 1)
    x = plot.x
    y = area.bottom - pad - legend_h // 2
    for seat, name in enumerate(names):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        pygame.draw.line(surface, colour, (x, y), (x + round(18 * scale), y), width)
        rect = draw_text(surface, name, size, INK, (x + round(22 * scale), y), "midleft")
        x = rect.right + round(14 * scale)
