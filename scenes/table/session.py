"""A game in progress as the window holds it: the engine's match, the options it was started
with and who sits where. Saved as plain data (the engine's own save inside), so a game is
restored exactly, even after a crash.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Final

from game.ai.hard import HardPlayer
from game.engine.deal import daily_seed
from game.engine.match import Match
from game.engine.moves import Move
from game.engine.players import Player
from game.engine.rules import MoonMode, PassDirection, TieRule
from game.engine.save import InvalidSave, load_match, save_match
from game.records import daily
from game.records.profile import CURRENT_GAME, DAILY_GAME
from scenes.core.preferences import LEVELS, GameOptions
from scenes.table.opponents import make_opponent

SESSION_FORMAT: Final = "dame-de-pique/session"
SESSION_VERSION: Final = 1
HUMAN_SEAT: Final = 0


@dataclass(frozen=True)
class DailyHand:
    """What a daily challenge's hand carries besides its match: the date and its par."""

    date: _dt.date
    par: int
    replay: bool = False  # the date was already played: this hand is practice
    past: bool = False  # a past date replayed after its day: practice, counted in no streak

    def to_dict(self) -> dict[str, Any]:
        data = {"date": self.date.isoformat(), "par": self.par, "replay": self.replay}
        return data | ({"past": True} if self.past else {})

    @classmethod
    def from_dict(cls, data: Any) -> DailyHand:
        try:
            day = _dt.date.fromisoformat(data["date"])
            par, replay, past = data["par"], data.get("replay", False), data.get("past", False)
        except (TypeError, KeyError, ValueError, AttributeError):
            raise InvalidSave("the daily challenge's date or par is missing") from None
        if not isinstance(par, int) or isinstance(par, bool):
            raise InvalidSave("the daily challenge's par is not a number")
        if not isinstance(replay, bool) or not isinstance(past, bool):
            raise InvalidSave("the daily challenge's 'replay' and 'past' must be true or false")
        return cls(day, par, replay or past, past)


def daily_opponent(day: _dt.date, seat: int) -> Player:
    """The daily challenge's opponent at ``seat``: :mod:`game.records.daily`'s Hard player, same
    seed and search sizes (built here so the window never computes the challenge itself)."""
    seed = daily.seat_seed(daily_seed(day), seat)
    return HardPlayer(seed, work=daily.DAILY_WORK, pass_samples=daily.DAILY_PASS_SAMPLES)


