"""Menu > Online table: host a table on this computer, or join one on the network.

The screens never wait on the network: the table server runs on its own thread
(:class:`game.net.hosting.HostedServer`), each seat's connection on another
(:class:`game.net.client.RemoteTable`), and the tables of the local network are listed by a
zeroconf browser in the background. Each frame reads where things stand; once the host deals,
the table scene takes the :class:`~game.engine.table.TableSource` like any local game.
"""

from __future__ import annotations

import functools
import inspect
import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import pygame

from game.net import protocol as p
from game.net.client import Address, Problem, RemoteTable, Status
from game.net.seat_book import SavedSeat, SeatBook
from game.net.table_server import DEFAULT_PORT
from scenes.core.i18n import N_, _
from scenes.records.history import rules_summary
from scenes.ui.form_scene import FormScene
from scenes.ui.widgets import (
    INK,
    WINDOW_GREY,
    ActionRow,
    ChoiceRow,
    Row,
    TextRow,
    draw_text,
    wrap_text,
)

if TYPE_CHECKING:
    from typing import Protocol

    from game.net.discovery import Browser, TableAdvert
    from game.net.hosting import HostedServer
    from scenes.core.services import Storage
    from scenes.table.table_scene import TableServices

    class OnlineServices(TableServices, Storage, Protocol):
        """What the online screens use: the table's services and the profile (the seats
        kept)."""


log = logging.getLogger(__name__)

LEVEL_OPTIONS: Final = (("easy", N_("Easy")), ("medium", N_("Medium")), ("hard", N_("Hard")))
SEAT_KINDS: Final = {
    "human": N_("you"),
    "remote": N_("player"),
    "bot": N_("computer"),
    "empty": N_("empty"),
}

# What the table server says, for the catalogs (shown through _() as they come).
SERVER_SENTENCES: Final = (
    N_("The table is full"),
    N_("Someone at this table already has that name"),
    N_("The host left the table"),
    N_("The server is stopping"),
    N_("This seat belongs to someone else"),
    N_("nothing listens at this address"),
    N_("no answer"),
    N_("this is not a Dame de pique table"),
)
for _problem in Problem:  # the client's own sentences are msgids too
    N_(_problem.value)


def keep_seat(app: OnlineServices, table: RemoteTable) -> None:
    """The seat just taken, kept in the profile (a profile that cannot be written only
    means it is not kept)."""
    if not table.token or not table.code:
        return
    a = table.address
    seat = SavedSeat(a.host, a.port, a.secure, table.code, table.name, table.token)
    try:
        SeatBook(app.profile).remember(seat)
    except (sqlite3.Error, OSError) as exc:
        log.warning("the seat at table %s is not kept: %s", table.code, exc)


def forget_seat(app: OnlineServices, address: Address, code: str) -> None:
    try:
        SeatBook(app.profile).forget(address.host, address.port, code)
    except (sqlite3.Error, OSError) as exc:
        log.warning("the seat at table %s is not forgotten: %s", code, exc)


HELD_AFTER: Final = 1.0  # connected this long without a welcome: the table holds newcomers


class Network:
    """Where the screens listen and look (tests keep everything on loopback)."""

    listen = "0.0.0.0"  # the hosted server: every interface, so friends can reach it
    interfaces: list[str] | None = None  # zeroconf: None for every interface


def problem_text(table: RemoteTable) -> str:
    """What went wrong, in the player's language."""
    if table.problem is None:
        return ""
    text = _(table.problem.value)
    telling = (Problem.REFUSED, Problem.UNREACHABLE, Problem.CLOSED)
    if table.problem_detail and table.problem in telling:
        text += " (" + _(table.problem_detail) + ")"
    return text


@dataclass
class InfoRow(Row):
    """A line that shows something and does nothing (the code, who sits where)."""

    label: str
    value: Callable[[], str]

    def value_text(self) -> str:
        return self.value()

    def enabled(self) -> bool:
        return False


@dataclass
class MessageRow(Row):
    """Room for a sentence across the window (what is happening, what went wrong); the scene
    paints it (a form row would put it in a narrow value box)."""

    label: str = " "

    def enabled(self) -> bool:
        return False


