"""Statistics from stored games and daily results, checked against figures worked out here.

The moons, queens and points per hand are recounted in this file from each save's raw moves
(who held what after the pass, who won each trick by following suit), an independent reading of
the same games that never calls the engine's scoring.
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

import pytest

from game.engine.cards import Card
from game.engine.match import Match
from game.engine.players import RandomPlayer, play_match
from game.engine.rules import MoonMode, Rules
from game.engine.save import save_match
from game.records import stats
from game.records.profile import DailyResult, FinishedGame
from game.records.stats import ALL_LEVELS, DayMark, GameFacts

QUEEN = int(Card.parse("QS"))
HEARTS = 3
DIRECTIONS = {"left": 1, "right": -1, "across": 2, "hold": 0}


def recount(save: dict[str, Any], seat: int) -> tuple[list[int], int, int]:
    """(the seat's points per finished hand, moons it shot, queens it took) read from the raw
    moves of a save, for the default moon rule (others +26) without the jack."""
    n = save["rules"]["players"]
    points: list[int] = []
    moons = queens = 0
    for record in save["hands"]:
        plays = [int(Card.parse(c)) for c in record["plays"]]
        if not plays:
            continue
        held = [{int(Card.parse(c)) for c in cards} for cards in record["dealt"]]
        offset = DIRECTIONS[record["pass_direction"]]
        if offset:
            passed = [{int(Card.parse(c)) for c in p} for p in record["passes"]]
            for giver in range(n):
                held[giver] -= passed[giver]
                held[(giver + offset) % n] |= passed[giver]
        if len(plays) != sum(len(h) for h in held):
            continue  # an unfinished hand
        taken: list[set[int]] = [set() for _ in range(n)]
        leader = next(s for s in range(n) if plays[0] in held[s])
        for start in range(0, len(plays), n):
            trick = plays[start : start + n]
            led = trick[0] // 13
            best = max(c for c in trick if c // 13 == led)
            winner = (leader + trick.index(best)) % n
            taken[winner] |= set(trick)
            leader = winner
        raw = [sum(1 for c in t if c // 13 == HEARTS) + 13 * (QUEEN in t) for t in taken]
        shooter = next((s for s in range(n) if raw[s] == 26), None)
        if shooter is not None:
            raw = [0 if s == shooter else 26 for s in range(n)]
        points.append(raw[seat])
        moons += shooter == seat
        queens += QUEEN in taken[seat]
    return points, moons, queens


def finished(match: Match, level: str, seat: int | None, practice: bool = False) -> FinishedGame:
    return FinishedGame(
        rules=match.rules.to_dict(),
        level=level,
        human_seat=seat,
        names=("You", "West", "North", "East"),
        totals=tuple(match.totals),
        winners=tuple(match.winners),
        practice=practice,
        hands=len(match.history),
        match=save_match(match),
        finished_at=f"2026-11-{10 + len(match.history):02d}T10:00:00+00:00",
    )


def played(seed: int) -> Match:
    match = Match.new(Rules(target=100, moon=MoonMode.OTHERS_PLUS), seed=seed)
    play_match(match, [RandomPlayer(seed * 10 + s) for s in range(4)])
    return match


@pytest.fixture(scope="module")
def games() -> list[tuple[int, FinishedGame, Match]]:
    # seed 1 has a moon (hand 8)
    matches = {seed: played(seed) for seed in (1, 2, 3, 4, 5)}
    return [
        (11, finished(matches[1], "easy", 0), matches[1]),
        (12, finished(matches[2], "hard", 0, practice=True), matches[2]),
        (13, finished(matches[3], "hard", 1), matches[3]),
        (14, finished(matches[4], "easy", 2), matches[4]),
        (15, finished(matches[5], "medium", None), matches[5]),  # a demo: not the player's
    ]


def test_each_games_facts_agree_with_a_recount_of_its_moves(games: list[Any]) -> None:
    moons_seen = 0
    for _id, game, match in games:
        for seat in range(4):
            facts = stats.game_facts(game.match, seat)
            assert recount(game.match, seat) == (
                list(facts.hand_points),
                facts.moons,
                facts.queens,
            )
            assert sum(facts.hand_points) == match.totals[seat]
            moons_seen += facts.moons
    assert moons_seen >= 1  # the check covered a moon


def test_statistics_per_level_and_overall(games: list[Any]) -> None:
    pairs = [(game_id, game) for game_id, game, _ in games]
    figures = stats.game_statistics(pairs)
    assert set(figures) == {ALL_LEVELS, "easy", "hard"}  # the demo is not the player's
    overall = figures[ALL_LEVELS]
    mine = [(gid, g) for gid, g in pairs if g.human_seat is not None]
    assert overall.played == 4
    assert overall.practice == 1
    expected_wins = sum(
        1 for _, g in mine if g.human_seat in g.winners and not g.practice
    )  # counted by hand from the rows
    assert overall.won == expected_wins
    assert overall.win_rate == pytest.approx(expected_wins / 4)
    recounts = [recount(g.match, g.human_seat) for _, g in mine]
    assert overall.hands == sum(len(r[0]) for r in recounts)
    assert overall.points == sum(sum(r[0]) for r in recounts)
    assert overall.points_per_hand == pytest.approx(overall.points / overall.hands)
    assert overall.moons == sum(r[1] for r in recounts)
    assert overall.queens == sum(r[2] for r in recounts)
    totals = {gid: g.totals[g.human_seat] for gid, g in mine}
    assert overall.best is not None and overall.worst is not None
    assert overall.best.total == min(totals.values())
    assert overall.worst.total == max(totals.values())
    assert totals[overall.best.game_id] == overall.best.total
    hard = figures["hard"]
    assert hard.played == 2 and hard.practice == 1
    # the practice game never counts as a win, even when the player won it
    assert hard.won == int(1 in games[2][1].winners)  # game 12 is practice: never a win
    easy = figures["easy"]
    assert easy.played + hard.played == overall.played
    assert easy.moons + hard.moons == overall.moons


def test_a_practice_win_is_never_a_win() -> None:
    match = played(7)
    winner = match.winners[0]
    game = finished(match, "easy", winner, practice=True)
    figures = stats.game_statistics([(1, game)])
    assert figures[ALL_LEVELS].played == 1 and figures[ALL_LEVELS].won == 0
    honest = finished(match, "easy", winner, practice=False)
    assert stats.game_statistics([(1, honest)])[ALL_LEVELS].won == 1


def test_an_unreadable_save_still_counts_from_its_totals() -> None:
    match = played(8)
    game = finished(match, "easy", 0)
    broken = FinishedGame(**{**game.__dict__, "match": {"format": "nonsense"}})
    figures = stats.game_statistics([(1, broken)])[ALL_LEVELS]
    assert figures.unreadable == 1
    assert figures.points == match.totals[0] and figures.hands == len(match.history)
    assert figures.moons == 0
    assert stats.facts_by_id([(1, broken)]) == {1: None}


def test_given_facts_are_used_instead_of_replaying() -> None:
    match = played(9)
    game = finished(match, "easy", 0)
    fake = GameFacts((1, 2, 3), moons=5, queens=4)
    figures = stats.game_statistics([(3, game)], {3: fake})[ALL_LEVELS]
    assert (figures.hands, figures.points, figures.moons, figures.queens) == (3, 6, 5, 4)


def daily(day: str, points: int, par: int, first: bool = True, practice: bool = False) -> Any:
    return DailyResult(day, points, par, 5, first, practice, day + "T20:00:00+00:00")


def test_daily_statistics_streaks_and_calendar_marks() -> None:
    results = [
        daily("2026-11-01", 3, 5),  # beaten
        daily("2026-11-02", 9, 5),  # missed
        daily("2026-11-02", 0, 5, first=False),  # a replay never counts
        daily("2026-11-03", 2, 5),  # beaten
        daily("2026-11-04", 1, 5, practice=True),  # help used: practice
        daily("2026-11-05", 4, 5),  # beaten
        daily("2026-11-06", 0, 1),  # beaten
        daily("2026-11-06", 0, 1, first=False),
        daily("2026-11-07", 5, 5),  # equal to the par: equalled, the streak goes on
        daily("2026-11-08", 0, 3),  # beaten
        daily("2026-11-09", 0, 3),  # beaten
    ]
    figures = stats.daily_statistics(results, _dt.date(2026, 11, 10))
    assert figures.days_played == 9
    assert figures.pars_beaten == 6 and figures.pars_equalled == 1
    assert (figures.current_streak, figures.best_streak) == (5, 5)
    assert (figures.played_streak, figures.best_played_streak) == (9, 9)
    assert figures.mark(_dt.date(2026, 11, 1)) is DayMark.BEATEN
    assert figures.mark(_dt.date(2026, 11, 2)) is DayMark.MISSED
    assert figures.mark(_dt.date(2026, 11, 4)) is DayMark.PRACTICE
    assert figures.mark(_dt.date(2026, 11, 7)) is DayMark.EQUALLED
    assert figures.mark(_dt.date(2026, 11, 10)) is DayMark.NOT_PLAYED
    # a day missed breaks the current streak
    later = stats.daily_statistics(results, _dt.date(2026, 11, 12))
    assert later.current_streak == 0 and later.best_streak == 5


def test_month_weeks_start_on_monday_and_hold_every_day() -> None:
    weeks = stats.month_weeks(2026, 2)
    days = [d for week in weeks for d in week if d is not None]
    assert [d.day for d in days] == list(range(1, 29))
    assert all(len(week) == 7 for week in weeks)
    for week in weeks:
        for index, day in enumerate(week):
            if day is not None:
                assert day.weekday() == index
