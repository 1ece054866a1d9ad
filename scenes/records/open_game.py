"""Menu > "Open a game or hand": a game or hand written in the notation (docs/notation.md),
from the clipboard, a file path, or a file dropped on the window, opened in the hand review with
the tutor's remarks for the seat the player chooses.

The text is read whole by :func:`game.notation.read_game` before anything is shown: a
text it refuses leaves the screen as it was, with the reader's sentence (line and column) in
red.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Final

import pygame

from game.notation import NotationError, ReadGame, read_game
from game.text import sentences
from scenes.core.i18n import N_, _, ngettext, render_sentence
from scenes.records.hand_review import HandReviewScene, ReviewServices
from scenes.ui.clipboard import paste_text
from scenes.ui.form_scene import FormScene
from scenes.ui.report import ERROR_RED
from scenes.ui.widgets import INK, ActionRow, ChoiceRow, Row, TextRow, draw_text, wrap_text

MAX_BYTES: Final = 2_000_000  # far more than any game: a bigger file is not one
PATH_SHOWN: Final = 30  # the characters of a long path the field shows (its end)


@dataclass
class PathRow(TextRow):
    """The file's path: long, so the field shows its end."""

    def value_text(self) -> str:
        text = super().value_text()
        return text if len(text) <= PATH_SHOWN else "…" + text[-PATH_SHOWN:]


class OpenGameScene(FormScene):
    app: ReviewServices
    window_width = 640
    label_width = 0.35

    def __init__(self, app: ReviewServices) -> None:
        self.path = ""
        self.game: ReadGame | None = None
        self.hand = 0
        self.seat = 0
        self.message = _("Paste a game or a hand, or drop its file on the window.")
        self.error = False
        super().__init__(app)

    def title(self) -> str:
        return _("Open a game or hand")

    def rows(self) -> list[Row]:
        rows: list[Row] = [
            ActionRow(N_("Paste from the clipboard"), self.paste),
            PathRow(N_("File"), lambda: self.path, self.set_path, max_length=1000),
            ActionRow(N_("Open the file"), lambda: self.open_path(self.path)),
        ]
        if self.game is not None:
            rows += [
                ChoiceRow(N_("Hand"), self.hand_options(), lambda: self.hand, self.set_hand),
                ChoiceRow(N_("Your seat"), self.seat_options(), lambda: self.seat, self.set_seat),
                ActionRow(N_("Review"), self.review),
            ]
        rows.append(ActionRow(N_("Back"), self.back))
        return rows

    # -- reading ---------------------------------------------------------------------------------

    def set_path(self, path: str) -> None:
        self.path = path

    def set_hand(self, hand: int) -> None:
        self.hand = hand

    def set_seat(self, seat: int) -> None:
        self.seat = seat

    def paste(self) -> None:
        text = paste_text()
        if text is None:
            self.say(_("The clipboard cannot be used here."), True)
        elif not text.strip():
            self.say(_("The clipboard holds no text."), True)
        else:
            self.open_text(text, _("Clipboard"))

    def open_path(self, path: str) -> None:
        """Read the file at ``path`` (typed, or dropped on the window)."""
        self.path = path.strip()
        file = Path(self.path).expanduser()
        try:
            if file.stat().st_size > MAX_BYTES:
                self.say(_("This file is too large to be a game."), True)
                return
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            self.say(_("This file cannot be read: {error}").format(error=exc), True)
            return
        self.open_text(text, file.name)

    def open_text(self, text: str, source: str) -> None:
        """Read ``text`` whole; on success show its hands and seats, else say why not."""
        try:
            game = read_game(text)
        except NotationError as exc:
            said = render_sentence(exc.said())
            where = said[:1].upper() + said[1:]
            self.say(_("{source}: not a game or hand.").format(source=source) + "\n" + where, True)
            return
        self.game = game
        self.hand = game.hand_count - 1
        levels = game.levels()
        self.seat = levels.index("human") if "human" in levels else 0
        count = game.hand_count
        read = ngettext("{source}: {count} hand read.", "{source}: {count} hands read.", count)
        choose = _("Choose the hand and your seat.")
        self.say(read.format(source=source, count=count) + " " + choose)
        self.rebuild()
        self.form.focus = len(self.form.rows) - 2  # Review

    def say(self, text: str, error: bool = False) -> None:
        self.message = text
        self.error = error

    # -- choices ---------------------------------------------------------------------------------

    def names(self) -> list[str]:
        assert self.game is not None
        n = self.game.match.rules.players
        return [
            name or sentences.default_seat_name(seat, _, n)
            for seat, name in enumerate(self.game.names())
        ]

    def hand_options(self) -> list[tuple[int, str]]:
        assert self.game is not None
        first = self.game.first_hand
        return [
            (index, _("Hand {number}").format(number=first + index + 1))
            for index in range(self.game.hand_count)
        ]

    def seat_options(self) -> list[tuple[int, str]]:
        return list(enumerate(self.names()))

    def review(self) -> None:
        if self.game is None:
            return
        scene = HandReviewScene(
            self.app, None, self.hand, self.seat, self.names(), match=self.game.match
        )
        self.app.stack.push(scene)

    # -- scene -----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.DROPFILE:  # (on another screen, scenes.core.app opens this one)
            self.open_path(str(event.file))
            return True
        return super().handle_event(event)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if size[0] > 0:
            self.window.h = min(size[1] - self.window.y - 10, self.window.h + self.message_room())

    def message_room(self) -> int:
        return round(70 * self.scale)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        size = round(15 * self.scale)
        width = self.window.w - round(40 * self.scale)
        y = self.window.bottom - self.message_room()
        colour = ERROR_RED if self.error else INK
        for line in wrap_text(self.message, size, width)[:3]:
            draw_text(surface, line, size, colour, (self.window.centerx, y), "midtop")
            y += round(size * 1.3)
