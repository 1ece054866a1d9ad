"""The tutor: the Hard AI playing the player's seat from that seat's view, saying why in words.

The advice names the card(s) the tutor would choose and the one fact that drove the choice. The
words come from the AI's :class:`~game.ai.decision.Decision` (its motive picks the sentence);
every fact the sentence states is recomputed here from the view, and a motive whose fact does
not hold in the position falls back to a plainer sentence that does, so advice is never false.

Sentences are language-neutral :class:`Sentence` values: an English template (the gettext
``msgid``) and its blanks. :func:`render` turns one into text with the window's translation
functions and seat names; ``game/`` never imports the window.

>>> from game.engine.match import Match
>>> from game.engine.rules import Rules
>>> view = Match.new(Rules(), seed=3).view(0)
>>> s = explain_illegal(view, view.hand & -view.hand)
>>> render(s)
'Cards are not being played now'

Calling from a scene (``scenes.core.i18n`` holds the catalog functions)::

    advice = tutor.advise_play(match.view(0), seed=f"{match.seed}/tutor")  # off the UI thread
    raise_cards(advice.cards)
    line = tutor.render(advice.sentence, _, ngettext, seat_name=my_seat_names)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, Protocol

from game.ai.decision import Decision, Motive
from game.ai.facts import (
    GUARDS_FOR_QUEEN,
    HEARTS,
    HIGH_HEART_RANK,
    HIGH_SPADES,
    LOW_SPADES,
    SPADES,
    cards_above,
    cards_below,
    moon_add_wins,
    moon_runner,
    trick_winner,
)
from game.engine.cards import (
    CARDS,
    HEARTS_MASK,
    PENALTY_MASK,
    QUEEN_OF_SPADES,
    QUEEN_OF_SPADES_BIT,
    RANKS_PER_SUIT,
    SUIT_MASKS,
    Card,
    mask_of,
)
from game.engine.deal import Seed, seed_text
from game.engine.hand import Phase
from game.engine.legality import SUIT_NAMES, Reason, illegal_reason, reason_blanks
from game.engine.rules import PASS_SIZE, MoonMode
from game.engine.view import SeatView

FEW: Final = 3  # a count this small or smaller is "only" that many


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

    >>> render(Sentence("Play the {card}", (("card", CardRef((CARDS[36],))),)))
    'Play the Q♠'
    """

    template_id: str
    params: tuple[tuple[str, str | int | CardRef | SeatRef | Sentence], ...] = ()
    plural_id: str | None = None

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


def _sentence(template: str, plural: str | None = None, /, **params: object) -> Sentence:
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
            return template.format(**values)
        except (KeyError, IndexError, ValueError, TypeError):
            # A translation whose blanks do not match: the English still reads right.
            english = _english_plural(s.template_id, s.plural_id or s.template_id, count or 0)
            return english.format(**{k: str(v) for k, v in values.items()})

    return one(sentence)


def _seat(view: SeatView, seat: int) -> SeatRef:
    return SeatRef(seat, view.rules.players)


def _suit_word(suit: int) -> Sentence:
    """A suit's name ("clubs"...) as a nested sentence, translated with the rest."""
    return Sentence(SUIT_NAMES[suit])


