"""A game notation for Hearts, as PGN is for chess: any game or hand as plain text a person can
read, write and paste into a message (docs/notation.md is the specification).

:func:`write_match` writes a :class:`~game.engine.match.Match` (or some of its hands);
:func:`read_game` reads the text back by replaying every move through the engine, and refuses
the first fault with a :class:`NotationError` naming its line and column. ``python -m
game.notation`` checks and converts games from the command line (:mod:`game.notation.cli`).

May import ``game.engine``, ``game.text`` (the sentences of its refusals) and ``game.ai`` (the
AI's version in the program's tags); never ``game.records``, ``game.tutor``, ``game.net`` or
pygame.

>>> from game.engine.match import Match
>>> from game.engine.rules import Rules
>>> match = Match.new(Rules(), seed=11)
>>> read_game(write_match(match, spelling=SYMBOLS)).match.hand.dealt == match.hand.dealt
True
"""

from game.notation.reader import ReadGame, read_game
from game.notation.syntax import FRENCH, LETTERS, SPELLINGS, SYMBOLS, NotationError
from game.notation.writer import rules_words, write_match

__all__ = [
    "FRENCH",
    "LETTERS",
    "SPELLINGS",
    "SYMBOLS",
    "NotationError",
    "ReadGame",
    "read_game",
    "rules_words",
    "write_match",
]
