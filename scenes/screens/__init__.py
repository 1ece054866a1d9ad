"""The menu and the screens around a game: new game, settings, about, rules, online.

May import ``game``, ``scenes.core``, ``scenes.ui`` and ``scenes.table``.
"""
