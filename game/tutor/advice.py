"""The tutor: the Hard AI playing the player's seat from that seat's view, saying why in words.

The advice names the card(s) the tutor would choose and the one fact that drove the choice. The
words come from the AI's :class:`~game.ai.decision.Decision` (its motive picks the sentence);
every fact the sentence states is recomputed here from the view, and a motive whose fact does
not hold in the position falls back to a plainer sentence that does, so advice is never false.
The sentences themselves (templates, rendering) are :mod:`game.text.sentences`'.

>>> from game.engine.cards import lowest_card
>>> from game.engine.match import Match
>>> from game.engine.rules import Rules
>>> view = Match.new(Rules(), seed=3).view(0)
>>> s = explain_illegal(view, lowest_card(view.hand))
>>> render(s)
'Cards are not being played now'

Calling from a scene (``scenes.core.i18n`` holds the catalog functions)::

    advice = tutor.advise_play(match.view(0), seed=f"{match.seed}/tutor")  # off the UI thread
    raise_cards(advice.cards)
    line = sentences.render(advice.sentence, _, ngettext, seat_name=my_seat_names)
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
    run_streak,
    run_suspect,
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
    cards_of,
    highest_card,
    lowest_card,
    mask_of,
)
from game.engine.deal import Seed, seed_text
from game.engine.hand import Phase
from game.engine.legality import Reason
from game.engine.rules import PASS_SIZE, MoonMode
from game.engine.view import SeatView
from game.text import sentences as tpl
from game.text.sentences import (
    CardRef,
    Plural,
    SeatRef,
    Sentence,
    Translate,
    counted,
    refusal,
    render,
    sentence,
    suit_word,
)
from game.tutor.corrections import queen_may_fall, settle_pass, settle_play

FEW: Final = 3  # a count this small or smaller is "only" that many


def _seat(view: SeatView, seat: int) -> SeatRef:
    return SeatRef(seat, view.rules.players)


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
    chosen = mask_of(decision.cards)
    if len(decision.cards) != PASS_SIZE or chosen & ~view.hand or chosen.bit_count() != PASS_SIZE:
        raise ValueError(f"the AI chose an impossible pass: {decision.cards}")
    passed = chosen
    if decision.motive is not Motive.KEEP_FOR_MOON:  # a moon plan keeps high cards on purpose
        passed = settle_pass(view.hand, chosen, view.rules.jack_of_diamonds)
    cards = tuple(CARDS[c] for c in cards_of(passed))
    given = {int(c): m for c, m in decision.per_card}
    per_card: list[tuple[Card, Sentence]] = []
    clauses: list[Sentence] = []
    for card in cards:
        clause = pass_clause(view, card, given.get(int(card), decision.motive), passed)
        clauses.append(clause)
        per_card.append((card, sentence(tpl.PASS_ONE, card=card, reason=clause)))
    if decision.motive is Motive.KEEP_FOR_MOON:  # one plan for the three cards: say it once
        moon = pass_clause(view, cards[0], decision.motive, passed)
        if moon.template_id == tpl.MOON_KEEP:
            said = sentence(tpl.PASS_ALL, cards=CardRef(cards), reason=moon)
            return Advice(cards, decision, said, tuple(per_card))
    grouped = grouped_clauses(cards, clauses)
    if len(grouped) == 1:
        said = sentence(tpl.PASS_ALL, cards=CardRef(cards), reason=grouped[0])
    else:
        template = tpl.PASS_TWO if len(grouped) == 2 else tpl.PASS_EACH
        said = sentence(
            template, cards=CardRef(cards), **dict(zip(_CLAUSES, grouped, strict=False))
        )
    return Advice(cards, decision, said, tuple(per_card))


_CLAUSES: Final = ("first", "second", "third")  # PASS_EACH's blanks, one per clause


def grouped_clauses(cards: tuple[Card, ...], clauses: list[Sentence]) -> list[Sentence]:
    """The whole pass's reasons, brief: a suit-length clause said once for the passed cards of
    that suit ("the 2♣ 8♣ 9♣ leave you no clubs": true only of the three together), any other
    one per card."""
    said: list[Sentence] = []
    done: set[int] = set()
    for i, clause in enumerate(clauses):
        if i in done:
            continue
        group = tpl.GROUPS.get(clause.template_id)
        alike = [
            j
            for j in range(i, len(cards))
            if clauses[j].template_id == clause.template_id and cards[j].suit == cards[i].suit
        ]
        if group is None or len(alike) < 2:
            said.append(tpl.brief(clause))
            continue
        done.update(alike)
        params = {k: v for k, v in clause.params if k != "card"}
        named = CardRef(tuple(cards[j] for j in alike))
        said.append(sentence(group, tpl.SINGULAR_TO_PLURAL.get(group), cards=named, **params))
    return said


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
    decision = settle_play(view, decision)
    card = decision.card
    return Advice((card,), decision, play_sentence(view, card, decision))


def advise_moon(view: SeatView) -> Advice:
    """After shooting the moon with the "shooter chooses" rule: subtract or add, and why."""
    if view.phase is not Phase.MOON_CHOICE or view.turn != view.seat:
        raise ValueError("there is no moon choice to make now")
    if view.rules.moon is not MoonMode.SHOOTER_CHOOSES:
        raise ValueError("these rules give the shooter no choice")
    add = moon_add_wins(view.seat, view.totals, view.rules)
    motive = Motive.MOON_ADD if add else Motive.MOON_SUBTRACT
    return Advice((), Decision((), motive), Sentence(tpl.MOON_ADD if add else tpl.MOON_SUBTRACT))


def explain_illegal(view: SeatView, card: int, teaching: bool = False) -> Sentence | None:
    """Why this seat may not play ``card`` now (the engine's reason), or None if it may.

    With ``teaching``, the sentence goes on with the cards that are legal instead.

    >>> from game.engine.cards import highest_card
    >>> from game.engine.match import Match
    >>> from game.engine.rules import PassDirection, Rules
    >>> m = Match.new(Rules(), seed=1, first_pass=PassDirection.HOLD)
    >>> view = m.view(m.hand.turn)
    >>> wrong = highest_card(view.hand)  # the highest card: not the 2♣
    >>> render(explain_illegal(view, wrong, teaching=True))
    'You must lead the 2♣. You may play: 2♣'
    """
    reason = view.play_refusal(card)
    if reason is None:
        return None
    return explain_refusal(view, reason, teaching)


def explain_refusal(view: SeatView, reason: Reason, teaching: bool = False) -> Sentence:
    """The sentence for a refusal the engine gave (:func:`game.engine.legality.play_refusal`),
    with the legal cards after it in ``teaching`` mode."""
    said = refusal(reason, view.led_suit, view.first_lead)
    if not teaching or not view.legal_mask():  # (not its turn: no card to offer instead)
        return said
    return sentence(tpl.MAY_PLAY, reason=said, cards=CardRef(tuple(view.legal_cards())))


# -- the facts, read from the view -------------------------------------------------------------


def _suit(card: int) -> int:
    return card // RANKS_PER_SUIT


def _taken(view: SeatView) -> list[int]:
    """The cards each seat has won this hand."""
    return [view.taken(s) for s in range(view.rules.players)]


def _runner(view: SeatView) -> int | None:
    return moon_runner(_taken(view))


def _points_taken(view: SeatView, seat: int) -> int:
    return view.rules.points_of(view.taken(seat) & PENALTY_MASK)


def pass_clause(view: SeatView, card: Card, motive: Motive, passed: int) -> Sentence:
    """Why ``card`` is among the ``passed`` cards, from its motive, stated only if true."""
    hand = view.hand
    kept = hand & ~passed
    low_spades = (hand & LOW_SPADES).bit_count()
    if card == QUEEN_OF_SPADES:
        if low_spades == 0:
            return sentence(tpl.Q_UNGUARDED_NONE, card=card)
        if low_spades < GUARDS_FOR_QUEEN:
            return counted(tpl.Q_UNGUARDED, low_spades, card=card)
        return sentence(tpl.Q_COSTLY, card=card)
    if motive is Motive.KEEP_FOR_MOON:
        hearts = (kept & HEARTS_MASK).bit_count()
        if hearts:
            return counted(tpl.MOON_KEEP, hearts)
    under = (kept & SUIT_MASKS[SPADES] & cards_below(card)).bit_count()  # to play under it
    if (
        motive in (Motive.PASS_HIGH_SPADES, Motive.PASS_DANGEROUS_QUEEN)
        and 1 << card & HIGH_SPADES
        and not kept & QUEEN_OF_SPADES_BIT
        and under < GUARDS_FOR_QUEEN + 1
    ):
        if under == 0:
            return sentence(tpl.HIGH_SPADE_NONE, card=card)
        return counted(tpl.HIGH_SPADE, under, card=card)
    if motive is Motive.VOID_SUIT and not kept & SUIT_MASKS[_suit(card)]:
        return sentence(tpl.VOID, card=card, suit=suit_word(_suit(card)))
    high_heart = _suit(card) == HEARTS and card % RANKS_PER_SUIT >= HIGH_HEART_RANK
    if (
        motive is Motive.PASS_HIGH_HEARTS
        and high_heart
        and not kept & cards_above(card)
        and may_win_later(view, card)
    ):
        return sentence(tpl.HIGH_HEART, card=card)
    above = (cards_above(card) & view.unseen).bit_count()
    left = (kept & SUIT_MASKS[_suit(card)]).bit_count()
    if 0 < left < FEW and above > FEW:
        return counted(tpl.SHORT, left, card=card)  # a short suit empties soon: voids to come
    # It wins tricks only if no higher card of its suit is kept and it can win at all.
    top = not kept & cards_above(card) and may_win_later(view, card)
    if top and above == 0:
        return sentence(tpl.ABOVE_NONE, card=card)
    if top and above <= FEW:
        return counted(tpl.ABOVE_FEW, above, card=card)
    if top:
        return sentence(tpl.TOP_KEPT, card=card, suit=suit_word(_suit(card)))
    if not left:  # the card goes with the rest of its suit
        return sentence(tpl.VOID, card=card, suit=suit_word(_suit(card)))
    return counted(tpl.FEWER, left, card=card)  # a suit one card shorter: a void comes sooner


def play_sentence(view: SeatView, card: Card, decision: Decision) -> Sentence:
    """The sentence for playing ``card``: the motive's if its facts hold, else a plain one."""
    legal = view.legal_mask()
    if legal.bit_count() == 1:
        return sentence(tpl.ONLY_CARD, card=card)
    motive = decision.motive
    return _motive_sentence(view, card, motive, decision) or describe_play(view, card)


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
            return sentence(tpl.FLUSH, card=card)
        return None
    if motive is Motive.SHOOT_MOON:
        if _runner(view) == view.seat:
            points = _points_taken(view, view.seat)
            template = _verb(view, tpl.SHOOT_LEAD, tpl.SHOOT, tpl.SHOOT)
            return sentence(template, card=card, count=points)
        return None
    if motive is Motive.BEST_ODDS:
        return searched_sentence(view, card)
    if not view.trick:
        return None  # every other lead is described from the position
    best, seat_winning = trick_winner(view)
    legal = view.legal_mask()
    led = view.led_suit
    void = not hand & SUIT_MASKS[led]
    wins_now = _suit(card) == led and card > best
    if motive is Motive.BLOCK_MOON:
        runner = _runner(view)
        if runner is not None and runner != view.seat and wins_now:
            points = _points_taken(view, runner)
            return sentence(tpl.BLOCK, card=card, seat=_seat(view, runner), count=points)
        return None
    if motive is Motive.KEEP_STOPPER:
        runner = _runner(view)
        stopping = runner is not None and runner != view.seat
        # "keep your high cards": a higher one of its suit stays, or nothing lower was playable
        keeps_high = bool(hand & cards_above(card)) or not legal & cards_below(card)
        feeds = not hand & SUIT_MASKS[led] and bool(1 << card & PENALTY_MASK)
        if stopping and keeps_high and not wins_now and not feeds and seat_winning == runner:
            points = _points_taken(view, runner)
            return sentence(tpl.KEEP_STOPPER, card=card, seat=_seat(view, runner), count=points)
        # A run suspected before the points show (AI 8): void, no heart thrown to it.
        suspect = run_suspect(view, _taken(view))
        if (
            suspect is not None
            and seat_winning == suspect
            and void
            and not 1 << card & PENALTY_MASK
            and hand & HEARTS_MASK
        ):
            streak = run_streak(view, suspect)
            return sentence(tpl.KEEP_FROM_RUN, card=card, seat=_seat(view, suspect), count=streak)
        return None
    if motive is Motive.DUCK_UNDER and queen_may_fall(view) and _suit(card) == led and card < best:
        return sentence(tpl.DUCK_QUEEN, card=card, winning=CARDS[best])
    first_trick = view.trick_number == 0 and view.rules.points_of(mask_of(view.trick)) <= 0
    if motive is Motive.PLAY_HIGH_FIRST_TRICK and first_trick and wins_now:
        return sentence(tpl.FIRST_TRICK, card=card)
    high_spade = bool(1 << card & HIGH_SPADES) and bool(unseen & QUEEN_OF_SPADES_BIT)
    if motive is Motive.DUMP_HIGH_SPADE and void and high_spade:
        return sentence(tpl.THROW_HIGH_SPADE, card=card, suit=suit_word(led))
    top_heart = _suit(card) == HEARTS and not cards_above(card) & hand and may_win_later(view, card)
    if motive is Motive.DUMP_HIGH_HEART and void and top_heart:
        return sentence(tpl.THROW_HIGH_HEART, card=card, suit=suit_word(led))
    return None


def may_win_later(view: SeatView, card: Card) -> bool:
    """``card`` could still win a trick of its suit: a lower card of its suit is still out, or
    none of its suit is (false when every card of its suit still out is higher)."""
    same = view.unseen & SUIT_MASKS[_suit(card)]
    return not same or bool(same & cards_below(card))


def _lead_count(view: SeatView, card: Card, higher: int, lower: int) -> Sentence:
    """How many cards still out beat a lead: few beside more lower ones means it likely wins."""
    if higher < lower:
        return counted(tpl.LEAD_LIKELY, higher, card=card)
    return counted(tpl.LEAD_HIGHER, higher, card=card)


def searched_sentence(view: SeatView, card: Card) -> Sentence:
    """The sentence for a card the search chose with no simpler motive: the most specific true
    fact about it in the position, else what it keeps or sets up (:func:`describe_play`)."""
    return position_fact(view, card) or describe_play(view, card)


def _alike(view: SeatView, card: Card) -> Sentence | None:
    """The legal cards are one run of a suit with no card still out between them: any does."""
    legal = view.legal_mask()
    low, high = lowest_card(legal), highest_card(legal)
    between = SUIT_MASKS[_suit(low)] & ~((1 << low) - 1) & ((1 << high) - 1)
    if _suit(low) == _suit(high) and not between & view.unseen:
        return sentence(tpl.ALIKE, card=card)
    return None


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
            return sentence(tpl.LEAD_WINS, card=card)
        if suit == SPADES and view.played & QUEEN_OF_SPADES_BIT:
            return sentence(tpl.LEAD_SPADE_SAFE, card=card)
        return _lead_count(view, card, higher, (same & cards_below(card)).bit_count())
    best, seat = trick_winner(view)
    led = view.led_suit
    if view.hand & SUIT_MASKS[led]:
        wins_now = suit == led and card > best
        if wins_now and not unseen & cards_above(card):
            return sentence(tpl.FOLLOW_WINS, card=card)
        return None
    words = suit_word(led)
    winner = _seat(view, seat)
    if len(view.trick) == view.rules.players - 1:
        return sentence(tpl.THROW_LAST, card=card, suit=words, seat=winner, winning=CARDS[best])
    if suit == HEARTS:
        return sentence(tpl.THROW_HEART_ON, card=card, suit=words, seat=winner, winning=CARDS[best])
    if view.hand & cards_above(card) or not may_win_later(view, card):
        return None  # a higher card of its suit stays to take the trick, or it never can
    above = (unseen & cards_above(card)).bit_count()
    if above == 0:
        return sentence(tpl.THROW_UNBEATEN, card=card, suit=words)
    if above <= FEW:
        return counted(tpl.THROW_FEW_ABOVE, above, card=card, suit=words)
    return None


def describe_play(view: SeatView, card: Card) -> Sentence:
    """The plainest true reason for playing ``card`` here (the motive-free fallback): what the
    card wins, avoids, keeps or sets up, read from the position."""
    legal = view.legal_mask()
    if legal.bit_count() == 1:
        return sentence(tpl.ONLY_CARD, card=card)
    unseen = view.unseen
    if not view.trick:
        same = unseen & SUIT_MASKS[_suit(card)]
        if not same:
            return sentence(tpl.LEAD_NOBODY, card=card)
        lower = (same & cards_below(card)).bit_count()
        if lower == 0:
            return sentence(tpl.LEAD_CANNOT_WIN, card=card)
        higher = (same & cards_above(card)).bit_count()
        if not higher:
            return sentence(tpl.LEAD_WINS, card=card)
        if lower <= FEW:
            return counted(tpl.LEAD_LOWER, lower, card=card)
        return _lead_count(view, card, higher, lower)
    best, seat = trick_winner(view)
    led = view.led_suit
    last = len(view.trick) == view.rules.players - 1
    if not view.hand & SUIT_MASKS[led]:
        suit = suit_word(led)
        if card == QUEEN_OF_SPADES:
            return sentence(
                tpl.QUEEN_THROW,
                card=card,
                suit=suit,
                seat=_seat(view, seat),
                winning=CARDS[best],
            )
        top = not cards_above(card) & view.hand
        if top and may_win_later(view, card):
            return sentence(tpl.THROW_HIGHEST, card=card, suit=suit)
        left = (view.hand & SUIT_MASKS[_suit(card)]).bit_count() - 1
        if not left:  # every card of its suit still out beats it: the void is the reason
            return sentence(tpl.THROW_LAST_OF_SUIT, card=card, suit=suit)
        return (None if top else _alike(view, card)) or counted(
            tpl.THROW_SHORTEN, left, card=card, suit=suit
        )
    winning_card = CARDS[best]
    if card < best:
        if card == QUEEN_OF_SPADES:
            return sentence(tpl.QUEEN_UNDER, card=card, winning=winning_card)
        if last:
            return sentence(tpl.DUCK_LAST, card=card, winning=winning_card)
        return sentence(tpl.DUCK, card=card, winning=winning_card, seat=_seat(view, seat))
    points = view.rules.points_of(mask_of(view.trick))  # the jack, if it scores, counts -10
    all_beat = not legal & ((1 << best) - 1)  # following suit: every legal card wins the trick
    if last:
        # "a high card" only when no higher card that could be played instead is held
        highest = not legal & cards_above(card)
        if highest and points == 0:
            return sentence(tpl.WIN_LAST_CLEAN, card=card)
        if highest and 0 < points <= FEW:
            return counted(tpl.WIN_LAST, points, card=card)
        if all_beat:
            return sentence(tpl.WIN_FORCED, card=card, winning=winning_card)
        if points == 0:
            return sentence(tpl.WIN_LAST_FREE, card=card)
    if view.trick_number == 0 and points <= 0:  # a hand of only points may put one there
        return sentence(tpl.FIRST_TRICK, card=card)
    if all_beat and card == lowest_card(legal):
        if not unseen & cards_above(card):  # nobody can beat it later in the trick
            return sentence(tpl.FOLLOW_WINS, card=card)
        return sentence(tpl.FOLLOW_LOW, card=card, winning=winning_card)
    if points == 0 and not last:
        return sentence(tpl.OVER, card=card, winning=winning_card)
    if points < 0:  # the scoring jack of diamonds: the trick is worth taking
        return sentence(tpl.OVER_GAIN, card=card, winning=winning_card, count=points)
    # A trick with points taken though a lower card could follow: the lower card is kept.
    low = lowest_card(legal)
    return _alike(view, card) or sentence(tpl.KEEP_LOW, card=card, winning=winning_card, low=low)


__all__ = [
    "Advice",
    "advise_moon",
    "advise_pass",
    "advise_play",
    "explain_illegal",
    "explain_refusal",
]
