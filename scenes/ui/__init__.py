"""Reusable pieces of screens: widgets, forms, pages, reports and dialogs.

May import ``game`` and ``scenes.core``; never a screen.
"""
