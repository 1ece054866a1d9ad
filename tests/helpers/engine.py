"""Building positions by hand for the engine's tests."""

from __future__ import annotations

from game.engine.cards import cards_of, mask_of, parse_cards
from game.engine.hand import HandState, Phase
from game.engine.match import Match
from game.engine.rules import PassDirection, Rules
from game.engine.save import save_match
from game.records.profile import FinishedGame


def hands_from(rules: Rules, given: dict[int, str]) -> list[int]:
    """Hands with the given seats' cards as written; the other seats share the rest of the deck
    in order (lowest cards to the lowest free seat first)."""
    hands = [0] * rules.players
    used = 0
    for seat, text in given.items():
        hands[seat] = mask_of(parse_cards(text))
        assert hands[seat].bit_count() == rules.hand_size, f"seat {seat}: {text}"
        assert not used & hands[seat], "a card is given twice"
        used |= hands[seat]
    rest = cards_of(rules.deck & ~used)
    free = [s for s in range(rules.players) if s not in given]
    for i, seat in enumerate(free):
        hands[seat] = mask_of(rest[i * rules.hand_size : (i + 1) * rules.hand_size])
    return hands


def state_from(
    given: dict[int, str], rules: Rules | None = None, plays: str = "", hold: bool = True
) -> HandState:
    """A hand in the play phase (no pass) with the given cards, after ``plays``."""
    rules = rules or Rules()
    state = HandState.deal(
        rules, hands_from(rules, given), PassDirection.HOLD if hold else PassDirection.LEFT
    )
    for card in parse_cards(plays):
        state.play(card)
    return state


def finished_game(match: Match, level: str = "easy") -> FinishedGame:
    """The history's record of ``match`` played by the person in seat 0 against ``level``, as
    the window records it at the game's end."""
    return FinishedGame(
        rules=match.rules.to_dict(),
        level=level,
        human_seat=0,
        names=("a", "b", "c", "d"),
        totals=tuple(match.totals),
        winners=tuple(match.winners),
        practice=False,
        hands=len(match.history),
        match=save_match(match),
    )


def phase_of(state: Match | HandState) -> Phase:
    """The phase now, read after a move: mypy keeps a phase narrowed by an earlier assert
    across the calls that change it."""
    return state.phase


def hand_scores(match: Match) -> tuple[int, ...]:
    """The points each seat took in the hand just scored."""
    scores = match.hand.hand_scores
    assert scores is not None, "the hand is scored"
    return scores
