"""The rules engine: cards, rules, deal, legality, hands, matches and a seat's view.

May import ``game.native`` (its hot modules may run compiled) and nothing else of the project;
everything else in ``game/`` and ``scenes/`` imports it.
"""

from game.native.builds import prefer_compiled as _prefer_compiled

__path__[:] = _prefer_compiled(list(__path__), __name__)
