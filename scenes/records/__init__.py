"""The screens of what was played: statistics, history, hand review, daily, photos, score sheet.

May import ``game``, ``scenes.core``, ``scenes.ui`` and ``scenes.table``.
"""