@dataclass
class FoundRow(ChoiceRow):
    """The tables heard on the network, one at a time, chosen with left/right (◀ ▶), the first
    one shown as soon as it is heard; after the last, "Type an address"."""

    tables: Callable[[], list[TableAdvert]] = list
    index: int = 0  # len(tables()): type an address

    def chosen(self) -> TableAdvert | None:
        found = self.tables()
        return found[self.index] if 0 <= self.index < len(found) else None

    def value_text(self) -> str:
        table = self.chosen()
        if table is None:
            return _("Type an address") if self.tables() else _("None found yet")
        if not table.code:
            return f"{_('Server')} {table.address}:{table.port}"
        return f"{table.name} · {table.code}"

    def step(self, delta: int) -> None:
        count = len(self.tables())
        self.index = (min(self.index, count) + delta) % (count + 1)

    def activate(self) -> None:
        self.step(1)


def found_row(tables: Callable[[], list[TableAdvert]]) -> FoundRow:
    return FoundRow(N_("Tables nearby"), (), lambda: None, lambda _v: None, tables)


class OnlineScene(FormScene):
    app: OnlineServices
    window_width = 520
    label_width = 0.0

    def _kept_seat(self) -> SavedSeat | None:
        try:
            return SeatBook(self.app.profile).latest()
        except (sqlite3.Error, OSError):
            return None

    def resume(self) -> None:
        super().resume()
        self.rebuild()  # a seat kept or forgotten meanwhile

    def take_back(self, seat: SavedSeat) -> None:
        """Join the table of a seat kept in the profile, with its token."""
        join = JoinScene(self.app)
        join.name, join.code = seat.name, seat.code
        host = f"[{seat.host}]" if ":" in seat.host else seat.host
        join._set_address(f"{host}:{seat.port}")
        self.app.stack.push(join)
        join.join()

    def title(self) -> str:
        return _("Online table")

    def rows(self) -> list[Row]:
        kept: list[Row] = []
        seat = self._kept_seat()
        if seat is not None:  # the window was closed at a table: its seat is kept
            label = _("Back to table {code} as {name}").format(code=seat.code, name=seat.name)
            kept.append(ActionRow(label, functools.partial(self.take_back, seat)))
        return [
            *kept,
            ActionRow(N_("Host a table"), lambda: self.app.stack.push(HostScene(self.app))),
            ActionRow(N_("Join a table"), lambda: self.app.stack.push(JoinScene(self.app))),
            ActionRow(
                N_("Create a table on a server"),
                lambda: self.app.stack.push(CreateScene(self.app)),
            ),
            ActionRow(N_("Back"), self.back),
        ]


def table_scene_takes_a_source() -> bool:
    """Whether this build's table scene is driven by a TableSource (a remote seat) rather
    than by a local game session only."""
    from scenes.table.table_scene import TableScene

    return "source" in inspect.signature(TableScene).parameters


def open_table_scene(app: OnlineServices, source: RemoteTable) -> bool:
    """The table, driven by the remote seat (replaces the waiting screen); False when this
    build's table scene cannot show a remote game."""
    from scenes.table.table_scene import TableScene

    if not table_scene_takes_a_source():
        return False
    app.stack.pop()
    app.stack.push(TableScene(app, source))  # type: ignore[arg-type,unused-ignore]
    return True