# Every template the tutor uses, so tools and tests can list them. Passing: a clause about one
# card, inside "Pass {cards}: {reason}" (the whole pass) or "Pass the {card}: {reason}".
PASS_ALL: Final = "Pass {cards}: {reason}"
PASS_ONE: Final = "Pass the {card}: {reason}"
Q_UNGUARDED_NONE: Final = "the {card} has no lower spade to protect it"
Q_UNGUARDED: Final = "the {card} has only {count} lower spade to protect it"
Q_UNGUARDED_PL: Final = "the {card} has only {count} lower spades to protect it"
Q_COSTLY: Final = "the {card} costs 13 points to whoever takes it"
HIGH_SPADE_NONE: Final = "the {card} could catch the queen and you have no lower spade"
HIGH_SPADE: Final = "the {card} could catch the queen and you have only {count} lower spade"
HIGH_SPADE_PL: Final = "the {card} could catch the queen and you have only {count} lower spades"
HIGH_HEART: Final = "the {card} is a high heart that would win tricks full of points"
VOID: Final = "you will have no {suit} left, so you can throw points when they are led"
ABOVE_NONE: Final = (
    "nobody else holds a card above the {card} in its suit, so it would win every trick it joins"
)
ABOVE_FEW: Final = "the others hold only {count} card above the {card} in its suit, so it would win most tricks it joins"  # noqa: E501
ABOVE_FEW_PL: Final = "the others hold only {count} cards above the {card} in its suit, so it would win most tricks it joins"  # noqa: E501
TOP_KEPT: Final = (
    "the {card} is higher than every {suit} you keep, so you are left with fewer tricks to win"
)
SHORT: Final = "after the {card} goes, you keep only {count} card of its suit, so you will soon be free to throw points on it"  # noqa: E501
SHORT_PL: Final = "after the {card} goes, you keep only {count} cards of its suit, so you will soon be free to throw points on it"  # noqa: E501
PASS_TRIED: Final = (
    "the tutor's trial deals found these three better to pass than the careful choice"
)
MOON_KEEP: Final = "you keep your {count} heart and try to take every point"
MOON_KEEP_PL: Final = "you keep your {count} hearts and try to take every point"
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
FOLLOW_LOW: Final = "Play the {card}: every card you may play beats the {winning}, and this is the lowest, so a later card may still beat it"  # noqa: E501
WIN_LAST_CLEAN: Final = "Take the trick with the {card}: you play last and it holds no points, so a high card goes at no cost"  # noqa: E501
WIN_LAST: Final = "Take the trick with the {card}: you play last and it holds only {count} point, a small price to be rid of a high card"  # noqa: E501
WIN_LAST_PL: Final = "Take the trick with the {card}: you play last and it holds only {count} points, a small price to be rid of a high card"  # noqa: E501
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
THROW_LAST: Final = "Throw the {card}: you have no {suit} and play last, so {seat} takes the trick with the {winning}"  # noqa: E501
THROW_HEART_ON: Final = "Throw the {card}: you have no {suit}, so its point goes to another player; {seat} is winning the trick with the {winning} so far"  # noqa: E501
THROW_UNBEATEN: Final = "Throw the {card}: you have no {suit}, and no card still out beats it in its suit, so it would take a trick later"  # noqa: E501
THROW_FEW_ABOVE: Final = "Throw the {card}: you have no {suit}, and only {count} card still out beats it in its suit, so it could take a trick later"  # noqa: E501
THROW_FEW_ABOVE_PL: Final = "Throw the {card}: you have no {suit}, and only {count} cards still out beat it in its suit, so it could take a trick later"  # noqa: E501
BLOCK: Final = "Take the trick with the {card}: {seat} has taken every point so far ({count}) and may be running for the moon"  # noqa: E501
KEEP_STOPPER: Final = "Play the {card}: {seat} has taken every point so far ({count}) and may be running for the moon, so keep your high cards to stop it and give it no point"  # noqa: E501
SHOOT: Final = (
    "Play the {card}: you have taken every point so far ({count}), keep going for the moon"
)
SHOOT_LEAD: Final = (
    "Lead the {card}: you have taken every point so far ({count}), keep going for the moon"
)
BEST_ODDS: Final = (
    "Play the {card}: of the {count} cards worth trying, it did best in the tutor's trial deals"
)
BEST_ODDS_LEAD: Final = (
    "Lead the {card}: of the {count} cards worth trying, it did best in the tutor's trial deals"
)
ALIKE: Final = "Play the {card}: the cards you may play are a run of one suit with no card still out between them, so any of them does the same"  # noqa: E501
CHOSEN: Final = "Play the {card}: the tutor judged it best here"
BEST_ODDS_THROW: Final = "Throw the {card}: you have no {suit}, and of the {count} cards worth trying it did best in the tutor's trial deals"  # noqa: E501
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
    THROW_FEW_ABOVE: THROW_FEW_ABOVE_PL,
    LEAD_LOWER: LEAD_LOWER_PL,
    WIN_LAST: WIN_LAST_PL,
}
"""The sentences that change with ``count``: English singular -> plural (for the catalogs)."""


def _counted(template: str, count: int, **params: object) -> Sentence:
    return _sentence(template, SINGULAR_TO_PLURAL[template], count=count, **params)


