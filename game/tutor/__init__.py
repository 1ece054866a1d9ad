"""The tutor: its choice and the sentence that says why (advice), and the hand review.

May import ``game.engine``, ``game.ai`` and ``game.text``; never ``game.records``, ``game.net``
or pygame.
"""
