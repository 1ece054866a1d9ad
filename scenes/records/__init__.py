"""The screens of what was played: statistics, history, hand review, daily, photos, score sheet.

May import ``game``, ``scenes.core``, ``scenes.ui`` and ``scenes.table``; never
``scenes.screens`` (the menu opens these screens; the table's score window opens the hand
review through :class:`scenes.core.services.Reviews`).
"""
