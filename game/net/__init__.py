"""The online table: the protocol, one table without networking, the table server and its
command line, the client a window plays through, discovery on the local network, hosting.

May import ``game.engine``, ``game.ai`` (the computer players at a table) and
``game.records.daily`` (the friends' board replays a result against the date's challenge, a pure
function of the date) and ``game.notation`` (the program's tags on a written game); never the rest
of ``game.records``, ``game.tutor`` or pygame (a window keeps its seats through
:mod:`game.net.seat_book`, handed the profile).
"""
