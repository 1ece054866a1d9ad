"""A game in progress as the window holds it: the engine's match, the options it was started
with and who sits where. Saved as plain data (the engine's own save inside), so a game is
restored exactly, even after a crash.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any, Final

from game.match import Match
from game.players import Player
from game.save import InvalidSave, load_match, save_match
from scenes.opponents import make_opponent
from scenes.preferences import GameOptions

SESSION_FORMAT: Final = "dame-de-pique/session"
SESSION_VERSION: Final = 1
HUMAN_SEAT: Final = 0


@dataclass
class GameSession:
    match: Match
    options: GameOptions
    human_seat: int | None = HUMAN_SEAT  # None: the computer plays every seat (demo)
    players: dict[int, Player] = field(default_factory=dict)
    autoplay: bool = False  # the computer plays the player's seat too (the game is still saved)

    def __post_init__(self) -> None:
        for seat in range(self.match.rules.players):
            if self.is_computer(seat) and seat not in self.players:
                self.players[seat] = make_opponent(
                    self.options.level, f"{self.match.seed}/seat{seat}"
                )

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

    def is_computer(self, seat: int) -> bool:
        return self.autoplay or seat != self.human_seat

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
        return cls(match, GameOptions.from_dict(data.get("options")), autoplay=autoplay)
