"""Statistics: the player's figures per opponents' level and overall, and the daily challenge's
days, pars, streaks and a month calendar.

The figures come from :mod:`game.records.stats`; replaying every stored game is done in the worker
process (a few milliseconds a game), so the window shows "Counting..." meanwhile and never
stalls. Reset (it asks first) starts the figures again; the history keeps every game.
"""

from __future__ import annotations

import datetime as _dt
import logging
from calendar import monthrange
from concurrent.futures import Future
from typing import Any, Final, Protocol

import pygame

from game.records import stats
from game.records.stats import ALL_LEVELS, LevelStats
from scenes.core.i18n import N_, _, current_language, ngettext
from scenes.records import daily_calendar
from scenes.records.daily import DailyScene
from scenes.records.sheet_stats import SheetStatsScene
from scenes.table.games import GameServices
from scenes.ui.dialogs import ChoiceDialog
from scenes.ui.report import ReportScene, draw_sheet, fitted_columns, sheet_row_height
from scenes.ui.widgets import DISABLED_INK, INK, Button, draw_text


class StatisticsServices(GameServices, Protocol):
    """What Statistics asks of the program: the stack, the profile, the worker (the figures
    of games not yet read), and what the daily challenge of a day clicked in the calendar
    asks for."""


log = logging.getLogger(__name__)

LEVEL_ORDER: Final = ("easy", "medium", "hard")
LEVEL_NAMES: Final = {
    ALL_LEVELS: N_("All"),
    "easy": N_("Easy"),
    "medium": N_("Medium"),
    "hard": N_("Hard"),
}


_FACTS: dict[str, dict[int, stats.GameFacts | None]] = {}
"""Each profile's games already replayed, by id (a stored game never changes): opening the
statistics again replays only the games finished since."""


def today() -> _dt.date:
    """The player's local date (tests replace it)."""
    return _dt.date.today()


