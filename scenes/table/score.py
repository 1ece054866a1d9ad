"""The score window: grey, in the classic style, over the table.

One row per hand and a column per player, the totals, the point cards each player took this
hand, the moon when someone shot it, and at the end the winner (or the extra hand on a tie) with
"New game". Every number comes from the seat's view of the game (the table's source).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Protocol

import pygame

from game.engine.cards import cards_of
from game.engine.hand import Phase
from game.engine.view import SeatView
from scenes.core.i18n import N_, _, current_language
from scenes.core.scene import Scene
from scenes.core.services import Lifetime, Media, Navigation, Reviews, Settings
from scenes.ui.widgets import (
    BEVEL_LIGHT,
    BEVEL_SHADOW,
    DISABLED_INK,
    INK,
    WHITE,
    Button,
    draw_text,
    draw_window,
    fit_text,
    lay_buttons,
    title_height,
    ui_scale,
)

if TYPE_CHECKING:
    from scenes.table.local_game import LocalTable


class ScoreServices(Navigation, Lifetime, Media, Settings, Reviews, Protocol):
    """What the score window asks of the program: the stack and the menu, the demo's end, the
    card pictures, the speed (the demo's pace), the hand review."""


class ScoredTable(Protocol):
    """What the score window reads of the table scene, and what it tells it."""

    @property
    def view(self) -> SeatView: ...

    @property
    def local(self) -> LocalTable | None: ...

    @property
    def human(self) -> bool: ...

    @property
    def bottom(self) -> int: ...

    @property
    def hands_limit(self) -> int | None: ...

    @property
    def on_new_game(self) -> Callable[[], None] | None: ...

    def name(self, seat: int) -> str: ...

    def next_hand(self) -> None:
        """The score window was closed: the seat is ready for the next hand."""

    def new_game(self) -> None:
        """Another game (as whoever opened the table says), else back to the menu."""


WINNER_RED: Final = (160, 0, 0)
MAX_ROWS: Final = 14
"""The most hands listed at once (the latest ones; the totals cover them all)."""
AUTO_CLOSE: Final = 1.5
"""Seconds the window stays up in the demo (times the speed setting)."""


@dataclass(frozen=True)
class Cell:
    text: str
    column: int  # -1 for the row label, else the seat
    row: int
    bold: bool = False


class ScoreScene(Scene):
    opaque = False
    app: ScoreServices

    def __init__(
        self,
        app: ScoreServices,
        table: ScoredTable,
        *,
        extra_hand: bool = False,
        read_only: bool = False,
    ) -> None:
        """``read_only``: the sheet opened from the table during a hand (S, F4, the Score
        button): it only shows, and closing it changes nothing."""
        super().__init__(app)
        self.table = table
        self.view: SeatView = table.view
        self.read_only = read_only
        self.extra_hand = extra_hand and not read_only
        self.game_over = self.view.phase is Phase.GAME_OVER and not read_only
        self.auto = not table.human and not read_only
        self.timer = 0.0
        self.buttons: list[Button] = []
        self.copy_button = Button(N_("Copy this hand"), self.copy_hand)
        if read_only:
            self.buttons = [Button(N_("OK"), self.close)]
        elif self.game_over:
            self.buttons = [
                Button(self._again_label(), self.new_game),
                Button(N_("Menu"), self.to_menu),
            ]
        else:
            self.buttons = [Button(N_("OK"), self.close)]
        finished = self.view.hand_scores is not None and not read_only
        if table.local is not None and table.human and finished:
            self.buttons.append(Button(N_("Review hand"), self.review))  # a game played here
            self.buttons.append(self.copy_button)
        self.focus = 0
        self.scale = 1.0
        self.size = (1280, 800)
        self.laid_out: tuple[str, ...] = ()  # the buttons' labels as last laid out
        self.resize(self.size)

    # -- what is shown ---------------------------------------------------------------------------

    def names(self) -> list[str]:
        return [self.table.name(s) for s in range(self.view.rules.players)]

    def cells(self, max_rows: int = 99) -> list[Cell]:
        """The table's texts: a header of names, the last ``max_rows`` hands, the totals."""
        view = self.view
        cells = [Cell(name, seat, 0, True) for seat, name in enumerate(self.names())]
        history = view.history
        first = max(0, len(history) - max_rows)
        for row, number in enumerate(range(first, len(history)), start=1):
            cells.append(Cell(_("Hand {number}").format(number=number + 1), -1, row))
            for seat, points in enumerate(history[number]):
                cells.append(Cell(str(points), seat, row))
        total_row = len(history) - first + 1
        cells.append(Cell(_("Total"), -1, total_row, True))
        for seat, total in enumerate(view.totals):
            cells.append(Cell(str(total), seat, total_row, True))
        return cells

    def point_cards(self, seat: int) -> list[int]:
        """The cards that scored which ``seat`` took in the hand just played."""
        return [int(c) for c in cards_of(self.view.taken(seat) & self.view.rules.penalty)]

    def headline(self) -> str:
        """The line under the table: the moon, the winner, the extra hand."""
        view = self.view
        lines = []
        shooter = view.moon_shooter
        you = self.table.bottom if self.table.human else None
        if shooter is not None and view.hand_scores is not None:
            if shooter == you:
                lines.append(_("You shot the moon!"))
            else:
                name = self.table.name(shooter)
                lines.append(_("{name} shot the moon!").format(name=name))
        if self.game_over:
            winners = view.winners
            if len(winners) == 1:
                if winners[0] == you:
                    lines.append(_("You win!"))
                else:
                    lines.append(_("{name} wins!").format(name=self.table.name(winners[0])))
            else:
                names = ", ".join(self.table.name(s) for s in winners)
                lines.append(_("Shared victory: {names}").format(names=names))
        elif self.extra_hand:
            lines.append(_("A tie for the lowest score: one more hand"))
        return "  ".join(lines)

    # -- actions ---------------------------------------------------------------------------------

    def close(self) -> None:
        self.app.stack.remove(self)
        if not self.read_only:
            self.table.next_hand()

    def review(self) -> None:
        """The hand just played, trick by trick, with the tutor's view (scenes.records.hand_review):
        every seat's cards, so only for a game played here, once the hand is over."""
        from game.engine.save import save_match

        local = self.table.local
        assert local is not None
        hand = len(self.view.history) - 1
        saved = save_match(local.match)
        self.focus = 0  # back from the review, Enter goes on (it reopened the review)
        self.app.stack.push(self.app.hand_review(saved, hand, self.table.bottom, self.names()))

    def copy_hand(self) -> None:
        """The hand just played, in the notation (docs/notation.md), on the clipboard: to ask a
        friend what they would have played."""
        import datetime

        from game.notation.tags import hand_text
        from scenes.ui import clipboard

        local = self.table.local
        assert local is not None
        session = local.session
        levels = [
            "human" if s == session.human_seat else session.options.level_of(s)
            for s in range(self.view.rules.players)
        ]
        hand = len(local.match.past_hands)
        today = datetime.date.today()
        text = hand_text(local.match, hand, self.names(), levels, today, current_language())
        self.copy_button.label = N_("Copied") if clipboard.copy_text(text) else N_("No clipboard")

    def new_game(self) -> None:
        self.table.new_game()

    def _again_label(self) -> str:
        """A table elsewhere plays again with the same people; a game here starts anew."""
        online = self.table.local is None and self.table.on_new_game is not None
        return N_("Play again") if online else N_("New game")

    def to_menu(self) -> None:
        self.app.to_menu()

    # -- scene -----------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the window out top-down: the sheet, the point cards, the headline, the buttons."""
        w, h = self.size = size
        self.scale = scale = ui_scale(size)
        self.row_h = round(26 * scale)
        self.pad = round(14 * scale)
        # The point cards: a row per player who took some, the cards spread along it.
        self.card_row_h = round(58 * scale)
        takers = [seat for seat in range(self.view.rules.players) if self.point_cards(seat)]
        self.takers = takers
        self.cards_h = self.card_row_h * max(1, len(takers))
        label_h, headline_h = round(20 * scale), round(34 * scale)
        bh = round(40 * scale)
        fixed = title_height(scale) + 8 + self.pad * 5 + label_h + self.cards_h + headline_h + bh
        room = max(1, (h - 20 - fixed) // self.row_h - 2)
        self.rows_shown = max(1, min(len(self.view.history), MAX_ROWS, room))
        sheet_h = (self.rows_shown + 2) * self.row_h + self.row_h // 3
        width = min(w - 20, round(760 * scale))
        self.rect = pygame.Rect(0, 0, width, min(h - 20, fixed + sheet_h))
        self.rect.center = (w // 2, h // 2)
        inner = self.rect.inflate(-2 * self.pad - 8, 0)
        top = self.rect.y + 4 + title_height(scale) + self.pad
        self.sheet = pygame.Rect(inner.x, top, inner.w, sheet_h)
        self.cards_label_y = self.sheet.bottom + self.pad
        self.cards_y = self.cards_label_y + label_h
        self.headline_y = self.cards_y + self.cards_h + self.pad + headline_h // 2
        # Each button as wide as its label (the French "Copier cette donne" was cut).
        strip = pygame.Rect(inner.x, self.rect.bottom - bh - self.pad, inner.w, bh)
        lay_buttons(self.buttons, strip, scale, least=170)
        self.laid_out = tuple(b.text() for b in self.buttons)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons[self.focus].action()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(self.buttons)
            elif event.key == pygame.K_ESCAPE and self.read_only:  # back to the table
                self.close()
            elif event.key == pygame.K_ESCAPE:  # the menu, as everywhere (the game is saved)
                self.to_menu()
            return True
        for button in self.buttons:
            if button.handle_event(event):
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def busy(self) -> bool:
        return self.auto

    def update(self, dt: float) -> None:
        if self.laid_out != tuple(b.text() for b in self.buttons):  # "Copied", a new language
            self.resize(self.size)
        if self.auto:
            self.timer += dt
            if self.timer >= AUTO_CLOSE * self.app.speed_factor:
                if not self.game_over:
                    self.close()
                elif self.table.hands_limit is None:  # --autoplay watches game after game
                    self.new_game()
                else:
                    self.app.finish_demo()

    def draw(self, surface: pygame.Surface) -> None:
        scale = self.scale
        draw_window(surface, self.rect, _("Score"), scale)
        players = self.view.rules.players
        sheet, row_h = self.sheet, self.row_h
        label_w = round(sheet.w * 0.2)
        col_w = (sheet.w - label_w) // players
        pygame.draw.rect(surface, WHITE, sheet)
        pygame.draw.rect(surface, BEVEL_SHADOW, sheet, 1)
        size = round(16 * scale)
        cells = self.cells(self.rows_shown)
        last_row = max(c.row for c in cells)
        for cell in cells:
            y = sheet.y + cell.row * row_h + row_h // 2
            if cell.row == last_row:
                y += row_h // 3
            if cell.column < 0:
                pos = (sheet.x + round(8 * scale), y)
                text = fit_text(cell.text, size, label_w - round(8 * scale), cell.bold)
                draw_text(surface, text, size, INK, pos, "midleft", bold=cell.bold)
            else:  # a long name cut with "…" to its column (issue 40)
                x = sheet.x + label_w + cell.column * col_w + col_w // 2
                colour = WINNER_RED if self._is_winner(cell) else INK
                text = fit_text(cell.text, size, col_w - 6, cell.bold)
                draw_text(surface, text, size, colour, (x, y), bold=cell.bold)
        line_y = sheet.y + last_row * row_h
        pygame.draw.line(surface, INK, (sheet.x + 4, line_y), (sheet.right - 4, line_y))
        pygame.draw.line(surface, INK, (sheet.x, sheet.y + row_h), (sheet.right, sheet.y + row_h))
        self.draw_point_cards(surface, size, label_w)
        headline = self.headline()
        if headline:
            draw_text(
                surface,
                fit_text(headline, round(19 * scale), self.rect.w - round(16 * scale), True),
                round(19 * scale),
                WINNER_RED,
                (self.rect.centerx, self.headline_y),
                bold=True,
                shadow=BEVEL_LIGHT,
            )
        for index, button in enumerate(self.buttons):
            button.draw(surface, focused=index == self.focus)

    def draw_point_cards(self, surface: pygame.Surface, size: int, label_w: int) -> None:
        """The point cards each player took this hand, a row each, under the sheet."""
        scale, sheet = self.scale, self.sheet
        heading = _("Point cards this hand")
        draw_text(
            surface, heading, round(14 * scale), INK, (sheet.x, self.cards_label_y), "topleft"
        )
        art = self.app.card_art
        names = self.names()
        taken = self.point_card_rows()
        if not taken:  # the window opened before any point was taken (S, F4): said, not blank
            at = (sheet.x + round(8 * scale), self.cards_y)
            draw_text(surface, _("None yet"), size, DISABLED_INK, at, "topleft")
        for seat, row in taken:
            at = (sheet.x + round(8 * scale), row.centery)
            name = fit_text(names[seat], size, label_w - round(12 * scale))
            draw_text(surface, name, size, INK, at, "midleft")
            for card, rect in self.point_card_places(seat, row):
                surface.blit(art.face(card, rect.w), rect)

    def point_card_rows(self) -> list[tuple[int, pygame.Rect]]:
        """Each player who took point cards and the row of the strip that shows them."""
        rows = []
        for index, seat in enumerate(self.takers):
            y = self.cards_y + index * self.card_row_h
            rows.append((seat, pygame.Rect(self.sheet.x, y, self.sheet.w, self.card_row_h)))
        return rows

    def point_card_places(self, seat: int, row: pygame.Rect) -> list[tuple[int, pygame.Rect]]:
        """Where each of ``seat``'s point cards goes in its row: right of the names, spread so
        each card's corner shows (closer only when many cards must fit the row)."""
        cards = self.point_cards(seat)
        card_h = row.h - max(2, round(6 * self.scale))
        card_w = max(16, round(card_h / 1.4))
        left = row.x + round(row.w * 0.2)
        room = row.right - left - card_w - round(8 * self.scale)
        step = min(card_w * 0.75, room / max(1, len(cards) - 1))
        return [
            (card, pygame.Rect(round(left + i * step), row.y, card_w, round(card_w * 1.4)))
            for i, card in enumerate(cards)
        ]

    def _is_winner(self, cell: Cell) -> bool:
        return self.game_over and cell.bold and cell.column in self.view.winners and cell.row > 0
