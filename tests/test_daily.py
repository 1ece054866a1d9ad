"""The daily challenge: three pinned dates, the same everything in a fresh process and any time
zone, the result and its shareable line, streaks."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

from game.engine.cards import cards_of, format_cards, parse_cards
from game.engine.deal import daily_seed, seeded_choice_index
from game.engine.hand import Phase
from game.engine.rules import PassDirection
from game.records import daily
from game.records.daily import Outcome, Streaks, daily_challenge, par_play, result, streaks
from tests.helpers.daily_pins import PARS, PASSES

ROOT = Path(__file__).resolve().parent.parent
d = dt.date

# What players get on these dates: the deal (seats 0..3, seat 0 is the player) and the pass
# direction. These NEVER change once released: a failure here means the deal algorithm changed.
DEALS = {
    d(2026, 1, 1): (
        PassDirection.ACROSS,
        (
            "3C 5C 6C 8C KC 4D 5D KD 8S QS 3H 10H QH",
            "7C QC 6D 9D JD QD 3S 5S JS 6H 8H 9H AH",
            "2C 4C JC AC 2D 8D 4S 7S 9S KS AS JH KH",
            "9C 10C 3D 7D 10D AD 2S 6S 10S 2H 4H 5H 7H",
        ),
    ),
    d(2026, 7, 14): (
        PassDirection.LEFT,
        (
            "3C 4C KC 6D JD AD 2S 4S JS 4H 6H 8H AH",
            "8C 10C QC 10D 3S 6S 9S KS AS 3H 7H 9H JH",
            "6C 7C AC 3D 4D 5D 7D 9D 5S 7S QS 2H 10H",
            "2C 5C 9C JC 2D 8D QD KD 8S 10S 5H QH KH",
        ),
    ),
    d(2027, 2, 28): (
        PassDirection.ACROSS,
        (
            "JC QC KC 6D 7D AD 3S 7S QS 2H 10H JH KH",
            "5C 3D 4D 5D 8D JD 4S 5S 10S 4H 7H 9H AH",
            "4C 7C 8C 9C 10C AC 9D 10D 9S JS 3H 5H 8H",
            "2C 3C 6C 2D QD KD 2S 6S 8S KS AS 6H QH",
        ),
    ),
}


def names(cards: Iterable[int]) -> str:
    return format_cards(cards, symbols=False)


@pytest.mark.parametrize("day", sorted(DEALS))
def test_deal_and_pass_direction_are_the_released_ones(day: dt.date) -> None:
    direction, hands = DEALS[day]
    challenge = daily_challenge(day)
    assert challenge.seed == f"daily/{day.isoformat()}"
    assert challenge.pass_direction is direction
    assert tuple(names(cards_of(h)) for h in challenge.dealt) == hands
    assert names(challenge.hand) == hands[0]
    match = challenge.new_match(opponents_passed=False)
    assert match.hand.dealt == challenge.dealt and match.hand.pass_direction is direction
    assert match.single_hand and match.phase is Phase.PASS


@pytest.mark.parametrize("day", sorted(PASSES))
def test_opponents_pass_the_stored_cards(day: dt.date) -> None:
    challenge = daily_challenge(day)
    assert {s: names(c) for s, c in challenge.opponent_passes.items()} == PASSES[day]
    match = challenge.new_match()
    for seat, cards in PASSES[day].items():
        assert match.hand.passes[seat] == sum(1 << c for c in parse_cards(cards))
        # The opponent players given to the window choose the same cards from their views.
        fresh = challenge.new_match(opponents_passed=False)
        chosen = challenge.opponents()[seat].choose_pass(fresh.view(seat))
        assert names(sorted(chosen)) == cards
    assert match.hand.passes[0] is None and match.phase is Phase.PASS


@pytest.mark.parametrize("day", sorted(PARS))
def test_par_is_the_stored_one_and_replays_through_the_engine(day: dt.date) -> None:
    points, tricks, passed = PARS[day]
    play = par_play(day)
    assert (play.points, play.tricks, names(play.passed)) == (points, tricks, passed)
    assert daily_challenge(day).par() == points
    # The tutor's recorded play, replayed with the engine's checks, scores the par.
    match = daily_challenge(day).new_match()
    match.choose_pass(0, play.passed)
    for card in play.plays:
        match.play(card)
    assert match.phase is Phase.GAME_OVER
    assert match.hand.hand_scores is not None and match.hand.hand_scores[0] == points
    assert sum(1 for _, _, w in match.hand.tricks if w == 0) == tricks


FRESH_PROCESS = """
import datetime, json, sys
from game.records.daily import daily_challenge, par_play
day = datetime.date.fromisoformat(sys.argv[1])
c = daily_challenge(day)
print(json.dumps({
    "seed": c.seed, "direction": c.pass_direction.name, "dealt": list(c.dealt),
    "passes": {str(s): [str(x) for x in cards] for s, cards in c.opponent_passes.items()},
    "par": par_play(day).points,
}))
"""


def test_same_date_same_everything_in_a_fresh_process_in_any_time_zone() -> None:
    day = d(2026, 7, 14)
    here = daily_challenge(day)
    runs = []
    for tz, lang, hashseed in (("Pacific/Kiritimati", "fr_FR.UTF-8", "1"), ("UTC", "C", "99")):
        env = dict(os.environ, TZ=tz, LANG=lang, LC_ALL=lang, PYTHONHASHSEED=hashseed)
        env["PYTHONPATH"] = str(ROOT)
        runs.append(
            subprocess.Popen(  # both at once: each computes a par
                [sys.executable, "-c", FRESH_PROCESS, day.isoformat()],
                env=env,
                cwd=ROOT,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        )
    outputs = []
    for run in runs:
        out, err = run.communicate(timeout=300)
        assert run.returncode == 0, err
        outputs.append(json.loads(out))
    assert outputs[0] == outputs[1]
    got = outputs[0]
    assert got["seed"] == here.seed and got["direction"] == here.pass_direction.name
    assert tuple(got["dealt"]) == here.dealt
    assert got["passes"] == {str(s): [str(c) for c in v] for s, v in here.opponent_passes.items()}
    assert got["par"] == PARS[day][0]


def test_dates_give_different_deals_and_every_direction_but_hold() -> None:
    days = [d(2026, 3, 1) + dt.timedelta(days=i) for i in range(30)]
    seen = {daily.DIRECTIONS[seeded_choice_index(daily_seed(x), "pass", 3)] for x in days}
    assert seen == {PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS}
    deals = {daily_challenge(x).dealt for x in days[:5]}
    assert len(deals) == 5


@pytest.mark.parametrize("bad", [dt.datetime(2026, 1, 1, 12), "2026-01-01", 20260101, None])
def test_only_a_calendar_date_is_accepted(bad: object) -> None:
    with pytest.raises(ValueError, match="calendar date"):
        daily_challenge(bad)  # type: ignore[arg-type]


def test_result_against_par() -> None:
    assert result(3, 5) is Outcome.BEATEN and result(3, 5) == "beaten"
    assert result(5, 5) == "equalled" and result(6, 5) == "missed"
    assert result(0, 0) == "equalled" and result(26, 0) == "missed"


# -- the shareable line --------------------------------------------------------------------

CARD_NAME = re.compile(r"(10|[2-9JQKA])\s?[♣♦♠♥]|\b(10|[2-9JQKA])[CDSH]\b")


@pytest.mark.parametrize(
    ("points", "par", "tricks"), [(0, 0, 0), (3, 5, 4), (26, 7, 13), (1, 1, 1)]
)
def test_share_text_is_one_line_without_spoilers(points: int, par: int, tricks: int) -> None:
    day = d(2026, 1, 1)
    text = daily.share_text(day, points, par, tricks)
    assert "\n" not in text and "2026-01-01" in text
    assert f"{points} pts" in text and f"par {par}" in text and f"{tricks} trick" in text
    assert not CARD_NAME.search(text), text
    mark = {"beaten": "✓", "equalled": "=", "missed": "✗"}[result(points, par)]
    assert mark in text
    # Nothing in it depends on the deal: another date with the same result reads the same.
    other = daily.share_text(d(2027, 2, 28), points, par, tricks)
    assert other.replace("2027-02-28", "DATE") == text.replace("2026-01-01", "DATE")


def test_share_text_translates_with_its_verdict_and_practice_mark() -> None:
    french = {
        daily.SHARE: "Dame de pique {date} : {points} pts, par {par} {verdict}, {count} pli",
        daily.SHARE_PL: "Dame de pique {date} : {points} pts, par {par} {verdict}, {count} plis",
        daily.SHARE_PRACTICE: "Dame de pique {date} (entraînement) : {points} pts, par {par} "
        "{verdict}, {count} pli",
        "= equalled": "= égalé",
        "✓ beaten": "✓ battu",
    }

    def plural(one: str, many: str, n: int) -> str:
        return french[one if n <= 1 else many]

    def tr(text: str) -> str:
        return french.get(text, text)

    text = daily.share_text(d(2026, 1, 1), 9, 9, 1, tr, plural)
    assert text == "Dame de pique 2026-01-01 : 9 pts, par 9 = égalé, 1 pli"
    text = daily.share_text(d(2026, 1, 1), 3, 9, 4, tr, plural)
    assert text == "Dame de pique 2026-01-01 : 3 pts, par 9 ✓ battu, 4 plis"
    text = daily.share_text(d(2026, 1, 1), 9, 9, 1, tr, plural, practice=True)
    assert text == "Dame de pique 2026-01-01 (entraînement) : 9 pts, par 9 = égalé, 1 pli"


# -- streaks -------------------------------------------------------------------------------

TODAY = d(2026, 3, 10)


def days_before(n: int) -> dt.date:
    return TODAY - dt.timedelta(days=n)


def test_no_history_no_streak() -> None:
    assert streaks({}, TODAY) == Streaks(0, 0, 0, 0)


def test_current_streak_still_alive_before_today_is_played() -> None:
    history = {days_before(i): (3, 5, True) for i in (1, 2, 3)}
    assert streaks(history, TODAY) == Streaks(3, 3, 3, 3)
    history[TODAY] = (9, 5, True)  # today played and par missed
    assert streaks(history, TODAY) == Streaks(4, 4, 0, 3)


def test_a_missed_day_breaks_the_current_streak_but_not_the_best() -> None:
    history = {days_before(i): (1, 5, True) for i in (2, 3, 4, 5)}  # yesterday missed
    assert streaks(history, TODAY) == Streaks(0, 4, 0, 4)
    history[TODAY] = (1, 5, True)
    assert streaks(history, TODAY) == Streaks(1, 4, 1, 4)


def test_equalled_days_meet_the_par_and_practice_days_count_as_played_only() -> None:
    history = {
        days_before(3): (2, 5, True),
        days_before(2): (5, 5, True),  # equalled: the par is met
        days_before(1): (0, 5, False),  # practice: hints were used
        TODAY: (1, 4, True),
    }
    assert streaks(history, TODAY) == Streaks(4, 4, 1, 2)


def test_streaks_across_month_year_and_leap_day() -> None:
    run = [d(2027, 12, 30), d(2027, 12, 31), d(2028, 1, 1)]
    assert streaks(dict.fromkeys(run, (0, 1, True)), d(2028, 1, 1)) == Streaks(3, 3, 3, 3)
    leap = [d(2028, 2, 28), d(2028, 2, 29), d(2028, 3, 1)]
    assert streaks(dict.fromkeys(leap, (0, 1, True)), d(2028, 3, 2)).played == 3


def test_future_dates_are_ignored_and_iso_keys_read() -> None:
    history = {"2026-03-09": (1, 2, True), "2026-03-10": (1, 2, True), "2026-03-12": (1, 2, True)}
    assert streaks(history, TODAY) == Streaks(2, 2, 2, 2)


@pytest.mark.parametrize(
    "history", [{"yesterday": (1, 2, True)}, {TODAY: (1, 2)}, {TODAY: None}, {3: (1, 2, True)}]
)
def test_bad_history_is_a_clear_error(history: dict[object, object]) -> None:
    with pytest.raises(ValueError, match="bad daily history entry"):
        streaks(history, TODAY)  # type: ignore[arg-type]


def test_a_practice_day_keeps_the_played_streak_but_beats_no_par() -> None:
    # (Only the first attempt of a date is recorded: game.records.profile.record_daily, tested
    # there.)
    practice = {TODAY: (0, 6, False)}
    assert streaks(practice, TODAY) == Streaks(1, 1, 0, 0)
