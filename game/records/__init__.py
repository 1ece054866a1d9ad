"""What the program remembers: the SQLite profile, statistics, the score sheet, the daily challenge.

May import ``game.engine``, ``game.ai``, ``game.text`` and ``game.tutor``; never ``game.net`` or
pygame.
"""