class WaitingScene(FormScene):
    """Common to Host and Join: a seat at a table, waiting for the deal."""

    app: OnlineServices

    window_width = 600
    label_width = 0.42
    table: RemoteTable | None = None
    status = ""
    _seated_rows = False  # the rows show the seats of a table

    name = ""  # the player's name at the table, as typed

    def _set_name(self, text: str) -> None:
        self.name = text

    def message(self) -> str:
        return self.status

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        text = self.message()
        for row, rect in zip(self.form.rows, self.form.rects, strict=False):
            if isinstance(row, MessageRow):
                surface.fill(WINDOW_GREY, rect)
                size = round(17 * self.scale)
                lines = wrap_text(text, size, rect.w)[:2]
                step = rect.h // (len(lines) + 1) if lines else 0
                for i, line in enumerate(lines):
                    draw_text(surface, line, size, INK, (rect.centerx, rect.y + step * (i + 1)))

    def seat_rows(self) -> list[Row]:
        table = self.table
        if table is None or table.status is not Status.SEATED:
            return []
        return [
            InfoRow(_("Seat {n}").format(n=seat + 1), functools.partial(self._seat_text, seat))
            for seat in range(len(table.names))
        ]

    def _seat_text(self, seat: int) -> str:
        table = self.table
        if table is None or seat >= len(table.names):
            return ""
        kind = table.kinds[seat] if seat < len(table.kinds) else "empty"
        if kind == "empty":
            return _("empty")
        return f"{table.names[seat]} ({_(SEAT_KINDS.get(kind, kind))})"

    def update(self, dt: float) -> None:
        table = self.table
        if table is None:
            return
        if table.status is Status.SEATED and table.has_view():
            if open_table_scene(self.app, table):
                self.table = None
            else:
                self.status = _("This version of the game cannot show an online table yet")
            return
        seated = table.status is Status.SEATED
        if seated != self._seated_rows:  # from the form to the seats (or back)
            self._seated_rows = seated
            if seated:
                self.status = ""
            self.rebuild()
            self.focus_first()

    def focus_first(self) -> None:
        """The keyboard's focus on the first row one can use (never on a line of text)."""
        rows = self.form.rows
        self.form.focus = next((i for i, r in enumerate(rows) if r.enabled()), 0)


class OwnTableScene(WaitingScene):
    """Common to Host and Create: a table of the player's own, with New game's rules and the
    computer players' level."""

    level = "medium"

    def _rules_text(self) -> str:
        return rules_summary(self.app.prefs.new_game.rules().to_dict())

    def _set_level(self, level: Any) -> None:
        self.level = str(level)


class HostScene(OwnTableScene):
    """Host: a table server here; friends join with the code; bots fill the empty seats."""

    def __init__(self, app: OnlineServices) -> None:
        self.name = app.prefs.name(0)
        self.port = str(DEFAULT_PORT)
        self.level = "medium"
        self.server: HostedServer | None = None
        super().__init__(app)

    def title(self) -> str:
        return _("Host a table")

    def rows(self) -> list[Row]:
        table = self.table
        if table is None or table.status is not Status.SEATED:
            return [
                TextRow(N_("Your name"), lambda: self.name, self._set_name, max_length=24),
                TextRow(N_("Port"), lambda: self.port, self._set_port, max_length=5),
                ChoiceRow(
                    N_("Computer players"), LEVEL_OPTIONS, lambda: self.level, self._set_level
                ),
                ActionRow(N_("Open the table"), self.open_table),
                MessageRow(),
                ActionRow(N_("Back"), self.back),
            ]
        port = self.server.port if self.server is not None else 0
        addresses = self.server.addresses() if self.server is not None else []
        return [
            InfoRow(N_("Table code"), lambda: table.code),
            InfoRow(N_("Rules"), lambda: rules_summary(table.rules.to_dict())),
            InfoRow(N_("Address"), lambda: f"{addresses[0]}:{port}" if addresses else ""),
            *self.seat_rows(),
            ActionRow(N_("Deal (computers take the empty seats)"), table.start),
            MessageRow(),
            ActionRow(N_("Close the table"), self.back),
        ]

    def message(self) -> str:
        seated = self.table is not None and self.table.status is Status.SEATED
        hint = _("Friends join with the code and this address") if seated else ""
        return self.status or hint

    def _set_port(self, text: str) -> None:
        self.port = "".join(c for c in text if c.isdigit())

    def open_table(self) -> None:
        from game.net.hosting import HostedServer

        name = " ".join(self.name.split())
        if not name:
            self.status = _("Type your name first")
            return
        if not self.port.isdigit() or not 1 <= int(self.port) <= 65535:
            self.status = _("The port is a number from 1 to 65535")
            return
        self.server = HostedServer(
            int(self.port), listen=Network.listen, interfaces=Network.interfaces
        )
        if not self.server.start():
            self.status = _("The table cannot open: {why}").format(why=self.server.error)
            self.server = None
            return
        rules = self.app.prefs.new_game.rules()  # the rules chosen in New game
        from game.net.hosting import HostedTable

        table = HostedTable.host(
            Address("127.0.0.1", self.server.port), name, rules, level=self.level
        )
        assert isinstance(table, HostedTable)  # host() builds the class it is called on
        table.server = self.server  # leaving the table (even from the table scene) closes it
        self.table = table
        self.status = _("Opening the table…")

    def update(self, dt: float) -> None:
        table = self.table
        if table is not None and table.status is Status.OVER:
            self.status = problem_text(table)
            self.table = None
            self._stop_server()
            self._seated_rows = False
            self.rebuild()
            return
        super().update(dt)

    def _stop_server(self) -> None:
        if self.server is not None:
            self.server.stop(wait=0.5)
            self.server = None

    def back(self) -> None:
        if self.table is not None:
            self.table.close()
            self.table = None
        self._stop_server()
        super().back()


