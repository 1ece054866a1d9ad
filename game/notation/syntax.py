"""The notation's lexical layer: comments, lines, words with their columns, tags, card spellings.

Nothing here knows the rules: :mod:`game.notation.reader` replays what these functions
cut out through the engine. Columns count characters (not bytes) from 1, as an editor shows
them; a comment is blanked to spaces before anything is read, so the columns after it stay
those of the original text.

>>> [w.text for w in words(blank_comments("Trick 1 seat 2: 2C {a comment} 4C"), 1)]
['Trick', '1', 'seat', '2:', '2C', '4C']
>>> card_text(Card.parse("QS"), SYMBOLS), card_text(Card.parse("QS"), FRENCH)
('Q♠', 'D♠')
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from game.engine.cards import CARDS, RANK_NAMES, RANKS_PER_SUIT, SUIT_SYMBOLS, Card
from game.text.sentences import Sentence, render, sentence

LETTERS: Final = "letters"  # QS, 10H: plain ASCII, easy to type
SYMBOLS: Final = "symbols"  # Q♠, 10♥
FRENCH: Final = "french"  # D♠, 10♥: the French honours (V valet, D dame, R roi)
SPELLINGS: Final = (LETTERS, SYMBOLS, FRENCH)
_FRENCH_RANKS: Final = {"J": "V", "Q": "D", "K": "R"}

_TAG: Final = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_ESCAPE: Final = re.compile(r"\\(.)")
_WORD: Final = re.compile(r"\S+")


WHERE: Final = "line {line}, column {column}: {problem}"


class NotationError(ValueError):
    """Text that is not a valid game: one sentence naming the line and column of the fault.

    ``problem`` is an English template (the gettext msgid) with ``{name}`` blanks filled from
    ``params``, so the window can say it in its own language (:meth:`said`, rendered like the
    tutor's sentences); ``str()`` is the English.

    >>> error = NotationError(2, 12, "{card} is dealt twice", card=Card.parse("2C"))
    >>> str(error), error.problem
    ('line 2, column 12: 2♣ is dealt twice', '2♣ is dealt twice')
    """

    def __init__(self, line: int, column: int, problem: str, /, **params: object) -> None:
        self.sentence = sentence(problem, **params)
        self.problem = render(self.sentence)
        super().__init__(f"line {line}, column {column}: {self.problem}")
        self.line = line
        self.column = column

    def said(self) -> Sentence:
        """The whole sentence, its place first, for the window to render."""
        return sentence(WHERE, line=self.line, column=self.column, problem=self.sentence)


@dataclass(frozen=True)
class Word:
    """A run of non-blank characters and where it starts."""

    text: str
    line: int
    column: int

    def fail(self, problem: str, /, **params: object) -> NotationError:
        return NotationError(self.line, self.column, problem, **params)


@dataclass(frozen=True)
class Line:
    """One line that is not blank once its comments are gone."""

    number: int
    text: str  # comments blanked, trailing blanks removed

    def fail(self, column: int, problem: str, /, **params: object) -> NotationError:
        return NotationError(self.number, column, problem, **params)


def words(text: str, line: int, start: int = 0) -> list[Word]:
    """The words of ``text[start:]`` (a line), each with its 1-based column."""
    return [Word(m.group(), line, m.start() + 1) for m in _WORD.finditer(text, start)]


def blank_comments(text: str) -> str:
    """``text`` with every ``{comment}`` turned to spaces (its line breaks kept), so that the
    columns of what follows do not move. A ``{`` left open is an error at its place."""
    out: list[str] = []
    opened: tuple[int, int] | None = None
    line, column = 1, 0
    for char in text:
        column += 1
        if opened is None and char == "{":
            opened = (line, column)
            out.append(" ")
        elif opened is not None:
            if char == "}":
                opened = None
            out.append("\n" if char == "\n" else " ")
        elif char == "}":
            raise NotationError(line, column, "a comment is closed here that was never opened")
        else:
            out.append(char)
        if char == "\n":
            line, column = line + 1, 0
    if opened is not None:
        raise NotationError(*opened, "this comment is never closed with '}}'")
    return "".join(out)


def lines(text: str) -> Iterator[Line]:
    """The lines of ``text`` that hold something once comments are blanked."""
    for number, raw in enumerate(blank_comments(text).splitlines(), start=1):
        stripped = raw.rstrip()
        if stripped.strip():
            yield Line(number, stripped)


def read_tag(line: Line) -> tuple[str, str] | None:
    """A ``[Name "value"]`` line as (name, value); None when the line is not a tag."""
    text = line.text.strip()
    if not text.startswith("["):
        return None
    found = _TAG.fullmatch(text)
    if found is None:
        column = line.text.index("[") + 1
        raise line.fail(column, 'a tag is written [Name "value"]')
    return found.group(1), _ESCAPE.sub(r"\1", found.group(2))


def write_tag(name: str, value: str) -> str:
    """A tag line, its value's quotes and backslashes escaped.

    >>> write_tag("Event", 'The "big" game')
    '[Event "The \\\\"big\\\\" game"]'
    """
    escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")
    return f'[{name} "{escaped}"]'


def card_text(card: int, spelling: str) -> str:
    """A card as the spelling writes it."""
    rank = RANK_NAMES[card % RANKS_PER_SUIT]
    if spelling == LETTERS:
        return str(CARDS[card])
    if spelling == FRENCH:
        rank = _FRENCH_RANKS.get(rank, rank)
    return rank + SUIT_SYMBOLS[card // RANKS_PER_SUIT]


def read_card(word: Word) -> Card:
    """The card a word names, in any spelling (QS, Q♠, D♠, 10h, T♥)."""
    try:
        return Card.parse(word.text)
    except ValueError:
        raise word.fail(
            "'{word}' is not a card (write it like QS, Q♠ or D♠)", word=word.text
        ) from None


def read_number(word: Word, what: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` (both included)."""
    text = word.text
    if not re.fullmatch(r"[+-]?\d{1,9}", text):
        raise word.fail(
            "{what} must be a whole number, not '{text}'", what=Sentence(what), text=text
        )
    value = int(text)
    if not low <= value <= high:
        raise word.fail(
            "{what} must be from {low} to {high}, not {value}",
            what=Sentence(what),
            low=low,
            high=high,
            value=value,
        )
    return value
