"""The daily challenge among friends: a board per group, each result checked by replaying it.

A group is a code (like a table's). A member joins under a name, unique in the group without
regard to case, and gets a token that keeps the name theirs. A result is the day's hand in the
notation (docs/notation.md); :func:`check_result` reads it through the engine and accepts it only
when it is that date's challenge exactly as :mod:`game.records.daily` deals it (the seed, the
rules, the pass, the opponents' passes), played to its end, and when the player's points are the
ones claimed. One result per name and date: the first. The board then shows the date's points
against the par, the week's total and each member's streak of days.

This module holds no sockets: :mod:`game.net.board_server` carries its messages
(docs/protocol.md, "The friends' board").

>>> board = Board()
>>> code, token = board.create_group("Ann")
>>> board.join(code, "ann", None)
Traceback (most recent call last):
...
game.net.daily_board.BoardRefusal: name-taken: That name is taken in this group
"""

from __future__ import annotations

import datetime as _dt
import json
import secrets
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from game.engine.cards import cards_of
from game.engine.hand import HandState
from game.engine.moves import Move
from game.net.json_file import JsonFile
from game.net.online_table import SitRefused, clean_name
from game.net.protocol import CODE_ALPHABET
from game.notation import NotationError, read_game
from game.records.daily import (
    DAILY_RULES,
    OPPONENT_SEATS,
    PLAYER_SEAT,
    DailyChallenge,
    daily_challenge,
)

BOARD_CODE_CHARS: Final = 8  # 40 random bits, as a table's code
MAX_MEMBERS: Final = 64  # names in one group
MAX_GROUPS: Final = 100_000  # groups on one server
MAX_RESULT_TEXT: Final = 8000  # characters: a daily hand written out is about 1,200
WEEK: Final = 7  # days in the week's total
MAX_TRIES: Final = 5  # results a name may send for a date (refused ones included)
DATE_SLACK: Final = 1  # days either side of the server's date a result may be for (time zones)

REASONS: Final = {
    "wrong-date": "A result is taken only for today's challenge",
    "not-daily": "This is not that date's challenge",
    "no-replay": "The moves do not replay",
    "unfinished": "The hand is not finished",
    "points": "The hand does not give the points claimed",
    "second-attempt": "This name already has a result for that date: only the first counts",
    "too-many": "Too many results were sent for that date under this name",
    "name-taken": "That name is taken in this group",
    "wrong-token": "That name belongs to someone else in this group",
    "full": "This group is full",
    "wrong-code": "There is no group with that code",
    "too-big": "That result is too long to be one hand",
    "malformed": "A name is 1 to 24 printable characters",
}
"""Each refusal's code and the sentence it is said with (docs/protocol.md lists them)."""


class BoardRefusal(Exception):
    """A request the board refuses: ``code`` is one of :data:`REASONS`, ``reason`` the
    sentence (the standard one, or a more precise one such as the notation's line and column)."""

    def __init__(self, code: str, reason: str | None = None) -> None:
        self.code = code
        self.reason = reason or REASONS[code]
        super().__init__(f"{code}: {self.reason}")


@dataclass
class Member:
    name: str
    token: str
    results: dict[str, int] = field(default_factory=dict)  # ISO date -> points
    tries: dict[str, int] = field(default_factory=dict)  # ISO date -> results checked (kept
    # with the board's file, so that a restart does not give a name five more tries)


@dataclass
class Group:
    code: str
    members: dict[str, Member] = field(default_factory=dict)  # by name.casefold()


@dataclass(frozen=True)
class Standing:
    """One member's line on the board of a date."""

    name: str
    points: int | None  # the date's points (None: no result yet)
    week: int  # points over the week ending on the date (days played)
    days: int  # days played in that week
    streak: int  # days in a row with a result, up to the date (or the day before it)


