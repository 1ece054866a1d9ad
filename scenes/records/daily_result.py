"""The daily challenge's result, shown when its hand is over: the verdict, the figures, the par
explained, the line to share (copied only when the player asks) and the countdown."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.records import daily
from game.records.profile import DailyResult
from scenes.core.i18n import N_, _, ngettext
from scenes.core.scene import Scene
from scenes.records import daily_words as words
from scenes.ui.widgets import (
    BEVEL_SHADOW,
    INK,
    WHITE,
    Button,
    draw_text,
    draw_window,
    title_height,
    ui_scale,
    wrap_text,
)

if TYPE_CHECKING:
    from scenes.table.games import GameServices
    from scenes.table.table_scene import TableScene

log = logging.getLogger(__name__)

PRACTICE_INK = (120, 60, 0)


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


class DailyResultScene(Scene):
    """After the daily hand: points, par, verdict, tricks and the shareable line (Copy puts it
    on the clipboard); ``open_daily`` makes the daily screen its button goes back to."""

    opaque = False

    app: GameServices

    def __init__(
        self, app: GameServices, table: TableScene, open_daily: Callable[[], Scene]
    ) -> None:
        super().__init__(app)
        self.table = table
        self.open_daily = open_daily
        session = table.session
        assert session is not None and table.local is not None
        assert session.daily is not None and session.human_seat is not None
        self.day = session.daily.date
        self.par = session.daily.par
        self.past = session.daily.past
        hand = session.match.hand
        seat = session.human_seat
        self.points = hand.hand_scores[seat] if hand.hand_scores is not None else 0
        self.tricks = sum(1 for _, _, winner in hand.tricks if winner == seat)
        record: DailyResult | None = table.local.daily_record
        replay = session.daily.replay
        self.first_attempt = record.first_attempt if record is not None else not replay
        self.practice = session.practice
        self.outcome = daily.result(self.points, self.par)
        self.share = daily.share_text(
            self.day, self.points, self.par, self.tricks, _, ngettext, practice=not self.counts
        )
        self.copied: bool | None = None  # None: Copy not pressed yet (nothing copied unasked)
        self.clock = words.countdown(words.now())
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
        return _(words.VERDICTS[self.outcome])

    def lines(self) -> list[str]:
        """The figures, one per line."""
        return [
            _("Your points: {points}").format(points=self.points),
            _("Par: {points}").format(points=words.points_text(self.par)),
            ngettext("{count} trick taken", "{count} tricks taken", self.tricks).format(
                count=self.tricks
            ),
        ]

    def note(self) -> str:
        if self.past:
            return _("A past day replayed: this hand is practice and counts in no streak.")
        if not self.first_attempt:
            return _("You already played this date: this hand is practice and does not count.")
        if self.practice:
            return _("A hint or teaching mode was used: this hand is practice and does not count.")
        return ""

    def copy_text(self) -> str:
        if self.copied is None:
            return _("Copy puts this line on the clipboard, to share.")
        if self.copied:
            return _("Copied to the clipboard.")
        return _("The clipboard cannot be used here: copy the line above by hand.")

    # -- actions ---------------------------------------------------------------------------------

    def copy(self) -> None:
        self.copied = copy_to_clipboard(self.share)

    def to_daily(self) -> None:
        self.app.to_menu()
        self.app.stack.push(self.open_daily())

    def to_menu(self) -> None:
        self.app.to_menu()

    # -- scene -----------------------------------------------------------------------------------

    def clock_face(self) -> str:
        return self.clock

    def update(self, dt: float) -> None:
        self.clock = words.countdown(words.now())

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
        title = _("Daily challenge") + " — " + words.long_date(self.day)
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

        def text(line: str, size: int, colour: Any, y: int, bold: bool = False) -> int:
            """One line (wrapped to the width); returns the y below it."""
            for part in wrap_text(line, size, inner.w, bold):
                if surface is not None:
                    draw_text(surface, part, size, colour, (inner.centerx, y), "midtop", bold=bold)
                y += round(size * 1.35)
            return y

        y = text(self.verdict(), round(30 * scale), words.VERDICT_COLOURS[self.outcome], inner.y)
        y += round(6 * scale)
        for line in self.lines():
            y = text(line, round(18 * scale), INK, y)
        small, tiny = round(15 * scale), round(14 * scale)
        for line in words.par_notes(self.par):
            y = text(line, tiny, words.NOTE_COLOUR, y)
        if self.note():
            y = text(self.note(), small, PRACTICE_INK, y)
        y += round(small * 0.6)
        # The shareable line in a white, sunken field (it can be copied by hand if need be).
        lines = wrap_text(self.share, small, inner.w - 2 * pad)
        field = pygame.Rect(inner.x, y, inner.w, len(lines) * round(small * 1.4) + pad)
        if surface is not None:
            pygame.draw.rect(surface, WHITE, field)
            pygame.draw.rect(surface, BEVEL_SHADOW, field, 1)
        ty = field.y + pad // 2
        for line in lines:
            if surface is not None:
                draw_text(surface, line, small, INK, (inner.centerx, ty), "midtop")
            ty += round(small * 1.4)
        y = text(self.copy_text(), tiny, words.NOTE_COLOUR, field.bottom + round(small * 0.5))
        y = text(self.clock, small, INK, y + round(small * 0.3), bold=True)
        return y - inner.y
