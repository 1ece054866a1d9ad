"""The score sheet for games played with a real deck: each hand's points, checked, and the totals.

At the end of a hand each player counts the point cards in their tricks (hearts 1, the queen of
spades 13, and with the variant the jack of diamonds -10) and the sheet is told those figures.
It checks they can be a real hand (:func:`check_hand`): the hearts and the queen add to 26, the
queen's 13 is in somebody's figure, the jack's -10 went to one player; a player with all 26 shot
the moon, and the sheet applies the table's moon rule. Scores then come from the engine's own
scoring (:func:`game.engine.hand.score_hand`) and the end of the game from
:func:`game.engine.match.game_result`, so the sheet and the game never disagree about a rule.

A wrong hand is refused with a :class:`SheetProblem` whose sentence says what is wrong; nothing
is changed by a refusal.

>>> from game.engine.rules import Rules
>>> sheet = ScoreSheet(Rules(target=50), ("Ann", "Bob", "Cid", "Dee"))
>>> sheet.add_hand(HandEntry((13, 5, 8, 0))).scores
(13, 5, 8, 0)
>>> try:
...     sheet.add_hand(HandEntry((13, 5, 6, 0)))
... except SheetProblem as problem:
...     print(problem)
The points add to 24; a hand holds 26
>>> sheet.add_hand(HandEntry((0, 26, 0, 0))).scores  # Bob shot the moon
(26, 0, 26, 26)
>>> sheet.totals, sheet.ranking()
((39, 5, 34, 26), [(1, 1), (2, 3), (3, 2), (4, 0)])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from game.engine.cards import (
    HEARTS_MASK,
    JACK_OF_DIAMONDS_BIT,
    QUEEN_OF_SPADES_BIT,
    cards_of,
    mask_of,
)
from game.engine.hand import score_hand
from game.engine.match import game_result
from game.engine.rules import (
    HAND_POINTS,
    JACK_POINTS,
    MOON_POINTS,
    QUEEN_POINTS,
    MoonMode,
    PassDirection,
    Rules,
)

MAX_NAME: Final = 24
"""The longest player name a sheet keeps."""

MAX_TYPED: Final = 4
"""The longest figure kept as typed ("-26", "16")."""


class SheetProblem(ValueError):
    """A hand (or a sheet) the rules refuse. ``template`` is the English sentence with ``{name}``
    blanks (the gettext msgid) and ``params`` fills them; ``str()`` is the English text.

    >>> str(SheetProblem("The points add to {total}; a hand holds {expected}", total=24,
    ...                  expected=26))
    'The points add to 24; a hand holds 26'
    """

    def __init__(self, template: str, **params: int | str) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params))


# Every sentence the sheet can say (the window translates them through the catalogs).
WRONG_COUNT: Final = "The sheet has {players} players; this hand has {count} figures"
NOT_A_NUMBER: Final = "{name}'s points must be a whole number"
OUT_OF_RANGE: Final = "{name} cannot have {points}: a player takes from 0 to 26 points"
OUT_OF_RANGE_JACK: Final = "{name} cannot have {points}: with the jack of diamonds, from -10 to 26"
BAD_TOTAL: Final = "The points add to {total}; a hand holds {expected}"
BAD_TOTAL_JACK: Final = (
    "The points add to {total}; a hand holds {expected} with the jack of diamonds (26 and -10)"
)
NO_JACK: Final = "Say who took the jack of diamonds"
JACK_UNUSED: Final = "These rules do not count the jack of diamonds"
JACK_TOO_LOW: Final = "{name} took the jack of diamonds, so {name}'s points cannot be above 16"
NOT_JACK_NEGATIVE: Final = "{name} has {points}, but only the jack of diamonds takes points away"
NO_QUEEN: Final = "Nobody has 13 points or more, but the queen of spades alone is worth 13"
MOON_CHOICE: Final = "{name} shot the moon: choose 26 to the others or 26 off {name}'s score"
MOON_NO_CHOICE: Final = "Nobody shot the moon in this hand, so there is no moon choice"
GAME_OVER: Final = "The game is over: no more hands"
NO_SUCH_HAND: Final = "There is no hand {number} to correct"
ENDS_EARLIER: Final = "With this correction the game would end after hand {number}"
ENDS_THERE: Final = (
    "With this correction the game ends after hand {number}; the hands written after it stay"
    " until you confirm"
)
PAPER_MOON: Final = "Read as the moon: {name} took all 26 points"
JACK_ADDED: Final = "Read as {points} for {name}: the jack's -10 counted"
BAD_PLAYERS: Final = "A score sheet is for 3, 4 or 5 players"
EMPTY_NAME: Final = "Every player needs a name"
SAME_NAME: Final = "Two players are both called {name}"


def all_sentences() -> list[str]:
    """Every English sentence of the sheet (for the catalogs and their tests)."""
    return sorted(v for k, v in globals().items() if k.isupper() and isinstance(v, str))


@dataclass(frozen=True)
class HandEntry:
    """What the players said at the end of one hand.

    ``points``: each player's points as counted in their tricks (hearts 1, the queen 13, and the
    jack of diamonds -10 when the rules count it), by seat. ``jack``: the seat that took the jack
    of diamonds (only with that variant). ``moon_subtract``: the shooter's choice when the rules
    let the shooter choose (True: 26 off the shooter; False: 26 to each other player).
    """

    points: tuple[int, ...]
    jack: int | None = None
    moon_subtract: bool | None = None
    # the figures as they were typed (the moon as its scores, the jack's taker with or without
    # the jack), shown again by a correction; they never change what the hand scores
    typed: tuple[str, ...] | None = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "points": list(self.points),
            "jack": self.jack,
            "moon_subtract": self.moon_subtract,
        }
        if self.typed is not None:
            data["typed"] = list(self.typed)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> HandEntry:
        """Read :meth:`to_dict`'s output; ValueError for anything else."""
        if not isinstance(data, dict) or not isinstance(data.get("points"), list):
            raise ValueError("a sheet hand must be a mapping with a list of points")
        points = data["points"]
        if not all(isinstance(p, int) and not isinstance(p, bool) for p in points):
            raise ValueError("a sheet hand's points must be whole numbers")
        jack = data.get("jack")
        if jack is not None and (not isinstance(jack, int) or isinstance(jack, bool)):
            raise ValueError("a sheet hand's jack must be a seat")
        moon = data.get("moon_subtract")
        if moon is not None and not isinstance(moon, bool):
            raise ValueError("a sheet hand's moon choice must be true or false")
        typed = data.get("typed")
        if typed is not None and not (
            isinstance(typed, list)
            and len(typed) == len(points)
            and all(isinstance(t, str) and len(t) <= MAX_TYPED for t in typed)
        ):
            raise ValueError("a sheet hand's typed figures must be short texts, one a player")
        return cls(tuple(points), jack, moon, None if typed is None else tuple(typed))


