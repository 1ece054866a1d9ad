"""What one seat may know: its own cards, what it passed and received, and the public play.

A :class:`SeatView` is what an AI decides from and what a network client is sent: it never holds
another seat's cards. It answers the legality questions for its own seat with the same
:mod:`game.engine.legality` functions as the full state.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from game.engine.cards import CARDS, Card, cards_of, mask_of
from game.engine.codec import (
    InvalidData,
    Reader,
    card_names,
    direction_name,
    names_of,
    read_cards,
    read_direction,
)
from game.engine.hand import HandState, Phase
from game.engine.legality import (
    NO_LED_SUIT,
    Reason,
    legal_mask,
    play_refusal,
    reason_text,
)
from game.engine.moves import Move, legal_moves, move_refusal
from game.engine.rules import PassDirection, Rules
from game.engine.trick import Trick as TrickValue

VIEW_FORMAT = "dame-de-pique/seat-view"
VIEW_VERSION = 1

Trick = tuple[int, tuple[int, ...], int]  # (leader, cards in the order played, winner)

PRIVATE_FIELDS = ("seat", "hand", "passed", "received")
"""What only this seat knows; the views of all seats at one moment agree on every other field."""


@dataclass(frozen=True)
class SeatView:
    """One seat's knowledge at one moment. Cards are ints; sets of cards are bit sets."""

    seat: int
    rules: Rules
    phase: Phase
    hand_number: int
    dealer: int
    pass_direction: PassDirection
    hand: int  # this seat's cards now
    passed: int  # the cards this seat chose to pass (0 before it chose, or on a hold hand)
    received: int  # the cards it received (0 until every seat has chosen)
    pass_chosen: tuple[bool, ...]  # which seats have chosen their pass
    leader: int
    turn: int
    trick: tuple[int, ...]  # the current trick, from the leader's card
    trick_number: int
    hearts_broken: bool
    first_lead: int  # the card that opens the hand
    tricks: tuple[Trick, ...]  # every finished trick of this hand
    card_counts: tuple[int, ...]  # how many cards each seat holds
    totals: tuple[int, ...]  # match totals (this hand's score added once it is scored)
    history: tuple[tuple[int, ...], ...]  # each finished hand's scores
    hand_scores: tuple[int, ...] | None  # this hand's scores once it is over
    moon_shooter: int | None
    winners: tuple[int, ...]

    @classmethod
    def of_hand(
        cls,
        h: HandState,
        seat: int,
        *,
        phase: Phase | None = None,
        hand_number: int = 0,
        dealer: int = 0,
        totals: tuple[int, ...] | None = None,
        history: tuple[tuple[int, ...], ...] = (),
        winners: tuple[int, ...] = (),
    ) -> SeatView:
        """The view of ``seat`` in one hand (the match's facts given, or those of a first hand
        with no points yet)."""
        return cls.of_hand_seats(
            h,
            (seat,),
            phase=phase,
            hand_number=hand_number,
            dealer=dealer,
            totals=totals,
            history=history,
            winners=winners,
        )[0]

    @classmethod
    def of_hand_seats(
        cls,
        h: HandState,
        seats: Iterable[int],
        *,
        phase: Phase | None = None,
        hand_number: int = 0,
        dealer: int = 0,
        totals: tuple[int, ...] | None = None,
        history: tuple[tuple[int, ...], ...] = (),
        winners: tuple[int, ...] = (),
    ) -> list[SeatView]:
        """The views of several seats at one moment, each what :meth:`of_hand` gives: what
        every seat sees alike is worked out once, and the views share it (the same tuples), so
        a network table sends each seat its view without working out the public play again.
        Only :data:`PRIVATE_FIELDS` differ from one to another.

        >>> from game.engine.cards import SUIT_MASKS
        >>> hand = HandState.deal(Rules(), list(SUIT_MASKS), PassDirection.LEFT)
        >>> views = SeatView.of_hand_seats(hand, range(4))
        >>> views == [SeatView.of_hand(hand, s) for s in range(4)]
        True
        >>> views[0].tricks is views[3].tricks
        True
        """
        public = _public_fields(h, phase, hand_number, dealer, totals, history, winners)
        views: list[SeatView] = []
        for seat in seats:
            private: dict[str, Any] = {
                "seat": seat,
                "hand": h.hands[seat],
                "passed": h.passes[seat] or 0,
                "received": h.received(seat),
            }
            if not views:
                views.append(cls(**private, **public))
                continue
            # The first view's fields with this seat's own: a copy of its attributes, which is
            # a fifth of the cost of the frozen dataclass's __init__ (a server makes one view
            # per person per move).
            view = object.__new__(cls)
            view.__dict__.update(views[0].__dict__)
            view.__dict__.update(private)
            views.append(view)
        return views

    # -- legality for this seat ------------------------------------------------------------------

    @property
    def my_turn(self) -> bool:
        return self.phase is Phase.PLAY and self.turn == self.seat

    @property
    def led_suit(self) -> int:
        return self.trick[0] // 13 if self.trick else NO_LED_SUIT

    def legal_mask(self) -> int:
        """The cards this seat may play now (0 when it is not its turn)."""
        if not self.my_turn:
            return 0
        return legal_mask(
            self.hand, self.led_suit, self.trick_number, self.hearts_broken, self.first_lead
        )

    def legal_cards(self) -> list[Card]:
        return cards_of(self.legal_mask())

    def play_refusal(self, card: object) -> Reason | None:
        """Why this seat may not play ``card`` now (the engine's :class:`Reason`), or ``None``
        if it may."""
        return play_refusal(card, self.seat, self)

    def held(self, seat: int) -> int:
        """The cards ``seat`` holds, as far as this seat knows (its own only)."""
        return self.hand if seat == self.seat else 0

    def has_passed(self, seat: int) -> bool:
        return self.pass_chosen[seat]

    def why_illegal(self, card: object) -> str | None:
        """Why this seat may not play ``card`` now, or ``None`` if it may."""
        reason = self.play_refusal(card)
        return None if reason is None else reason_text(reason, self.led_suit, self.first_lead)

    def legal_moves(self) -> list[Move]:
        """Every move this seat may make now (the same list :meth:`Match.legal_moves` gives)."""
        if self.phase is Phase.PASS:
            if self.pass_chosen[self.seat]:
                return []
        elif self.phase is Phase.MOON_CHOICE:
            if self.moon_shooter != self.seat:
                return []
        elif not self.my_turn:
            return []
        return legal_moves(self.phase, self.hand, self.legal_mask())

    def move_reason(self, move: Move) -> str | None:
        """``None`` when this seat may make ``move`` now, else why not (the engine's sentence)."""
        reason = move_refusal(move, self.seat, self)
        return None if reason is None else reason_text(reason, self.led_suit, self.first_lead)

    # -- tricks as values ------------------------------------------------------------------------

    @property
    def current_trick(self) -> TrickValue:
        """The trick under way (empty before the lead)."""
        return TrickValue.of(self.rules, self.leader, self.trick)

    @property
    def finished_tricks(self) -> tuple[TrickValue, ...]:
        """This hand's finished tricks, oldest first."""
        return tuple(TrickValue.of(self.rules, leader, cards) for leader, cards, _ in self.tricks)

    # -- what can be deduced -------------------------------------------------------------------

    @property
    def played(self) -> int:
        """Every card played so far in this hand, the current trick included."""
        return mask_of(c for _, cards, _ in self.tricks for c in cards) | mask_of(self.trick)

    @property
    def unseen(self) -> int:
        """Cards held by the other seats: not in this hand and not played yet."""
        return self.rules.deck & ~self.hand & ~self.played

    def taken(self, seat: int) -> int:
        """The cards in the tricks ``seat`` has won this hand."""
        return mask_of(c for _, cards, winner in self.tricks if winner == seat for c in cards)

    def points_taken(self) -> list[int]:
        """Points each seat has taken this hand so far (before any moon adjustment)."""
        return [self.rules.points_of(self.taken(s)) for s in range(self.rules.players)]

    def trick_seats(self) -> list[tuple[int, Card]]:
        n = self.rules.players
        return [((self.leader + i) % n, CARDS[c]) for i, c in enumerate(self.trick)]

    @property
    def pass_target(self) -> int:
        return self.pass_direction.target(self.seat, self.rules.players)

    @property
    def pass_source(self) -> int:
        return self.pass_direction.source(self.seat, self.rules.players)

    # -- plain data ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible data (what a network table sends a seat)."""
        return {
            "format": VIEW_FORMAT,
            "version": VIEW_VERSION,
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "phase": self.phase.value,
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "pass_direction": direction_name(self.pass_direction),
            "hand": names_of(self.hand),
            "passed": names_of(self.passed),
            "received": names_of(self.received),
            "pass_chosen": list(self.pass_chosen),
            "leader": self.leader,
            "turn": self.turn,
            "trick": card_names(self.trick),
            "trick_number": self.trick_number,
            "hearts_broken": self.hearts_broken,
            "first_lead": str(CARDS[self.first_lead]),
            "tricks": [[ld, card_names(cs), w] for ld, cs, w in self.tricks],
            "card_counts": list(self.card_counts),
            "totals": list(self.totals),
            "history": [list(h) for h in self.history],
            "hand_scores": None if self.hand_scores is None else list(self.hand_scores),
            "moon_shooter": self.moon_shooter,
            "winners": list(self.winners),
        }

    @classmethod
    def from_dict(cls, data: Any) -> SeatView:
        """Read :meth:`to_dict`'s output; :class:`InvalidData` (a ValueError) with a readable
        message on bad data.

        >>> from game.engine.cards import SUIT_MASKS
        >>> hand = HandState.deal(Rules(), list(SUIT_MASKS), PassDirection.LEFT)
        >>> view = SeatView.of_hand(hand, 1)
        >>> SeatView.from_dict(view.to_dict()) == view
        True
        >>> SeatView.from_dict({**view.to_dict(), "seat": 7})
        Traceback (most recent call last):
        ...
        game.engine.codec.InvalidData: seat view: 'seat' is not a seat
        """
        try:
            return _read_view(Reader(data, "seat view"))
        except InvalidData:
            raise
        except (TypeError, ValueError, KeyError) as exc:
            raise InvalidData(f"seat view: {exc}") from None


