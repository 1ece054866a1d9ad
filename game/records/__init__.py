"""What the program remembers: the SQLite profile, statistics, the score sheet, the daily challenge.

May import ``game.engine``, ``game.ai`` and ``game.text``; never ``game.tutor``, ``game.net`` or
pygame.
"""
