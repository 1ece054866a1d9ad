"""What the screens ask of the program, as small Protocols: a screen depends on the few it uses,
never on the application.

The way :class:`game.engine.source.TableSource` cuts the table from the match, these cut the
screens from :class:`scenes.core.app.App`: ``App`` satisfies every one of them structurally, and
only the app's start-up knows it is an ``App``. A screen names what it needs by combining them
(``class NeedsOf(Navigation, Storage, Protocol)``), so its imports say which services it uses
and a test can hand it a small fake.

- :class:`Navigation` (from :mod:`scenes.core.scene`): the scene stack, the table, the menu;
- :class:`Lifetime`: quitting, the end of the demo;
- :class:`Storage`: the profile, the saved games, the notices about them;
- :class:`ProfileScreen`: the two a screen of the records needs;
- :class:`SaveStatus`: the "not saved" notice the table makes room for;
- :class:`Settings`: the preferences; :class:`SettingsEditor`: what the Settings screen changes;
- :class:`Media`: the card pictures and the sounds;
- :class:`Worker`: the worker that thinks for the computer players and the tutor;
- :class:`Launch`: what the command line asked for the first game;
- :class:`Reviews`: the hand review, a screen of the records the table opens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from scenes.core.scene import Navigation as Navigation
from scenes.core.scene import Scene

if TYPE_CHECKING:
    import pygame

    from game.records.profile import Profile
    from scenes.core.preferences import Preferences
    from scenes.core.save_notice import SaveNotice
    from scenes.core.thinking import Thinker


class Lifetime(Protocol):
    """The program's end."""

    def quit(self) -> None:
        """The player asked to quit."""

    def finish_demo(self) -> None:
        """The demo played what it was asked to: the program ends with success."""


class Storage(Protocol):
    """The profile and the saved games, with the notices the menu shows about them."""

    @property
    def profile(self) -> Profile: ...

    @property
    def notices(self) -> list[str]:
        """What the menu tells the player (a file set aside...); a screen may add one."""

    @property
    def notice(self) -> str:
        """The notices as one text."""

    def has_saved_game(self) -> bool: ...

    def has_saved_daily(self) -> bool: ...

    def abandon_saved_game(self) -> None:
        """The game in progress goes into the history as abandoned (or is set aside)."""

    def set_saved_game_aside(self, exc: Exception) -> None:
        """The saved game cannot be read (``exc`` says why): renamed aside, the player told."""


class ProfileScreen(Navigation, Storage, Protocol):
    """A screen over the profile (the records' screens): the stack and the storage."""


class SaveStatus(Protocol):
    """The "not saved" notice over the window's top (the table lies below it)."""

    @property
    def save_notice(self) -> SaveNotice: ...


class Settings(Protocol):
    """The preferences as they hold now (names, the new game's options, the card back...)."""

    @property
    def prefs(self) -> Preferences: ...

    @property
    def speed_factor(self) -> float:
        """Every animation time is multiplied by this (0: instant)."""

    def save_preferences(self) -> None: ...


class SettingsEditor(Settings, Protocol):
    """What the Settings screen changes, and the values it shows (a command-line override
    included)."""

    def shown_language(self) -> str: ...

    def set_language(self, value: str) -> None: ...

    def shown_speed(self) -> str: ...

    def set_speed(self, value: str) -> None: ...

    def set_mute(self, mute: bool) -> None: ...

    def set_card_back(self, style: int) -> None: ...

    def set_four_colour(self, on: bool) -> None: ...

    def forget_learned(self) -> None:
        """The opponents forget what they learned of the person's play
        (:mod:`scenes.table.learning`)."""


class CardImages(Protocol):
    """The card pictures, drawn for a width and cached (:class:`scenes.core.card_art.CardArt`)."""

    @property
    def four_colour(self) -> bool: ...

    english_indices: bool
    """The corners print K, Q, J in every language (else R, D, V in French)."""

    def rank_letters(self) -> tuple[str, ...]: ...

    def face(self, card: int, width: int) -> pygame.Surface: ...

    def greyed(self, card: int, width: int) -> pygame.Surface: ...

    def back(self, width: int, style: int = 0) -> pygame.Surface: ...


class Media(Protocol):
    """The pictures and sounds the screens share."""

    @property
    def card_art(self) -> CardImages: ...

    def play_sound(self, name: str) -> None: ...


class Worker(Protocol):
    """The worker that thinks for the computer players, the tutor and the reports."""

    @property
    def thinker(self) -> Thinker: ...


class LaunchRequest(Protocol):
    """The command line's wishes for the first game (cleared once used)."""

    seed: int | None
    players: int | None


class Launch(Protocol):
    """What the command line asked for."""

    @property
    def options(self) -> LaunchRequest: ...


class Reviews(Protocol):
    """The hand review (a screen of the records), for the table's score window."""

    def hand_review(self, saved: Any, hand: int, seat: int, names: list[str]) -> Scene:
        """The review of hand ``hand`` of the saved match ``saved``, from ``seat``."""
