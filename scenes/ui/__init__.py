"""Reusable pieces of screens: widgets, forms, pages, reports, dialogs and the felt.

May import ``game``, ``scenes.core``; never a screen, the table or the records.
"""
