"""The arena: the computer players measured against each other and against yardsticks on
duplicate deals, with 95% intervals (:mod:`game.arena.duplicate`; ``python -m game.arena``).

A measuring tool, not part of a game: nothing else in ``game/`` or ``scenes/`` imports it.
May import ``game.engine`` and ``game.ai``; never ``game.records``, ``game.net`` or pygame.
"""
