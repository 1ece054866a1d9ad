"""The daily challenge ("Défi du jour"): the day's screen and the result after the hand.

The date is the player's local calendar date, read from the system clock here (:func:`today`)
and handed to :mod:`game.records.daily`, which derives everything else from it: nothing is fetched.
The work that takes time runs in the computer players' worker process, never in the frame loop:
the opponents' passes (a fraction of a second) and the par (a whole hand of Hard play), which
is then kept in the profile per date. Only a date's first finished hand counts; a replay, or a
hand played with a hint or teaching mode, is practice (recorded, never counted).
"""

from __future__ import annotations

import datetime as _dt
import logging
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, Final

import pygame

from game.engine.rules import PassDirection
from game.records import daily
from game.records.profile import DailyResult
from scenes.core import thinking
from scenes.core.i18n import MONTHS, N_, _, ngettext, pass_label
from scenes.core.scene import Scene
from scenes.table import games
from scenes.ui.felt import felt_surface
from scenes.ui.widgets import (
    BEVEL_SHADOW,
    DISABLED_INK,
    INK,
    WHITE,
    Button,
    draw_text,
    draw_window,
    text_surface,
    title_height,
    ui_scale,
    wrap_text,
)

if TYPE_CHECKING:
    from scenes.table.games import GameServices
    from scenes.table.session import GameSession
    from scenes.table.table_scene import TableScene

log = logging.getLogger(__name__)

VERDICTS: Final = {
    daily.Outcome.BEATEN: N_("Par beaten!"),
    daily.Outcome.EQUALLED: N_("Par equalled"),
    daily.Outcome.MISSED: N_("Par missed"),
}
SHORT_VERDICTS: Final = {
    daily.Outcome.BEATEN: N_("beaten"),
    daily.Outcome.EQUALLED: N_("equalled"),
    daily.Outcome.MISSED: N_("missed"),
}
VERDICT_COLOURS: Final = {
    daily.Outcome.BEATEN: (0, 110, 30),
    daily.Outcome.EQUALLED: (0, 0, 128),
    daily.Outcome.MISSED: (160, 0, 0),
}
HISTORY_ROWS: Final = 7
"""The most dates listed on the challenge screen (the latest first)."""


def today() -> _dt.date:
    """The player's local calendar date (tests replace this function)."""
    return _dt.date.today()


def long_date(day: _dt.date) -> str:
    """ "29 November 2026" in the current language."""
    return _("{day} {month} {year}").format(
        day=day.day, month=_(MONTHS[day.month - 1]), year=day.year
    )


def points_text(points: int) -> str:
    return ngettext("{count} point", "{count} points", points).format(count=points)


def copy_to_clipboard(text: str) -> bool:
    """Put ``text`` on the system clipboard; False when there is none to use (no display, an
    old pygame, a platform without one). Never raises."""
    try:
        import pygame.scrap as scrap

        put_text = getattr(scrap, "put_text", None)
        if put_text is not None:  # pygame-ce 2.2+: SDL's clipboard, no init needed
            put_text(text)
        else:  # older pygame: the deprecated scrap API
            if not scrap.get_init():
                scrap.init()
            scrap.put(pygame.SCRAP_TEXT, text.encode("utf-8"))
        return True
    except (pygame.error, AttributeError, NotImplementedError, OSError, RuntimeError) as exc:
        log.info("the clipboard cannot be used: %s", exc)
        return False


