"""The daily challenge: one hand that everyone gets on the same calendar date, and its par.

Everything follows from the date the caller passes (the player's local date; there is no clock
in here), so the challenge works offline and is the same on every machine. The algorithm,
version 1, never to change once released:

1. The seed is :func:`game.engine.deal.daily_seed`: ``"daily/YYYY-MM-DD"``.
2. The pass direction is ``(LEFT, RIGHT, ACROSS)[seeded_choice_index(seed, "pass", 3)]``
   (:func:`game.engine.deal.seeded_choice_index`: SHAKE-256 of the seed; never a hold hand).
3. The deal is ``Match.new(Rules(), seed, single_hand=True, first_pass=direction)``: the classic
   rules, four players, dealer seat 0, so the hand's cards come from the seed ``seed + "/0"``
   by :mod:`game.engine.deal`'s shuffle. The player is seat 0.
4. Seat ``n`` (1, 2, 3) is played by the Hard AI with the seed ``f"{seed}/seat{n}"`` and the
   search sizes :data:`DAILY_WORK` and :data:`DAILY_PASS_SAMPLES`; its pass is that player's
   choice from its view of the fresh deal (passes are chosen before anyone sees what they
   receive, so they do not depend on the player's).
5. The par is the points seat 0 scores when the tutor, the same Hard AI with the seed
   ``f"{seed}/seat0"``, plays it against those same opponents.

The opponents' passes and the par also depend on the Hard AI's play: a change to it changes
them, and ``tests/test_daily.py`` pins three dates so that such a change is never silent.

>>> import datetime
>>> day = daily_challenge(datetime.date(2026, 1, 1))
>>> day.seed, day.pass_direction.name
('daily/2026-01-01', 'ACROSS')
>>> result(5, 8), result(8, 8), result(9, 8)
(<Outcome.BEATEN: 'beaten'>, <Outcome.EQUALLED: 'equalled'>, <Outcome.MISSED: 'missed'>)
"""

from __future__ import annotations

import datetime as _dt
import functools
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from game import ai
from game.ai.hard import HardPlayer
from game.engine.cards import CARDS, Card, cards_of
from game.engine.deal import daily_seed, seeded_choice_index
from game.engine.hand import Phase
from game.engine.match import Match
from game.engine.players import Player, play_match
from game.engine.rules import PassDirection, Rules
from game.text.sentences import Plural, Sentence, Translate, render

DAILY_VERSION: Final = 1
DIRECTIONS: Final = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS)
PLAYER_SEAT: Final = 0
OPPONENT_SEATS: Final = (1, 2, 3)
DAILY_RULES: Final = Rules()
# Hard's search, pinned here so that tuning the game's Hard level leaves the daily alone:
DAILY_WORK: Final = 60_000  # card plays simulated per play decision
DAILY_PASS_SAMPLES: Final = 24  # deals played out per candidate pass


def par_key() -> str:
    """What a stored par depends on: this algorithm's version and the AI's
    (:data:`game.ai.AI_VERSION`), e.g. ``"daily1/ai1"``. A par kept under another key is
    computed again, so an update never pairs an old par with new opponents' passes.

    >>> par_key() == f"daily{DAILY_VERSION}/ai{ai.AI_VERSION}"
    True
    """
    return f"daily{DAILY_VERSION}/ai{ai.AI_VERSION}"


def _check_date(day: object) -> _dt.date:
    if isinstance(day, _dt.datetime) or not isinstance(day, _dt.date):
        raise ValueError(f"the daily challenge needs a calendar date, not {day!r}")
    return day


def seat_seed(seed: str, seat: int) -> str:
    """The Hard AI's seed for ``seat`` in the challenge of ``seed`` (the tutor is seat 0)."""
    return f"{seed}/seat{seat}"


def _hard(seed: str, seat: int) -> HardPlayer:
    return HardPlayer(seat_seed(seed, seat), work=DAILY_WORK, pass_samples=DAILY_PASS_SAMPLES)


class Outcome(StrEnum):
    """The player's points against the par (fewer points is better)."""

    BEATEN = "beaten"
    EQUALLED = "equalled"
    MISSED = "missed"


def result(points: int, par: int) -> Outcome:
    """Beaten when the player took fewer points than the par, equalled, or missed."""
    if points < par:
        return Outcome.BEATEN
    return Outcome.EQUALLED if points == par else Outcome.MISSED


@dataclass(frozen=True)
class ParPlay:
    """How the tutor played the challenge from seat 0: its points (the par) and tricks, what it
    passed, and every card of the hand in the order played (a spoiler: show it after)."""

    points: int
    tricks: int
    passed: tuple[Card, ...]
    plays: tuple[Card, ...]


