"""Daily challenge > "Friends": the day's board of the player's group (docs/protocol.md, "The
friends' board"), and the form that creates or joins a group.

The board is reached in a thread of this screen's own (each request is one short websocket
exchange, :mod:`game.net.board_client`): the window never waits, and a board that cannot be
reached only says so; results wait in ``friends.json`` (:mod:`game.net.friends_book`).
"""

from __future__ import annotations

import concurrent.futures
import datetime as _dt
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.net import board_client
from game.net.board_client import BoardUnavailable, Membership
from game.net.board_protocol import BoardMessage
from game.net.daily_board import REASONS, BoardRefusal
from game.net.friends_book import FriendsBook, board_url
from scenes.core.i18n import N_, _, ngettext, server_sentence
from scenes.core.services import ProfileScreen
from scenes.records.daily_words import long_date
from scenes.ui.form_scene import FormScene
from scenes.ui.report import ReportScene, draw_sheet
from scenes.ui.widgets import INK, ActionRow, Button, Row, TextRow, draw_text, wrap_text

log = logging.getLogger(__name__)

INVITATION = N_(
    "Compare your daily challenge with friends: create a group, or join one with its code."
)


def refusal_text(refusal: BoardRefusal) -> str:
    """The board's refusal in the player's language: its precise sentence when the catalogs
    know it, else (in French) its code's sentence ("The hand gives 5 points, not 3": "La donne
    ne rapporte pas les points annoncés")."""
    return server_sentence(refusal.reason, REASONS.get(refusal.code))


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


class FriendsScene(ReportScene):
    """The group's board of today (the player's local date, as the daily challenge's), or of a
    ``past`` day whose screen it was opened from (said so: its points are not today's)."""

    window_size = (820, 600)
    app: ProfileScreen

    def __init__(
        self, app: ProfileScreen, today: _dt.date | None = None, *, past: bool = False
    ) -> None:
        super().__init__(app)
        self.today = today or _dt.date.today()
        self.past = past
        self.book = FriendsBook.open(app.profile.path.parent)
        self.pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="friends")
        self.pending: concurrent.futures.Future[str] | None = None
        self.refresh_button = Button(N_("Refresh"), self.refresh)
        self.group_button = Button(N_("Create or join a group"), self.choose_group)
        self.buttons = [self.refresh_button, self.group_button, self.back_button]

    def title(self) -> str:
        return _("Friends: the daily challenge")

    def enter(self) -> None:
        self.refresh()

    def resume(self) -> None:
        self.refresh()  # the form may have joined a group

    def exit(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)

    def choose_group(self) -> None:
        self.app.stack.push(GroupForm(self.app, self.book))

    def refresh(self) -> None:
        """Send what waits, then fetch today's board (in the thread)."""
        if self.pending is not None and not self.pending.done():
            return
        self.book = FriendsBook.open(self.app.profile.path.parent)  # results kept since
        if self.book.member is None:
            return
        self.say(_("Asking the board…"))
        book, date = self.book, self.today.isoformat()

        def work() -> str:
            book.send_waiting()
            assert book.member is not None
            book.keep_board(board_client.fetch_board(book.member, date))
            return ""

        self.pending = self.pool.submit(work)

    def busy(self) -> bool:
        return self.pending is not None and not self.pending.done()

    def update(self, dt: float) -> None:
        super().update(dt)  # the buttons fit their labels
        self.refresh_button.enabled = self.book.member is not None  # nothing to ask before
        future = self.pending
        if future is None or not future.done():
            return
        self.pending = None
        try:
            future.result()
            self.say("")
        except BoardUnavailable as exc:
            log.info("the board cannot be reached: %s", exc)
            self.say(_("The board cannot be reached: your result waits and goes later."), True)
        except BoardRefusal as exc:
            self.say(refusal_text(exc), True)

    # -- drawing ---------------------------------------------------------------------------------

    def lines(self) -> list[str]:
        """The sentences above the board."""
        book = self.book
        if book.member is None:
            return [_(INVITATION)]
        out = [
            _("Group {code} · you are {name}").format(code=book.member.code, name=book.member.name)
        ]
        if self.past:
            out.append(_("The board of {date}, a past day").format(date=long_date(self.today)))
        board = book.board
        if board is not None and board.get("par") is not None:
            out.append(_("Par of {date}: {par}").format(date=board["date"], par=board["par"]))
        if book.waiting:
            count = len(book.waiting)
            out.append(
                ngettext(
                    "{count} result waits to be sent", "{count} results wait to be sent", count
                ).format(count=count)
            )
        refused = book.refused.get(self.today.isoformat())
        if refused:
            out.append(_("Your result was refused: {reason}").format(reason=refused))
        return out

    def rows(self) -> list[list[str]]:
        board = self.book.board
        if board is None:
            return []
        return [
            [
                line["name"],
                "–" if line["points"] is None else str(line["points"]),
                "" if line["against_par"] is None else signed(line["against_par"]),
                f"{line['week']} ({line['days']})",
                str(line["streak"]),
            ]
            for line in board.get("lines", [])
        ]

    def draw_content(self, surface: pygame.Surface) -> None:
        scale = self.scale
        size = round(15 * scale)
        y = self.content.y
        for sentence in self.lines():
            for line in wrap_text(sentence, size, self.content.w):
                draw_text(surface, line, size, INK, (self.content.x, y), "topleft")
                y += round(size * 1.4)
        if self.book.member is None:
            return
        area = pygame.Rect(self.content.x, y + round(8 * scale), self.content.w, 0)
        area.h = self.content.bottom - area.y
        draw_sheet(surface, area, self.header(), self.rows(), [0.02, 0.36, 0.5, 0.67, 0.86], scale)

    def header(self) -> list[str]:
        day = _("Points") if self.past else _("Today")
        return [_("Name"), day, _("Against par"), _("Week (days)"), _("Streak")]


