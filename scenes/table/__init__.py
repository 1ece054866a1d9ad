"""The table: the table scene and its parts (layout, renderer and overlay, animator, hand
controls, buttons, advisor), the local table, the game session, last trick, the score window and
the card art. The parts read the scene through narrow Protocols of their own, never the scene.

May import ``game``, ``scenes.core`` and ``scenes.ui``; never ``scenes.screens`` or
``scenes.records``.
"""
