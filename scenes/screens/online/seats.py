"""What the online screens share: the seats kept in the profile, where the screens listen, what
went wrong in words, an address typed, and the table scene opened on a remote seat."""

from __future__ import annotations

import inspect
import logging
import sqlite3
from typing import TYPE_CHECKING, Final

from game.net.client import Address, Problem, RemoteTable
from game.net.seat_book import SavedSeat, SeatBook
from game.net.table_server import DEFAULT_PORT
from scenes.core.i18n import N_, _, server_sentence

if TYPE_CHECKING:
    from typing import Protocol

    from scenes.core.services import Storage
    from scenes.table.table_scene import TableServices

    class OnlineServices(TableServices, Storage, Protocol):
        """What the online screens use: the table's services and the profile (the seats
        kept)."""


log = logging.getLogger(__name__)

# What the table server says, for the catalogs (shown through _() as they come).
SERVER_SENTENCES: Final = (
    N_("The table is full"),
    N_("Someone at this table already has that name"),
    N_("The host left the table"),
    N_("The server is stopping"),
    N_("This seat belongs to someone else"),
    N_(
        "This name's seat is kept for its owner: join from the window that holds it, or ask the"
        " host to free it (Give to computer) and join again"
    ),
    N_("A name may hold only letters, digits and signs the game can draw (no emoji)"),
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
        text += " (" + server_sentence(table.problem_detail) + ")"
    return text


def table_scene_takes_a_source() -> bool:
    """Whether this build's table scene is driven by a TableSource (a remote seat) rather
    than by a local game session only."""
    from scenes.table.table_scene import TableScene

    return "source" in inspect.signature(TableScene).parameters


def open_table_scene(app: OnlineServices, source: RemoteTable) -> bool:
    """The table, driven by the remote seat (replaces the waiting screen); False when this
    build's table scene cannot show a remote game."""

    if not table_scene_takes_a_source():
        return False
    from scenes.screens.online.rematch import online_table

    app.stack.pop()
    app.stack.push(online_table(app, source))  # with Play again and Try again
    return True


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
