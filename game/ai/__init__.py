"""Computer opponents: Easy, Medium and Hard, behind the :class:`game.engine.players.Player`
protocol.

Each level also answers ``decide_pass(view)`` and ``decide_play(view)`` with a
:class:`~game.ai.decision.Decision`: the card(s) and the motive with its facts (for the tutor).

May import ``game.engine`` and ``game.native`` (its compiled playouts); never ``game.tutor``,
``game.records``, ``game.net`` or pygame.

>>> player = make_player("hard", seed=1)
>>> isinstance(player, Player), LEVELS
(True, ('easy', 'medium', 'hard'))
>>> make_player("expert", 1)
Traceback (most recent call last):
...
ValueError: unknown level 'expert': choose easy, medium or hard
"""

from __future__ import annotations

from typing import Final

from game.native.builds import prefer_compiled as _prefer_compiled

__path__[:] = _prefer_compiled(list(__path__), __name__)  # game.ai.playout may run compiled

from game.ai.decision import Decision, Motive
from game.ai.easy import EasyPlayer
from game.ai.hard import HardPlayer
from game.ai.medium import MediumPlayer
from game.engine.players import Player

LEVELS: Final = ("easy", "medium", "hard")
AI_VERSION: Final = 9
"""The computer players' version. Bump it with ANY change to how a level plays: a different
pass, card or moon choice for the same seed and view, at any level (tuning a weight, a search
size, a tie-break, the seeding). Stored results that depend on the AI's play are keyed on it:
the daily challenge's par (:func:`game.records.daily.par_key`) is computed again when it changes.
2: Medium's (and so Easy's) moon defence and its lead above a held queen.
3: Hard's playouts defend against a moon as Medium does; Hard defends against a suspected
runner (game.ai.defence.defended).
4: Hard's playouts lead as Medium does (game.ai.playout.medium_lead).
5: Hard weighs its sampled deals by the others' plays so far (game.ai.hard.HardSettings.model).
6: in Hard's playouts the others play a random legal card at times
(game.ai.hard.HardSettings.noise).
7: Medium and Hard keep a top heart from the pass as a moon stopper and throw no heart on a trick
a lone taker of points wins (game.ai.medium.stopper_kept, game.ai.hard.HardSettings.starve).
8: a seat winning trick after trick from the top is suspected before it holds a point, and
Hard's playouts let a seat seen feeding a lone taker go on feeding (game.ai.defence).
9: Hard's playouts model AI 7's Medium: the others keep their stopper from the pass and throw no
heart on a lone taker's trick (game.ai.hard.HardSettings.model_ai7)."""


def make_player(level: str, seed: int | str) -> Player:
    """A computer player of ``level`` ("easy", "medium" or "hard") whose decisions follow from
    ``seed`` and the views it is shown."""
    if level == "easy":
        return EasyPlayer(seed)
    if level == "medium":
        return MediumPlayer(seed)
    if level == "hard":
        return HardPlayer(seed)
    raise ValueError(f"unknown level {level!r}: choose {', '.join(LEVELS[:-1])} or {LEVELS[-1]}")


__all__ = [
    "AI_VERSION",
    "LEVELS",
    "Decision",
    "EasyPlayer",
    "HardPlayer",
    "MediumPlayer",
    "Motive",
    "make_player",
]
