"""A match as plain data (JSON-compatible) and back, versioned.

A saved match records the seed, the rules and every move (passes, plays, moon choices); loading
replays those moves through the engine, so a loaded match is exactly the saved one and a save
that breaks a rule is refused like a cheating player would be.

>>> from game.engine.rules import Rules
>>> from game.engine.match import Match
>>> match = Match.new(Rules(), seed=3)
>>> load_match(save_match(match)).hand.hands == match.hand.hands
True
>>> load_match({"format": "something else"})
Traceback (most recent call last):
...
game.engine.save.InvalidSave: this is not a saved Dame de pique game
"""

from __future__ import annotations

from typing import Any, Final

from game.engine.cards import Card, cards_of, mask_of
from game.engine.hand import HandState, Phase
from game.engine.legality import IllegalMove
from game.engine.match import Match
from game.engine.rules import MoonMode, PassDirection, Rules
from game.engine.view import VIEW_FORMAT, VIEW_VERSION, SeatView

SAVE_FORMAT: Final = "dame-de-pique/match"
SAVE_VERSION: Final = 1


class InvalidSave(ValueError):
    """Data that is not a valid saved game; the message says what is wrong."""


def _names(mask: int) -> list[str]:
    return [str(c) for c in cards_of(mask)]


def _moon_choice(hand: HandState) -> bool | None:
    """The shooter's choice, when the rules let them make one and it was made; else None (the
    rules alone say how a moon scores, so there is nothing to replay)."""
    chose = hand.rules.moon is MoonMode.SHOOTER_CHOOSES and hand.moon_shooter is not None
    return hand.moon_subtracted if chose and hand.hand_scores is not None else None


def _hand_record(hand: HandState, dealer: int) -> dict[str, Any]:
    moon = _moon_choice(hand)
    return {
        "dealer": dealer,
        "pass_direction": hand.pass_direction.name.lower(),
        "dealt": [_names(m) for m in hand.dealt],
        "passes": [None if p is None else _names(p) for p in hand.passes],
        "plays": [str(Card(c)) for c in hand.plays],
        "moon_subtract": moon,
    }


def save_match(match: Match) -> dict[str, Any]:
    """The match as plain data. Every hand is kept so loading replays the whole game."""
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "rules": match.rules.to_dict(),
        "seed": match.seed,
        "single_hand": match.single_hand,
        "first_pass": None if match.first_pass is None else match.first_pass.name.lower(),
        "hands": [_hand_record(h, d) for h, d in match.hands_with_dealers()],
    }


class _Reader:
    """Typed reads from untrusted plain data, each failure an :class:`InvalidSave`."""

    def __init__(self, data: Any, what: str) -> None:
        if not isinstance(data, dict):
            raise InvalidSave(f"{what} must be a mapping")
        self.data = data
        self.what = what

    def get(self, key: str, kind: type | tuple[type, ...], *, optional: bool = False) -> Any:
        if key not in self.data:
            if optional:
                return None
            raise InvalidSave(f"{self.what}: '{key}' is missing")
        value = self.data[key]
        if value is None and optional:
            return None
        if isinstance(value, bool) and kind is int:
            raise InvalidSave(f"{self.what}: '{key}' must be a whole number")
        if not isinstance(value, kind):
            raise InvalidSave(f"{self.what}: '{key}' has the wrong type")
        return value

    def seat(self, key: str, players: int) -> int:
        value: int = self.get(key, int)
        if not 0 <= value < players:
            raise InvalidSave(f"{self.what}: '{key}' is not a seat")
        return value


def _cards(value: Any, what: str) -> list[Card]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InvalidSave(f"{what} must be a list of cards")
    try:
        return [Card.parse(v) for v in value]
    except ValueError as exc:
        raise InvalidSave(f"{what}: {exc}") from None


def _direction(value: Any, what: str) -> PassDirection:
    if not isinstance(value, str) or value.upper() not in PassDirection.__members__:
        raise InvalidSave(f"{what} must be left, right, across or hold")
    return PassDirection[value.upper()]


def load_match(data: Any) -> Match:
    """The match saved by :func:`save_match`; :class:`InvalidSave` for anything else."""
    top = _Reader(data, "saved game")
    if data.get("format") != SAVE_FORMAT:
        raise InvalidSave("this is not a saved Dame de pique game")
    version = top.get("version", int)
    if version > SAVE_VERSION:
        raise InvalidSave(f"this game was saved by a newer version (format {version})")
    if version < 1:
        raise InvalidSave(f"unknown save format version {version}")
    try:
        rules = Rules.from_dict(top.get("rules", dict))
    except (TypeError, ValueError) as exc:
        raise InvalidSave(f"rules: {exc}") from None
    seed = top.get("seed", str)
    single = top.get("single_hand", bool)
    first_raw = top.get("first_pass", str, optional=True)
    first_pass = None if first_raw is None else _direction(first_raw, "first_pass")
    hands = top.get("hands", list)
    if not hands:
        raise InvalidSave("saved game: no hand recorded")
    first = _Reader(hands[0], "hand 1")
    dealer = first.seat("dealer", rules.players)
    try:
        match = Match.new(rules, seed, dealer=dealer, single_hand=single, first_pass=first_pass)
    except ValueError as exc:  # e.g. a pass across with 3 players
        raise InvalidSave(f"saved game: {exc}") from None
    for number, record in enumerate(hands):
        what = f"hand {number + 1}"
        if number > 0:
            if match.phase is not Phase.HAND_OVER:
                raise InvalidSave(f"{what}: the hand before it was not finished")
            match.next_hand()
        _replay_hand(match, _Reader(record, what), what)
    return match


