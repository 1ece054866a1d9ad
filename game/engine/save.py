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

from game.engine.cards import mask_of
from game.engine.codec import (
    InvalidData,
    Reader,
    card_names,
    direction_name,
    names_of,
    read_cards,
    read_direction,
)
from game.engine.hand import HandState, Phase
from game.engine.legality import IllegalMove
from game.engine.match import Match
from game.engine.rules import MoonMode, Rules

SAVE_FORMAT: Final = "dame-de-pique/match"
SAVE_VERSION: Final = 1


class InvalidSave(InvalidData):
    """Data that is not a valid saved game; the message says what is wrong."""


def _moon_choice(hand: HandState) -> bool | None:
    """The shooter's choice, when the rules let them make one and it was made; else None (the
    rules alone say how a moon scores, so there is nothing to replay)."""
    chose = hand.rules.moon is MoonMode.SHOOTER_CHOOSES and hand.moon_shooter is not None
    return hand.moon_subtracted if chose and hand.hand_scores is not None else None


def _hand_record(hand: HandState, dealer: int) -> dict[str, Any]:
    moon = _moon_choice(hand)
    return {
        "dealer": dealer,
        "pass_direction": direction_name(hand.pass_direction),
        "dealt": [names_of(m) for m in hand.dealt],
        "passes": [None if p is None else names_of(p) for p in hand.passes],
        "plays": card_names(hand.plays),
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
        "first_pass": None if match.first_pass is None else direction_name(match.first_pass),
        "hands": [_hand_record(h, d) for h, d in match.hands_with_dealers()],
    }


def load_match(data: Any) -> Match:
    """The match saved by :func:`save_match`; :class:`InvalidSave` for anything else."""
    try:
        return _load(data)
    except InvalidSave:
        raise
    except InvalidData as exc:  # a read of game.engine.codec: the same sentence, as a save's
        raise InvalidSave(str(exc)) from None


def _load(data: Any) -> Match:
    top = Reader(data, "saved game")
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
    first_pass = None if first_raw is None else read_direction(first_raw, "first_pass")
    hands = top.get("hands", list)
    if not hands:
        raise InvalidSave("saved game: no hand recorded")
    first = Reader(hands[0], "hand 1")
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
        _replay_hand(match, Reader(record, what), what)
    return match


def _replay_hand(match: Match, record: Reader, what: str) -> None:
    rules = match.rules
    h = match.hand
    if record.seat("dealer", rules.players) != match.dealer:
        raise InvalidSave(f"{what}: the dealer does not follow the rotation")
    if read_direction(record.get("pass_direction", str), what) is not h.pass_direction:
        raise InvalidSave(f"{what}: the pass direction does not follow the cycle")
    dealt = record.get("dealt", list)
    if [mask_of(read_cards(d, f"{what} deal")) for d in dealt] != list(h.dealt):
        raise InvalidSave(f"{what}: the cards are not the ones the seed deals")
    try:
        passes = record.get("passes", list)
        if len(passes) != rules.players:
            raise InvalidSave(f"{what}: one pass per seat is needed")
        for seat, chosen in enumerate(passes):
            if chosen is not None:
                match.choose_pass(seat, read_cards(chosen, f"{what} pass"))
        for card in read_cards(record.get("plays", list), f"{what} plays"):
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