class GroupForm(FormScene):
    """The board's address, the player's name, and a group's code to join (none: a new group)."""

    label_width = 0.4

    def __init__(self, app: ProfileScreen, book: FriendsBook) -> None:
        self.book = book
        member = book.member
        self.address = member.server if member is not None else ""
        self.name = member.name if member is not None else ""
        self.code = ""
        self.status = ""
        self.pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="friends")
        self.pending: concurrent.futures.Future[tuple[Membership, BoardMessage]] | None = None
        super().__init__(app)

    def title(self) -> str:
        return _("Friends' group")

    def rows(self) -> list[Row]:
        def text(
            get: Callable[[], str], set_: Callable[[str], None], size: int
        ) -> Callable[[str], TextRow]:
            return lambda label: TextRow(label, get, set_, max_length=size)

        return [
            text(lambda: self.address, self._set("address"), 120)(N_("Board address")),
            text(lambda: self.name, self._set("name"), 24)(N_("Your name")),
            text(lambda: self.code, self._set("code"), 12)(N_("Group code")),
            ActionRow(N_("Join the group"), lambda: self.start(join=True)),
            ActionRow(N_("Create a new group"), lambda: self.start(join=False)),
            ActionRow(N_("Back"), self.back),
        ]

    def _set(self, attribute: str) -> Callable[[str], None]:
        return lambda value: setattr(self, attribute, value)

    def start(self, join: bool) -> None:
        url = board_url(self.address)
        name = " ".join(self.name.split())
        if url is None:
            self.status = _("Type the board's address, like example.org:8766")
        elif not name:
            self.status = _("Type your name first")
        elif join and not self.code.strip():
            self.status = _("Type the group's code")
        elif self.pending is None or self.pending.done():
            code = self.code
            call: Callable[[], Any] = (
                (lambda: board_client.join_group(url, code, name))
                if join
                else (lambda: board_client.create_group(url, name))
            )
            self.pending = self.pool.submit(call)
            self.status = _("Connecting…")

    def update(self, dt: float) -> None:
        future = self.pending
        if future is None or not future.done():
            return
        self.pending = None
        try:
            member, board = future.result()
        except BoardUnavailable:
            self.status = _("The board cannot be reached: check its address")
            return
        except BoardRefusal as exc:
            self.status = refusal_text(exc)
            return
        self.book.joined(member, board)
        self.app.stack.remove(self)

    def exit(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if size[0] > 0:
            self.window.h += round(40 * self.scale)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        size = round(15 * self.scale)
        at = (self.window.centerx, self.window.bottom - round(30 * self.scale))
        draw_text(surface, self.status, size, INK, at, "midtop")


def queue_daily_result(folder: Path, day: _dt.date, points: int, hand: str) -> None:
    """Keep a daily hand's first attempt for the board (called when the hand is recorded);
    never raises: the board is a nicety, the player's game is not."""
    try:
        FriendsBook.open(folder).queue(day, points, hand)
    except OSError as exc:
        log.warning("the friends' board result could not be kept: %s", exc)
