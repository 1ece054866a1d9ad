"""The score sheet for real-card games: every kind of valid and invalid hand for 3, 4 and 5
players and each variant, corrections, the end of the game and both tie rules.

Valid hands are generated from real cards (each heart, the queen and the jack dealt to a player),
so the figures are what players would count, and the expected scores are worked out here from
the cards with the rules as the seed page states them, never with the sheet's own code.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.cards import HEARTS_MASK, JACK_OF_DIAMONDS_BIT, QUEEN_OF_SPADES_BIT
from game.engine.rules import MoonMode, PassDirection, Rules, TieRule
from game.records import scoresheet
from game.records.scoresheet import HandEntry, ScoreSheet, SheetProblem, check_hand, taken_cards

PLAYERS = st.sampled_from([3, 4, 5])
MOONS = st.sampled_from(list(MoonMode))
RULES = st.builds(
    Rules,
    players=PLAYERS,
    target=st.sampled_from([50, 100]),
    moon=MOONS,
    jack_of_diamonds=st.booleans(),
    tie=st.sampled_from(list(TieRule)),
)


def names(n: int) -> tuple[str, ...]:
    return tuple(["Ann", "Bob", "Cid", "Dee", "Eve"][:n])


def real_hand(
    rules: Rules, rng: random.Random, moon: bool
) -> tuple[HandEntry, list[int], int | None]:
    """A hand from real cards: returns the entry players would give, the expected scores by the
    seed page's rules, and who shot the moon (None if nobody). ``moon``: one player takes every
    heart and the queen."""
    n = rules.players
    hearts = [0] * n
    if moon:
        shooter = rng.randrange(n)
        hearts[shooter] = 13
        queen = shooter
    else:
        for _ in range(13):
            hearts[rng.randrange(n)] += 1
        queen = rng.randrange(n)
    jack = rng.randrange(n) if rules.jack_of_diamonds else None
    points = [hearts[s] + (13 if s == queen else 0) - (10 if s == jack else 0) for s in range(n)]
    shot = queen if hearts[queen] == 13 else None
    subtract = {MoonMode.SHOOTER_MINUS: True, MoonMode.OTHERS_PLUS: False}.get(rules.moon)
    choice = None
    if shot is not None and rules.moon is MoonMode.SHOOTER_CHOOSES:
        choice = subtract = rng.random() < 0.5
    if shot is None:
        expected = points
    else:
        jack_part = [(-10 if s == jack else 0) for s in range(n)]
        if subtract:
            expected = [j - 26 if s == shot else j for s, j in enumerate(jack_part)]
        else:
            expected = [j if s == shot else j + 26 for s, j in enumerate(jack_part)]
    return HandEntry(tuple(points), jack, choice), expected, shot


@settings(max_examples=400, deadline=None)
@given(rules=RULES, seed=st.integers(0, 10**9), moon=st.booleans())
def test_every_real_hand_is_accepted_and_scored_as_the_rules_say(
    rules: Rules, seed: int, moon: bool
) -> None:
    entry, expected, shot = real_hand(rules, random.Random(seed), moon)
    checked = check_hand(rules, entry, names(rules.players))
    assert list(checked.scores) == expected
    assert checked.moon_shooter == shot


@settings(max_examples=300, deadline=None)
@given(rules=RULES, seed=st.integers(0, 10**9), moon=st.booleans(), delta=st.integers(-5, 5))
def test_a_wrong_total_is_refused_with_the_total_in_the_sentence(
    rules: Rules, seed: int, moon: bool, delta: int
) -> None:
    entry, _expected, _queen = real_hand(rules, random.Random(seed), moon)
    rng = random.Random(seed + 1)
    seat = rng.randrange(rules.players)
    low = -10 if seat == entry.jack else 0
    changed = entry.points[seat] + delta
    if delta == 0 or not low <= changed <= 26 or (seat == entry.jack and changed > 16):
        return
    points = list(entry.points)
    points[seat] = changed
    wrong = HandEntry(tuple(points), entry.jack, entry.moon_subtract)
    with pytest.raises(SheetProblem) as refused:
        check_hand(rules, wrong, names(rules.players))
    total = sum(points)
    hand_total = 16 if rules.jack_of_diamonds else 26
    assert refused.value.params == {"total": total, "expected": hand_total}
    assert f"The points add to {total}; a hand holds {hand_total}" in str(refused.value)


@settings(max_examples=500, deadline=None)
@given(
    rules=RULES,
    points=st.lists(st.integers(-12, 28), min_size=3, max_size=5),
    jack=st.one_of(st.none(), st.integers(0, 4)),
    choice=st.one_of(st.none(), st.booleans()),
)
def test_any_accepted_figures_come_from_real_cards(
    rules: Rules, points: list[int], jack: int | None, choice: bool | None
) -> None:
    """Soundness over arbitrary figures: whatever the sheet accepts, there is a way to hold the
    cards that gives exactly those figures (checked by counting the cards here)."""
    entry = HandEntry(tuple(points), jack, choice)
    try:
        checked = check_hand(
            rules, entry, names(rules.players) if len(points) == rules.players else None
        )
    except SheetProblem as problem:
        assert str(problem) and problem.template in scoresheet.all_sentences()
        return
    taken = taken_cards(rules, entry)
    everything = HEARTS_MASK | QUEEN_OF_SPADES_BIT
    if rules.jack_of_diamonds:
        everything |= JACK_OF_DIAMONDS_BIT
    union = 0
    for seat, cards in enumerate(taken):
        assert not union & cards  # no card taken twice
        union |= cards
        counted = (cards & HEARTS_MASK).bit_count() + 13 * bool(cards & QUEEN_OF_SPADES_BIT)
        counted -= 10 * bool(cards & JACK_OF_DIAMONDS_BIT)
        assert counted == points[seat]
    assert union == everything
    assert len(checked.scores) == rules.players


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("jack", [False, True])
def test_named_refusals(players: int, jack: bool) -> None:
    rules = Rules(players=players, jack_of_diamonds=jack)
    who = names(players)
    zeros = [0] * players
    jack_seat = 1 if jack else None

    def refused(points: list[int], **kw: object) -> str:
        entry = HandEntry(tuple(points), kw.get("jack", jack_seat), kw.get("moon"))  # type: ignore[arg-type]
        with pytest.raises(SheetProblem) as problem:
            check_hand(rules, entry, who)
        return str(problem.value)

    # nobody has the queen's 13, though the figures add up
    spread = [26 // players] * players
    spread[0] += 26 - sum(spread)
    if jack:
        spread[1] -= 10
    if max(p + (10 if i == jack_seat else 0) for i, p in enumerate(spread)) < 13:
        assert refused(spread) == scoresheet.NO_QUEEN
    # a figure out of range
    too_big = [27, *zeros[1:]]
    assert "Ann cannot have 27" in refused(too_big)
    assert "Bob cannot have -11" in refused([0, -11, *zeros[2:]])
    assert refused([13, 1, *zeros[2:]]).startswith("The points add to 14")
    if jack:
        assert refused([13, 3, *zeros[2:]], jack=None) == scoresheet.NO_JACK
        assert (
            refused([13, 13, -10, *zeros[3:]])
            == "Cid has -10, but only the jack of diamonds takes points away"
        )
        assert refused([0, 17, -1, *zeros[3:]]).startswith("Bob took the jack of diamonds")
    else:
        assert refused([13, 13, *zeros[2:]], jack=0) == scoresheet.JACK_UNUSED
        assert "Eve" not in refused([13, 13, *zeros[2:]], moon=True)  # no moon: no choice
    assert refused([26]) == f"The sheet has {players} players; this hand has 1 figures"


def test_the_shooter_must_choose_when_the_rules_let_them() -> None:
    rules = Rules(moon=MoonMode.SHOOTER_CHOOSES)
    with pytest.raises(SheetProblem, match="Cid shot the moon: choose 26 to the others"):
        check_hand(rules, HandEntry((0, 0, 26, 0)), names(4))
    assert check_hand(rules, HandEntry((0, 0, 26, 0), moon_subtract=True)).scores == (0, 0, -26, 0)
    assert check_hand(rules, HandEntry((0, 0, 26, 0), moon_subtract=False)).scores == (
        26,
        26,
        0,
        26,
    )


def expected_end(rules: Rules, totals: list[int]) -> tuple[bool, tuple[int, ...]]:
    """The end of a game by the seed pages, written out independently of game.engine.match."""
    if max(totals) < rules.target:
        return False, ()
    low = min(totals)
    lowest = tuple(s for s, t in enumerate(totals) if t == low)
    if len(lowest) > 1 and rules.tie is TieRule.PLAY_ON:
        return False, lowest
    return True, lowest


@settings(max_examples=150, deadline=None)
@given(rules=RULES, seed=st.integers(0, 10**9))
def test_a_whole_game_totals_ends_at_the_target_and_applies_the_tie_rule(
    rules: Rules, seed: int
) -> None:
    rng = random.Random(seed)
    sheet = ScoreSheet(rules, names(rules.players))
    totals = [0] * rules.players
    for number in range(200):
        assert sheet.next_pass is rules.pass_cycle[number % len(rules.pass_cycle)]
        entry, expected, _ = real_hand(rules, rng, rng.random() < 0.15)
        sheet.add_hand(entry)
        totals = [t + e for t, e in zip(totals, expected, strict=True)]
        assert list(sheet.totals) == totals
        over, leaders = expected_end(rules, totals)
        status = sheet.status()
        assert status.over == over
        if over:
            assert status.winners == leaders
            break
        assert status.tied == leaders
    else:
        pytest.fail("the game never ended")
    entry, _, _ = real_hand(rules, rng, False)
    with pytest.raises(SheetProblem, match="The game is over"):
        sheet.add_hand(entry)
    # the ranking: places by total, equal totals share a place
    places = dict((seat, place) for place, seat in sheet.ranking())
    for a in range(rules.players):
        for b in range(rules.players):
            if totals[a] < totals[b]:
                assert places[a] < places[b]
            elif totals[a] == totals[b]:
                assert places[a] == places[b]
    assert min(places.values()) == 1


def test_a_tie_at_the_target_plays_on_or_shares_the_victory() -> None:
    for tie, over in ((TieRule.PLAY_ON, False), (TieRule.SHARED, True)):
        sheet = ScoreSheet(Rules(target=50, tie=tie), names(4))
        sheet.add_hand(HandEntry((13, 13, 0, 0)))  # 13 13 0 0
        sheet.add_hand(HandEntry((0, 0, 13, 13)))  # 13 13 13 13
        sheet.add_hand(HandEntry((0, 0, 26, 0)))  # moon by Cid: 39 39 13 39
        sheet.add_hand(HandEntry((13, 0, 0, 13)))  # 52 39 13 52: Cid alone: over
        assert sheet.status().winners == (2,)
        sheet2 = ScoreSheet(Rules(target=50, tie=tie), names(4))
        for _ in range(4):
            sheet2.add_hand(HandEntry((13, 0, 13, 0)))
        status = sheet2.status()
        assert sheet2.totals == (52, 0, 52, 0)
        assert status.over is over
        assert (status.winners if over else status.tied) == (1, 3)
        if not over:  # another hand: Bob takes 1, Dee wins alone
            sheet2.add_hand(HandEntry((13, 1, 12, 0)))
            assert sheet2.status() == scoresheet.SheetStatus(True, (3,))
        else:
            with pytest.raises(SheetProblem, match="The game is over"):
                sheet2.add_hand(HandEntry((13, 1, 12, 0)))


def test_a_correction_changes_the_totals_and_a_refused_one_changes_nothing() -> None:
    sheet = ScoreSheet(Rules(target=100), names(4))
    sheet.add_hand(HandEntry((13, 5, 8, 0)))
    sheet.add_hand(HandEntry((0, 0, 20, 6)))
    sheet.correct_hand(0, HandEntry((13, 8, 5, 0)))
    assert sheet.totals == (13, 8, 25, 6)
    before = list(sheet.hands)
    with pytest.raises(SheetProblem, match="add to 25"):
        sheet.correct_hand(1, HandEntry((0, 0, 19, 6)))
    with pytest.raises(SheetProblem, match="no hand 3"):
        sheet.correct_hand(2, HandEntry((0, 0, 20, 6)))
    assert sheet.hands == before
    # a correction that ends the game before the last hand says so and changes nothing...
    sheet = ScoreSheet(Rules(target=50), names(4))
    sheet.add_hand(HandEntry((26, 0, 0, 0)))  # moon: 0 26 26 26
    sheet.add_hand(HandEntry((0, 13, 13, 0)))  # 0 39 39 26
    sheet.add_hand(HandEntry((13, 0, 0, 13)))  # 13 39 39 39
    with pytest.raises(scoresheet.EndsEarlier, match="ends after hand 2;") as ended:
        sheet.correct_hand(1, HandEntry((0, 25, 1, 0)))  # 0 51 27 26 after hand 2
    assert (ended.value.number, ended.value.later) == (2, 1)
    assert sheet.totals == (13, 39, 39, 39) and len(sheet.hands) == 3
    # ... until confirmed: then the game ends there and the later hand goes
    sheet.correct_hand(1, HandEntry((0, 25, 1, 0)), end_there=True)
    assert len(sheet.hands) == 2 and sheet.totals == (0, 51, 27, 26)
    assert sheet.over and sheet.status().winners == (0,)
    sheet = ScoreSheet(Rules(target=50), names(4))
    sheet.add_hand(HandEntry((26, 0, 0, 0)))
    sheet.add_hand(HandEntry((0, 13, 13, 0)))
    sheet.add_hand(HandEntry((13, 0, 0, 13)))
    # a correction may end a finished game differently, or open it again
    sheet.add_hand(HandEntry((0, 13, 0, 13)))  # 13 52 39 52: over
    assert sheet.over and sheet.status().winners == (0,)
    sheet.correct_hand(3, HandEntry((0, 0, 13, 13)))  # 13 39 52 52: still over
    assert sheet.over and sheet.status().winners == (0,)
    sheet.correct_hand(3, HandEntry((16, 4, 3, 3)))  # 29 43 42 42: not over
    assert not sheet.over
    sheet.add_hand(HandEntry((0, 13, 13, 0)))  # 29 56 55 42
    assert sheet.over and sheet.status().winners == (0,)


def test_names_are_checked() -> None:
    with pytest.raises(SheetProblem, match="3, 4 or 5"):
        ScoreSheet(Rules(), ("a", "b", "c"))
    with pytest.raises(SheetProblem, match="needs a name"):
        ScoreSheet(Rules(players=3), ("a", " ", "c"))
    with pytest.raises(SheetProblem, match=r"(?i)both called bob"):
        ScoreSheet(Rules(players=3), ("Bob", "ann", "bob"))


def test_pass_directions_follow_the_rules_cycle() -> None:
    sheet = ScoreSheet(Rules(players=5), names(5))
    seen = []
    for _ in range(4):
        seen.append(sheet.next_pass)
        sheet.add_hand(HandEntry((13, 13, 0, 0, 0)))
    assert seen == [PassDirection.LEFT, PassDirection.RIGHT, PassDirection.HOLD, PassDirection.LEFT]


def test_entries_round_trip_and_bad_stored_entries_are_refused() -> None:
    entry = HandEntry((16, 0, 0, 0), jack=0, moon_subtract=None)
    assert HandEntry.from_dict(entry.to_dict()) == entry
    for bad in (
        None,
        {"points": "x"},
        {"points": [1, True]},
        {"points": [1], "jack": "x"},
        {"points": [1], "moon_subtract": 1},
    ):
        with pytest.raises(ValueError):
            HandEntry.from_dict(bad)


# -- issue 28: the sheet read as people write it on paper -------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("moon", list(MoonMode))
def test_the_moon_written_as_its_scores_is_read_as_the_moon(players: int, moon: MoonMode) -> None:
    rules = Rules(players=players, moon=moon)
    for shooter in range(players):
        counted = tuple(26 if s == shooter else 0 for s in range(players))
        choices: list[bool | None] = [False, True] if moon is MoonMode.SHOOTER_CHOOSES else [None]
        for choice in choices:
            expected = check_hand(rules, HandEntry(counted, None, choice)).scores
            subtract = moon is MoonMode.SHOOTER_MINUS or choice is True
            # the scores as a person writes them (worked out here from the rule book)
            paper = tuple(
                (-26 if s == shooter else 0) if subtract else (0 if s == shooter else 26)
                for s in range(players)
            )
            assert paper == expected
            checked, said = scoresheet.read_hand(rules, HandEntry(paper), names(players))
            assert checked.scores == expected and checked.moon_shooter == shooter
            assert said == scoresheet.PAPER_MOON
            assert checked.entry.points == counted  # stored as counted: checks again
    # figures that are neither are refused as before
    with pytest.raises(SheetProblem, match="add to 52"):
        scoresheet.read_hand(Rules(), HandEntry((0, 26, 26, 0)))


def test_the_moon_written_as_scores_with_the_jack() -> None:
    rules = Rules(jack_of_diamonds=True)
    checked, said = scoresheet.read_hand(rules, HandEntry((-10, 26, 26, 26), jack=0))
    assert checked.moon_shooter == 0 and said is not None
    assert checked.scores == (-10, 26, 26, 26)
    checked, _said = scoresheet.read_hand(rules, HandEntry((0, 16, 26, 26), jack=1))
    assert checked.moon_shooter == 0 and checked.scores == (0, 16, 26, 26)


def test_a_figure_beside_the_jack_mark_has_the_minus_ten_added() -> None:
    rules = Rules(jack_of_diamonds=True)
    typed = (3, 10, 13, 0)  # three hearts beside the J mark
    points = tuple(scoresheet.with_jack(p) if s == 0 else p for s, p in enumerate(typed))
    assert points == (-7, 10, 13, 0)
    assert check_hand(rules, HandEntry(points, jack=0)).scores == (-7, 10, 13, 0)
    assert scoresheet.with_jack(-7) == -7  # typed with the -10 already in
    assert scoresheet.with_jack(0) == -10
