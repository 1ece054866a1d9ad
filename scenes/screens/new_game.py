"""New game: how many players, each opponent's level, teaching mode and the rule variants,
remembered for next time."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Protocol

from scenes.core.i18n import N_, _
from scenes.core.preferences import LEVELS, PLAYER_COUNTS
from scenes.core.services import Settings
from scenes.table import games
from scenes.ui.dialogs import abandon_dialog
from scenes.ui.form_scene import FormScene
from scenes.ui.rule_rows import jack_row, moon_row, target_row, tie_row
from scenes.ui.widgets import ActionRow, ChoiceRow, Row, toggle_row


class NewGameServices(games.GameServices, Settings, Protocol):
    """What New game asks of the program: what a game put on the table needs, the
    preferences (the options chosen last)."""


MIXED = "mixed"  # the Difficulty row's value when the opponents' levels differ


class DifficultyRow(ChoiceRow):
    """Everyone's level: "Mixed" while the opponents at the table play at different levels
    (it said "Hard" while one seat was Medium); a step sets every opponent's level."""

    def value_text(self) -> str:
        return _("Mixed") if self.get() == MIXED else super().value_text()


class NewGameScene(FormScene):
    window_width = 820
    label_width = 0.46
    app: NewGameServices

    def __init__(self, app: NewGameServices) -> None:
        super().__init__(app)

    def title(self) -> str:
        return _("New game")

    def rows(self) -> list[Row]:
        options = self.app.prefs.new_game

        def setter(name: str) -> Any:
            return lambda value: setattr(options, name, value)

        def set_players(count: int) -> None:
            options.players = count
            self.rebuild()  # a row per opponent

        def set_everyone(level: str) -> None:
            options.set_level(level)

        def level_row(seat: int) -> ChoiceRow:
            def set_(level: str) -> None:
                options.levels[seat - 1] = level

            return ChoiceRow(
                self.app.prefs.name(seat), LEVELS, lambda: options.level_of(seat), set_
            )

        def everyone() -> str:
            levels = {options.level_of(seat) for seat in range(1, options.players)}
            return levels.pop() if len(levels) == 1 else MIXED

        counts = tuple((n, str(n)) for n in PLAYER_COUNTS)
        return [
            ChoiceRow(N_("Players"), counts, lambda: options.players, set_players),
            DifficultyRow(N_("Difficulty"), LEVELS, everyone, set_everyone),
            *(level_row(seat) for seat in range(1, options.players)),
            toggle_row(N_("Teaching mode"), lambda: options.teaching, setter("teaching")),
            target_row(lambda: options.target, setter("target")),
            toggle_row(
                N_("Queen breaks hearts"),
                lambda: options.queen_breaks_hearts,
                setter("queen_breaks_hearts"),
            ),
            moon_row(lambda: options.moon, setter("moon")),
            jack_row(lambda: options.jack_of_diamonds, setter("jack_of_diamonds")),
            tie_row(lambda: options.tie, setter("tie")),
            ActionRow(N_("Start"), self.start),
            ActionRow(N_("Back"), self.back),
        ]

    def default_action(self) -> Callable[[], None]:
        return self.start  # Enter on a setting starts, as the dialog's default button

    def start(self) -> None:
        """Start, once the player agrees to abandon the game in progress if there is one."""
        self.app.save_preferences()
        if self.app.has_saved_game():
            resume = functools.partial(games.continue_game, self.app)
            self.app.stack.push(abandon_dialog(self.app, self.start_anyway, resume))
            return
        self.start_anyway()

    def start_anyway(self) -> None:
        games.new_game(self.app, self.app.prefs.new_game)

    def back(self) -> None:
        self.app.save_preferences()
        self.app.stack.pop()
