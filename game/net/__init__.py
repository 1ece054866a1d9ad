"""The online table: the protocol, one table without networking, the table server and its
command line, the client a window plays through, discovery on the local network, hosting.

May import ``game.engine`` and ``game.ai`` (the computer players at a table); never
``game.records``, ``game.tutor`` or pygame (a window keeps its seats through
:mod:`game.net.seat_book`, handed the profile).
"""