class EndsEarlier(SheetProblem):
    """A correction that ends the game after hand ``number`` (from 1), before the ``later``
    hands written after it: allowed once the person confirms (``end_there``)."""

    def __init__(self, number: int, later: int) -> None:
        super().__init__(ENDS_THERE, number=number, later=later)
        self.number = number
        self.later = later


@dataclass(frozen=True)
class CheckedHand:
    """A hand the sheet accepted: what was entered and what each player scores for it."""

    entry: HandEntry
    scores: tuple[int, ...]
    moon_shooter: int | None  # the seat that took all 26, if one did
    pass_direction: PassDirection


def _penalty_points(rules: Rules, entry: HandEntry, seat: int) -> int:
    """The hearts and queen in ``seat``'s figure (the jack's -10 taken back out)."""
    points = entry.points[seat]
    if rules.jack_of_diamonds and entry.jack == seat:
        points -= JACK_POINTS
    return points


def taken_cards(rules: Rules, entry: HandEntry) -> list[int]:
    """A set of taken cards per seat that scores exactly as the (valid) entry says: the queen
    to the highest figure, the hearts spread to make up each figure, the jack to its taker.
    The engine's scoring reads these, so the sheet never re-implements a rule."""
    n = rules.players
    penalties = [_penalty_points(rules, entry, s) for s in range(n)]
    queen = max(range(n), key=lambda s: penalties[s])
    hearts = cards_of(HEARTS_MASK)
    taken = [0] * n
    for seat in range(n):
        count = penalties[seat] - (QUEEN_POINTS if seat == queen else 0)
        taken[seat] = mask_of(hearts[:count])
        hearts = hearts[count:]
    taken[queen] |= QUEEN_OF_SPADES_BIT
    if rules.jack_of_diamonds and entry.jack is not None:
        taken[entry.jack] |= JACK_OF_DIAMONDS_BIT
    return taken