def _replay_hand(match: Match, record: _Reader, what: str) -> None:
    rules = match.rules
    h = match.hand
    if record.seat("dealer", rules.players) != match.dealer:
        raise InvalidSave(f"{what}: the dealer does not follow the rotation")
    if _direction(record.get("pass_direction", str), what) is not h.pass_direction:
        raise InvalidSave(f"{what}: the pass direction does not follow the cycle")
    dealt = record.get("dealt", list)
    if [mask_of(_cards(d, f"{what} deal")) for d in dealt] != list(h.dealt):
        raise InvalidSave(f"{what}: the cards are not the ones the seed deals")
    try:
        passes = record.get("passes", list)
        if len(passes) != rules.players:
            raise InvalidSave(f"{what}: one pass per seat is needed")
        for seat, chosen in enumerate(passes):
            if chosen is not None:
                match.choose_pass(seat, _cards(chosen, f"{what} pass"))
        for card in _cards(record.get("plays", list), f"{what} plays"):
            match.play(card)
        moon = record.get("moon_subtract", bool, optional=True)
        if moon is not None:
            _replay_moon(match, moon, what)
    except IllegalMove as exc:
        raise InvalidSave(f"{what}: a move breaks the rules ({exc})") from None


def _replay_moon(match: Match, subtract: bool, what: str) -> None:
    """Replay the shooter's recorded choice. Version 0.1.0 also recorded the moons of the other
    modes, where the rules decide: such a record is accepted when it says what the rules did,
    so the games it saved can be continued."""
    hand = match.hand
    if hand.phase is Phase.MOON_CHOICE:
        match.choose_moon(subtract)
        return
    ruled = hand.rules.moon is MoonMode.SHOOTER_MINUS
    if hand.moon_shooter is None or hand.hand_scores is None or subtract is not ruled:
        raise InvalidSave(f"{what}: a moon choice is recorded where there was none to make")


class ViewReader(_Reader):
    """Reads :meth:`SeatView.to_dict` output back (for network clients)."""

    def __init__(self, data: Any) -> None:
        super().__init__(data, "seat view")

    def read(self) -> SeatView:
        try:
            return self._read()
        except InvalidSave:
            raise
        except (TypeError, ValueError, KeyError) as exc:
            raise InvalidSave(f"seat view: {exc}") from None

    def _read(self) -> SeatView:
        d = self.data
        if d.get("format") != VIEW_FORMAT or self.get("version", int) != VIEW_VERSION:
            raise InvalidSave("this is not a seat view this version understands")
        rules = Rules.from_dict(self.get("rules", dict))
        n = rules.players

        def mask(key: str) -> int:
            return mask_of(_cards(self.get(key, list), key))

        def ints(key: str, length: int | None = n) -> tuple[int, ...]:
            values = self.get(key, list)
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
                raise InvalidSave(f"seat view: '{key}' must hold whole numbers")
            if length is not None and len(values) != length:
                raise InvalidSave(f"seat view: '{key}' must have {length} entries")
            return tuple(values)

        tricks = []
        for item in self.get("tricks", list):
            if not isinstance(item, list) or len(item) != 3:
                raise InvalidSave("seat view: a trick is [leader, cards, winner]")
            leader, cards, winner = item
            tricks.append((int(leader), tuple(_cards(cards, "trick")), int(winner)))
        scores = self.get("hand_scores", list, optional=True)
        shooter = self.get("moon_shooter", int, optional=True)
        chosen = self.get("pass_chosen", list)
        return SeatView(
            seat=self.seat("seat", n),
            rules=rules,
            phase=Phase(self.get("phase", str)),
            hand_number=self.get("hand_number", int),
            dealer=self.seat("dealer", n),
            pass_direction=_direction(self.get("pass_direction", str), "pass_direction"),
            hand=mask("hand"),
            passed=mask("passed"),
            received=mask("received"),
            pass_chosen=tuple(bool(c) for c in chosen),
            leader=self.seat("leader", n),
            turn=self.seat("turn", n),
            trick=tuple(_cards(self.get("trick", list), "trick")),
            trick_number=self.get("trick_number", int),
            hearts_broken=self.get("hearts_broken", bool),
            first_lead=Card.parse(self.get("first_lead", str)),
            tricks=tuple(tricks),
            card_counts=ints("card_counts"),
            totals=ints("totals"),
            history=tuple(tuple(h) for h in self.get("history", list)),
            hand_scores=None if scores is None else tuple(scores),
            moon_shooter=shooter,
            winners=ints("winners", None),
        )
