"""A match: hands until someone reaches the target, the pass cycle, the dealer, ties, winners.

>>> from game.engine.rules import Rules
>>> match = Match.new(Rules(target=50), seed=7)
>>> match.phase, match.hand.pass_direction.name, match.hand_number
(<Phase.PASS: 'pass'>, 'LEFT', 0)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from game.engine import deal
from game.engine.deal import Seed, hand_seed, seed_text
from game.engine.events import Event, ExtraHand, GameOver, HandStarted
from game.engine.hand import HandState, Phase
from game.engine.legality import IllegalMove, IllegalPlay, Reason, checked_seat, reason_text
from game.engine.moves import PLAY_MOVES, Move, MoveKind, legal_moves, move_refusal
from game.engine.rules import PassDirection, Rules, TieRule
from game.engine.view import SeatView

# Module constants for the enum members the checked path tests on every move (a member read off
# its class runs Python code in 3.11's enum).
_PLAY: Final = Phase.PLAY
_HAND_OVER: Final = Phase.HAND_OVER
_PLAY_KIND: Final = MoveKind.PLAY
_PASS_KIND: Final = MoveKind.PASS
_MOON_KIND: Final = MoveKind.MOON
_PLAY_MOVES: Final = PLAY_MOVES
_MOVE: Final = Move  # (compiled: a constant, not a look-up in the module's dictionary)
_NEW: Final = object()  # Match.new's key to the constructor
# A module variable, not an imported function: compiled, it is still read from the module's
# dictionary at each deal, so a test can deal the match from its own deck
# (tests/helpers/moon_deals.py).
deal_hands = deal.deal_hands


class Match:
    """A whole game: the current :class:`HandState`, the totals and the history of hands.

    Who must move is :meth:`to_act`; what they may do, :meth:`legal_moves`; a move is made with
    :meth:`apply` (or the older :meth:`choose_pass`, :meth:`play` and :meth:`choose_moon`), then
    :meth:`next_hand` once a hand is scored. Each returns the events it caused.
    """

    rules: Rules
    seed: str
    hand_number: int  # 0 for the first hand
    dealer: int
    totals: list[int]
    history: list[tuple[int, ...]]  # each finished hand's scores
    hand: HandState
    past_hands: list[HandState]  # the finished hands, oldest first
    single_hand: bool  # the match is one hand (the daily challenge)
    first_pass: PassDirection | None  # overrides the cycle for hand 0 (the daily challenge)
    winners: tuple[int, ...]  # set when the game is over

    def __init__(self, _key: object = None) -> None:
        if _key is not _NEW:
            raise TypeError("use Match.new(...) or game.engine.save.load_match(...)")

    @classmethod
    def new(
        cls,
        rules: Rules,
        seed: Seed,
        *,
        dealer: int = 0,
        single_hand: bool = False,
        first_pass: PassDirection | None = None,
    ) -> Match:
        """A match whose every deal follows from ``seed`` (see :mod:`game.engine.deal`)."""
        if not 0 <= dealer < rules.players:
            raise ValueError(f"dealer must be a seat from 0 to {rules.players - 1}")
        self = cls(_NEW)
        self.rules = rules
        self.seed = seed_text(seed)
        self.hand_number = 0
        self.dealer = dealer
        self.totals = [0] * rules.players
        self.history = []
        self.single_hand = single_hand
        self.first_pass = first_pass
        self.winners = ()
        self.past_hands = []
        self.hand = HandState.deal(rules, self._deal(), self.pass_direction)
        return self

    @classmethod
    def from_hands(
        cls,
        rules: Rules,
        hands: list[int],
        *,
        pass_direction: PassDirection | None = None,
        dealer: int = 0,
        seed: Seed = 0,
        single_hand: bool = False,
    ) -> Match:
        """A match whose first hand is ``hands`` (each seat's cards as a bit set) instead of
        a deal from the seed; later hands are dealt from ``seed``. For tests and tools.

        >>> from game.engine.cards import SUIT_MASKS
        >>> match = Match.from_hands(Rules(), list(SUIT_MASKS), pass_direction=PassDirection.HOLD)
        >>> match.to_act(), str(match.legal_moves(0)[0])
        ((0,), 'play 2C')
        """
        self = cls.new(
            rules, seed, dealer=dealer, single_hand=single_hand, first_pass=pass_direction
        )
        self.hand = HandState.deal(rules, list(hands), self.pass_direction)
        return self

    def _deal(self) -> list[int]:
        seed = hand_seed(self.seed, self.hand_number)
        return deal_hands(seed, self.rules.players, self.rules.deck, self.dealer)

    @property
    def pass_direction(self) -> PassDirection:
        """The pass of the current hand."""
        if self.hand_number == 0 and self.first_pass is not None:
            return self.first_pass
        return self.rules.pass_direction(self.hand_number)

    @property
    def phase(self) -> Phase:
        if self.winners:
            return Phase.GAME_OVER
        return self.hand.phase

    @property
    def is_over(self) -> bool:
        return bool(self.winners)

    def start_event(self) -> HandStarted:
        """The event that opens the current hand (for a window showing it from the start)."""
        return HandStarted(self.hand_number, self.dealer, self.hand.pass_direction)

    # -- moves ---------------------------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        """The seats that owe a move now: those yet to choose a pass, the seat to play, or the
        shooter choosing how the moon scores; nobody once the hand or the game is over."""
        hand = self.hand
        phase = self.phase
        if phase is Phase.PASS:
            return tuple(s for s, chosen in enumerate(hand.passes) if chosen is None)
        if phase is Phase.PLAY or phase is Phase.MOON_CHOICE:
            return (hand.turn,)
        return ()

    def legal_moves(self, seat: object) -> list[Move]:
        """Every move ``seat`` may make now (a pass lists each set of three of its cards)."""
        hand = self.hand
        who = checked_seat(seat, hand.n)
        if hand.phase is _PLAY:  # (never once the game is over: its last hand is over)
            return _play_moves(hand.legal_mask()) if who == hand.turn else []
        if who not in self.to_act():
            return []
        return legal_moves(self.phase, hand.hands[who], hand.legal_mask())

    def move_reason(self, seat: object, move: object) -> str | None:
        """``None`` when ``seat`` may make ``move`` now, else the sentence saying why not."""
        try:
            who = checked_seat(seat, self.rules.players)
        except IllegalMove as exc:
            return str(exc)
        hand = self.hand
        reason = move_refusal(move, who, hand)
        return None if reason is None else reason_text(reason, hand.led_suit, hand.first_lead)

    def apply(self, seat: object, move: object) -> list[Event]:
        """Make ``seat``'s ``move`` and return the events it caused; a move the rules refuse
        raises :class:`IllegalMove` (with the reason a player reads) and changes nothing.

        The move goes to the hand that makes it, which checks it (the same refusals as
        :meth:`move_reason`, by the same functions of :mod:`game.engine.legality`)."""
        hand = self.hand
        who = checked_seat(seat, hand.n)
        if not isinstance(move, _MOVE):
            raise IllegalMove(Reason.NOT_A_MOVE)
        # A Move built by hand may hold anything: its fields are read untyped, so that the
        # compiled module (game/native/) refuses them with the engine's errors, not a TypeError.
        fields: Any = move
        kind = fields.kind
        if kind is _PLAY_KIND:
            cards = fields.cards
            if len(cards) != 1:
                raise IllegalPlay(Reason.NOT_A_CARD)
            events = hand.play(cards[0], who)
        elif kind is _PASS_KIND:
            return hand.choose_pass(who, fields.cards)
        elif kind is _MOON_KIND:
            events = hand.choose_moon(fields.subtract, who)
        else:
            raise IllegalMove(Reason.NOT_A_MOVE)
        if hand.phase is _HAND_OVER:
            events.extend(self._record_hand())
        return events

    def choose_pass(self, seat: object, cards: Iterable[object]) -> list[Event]:
        return self.hand.choose_pass(seat, cards)

    def play(self, card: object, seat: object = None) -> list[Event]:
        return self._after_hand_move(self.hand.play(card, seat))

    def choose_moon(self, subtract: object, seat: object = None) -> list[Event]:
        return self._after_hand_move(self.hand.choose_moon(subtract, seat))

    def _after_hand_move(self, events: list[Event]) -> list[Event]:
        if self.hand.phase is _HAND_OVER:
            events.extend(self._record_hand())
        return events

    def _record_hand(self) -> list[Event]:
        scores = self.hand.hand_scores
        assert scores is not None
        self.history.append(scores)
        for seat, points in enumerate(scores):
            self.totals[seat] += points
        return self._check_end()

    def _check_end(self) -> list[Event]:
        over, leaders = game_result(self.rules, self.totals, self.single_hand)
        if over:
            self.winners = leaders
            return [GameOver(leaders, tuple(self.totals))]
        return [ExtraHand(leaders)] if leaders else []

    def next_hand(self) -> list[Event]:
        """Deal the next hand once the current one is scored (and the game is not over)."""
        if self.hand.phase is not Phase.HAND_OVER or self.winners:
            raise IllegalMove(Reason.NOT_PLAYING, "The hand is not over, or the game is")
        self.past_hands.append(self.hand)
        self.hand_number += 1
        self.dealer = (self.dealer + 1) % self.rules.players
        self.hand = HandState.deal(self.rules, self._deal(), self.pass_direction)
        return [self.start_event()]

    # -- reading -------------------------------------------------------------------------------

    def hands_with_dealers(self) -> list[tuple[HandState, int]]:
        """Every hand of the match so far with its dealer, oldest first."""
        n = self.rules.players
        first_dealer = (self.dealer - len(self.past_hands)) % n  # (a match read from the
        # notation may begin at a later hand: it counts its hands from there)
        hands = [*self.past_hands, self.hand]
        return [(h, (first_dealer + i) % n) for i, h in enumerate(hands)]

    def at_hand(self, index: int) -> Match:
        """A new match standing at the deal of its hand ``index`` (0: the first it holds), before
        any pass, with the totals and the history before that hand: the hand review replays a
        hand from there, move by move.

        >>> from game.engine.players import RandomPlayer, play_match
        >>> match = Match.new(Rules(target=30), seed=4)
        >>> _ = play_match(match, [RandomPlayer(s) for s in range(4)])
        >>> start = match.at_hand(1)
        >>> second = [*match.past_hands, match.hand][1]
        >>> start.totals == list(match.history[0]), start.hand.dealt == second.dealt
        (True, True)
        """
        hand, dealer = self.hands_with_dealers()[index]
        start = Match.new(
            self.rules,
            self.seed,
            dealer=dealer,
            single_hand=self.single_hand,
            first_pass=self.first_pass,
        )
        start.hand_number = self.hand_number - len(self.past_hands) + index
        start.hand = HandState.deal(self.rules, list(hand.dealt), hand.pass_direction)
        start.history = list(self.history[:index])
        start.totals = list(self.totals)
        for scores in self.history[index:]:
            start.totals = [t - s for t, s in zip(start.totals, scores, strict=True)]
        return start

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know, and nothing more.

        >>> from game.engine.cards import cards_of
        >>> match = Match.new(Rules(), seed=7)
        >>> view = match.view(2)
        >>> view.seat, view.phase.name, cards_of(view.hand) == cards_of(match.hand.hands[2])
        (2, 'PASS', True)
        """
        return self.views((seat,))[0]

    def views(self, seats: Iterable[int]) -> list[SeatView]:
        """The views of ``seats`` at this moment, each what :meth:`view` gives, with what every
        seat sees alike worked out once (:meth:`SeatView.of_hand_seats`)."""
        return SeatView.of_hand_seats(
            self.hand,
            seats,
            phase=self.phase,
            hand_number=self.hand_number,
            dealer=self.dealer,
            totals=tuple(self.totals),
            history=tuple(self.history),
            winners=self.winners,
        )

    def __repr__(self) -> str:
        return f"<Match hand {self.hand_number} totals {self.totals} {self.phase.value}>"


def _play_moves(playable: int) -> list[Move]:
    """The play of each card of the set ``playable``, lowest first (moves.play_moves, the bit
    loop in machine ints when compiled)."""
    moves = []
    table = _PLAY_MOVES
    while playable:
        low = playable & -playable
        moves.append(table[low.bit_length() - 1])
        playable ^= low
    return moves


def game_result(
    rules: Rules, totals: list[int], single_hand: bool = False
) -> tuple[bool, tuple[int, ...]]:
    """Whether the game is over after a hand, and who leads.

    Returns ``(True, winners)`` when it is over; ``(False, tied)`` when the target is reached
    with a tie for the lowest total and another hand must be played; ``(False, ())`` otherwise.

    >>> game_result(Rules(), [40, 100, 60, 70])
    (True, (0,))
    >>> game_result(Rules(), [40, 100, 40, 70])
    (False, (0, 2))
    >>> game_result(Rules(tie=TieRule.SHARED), [40, 100, 40, 70])
    (True, (0, 2))
    >>> game_result(Rules(), [40, 99, 40, 70])
    (False, ())
    """
    if not single_hand and max(totals) < rules.target:
        return False, ()
    lowest = min(totals)
    leaders = tuple(s for s, t in enumerate(totals) if t == lowest)
    if len(leaders) > 1 and rules.tie is TieRule.PLAY_ON and not single_hand:
        return False, leaders
    return True, leaders