# -- advice ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Advice:
    """What the tutor would do and why.

    ``cards``: the card to play, or the three to pass (sorted); ``sentence``: the one-line reason
    naming them; ``per_card``: for a pass, each card with its own reason (for a tooltip);
    ``decision``: the AI's decision it was phrased from.
    """

    cards: tuple[Card, ...]
    decision: Decision
    sentence: Sentence
    per_card: tuple[tuple[Card, Sentence], ...] = field(default=())

    @property
    def card(self) -> Card:
        """The card to play (the first card for a pass)."""
        return self.cards[0]

    def text(
        self,
        translate: Translate | None = None,
        plural: Plural | None = None,
        *,
        seat_name: Callable[[int], str] | None = None,
        card_name: Callable[[Card], str] | None = None,
    ) -> str:
        """:func:`render` of :attr:`sentence`."""
        return render(self.sentence, translate, plural, seat_name=seat_name, card_name=card_name)


class DecidingPlayer(Protocol):
    """What the tutor needs of an AI player: its decisions with their motives."""

    def decide_pass(self, view: SeatView) -> Decision: ...

    def decide_play(self, view: SeatView) -> Decision: ...


def tutor_player(seed: Seed) -> DecidingPlayer:
    """The AI the tutor thinks with: the Hard level with this seed."""
    from game.ai.hard import HardPlayer

    return HardPlayer(seed_text(seed))


def advise_pass(view: SeatView, seed: Seed = 0, *, player: DecidingPlayer | None = None) -> Advice:
    """The three cards the tutor would pass from this view, and why.

    ``player`` replaces the Hard AI (tests give it a smaller search budget).
    Raises ValueError when the seat has no pass to choose now.
    """
    if view.phase is not Phase.PASS:
        raise ValueError("there is no pass to choose now")
    if view.pass_chosen[view.seat]:
        raise ValueError("this seat has already chosen its pass")
    decision = (player or tutor_player(seed)).decide_pass(view)
    cards = tuple(sorted(CARDS[c] for c in decision.cards))
    passed = mask_of(cards)
    if len(cards) != PASS_SIZE or passed & ~view.hand:
        raise ValueError(f"the AI chose an impossible pass: {cards}")
    given = {int(c): m for c, m in decision.per_card}
    per_card: list[tuple[Card, Sentence]] = []
    for card in cards:
        clause = pass_clause(view, card, given.get(int(card), decision.motive), passed)
        per_card.append((card, _sentence(PASS_ONE, card=card, reason=clause)))
    lead = CARDS[decision.per_card[0][0]] if decision.per_card else cards[0]
    lead_motive = given.get(int(lead), decision.motive)
    if decision.motive is Motive.KEEP_FOR_MOON:
        lead_motive = decision.motive
    reason = pass_clause(view, lead, lead_motive, passed)
    sentence = _sentence(PASS_ALL, cards=CardRef(cards), reason=reason)
    return Advice(cards, decision, sentence, tuple(per_card))


def advise_play(view: SeatView, seed: Seed = 0, *, player: DecidingPlayer | None = None) -> Advice:
    """The card the tutor would play from this view, and why.

    Raises ValueError when it is not this seat's turn to play.
    """
    if not view.my_turn:
        raise ValueError("it is not this seat's turn to play")
    decision = (player or tutor_player(seed)).decide_play(view)
    card = CARDS[decision.card]
    if not view.legal_mask() >> card & 1:
        raise ValueError(f"the AI chose an illegal card: {card}")
    return Advice((card,), decision, play_sentence(view, card, decision))


def advise_moon(view: SeatView) -> Advice:
    """After shooting the moon with the "shooter chooses" rule: subtract or add, and why."""
    if view.phase is not Phase.MOON_CHOICE or view.turn != view.seat:
        raise ValueError("there is no moon choice to make now")
    if view.rules.moon is not MoonMode.SHOOTER_CHOOSES:
        raise ValueError("these rules give the shooter no choice")
    add = moon_add_wins(view.seat, view.totals, view.rules)
    motive = Motive.MOON_ADD if add else Motive.MOON_SUBTRACT
    return Advice((), Decision((), motive), Sentence(MOON_ADD if add else MOON_SUBTRACT))


