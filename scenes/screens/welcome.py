"""The first launch asks the player's name, as the classic game does; asked once (OK or Esc),
and changed later in Settings."""

from __future__ import annotations

from typing import Protocol

from scenes.core.i18n import N_, _
from scenes.core.preferences import DEFAULT_NAMES
from scenes.core.services import Navigation, Settings
from scenes.ui.form_scene import FormScene
from scenes.ui.widgets import ActionRow, Row, TextRow


class WelcomeServices(Navigation, Settings, Protocol):
    """What the question asks of the program: the stack, the preferences to keep the name."""


class WelcomeScene(FormScene):
    """ "What is your name?" over the menu: the name is typed at once (Enter closes, as OK
    does: the form has one text box); it is kept with the preferences, and the question never
    comes back."""

    window_width = 520
    app: WelcomeServices

    def __init__(self, app: WelcomeServices) -> None:
        super().__init__(app)
        name = self.form.rows[0]
        if isinstance(name, TextRow):
            name.editing = True  # type at once

    def title(self) -> str:
        return _("Welcome to Dame de pique")

    def rows(self) -> list[Row]:
        prefs = self.app.prefs

        def set_name(value: str) -> None:
            prefs.names[0] = value

        return [
            TextRow(
                N_("Your name"),
                lambda: prefs.names[0],
                set_name,
                placeholder=lambda: _(DEFAULT_NAMES[0]),
            ),
            ActionRow(N_("OK"), self.back),
        ]

    def back(self) -> None:
        """OK or Esc: asked once, whatever the answer (an empty name keeps "You")."""
        self.app.prefs.names[0] = self.app.prefs.names[0].strip()
        self.app.prefs.welcomed = True
        self.app.save_preferences()
        self.app.stack.remove(self)

    def exit(self) -> None:
        if not self.app.prefs.welcomed:
            self.app.prefs.welcomed = True
            self.app.save_preferences()