def check_hand(
    rules: Rules, entry: HandEntry, names: tuple[str, ...] | None = None, hand_number: int = 0
) -> CheckedHand:
    """The hand's scores, or :class:`SheetProblem` saying the first thing that is wrong.

    >>> rules = Rules(jack_of_diamonds=True)
    >>> check_hand(rules, HandEntry((13, -10, 8, 5), jack=1)).scores
    (13, -10, 8, 5)
    >>> check_hand(rules, HandEntry((16, 0, 0, 0), jack=0)).scores  # the moon and the jack
    (-10, 26, 26, 26)
    >>> check_hand(Rules(moon=MoonMode.SHOOTER_MINUS), HandEntry((0, 0, 26, 0))).scores
    (0, 0, -26, 0)
    """
    n = rules.players
    label = names or tuple(f"Player {s + 1}" for s in range(n))
    if len(entry.points) != n:
        raise SheetProblem(WRONG_COUNT, players=n, count=len(entry.points))
    for seat, points in enumerate(entry.points):
        if not isinstance(points, int) or isinstance(points, bool):
            raise SheetProblem(NOT_A_NUMBER, name=label[seat])
    jack = rules.jack_of_diamonds
    low = JACK_POINTS if jack else 0
    for seat, points in enumerate(entry.points):
        if not low <= points <= HAND_POINTS:
            raise SheetProblem(
                OUT_OF_RANGE_JACK if jack else OUT_OF_RANGE, name=label[seat], points=points
            )
    expected = HAND_POINTS + (JACK_POINTS if jack else 0)
    total = sum(entry.points)
    if total != expected:
        raise SheetProblem(BAD_TOTAL_JACK if jack else BAD_TOTAL, total=total, expected=expected)
    if jack:
        if entry.jack is None or not 0 <= entry.jack < n:
            raise SheetProblem(NO_JACK)
        if entry.points[entry.jack] > HAND_POINTS + JACK_POINTS:
            raise SheetProblem(JACK_TOO_LOW, name=label[entry.jack])
        for seat, points in enumerate(entry.points):
            if points < 0 and seat != entry.jack:
                raise SheetProblem(NOT_JACK_NEGATIVE, name=label[seat], points=points)
    elif entry.jack is not None:
        raise SheetProblem(JACK_UNUSED)
    penalties = [_penalty_points(rules, entry, s) for s in range(n)]
    if max(penalties) < QUEEN_POINTS:
        raise SheetProblem(NO_QUEEN)
    shooter = next((s for s, p in enumerate(penalties) if p == MOON_POINTS), None)
    subtract = rules.moon is MoonMode.SHOOTER_MINUS
    if rules.moon is MoonMode.SHOOTER_CHOOSES and shooter is not None:
        if entry.moon_subtract is None:
            raise SheetProblem(MOON_CHOICE, name=label[shooter])
        subtract = entry.moon_subtract
    elif entry.moon_subtract is not None and shooter is None:
        raise SheetProblem(MOON_NO_CHOICE)
    scores = score_hand(rules, taken_cards(rules, entry), subtract)
    return CheckedHand(entry, scores, shooter, rules.pass_direction(hand_number))


def with_jack(typed: int) -> int:
    """The figure of a player marked as the jack's taker, from what was typed beside the mark:
    the hearts and the queen counted in the tricks ("3" is 3 - 10 = -7); a figure typed below
    zero already has the -10 in.

    >>> with_jack(3), with_jack(26), with_jack(0), with_jack(-7)
    (-7, 16, -10, -7)
    """
    return typed + JACK_POINTS if typed >= 0 else typed


def paper_moon(rules: Rules, entry: HandEntry) -> HandEntry | None:
    """A moon written the way it is scored on paper ("0 26 26 26", or "-26 0 0 0" when the
    shooter takes 26 off) as the entry of the points counted in the tricks (the shooter 26),
    or None when the figures are not such a moon. The engine scores each possible shooter's moon
    and the one that gives exactly the figures typed is the reading.

    >>> paper_moon(Rules(), HandEntry((26, 0, 26, 26)))
    HandEntry(points=(0, 26, 0, 0), jack=None, moon_subtract=None)
    >>> paper_moon(Rules(moon=MoonMode.SHOOTER_MINUS), HandEntry((0, 0, -26, 0))).points
    (0, 0, 26, 0)
    >>> paper_moon(Rules(), HandEntry((13, 5, 8, 0))) is None
    True
    """
    n = rules.players
    if len(entry.points) != n:
        return None
    jack = entry.jack if rules.jack_of_diamonds else None
    if rules.jack_of_diamonds and (jack is None or not 0 <= jack < n):
        return None
    choices: tuple[bool | None, ...] = (None,)
    if rules.moon is MoonMode.SHOOTER_CHOOSES:
        choices = (False, True)
    for shooter in range(n):
        counted = [0] * n
        counted[shooter] = MOON_POINTS
        if jack is not None:
            counted[jack] += JACK_POINTS
        for choice in choices:
            candidate = HandEntry(tuple(counted), jack, choice)
            try:
                scores = check_hand(rules, candidate).scores
            except SheetProblem:
                continue
            if scores == entry.points:
                return candidate
    return None