def explain_illegal(view: SeatView, card: int, teaching: bool = False) -> Sentence | None:
    """Why this seat may not play ``card`` now (the engine's reason), or None if it may.

    With ``teaching``, the sentence goes on with the cards that are legal instead.

    >>> from game.engine.match import Match
    >>> from game.engine.rules import Rules
    >>> from game.engine.rules import PassDirection
    >>> m = Match.new(Rules(), seed=1, first_pass=PassDirection.HOLD)
    >>> view = m.view(m.hand.turn)
    >>> wrong = view.hand.bit_length() - 1  # the highest card: not the 2♣
    >>> render(explain_illegal(view, wrong, teaching=True))
    'You must lead the 2♣. You may play: 2♣'
    """
    if view.phase is not Phase.PLAY:
        return Sentence(Reason.NOT_PLAYING.value)
    if view.turn != view.seat:
        return Sentence(Reason.NOT_YOUR_TURN.value)
    if not 0 <= card < len(CARDS):
        return Sentence(Reason.NOT_IN_HAND.value)
    led = view.led_suit
    reason = illegal_reason(
        card, view.hand, led, view.trick_number, view.hearts_broken, view.first_lead
    )
    if reason is None:
        return None
    blanks = reason_blanks(reason, led, view.first_lead)
    params: dict[str, object] = {}
    if blanks.suit is not None:
        params["suit"] = _suit_word(blanks.suit)
    if blanks.card is not None:
        params["card"] = blanks.card
    said = _sentence(reason.value, **params)
    if not teaching:
        return said
    return _sentence(MAY_PLAY, reason=said, cards=CardRef(tuple(view.legal_cards())))


# -- the facts, read from the view -------------------------------------------------------------


def _suit(card: int) -> int:
    return card // RANKS_PER_SUIT


def _runner(view: SeatView) -> int | None:
    return moon_runner([view.taken(s) for s in range(view.rules.players)])


def _points_taken(view: SeatView, seat: int) -> int:
    return view.rules.points_of(view.taken(seat) & PENALTY_MASK)


def pass_clause(view: SeatView, card: Card, motive: Motive, passed: int) -> Sentence:
    """Why ``card`` is among the ``passed`` cards, from its motive, stated only if true."""
    hand = view.hand
    kept = hand & ~passed
    low_spades = (hand & LOW_SPADES).bit_count()
    if card == QUEEN_OF_SPADES:
        if low_spades == 0:
            return _sentence(Q_UNGUARDED_NONE, card=card)
        if low_spades < GUARDS_FOR_QUEEN:
            return _counted(Q_UNGUARDED, low_spades, card=card)
        return _sentence(Q_COSTLY, card=card)
    if motive is Motive.KEEP_FOR_MOON:
        hearts = (kept & HEARTS_MASK).bit_count()
        if hearts:
            return _counted(MOON_KEEP, hearts)
    if (
        motive in (Motive.PASS_HIGH_SPADES, Motive.PASS_DANGEROUS_QUEEN)
        and 1 << card & HIGH_SPADES
        and not kept & QUEEN_OF_SPADES_BIT
        and low_spades < GUARDS_FOR_QUEEN + 1
    ):
        if low_spades == 0:
            return _sentence(HIGH_SPADE_NONE, card=card)
        return _counted(HIGH_SPADE, low_spades, card=card)
    if motive is Motive.VOID_SUIT and not kept & SUIT_MASKS[_suit(card)]:
        return _sentence(VOID, suit=_suit_word(_suit(card)))
    high_heart = _suit(card) == HEARTS and card % RANKS_PER_SUIT >= HIGH_HEART_RANK
    if motive is Motive.PASS_HIGH_HEARTS and high_heart:
        return _sentence(HIGH_HEART, card=card)
    above = (cards_above(card) & view.unseen).bit_count()
    left = (kept & SUIT_MASKS[_suit(card)]).bit_count()
    if 0 < left < FEW and above > FEW:
        return _counted(SHORT, left, card=card)  # a short suit empties soon: voids to come
    if above == 0:
        return _sentence(ABOVE_NONE, card=card)
    if above <= FEW:
        return _counted(ABOVE_FEW, above, card=card)
    if not kept & cards_above(card):
        return _sentence(TOP_KEPT, card=card, suit=_suit_word(_suit(card)))
    return _sentence(PASS_TRIED)  # only the search's own choice comes this far


def play_sentence(view: SeatView, card: Card, decision: Decision) -> Sentence:
    """The sentence for playing ``card``: the motive's if its facts hold, else a plain one."""
    legal = view.legal_mask()
    if legal.bit_count() == 1:
        return _sentence(ONLY_CARD, card=card)
    motive = decision.motive
    said = _motive_sentence(view, card, motive, decision) or describe_play(view, card)
    return said if said is not None else last_resort(view, card, decision)


def _verb(view: SeatView, lead: str, play: str, throw: str) -> str:
    """The template whose verb fits: leading, following suit, or throwing off (void)."""
    if not view.trick:
        return lead
    return play if view.hand & SUIT_MASKS[view.led_suit] else throw


