"""The menu and the screens around a game: new game, settings, about, rules, online.

May import ``game``, ``scenes.core``, ``scenes.ui``, ``scenes.table`` and ``scenes.records`` (the
menu opens the records' screens); the app's start-up builds the menu.
"""
