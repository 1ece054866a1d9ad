"""The player's settings and new-game choices, read from and written to the profile.

Each field is stored under its own key, so a setting added later starts at its default and an
unknown or damaged value falls back to the default instead of stopping the game.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, fields
from typing import Any, Final

from game.engine.codec import rules_from
from game.engine.rules import MoonMode, Rules, TieRule
from game.records.profile import Profile
from scenes.core.i18n import N_, _, in_every_language

PLAYER_COUNTS: Final = (3, 4, 5)
MAX_OPPONENTS: Final = max(PLAYER_COUNTS) - 1

SPEEDS: Final = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
"""Animation speed names and the factor every animation time is multiplied by."""
SPEED_LABELS: Final = (
    ("slow", N_("Slow")),
    ("normal", N_("Normal")),
    ("fast", N_("Fast")),
    ("instant", N_("Instant")),
)
LEVELS: Final = (("easy", N_("Easy")), ("medium", N_("Medium")), ("hard", N_("Hard")))
DEFAULT_NAMES: Final = (N_("You"), N_("Margaret"), N_("Hugo"), N_("Leah"), N_("Oscar"))
"""Seat 0 is the player at the bottom; the others follow clockwise from the left."""
AVATARS: Final = (6, 0, 2, 1, 3)
"""Each seat's portrait (an index of :data:`scenes.table.avatars.AVATAR_NAMES`)."""


@functools.cache
def _default_names() -> dict[str, str]:
    return in_every_language(DEFAULT_NAMES)


def shown_name(name: str) -> str:
    """A stored name in the current language when it is one of the default names in any
    language ("Marguerite" in an English list is "Margaret"), else as the player wrote it."""
    default = _default_names().get(name.strip())
    return _(default) if default is not None else name


LANGUAGE_CHOICES: Final = (("system", N_("System")), ("fr", "Français"), ("en", "English"))


@dataclass
class GameOptions:
    """What the new-game screen chooses."""

    level: str = "medium"  # the opponents' level when all play alike: easy, medium or hard
    players: int = 4  # 3, 4 or 5 at the table
    # Each opponent's level, clockwise from the player's left (as many as the most opponents;
    # left empty: all at ``level``).
    levels: list[str] = field(default_factory=list)
    teaching: bool = False  # the tutor comments on the player's moves (stored for the tutor)
    target: int = 100
    queen_breaks_hearts: bool = False
    moon: str = MoonMode.OTHERS_PLUS.value
    jack_of_diamonds: bool = False
    tie: str = TieRule.PLAY_ON.value

    def __post_init__(self) -> None:
        if len(self.levels) != MAX_OPPONENTS:
            self.levels = [self.level] * MAX_OPPONENTS

    def level_of(self, seat: int) -> str:
        """The level of the computer player at ``seat`` (the player sits at seat 0; a demo's
        seat 0 plays at the common level)."""
        if 1 <= seat <= len(self.levels):
            return self.levels[seat - 1]
        return self.level

    def set_level(self, level: str) -> None:
        """Every opponent at ``level``."""
        self.level = level
        self.levels = [level] * MAX_OPPONENTS

    def rules(self) -> Rules:
        return rules_from(
            players=self.players,
            target=self.target,
            queen_breaks_hearts=self.queen_breaks_hearts,
            moon=self.moon,
            jack_of_diamonds=self.jack_of_diamonds,
            tie=self.tie,
        )

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}  # lists copied by json

    @classmethod
    def from_dict(cls, data: Any) -> GameOptions:
        """Options from stored data; anything unknown or of the wrong kind keeps its default."""
        options = cls()
        if not isinstance(data, dict):
            return options
        for f in fields(cls):
            value = data.get(f.name)
            default = getattr(options, f.name)
            if value is not None and type(value) is type(default):
                setattr(options, f.name, value)
        if options.level not in dict(LEVELS):
            options.level = "medium"
        if options.players not in PLAYER_COUNTS:
            options.players = 4
        levels = data.get("levels")
        if (
            isinstance(levels, list)
            and len(levels) == MAX_OPPONENTS
            and all(level in dict(LEVELS) for level in levels)
        ):
            options.levels = list(levels)
        else:  # saved before each opponent had a level, or damaged: all at the common one
            options.levels = [options.level] * MAX_OPPONENTS
        if options.target not in (50, 100):
            options.target = 100
        if options.moon not in {m.value for m in MoonMode}:
            options.moon = MoonMode.OTHERS_PLUS.value
        if options.tie not in {t.value for t in TieRule}:
            options.tie = TieRule.PLAY_ON.value
        return options


@dataclass
class Preferences:
    """Settings remembered between runs."""

    language: str = "system"  # "system", "fr" or "en"
    speed: str = "normal"  # a key of SPEEDS
    mute: bool = False
    card_back: int = 0
    four_colour: bool = False
    english_indices: bool = False  # K, Q, J on the cards in French too (else R, D, V)
    large_cards: bool = False  # larger cards in the hand and the trick (to see them better)
    ask_before_hint: bool = True  # the first hint of a game asks (it makes a practice game)
    welcomed: bool = False  # the first launch asked the player's name
    learn_from_me: bool = True  # the opponents learn how the person plays (issue 44)
    # Each seat's name ("" = the default name), as many as the most players.
    names: list[str] = field(default_factory=lambda: [""] * max(PLAYER_COUNTS))
    new_game: GameOptions = field(default_factory=GameOptions)

    def name(self, seat: int) -> str:
        """The name shown for a seat: the player's choice, else the translated default."""
        custom = self.names[seat].strip() if seat < len(self.names) else ""
        return custom or _(DEFAULT_NAMES[seat % len(DEFAULT_NAMES)])

    @classmethod
    def load(cls, profile: Profile) -> Preferences:
        stored = profile.settings()
        prefs = cls()
        if stored.get("language") in dict(LANGUAGE_CHOICES):
            prefs.language = stored["language"]
        if stored.get("speed") in SPEEDS:
            prefs.speed = stored["speed"]
        if isinstance(stored.get("mute"), bool):
            prefs.mute = stored["mute"]
        flags = (
            "four_colour",
            "english_indices",
            "large_cards",
            "ask_before_hint",
            "learn_from_me",
        )
        for flag in flags:
            if isinstance(stored.get(flag), bool):
                setattr(prefs, flag, stored[flag])
        # A profile from before the question was asked is a player who has been here already.
        welcomed = stored.get("welcomed")
        prefs.welcomed = welcomed if isinstance(welcomed, bool) else bool(stored)
        back = stored.get("card_back")
        if isinstance(back, int) and not isinstance(back, bool) and 0 <= back < 4:
            prefs.card_back = back
        names = stored.get("names")
        if isinstance(names, list) and all(isinstance(n, str) for n in names):
            seats = max(PLAYER_COUNTS)
            prefs.names = [*names, *[""] * seats][:seats]
        prefs.new_game = GameOptions.from_dict(stored.get("new_game"))
        return prefs

    def save(self, profile: Profile) -> None:
        for key, value in self.to_settings().items():
            profile.set_setting(key, value)

    def to_settings(self) -> dict[str, Any]:
        return {
            "language": self.language,
            "speed": self.speed,
            "mute": self.mute,
            "card_back": self.card_back,
            "four_colour": self.four_colour,
            "english_indices": self.english_indices,
            "large_cards": self.large_cards,
            "ask_before_hint": self.ask_before_hint,
            "welcomed": self.welcomed,
            "learn_from_me": self.learn_from_me,
            "names": list(self.names),
            "new_game": self.new_game.to_dict(),
        }