def _motive_sentence(
    view: SeatView, card: Card, motive: Motive, decision: Decision
) -> Sentence | None:
    unseen = view.unseen
    hand = view.hand
    if motive is Motive.FLUSH_QUEEN:
        if (
            not view.trick
            and _suit(card) == SPADES
            and card < QUEEN_OF_SPADES
            and unseen & QUEEN_OF_SPADES_BIT
            and not hand & HIGH_SPADES
        ):
            return _sentence(FLUSH, card=card)
        return None
    if motive is Motive.SHOOT_MOON:
        if _runner(view) == view.seat:
            points = _points_taken(view, view.seat)
            template = _verb(view, SHOOT_LEAD, SHOOT, SHOOT)
            return _sentence(template, card=card, count=points)
        return None
    if motive is Motive.BEST_ODDS:
        return searched_sentence(view, card, decision)
    if not view.trick:
        return None  # every other lead is described from the position
    best, _ = trick_winner(view)
    led = view.led_suit
    void = not hand & SUIT_MASKS[led]
    wins_now = _suit(card) == led and card > best
    if motive is Motive.BLOCK_MOON:
        runner = _runner(view)
        if runner is not None and runner != view.seat and wins_now:
            points = _points_taken(view, runner)
            return _sentence(BLOCK, card=card, seat=_seat(view, runner), count=points)
        return None
    if motive is Motive.KEEP_STOPPER:
        runner = _runner(view)
        if runner is not None and runner != view.seat and trick_winner(view)[1] == runner:
            points = _points_taken(view, runner)
            return _sentence(KEEP_STOPPER, card=card, seat=_seat(view, runner), count=points)
        return None
    if motive is Motive.PLAY_HIGH_FIRST_TRICK and view.trick_number == 0 and wins_now:
        return _sentence(FIRST_TRICK, card=card)
    high_spade = bool(1 << card & HIGH_SPADES) and bool(unseen & QUEEN_OF_SPADES_BIT)
    if motive is Motive.DUMP_HIGH_SPADE and void and high_spade:
        return _sentence(THROW_HIGH_SPADE, card=card, suit=_suit_word(led))
    top_heart = _suit(card) == HEARTS and not cards_above(card) & hand
    if motive is Motive.DUMP_HIGH_HEART and void and top_heart:
        return _sentence(THROW_HIGH_HEART, card=card, suit=_suit_word(led))
    return None


def searched_sentence(view: SeatView, card: Card, decision: Decision) -> Sentence:
    """The sentence for a card the search chose with no simpler motive: the most specific true
    fact about it in the position; the search itself is named only when no fact says more."""
    said = position_fact(view, card)
    if said is not None:
        return said
    return describe_play(view, card) or last_resort(view, card, decision)


def last_resort(view: SeatView, card: Card, decision: Decision) -> Sentence:
    """When no fact of the position argues for ``card``: the search's verdict, or that the legal
    cards are all alike (one run of a suit), or, for a decision with neither, the bare choice."""
    odds = _odds_sentence(view, card, decision)
    if odds is not None:
        return odds
    legal = view.legal_mask()
    low, high = (legal & -legal).bit_length() - 1, legal.bit_length() - 1
    between = SUIT_MASKS[_suit(low)] & ~((1 << low) - 1) & ((1 << high) - 1)
    if _suit(low) == _suit(high) and not between & view.unseen:
        return _sentence(ALIKE, card=card)
    return _sentence(CHOSEN, card=card)


def position_fact(view: SeatView, card: Card) -> Sentence | None:
    """A telling fact about playing ``card`` now, recomputed from the view (None if none holds).

    Leading: it wins for certain, it cannot catch the played queen, or how many cards can beat it.
    Following: nothing still out beats it. Throwing off: who takes the trick (playing last) or is
    winning the heart for now, or how few cards still out beat it in its own suit.
    """
    unseen = view.unseen
    suit = _suit(card)
    if not view.trick:
        same = unseen & SUIT_MASKS[suit]
        if not same or not same & cards_below(card):
            return None  # describe_play says it: nobody can follow, or it cannot win
        higher = (same & cards_above(card)).bit_count()
        if higher == 0:
            return _sentence(LEAD_WINS, card=card)
        if suit == SPADES and view.played & QUEEN_OF_SPADES_BIT:
            return _sentence(LEAD_SPADE_SAFE, card=card)
        return _counted(LEAD_HIGHER, higher, card=card)
    best, seat = trick_winner(view)
    led = view.led_suit
    if view.hand & SUIT_MASKS[led]:
        wins_now = suit == led and card > best
        if wins_now and not unseen & cards_above(card):
            return _sentence(FOLLOW_WINS, card=card)
        return None
    words = _suit_word(led)
    winner = _seat(view, seat)
    if len(view.trick) == view.rules.players - 1:
        return _sentence(THROW_LAST, card=card, suit=words, seat=winner, winning=CARDS[best])
    if suit == HEARTS:
        return _sentence(THROW_HEART_ON, card=card, suit=words, seat=winner, winning=CARDS[best])
    above = (unseen & cards_above(card)).bit_count()
    if above == 0:
        return _sentence(THROW_UNBEATEN, card=card, suit=words)
    if above <= FEW:
        return _counted(THROW_FEW_ABOVE, above, card=card, suit=words)
    return None


