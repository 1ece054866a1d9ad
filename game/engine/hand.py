"""One hand: the pass, thirteen tricks (seventeen or ten with 3 or 5 players), the score.

:class:`HandState` is the full state, every seat's cards included. It is built to be the AI's
inner loop: hands are bit sets and :meth:`HandState.advance` plays a card with no checks and no
events. The checked API (:meth:`choose_pass`, :meth:`play`, :meth:`choose_moon`) validates every
move against :mod:`game.engine.legality` and returns the :mod:`game.engine.events` it caused.

>>> from game.engine.rules import Rules, PassDirection
>>> from game.engine.deal import deal_hands
>>> rules = Rules()
>>> state = HandState.deal(rules, deal_hands(1, 4, rules.deck, dealer=3), PassDirection.HOLD)
>>> state.phase, state.turn == state.first_leader
(<Phase.PLAY: 'play'>, True)
>>> [type(e).__name__ for e in state.play(state.first_lead)]
['CardPlayed']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from game.engine.cards import (
    CARD_BITS,
    CARDS,
    CARDS_OF_SUIT_PATTERN,
    HEARTS_MASK,
    PENALTY_MASK,
    QUEEN_OF_SPADES_BIT,
    RANKS_PER_SUIT,
    Card,
    cards_of,
)
from game.engine.events import (
    CardPlayed,
    Event,
    HandScored,
    HeartsBroken,
    MoonChoiceNeeded,
    PassChosen,
    PassesExchanged,
    TrickWon,
)
from game.engine.legality import (
    NO_LED_SUIT,
    IllegalMove,
    IllegalPass,
    IllegalPlay,
    Reason,
    checked_card,
    checked_choice,
    checked_seat,
    legal_mask,
    moon_refusal,
    pass_refusal,
    play_refusal,
    reason_text,
)
from game.engine.phase import Phase as Phase
from game.engine.points import MOON_POINTS, card_points
from game.engine.rules import MoonMode, PassDirection, Rules

# advance() tells its caller what the card finished.
TRICK_GOES_ON: Final = 0
TRICK_DONE: Final = 1
HAND_DONE: Final = 2


# Module constants for the members the hot paths test: reading an Enum member off its class
# costs about as much as a whole legal_mask() call.
_PASS: Final = Phase.PASS
_PLAY: Final = Phase.PLAY
_MOON_CHOICE: Final = Phase.MOON_CHOICE
_HAND_OVER: Final = Phase.HAND_OVER
_HOLD: Final = PassDirection.HOLD
_ACROSS: Final = PassDirection.ACROSS
_SHOOTER_CHOOSES: Final = MoonMode.SHOOTER_CHOOSES
_SHOOTER_MINUS: Final = MoonMode.SHOOTER_MINUS
# (constants of this module: compiled, they are read without a dictionary look-up)
_CARD_BITS: Final = CARD_BITS
_CARDS: Final = CARDS
_CARDS_OF_SUIT_PATTERN: Final = CARDS_OF_SUIT_PATTERN
_RANKS: Final = (1 << RANKS_PER_SUIT) - 1


def _or_all(masks: list[int]) -> int:
    union = 0
    for mask in masks:
        union |= mask
    return union


def _breakers(queen_breaks_hearts: bool) -> int:
    """The cards whose play breaks hearts."""
    return HEARTS_MASK | (QUEEN_OF_SPADES_BIT if queen_breaks_hearts else 0)


class HandState:
    """The full state of one hand. Seats are numbered clockwise; play goes clockwise."""

    __slots__ = (
        "best_card",
        "best_seat",
        "breakers",
        "dealt",
        "first_lead",
        "first_leader",
        "hand_scores",
        "hand_size",
        "hands",
        "hearts_broken",
        "leader",
        "led_suit",
        "moon_shooter",
        "moon_subtracted",
        "n",
        "pass_direction",
        "passes",
        "phase",
        "rules",
        "taken",
        "trick",
        "trick_mask",
        "trick_number",
        "tricks",
        "turn",
    )

    rules: Rules
    n: int
    hand_size: int  # cards dealt to each seat (the tricks in the hand)
    dealt: tuple[int, ...]  # each seat's cards as dealt, before the pass
    pass_direction: PassDirection
    passes: list[int | None]  # what each seat chose to pass (None: not chosen yet)
    hands: list[int]  # each seat's cards now
    phase: Phase
    first_lead: int  # the card that opens the hand
    first_leader: int  # who holds it after the pass
    leader: int  # who led the current trick
    turn: int  # whose turn it is (the shooter, during the moon choice)
    trick: list[int]  # the current trick's cards, in the order played from the leader
    led_suit: int  # the suit led, or NO_LED_SUIT before the lead
    best_card: int  # the card winning the current trick so far
    best_seat: int
    trick_number: int  # 0 for the first trick
    hearts_broken: bool
    taken: list[int]  # the cards in each seat's won tricks
    tricks: list[tuple[int, tuple[int, ...], int]]  # (leader, cards, winner) of finished tricks
    trick_mask: int  # the current trick's cards as a set
    breakers: int  # the cards whose play breaks hearts (hearts, and the queen by house rule)
    moon_shooter: int | None
    moon_subtracted: bool
    hand_scores: tuple[int, ...] | None

    @classmethod
    def deal(cls, rules: Rules, hands: list[int], direction: PassDirection) -> HandState:
        """A new hand from each seat's dealt cards (bit sets). Checks the deal is whole."""
        n = rules.players
        if len(hands) != n:
            raise ValueError(f"{n} hands are needed, not {len(hands)}")
        size = rules.hand_size
        # Whole and disjoint: n hands of the right size whose union is the deck (then their
        # sizes add up to the deck's, so no card is in two hands). The loop names the fault.
        if [h.bit_count() for h in hands] != [size] * n or _or_all(hands) != rules.deck:
            union = 0
            for seat, hand in enumerate(hands):
                if hand.bit_count() != size:
                    raise ValueError(f"seat {seat} holds {hand.bit_count()} cards, not {size}")
                if union & hand:
                    raise ValueError(f"a card is dealt twice: {cards_of(union & hand)}")
                union |= hand
            raise ValueError("the hands do not hold exactly the cards in play")
        if n != 4 and direction is _ACROSS:
            raise ValueError("there is no pass across with 3 or 5 players")
        self = cls()
        self.rules = rules
        self.n = n
        self.hand_size = size
        self.dealt = tuple(hands)
        self.pass_direction = direction
        self.passes = [None] * n
        self.hands = list(hands)
        self.first_lead = rules.first_lead
        self.first_leader = 0
        self.leader = self.turn = 0
        self.trick = []
        self.led_suit = NO_LED_SUIT
        self.best_card = -1
        self.best_seat = -1
        self.trick_number = 0
        self.hearts_broken = False
        self.taken = [0] * n
        self.tricks = []
        self.trick_mask = 0
        self.breakers = _breakers(rules.queen_breaks_hearts)
        self.moon_shooter = None
        self.moon_subtracted = False
        self.hand_scores = None
        if direction is _HOLD:
            self._start_play()
        else:
            self.phase = _PASS
        return self

    def copy(self) -> HandState:
        """An independent copy (lists copied; ints and tuples shared)."""
        other = HandState()
        other.rules = self.rules
        other.n = self.n
        other.hand_size = self.hand_size
        other.dealt = self.dealt
        other.pass_direction = self.pass_direction
        other.passes = self.passes[:]
        other.hands = self.hands[:]
        other.phase = self.phase
        other.first_lead = self.first_lead
        other.first_leader = self.first_leader
        other.leader = self.leader
        other.turn = self.turn
        other.trick = self.trick[:]
        other.trick_mask = self.trick_mask
        other.led_suit = self.led_suit
        other.best_card = self.best_card
        other.best_seat = self.best_seat
        other.trick_number = self.trick_number
        other.hearts_broken = self.hearts_broken
        other.breakers = self.breakers
        other.taken = self.taken[:]
        other.tricks = self.tricks[:]
        other.moon_shooter = self.moon_shooter
        other.moon_subtracted = self.moon_subtracted
        other.hand_scores = self.hand_scores
        return other

    # -- passing -------------------------------------------------------------------------------

    def pass_target(self, seat: int) -> int:
        """The seat that receives what ``seat`` passes."""
        return self.pass_direction.target(seat, self.n)

    # The checked API takes any object where a seat, a card or a choice is expected and refuses
    # the wrong kind with the engine's error: compiled (game/native/builds.py), an annotation of int
    # would raise TypeError instead, or quietly make True into 1.
    def _check_pass(self, seat: object, cards: list[object]) -> int:
        who = checked_seat(seat, self.n)
        reason = pass_refusal(cards, who, self)
        if reason is not None:
            raise IllegalPass(reason, reason_text(reason))
        mask = 0
        for card in cards:
            mask |= _CARD_BITS[checked_card(card)]
        return mask

    def choose_pass(self, seat: object, cards: Iterable[object]) -> list[Event]:
        """``seat`` chooses the three cards it passes. When the last seat has chosen, the cards
        change hands at once (nobody sees what they receive before choosing)."""
        mask = self._check_pass(seat, list(cards))
        who = checked_seat(seat, self.n)
        self.passes[who] = mask
        events: list[Event] = [PassChosen(who)]
        if all(p is not None for p in self.passes):
            events.append(self._exchange())
        return events

    def exchange_fast(self, passes: list[int]) -> None:
        """Every seat passes the cards of ``passes[seat]`` (bit sets), unchecked: the fast path
        for searches and benchmarks."""
        self.passes = list(passes)
        self._exchange_cards()

    def _exchange_cards(self) -> None:
        n = self.n
        shift = self.pass_direction.value  # the seat offset (see PassDirection.source)
        passes = self.passes
        hands = self.hands
        kept = [hand & ~(passes[seat] or 0) for seat, hand in enumerate(hands)]
        # Each seat keeps what it did not pass and gets what the seat ``shift`` before it passed.
        for seat in range(n):
            hands[seat] = kept[seat] | (passes[(seat - shift) % n] or 0)
        self._start_play()

    def _exchange(self) -> PassesExchanged:
        passes = [p or 0 for p in self.passes]
        self._exchange_cards()
        n = self.n
        shift = self.pass_direction.value  # seat s receives what seat s - shift passed
        given = tuple([_card_tuple(m) for m in passes])
        return PassesExchanged(
            self.pass_direction, given, tuple([given[(s - shift) % n] for s in range(n)])
        )

    def received(self, seat: int) -> int:
        """The cards ``seat`` received in the pass (0 before the exchange or on a hold hand)."""
        if self.phase is _PASS or self.pass_direction is _HOLD:
            return 0
        return self.passes[self.pass_direction.source(seat, self.n)] or 0

    def _start_play(self) -> None:
        self.phase = _PLAY
        bit = 1 << self.first_lead
        seat = 0
        for hand in self.hands:
            if hand & bit:
                break
            seat += 1
        self.first_leader = self.leader = self.turn = seat

    # -- playing -------------------------------------------------------------------------------

    def legal_mask(self) -> int:
        """The cards the seat to act may play (0 outside the play phase)."""
        if self.phase is not _PLAY:
            return 0
        return legal_mask(
            self.hands[self.turn],
            self.led_suit,
            self.trick_number,
            self.hearts_broken,
            self.first_lead,
        )

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the seat to act may play, lowest first: a tuple of each suit's legal cards
        from a shared table, so the common case (following suit) builds nothing and a lead
        joins a few tuples (a tuple plus an empty one is the tuple itself)."""
        mask = self.legal_mask()
        table = _CARDS_OF_SUIT_PATTERN  # cards_of(mask), without a call into another module
        suit = self.led_suit
        if suit != NO_LED_SUIT:
            # Most plays follow suit: when the mask lies in the suit led, its one tuple.
            shift = suit * RANKS_PER_SUIT
            part = mask >> shift & _RANKS
            if part << shift == mask:
                return table[suit][part]
        return (
            table[0][mask & _RANKS]
            + table[1][mask >> 13 & _RANKS]
            + table[2][mask >> 26 & _RANKS]
            + table[3][mask >> 39]
        )

    def play_reason(self, card: object, seat: object = None) -> Reason | None:
        """``None`` when the card may be played (by ``seat``, default the seat to act)."""
        try:
            who = self.turn if seat is None else checked_seat(seat, self.n)
        except IllegalMove as exc:
            return exc.reason
        return play_refusal(card, who, self)

    def held(self, seat: int) -> int:
        """The cards ``seat`` holds now."""
        return self.hands[seat]

    def has_passed(self, seat: int) -> bool:
        """Whether ``seat`` has chosen the cards it passes."""
        return self.passes[seat] is not None

    def why_illegal(self, card: object, seat: object = None) -> str | None:
        """The sentence a player reads when ``card`` may not be played, else ``None``."""
        reason = self.play_reason(card, seat)
        if reason is None:
            return None
        return reason_text(reason, self.led_suit, self.first_lead)

    def play(self, card: object, seat: object = None) -> list[Event]:
        """Play ``card`` for the seat to act (``seat``, if given, must be that seat)."""
        number = checked_card(card)
        player = self.turn
        # The common case checked at once (the seat to act, a legal card); anything else is
        # asked of play_reason, which names the rule broken.
        if not (
            (seat is None or (type(seat) is int and seat == player))
            and self.phase is _PLAY
            and self.legal_mask() >> number & 1
        ):
            reason = self.play_reason(number, seat)
            if reason is not None:
                raise IllegalPlay(reason, reason_text(reason, self.led_suit, self.first_lead))
        trick_number = self.trick_number
        was_broken = self.hearts_broken
        outcome = self.advance(number)
        played = _CARDS[number]
        events: list[Event] = [CardPlayed(player, played, trick_number)]
        if self.hearts_broken and not was_broken:
            events.append(HeartsBroken(player, played))
        if outcome != TRICK_GOES_ON:
            leader, cards, winner = self.tricks[-1]
            points = self.rules.points_of(self.trick_mask)  # the finished trick's cards
            trick_cards = tuple([_CARDS[c] for c in cards])
            events.append(TrickWon(winner, leader, trick_cards, points, trick_number))
        if outcome == HAND_DONE:
            events.append(self._score_event_or_choice())
        return events

    def advance(self, card: int) -> int:
        """Play ``card`` for the seat to act, trusting that it is legal: the fast path for
        searches. Returns TRICK_GOES_ON, TRICK_DONE or HAND_DONE."""
        # The AI's playouts and the benchmark spend most of their time here: no calls of ours
        # on the way through a trick, the trick's end inline.
        seat = self.turn
        bit = 1 << card
        hands = self.hands
        hand: int = hands[seat]  # (typed: compiled, the xor is then on machine words)
        hands[seat] = hand ^ bit
        if bit & self.breakers:
            self.hearts_broken = True
        trick = self.trick
        trick.append(card)
        if len(trick) == 1:  # the lead
            self.led_suit = card // RANKS_PER_SUIT
            self.best_card = card
            self.best_seat = seat
            self.trick_mask = bit
        else:
            self.trick_mask |= bit
            if card > self.best_card and card // RANKS_PER_SUIT == self.led_suit:
                self.best_card = card
                self.best_seat = seat
            if len(trick) == self.n:
                # The trick is over: its winner takes it and leads the next.
                winner = self.best_seat
                self.tricks.append((self.leader, tuple(trick), winner))
                taken = self.taken
                won: int = taken[winner]
                taken[winner] = won | self.trick_mask
                self.trick = []
                self.led_suit = NO_LED_SUIT
                self.leader = self.turn = winner
                self.trick_number = number = self.trick_number + 1
                if number < self.hand_size:
                    return TRICK_DONE
                self._finish()
                return HAND_DONE
        seat += 1
        self.turn = seat if seat < self.n else 0
        return TRICK_GOES_ON

    def _finish(self) -> None:
        rules = self.rules
        self.moon_shooter = moon_shooter(self.taken)
        if self.moon_shooter is not None and rules.moon is _SHOOTER_CHOOSES:
            self.phase = _MOON_CHOICE
            self.turn = self.moon_shooter
            return
        self._score(rules.moon is _SHOOTER_MINUS)

    def _score(self, subtract: bool) -> None:
        self.hand_scores = _score_hand(self.rules, self.taken, self.moon_shooter, subtract)
        self.moon_subtracted = self.moon_shooter is not None and subtract
        self.phase = _HAND_OVER

    def _score_event_or_choice(self) -> Event:
        if self.phase is _MOON_CHOICE:
            assert self.moon_shooter is not None
            return MoonChoiceNeeded(self.moon_shooter)
        return self._scored_event()

    def _scored_event(self) -> HandScored:
        assert self.hand_scores is not None
        return HandScored(
            self.hand_scores,
            tuple(self.rules.points_of(t) for t in self.taken),
            self.moon_shooter,
            self.moon_subtracted,
        )

    def choose_moon(self, subtract: object, seat: object = None) -> list[Event]:
        """The shooter chooses: ``subtract`` takes 26 off their own total; otherwise every
        other seat scores 26 (only with :attr:`MoonMode.SHOOTER_CHOOSES`)."""
        choice = checked_choice(subtract)  # (named before the seat, as it always was)
        who = None if seat is None else checked_seat(seat, self.n)
        reason = moon_refusal(choice, who, self)
        if reason is not None:
            raise IllegalMove(reason)
        self._score(choice)
        return [self._scored_event()]

    # -- reading -------------------------------------------------------------------------------

    @property
    def played(self) -> int:
        """The set of cards played so far (the current trick included)."""
        held = 0
        for hand in self.hands:
            held |= hand
        return self.rules.deck & ~held

    @property
    def plays(self) -> list[int]:
        """Every card played so far, in order."""
        return [c for _, cards, _ in self.tricks for c in cards] + self.trick

    def points_taken(self) -> list[int]:
        """Points in each seat's tricks so far, before any moon adjustment."""
        return [self.rules.points_of(t) for t in self.taken]

    def trick_seats(self) -> list[tuple[int, Card]]:
        """The current trick as (seat, card) pairs in the order played."""
        return [((self.leader + i) % self.n, CARDS[c]) for i, c in enumerate(self.trick)]

    def hand_cards(self, seat: int) -> list[Card]:
        return cards_of(self.hands[seat])

    @property
    def is_over(self) -> bool:
        return self.phase is _HAND_OVER

    def __repr__(self) -> str:
        return (
            f"<HandState {self.phase.value} trick {self.trick_number} turn {self.turn} "
            f"trick {[str(CARDS[c]) for c in self.trick]}>"
        )