@dataclass(frozen=True)
class DailyChallenge:
    """One date's challenge. Build it with :func:`daily_challenge`."""

    date: _dt.date
    seed: str
    pass_direction: PassDirection
    rules: Rules
    dealt: tuple[int, ...]  # each seat's cards as dealt (bit sets)
    opponent_passes: Mapping[int, tuple[Card, ...]]  # seat (1, 2, 3) -> the cards it passes

    @property
    def hand(self) -> list[Card]:
        """The player's (seat 0) cards as dealt."""
        return cards_of(self.dealt[PLAYER_SEAT])

    def opponents(self) -> dict[int, Player]:
        """The three opponents, fresh, by seat (1 West, 2 North, 3 East): the Hard AI with each
        seat's seed. Give each its seat's view; their choices follow from the seed and view."""
        return {seat: _hard(self.seed, seat) for seat in OPPONENT_SEATS}

    def tutor(self) -> HardPlayer:
        """The player that sets the par: the Hard AI at seat 0 (also the hint's adviser)."""
        return _hard(self.seed, PLAYER_SEAT)

    def new_match(self, opponents_passed: bool = True) -> Match:
        """A fresh match of the challenge's hand. With ``opponents_passed`` the three opponents
        have already chosen their :attr:`opponent_passes`: only the player's pass is left."""
        match = Match.new(self.rules, self.seed, single_hand=True, first_pass=self.pass_direction)
        if opponents_passed:
            for seat, cards in self.opponent_passes.items():
                match.choose_pass(seat, cards)
        return match

    def par(self) -> int:
        """The par: the points the tutor takes from seat 0 (computed once per date and process,
        about four seconds: call it off the UI thread, or :func:`par_play` there)."""
        return par_play(self.date).points


def daily_challenge(day: _dt.date) -> DailyChallenge:
    """The challenge of a calendar date (the player's local date). The opponents' passes are
    Hard searches (a fraction of a second in all); the result is cached per date and process.

    Raises ValueError for anything but a ``datetime.date`` (a ``datetime`` is refused too: the
    caller decides which local date it is).
    """
    return _challenge(_check_date(day))


@functools.lru_cache(maxsize=16)
def _challenge(day: _dt.date) -> DailyChallenge:
    seed = daily_seed(day)
    direction = DIRECTIONS[seeded_choice_index(seed, "pass", len(DIRECTIONS))]
    match = Match.new(DAILY_RULES, seed, single_hand=True, first_pass=direction)
    passes: dict[int, tuple[Card, ...]] = {}
    for seat in OPPONENT_SEATS:
        chosen = _hard(seed, seat).choose_pass(match.view(seat))
        passes[seat] = tuple(sorted(CARDS[c] for c in chosen))
    return DailyChallenge(
        date=day,
        seed=seed,
        pass_direction=direction,
        rules=DAILY_RULES,
        dealt=match.hand.dealt,
        opponent_passes=MappingProxyType(passes),
    )


_par_cache: dict[_dt.date, ParPlay] = {}
_par_lock = threading.Lock()


def par_play(day: _dt.date) -> ParPlay:
    """The tutor's play of the date's challenge, cached per process (thread-safe: a window may
    compute it in a worker thread while the player looks at their cards)."""
    day = _check_date(day)
    with _par_lock:
        cached = _par_cache.get(day)
    if cached is not None:
        return cached
    played = _play_par(daily_challenge(day))
    with _par_lock:
        return _par_cache.setdefault(day, played)


def _play_par(challenge: DailyChallenge) -> ParPlay:
    match = challenge.new_match(opponents_passed=True)
    seats: list[Player] = [challenge.tutor(), *challenge.opponents().values()]
    play_match(match, seats)
    hand = match.hand
    assert match.phase is Phase.GAME_OVER and hand.hand_scores is not None
    tricks = sum(1 for _, _, winner in hand.tricks if winner == PLAYER_SEAT)
    return ParPlay(
        points=hand.hand_scores[PLAYER_SEAT],
        tricks=tricks,
        passed=tuple(cards_of(hand.passes[PLAYER_SEAT] or 0)),
        plays=tuple(CARDS[c] for c in hand.plays),
    )


# -- the result screen's shareable line ------------------------------------------------------

SHARE: Final = "Dame de pique {date}: {points} pts, par {par} {verdict}, {count} trick"
SHARE_PL: Final = "Dame de pique {date}: {points} pts, par {par} {verdict}, {count} tricks"
SHARE_PRACTICE: Final = (
    "Dame de pique {date} (practice): {points} pts, par {par} {verdict}, {count} trick"
)
SHARE_PRACTICE_PL: Final = (
    "Dame de pique {date} (practice): {points} pts, par {par} {verdict}, {count} tricks"
)
RESULT_MARKS: Final = {Outcome.BEATEN: "✓", Outcome.EQUALLED: "=", Outcome.MISSED: "✗"}
SHARE_VERDICTS: Final = {  # the mark and the word: the line reads without a legend
    Outcome.BEATEN: "✓ beaten",
    Outcome.EQUALLED: "= equalled",
    Outcome.MISSED: "✗ missed",
}