def check_result(text: str, day: _dt.date, points: int, *, opponents: bool = True) -> None:
    """Accept ``text`` as the player's (seat 0) result of ``day``'s challenge worth ``points``,
    or raise :class:`BoardRefusal` saying why not. The deal, the pass and the opponents'
    passes are derived here from the date, as the game derives them; with ``opponents`` each
    of their cards is asked again of the challenge's AI (a decision depends only on its seed
    and the seat's view: a few seconds of search for the hand)."""
    if len(text) > MAX_RESULT_TEXT:
        raise BoardRefusal("too-big")
    try:
        game = read_game(text)
    except NotationError as exc:
        raise BoardRefusal("no-replay", f"The moves do not replay: {exc}") from None
    challenge = daily_challenge(day)
    match = game.match
    hand = game.hand_at(0)
    same = (
        game.seed_known
        and match.seed == challenge.seed
        and match.rules == DAILY_RULES
        and match.single_hand
        and game.hand_count == 1
        and hand.pass_direction is challenge.pass_direction
        and hand.dealt == challenge.dealt
    )
    if not same:
        raise BoardRefusal("not-daily", f"This is not the challenge of {day.isoformat()}")
    for seat in OPPONENT_SEATS:
        passed = hand.passes[seat]
        expected = sum(1 << c for c in challenge.opponent_passes[seat])
        if passed is not None and passed != expected:
            raise BoardRefusal(
                "not-daily", f"Seat {seat + 1} did not pass what the challenge's AI passes"
            )
    if hand.hand_scores is None:
        raise BoardRefusal("unfinished")
    scored = hand.hand_scores[PLAYER_SEAT]
    if scored != points:
        raise BoardRefusal("points", f"The hand gives {scored} points, not {points}")
    if opponents:
        check_opponents(challenge, hand)


def check_opponents(challenge: DailyChallenge, hand: HandState) -> None:
    """Each opponent's card in ``hand`` is the one the challenge's AI plays from that view."""
    match = challenge.new_match()
    players = challenge.opponents()
    mine = hand.passes[PLAYER_SEAT]
    if mine is not None:
        match.apply(PLAYER_SEAT, Move.pass_cards(cards_of(mine)))
    for index, card in enumerate(hand.plays):
        seat = match.hand.turn
        if seat != PLAYER_SEAT:
            chosen = players[seat].choose_play(match.view(seat))
            if chosen != card:
                trick = index // challenge.rules.players + 1
                raise BoardRefusal(
                    "not-daily",
                    f"Seat {seat + 1}'s card in trick {trick} is not the one the challenge's AI "
                    "plays",
                )
        match.apply(seat, Move.play(card))