def _read_view(r: Reader) -> SeatView:
    if r.data.get("format") != VIEW_FORMAT or r.get("version", int) != VIEW_VERSION:
        raise InvalidData("this is not a seat view this version understands")
    rules = Rules.from_dict(r.get("rules", dict))
    n = rules.players

    def mask(key: str) -> int:
        return mask_of(read_cards(r.get(key, list), key))

    def ints(key: str, length: int | None = n) -> tuple[int, ...]:
        values = r.get(key, list)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise InvalidData(f"seat view: '{key}' must hold whole numbers")
        if length is not None and len(values) != length:
            raise InvalidData(f"seat view: '{key}' must have {length} entries")
        return tuple(values)

    tricks = []
    for item in r.get("tricks", list):
        if not isinstance(item, list) or len(item) != 3:
            raise InvalidData("seat view: a trick is [leader, cards, winner]")
        leader, cards, winner = item
        tricks.append((int(leader), tuple(read_cards(cards, "trick")), int(winner)))
    scores = r.get("hand_scores", list, optional=True)
    shooter = r.get("moon_shooter", int, optional=True)
    chosen = r.get("pass_chosen", list)
    return SeatView(
        seat=r.seat("seat", n),
        rules=rules,
        phase=Phase(r.get("phase", str)),
        hand_number=r.get("hand_number", int),
        dealer=r.seat("dealer", n),
        pass_direction=read_direction(r.get("pass_direction", str), "pass_direction"),
        hand=mask("hand"),
        passed=mask("passed"),
        received=mask("received"),
        pass_chosen=tuple(bool(c) for c in chosen),
        leader=r.seat("leader", n),
        turn=r.seat("turn", n),
        trick=tuple(read_cards(r.get("trick", list), "trick")),
        trick_number=r.get("trick_number", int),
        hearts_broken=r.get("hearts_broken", bool),
        first_lead=Card.parse(r.get("first_lead", str)),
        tricks=tuple(tricks),
        card_counts=ints("card_counts"),
        totals=ints("totals"),
        history=tuple(tuple(h) for h in r.get("history", list)),
        hand_scores=None if scores is None else tuple(scores),
        moon_shooter=shooter,
        winners=ints("winners", None),
    )


def _public_fields(
    h: HandState,
    phase: Phase | None,
    hand_number: int,
    dealer: int,
    totals: tuple[int, ...] | None,
    history: tuple[tuple[int, ...], ...],
    winners: tuple[int, ...],
) -> dict[str, Any]:
    """What every seat sees alike of ``h`` (a view's fields but :data:`PRIVATE_FIELDS`)."""
    return {
        "rules": h.rules,
        "phase": h.phase if phase is None else phase,
        "hand_number": hand_number,
        "dealer": dealer,
        "pass_direction": h.pass_direction,
        "pass_chosen": tuple(p is not None for p in h.passes),
        "leader": h.leader,
        "turn": h.turn,
        "trick": tuple(h.trick),
        "trick_number": h.trick_number,
        "hearts_broken": h.hearts_broken,
        "first_lead": h.first_lead,
        "tricks": tuple(h.tricks),
        "card_counts": tuple(x.bit_count() for x in h.hands),
        "totals": (0,) * h.n if totals is None else totals,
        "history": history,
        "hand_scores": h.hand_scores,
        "moon_shooter": h.moon_shooter,
        "winners": winners,
    }
