"""What a seat can deduce from its view: the cards still out, who cannot hold what, which cards
a seat surely holds (the ones this seat passed it), and deals of the unseen cards that agree with
all of that.

>>> from game.engine.rules import Rules
>>> from game.engine.match import Match
>>> match = Match.new(Rules(), seed=5)
>>> from game.engine.cards import cards_of
>>> for seat in range(4):
...     _ = match.choose_pass(seat, cards_of(match.hand.hands[seat])[:3])
>>> know = Knowledge.of(match.view(0))
>>> know.unseen.bit_count(), know.known[match.view(0).pass_target].bit_count()
(39, 3)
>>> import random
>>> hands = know.sample(random.Random(1))
>>> sum(h.bit_count() for h in hands), hands[0] == know.hand
(52, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.engine.cards import SUIT_MASKS
from game.engine.legality import play_inferences
from game.engine.rules import Rules
from game.engine.view import SeatView

_SUITS = range(4)


@dataclass(frozen=True)
class Knowledge:
    """One seat's deductions. Sets of cards are bit sets; tuples are indexed by seat."""

    seat: int
    rules: Rules
    hand: int  # this seat's cards
    played: int  # every card played this hand (the current trick included)
    unseen: int  # the cards the other seats hold between them
    counts: tuple[int, ...]  # how many cards each seat holds
    voids: tuple[int, ...]  # per seat, a bit per suit it has shown it does not hold (1 << suit)
    allowed: tuple[int, ...]  # per seat, the unseen cards it may hold (its own hand for us)
    known: tuple[int, ...]  # per seat, the unseen cards it surely holds (what we passed it)
    taken: tuple[int, ...]  # per seat, the cards in the tricks it won
    constrained: tuple[tuple[int, ...], ...]  # free cards some other seat may not hold, by
    # how many seats may hold them (fewest first)
    open_cards: tuple[int, ...]  # free cards any other seat may hold

    @classmethod
    def of(cls, view: SeatView) -> Knowledge:
        rules = view.rules
        n = rules.players
        tricks = [*view.tricks, (view.leader, view.trick, -1)]
        voids, excluded = play_inferences(
            [(leader, cards) for leader, cards, _ in tricks], n, rules.queen_breaks_hearts
        )
        played = 0
        taken = [0] * n
        for _, cards, winner in tricks:
            for card in cards:
                played |= 1 << card
                if winner >= 0:
                    taken[winner] |= 1 << card
        hand = view.hand
        unseen = rules.deck & ~hand & ~played
        known = [0] * n
        if view.passed:
            # Before the exchange the passed cards are still in our hand, so not unseen.
            known[view.pass_target] = view.passed & unseen
        allowed = []
        for seat in range(n):
            if seat == view.seat:
                allowed.append(hand)
                continue
            mask = unseen & ~excluded[seat]
            for suit in _SUITS:
                if voids[seat] >> suit & 1:
                    mask &= ~SUIT_MASKS[suit]
            allowed.append(mask | known[seat])
        others = [s for s in range(n) if s != view.seat]
        free = unseen
        for k in known:
            free &= ~k
        by_count: dict[int, list[int]] = {}
        open_cards = []
        for card in range(52):
            if free >> card & 1:
                count = sum(allowed[s] >> card & 1 for s in others)
                if count == len(others):
                    open_cards.append(card)
                else:
                    by_count.setdefault(count, []).append(card)
        return cls(
            seat=view.seat,
            rules=rules,
            hand=hand,
            played=played,
            unseen=unseen,
            counts=view.card_counts,
            voids=voids,
            allowed=tuple(allowed),
            known=tuple(known),
            taken=tuple(taken),
            constrained=tuple(tuple(by_count[c]) for c in sorted(by_count)),
            open_cards=tuple(open_cards),
        )

    # -- reading -------------------------------------------------------------------------------

    def out(self, card: int) -> bool:
        """True when another seat holds ``card``."""
        return bool(self.unseen >> card & 1)

    def void(self, seat: int, suit: int) -> bool:
        return bool(self.voids[seat] >> suit & 1)

    # -- sampling ------------------------------------------------------------------------------

    def sample(self, rng: random.Random) -> list[int]:
        """Every seat's cards in one deal that agrees with everything this seat knows."""
        n = self.rules.players
        me = self.seat
        hands = list(self.known)
        hands[me] = self.hand
        need = [self.counts[s] - hands[s].bit_count() for s in range(n)]
        need[me] = 0
        others = [s for s in range(n) if s != me]
        allowed = self.allowed
        free: list[int] = []
        for group in self.constrained:
            # Most constrained cards first; shuffled within a group.
            part = list(group)
            rng.shuffle(part)
            free.extend(part)
        owner: dict[int, int] = {}
        for card in free:
            seats = [s for s in others if need[s] > 0 and allowed[s] >> card & 1]
            if seats:
                total = sum(need[s] for s in seats)
                pick = rng.randrange(total)
                for seat in seats:
                    pick -= need[seat]
                    if pick < 0:
                        break
            else:
                seat = self._make_room(card, owner, need, others)
            owner[card] = seat
            need[seat] -= 1
        for card, seat in owner.items():
            hands[seat] |= 1 << card
        # The rest may go anywhere: shuffle and deal what each seat still needs.
        rest = list(self.open_cards)
        rng.shuffle(rest)
        start = 0
        for seat in others:
            for card in rest[start : start + need[seat]]:
                hands[seat] |= 1 << card
            start += need[seat]
        return hands

    def _make_room(
        self, card: int, owner: dict[int, int], need: list[int], others: list[int]
    ) -> int:
        """Every seat that may hold ``card`` is full: move cards along a chain of seats to one
        with room (an augmenting path), and return the seat that takes ``card``."""
        allowed = self.allowed
        start = [s for s in others if allowed[s] >> card & 1]
        parent: dict[int, tuple[int, int] | None] = {s: None for s in start}
        queue = list(start)
        while queue:
            seat = queue.pop(0)
            if need[seat] > 0:
                # Walk back: each step moves one card from the previous seat to this one.
                link = parent[seat]
                while link is not None:
                    prev, moved = link
                    owner[moved] = seat
                    need[seat] -= 1
                    need[prev] += 1
                    seat = prev
                    link = parent[seat]
                return seat
            for moved, holder in owner.items():
                if holder != seat:
                    continue
                for nxt in others:
                    if nxt not in parent and allowed[nxt] >> moved & 1:
                        parent[nxt] = (seat, moved)
                        queue.append(nxt)
        raise ValueError("no deal agrees with this view")  # pragma: no cover - a bad view