class DailyScene(Scene):
    """Today's challenge: the date, the pass, the par, the streaks, the history and Play."""

    app: GameServices

    def __init__(self, app: GameServices) -> None:
        super().__init__(app)
        self.day = today()
        self.direction: PassDirection | None = None
        self.opponent_passes: dict[int, list[int]] | None = None
        self.par: int | None = None
        self.par_failed = False
        self.setup_future: Future[Any] | None = None
        self.par_future: Future[Any] | None = None
        self.results: list[DailyResult] = []
        self.saved: GameSession | None = None  # the daily hand in progress (of any date)
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

        self.app.stack.push(FriendsScene(self.app, self.day))

    def result(self, table: TableScene) -> Scene:
        """The screen shown when the daily hand is over (instead of the score window)."""
        return DailyResultScene(self.app, table)

    # -- lifecycle -------------------------------------------------------------------------------

    def enter(self) -> None:
        self.load()

    def resume(self) -> None:
        self.load()

    def load(self) -> None:
        """Read the date, the history, the hand in progress and the par; start what is
        missing in the worker."""
        day = today()
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

    def update(self, dt: float) -> None:
        if today() != self.day:  # left open across midnight: show the new day's challenge
            self.load()
        future = self.setup_future
        if future is not None and future.done():
            self.setup_future = None
            try:
                name, passes = future.result()
                self.direction = PassDirection[name]
                self.opponent_passes = {int(s): list(c) for s, c in passes.items()}
            except Exception:
                log.exception("the daily challenge could not be prepared")
                self.par_failed = True
        future = self.par_future
        if future is not None and future.done():
            self.par_future = None
            try:
                par, tricks = future.result()
            except Exception:
                log.exception("the daily par could not be computed")
                self.par_failed = True
            else:
                self.par = int(par)
                try:
                    self.app.profile.set_daily_par(
                        self.day.isoformat(), daily.par_key(), int(par), int(tricks)
                    )
                except Exception as exc:  # sqlite3.Error: it is computed again next time
                    log.warning("the daily par cannot be kept: %s", exc)
        if self.play_button.enabled != self.ready():
            self.play_button.enabled = self.ready()
            self._relayout()

    # -- what is shown ---------------------------------------------------------------------------

    def first_attempt(self) -> DailyResult | None:
        """Today's first finished hand, if played."""
        iso = self.day.isoformat()
        return next((r for r in self.results if r.date == iso and r.first_attempt), None)

    def streaks(self) -> daily.Streaks:
        history: dict[_dt.date | str, daily.Entry] = {
            r.date: (r.points, r.par, r.counts) for r in self.results if r.first_attempt
        }
        try:
            return daily.streaks(history, self.day)
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

    def status_text(self) -> str:
        """Today's state: not played, in progress, or the first attempt's result."""
        if self.saved is not None:
            saved = self.saved.daily
            if saved is not None and saved.date != self.day:
                return _("Your hand of {date} is not finished: finish it to play today's.").format(
                    date=long_date(saved.date)
                )
            return _("Your hand of today is in progress.")
        first = self.first_attempt()
        if first is None:
            if self.app.prefs.new_game.teaching:
                return _("Teaching mode is on: today's hand will be practice.")
            return _("Not played yet today: your first hand counts.")
        verdict = _(SHORT_VERDICTS[daily.result(first.points, first.par)])
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
            _("Pars beaten in a row: {current} (best {best})").format(
                current=s.beaten, best=s.best_beaten
            ),
        ]

    def history_rows(self) -> list[tuple[str, str, str, str]]:
        """(date, points, par, result) of the latest dates' first attempts, newest first."""
        rows = []
        firsts = [r for r in self.results if r.first_attempt]
        for r in sorted(firsts, key=lambda r: r.date, reverse=True)[:HISTORY_ROWS]:
            outcome = daily.result(r.points, r.par)
            mark = daily.RESULT_MARKS[outcome] + " " + _(SHORT_VERDICTS[outcome])
            if r.practice:
                mark = _("practice")
            try:
                shown = long_date(_dt.date.fromisoformat(r.date))
            except ValueError:
                shown = r.date
            rows.append((shown, str(r.points), str(r.par), mark))
        return rows

    def play_label(self) -> str:
        if self.saved is not None:
            return _("Resume")
        if self.first_attempt() is not None or any(
            r.date == self.day.isoformat() for r in self.results
        ):
            return _("Play again (practice)")
        return _("Play")

    def teach_label(self) -> str:
        on = self.app.prefs.new_game.teaching
        return _("Teaching mode: on") if on else _("Teaching mode: off")

    # -- actions ---------------------------------------------------------------------------------

    def play(self) -> None:
        from scenes.table.session import GameSession

        if today() != self.day:  # midnight went by since the screen was drawn: never start
            self.load()  # yesterday's hand as if it were today's; today's is being prepared
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

    def info_lines(self) -> list[tuple[str, int, bool, float]]:
        """The texts above the history: (text, size at scale 1, bold, gap after in sizes)."""
        sub = [self.par_text()]
        if self.direction is not None:
            sub.insert(0, pass_label(self.direction))
        lines = [
            (long_date(self.day), 26, True, 0.35),
            ("   ·   ".join(t for t in sub if t), 18, False, 0.6),
            (self.status_text(), 15, False, 0.4),
        ]
        streaks = self.streak_lines()
        lines += [(line, 15, False, 0.15) for line in streaks[:-1]]
        lines.append((streaks[-1], 15, False, 0.7))
        return lines

    def _flow(self, surface: pygame.Surface | None, area: pygame.Rect) -> int:
        """Draw (or only measure, without a surface) the info lines; returns the y below."""
        y = area.y
        for text, size_1, bold, gap in self.info_lines():
            size = round(size_1 * self.scale)
            for line in wrap_text(text, size, area.w, bold):
                if surface is not None:
                    draw_text(surface, line, size, INK, (area.centerx, y), "midtop", bold=bold)
                y += round(size * 1.3)
            y += round(size * gap)
        return y

    def _row_h(self) -> int:
        return round(14 * self.scale * 1.7)

    def resize(self, size: tuple[int, int]) -> None:
        if size[0] <= 0 or size[1] <= 0:
            return
        self.size = size
        w, h = size
        self.scale = scale = ui_scale(size)
        self.background = felt_surface(size)
        pad, gap, bh = round(18 * scale), round(12 * scale), round(40 * scale)
        # Each button as wide as its label needs; the window widens for them if it can.
        widths = [
            max(round(120 * scale), text_surface(b.text(), round(bh * 0.45)).get_width() + pad * 2)
            for b in self.buttons
        ]
        width = min(w - 20, max(round(700 * scale), sum(widths) + 2 * gap + 2 * pad + 8))
        self.inner_w = width - 2 * pad - 8
        info_h = self._flow(None, pygame.Rect(0, 0, self.inner_w, 0))
        rows = min(HISTORY_ROWS, max(1, len(self.history_rows())))
        sheet_h = (rows + 1) * self._row_h() + self._row_h() // 3
        height = title_height(scale) + 8 + pad + info_h + sheet_h + pad * 2 + bh
        self.rect = pygame.Rect(0, 0, width, min(h - 20, height))
        self.rect.center = (w // 2, h // 2)
        room = width - 2 * pad - 2 * gap - 8
        if sum(widths) > room:  # a window too narrow even so: the buttons share the width
            widths = [room * wd // sum(widths) for wd in widths]
        x = self.rect.centerx - (sum(widths) + 2 * gap) // 2
        for button, bw in zip(self.buttons, widths, strict=True):
            button.rect = pygame.Rect(x, self.rect.bottom - pad - bh, bw, bh)
            x += bw + gap

    def _relayout(self) -> None:
        if self.size[0] > 0:
            self.resize(self.size)

    def draw(self, surface: pygame.Surface) -> None:
        if self.background is not None:
            surface.blit(self.background, (0, 0))
        scale = self.scale
        client = draw_window(surface, self.rect, _("Daily challenge"), scale)
        pad = round(18 * scale)
        inner = pygame.Rect(client.x + pad, client.y + pad, self.inner_w, 0)
        inner.centerx = client.centerx
        y = self._flow(surface, inner)
        bottom = min(b.rect.top for b in self.buttons) - pad
        self._draw_history(surface, pygame.Rect(inner.x, y, inner.w, max(0, bottom - y)))
        for index, button in enumerate(self.buttons):
            button.draw(surface, focused=index == self.focus)

    def _draw_history(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The latest dates' first attempts on a white sheet, like the score window's."""
        scale = self.scale
        size = round(14 * scale)
        row_h = round(size * 1.7)
        if area.h < row_h * 2:
            return
        rows = self.history_rows()
        shown = rows[: max(0, area.h // row_h - 1)]
        lines = max(1, len(shown))  # "none yet" takes a line too
        sheet = pygame.Rect(area.x, area.y, area.w, row_h * (lines + 1) + row_h // 3)
        pygame.draw.rect(surface, WHITE, sheet)
        pygame.draw.rect(surface, BEVEL_SHADOW, sheet, 1)
        columns = (0.03, 0.50, 0.64, 0.76)  # date, points, par, result: left edges
        headers = (_("Date"), _("Points"), _("Par"), _("Result"))
        for text, left in zip(headers, columns, strict=True):
            pos = (sheet.x + round(sheet.w * left), sheet.y + row_h // 2)
            draw_text(surface, text, size, INK, pos, "midleft", bold=True)
        pygame.draw.line(
            surface, INK, (sheet.x, sheet.y + row_h), (sheet.right - 1, sheet.y + row_h)
        )
        if not shown:
            pos = (sheet.centerx, sheet.y + row_h + row_h // 2)
            draw_text(surface, _("No daily challenge played yet."), size, DISABLED_INK, pos)
            return
        for i, row in enumerate(shown, start=1):
            y = sheet.y + i * row_h + row_h // 2 + row_h // 6
            for text, left in zip(row, columns, strict=True):
                pos = (sheet.x + round(sheet.w * left), y)
                draw_text(surface, text, size, INK, pos, "midleft")


class DailyResultScene(Scene):
    """After the daily hand: points, par, verdict, tricks and the shareable line, copied."""

    opaque = False

    app: GameServices

    def __init__(self, app: GameServices, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        session = table.session
        assert session is not None and table.local is not None
        assert session.daily is not None and session.human_seat is not None
        self.day = session.daily.date
        self.par = session.daily.par
        hand = session.match.hand
        seat = session.human_seat
        self.points = hand.hand_scores[seat] if hand.hand_scores is not None else 0
        self.tricks = sum(1 for _, _, winner in hand.tricks if winner == seat)
        record: DailyResult | None = table.local.daily_record
        replay = session.daily.replay
        self.first_attempt = record.first_attempt if record is not None else not replay
        self.practice = session.practice
        self.outcome = daily.result(self.points, self.par)
        self.share = daily.share_text(self.day, self.points, self.par, self.tricks, _, ngettext)
        self.copied = copy_to_clipboard(self.share)
        self.buttons = [
            Button(N_("Copy"), self.copy),
            Button(N_("Daily challenge"), self.to_daily),
            Button(N_("Menu"), self.to_menu),
        ]
        self.focus = 1
        self.scale = 1.0
        self.inner_w = 10
        self.rect = pygame.Rect(0, 0, 10, 10)

    @property
    def counts(self) -> bool:
        """This hand counts for the streaks: the date's first, played without help."""
        return self.first_attempt and not self.practice

    def verdict(self) -> str:
        return _(VERDICTS[self.outcome])

    def lines(self) -> list[str]:
        """The figures, one per line."""
        return [
            _("Your points: {points}").format(points=self.points),
            _("Par: {points}").format(points=points_text(self.par)),
            ngettext("{count} trick taken", "{count} tricks taken", self.tricks).format(
                count=self.tricks
            ),
        ]

    def note(self) -> str:
        if not self.first_attempt:
            return _("You already played this date: this hand is practice and does not count.")
        if self.practice:
            return _("A hint or teaching mode was used: this hand is practice and does not count.")
        return ""

    def copy_text(self) -> str:
        if self.copied:
            return _("Copied to the clipboard.")
        return _("The clipboard cannot be used here: copy the line above by hand.")

    # -- actions ---------------------------------------------------------------------------------

    def copy(self) -> None:
        self.copied = copy_to_clipboard(self.share)

    def to_daily(self) -> None:
        self.app.to_menu()
        self.app.stack.push(DailyScene(self.app))

    def to_menu(self) -> None:
        self.app.to_menu()

    # -- scene -----------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.scale = scale = ui_scale(size)
        width = min(w - 20, round(640 * scale))
        pad, gap, bh = round(18 * scale), round(12 * scale), round(40 * scale)
        self.inner_w = width - 2 * pad - 8
        content = self._content(None, pygame.Rect(0, 0, self.inner_w, 0))
        height = min(h - 20, title_height(scale) + 8 + pad + content + pad + bh + pad)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (w // 2, h // 2)
        bw = min(round(180 * scale), (width - 2 * pad - 2 * gap) // 3)
        total = 3 * bw + 2 * gap
        x = self.rect.centerx - total // 2
        for button in self.buttons:
            button.rect = pygame.Rect(x, self.rect.bottom - pad - bh, bw, bh)
            x += bw + gap

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.to_menu()
            elif event.key in (pygame.K_LEFT, pygame.K_UP):
                self.focus = (self.focus - 1) % len(self.buttons)
            elif event.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(self.buttons)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons[self.focus].action()
            elif event.key == pygame.K_c:
                self.copy()
            return True
        for button in self.buttons:
            if button.handle_event(event):
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface) -> None:
        scale = self.scale
        title = _("Daily challenge") + " — " + long_date(self.day)
        client = draw_window(surface, self.rect, title, scale)
        pad = round(18 * scale)
        inner = pygame.Rect(0, client.y + pad, self.inner_w, 0)
        inner.centerx = client.centerx
        self._content(surface, inner)
        for index, button in enumerate(self.buttons):
            button.draw(surface, focused=index == self.focus)

    def _content(self, surface: pygame.Surface | None, inner: pygame.Rect) -> int:
        """Draw (or, without a surface, only measure) everything above the buttons; returns
        its height."""
        scale = self.scale
        pad = round(18 * scale)

        def text(line: str, size: int, colour: Any, y: int, bold: bool = False) -> None:
            if surface is not None:
                draw_text(surface, line, size, colour, (inner.centerx, y), "midtop", bold=bold)

        y = inner.y
        size = round(30 * scale)
        text(self.verdict(), size, VERDICT_COLOURS[self.outcome], y, bold=True)
        y += round(size * 1.5)
        body = round(18 * scale)
        for line in self.lines():
            text(line, body, INK, y)
            y += round(body * 1.4)
        small = round(15 * scale)
        for line in wrap_text(self.note(), small, inner.w) if self.note() else []:
            text(line, small, (120, 60, 0), y)
            y += round(small * 1.35)
        y += round(small * 0.6)
        # The shareable line in a white, sunken field (it can be copied by hand if need be).
        lines = wrap_text(self.share, small, inner.w - 2 * pad)
        field = pygame.Rect(inner.x, y, inner.w, len(lines) * round(small * 1.4) + pad)
        if surface is not None:
            pygame.draw.rect(surface, WHITE, field)
            pygame.draw.rect(surface, BEVEL_SHADOW, field, 1)
        ty = field.y + pad // 2
        for line in lines:
            text(line, small, INK, ty)
            ty += round(small * 1.4)
        y = field.bottom + round(small * 0.5)
        text(self.copy_text(), round(13 * scale), DISABLED_INK, y)
        y += round(13 * scale * 1.4)
        return y - inner.y