def decimal(value: float, digits: int = 1) -> str:
    """A number with the language's decimal mark ("6.2", "6,2")."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if current_language() == "fr" else text


def short_date(iso: str) -> str:
    """A stored UTC time as the local date ("2026-11-12", "12/11/2026")."""
    try:
        moment = _dt.datetime.fromisoformat(iso)
    except ValueError:
        return iso[:10]
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%d/%m/%Y" if current_language() == "fr" else "%Y-%m-%d")


def damaged_count(count: int) -> str:
    """The sentence a screen shows when stored games cannot be read."""
    return ngettext(
        "{count} game could not be read: it is kept, listed as damaged and not counted.",
        "{count} games could not be read: they are kept, listed as damaged and not counted.",
        count,
    ).format(count=count)


def level_name(level: str) -> str:
    return _(LEVEL_NAMES.get(level, level.capitalize()))


def figure_rows(figures: dict[str, LevelStats], levels: list[str]) -> list[list[str]]:
    """The table: one row per figure, one column per level."""

    def game_ref(ref: stats.GameRef | None) -> str:
        return "-" if ref is None else str(ref.total)

    def rate(value: float | None) -> str:
        return "-" if value is None else f"{round(value * 100)} %"

    def per_hand(value: float | None) -> str:
        return "-" if value is None else decimal(value)

    rows: list[tuple[str, Any]] = [
        (N_("Games played"), lambda f: str(f.played)),
        (N_("Won"), lambda f: str(f.won)),
        (N_("Win rate"), lambda f: rate(f.win_rate)),
        (N_("Points per hand"), lambda f: per_hand(f.points_per_hand)),
        (N_("Best game (your total)"), lambda f: game_ref(f.best)),
        (N_("Worst game (your total)"), lambda f: game_ref(f.worst)),
        (N_("Moons shot"), lambda f: str(f.moons)),
        (N_("Queens taken"), lambda f: str(f.queens)),
        (N_("Practice games"), lambda f: str(f.practice)),
        (N_("Abandoned games"), lambda f: str(f.abandoned)),
    ]
    return [[_(label)] + [show(figures[level]) for level in levels] for label, show in rows]


class StatisticsScene(ReportScene):
    window_size = (1180, 720)
    app: StatisticsServices

    def __init__(self, app: StatisticsServices) -> None:
        super().__init__(app)
        self.day = today()
        self.month = (self.day.year, self.day.month)
        # The day the arrows chose in the calendar (None: the arrows move between the buttons
        # until Up or Down reaches the calendar); Enter opens it, as a click does.
        self.cursor: _dt.date | None = None
        self.figures: dict[str, LevelStats] | None = None
        self.daily: stats.DailyStats | None = None
        self.future: Future[Any] | None = None
        self.history: list[Any] = []
        self.damaged = 0  # stored games that cannot be read (kept, never counted)
        self.results: list[Any] = []
        self.buttons = [
            Button(N_("Previous month"), lambda: self.change_month(-1)),
            Button(N_("Next month"), lambda: self.change_month(1)),
            Button(N_("Reset statistics"), self.ask_reset),
            Button(N_("Score sheets"), self.show_sheet_wins),
            self.back_button,
        ]
        self.focus = len(self.buttons) - 1

    def title(self) -> str:
        return _("Statistics")

    def show_sheet_wins(self) -> None:
        """Wins per family member across the finished score sheets (issue 41)."""
        self.app.stack.push(SheetStatsScene(self.app))

    def enter(self) -> None:
        self.load()

    def load(self) -> None:
        """Read the games and daily results; count the games in the worker."""
        profile = self.app.profile
        try:
            stored = stats.read_history(profile.game_rows())
            results = profile.daily_results()
            marker = profile.setting(stats.RESET_SETTING)
        except Exception as exc:  # sqlite3.Error: an empty screen rather than a crash
            log.warning("the statistics cannot be read: %s", exc)
            self.say(_("The profile cannot be read: {error}").format(error=exc), error=True)
            stored, results, marker = stats.History([], []), [], None
        for bad in stored.damaged:
            log.warning("game %d of the history cannot be read: %s", bad.game_id, bad.reason)
        self.damaged = len(stored.damaged)
        if self.damaged:
            self.say(damaged_count(self.damaged), error=True)
        self.history, self.results = stats.since_reset(stored.games, results, marker)
        self.daily = stats.daily_statistics(self.results, self.day)
        self.figures = None
        known = _FACTS.setdefault(str(profile.path), {})
        missing = [(game_id, game) for game_id, game in self.history if game_id not in known]
        self.future = self.app.thinker.submit(stats.facts_by_id, missing)

    def busy(self) -> bool:
        return self.figures is None

    def update(self, dt: float) -> None:
        super().update(dt)  # the buttons fit their labels
        future = self.future
        if future is None or not future.done():
            return
        self.future = None
        known = _FACTS.setdefault(str(self.app.profile.path), {})
        try:
            known.update(future.result())
        except Exception:  # the worker failed: those games are replayed here, one by one
            log.exception("the games could not be replayed in the worker")
        self.figures = stats.game_statistics(self.history, known)

    def change_month(self, delta: int) -> None:
        year, month = self.month
        month += delta
        year += (month - 1) // 12
        month = (month - 1) % 12 + 1
        self.month = (year, month)
        if self.cursor is not None:  # the same day of the month shown, today at the latest
            last = monthrange(year, month)[1]
            self.cursor = min(self.day, _dt.date(year, month, min(self.cursor.day, last)))
            self.month = (self.cursor.year, self.cursor.month)  # never a month it is not in

    def buttons_have_focus(self) -> bool:
        return self.cursor is None  # a day chosen in the calendar: Enter opens it

    def move_cursor(self, days: int) -> None:
        """The calendar's chosen day moved by ``days`` (its month shown), never past today:
        the first move starts from today, or from the first of the month shown."""
        if self.cursor is None:  # (a month after today's shown: today)
            shown = self.month == (self.day.year, self.day.month)
            self.cursor = self.day if shown else min(self.day, _dt.date(*self.month, 1))
        else:
            self.cursor = min(self.day, self.cursor + _dt.timedelta(days=days))
        self.month = (self.cursor.year, self.cursor.month)

    def open_day(self, day: _dt.date) -> None:
        """A day's deal, to play (an earlier day as practice, counted in no streak)."""
        if day <= self.day:
            self.app.stack.push(DailyScene(self.app, None if day == self.day else day))

    def ask_reset(self) -> None:
        self.app.stack.push(
            ChoiceDialog(
                self.app,
                _("Reset statistics"),
                _(
                    "Start the statistics again from zero? The history keeps every game, "
                    "and the daily challenge's days before today stop counting."
                ),
                [(N_("Reset"), self.reset), (N_("Cancel"), lambda: None)],
                cancel=lambda: None,  # Esc cancels (issue 41)
            )
        )

    def reset(self) -> None:
        try:
            profile = self.app.profile
            now = _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")
            marker = stats.reset_marker(stats.read_history(profile.game_rows()).games, now)
            profile.set_setting(stats.RESET_SETTING, marker)
        except Exception as exc:  # sqlite3.Error
            self.say(_("The profile cannot be written ({error})").format(error=exc), error=True)
            return
        self.load()
        self.say(_("The statistics start again from zero."))

    def handle_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_PAGEUP:
            self.change_month(-1)
        elif key == pygame.K_PAGEDOWN:
            self.change_month(1)
        elif key in (pygame.K_UP, pygame.K_DOWN) and self.daily is not None:
            self.move_cursor(-7 if key == pygame.K_UP else 7)
        elif self.cursor is None:
            return False  # Left, Right, Tab and Enter: the buttons'
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.move_cursor(-1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.open_day(self.cursor)
        elif key == pygame.K_TAB:
            self.cursor = None  # back to the buttons
        else:
            return False
        return True

    # -- drawing ---------------------------------------------------------------------------------

    def levels(self) -> list[str]:
        assert self.figures is not None
        known = [lv for lv in LEVEL_ORDER if lv in self.figures]
        others = sorted(lv for lv in self.figures if lv not in LEVEL_ORDER and lv != ALL_LEVELS)
        return [ALL_LEVELS, *known, *others]

    def draw_content(self, surface: pygame.Surface) -> None:
        scale = self.scale
        area = self.content
        split = area.x + round(area.w * 0.58)
        left = pygame.Rect(area.x, area.y, split - area.x - round(12 * scale), area.h)
        right = pygame.Rect(split, area.y, area.right - split, area.h)
        size = round(16 * scale)
        draw_text(surface, _("Your games"), size, INK, left.topleft, "topleft", bold=True)
        table = left.copy()
        table.y += round(26 * scale)
        table.h -= round(26 * scale)
        if self.figures is None:
            draw_text(surface, _("Counting the games..."), size, DISABLED_INK, table.center)
        else:
            levels = self.levels()
            header = ["", *(level_name(lv) for lv in levels)]
            rows = figure_rows(self.figures, levels)
            # Each column as wide as its words ("Meilleure partie (votre total)" was cut), and
            # every row counted at the height drawn (the last two were left out at 800x600).
            columns = fitted_columns(header, rows, table.w, scale)
            table.h = min(table.h, sheet_row_height(scale) * (len(rows) + 1) + 4)
            draw_sheet(
                surface,
                table,
                header,
                rows,
                columns,
                scale,
                anchors=["midleft"] + ["center"] * len(levels),
            )
            note = _("Practice and abandoned games count as played, never as won.")
            draw_text(
                surface,
                note,
                round(12 * scale),
                INK,
                (table.x, table.bottom + round(8 * scale)),
                "topleft",
            )
        self.draw_daily(surface, right)

    def draw_daily(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        scale = self.scale
        size = round(16 * scale)
        draw_text(surface, _("Daily challenge"), size, INK, area.topleft, "topleft", bold=True)
        if self.daily is None:
            return
        small = round(14 * scale)
        y = area.y + round(28 * scale)
        for line in self.daily_lines():
            draw_text(surface, line, small, INK, (area.x, y), "topleft")
            y += round(small * 1.45)
        self.draw_calendar(surface)

    # -- the daily challenge's figures and calendar (issue 46) ------------------------------------

    def daily_lines(self) -> list[str]:
        """The daily challenge's figures above the calendar."""
        daily = self.daily
        assert daily is not None
        return [
            _("Days played: {count}").format(count=daily.days_played),
            _("Pars beaten: {beaten}, equalled: {equalled}").format(
                beaten=daily.pars_beaten, equalled=daily.pars_equalled
            ),
            _("Streak of pars met: {current} (best {best})").format(
                current=daily.current_streak, best=daily.best_streak
            ),
            _("Days in a row played: {current} (best {best})").format(
                current=daily.played_streak, best=daily.best_played_streak
            ),
        ]

    def calendar(self) -> daily_calendar.CalendarLayout:
        """Where the month's days are, under the daily figures in the right-hand column."""
        scale, area = self.scale, self.content
        split = area.x + round(area.w * 0.58)
        small = round(14 * scale)
        lines = len(self.daily_lines()) if self.daily is not None else 0
        top = area.y + round(28 * scale) + lines * round(small * 1.45) + round(8 * scale)
        room = pygame.Rect(split, top, area.right - split, area.bottom - top)
        return daily_calendar.calendar_layout(room, *self.month, scale)

    def draw_calendar(self, surface: pygame.Surface) -> None:
        assert self.daily is not None
        daily_calendar.draw_calendar(
            surface, self.calendar(), self.daily, self.day, self.scale, self.cursor
        )

    def handle_pointer(self, event: pygame.event.Event) -> bool:
        """A day of the calendar clicked, today or before: its deal, to play (an earlier day
        as practice, counted in no streak)."""
        if event.type != pygame.MOUSEBUTTONUP or getattr(event, "button", 1) != 1:
            return False
        day = self.calendar().day_at(event.pos)
        if day is None or day > self.day:
            return False
        self.open_day(day)
        return True
