"""Settings: language, animation speed, sound, card back, four-colour deck, large cards, the
cards' letters, teaching mode (the default of the new-game switch), whether the opponents learn
how the person plays (and forgetting what they learned), everyone's names.

Every change shows at once and is stored in the profile when the screen is left.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from scenes.core.i18n import N_, _
from scenes.core.preferences import DEFAULT_NAMES, LANGUAGE_CHOICES, SPEED_LABELS
from scenes.core.services import Media, Navigation, SettingsEditor
from scenes.ui.dialogs import ChoiceDialog
from scenes.ui.form_scene import FormScene
from scenes.ui.widgets import ActionRow, ChoiceRow, Row, TextRow, toggle_row

BACK_LABELS = ((0, N_("Lattice")), (1, N_("Rings")), (2, N_("Medallion")), (3, N_("Waves")))


class SettingsServices(Navigation, SettingsEditor, Media, Protocol):
    """What Settings asks of the program: the preferences to change, the card pictures."""


class SettingsScene(FormScene):
    window_width = 700
    label_width = 0.45
    app: SettingsServices

    def __init__(self, app: SettingsServices) -> None:
        super().__init__(app)

    def title(self) -> str:
        return _("Settings")

    def rows(self) -> list[Row]:
        app = self.app
        prefs = app.prefs

        def name_row(seat: int, label: str) -> TextRow:
            def get() -> str:
                return prefs.names[seat]

            def set_(value: str) -> None:
                prefs.names[seat] = value

            return TextRow(label, get, set_, placeholder=lambda: _(DEFAULT_NAMES[seat]))

        return [
            ChoiceRow(N_("Language"), LANGUAGE_CHOICES, app.shown_language, app.set_language),
            ChoiceRow(N_("Animation speed"), SPEED_LABELS, app.shown_speed, app.set_speed),
            toggle_row(N_("Sound"), lambda: not prefs.mute, lambda on: app.set_mute(not on)),
            ChoiceRow(N_("Card back"), BACK_LABELS, lambda: prefs.card_back, app.set_card_back),
            toggle_row(N_("Four-colour deck"), lambda: prefs.four_colour, app.set_four_colour),
            toggle_row(N_("Large cards"), lambda: prefs.large_cards, self.set_large_cards),
            toggle_row(
                N_("English card letters (K, Q, J)"),
                lambda: prefs.english_indices,
                self.set_english_indices,
            ),
            toggle_row(
                N_("Teaching mode"),
                lambda: prefs.new_game.teaching,
                lambda on: setattr(prefs.new_game, "teaching", on),
            ),
            toggle_row(
                N_("Opponents learn how I play"),
                lambda: prefs.learn_from_me,
                lambda on: setattr(prefs, "learn_from_me", on),
            ),
            ActionRow(N_("Forget what they learned"), self.ask_forget),
            name_row(0, N_("Your name")),
            name_row(1, N_("Left player")),
            name_row(2, N_("Player across")),
            name_row(3, N_("Right player")),
            name_row(4, N_("Fifth player")),
            ActionRow(N_("Back"), self.back),
        ]

    def set_large_cards(self, on: bool) -> None:
        """The player's cards and the trick larger at the table (laid out at every size)."""
        self.app.prefs.large_cards = on

    def set_english_indices(self, on: bool) -> None:
        """K, Q, J in the cards' corners in every language (else as the language prints them:
        R, D, V in French, as the sentences name the cards)."""
        self.app.prefs.english_indices = on
        self.app.card_art.english_indices = on

    def ask_forget(self) -> None:
        """Forget what the opponents learned of the person's play, once they agree."""
        self.app.stack.push(
            ChoiceDialog(
                self.app,
                _("Forget what they learned"),
                _(
                    "Forget how you play? The opponents stop counting how often you shoot the "
                    "moon and learn again from your next hand."
                ),
                [(N_("Forget"), self.app.forget_learned), (N_("Cancel"), lambda: None)],
                cancel=lambda: None,
                focus=1,
            )
        )

    def back(self) -> None:
        self.app.save_preferences()
        self.app.stack.pop()

    def exit(self) -> None:
        self.app.save_preferences()

    def draw_decoration(self, surface: pygame.Surface) -> None:
        # A preview of the chosen back and a face in the chosen colours, right of the window.
        art = self.app.card_art
        width = round(80 * self.scale)
        x = self.window.right + round(20 * self.scale)
        if x + width > surface.get_width():
            return
        y = self.window.y + round(40 * self.scale)
        surface.blit(art.back(width, self.app.prefs.card_back), (x, y))
        surface.blit(art.face(23, width), (x, y + round(width * 1.55)))  # the queen: its letter
