"""Families of wrong advice: checks that judge what the tutor advises (the card, the pass), not
only whether its sentence is true. Each family is a kind of mistake a strong player would not
sign; each check recomputes the position from the seat's view with plain card arithmetic (none
of the tutor's or the AI's helpers). Used by tests/test_tutor.py and benchmarks/tutor_truth.py.

A family check returns None when the decision gives the mistake no chance to happen (it is not
counted), else whether the advice makes it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from game.ai.decision import Motive
from game.engine.cards import Card, Suit, cards_of, mask_of
from game.engine.hand import Phase
from game.engine.view import SeatView
from game.text import sentences as words
from game.text.sentences import CardRef, Sentence
from game.tutor.advice import Advice

QUEEN = Card.parse("QS")
JACK_OF_DIAMONDS = Card.parse("JD")

# -- the position, recomputed ----------------------------------------------------------------


def danger(card: Card, view: SeatView) -> tuple[int, str] | None:
    """The cards of one danger: a suit, with the spades split at the queen (a spade under her
    never takes her; one above her may), the queen alone, and the diamonds left out when the
    jack of diamonds scores (a high diamond is then worth keeping to take it)."""
    if card == QUEEN:
        return None
    if card.suit == Suit.DIAMONDS and view.rules.jack_of_diamonds:
        return None
    if card.suit == Suit.SPADES:
        return (card.suit, "above" if card.rank > QUEEN.rank else "below")
    return (card.suit, "")


def higher_kept(card: Card, kept: int, view: SeatView) -> list[Card]:
    """The kept cards of the same danger as ``card``, ranked above it."""
    kind = danger(card, view)
    if kind is None:
        return []
    return [c for c in cards_of(kept) if danger(c, view) == kind and c.rank > card.rank]


def still_out(view: SeatView) -> list[Card]:
    """The cards the other seats hold: neither in this hand nor played."""
    seen = view.hand | mask_of(view.trick)
    for _, cards, _ in view.tricks:
        seen |= mask_of(cards)
    return cards_of(view.rules.deck & ~seen)


def moon_in_play(view: SeatView) -> bool:
    """One seat alone has taken every point so far: a moon run is possible, and keeping high
    cards (to run or to stop it) is a different game."""
    takers = set()
    for _, cards, winner in view.tricks:
        if any(Card(c).suit == Suit.HEARTS or c == QUEEN for c in cards):
            takers.add(winner)
    return len(takers) == 1


def led_and_best(view: SeatView) -> tuple[Card, Card]:
    cards = [Card(c) for c in view.trick]
    led = cards[0]
    return led, max((c for c in cards if c.suit == led.suit), key=lambda c: c.rank)


def void_in_led(view: SeatView) -> bool:
    led, _ = led_and_best(view)
    return not any(c.suit == led.suit for c in cards_of(view.hand))


# -- the families ----------------------------------------------------------------------------


def kept_higher(view: SeatView, advice: Advice) -> bool | None:
    """A card passed or thrown while a higher card of the same danger stays in hand (the
    moon plan, which keeps high cards on purpose, is not counted)."""
    if view.phase is Phase.PASS:
        if advice.decision.motive is Motive.KEEP_FOR_MOON:
            return None  # the moon plan keeps high cards on purpose
        kept = view.hand & ~mask_of(advice.cards)
        return any(higher_kept(c, kept, view) for c in advice.cards)
    if not view.trick or not void_in_led(view) or moon_in_play(view):
        return None
    (card,) = advice.cards
    return bool(higher_kept(card, view.hand & ~(1 << card), view))


def queen_exposed(view: SeatView, advice: Advice) -> bool | None:
    """Taking a trick with a player still to play while the Q♠ is out and unseen, when a card
    that stays under the winning one could follow instead."""
    if view.phase is not Phase.PLAY or not view.trick or void_in_led(view):
        return None
    if len(view.trick) >= view.rules.players - 1 or view.trick_number == 0:
        return None  # nobody plays after; no points may fall on the first trick
    if QUEEN not in still_out(view) or moon_in_play(view):
        return None
    led, best = led_and_best(view)
    if view.rules.jack_of_diamonds and JACK_OF_DIAMONDS in [Card(c) for c in view.trick]:
        return None  # the trick is worth taking
    legal = view.legal_cards()
    under = [c for c in legal if c.rank < best.rank]
    # A spade under the queen cannot be the card she falls on: her holder must follow.
    winners = [c for c in legal if c.rank > best.rank and (led.suit != Suit.SPADES or c > QUEEN)]
    if not under or not winners:
        return None
    (card,) = advice.cards
    return card in winners


# Reasons that argue the card will (or could) win a trick.
WINS_CLAIMS = {
    words.ABOVE_NONE,
    words.ABOVE_FEW,
    words.BRIEF_ABOVE_NONE,
    words.BRIEF_ABOVE_FEW,
    words.HIGH_HEART,
    words.BRIEF_HIGH_HEART,
    words.THROW_UNBEATEN,
    words.THROW_FEW_ABOVE,
    words.THROW_HIGHEST,
    words.THROW_HIGH_HEART,
}


def _reasons(view: SeatView, advice: Advice) -> list[tuple[Card, Sentence]]:
    """Each card the advice gives away with the reason given for it."""
    if view.phase is Phase.PASS:
        found = []
        for card, one in advice.per_card:
            reason = one.args["reason"]
            assert isinstance(reason, Sentence)
            found.append((card, reason))
        return found
    return [(advice.cards[0], advice.sentence)]


def _named(args: Mapping[str, object]) -> Card | None:
    ref = args.get("card")
    return ref.cards[0] if isinstance(ref, CardRef) and len(ref.cards) == 1 else None


def win_reason_on_loss(view: SeatView, advice: Advice) -> bool | None:
    """A reason that argues the card will win when the advice is to lose it: a card given
    away (passed, thrown) "because it would take tricks" while a higher card of its suit stays
    in hand to take them; or a lead said to be there to be beaten ("N higher cards still out to
    beat it") while fewer cards still out are higher than lower."""
    out = still_out(view)
    if view.phase is Phase.PLAY and not view.trick:
        (card,) = advice.cards
        if advice.sentence.template_id not in (words.LEAD_HIGHER, words.LEAD_HIGHER_PL):
            return False
        higher = sum(1 for c in out if c.suit == card.suit and c.rank > card.rank)
        lower = sum(1 for c in out if c.suit == card.suit and c.rank < card.rank)
        return higher < lower
    if view.phase is Phase.PLAY and not void_in_led(view):
        return None
    kept = view.hand & ~mask_of(advice.cards)
    for card, reason in _reasons(view, advice):
        claims = reason.template_id in WINS_CLAIMS and _named(reason.args) == card
        if claims and any(c.suit == card.suit and c.rank > card.rank for c in cards_of(kept)):
            return True
    return False


def cannot_win_called_likely(view: SeatView, advice: Advice) -> bool | None:
    """Issue 46: "the highest you hold in its suit, the one most likely to take a trick later"
    (or any reason saying the card wins) for a card every card of its suit still out beats."""
    if view.phase is Phase.PLAY and (not view.trick or not void_in_led(view)):
        return None
    out = still_out(view)
    for card, reason in _reasons(view, advice):
        if reason.template_id in WINS_CLAIMS and _named(reason.args) == card:
            same = [c for c in out if c.suit == card.suit]
            if same and all(c.rank > card.rank for c in same):
                return True
    return False


Family = Callable[[SeatView, Advice], "bool | None"]

FAMILIES: dict[str, Family] = {
    "passed or thrown below a kept card of the same danger": kept_higher,
    "took a trick, a player to come, the Q♠ out": queen_exposed,
    "argues the card wins when the advice loses it": win_reason_on_loss,
    "'most likely to take a trick' of a card that cannot": cannot_win_called_likely,
}


def families_of(view: SeatView, advice: Advice) -> dict[str, bool]:
    """Each family that could happen at this decision, and whether the advice falls in it."""
    found = {}
    for name, check in FAMILIES.items():
        verdict = check(view, advice)
        if verdict is not None:
            found[name] = verdict
    return found