@dataclass
class GameSession:
    match: Match
    options: GameOptions
    human_seat: int | None = HUMAN_SEAT  # None: the computer plays every seat (demo)
    players: dict[int, Player] = field(default_factory=dict)
    autoplay: bool = False  # the computer plays the player's seat too (the game is still saved)
    practice: bool = False  # a hint or teaching mode was used: the game never counts as a win
    daily: DailyHand | None = None  # the daily challenge's hand, else an ordinary game

    def __post_init__(self) -> None:
        for seat in range(self.match.rules.players):
            if self.is_computer(seat) and seat not in self.players:
                if self.daily is not None:
                    self.players[seat] = daily_opponent(self.daily.date, seat)
                else:
                    self.players[seat] = make_opponent(
                        self.options.level_of(seat), f"{self.match.seed}/seat{seat}"
                    )
        if self.teaching or (self.daily is not None and self.daily.replay):
            self.practice = True

    @property
    def teaching(self) -> bool:
        """Teaching mode: the tutor shows its choice at each of the player's decisions."""
        return self.options.teaching and self.human_seat is not None and not self.autoplay

    @property
    def slot(self) -> str:
        """The profile slot the game is saved in (a daily hand keeps the ordinary game)."""
        return DAILY_GAME if self.daily is not None else CURRENT_GAME

    @classmethod
    def new_daily(
        cls,
        day: _dt.date,
        direction: PassDirection,
        opponent_passes: Mapping[int, Sequence[int]],
        par: int,
        *,
        teaching: bool = False,
        replay: bool = False,
        past: bool = False,
    ) -> GameSession:
        """The daily challenge's hand of ``day``: the match of :mod:`game.records.daily` with the
        opponents' fixed passes (worked out off the frame loop) already chosen. ``replay``: the
        date was played already; ``past``: its day is over (both practice)."""
        match = Match.new(
            daily.DAILY_RULES, daily_seed(day), single_hand=True, first_pass=direction
        )
        for seat, cards in sorted(opponent_passes.items()):
            match.apply(seat, Move.pass_cards(cards))
        options = GameOptions(teaching=teaching)
        options.set_level("hard")
        return cls(match, options, daily=DailyHand(day, par, replay or past, past))

    @classmethod
    def new(
        cls,
        options: GameOptions,
        seed: int | str | None = None,
        *,
        demo: bool = False,
        autoplay: bool = False,
    ) -> GameSession:
        """A fresh match (random seed unless one is given)."""
        chosen = seed if seed is not None else secrets.randbelow(10**9)
        match = Match.new(options.rules(), seed=chosen)
        return cls(match, options, None if demo else HUMAN_SEAT, autoplay=autoplay)

    def watch(self, marked: int) -> None:
        """Hard at this table watches the seats of ``marked`` (a bit each: the person's, when
        the opponents learned that they shoot often) from the first card
        (:class:`~game.ai.hard.HardSettings`' ``marked``); never in the daily challenge."""
        if self.daily is not None:
            marked = 0
        for player in self.players.values():
            if isinstance(player, HardPlayer) and player.settings.marked != marked:
                player.settings = dataclasses.replace(player.settings, marked=marked)

    def is_computer(self, seat: int) -> bool:
        return self.autoplay or seat != self.human_seat

    def levels(self) -> tuple[str | None, ...]:
        """Each seat's computer level (None: the player's seat), as the history records it."""
        n = self.match.rules.players
        return tuple(
            None if not self.is_computer(s) else self.options.level_of(s) for s in range(n)
        )

    @property
    def bottom_seat(self) -> int:
        """The seat shown at the bottom of the table."""
        return self.human_seat if self.human_seat is not None else 0

    def to_saved(self) -> dict[str, Any]:
        return {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "options": self.options.to_dict(),
            "match": save_match(self.match),
            "practice": self.practice,
            "daily": None if self.daily is None else self.daily.to_dict(),
            **({"autoplay": True} if self.autoplay else {}),  # the computer's game, not yours
        }

    @classmethod
    def from_saved(cls, data: Any, *, autoplay: bool = False) -> GameSession:
        """Restore a saved session; :class:`InvalidSave` says what is wrong with bad data."""
        if not isinstance(data, dict) or data.get("format") != SESSION_FORMAT:
            raise InvalidSave("this is not a saved game of this program")
        version = data.get("version")
        if not isinstance(version, int) or version > SESSION_VERSION:
            raise InvalidSave("this game was saved by a newer version")
        match = load_match(data.get("match"))
        daily_hand = None if data.get("daily") is None else DailyHand.from_dict(data["daily"])
        practice = data.get("practice", False)
        if not isinstance(practice, bool):
            raise InvalidSave("the saved game's 'practice' must be true or false")
        saved_autoplay = data.get("autoplay", False)
        if not isinstance(saved_autoplay, bool):
            raise InvalidSave("the saved game's 'autoplay' must be true or false")
        options = saved_options(data.get("options"))
        options.players = match.rules.players  # the match says how many sit at the table
        return cls(
            match,
            options,
            autoplay=autoplay or saved_autoplay,
            practice=practice,
            daily=daily_hand,
        )


def saved_options(data: Any) -> GameOptions:
    """The options of a saved game, checked: unlike the settings (where a bad value falls back
    to its default), a saved game with a missing or wrong option is refused with a sentence."""
    if not isinstance(data, dict):
        raise InvalidSave("the saved game's options are missing")
    options = GameOptions()
    for f in fields(GameOptions):
        if f.name not in data:
            raise InvalidSave(f"the saved game's option '{f.name}' is missing")
        value, default = data[f.name], getattr(options, f.name)
        if type(value) is not type(default):  # exact: True is not a number, 1 not a bool
            kind = {bool: "true or false", int: "a whole number", str: "a text"}[type(default)]
            raise InvalidSave(f"the saved game's option '{f.name}' must be {kind}, not {value!r}")
        setattr(options, f.name, value)
    allowed = {
        "level": {level for level, _label in LEVELS},
        "moon": {m.value for m in MoonMode},
        "tie": {t.value for t in TieRule},
    }
    for name, values in allowed.items():
        if getattr(options, name) not in values:
            raise InvalidSave(
                f"the saved game's option '{name}' cannot be {getattr(options, name)!r}"
            )
    return options
