"""What the computer players remember of the person at this computer across games (issue 44,
step 4): whether they shot the moon in each of their last hands, and the rule that makes them a
shooter Hard watches from the first card (:class:`~game.ai.hard.HardSettings`' ``marked``).

The model reads only what every seat at the table sees: a hand's scores (a seat shot the moon
when every other seat took 26 more than it). It is plain data kept in the profile, tagged with
the :data:`~game.ai.AI_VERSION` that wrote it: a model of another version, or one that cannot
be read, is set aside and a fresh one started, with the reason (:meth:`PersonModel.restore`).

>>> model = PersonModel.new()
>>> for scores in [(0, 26, 26, 26), (3, 10, 13, 0), (0, 26, 26, 26)]:
...     model = model.after_hand(scores, seat=0)
>>> model.moons, model.is_shooter
(2, True)
>>> PersonModel.restore(model.to_dict()) == (model, None)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from game.ai import AI_VERSION
from game.engine.rules import MOON_POINTS

WINDOW: Final = 10  # the person's last hands the model remembers
# Moons in the window that make the person a shooter: two in ten is a person who shoots about
# as often as the moon's 3-in-10 of issue 44's aim, and one a careful player rarely reaches
# (a seat shooting 2% of its hands has 2 of 10 about once in 60 windows).
SHOOTER_MOONS: Final = 2
FORMAT: Final = "dame-de-pique/person-model"


class ModelRefused(ValueError):
    """A stored model that cannot be used, with the reason a person reads (one of a few fixed
    sentences, so the window's catalogs translate it)."""


def shot_the_moon(scores: Sequence[int], seat: int) -> bool:
    """``seat`` shot the moon in a hand with these scores: every other seat took 26 more
    (either way the rules score a moon).

    >>> shot_the_moon((0, 26, 26, 26), 0), shot_the_moon((-26, 0, 0, 0), 0)
    (True, True)
    >>> shot_the_moon((0, 13, 13, 0), 0)
    False
    """
    mine = scores[seat]
    return all(o - mine >= MOON_POINTS for s, o in enumerate(scores) if s != seat)


@dataclass(frozen=True)
class PersonModel:
    """The person's last :data:`WINDOW` hands, True where they shot the moon (oldest first),
    and how many hands the model has seen in all."""

    recent: tuple[bool, ...] = ()
    hands: int = 0
    last: str = ""  # the last hand learned ("match seed/hand number"): never learned twice
    version: int = AI_VERSION

    @classmethod
    def new(cls) -> PersonModel:
        """A model that has seen nothing (nobody is a shooter yet)."""
        return cls()

    @property
    def moons(self) -> int:
        """The person's moons in the window."""
        return sum(self.recent)

    @property
    def is_shooter(self) -> bool:
        """The person shot the moon :data:`SHOOTER_MOONS` times or more in their last
        :data:`WINDOW` hands: Hard watches their seat as a runner from the first card."""
        return self.moons >= SHOOTER_MOONS

    def after_hand(self, scores: Sequence[int], seat: int, hand: str = "") -> PersonModel:
        """The model once the person at ``seat`` finished a hand with these scores (``hand``
        names the hand: the same hand named again changes nothing)."""
        if hand and hand == self.last:
            return self
        recent = (*self.recent, shot_the_moon(scores, seat))[-WINDOW:]
        return PersonModel(recent, self.hands + 1, hand, self.version)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "ai_version": self.version,
            "hands": self.hands,
            "recent": [int(m) for m in self.recent],
            "last": self.last,
        }

    @classmethod
    def from_dict(cls, data: Any) -> PersonModel:
        """The model stored as ``data``; raises :class:`ModelRefused` saying why it cannot be
        used (not a model, another AI version, damaged figures)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ModelRefused("this is not what the opponents learned of your play")
        if data.get("ai_version") != AI_VERSION:
            raise ModelRefused("it was learned by opponents of another version")
        hands, recent = data.get("hands"), data.get("recent")
        if not isinstance(hands, int) or isinstance(hands, bool) or hands < 0:
            raise ModelRefused("its figures are damaged")
        if not isinstance(recent, list) or len(recent) > WINDOW:
            raise ModelRefused("its figures are damaged")
        if any(m not in (0, 1) or isinstance(m, float) for m in recent) or len(recent) > hands:
            raise ModelRefused("its figures are damaged")
        last = data.get("last", "")
        if not isinstance(last, str):
            raise ModelRefused("its figures are damaged")
        return cls(tuple(bool(m) for m in recent), hands, last, AI_VERSION)

    @classmethod
    def restore(cls, data: Any) -> tuple[PersonModel, str | None]:
        """The stored model, or a fresh one and the reason the stored one was not used (None
        when nothing was stored or it was used)."""
        if data is None:
            return cls.new(), None
        try:
            return cls.from_dict(data), None
        except ModelRefused as refused:
            return cls.new(), str(refused)
