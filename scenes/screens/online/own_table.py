"""Common to Host and Create: a table of the player's own, its rows written once."""

from __future__ import annotations

from typing import Any

from game.net.client import Status
from scenes.core.i18n import N_
from scenes.records.history import rules_summary
from scenes.screens.online.rows import LEVEL_OPTIONS, TIMER_OPTIONS, InfoRow, MessageRow
from scenes.screens.online.waiting import WaitingScene
from scenes.ui.widgets import ActionRow, ChoiceRow, Row, TextRow


class OwnTableScene(WaitingScene):
    """Common to Host and Create: a table of the player's own, with New game's rules and the
    computer players' level."""

    level = "medium"
    turn_seconds = 0  # the turn timer (0: off)

    def _set_timer(self, seconds: Any) -> None:
        self.turn_seconds = int(seconds)

    def _rules_text(self) -> str:
        return rules_summary(self.app.prefs.new_game.rules().to_dict())

    def _set_level(self, level: Any) -> None:
        self.level = str(level)

    def own_rows(
        self,
        setup: list[Row],
        open_row: ActionRow,
        where: InfoRow,
        leave: str,
    ) -> list[Row]:
        """Before the seat: the name, ``setup``, the computer players' level, ``open_row``;
        seated: the code, the rules, ``where`` the table is, the seats, the deal and ``leave``."""
        table = self.table
        if table is None or table.status is not Status.SEATED:
            return [
                TextRow(N_("Your name"), lambda: self.name, self._set_name, max_length=24),
                *setup,
                ChoiceRow(
                    N_("Computer players"), LEVEL_OPTIONS, lambda: self.level, self._set_level
                ),
                ChoiceRow(
                    N_("Turn timer"), TIMER_OPTIONS, lambda: self.turn_seconds, self._set_timer
                ),
                open_row,
                MessageRow(),
                ActionRow(N_("Back"), self.back),
            ]
        return [
            InfoRow(N_("Table code"), lambda: table.code),
            InfoRow(N_("Rules"), lambda: rules_summary(table.rules.to_dict())),
            where,
            *self.seat_rows(),
            ActionRow(N_("Deal (computers take the empty seats)"), table.start),
            MessageRow(),
            ActionRow(leave, self.back),
        ]
