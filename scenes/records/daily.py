"""The daily challenge ("Défi du jour"): the day's screen, today's or a past date's.

The date is the player's local calendar date, read from the system clock here (:func:`today`)
and handed to :mod:`game.records.daily`, which derives everything else from it: nothing is fetched.
The work that takes time runs in the computer players' worker process, never in the frame loop:
the opponents' passes (a fraction of a second) and the par (a whole hand of Hard play), which
is then kept in the profile per date. Only a date's first finished hand, on its day, counts; a
replay, a past date (chosen in the Statistics calendar or with ``--date``), or a hand played
with a hint or teaching mode, is practice (recorded, never counted). The result screen is
:mod:`scenes.records.daily_result`; the boards under the figures :mod:`scenes.records.daily_panels`.
"""

from __future__ import annotations

import datetime as _dt
import logging
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.rules import PassDirection
from game.records import daily
from game.records.profile import DailyResult
from scenes.core import thinking
from scenes.core.i18n import N_, _, pass_label
from scenes.core.scene import Scene
from scenes.records import daily_words as words
from scenes.records.daily_panels import HISTORY_ROWS, DailyPanel, HistoryPanel
from scenes.records.daily_result import DailyResultScene
from scenes.table import games
from scenes.ui.felt import felt_surface
from scenes.ui.widgets import (
    INK,
    Button,
    button_widths,
    draw_text,
    draw_window,
    lay_buttons,
    title_height,
    ui_scale,
    wrap_text,
)

if TYPE_CHECKING:
    from scenes.table.games import GameServices
    from scenes.table.session import GameSession
    from scenes.table.table_scene import TableScene

log = logging.getLogger(__name__)

long_date = words.long_date
points_text = words.points_text


def today() -> _dt.date:
    """The player's local calendar date (tests replace this function)."""
    return _dt.date.today()


def resume_daily(app: GameServices) -> None:
    """The menu's "Continue the daily hand": the hand in progress back on the table (an
    unreadable one is set aside with a notice)."""
    saved = games.saved_daily(app)
    if saved is None or saved.daily is None:
        return
    day = saved.daily.date
    screen = DailyScene(app, None if day == today() else day)
    games.daily_game(app, saved, screen.result, fresh=False)