class Board:
    """Every group and its members' results; optionally kept in a JSON file. The server's loop
    and its checking threads change it at once: :attr:`lock` is held around every change and
    save (never around a result's check: seconds of search)."""

    def __init__(
        self,
        path: Path | None = None,
        token: Callable[[], str] = lambda: secrets.token_urlsafe(18),
        *,
        verify_opponents: bool = True,
    ) -> None:
        self.verify_opponents = verify_opponents  # (tests with random opponents turn it off)
        self.groups: dict[str, Group] = {}
        self.path = path
        self.file = JsonFile(path) if path is not None else None
        self.lock = threading.RLock()
        self.new_token = token
        if path is not None and path.exists():
            self.groups = _load(json.loads(path.read_text(encoding="utf-8")))

    def create_group(self, name: str) -> tuple[str, str]:
        """A new group with ``name`` as its first member: (its code, the member's token)."""
        with self.lock:
            if len(self.groups) >= MAX_GROUPS:
                raise BoardRefusal("full", "The server holds as many groups as it may")
            while True:
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(BOARD_CODE_CHARS))
                if code not in self.groups:
                    break
            self.groups[code] = Group(code)
            token = self.join(code, name, None)
            return code, token

    def group(self, code: str) -> Group:
        group = self.groups.get(code.strip().upper())
        if group is None:
            raise BoardRefusal("wrong-code")
        return group

    def join(self, code: str, name: str, token: str | None) -> str:
        """The member's token: a new name takes one; a known name needs its token."""
        group = self.group(code)
        try:
            name = clean_name(name)
        except SitRefused:
            raise BoardRefusal("malformed") from None
        with self.lock:
            member = group.members.get(name.casefold())
            if member is not None:
                if token is None:
                    raise BoardRefusal("name-taken")
                if not secrets.compare_digest(token, member.token):
                    raise BoardRefusal("wrong-token")
                return member.token
            if len(group.members) >= MAX_MEMBERS:
                raise BoardRefusal("full")
            member = Member(name, self.new_token())
            group.members[name.casefold()] = member
            self.save()
            return member.token

    def member(self, code: str, name: str, token: str) -> Member:
        member = self.group(code).members.get(" ".join(name.split()).casefold())
        if member is None or not secrets.compare_digest(token, member.token):
            raise BoardRefusal("wrong-token")
        return member

    def submit(
        self,
        code: str,
        name: str,
        token: str,
        day: _dt.date,
        points: int,
        text: str,
        today: _dt.date,
    ) -> None:
        """Record a member's result of ``day`` once :func:`check_result` has accepted it."""
        member = self.member(code, name, token)
        if abs((day - today).days) > DATE_SLACK:
            raise BoardRefusal("wrong-date")
        with self.lock:
            if day.isoformat() in member.results:
                raise BoardRefusal("second-attempt")
            oldest = (today - _dt.timedelta(days=DATE_SLACK)).isoformat()  # (no longer taken)
            member.tries = {d: n for d, n in member.tries.items() if d >= oldest}
            tries = member.tries.get(day.isoformat(), 0)
            if tries >= MAX_TRIES:
                raise BoardRefusal("too-many")
            member.tries[day.isoformat()] = tries + 1  # (each check: seconds of search)
            self.save()
        check_result(text, day, points, opponents=self.verify_opponents)
        with self.lock:
            if day.isoformat() in member.results:  # (again: another thread may have taken one)
                raise BoardRefusal("second-attempt")
            member.results[day.isoformat()] = points
            member.tries.pop(day.isoformat(), None)  # (a second attempt is refused before them)
            self.save()

    def standings(self, code: str, day: _dt.date) -> list[Standing]:
        """The board of ``day``: each member, the day's points first (lowest first)."""
        with self.lock:  # (a checking thread may be adding a result)
            lines = [_standing(m, day) for m in self.group(code).members.values()]
        return sorted(lines, key=lambda s: (s.points is None, s.points or 0, s.name.casefold()))

    def save(self) -> None:
        """The board in its file, whole, after any save begun before (see :mod:`json_file`)."""
        if self.file is None:
            return
        with self.lock:
            self.file.save(lambda: {code: _dump(g) for code, g in self.groups.items()})


def _standing(member: Member, day: _dt.date) -> Standing:
    results = member.results
    week_days = [(day - _dt.timedelta(days=k)).isoformat() for k in range(WEEK)]
    played = [results[d] for d in week_days if d in results]
    return Standing(
        name=member.name,
        points=results.get(day.isoformat()),
        week=sum(played),
        days=len(played),
        streak=streak(results, day),
    )


def streak(results: Iterable[str], day: _dt.date) -> int:
    """Days in a row with a result, ending on ``day`` (or the day before, if ``day`` is not
    played yet).

    >>> streak(["2026-01-01", "2026-01-02"], _dt.date(2026, 1, 3))
    2
    """
    dates = set(results)
    current = day if day.isoformat() in dates else day - _dt.timedelta(days=1)
    count = 0
    while current.isoformat() in dates:
        count += 1
        current -= _dt.timedelta(days=1)
    return count


def _dump(group: Group) -> dict[str, Any]:
    return {
        m.name: {"token": m.token, "results": m.results, "tries": m.tries}
        for m in group.members.values()
    }


def _load(data: Any) -> dict[str, Group]:
    groups: dict[str, Group] = {}
    for code, members in data.items():
        group = Group(code)
        for name, record in members.items():
            results = {str(d): int(p) for d, p in record["results"].items()}
            tries = {str(d): int(n) for d, n in record.get("tries", {}).items()}  # (older files:
            # none)
            group.members[name.casefold()] = Member(name, str(record["token"]), results, tries)
        groups[code] = group
    return groups
