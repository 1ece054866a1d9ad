"""The tutor's sentences: every template it may say, and how one is rendered into text.

Sentences are language-neutral :class:`Sentence` values: an English template (the gettext
``msgid``) and its blanks. :func:`render` turns one into text with the window's translation
functions and seat names; ``game/`` never imports the window. Which sentence is said, and the
facts in its blanks, are :mod:`game.tutor.advice`'s.

>>> render(sentence(Q_COSTLY, card=Card.parse("QS")))
'the Q♠ costs 13 points to whoever takes it'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from game.engine.cards import Card
from game.engine.legality import NO_LED_SUIT, SUIT_NAMES, Reason, reason_blanks

# -- sentences ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardRef:
    """Cards named in a sentence (rendered with the window's card names, "Q♠" by default)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class SeatRef:
    """A seat named in a sentence (rendered with the window's seat names)."""

    seat: int
    players: int = 4  # how many seats the table has (the default names fit four)


@dataclass(frozen=True)
class Sentence:
    """One sentence, still in no language: ``template_id`` is the English text with ``{name}``
    blanks (and the gettext msgid); ``plural_id`` the English plural, chosen by ``count``.

    >>> render(Sentence("Play the {card}", (("card", CardRef((Card.parse("QS"),))),)))
    'Play the Q♠'
    """

    template_id: str
    params: tuple[tuple[str, str | int | CardRef | SeatRef | Sentence], ...] = ()
    plural_id: str | None = None
    lower_first: bool = False  # its first letter in lower case (set inside another sentence)

    @property
    def args(self) -> dict[str, str | int | CardRef | SeatRef | Sentence]:
        """The blanks as a dict."""
        return dict(self.params)

    @property
    def count(self) -> int | None:
        value = self.args.get("count")
        return value if isinstance(value, int) else None

    def cards(self) -> tuple[Card, ...]:
        """Every card the sentence names, nested sentences included, in order."""
        found: list[Card] = []
        for _, value in self.params:
            if isinstance(value, CardRef):
                found.extend(value.cards)
            elif isinstance(value, Sentence):
                found.extend(value.cards())
        return tuple(found)


def sentence(template: str, plural: str | None = None, /, **params: object) -> Sentence:
    checked: list[tuple[str, str | int | CardRef | SeatRef | Sentence]] = []
    for key, value in params.items():
        if isinstance(value, Card):
            value = CardRef((value,))
        if not isinstance(value, str | int | CardRef | SeatRef | Sentence):
            raise TypeError(f"a sentence cannot hold {value!r}")
        checked.append((key, value))
    return Sentence(template, tuple(checked), plural)


Translate = Callable[[str], str]
Plural = Callable[[str, str, int], str]


def _identity(text: str) -> str:
    return text


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


DEFAULT_SEAT_NAMES: Final = ("You", "West", "North", "East")
"""Seat names when the window gives none (the catalog translates them); seat 0 is the player."""


SEAT_NUMBER: Final = "Seat {number}"


def default_seat_name(seat: int, translate: Translate = _identity, players: int = 4) -> str:
    """West, North... at a table of four; "Seat 2" (counting from 1) otherwise.

    >>> default_seat_name(3), default_seat_name(2, players=5)
    ('East', 'Seat 3')
    """
    if players == len(DEFAULT_SEAT_NAMES) and 0 <= seat < players:
        return translate(DEFAULT_SEAT_NAMES[seat])
    return translate(SEAT_NUMBER).format(number=seat + 1)


def render(
    sentence: Sentence,
    translate: Translate | None = None,
    plural: Plural | None = None,
    *,
    seat_name: Callable[[int], str] | None = None,
    card_name: Callable[[Card], object] | None = None,
) -> str:
    """The sentence as text. Give gettext's ``_`` and ``ngettext`` for another language, and the
    window's seat names (default :data:`DEFAULT_SEAT_NAMES`, translated) and card names.

    A card name may be any object: a translation writes ``{card:le}`` to ask it for the name
    with its article (``scenes.core.i18n.card_name`` gives "la D♠", "l'A♥"...); a list of cards is
    always written bare.

    >>> s = Sentence("{seat} took {count} point", (("seat", SeatRef(3)), ("count", 2)),
    ...              "{seat} took {count} points")
    >>> french = {"{seat} took {count} points": "{seat} a pris {count} points", "East": "Est"}
    >>> render(s), render(s, lambda text: french.get(text, text))
    ('East took 2 points', 'Est a pris 2 points')
    """
    tr = translate or _identity
    pl: Plural = plural or (lambda s, p, n: tr(_english_plural(s, p, n)))

    def names(ref: SeatRef) -> str:
        if seat_name is not None:
            return seat_name(ref.seat)
        return default_seat_name(ref.seat, tr, ref.players)

    card_text = card_name or (lambda card: card.symbol())

    def one(s: Sentence) -> str:
        count = s.count
        if s.plural_id is not None and count is not None:
            template = pl(s.template_id, s.plural_id, count)
        else:
            template = tr(s.template_id)
        values: dict[str, object] = {}
        for key, value in s.params:
            if isinstance(value, Sentence):
                values[key] = one(value)
            elif isinstance(value, CardRef) and len(value.cards) == 1:
                values[key] = card_text(value.cards[0])
            elif isinstance(value, CardRef):
                values[key] = " ".join(str(card_text(c)) for c in value.cards)
            elif isinstance(value, SeatRef):
                values[key] = names(value)
            else:
                values[key] = str(value)
        try:
            text = template.format(**values)
        except (KeyError, IndexError, ValueError, TypeError):
            # A translation whose blanks do not match: the English still reads right.
            english = _english_plural(s.template_id, s.plural_id or s.template_id, count or 0)
            text = english.format(**{k: str(v) for k, v in values.items()})
        return text[:1].lower() + text[1:] if s.lower_first else text

    return one(sentence)


def suit_word(suit: int) -> Sentence:
    """A suit's name ("clubs"...) as a nested sentence, translated with the rest."""
    return Sentence(SUIT_NAMES[suit])


def refusal(reason: Reason, led_suit: int = NO_LED_SUIT, first_lead: int = 0) -> Sentence:
    """The engine's refusal as a sentence, its blanks filled as every form of it fills them
    (:func:`game.engine.legality.reason_blanks`): the window says it in its language.

    >>> render(refusal(Reason.MUST_FOLLOW_SUIT, led_suit=1))
    'You must follow diamonds'
    """
    blanks = reason_blanks(reason, led_suit, first_lead)
    params: dict[str, object] = {}
    if blanks.suit is not None:
        params["suit"] = suit_word(blanks.suit)
    if blanks.card is not None:
        params["card"] = blanks.card
    if "{count}" in reason.value:
        params["count"] = blanks.count
    return sentence(reason.value, **params)


# Every template the tutor uses, so tools and tests can list them. Passing: a clause about one
# card, inside "Pass {cards}: {reason}" (the whole pass) or "Pass the {card}: {reason}".
PASS_ALL: Final = "Pass {cards}: {reason}"
PASS_EACH: Final = "Pass {cards}: {first}; {second}; {third}"  # a clause per card
PASS_TWO: Final = "Pass {cards}: {first}; {second}"  # a clause said once for two cards
PASS_ONE: Final = "Pass the {card}: {reason}"
Q_UNGUARDED_NONE: Final = "the {card} has no lower spade to protect it"
Q_UNGUARDED: Final = "the {card} has only {count} lower spade to protect it"
Q_UNGUARDED_PL: Final = "the {card} has only {count} lower spades to protect it"
Q_COSTLY: Final = "the {card} costs 13 points to whoever takes it"
HIGH_SPADE_NONE: Final = "the {card} could catch the queen and you have no lower spade"
HIGH_SPADE: Final = "the {card} could catch the queen and you have only {count} lower spade"
HIGH_SPADE_PL: Final = "the {card} could catch the queen and you have only {count} lower spades"
HIGH_HEART: Final = "the {card} is a high heart that would win tricks full of points"
VOID: Final = (
    "without the {card} you have no {suit} left, so you can throw points when they are led"
)
ABOVE_NONE: Final = (
    "nobody else holds a card above the {card} in its suit, so it would win every trick it joins"
)
ABOVE_FEW: Final = "the others hold only {count} card above the {card} in its suit, so it would win most tricks it joins"  # noqa: E501
ABOVE_FEW_PL: Final = "the others hold only {count} cards above the {card} in its suit, so it would win most tricks it joins"  # noqa: E501
TOP_KEPT: Final = (
    "the {card} is higher than all the {suit} you keep, so you are left with fewer tricks to win"
)
SHORT: Final = "after the {card} goes, you keep only {count} card of its suit, so you will soon be free to throw points on it"  # noqa: E501
SHORT_PL: Final = "after the {card} goes, you keep only {count} cards of its suit, so you will soon be free to throw points on it"  # noqa: E501
FEWER: Final = "after the {card} goes, you keep {count} card of its suit, so it runs out sooner and you can throw points on it"  # noqa: E501
FEWER_PL: Final = "after the {card} goes, you keep {count} cards of its suit, so it runs out sooner and you can throw points on it"  # noqa: E501
MOON_KEEP: Final = "you keep your {count} heart and try to take every point"
MOON_KEEP_PL: Final = "you keep your {count} hearts and try to take every point"
# The same pass reasons, brief, for the whole pass's one sentence (a clause for each card).
BRIEF_Q_NONE: Final = "the {card} has no lower spade to guard it"
BRIEF_Q: Final = "the {card} has only {count} lower spade to guard it"
BRIEF_Q_PL: Final = "the {card} has only {count} lower spades to guard it"
BRIEF_HIGH_SPADE_NONE: Final = "the {card} could catch the queen, with no lower spade"
BRIEF_HIGH_SPADE: Final = "the {card} could catch the queen, with only {count} lower spade"
BRIEF_HIGH_SPADE_PL: Final = "the {card} could catch the queen, with only {count} lower spades"
BRIEF_HIGH_HEART: Final = "the {card} would win tricks full of points"
BRIEF_VOID: Final = "the {card} leaves you no {suit}, so you can throw points"
BRIEF_ABOVE_NONE: Final = "the {card} would win every trick it joins"
BRIEF_ABOVE_FEW: Final = "the {card} would win most tricks it joins"
BRIEF_TOP_KEPT: Final = "the {card} tops all the {suit} you keep, so you win fewer tricks"
BRIEF_SHORT: Final = "the {card} leaves only {count} card of its suit, so you can soon throw points"
BRIEF_SHORT_PL: Final = (
    "the {card} leaves only {count} cards of its suit, so you can soon throw points"
)
BRIEF_FEWER: Final = "the {card} leaves {count} card of its suit, so it runs out sooner"
BRIEF_FEWER_PL: Final = "the {card} leaves {count} cards of its suit, so it runs out sooner"
# A suit's length clause, said once for the passed cards of that suit it holds for together.
GROUP_VOID: Final = "the {cards} leave you no {suit}, so you can throw points"
GROUP_SHORT: Final = (
    "the {cards} leave only {count} card of their suit, so you can soon throw points"
)
GROUP_SHORT_PL: Final = (
    "the {cards} leave only {count} cards of their suit, so you can soon throw points"
)
GROUP_FEWER: Final = "the {cards} leave {count} card of their suit, so it runs out sooner"
GROUP_FEWER_PL: Final = "the {cards} leave {count} cards of their suit, so it runs out sooner"
# Playing: whole sentences.
ONLY_CARD: Final = "Play the {card}: it is the only card you may play"
LEAD_NOBODY: Final = "Lead the {card}: nobody else holds that suit any more, so you keep the lead"
LEAD_CANNOT_WIN: Final = (
    "Lead the {card}: every card of that suit still out is higher, so you cannot win the trick"
)
LEAD_LOWER: Final = "Lead the {card}: only {count} lower card of that suit is still out, so another card will most likely win the trick"  # noqa: E501
LEAD_LOWER_PL: Final = "Lead the {card}: only {count} lower cards of that suit are still out, so another card will most likely win the trick"  # noqa: E501
LEAD_WINS: Final = (
    "Lead the {card}: no higher card of that suit is still out, so you win the trick and lead again"
)
LEAD_LIKELY: Final = "Lead the {card}: only {count} higher card of that suit is still out, so you will most likely win the trick and lead again"  # noqa: E501
LEAD_LIKELY_PL: Final = "Lead the {card}: only {count} higher cards of that suit are still out, so you will most likely win the trick and lead again"  # noqa: E501
LEAD_SPADE_SAFE: Final = "Lead the {card}: the queen of spades has already been played, so this spade trick cannot bring her to you"  # noqa: E501
LEAD_HIGHER: Final = "Lead the {card}: {count} higher card of that suit is still out to beat it"
LEAD_HIGHER_PL: Final = (
    "Lead the {card}: {count} higher cards of that suit are still out to beat it"
)
FLUSH: Final = "Lead the {card} to flush out the queen: it is still out and you hold neither the ace nor the king"  # noqa: E501
DUCK_LAST: Final = (
    "Play the {card} under the {winning}: the trick is already won and you stay out of it"
)
DUCK: Final = "Play the {card} under the {winning}: {seat} is winning the trick and you stay below"
DUCK_QUEEN: Final = "Play the {card} under the {winning}: the queen of spades is still out and someone plays after you, so taking this trick could bring her to you"  # noqa: E501
FOLLOW_LOW: Final = "Play the {card}: every card you may play beats the {winning}, and this is the lowest, so a later card may still beat it"  # noqa: E501
WIN_LAST_CLEAN: Final = "Take the trick with the {card}: you play last and it holds no points, so a high card goes at no cost"  # noqa: E501
WIN_LAST: Final = "Take the trick with the {card}: you play last and it holds only {count} point, a small price to be rid of a high card"  # noqa: E501
WIN_LAST_PL: Final = "Take the trick with the {card}: you play last and it holds only {count} points, a small price to be rid of a high card"  # noqa: E501
WIN_LAST_FREE: Final = "Take the trick with the {card}: you play last and it holds no points, so winning it costs nothing"  # noqa: E501
WIN_FORCED: Final = "Take the trick with the {card}: every card you may play beats the {winning}, so the trick is yours whichever you play"  # noqa: E501
FOLLOW_WINS: Final = (
    "Play the {card}: no higher card of that suit is still out, so you win this trick"
)
FIRST_TRICK: Final = (
    "Play the {card}: points may not be played on the first trick, so winning it is safe"
)
OVER_GAIN: Final = "Play the {card} over the {winning}: the trick holds {count} points, so taking it lowers your score"  # noqa: E501
OVER: Final = "Play the {card} over the {winning}: the trick holds no points so far, so taking it costs nothing yet"  # noqa: E501
QUEEN_UNDER: Final = "Play the {card} under the {winning}: the queen cannot win this trick, so someone else takes her"  # noqa: E501
QUEEN_THROW: Final = "Throw the {card}: you have no {suit}, so you are rid of the queen; {seat} is winning the trick with the {winning}"  # noqa: E501
THROW_HIGH_SPADE: Final = (
    "Throw the {card}: you have no {suit}, and the queen is still out for it to catch"
)
THROW_HIGH_HEART: Final = "Throw the {card}: you have no {suit}, and it is your highest heart, the one most likely to take a trick later"  # noqa: E501
THROW_HIGHEST: Final = "Throw the {card}: you have no {suit}, and it is the highest you hold in its suit, the one most likely to take a trick later"  # noqa: E501
THROW_LAST_OF_SUIT: Final = "Throw the {card}: you have no {suit}, and it is the last card of its suit you hold, so you can throw points when that suit is led too"  # noqa: E501
THROW_LAST: Final = "Throw the {card}: you have no {suit} and play last, so {seat} takes the trick with the {winning}"  # noqa: E501
THROW_HEART_ON: Final = "Throw the {card}: you have no {suit}, so its point goes to another player; {seat} is winning the trick with the {winning} so far"  # noqa: E501
THROW_UNBEATEN: Final = "Throw the {card}: you have no {suit}, and no card still out beats it in its suit, so it would take a trick later"  # noqa: E501
THROW_FEW_ABOVE: Final = "Throw the {card}: you have no {suit}, and only {count} card still out beats it in its suit, so it could take a trick later"  # noqa: E501
THROW_FEW_ABOVE_PL: Final = "Throw the {card}: you have no {suit}, and only {count} cards still out beat it in its suit, so it could take a trick later"  # noqa: E501
BLOCK: Final = "Take the trick with the {card}: {seat} has taken every point so far ({count}) and may be running for the moon"  # noqa: E501
KEEP_STOPPER: Final = "Play the {card}: {seat} has taken every point so far ({count}) and may be running for the moon, so keep your high cards to stop it and give it no point"  # noqa: E501
KEEP_FROM_RUN: Final = "Play the {card}: {seat} has won the last {count} tricks, leading from the top, and may be running for the moon, so keep your hearts to stop it and give it none"  # noqa: E501
SHOOT: Final = (
    "Play the {card}: you have taken every point so far ({count}), keep going for the moon"
)
SHOOT_LEAD: Final = (
    "Lead the {card}: you have taken every point so far ({count}), keep going for the moon"
)
KEEP_LOW: Final = "Play the {card} over the {winning}: you keep the {low}, a lower card of that suit, so you can still stay under a later trick in it"  # noqa: E501
THROW_SHORTEN: Final = "Throw the {card}: you have no {suit}, and it leaves you {count} card of its suit, so you come nearer a void there too"  # noqa: E501
THROW_SHORTEN_PL: Final = "Throw the {card}: you have no {suit}, and it leaves you {count} cards of its suit, so you come nearer a void there too"  # noqa: E501
ALIKE: Final = "Play the {card}: the cards you may play are a run of one suit with no card still out between them, so any of them does the same"  # noqa: E501
# The moon choice and illegal plays.
MOON_SUBTRACT: Final = (
    "Take 26 points off your score: giving the others 26 would not end the game in your favour"
)
MOON_ADD: Final = "Give everyone else 26 points: it ends the game with you alone in the lead"
MAY_PLAY: Final = "{reason}. You may play: {cards}"

SINGULAR_TO_PLURAL: Final = {
    Q_UNGUARDED: Q_UNGUARDED_PL,
    HIGH_SPADE: HIGH_SPADE_PL,
    ABOVE_FEW: ABOVE_FEW_PL,
    SHORT: SHORT_PL,
    MOON_KEEP: MOON_KEEP_PL,
    LEAD_HIGHER: LEAD_HIGHER_PL,
    LEAD_LIKELY: LEAD_LIKELY_PL,
    THROW_FEW_ABOVE: THROW_FEW_ABOVE_PL,
    LEAD_LOWER: LEAD_LOWER_PL,
    WIN_LAST: WIN_LAST_PL,
    FEWER: FEWER_PL,
    THROW_SHORTEN: THROW_SHORTEN_PL,
    BRIEF_Q: BRIEF_Q_PL,
    BRIEF_HIGH_SPADE: BRIEF_HIGH_SPADE_PL,
    BRIEF_SHORT: BRIEF_SHORT_PL,
    BRIEF_FEWER: BRIEF_FEWER_PL,
    GROUP_SHORT: GROUP_SHORT_PL,
    GROUP_FEWER: GROUP_FEWER_PL,
}
"""The sentences that change with ``count``: English singular -> plural (for the catalogs)."""

BRIEF: Final = {
    Q_UNGUARDED_NONE: BRIEF_Q_NONE,
    Q_UNGUARDED: BRIEF_Q,
    Q_COSTLY: Q_COSTLY,
    HIGH_SPADE_NONE: BRIEF_HIGH_SPADE_NONE,
    HIGH_SPADE: BRIEF_HIGH_SPADE,
    HIGH_HEART: BRIEF_HIGH_HEART,
    VOID: BRIEF_VOID,
    ABOVE_NONE: BRIEF_ABOVE_NONE,
    ABOVE_FEW: BRIEF_ABOVE_FEW,
    TOP_KEPT: BRIEF_TOP_KEPT,
    SHORT: BRIEF_SHORT,
    FEWER: BRIEF_FEWER,
}
"""A pass clause -> its brief form (same blanks, a claim no larger), for :data:`PASS_EACH`."""


def brief(clause: Sentence) -> Sentence:
    """The brief form of a pass clause (the clause itself when it has none).

    >>> render(brief(counted(Q_UNGUARDED, 1, card=Card.parse("QS"))))
    'the Q♠ has only 1 lower spade to guard it'
    """
    short = BRIEF.get(clause.template_id)
    if short is None:
        return clause
    return Sentence(short, clause.params, SINGULAR_TO_PLURAL.get(short))


GROUPS: Final = {VOID: GROUP_VOID, SHORT: GROUP_SHORT, FEWER: GROUP_FEWER}
"""A suit-length pass clause -> its form for several cards of the suit (true only together)."""

REASONS_EACH: Final = "{first}; {second}; {third}"  # PASS_EACH without its head
REASONS_TWO: Final = "{first}; {second}"  # PASS_TWO without its head
REASONS_ONLY: Final = {PASS_EACH: REASONS_EACH, PASS_TWO: REASONS_TWO}


def reasons_of(said: Sentence) -> Sentence:
    """A pass sentence without its "Pass {cards}:" head (for a line that names the cards
    already); any other sentence as it is.

    >>> queen = Card.parse("QS")
    >>> why = sentence(Q_COSTLY, card=queen)
    >>> render(reasons_of(sentence(PASS_ALL, cards=CardRef((queen,)), reason=why)))
    'the Q♠ costs 13 points to whoever takes it'
    """
    if said.template_id == PASS_ALL:
        reason = said.args["reason"]
        return reason if isinstance(reason, Sentence) else said
    only = REASONS_ONLY.get(said.template_id)
    if only is None:
        return said
    return Sentence(only, tuple((k, v) for k, v in said.params if k != "cards"))


def counted(template: str, count: int, **params: object) -> Sentence:
    return sentence(template, SINGULAR_TO_PLURAL[template], count=count, **params)


def all_templates() -> list[str]:
    """Every English template the tutor may say, plurals included (for the catalogs)."""
    names = [v for k, v in globals().items() if k.isupper() and isinstance(v, str)]
    return sorted(set(names))