def _odds_sentence(view: SeatView, card: Card, decision: Decision) -> Sentence | None:
    expected = {int(c): v for c, v in decision.expected.items()}
    if int(card) not in expected or len(expected) < 2:
        return None
    mine = expected[int(card)]
    if any(v > mine for v in expected.values()):
        return None
    template = _verb(view, BEST_ODDS_LEAD, BEST_ODDS, BEST_ODDS_THROW)
    if template is BEST_ODDS_THROW:
        suit = _suit_word(view.led_suit)
        return _sentence(template, card=card, suit=suit, count=len(expected))
    return _sentence(template, card=card, count=len(expected))


def describe_play(view: SeatView, card: Card) -> Sentence | None:
    """The plainest true reason for playing ``card`` here (the motive-free fallback), or None
    when no plain fact of the position argues for it."""
    legal = view.legal_mask()
    if legal.bit_count() == 1:
        return _sentence(ONLY_CARD, card=card)
    unseen = view.unseen
    if not view.trick:
        same = unseen & SUIT_MASKS[_suit(card)]
        if not same:
            return _sentence(LEAD_NOBODY, card=card)
        lower = (same & cards_below(card)).bit_count()
        if lower == 0:
            return _sentence(LEAD_CANNOT_WIN, card=card)
        higher = (same & cards_above(card)).bit_count()
        if not higher:
            return _sentence(LEAD_WINS, card=card)
        if lower <= FEW:
            return _counted(LEAD_LOWER, lower, card=card)
        return _counted(LEAD_HIGHER, higher, card=card)
    best, seat = trick_winner(view)
    led = view.led_suit
    last = len(view.trick) == view.rules.players - 1
    if not view.hand & SUIT_MASKS[led]:
        suit = _suit_word(led)
        if card == QUEEN_OF_SPADES:
            return _sentence(
                QUEEN_THROW,
                card=card,
                suit=suit,
                seat=_seat(view, seat),
                winning=CARDS[best],
            )
        if not cards_above(card) & view.hand:
            return _sentence(THROW_HIGHEST, card=card, suit=suit)
        return None
    winning_card = CARDS[best]
    if card < best:
        if card == QUEEN_OF_SPADES:
            return _sentence(QUEEN_UNDER, card=card, winning=winning_card)
        if last:
            return _sentence(DUCK_LAST, card=card, winning=winning_card)
        return _sentence(DUCK, card=card, winning=winning_card, seat=_seat(view, seat))
    points = view.rules.points_of(mask_of(view.trick))  # the jack, if it scores, counts -10
    if last:
        if points == 0:
            return _sentence(WIN_LAST_CLEAN, card=card)
        if 0 < points <= FEW:
            return _counted(WIN_LAST, points, card=card)
    if view.trick_number == 0:
        return _sentence(FIRST_TRICK, card=card)
    if not legal & ((1 << best) - 1) and card == (legal & -legal).bit_length() - 1:
        return _sentence(FOLLOW_LOW, card=card, winning=winning_card)
    if points == 0 and not last:
        return _sentence(OVER, card=card, winning=winning_card)
    if points < 0:  # the scoring jack of diamonds: the trick is worth taking
        return _sentence(OVER_GAIN, card=card, winning=winning_card, count=points)
    return None


def all_templates() -> list[str]:
    """Every English template the tutor may say, plurals included (for the catalogs)."""
    names = [v for k, v in globals().items() if k.isupper() and isinstance(v, str)]
    return sorted(set(names))


__all__ = [
    "Advice",
    "CardRef",
    "SeatRef",
    "Sentence",
    "advise_moon",
    "advise_pass",
    "advise_play",
    "explain_illegal",
    "render",
]
