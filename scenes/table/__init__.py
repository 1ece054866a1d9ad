"""The table: the table scene and its parts (layout, renderer, animator, hand controls), the local
table, the game session, last trick, the score window and the card art.

May import ``game``, ``scenes.core`` and ``scenes.ui``; never ``scenes.screens`` or
``scenes.records``.
"""