def share_sentence(
    day: _dt.date, points: int, par: int, tricks_taken: int, practice: bool = False
) -> Sentence:
    """The shareable line as a :class:`~game.text.sentences.Sentence` (for the window);
    ``practice``: a hand that does not count (a replay, a past day, a hint or teaching mode)."""
    day = _check_date(day)
    one, many = (SHARE_PRACTICE, SHARE_PRACTICE_PL) if practice else (SHARE, SHARE_PL)
    return Sentence(
        one,
        (
            ("date", day.isoformat()),
            ("points", points),
            ("par", par),
            ("verdict", Sentence(SHARE_VERDICTS[result(points, par)])),
            ("count", tricks_taken),
        ),
        many,
    )


def share_text(
    day: _dt.date,
    points: int,
    par: int,
    tricks_taken: int,
    translate: Translate | None = None,
    plural: Plural | None = None,
    *,
    practice: bool = False,
) -> str:
    """One line to paste anywhere: date, points, par and verdict, tricks; no card named, and
    "(practice)" after the date for a hand that does not count.

    >>> import datetime
    >>> share_text(datetime.date(2026, 1, 1), 3, 5, 4)
    'Dame de pique 2026-01-01: 3 pts, par 5 ✓ beaten, 4 tricks'
    >>> share_text(datetime.date(2026, 1, 1), 0, 0, 1, practice=True)
    'Dame de pique 2026-01-01 (practice): 0 pts, par 0 = equalled, 1 trick'
    """
    sentence = share_sentence(day, points, par, tricks_taken, practice)
    return render(sentence, translate, plural)


def next_deal_in(now: _dt.datetime) -> _dt.timedelta:
    """The time from ``now`` (the player's local time, naive) to the next date's deal, at
    local midnight.

    >>> next_deal_in(_dt.datetime(2026, 12, 6, 22, 30))
    datetime.timedelta(seconds=5400)
    """
    midnight = _dt.datetime.combine(now.date() + _dt.timedelta(days=1), _dt.time())
    return midnight - now.replace(tzinfo=None)


# -- streaks over the history ----------------------------------------------------------------

Entry = tuple[int, int, bool]
"""(points, par, first_attempt) of one date; ``first_attempt`` False when the date's first game
was practice (a hint or teaching mode was used): it counts as played, never as a par met."""

History = Mapping[_dt.date, Entry] | Mapping[str, Entry] | Mapping[_dt.date | str, Entry]
"""Each date played (a ``date`` or its ISO text) to its first attempt (a Mapping is invariant
in its key type: dates, texts or both)."""


@dataclass(frozen=True)
class Streaks:
    """Runs of consecutive dates: the current ones end today (or yesterday, while today is not
    played yet) and the best ones anywhere in the history. A par is *met* when the first
    attempt, played without help, beat it or equalled it: a par of 0 cannot be beaten (a hand
    never scores below 0), so equalling a par keeps the streak of pars and adds to it."""

    played: int
    best_played: int
    met: int
    best_met: int


def _dated(history: History) -> dict[_dt.date, Entry]:
    dated: dict[_dt.date, Entry] = {}
    for key, entry in history.items():
        try:
            day = _dt.date.fromisoformat(key) if isinstance(key, str) else _check_date(key)
            points, par, first = entry
        except (TypeError, ValueError):
            raise ValueError(
                f"bad daily history entry {key!r}: {entry!r} (want date: (points, par, bool))"
            ) from None
        dated[day] = (int(points), int(par), bool(first))
    return dated


def _runs(days: set[_dt.date], today: _dt.date, today_done: bool) -> tuple[int, int]:
    """(current, best) runs of consecutive days in ``days`` (dates after ``today`` ignored).
    The current run ends today once today is played (``today_done``), else yesterday."""
    one = _dt.timedelta(days=1)
    best = run = 0
    previous: _dt.date | None = None
    for day in sorted(d for d in days if d <= today):
        run = run + 1 if previous is not None and day - previous == one else 1
        best = max(best, run)
        previous = day
    current = 0
    day = today if today_done else today - one
    while day in days:
        current += 1
        day -= one
    return current, best


def streaks(history: History, today: _dt.date) -> Streaks:
    """Current and best streaks of days played and of pars met (beaten or equalled).

    ``history`` maps each date played (a ``date`` or its ISO text) to its first attempt's
    ``(points, par, first_attempt)``; replays are never recorded (see :func:`record`).

    >>> import datetime
    >>> d = datetime.date
    >>> streaks({d(2026, 1, 1): (3, 5, True), d(2026, 1, 2): (9, 5, True)}, d(2026, 1, 3))
    Streaks(played=2, best_played=2, met=0, best_met=1)
    """
    today = _check_date(today)
    dated = _dated(history)
    played = set(dated)
    met = {day for day, (points, par, first) in dated.items() if first and points <= par}
    done = today in played
    played_now, played_best = _runs(played, today, done)
    met_now, met_best = _runs(met, today, done)
    return Streaks(played_now, played_best, met_now, met_best)
