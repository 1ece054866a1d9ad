"""The rows of the online screens: a line of information, room for a sentence, the tables heard
on the network, the computer players' level."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from scenes.core.i18n import N_, _
from scenes.ui.widgets import ChoiceRow, Row

if TYPE_CHECKING:
    from game.net.discovery import TableAdvert

LEVEL_OPTIONS: Final = (("easy", N_("Easy")), ("medium", N_("Medium")), ("hard", N_("Hard")))
TIMER_OPTIONS: Final = ((0, N_("No limit")), (30, N_("30 seconds")), (60, N_("60 seconds")))
"""The turn timer the host sets: when it runs out, the computer makes that move."""


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