def read_hand(
    rules: Rules, entry: HandEntry, names: tuple[str, ...] | None = None, hand_number: int = 0
) -> tuple[CheckedHand, str | None]:
    """:func:`check_hand`, and when it refuses the figures, the moon written as its scores
    (:func:`paper_moon`): the checked hand and the sentence to say then (:data:`PAPER_MOON`,
    English; the window translates it), or the first refusal.

    >>> checked, said = read_hand(Rules(), HandEntry((0, 26, 26, 26)), ("A", "B", "C", "D"))
    >>> checked.scores, checked.moon_shooter, said
    ((0, 26, 26, 26), 0, 'Read as the moon: {name} took all 26 points')
    """
    try:
        return check_hand(rules, entry, names, hand_number), None
    except SheetProblem:
        moon = paper_moon(rules, entry)
        if moon is None:
            raise
    return check_hand(rules, moon, names, hand_number), PAPER_MOON


def read_typed(
    rules: Rules,
    typed: tuple[int, ...],
    jack: int | None = None,
    moon_subtract: bool | None = None,
    names: tuple[str, ...] | None = None,
    hand_number: int = 0,
) -> tuple[CheckedHand, str | None]:
    """The figures as a family types them, read as on paper (:func:`read_hand`): the figure
    marked as the jack's taker is the paper figure, the jack counted (the queen, 3 hearts and
    the jack make 6). When those figures cannot be a hand, the marked figure is read as the
    points counted without the jack ("16" is 6; the moon's "-26" beside the mark is -36). The
    two readings never both hold (a hand adds to 16 with the jack counted, to 26 without; the
    moon's scores differ likewise by 10), so both forms are accepted; the second is said
    (:data:`JACK_ADDED`). The entry keeps the figures as typed (tests/test_sheet_jack.py checks
    every form against a paper-sheet model).

    >>> rules = Rules(players=3, jack_of_diamonds=True)
    >>> read_typed(rules, (5, 6, 5), jack=1)[0].scores
    (5, 6, 5)
    >>> read_typed(rules, (5, 16, 5), jack=1)[0].scores  # typed without the jack
    (5, 6, 5)
    >>> read_typed(rules, (26, 16, 0), jack=1)[0].scores  # the moon written as its scores
    (26, 16, 0)
    """
    shown = tuple(str(t) for t in typed)

    def kept(checked: CheckedHand) -> CheckedHand:
        entry = checked.entry
        stored = HandEntry(entry.points, entry.jack, entry.moon_subtract, shown)
        return CheckedHand(stored, checked.scores, checked.moon_shooter, checked.pass_direction)

    entry = HandEntry(typed, jack, moon_subtract)
    try:
        checked, said = read_hand(rules, entry, names, hand_number)
        return kept(checked), said
    except SheetProblem as problem:
        if problem.template == MOON_CHOICE or jack is None or not rules.jack_of_diamonds:
            raise
        if not 0 <= jack < len(typed):
            raise
        first = problem
    counted = HandEntry(
        tuple(t + JACK_POINTS if s == jack else t for s, t in enumerate(typed)), jack, moon_subtract
    )
    try:
        checked, said = read_hand(rules, counted, names, hand_number)
    except SheetProblem as problem:
        if problem.template == MOON_CHOICE:
            raise
        raise first from None
    return kept(checked), said or JACK_ADDED


@dataclass(frozen=True)
class SheetStatus:
    """Where the game stands: ``over`` with ``winners``; or ``tied`` (the target is reached, a
    tie for the lowest, another hand to play); or neither (play on)."""

    over: bool
    winners: tuple[int, ...] = ()
    tied: tuple[int, ...] = ()


