"""The notation (docs/notation.md): writing then reading gives the same game, over seeded games of
3, 4 and 5 players, every variant, moons, the jack, hands alone and unfinished hands."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game.engine.match
from game.engine.cards import Card, cards_of
from game.engine.match import Match
from game.engine.moves import Move
from game.engine.rules import MoonMode, Rules, TieRule
from game.notation import (
    FRENCH,
    LETTERS,
    SPELLINGS,
    SYMBOLS,
    NotationError,
    ReadGame,
    read_game,
    write_match,
)
from tests.helpers.moon_deals import power_deal
from tests.helpers.notation_games import play


def fingerprint(match: Match, first: int = 0) -> list[object]:
    """Everything a game is, from hand ``first`` on: per hand its dealer, pass, deal, passes,
    plays, moon and scores; then the totals, the winners and the phase."""
    hands = match.hands_with_dealers()[first:] if first else match.hands_with_dealers()
    out: list[object] = []
    for hand, dealer in hands:
        out.append(
            (
                dealer,
                hand.pass_direction,
                hand.dealt,
                tuple(hand.passes),
                tuple(hand.plays),
                hand.moon_shooter,
                hand.moon_subtracted,
                hand.hand_scores,
                hand.phase,
            )
        )
    out += [tuple(match.totals), match.winners, match.phase]
    return out


rules_strategy = st.builds(
    Rules,
    players=st.sampled_from([3, 4, 5]),
    target=st.sampled_from([20, 50, 100]),
    queen_breaks_hearts=st.booleans(),
    moon=st.sampled_from(list(MoonMode)),
    jack_of_diamonds=st.booleans(),
    tie=st.sampled_from(list(TieRule)),
)


@settings(max_examples=60, derandomize=True, deadline=None)
@given(
    rules=rules_strategy,
    seed=st.integers(0, 10**6),
    spelling=st.sampled_from(SPELLINGS),
    cut=st.one_of(st.none(), st.integers(0, 200)),
)
def test_a_written_game_reads_back_the_same(
    rules: Rules, seed: int, spelling: str, cut: int | None
) -> None:
    match = Match.new(rules, seed)
    play(match, cut, greedy=False, seed=seed)
    text = write_match(match, spelling=spelling, names=["Ann", "Bo", "Cy", "Di", "Ed"])
    back = read_game(text)
    assert fingerprint(back.match) == fingerprint(match)
    assert write_match(back.match, spelling=spelling, names=back.names()) == text
    assert back.names() == ["Ann", "Bo", "Cy", "Di", "Ed"][: rules.players]


@settings(
    max_examples=40,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(rules=rules_strategy, seed=st.integers(0, 10**6), hands=st.integers(1, 3))
def test_moons_and_the_jack_read_back_the_same(
    monkeypatch: pytest.MonkeyPatch, rules: Rules, seed: int, hands: int
) -> None:
    """Deals where one seat holds the top cards and plays them: moons in every moon mode. The
    deals are not the seed's, so the text is written without it and its deals stand alone."""
    monkeypatch.setattr(game.engine.match, "deal_hands", power_deal)
    match = Match.new(rules, seed)
    for _ in range(hands):
        play_hand(match, seed)
        if match.is_over:
            break
        match.next_hand()
    text = write_match(match, seed_known=False)
    monkeypatch.undo()
    back = read_game(text)
    assert not back.seed_known
    assert fingerprint(back.match) == fingerprint(match)


def play_hand(match: Match, seed: int) -> None:
    number = match.hand_number
    while match.to_act() and match.hand_number == number:
        play(match, 1, greedy=True, seed=seed)


def test_the_moon_deals_do_shoot_moons(monkeypatch: pytest.MonkeyPatch) -> None:
    """The property above meets moons (with the choice made) and the jack taken."""
    monkeypatch.setattr(game.engine.match, "deal_hands", power_deal)
    moons = chosen = jacks = 0
    for seed in range(30):
        rules = Rules(moon=MoonMode.SHOOTER_CHOOSES, jack_of_diamonds=True)
        match = Match.new(rules, seed)
        play_hand(match, seed)
        moons += match.hand.moon_shooter is not None
        chosen += "Moon " in write_match(match, seed_known=False)
        jacks += any(t >> 22 & 1 for t in match.hand.taken)
    assert moons >= 5 and chosen == moons and jacks == 30


