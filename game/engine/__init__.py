"""The rules engine: cards, rules, deal, legality, hands, matches and a seat's view.

Imports nothing of the project outside ``game.engine`` (and :mod:`game.native.builds`);
everything else in ``game/`` and ``scenes/`` imports it. Its hot modules may run compiled
(game/native/).
"""

from game.native.builds import prefer_compiled as _prefer_compiled

__path__[:] = _prefer_compiled(list(__path__), __name__)