class DailyScene(Scene):
    """A date's challenge (``day``: a date chosen in the calendar or with ``--date``; None:
    today's, following the clock): the date, the pass, the par and what it means, the streaks,
    the boards, the countdown to the next deal, and Play."""

    app: GameServices

    def __init__(self, app: GameServices, day: _dt.date | None = None) -> None:
        super().__init__(app)
        self.chosen = day
        self.day = day or today()
        self.direction: PassDirection | None = None
        self.opponent_passes: dict[int, list[int]] | None = None
        self.par: int | None = None
        self.par_failed = False
        self.setup_future: Future[Any] | None = None
        self.par_future: Future[Any] | None = None
        self.results: list[DailyResult] = []
        self.saved: GameSession | None = None  # the daily hand in progress (of any date)
        self.clock = words.countdown(words.now())
        self.play_button = Button(self.play_label, self.play)
        self.teach_button = Button(self.teach_label, self.toggle_teaching)
        self.back_button = Button(N_("Back"), self.back)
        self.friends_button = Button(N_("Friends"), self.open_friends)  # scenes/records/friends
        self.buttons = [self.play_button, self.teach_button, self.friends_button, self.back_button]
        self.focus = 0
        self.scale = 1.0
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.size = (0, 0)
        self.inner_w = 10
        self.background: pygame.Surface | None = None

    def open_friends(self) -> None:
        from scenes.records.friends import FriendsScene

        self.app.stack.push(FriendsScene(self.app, self.day, past=self.past))

    @property
    def past(self) -> bool:
        """The date's day is over: its hand is practice, counted in no streak."""
        return self.day < today()

    def result(self, table: TableScene) -> Scene:
        """The screen shown when the daily hand is over (instead of the score window)."""
        return DailyResultScene(self.app, table, lambda: DailyScene(self.app, self.chosen))

    # -- lifecycle -------------------------------------------------------------------------------

    def enter(self) -> None:
        self.load()

    def resume(self) -> None:
        self.load()

    def load(self) -> None:
        """Read the date, the history, the hand in progress and the par; start what is
        missing in the worker."""
        day = self.chosen or today()
        if day != self.day:  # midnight went by: a new challenge
            self.day = day
            self.direction = self.opponent_passes = self.par = None
            self.setup_future = self.par_future = None
            self.par_failed = False
        profile = self.app.profile
        iso = self.day.isoformat()
        try:
            self.results = profile.daily_results()
            if self.par is None:
                cached = profile.daily_par(iso, daily.par_key())
                self.par = None if cached is None else cached[0]
        except Exception as exc:  # sqlite3.Error: the screen still works without history
            log.warning("the daily results cannot be read: %s", exc)
            self.results = []
        # A hand in progress is offered whatever its date: an unfinished hand of an earlier
        # day is finished before today's is dealt, so starting today's never overwrites it.
        self.saved = games.saved_daily(self.app)
        if self.direction is None and self.setup_future is None:
            self.setup_future = self.app.thinker.submit(thinking.daily_setup, self.day)
        if self.par is None and self.par_future is None and not self.par_failed:
            self.par_future = self.app.thinker.submit(thinking.daily_par, self.day)
        self._relayout()

    def busy(self) -> bool:
        return self.setup_future is not None or self.par_future is not None

    def clock_face(self) -> str:
        """The countdown: a still window is redrawn when it changes, once a second."""
        return self.clock

    def update(self, dt: float) -> None:
        self.clock = words.countdown(words.now())
        if self.chosen is None and today() != self.day:  # left open across midnight
            self.load()
        self._take_setup()
        self._take_par()
        if self.play_button.enabled != self.ready():
            self.play_button.enabled = self.ready()
            self._relayout()

    def _take_setup(self) -> None:
        future = self.setup_future
        if future is None or not future.done():
            return
        self.setup_future = None
        try:
            name, passes = future.result()
            self.direction = PassDirection[name]
            self.opponent_passes = {int(s): list(c) for s, c in passes.items()}
        except Exception:
            log.exception("the daily challenge could not be prepared")
            self.par_failed = True

    def _take_par(self) -> None:
        future = self.par_future
        if future is None or not future.done():
            return
        self.par_future = None
        try:
            par, tricks = future.result()
        except Exception:
            log.exception("the daily par could not be computed")
            self.par_failed = True
            return
        self.par = int(par)
        self._relayout()
        try:
            self.app.profile.set_daily_par(
                self.day.isoformat(), daily.par_key(), int(par), int(tricks)
            )
        except Exception as exc:  # sqlite3.Error: it is computed again next time
            log.warning("the daily par cannot be kept: %s", exc)

    # -- what is shown ---------------------------------------------------------------------------

    def first_attempt(self) -> DailyResult | None:
        """The date's first finished hand on its day, if played."""
        iso = self.day.isoformat()
        return next((r for r in self.results if r.date == iso and r.first_attempt), None)

    def streaks(self) -> daily.Streaks:
        history: dict[_dt.date | str, daily.Entry] = {
            r.date: (r.points, r.par, r.counts) for r in self.results if r.first_attempt
        }
        try:
            return daily.streaks(history, today())
        except ValueError as exc:
            log.warning("the daily history has a bad entry: %s", exc)
            return daily.Streaks(0, 0, 0, 0)

    def ready(self) -> bool:
        """Play can start (or the hand in progress be resumed)."""
        if self.saved is not None:
            return True
        return self.par is not None and self.opponent_passes is not None

    def par_text(self) -> str:
        if self.par is not None:
            return _("Par: {points}").format(points=points_text(self.par))
        if self.par_failed:
            return _("The par could not be computed.")
        return _("Computing the par…")

    def saved_text(self, saved: GameSession) -> str:
        """The hand in progress: of which date, and whether it counts."""
        hand = saved.daily
        assert hand is not None
        date = long_date(hand.date)
        if hand.date != self.day:
            if saved.practice:
                return _(
                    "Your practice hand of {date} is not finished: finish it first "
                    "(it does not count)."
                ).format(date=date)
            return _("Your hand of {date} is not finished: finish it to play today's.").format(
                date=date
            )
        if hand.date == today():
            if saved.practice:
                return _("Your practice hand of today is in progress: it does not count.")
            return _("Your hand of today is in progress: it counts.")
        if saved.practice:
            return _("Your practice hand of {date} is in progress: it does not count.").format(
                date=date
            )
        return _("Your hand of {date} is in progress: it still counts.").format(date=date)

    def status_text(self) -> str:
        """The date's state: not played, in progress, or the first attempt's result."""
        if self.saved is not None:
            return self.saved_text(self.saved)
        first = self.first_attempt()
        if self.past:
            return _("A past day: its hand is practice and counts in no streak.")
        if first is None:
            if self.app.prefs.new_game.teaching:
                return _("Teaching mode is on: today's hand will be practice.")
            return _("Not played yet today: your first hand counts.")
        verdict = _(words.SHORT_VERDICTS[daily.result(first.points, first.par)])
        if first.practice:
            verdict = _("practice")
        return _("Today: {points}, par {par} ({verdict}). Playing again is practice.").format(
            points=points_text(first.points), par=first.par, verdict=verdict
        )

    def streak_lines(self) -> list[str]:
        s = self.streaks()
        return [
            _("Days played in a row: {current} (best {best})").format(
                current=s.played, best=s.best_played
            ),
            _("Pars met in a row (beaten or equalled): {current} (best {best})").format(
                current=s.met, best=s.best_met
            ),
        ]

    def history_rows(self) -> list[tuple[str, str, str, str]]:
        """(date, points, par, result) of the latest dates' first attempts, newest first."""
        rows = []
        firsts = [r for r in self.results if r.first_attempt]
        for r in sorted(firsts, key=lambda r: r.date, reverse=True)[:HISTORY_ROWS]:
            outcome = daily.result(r.points, r.par)
            mark = daily.RESULT_MARKS[outcome] + " " + _(words.SHORT_VERDICTS[outcome])
            if r.practice:
                mark = _("practice")
            try:
                shown = long_date(_dt.date.fromisoformat(r.date))
            except ValueError:
                shown = r.date
            rows.append((shown, str(r.points), str(r.par), mark))
        return rows

    def panels(self) -> list[DailyPanel]:
        """The boards under the figures, top to bottom."""
        return [HistoryPanel(self.history_rows())]

    def play_label(self) -> str:
        if self.saved is not None:
            return _("Resume (practice)") if self.saved.practice else _("Resume")
        if self.past:
            return _("Play (practice)")
        if any(r.date == self.day.isoformat() for r in self.results):
            return _("Play again (practice)")
        return _("Play")

    def teach_label(self) -> str:
        on = self.app.prefs.new_game.teaching
        return _("Teaching mode: on") if on else _("Teaching mode: off")

    # -- actions ---------------------------------------------------------------------------------

    def play(self) -> None:
        from scenes.table.session import GameSession

        if self.chosen is None and today() != self.day:  # midnight went by since the screen
            self.load()  # was drawn: never start yesterday's hand as if it were today's
            return
        if not self.ready():
            return
        if self.saved is not None:
            games.daily_game(self.app, self.saved, self.result, fresh=False)
            return
        assert self.par is not None and self.opponent_passes is not None
        assert self.direction is not None
        replay = any(r.date == self.day.isoformat() for r in self.results)
        session = GameSession.new_daily(
            self.day,
            self.direction,
            self.opponent_passes,
            self.par,
            teaching=self.app.prefs.new_game.teaching,
            replay=replay,
            past=self.past,
        )
        games.daily_game(self.app, session, self.result, fresh=True)

    def toggle_teaching(self) -> None:
        options = self.app.prefs.new_game
        options.teaching = not options.teaching
        self.app.save_preferences()
        self._relayout()

    def back(self) -> None:
        self.app.stack.pop()

    # -- input -----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_LEFT, pygame.K_UP):
                self.focus = (self.focus - 1) % len(self.buttons)
            elif event.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(self.buttons)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                button = self.buttons[self.focus]
                if button.enabled:
                    button.action()
            return True
        return any(button.handle_event(event) for button in self.buttons)

    # -- layout and drawing ----------------------------------------------------------------------

    def info_lines(self) -> list[tuple[str, int, bool, float, tuple[int, int, int]]]:
        """The texts above the boards: (text, size at scale 1, bold, gap after in sizes,
        colour)."""
        sub = [self.par_text()]
        if self.direction is not None:
            sub.insert(0, pass_label(self.direction))
        title = long_date(self.day)
        if self.past:
            title = _("{date} (practice)").format(date=title)
        lines = [
            (title, 26, True, 0.35, INK),
            ("   ·   ".join(t for t in sub if t), 18, False, 0.2, INK),
        ]
        notes = words.par_notes(self.par)
        lines += [(n, 14, False, 0.5 if n == notes[-1] else 0.1, words.NOTE_COLOUR) for n in notes]
        lines.append((self.status_text(), 15, False, 0.4, INK))
        streaks = self.streak_lines()
        lines += [(line, 15, False, 0.15, INK) for line in streaks[:-1]]
        lines.append((streaks[-1], 15, False, 0.7, INK))
        return lines

    def _flow(self, surface: pygame.Surface | None, area: pygame.Rect) -> int:
        """Draw (or only measure, without a surface) the info lines; returns the y below."""
        y = area.y
        for text, size_1, bold, gap, colour in self.info_lines():
            size = round(size_1 * self.scale)
            for line in wrap_text(text, size, area.w, bold):
                if surface is not None:
                    draw_text(surface, line, size, colour, (area.centerx, y), "midtop", bold=bold)
                y += round(size * 1.3)
            y += round(size * gap)
        return y

    def _clock_h(self) -> int:
        return round(15 * self.scale * 1.6)

    def resize(self, size: tuple[int, int]) -> None:
        if size[0] <= 0 or size[1] <= 0:
            return
        self.size = size
        w, h = size
        self.scale = scale = ui_scale(size)
        self.background = felt_surface(size)
        pad, gap, bh = round(18 * scale), round(12 * scale), round(40 * scale)
        # Each button as wide as its label needs; the window widens for them if it can.
        widths = button_widths(self.buttons, bh, scale, least=120)
        width = min(w - 20, max(round(700 * scale), sum(widths) + 2 * gap + 2 * pad + 8))
        self.inner_w = width - 2 * pad - 8
        info_h = self._flow(None, pygame.Rect(0, 0, self.inner_w, 0))
        boards_h = sum(panel.height(scale) + gap for panel in self.panels())
        height = title_height(scale) + 8 + pad + info_h + boards_h + self._clock_h() + pad + bh
        self.rect = pygame.Rect(0, 0, width, min(h - 20, height + pad))
        self.rect.center = (w // 2, h // 2)
        strip = pygame.Rect(self.rect.x + pad + 4, self.rect.bottom - pad - bh, self.inner_w, bh)
        lay_buttons(self.buttons, strip, scale, least=120)

    def _relayout(self) -> None:
        if self.size[0] > 0:
            self.resize(self.size)

    def draw(self, surface: pygame.Surface) -> None:
        if self.background is not None:
            surface.blit(self.background, (0, 0))
        scale = self.scale
        client = draw_window(surface, self.rect, _("Daily challenge"), scale)
        pad, gap = round(18 * scale), round(12 * scale)
        inner = pygame.Rect(client.x + pad, client.y + pad, self.inner_w, 0)
        inner.centerx = client.centerx
        y = self._flow(surface, inner)
        bottom = min(b.rect.top for b in self.buttons) - pad // 2 - self._clock_h()
        for panel in self.panels():
            room = pygame.Rect(inner.x, y, inner.w, max(0, bottom - y))
            panel.draw(surface, room, scale)
            y += min(room.h, panel.height(scale)) + gap
        size = round(15 * scale)
        draw_text(surface, self.clock, size, INK, (inner.centerx, bottom), "midtop", bold=True)
        for index, button in enumerate(self.buttons):
            button.draw(surface, focused=index == self.focus)
