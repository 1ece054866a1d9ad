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
    one shown as soon as it is heard; after the last, "Type an address".

    The choice is kept as what was chosen, not as a place in the list: tables are heard and
    lost while the screen is open, and a table heard after the person typed an address (or
    one heard before the table they picked) must not take the place of their choice."""

    tables: Callable[[], list[TableAdvert]] = list
    picked: TableAdvert | None = None  # the table chosen with the arrows (None: the first)
    typed: bool = False  # "Type an address" chosen, or an address typed

    def chosen(self) -> TableAdvert | None:
        return self._chosen_in(self.tables())

    def _chosen_in(self, found: list[TableAdvert]) -> TableAdvert | None:
        """The choice among ``found`` (the list is read once: the browser's thread changes
        it at any moment)."""
        if self.typed:
            return None
        if self.picked is None:
            return found[0] if found else None
        return self.picked if self.picked in found else None  # gone: nothing joined by mistake

    def choose_typed(self) -> None:
        """The address typed is the one to join, whatever is heard afterwards."""
        self.typed, self.picked = True, None

    def value_text(self) -> str:
        table = self.chosen()
        if table is None:
            return _("Type an address") if self.tables() else _("None found yet")
        if not table.code:
            return f"{_('Server')} {table.address}:{table.port}"
        return f"{table.name} · {table.code}"

    def step(self, delta: int) -> None:
        found = self.tables()
        if not found:  # nothing to choose yet: the first table heard is still shown at once
            return
        current = self._chosen_in(found)
        index = len(found) if current is None else found.index(current)
        index = (index + delta) % (len(found) + 1)
        self.typed = index == len(found)
        self.picked = None if self.typed else found[index]

    def activate(self) -> None:
        self.step(1)


def found_row(tables: Callable[[], list[TableAdvert]]) -> FoundRow:
    return FoundRow(N_("Tables nearby"), (), lambda: None, lambda _v: None, tables)