def test_a_hand_alone_reads_back_with_its_totals_before() -> None:
    match = Match.new(Rules(), seed=21)
    play(match, 140, greedy=False, seed=21)  # into the third hand
    assert match.hand_number >= 2
    text = write_match(match, hands=[1])
    assert "Before: " in text or match.history[0] == (0, 0, 0, 0)
    back = read_game(text)
    assert (back.first_hand, back.hand_count) == (1, 1)
    assert fingerprint(back.match)[:1] == fingerprint(match, first=1)[:1]
    assert write_match(back.match) == text
    assert back.match.totals == [a + b for a, b in zip(*match.history[:2], strict=True)]


def test_an_unfinished_hand_reads_back_to_where_it_stops() -> None:
    match = Match.new(Rules(players=5), seed=8)
    play(match, 5 + 17, greedy=False, seed=8)  # the passes, then four tricks and two cards
    back = read_game(write_match(match))
    assert back.match.hand.plays == match.hand.plays
    assert len(back.match.hand.trick) == 2 and back.match.phase.value == "play"


def test_the_seed_alone_stands_for_the_deal() -> None:
    match = Match.new(Rules(), seed=3)
    play(match, 30, greedy=False, seed=3)
    text = "\n".join(line for line in write_match(match).splitlines() if "Deal" not in line)
    assert fingerprint(read_game(text).match) == fingerprint(match)


def test_every_spelling_and_comments_read_the_same() -> None:
    match = Match.new(Rules(), seed=9)
    play(match, 60, greedy=False, seed=9)
    texts = [write_match(match, spelling=s) for s in (LETTERS, SYMBOLS, FRENCH)]
    assert "D♠" in texts[2] and "Q♠" in texts[1] and "QS" in texts[0]
    assert '[Language "fr"]' in texts[2]
    commented = texts[0].replace("Trick 2 ", "{what now?\nsecond line} Trick 2 {here} ")
    assert [fingerprint(read_game(t).match) for t in [*texts, commented]] == [
        fingerprint(match)
    ] * 4


def test_a_game_from_another_program_without_seed_or_names() -> None:
    """Written by hand: no tags but the rules, deals given, cards in lower case and T for ten."""
    rng = random.Random(5)
    cards = list(range(52))
    rng.shuffle(cards)
    deal = [sorted(cards[s * 13 : (s + 1) * 13]) for s in range(4)]
    text = "Hand 1 dealer 4 pass hold\n" + "".join(
        f"Deal {s + 1}: {' '.join(str(Card(c)).lower().replace('10', 't') for c in deal[s])}\n"
        for s in range(4)
    )
    back = read_game(text)
    assert [cards_of(h) for h in back.match.hand.dealt] == [[Card(c) for c in d] for d in deal]
    first = back.match.hand.legal_cards()[0]
    back.match.apply(back.match.hand.turn, Move.play(first))  # the hand goes on from there


def test_the_text_of_a_game_is_refused_whole_or_read_whole() -> None:
    match = Match.new(Rules(), seed=4)
    play(match, None, greedy=False, seed=4)
    text = write_match(match)
    broken = text.replace("Totals: ", "Totals: 1", 1)
    with pytest.raises(NotationError):
        read_game(broken)
    assert isinstance(read_game(text), ReadGame)


def test_the_specifications_whole_example_reads() -> None:
    from pathlib import Path

    spec = (Path(__file__).parent.parent / "docs" / "notation.md").read_text(encoding="utf-8")
    example = spec.split("## A whole example")[1].split("```")[1]
    game = read_game(example)
    assert game.names() == ["Claire", "Bot Est", "Bot Ouest"]
    assert game.match.history == [(3, -7, 20)] and game.tags["Language"] == "fr"
    assert len(game.match.hand.trick) == 1  # the second hand stops in its third trick


def test_windows_line_ends_and_a_byte_order_mark_read_the_same() -> None:
    match = Match.new(Rules(), seed=31)
    play(match, 40, greedy=False, seed=31)
    text = write_match(match, spelling=SYMBOLS)
    windows = "\ufeff" + text.replace("\n", "\r\n")
    assert fingerprint(read_game(windows).match) == fingerprint(match)