class JoinScene(WaitingScene):
    """Join: a table heard on the network, or an address and a code."""

    def __init__(self, app: OnlineServices) -> None:
        self.name = app.prefs.name(0)
        self.address = ""
        self.code = ""
        self.browser: Browser | None = None
        self.found = found_row(self._found)
        self.rejoining = False  # joining with a seat token kept in the profile
        self.kept: str | None = None  # the token kept in the profile
        self.held_for = 0.0  # seconds connected without a seat yet (a hand is under way)
        super().__init__(app)

    def title(self) -> str:
        return _("Join a table")

    def enter(self) -> None:
        from zeroconf import InterfaceChoice

        from game.net.discovery import Browser

        try:
            self.browser = Browser(interfaces=Network.interfaces or InterfaceChoice.All)
        except OSError:  # no multicast on this network: typing the address still works
            self.browser = None

    def exit(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def message(self) -> str:
        table = self.table
        if table is not None and self.held_for > HELD_AFTER:
            # The server holds a newcomer while a hand is under way.
            return _("Connected: you sit down at the next deal…")
        seated = table is not None and table.status is Status.SEATED
        return self.status or (_("Waiting for the host to deal…") if seated else "")

    def _found(self) -> list[TableAdvert]:
        if self.browser is None:
            return []
        return self.browser.tables()  # tables, and servers where one types a code

    def rows(self) -> list[Row]:
        table = self.table
        if table is not None and table.status is Status.SEATED:
            return [
                InfoRow(N_("Table code"), lambda: table.code),
                InfoRow(N_("Rules"), lambda: rules_summary(table.rules.to_dict())),
                *self.seat_rows(),
                MessageRow(),
                ActionRow(N_("Leave the table"), self.back),
            ]
        return [
            TextRow(N_("Your name"), lambda: self.name, self._set_name, max_length=24),
            self.found,
            TextRow(N_("Address"), lambda: self.address, self._set_address, max_length=60),
            TextRow(N_("Table code"), lambda: self.code, self._set_code, max_length=12),
            ActionRow(N_("Join"), self.join),
            MessageRow(),
            ActionRow(N_("Back"), self.back),
        ]

    def _set_address(self, text: str) -> None:
        self.address = text.strip()
        if self.address:  # typing an address chooses it over the tables heard
            self.found.index = len(self._found())

    def _set_code(self, text: str) -> None:
        self.code = "".join(c for c in text.upper() if c in p.CODE_ALPHABET)

    def join(self) -> None:
        name = " ".join(self.name.split())
        if not name:
            self.status = _("Type your name first")
            return
        chosen = self.found.chosen()
        if chosen is not None:
            address = Address(chosen.address, chosen.port, chosen.secure)
            code = chosen.code or self.code
            if not code:
                self.status = _("Type the table's code")
                return
        else:
            parsed = parse_address(self.address)
            if parsed is None:
                self.status = _("Type the host's address, like 192.168.1.20:8765")
                return
            if not self.code:
                self.status = _("Type the table's code")
                return
            address, code = parsed, self.code
        try:
            kept = SeatBook(self.app.profile).find(address.host, address.port, code)
        except (sqlite3.Error, OSError):
            kept = None
        token = kept.token if kept is not None else None
        name = kept.name if kept is not None else name  # the seat's own name
        self.rejoining = kept is not None
        self.table = RemoteTable.join(address, code, name, token=token)
        self.status = _("Taking your seat back…") if kept else _("Connecting…")

    def update(self, dt: float) -> None:
        table = self.table
        if table is not None and table.status is Status.OVER:
            self.status = problem_text(table)
            if self.rejoining and table.problem in (Problem.WRONG_CODE, Problem.REFUSED):
                forget_seat(self.app, table.address, table.code or self.code)
                self.status += " " + _("(the seat kept for you there is forgotten)")
            self.table = None
            self._seated_rows = False
            self.rebuild()
            return
        if table is not None and table.status is Status.SEATED and table.token != self.kept:
            self.kept = table.token
            keep_seat(self.app, table)
        held = table is not None and table.status is Status.CONNECTING and table.connected
        self.held_for = self.held_for + dt if held else 0.0
        super().update(dt)

    def back(self) -> None:
        if self.table is not None:
            self.table.close()
            self.table = None
        super().back()


class CreateScene(OwnTableScene):
    """Create a table on a dedicated server (``python -m game.net.server``, here or on the
    internet): its address, the rules of New game and the computer players' level; the table
    is then the player's to deal, and friends join it with its code."""

    def __init__(self, app: OnlineServices) -> None:
        self.name = app.prefs.name(0)
        self.address = ""
        self.level = "medium"
        self.kept: str | None = None
        super().__init__(app)

    def title(self) -> str:
        return _("Create a table on a server")

    def rows(self) -> list[Row]:
        table = self.table
        if table is None or table.status is not Status.SEATED:
            return [
                TextRow(N_("Your name"), lambda: self.name, self._set_name, max_length=24),
                TextRow(
                    N_("Server address"), lambda: self.address, self._set_address, max_length=60
                ),
                InfoRow(N_("Rules"), self._rules_text),
                ChoiceRow(
                    N_("Computer players"), LEVEL_OPTIONS, lambda: self.level, self._set_level
                ),
                ActionRow(N_("Create the table"), self.create),
                MessageRow(),
                ActionRow(N_("Back"), self.back),
            ]
        return [
            InfoRow(N_("Table code"), lambda: table.code),
            InfoRow(N_("Rules"), lambda: rules_summary(table.rules.to_dict())),
            InfoRow(N_("Server address"), lambda: self.address),
            *self.seat_rows(),
            ActionRow(N_("Deal (computers take the empty seats)"), table.start),
            MessageRow(),
            ActionRow(N_("Leave the table"), self.back),
        ]

    def message(self) -> str:
        seated = self.table is not None and self.table.status is Status.SEATED
        hint = _("Friends join with the code and the server's address") if seated else ""
        return self.status or hint

    def _set_address(self, text: str) -> None:
        self.address = text.strip()

    def create(self) -> None:
        name = " ".join(self.name.split())
        if not name:
            self.status = _("Type your name first")
            return
        address = parse_address(self.address)
        if address is None:
            self.status = _("Type the server's address, like example.org:8765")
            return
        rules = self.app.prefs.new_game.rules()  # the rules chosen in New game
        self.table = RemoteTable.host(address, name, rules, level=self.level)
        self.status = _("Connecting…")

    def update(self, dt: float) -> None:
        table = self.table
        if table is not None and table.status is Status.OVER:
            self.status = problem_text(table)
            self.table = None
            self._seated_rows = False
            self.rebuild()
            return
        if table is not None and table.status is Status.SEATED and table.token != self.kept:
            self.kept = table.token
            keep_seat(self.app, table)
        super().update(dt)

    def back(self) -> None:
        if self.table is not None:
            self.table.close()
            self.table = None
        super().back()


def parse_address(text: str) -> Address | None:
    """``host``, ``host:port`` or ``[v6]:port`` (the default port when none is given).

    >>> parse_address("192.168.1.20:9000"), parse_address("box").port, parse_address("a:b")
    (Address(host='192.168.1.20', port=9000, secure=False), 8765, None)
    """
    text = text.strip()
    if not text:
        return None
    host, port = text, str(DEFAULT_PORT)
    if text.startswith("["):
        host, _sep, rest = text[1:].partition("]")
        if rest.startswith(":"):
            port = rest[1:]
    elif text.count(":") == 1:
        host, port = text.split(":")
    if not host or not port.isdigit() or not 1 <= int(port) <= 65535:
        return None
    return Address(host, int(port))