@dataclass
class ScoreSheet:
    """One real-card game: the rules, the players' names (by seat) and the checked hands."""

    rules: Rules
    names: tuple[str, ...]
    hands: list[CheckedHand] = field(default_factory=list)

    def __post_init__(self) -> None:
        if len(self.names) != self.rules.players:
            raise SheetProblem(BAD_PLAYERS)
        cleaned = tuple(name.strip()[:MAX_NAME] for name in self.names)
        if not all(cleaned):
            raise SheetProblem(EMPTY_NAME)
        seen: set[str] = set()
        for name in cleaned:
            if name.casefold() in seen:
                raise SheetProblem(SAME_NAME, name=name)
            seen.add(name.casefold())
        self.names = cleaned

    @classmethod
    def from_entries(
        cls, rules: Rules, names: tuple[str, ...], entries: list[HandEntry]
    ) -> ScoreSheet:
        """A sheet rebuilt from stored entries, each checked again (SheetProblem if one fails)."""
        sheet = cls(rules, names)
        for entry in entries:
            sheet.add_hand(entry)
        return sheet

    # -- reading -------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def next_pass(self) -> PassDirection:
        """The pass of the hand to be played next."""
        return self.rules.pass_direction(len(self.hands))

    @property
    def next_dealer(self) -> int:
        """The seat that deals the next hand: the first player on the sheet deals the first
        hand, then the deal moves on by one seat each hand, as in :class:`game.engine.match.Match`.
        """
        return len(self.hands) % self.players

    def totals_after(self, count: int) -> tuple[int, ...]:
        """Each player's total after the first ``count`` hands."""
        totals = [0] * self.players
        for hand in self.hands[:count]:
            for seat, points in enumerate(hand.scores):
                totals[seat] += points
        return tuple(totals)

    @property
    def totals(self) -> tuple[int, ...]:
        return self.totals_after(len(self.hands))

    def status(self) -> SheetStatus:
        """The game's state after the last hand, by :func:`game.engine.match.game_result`."""
        if not self.hands:
            return SheetStatus(False)
        over, leaders = game_result(self.rules, list(self.totals))
        return SheetStatus(True, leaders) if over else SheetStatus(False, (), leaders)

    @property
    def over(self) -> bool:
        return self.status().over

    def ranking(self) -> list[tuple[int, int]]:
        """``(place, seat)`` from the lowest total; equal totals share a place."""
        totals = self.totals
        order = sorted(range(self.players), key=lambda s: (totals[s], s))
        places: list[tuple[int, int]] = []
        for index, seat in enumerate(order):
            if index and totals[seat] == totals[order[index - 1]]:
                places.append((places[-1][0], seat))
            else:
                places.append((index + 1, seat))
        return places

    # -- changing ------------------------------------------------------------------------------

    def add_hand(self, entry: HandEntry) -> CheckedHand:
        """Check and add the next hand; SheetProblem (and no change) if it is wrong or the game
        is over."""
        if self.over:
            raise SheetProblem(GAME_OVER)
        checked = check_hand(self.rules, entry, self.names, len(self.hands))
        self.hands.append(checked)
        return checked

    def correct_hand(self, index: int, entry: HandEntry, *, end_there: bool = False) -> CheckedHand:
        """Replace hand ``index`` (0 for the first) with a corrected entry. Refused when the
        entry is wrong. When the corrected totals end the game before the last hand on the
        sheet, :class:`EndsEarlier` says after which hand (and nothing changes); with
        ``end_there`` the correction is made and the later hands are taken off the sheet."""
        if not 0 <= index < len(self.hands):
            raise SheetProblem(NO_SUCH_HAND, number=index + 1)
        checked = check_hand(self.rules, entry, self.names, index)
        self._keep([*self.hands[:index], checked, *self.hands[index + 1 :]], end_there)
        return checked

    def delete_hand(self, index: int, *, end_there: bool = False) -> None:
        """Take hand ``index`` off the sheet; the later hands move up one (each with the pass
        of its new place). :class:`EndsEarlier` (and no change) when the game would then end
        before the last hand; with ``end_there`` the hands after the end go too."""
        if not 0 <= index < len(self.hands):
            raise SheetProblem(NO_SUCH_HAND, number=index + 1)
        rest = [hand.entry for number, hand in enumerate(self.hands) if number != index]
        trial = [check_hand(self.rules, e, self.names, n) for n, e in enumerate(rest)]
        self._keep(trial, end_there)

    def _keep(self, trial: list[CheckedHand], end_there: bool) -> None:
        """Take ``trial`` as the sheet's hands, unless the game ends before its last hand:
        then :class:`EndsEarlier`, or (``end_there``) the hands after the end are dropped."""
        totals = [0] * self.players
        for number, hand in enumerate(trial[:-1]):
            for seat, points in enumerate(hand.scores):
                totals[seat] += points
            if game_result(self.rules, totals)[0]:
                if not end_there:
                    raise EndsEarlier(number + 1, len(trial) - number - 1)
                trial = trial[: number + 1]
                break
        self.hands = trial

    def entries(self) -> list[HandEntry]:
        return [hand.entry for hand in self.hands]


__all__ = [
    "CheckedHand",
    "EndsEarlier",
    "HandEntry",
    "ScoreSheet",
    "SheetProblem",
    "SheetStatus",
    "check_hand",
    "paper_moon",
    "read_hand",
    "read_typed",
    "taken_cards",
    "with_jack",
]