def _card_tuple(mask: int) -> tuple[Card, ...]:
    """The cards of a set, lowest first (events.card_names of cards_of(mask), in one step)."""
    table = _CARDS_OF_SUIT_PATTERN
    return (
        *table[0][mask & _RANKS],
        *table[1][mask >> 13 & _RANKS],
        *table[2][mask >> 26 & _RANKS],
        *table[3][mask >> 39 & _RANKS],
    )


def moon_shooter(taken: list[int]) -> int | None:
    """The seat that took every heart and the queen of spades, if one did."""
    for seat, cards in enumerate(taken):
        if cards & QUEEN_OF_SPADES_BIT:  # only the queen's taker can have shot the moon
            return seat if cards & PENALTY_MASK == PENALTY_MASK else None
    return None


def score_hand(rules: Rules, taken: list[int], subtract: bool = False) -> tuple[int, ...]:
    """Each seat's score for a hand from the cards in its tricks.

    A moon (one seat took every heart and the queen) scores 26 to every other seat, or with
    ``subtract`` -26 to the shooter; the jack of diamonds still counts for whoever took it.

    >>> from game.engine.cards import mask_of, parse_cards, HEARTS_MASK, QUEEN_OF_SPADES_BIT
    >>> score_hand(Rules(), [HEARTS_MASK | QUEEN_OF_SPADES_BIT, 0, 0, 0])
    (0, 26, 26, 26)
    >>> score_hand(Rules(), [HEARTS_MASK | QUEEN_OF_SPADES_BIT, 0, 0, 0], subtract=True)
    (-26, 0, 0, 0)
    """
    return _score_hand(rules, taken, moon_shooter(taken), subtract)


def _score_hand(
    rules: Rules, taken: list[int], shooter: int | None, subtract: bool
) -> tuple[int, ...]:
    jack = rules.jack_of_diamonds  # (card_points is rules.points_of, without a Python call)
    if shooter is None:
        return tuple([card_points(t, jack) for t in taken])
    # The moon replaces the hearts and the queen; the jack still counts for its taker.
    bonus = [card_points(t & ~PENALTY_MASK, jack) for t in taken]
    if subtract:
        return tuple(b - MOON_POINTS if s == shooter else b for s, b in enumerate(bonus))
    return tuple(b if s == shooter else b + MOON_POINTS for s, b in enumerate(bonus))
