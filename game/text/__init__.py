"""Sentences in no language yet: a template and its values, rendered by whoever shows them (the
window in the player's language, the daily challenge's shared line). The tutor, the records and
the window all use them.

May import ``game.engine``; never ``game.ai``, ``game.tutor``, ``game.records``, ``game.net`` or
pygame.
"""
