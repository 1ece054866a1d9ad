"""Check the perft counts pinned in tests/test_deal_and_counts.py against OpenSpiel's Hearts.

The counts of legal play sequences from our fixed deals were pinned from our own engine's
output; this script deals the same cards to OpenSpiel's C++ Hearts (``pip install open-spiel``),
with the same rules (no pass, hearts broken only by a heart, no points on the first trick), and
counts the sequences there too. It prints both and exits 1 if they differ.

    python tools/perft_openspiel.py
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.cards import cards_of
from game.engine.deal import deal_hands
from game.engine.hand import HandState, Phase
from game.engine.rules import PassDirection, Rules

RULES = Rules()
OUR_SUIT_TO_THEIRS = (0, 1, 3, 2)  # ours: clubs, diamonds, spades, hearts; theirs: C, D, H, S
NO_PASS = 0  # OpenSpiel's first chance node: the pass direction


def theirs(card: int) -> int:
    """OpenSpiel's number for our card (theirs: rank * 4 + suit)."""
    suit, rank = divmod(card, 13)
    return rank * 4 + OUR_SUIT_TO_THEIRS[suit]


def our_perft(state: HandState, depth: int) -> int:
    if depth == 0 or state.phase is not Phase.PLAY:
        return 1
    total = 0
    for card in cards_of(state.legal_mask()):
        child = state.copy()
        child.advance(card)
        total += our_perft(child, depth - 1)
    return total


def their_perft(state: Any, depth: int) -> int:
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        total += their_perft(child, depth - 1)
    return total


def their_deal(pyspiel: Any, hands: list[int]) -> Any:
    game = pyspiel.load_game("hearts", {"qs_breaks_hearts": False, "pass_cards": True})
    state = game.new_initial_state()
    state.apply_action(NO_PASS)
    cards = [cards_of(hand) for hand in hands]
    for rank in range(13):  # OpenSpiel deals card k of the deal to player k % 4
        for seat in range(4):
            state.apply_action(theirs(cards[seat][rank]))
    assert not state.is_chance_node()
    return state


def main() -> int:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        print("OpenSpiel is not installed: pip install open-spiel", file=sys.stderr)
        return 2
    hands = deal_hands("perft", 4, RULES.deck, 0)
    ours = HandState.deal(RULES, hands, PassDirection.HOLD)
    them = their_deal(pyspiel, hands)
    same = True
    for depth in range(1, 8):
        a, b = our_perft(ours, depth), their_perft(them, depth)
        same &= a == b
        print(f"from the opening, {depth} cards: ours {a:6}, OpenSpiel {b:6}")
    for _ in range(40):  # the lowest legal card each time, on both sides
        card = cards_of(ours.legal_mask())[0]
        ours.advance(card)
        them.apply_action(theirs(card))
    a, b = our_perft(ours, 12), their_perft(them, 12)
    same &= a == b
    print(f"the last three tricks, 12 cards: ours {a:6}, OpenSpiel {b:6}")
    print("the counts agree" if same else "THE COUNTS DIFFER")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
