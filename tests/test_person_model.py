"""Issue 44, step 4: what the opponents learn of the person's play (game.ai.person), how Hard
uses it (HardSettings' ``marked``: only ever the person's seat), and how the profile keeps it
(a damaged or foreign model set aside with its reason, never lost)."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from game.ai import AI_VERSION
from game.ai.decision import Motive
from game.ai.defence import defended, marked_suspect, runner_suspect
from game.ai.facts import moon_runner, trick_winner
from game.ai.hard import HardPlayer, HardSettings
from game.ai.knowledge import Knowledge
from game.ai.medium import MediumPlayer
from game.ai.person import SHOOTER_MOONS, WINDOW, PersonModel, shot_the_moon
from game.engine.cards import (
    HEARTS_MASK,
    PENALTY_MASK,
    QUEEN_OF_SPADES_BIT,
    SUIT_MASKS,
    Card,
    mask_of,
)
from game.engine.match import Match
from game.engine.players import Player, decide, play_match
from game.engine.rules import Rules
from game.engine.view import SeatView
from game.records.profile import Profile
from game.records.profile.person import ASIDE_PREFIX, PERSON_MODEL

MOON = (0, 26, 26, 26)  # seat 0 shot the moon
PLAIN = (5, 8, 13, 0)


def learned(hands: Sequence[Sequence[int]], seat: int = 0) -> PersonModel:
    model = PersonModel.new()
    for number, scores in enumerate(hands):
        model = model.after_hand(scores, seat, f"s/{number}")
    return model


# -- the model -----------------------------------------------------------------------------------


def test_two_moons_in_the_last_ten_hands_make_a_shooter_one_does_not() -> None:
    assert SHOOTER_MOONS == 2 and WINDOW == 10
    one = learned([MOON] + [PLAIN] * 9)
    assert one.moons == 1 and not one.is_shooter
    two = learned([MOON] + [PLAIN] * 8 + [MOON])
    assert two.moons == 2 and two.is_shooter
    # The boundary of the window: the first moon is the 11th hand back once one more is played.
    assert not two.after_hand(PLAIN, 0, "s/10").is_shooter
    assert learned([PLAIN, MOON, MOON]).is_shooter


def test_a_moon_leaves_the_window_after_ten_hands() -> None:
    model = learned([MOON, MOON] + [PLAIN] * 8)
    assert model.is_shooter and len(model.recent) == WINDOW and model.hands == 10
    model = model.after_hand(PLAIN, 0, "s/10")
    assert model.moons == 1 and not model.is_shooter and model.hands == 11


def test_the_same_hand_is_learned_once() -> None:
    model = PersonModel.new().after_hand(MOON, 0, "game/1")
    assert model.after_hand(MOON, 0, "game/1") is model
    assert model.after_hand(MOON, 0, "game/2").moons == 2


@pytest.mark.parametrize(
    ("scores", "seat", "shot"),
    [
        ((0, 26, 26, 26), 0, True),  # the others take 26
        ((-26, 0, 0, 0), 0, True),  # the shooter takes 26 off
        ((26, 0, 26, 26), 1, True),
        ((0, 26, 26, 26), 1, False),  # another seat's moon
        ((0, 13, 13, 0), 0, False),
        ((0, 26, 26), 0, True),  # three players
    ],
)
def test_a_moon_is_read_from_the_scores_alone(
    scores: tuple[int, ...], seat: int, shot: bool
) -> None:
    assert shot_the_moon(scores, seat) is shot


def test_the_model_comes_back_from_its_stored_form() -> None:
    model = learned([MOON, PLAIN, MOON])
    data = json.loads(json.dumps(model.to_dict()))
    assert PersonModel.restore(data) == (model, None)
    assert PersonModel.restore(None) == (PersonModel.new(), None)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"ai_version": AI_VERSION - 1}, "learned by opponents of another version"),
        ({"format": "something else"}, "not what the opponents learned"),
        ({"hands": -1}, "damaged"),
        ({"hands": True}, "damaged"),
        ({"recent": [1, 0, 2]}, "damaged"),
        ({"recent": [1.0]}, "damaged"),
        ({"recent": [0] * (WINDOW + 1)}, "damaged"),
        ({"hands": 1, "recent": [1, 1]}, "damaged"),
        ({"last": 3}, "damaged"),
    ],
)
def test_a_model_that_cannot_be_used_says_why(change: dict[str, Any], reason: str) -> None:
    data = learned([MOON, PLAIN, MOON]).to_dict() | change
    model, said = PersonModel.restore(data)
    assert model == PersonModel.new() and said is not None and reason in said
    assert PersonModel.restore([1, 2])[1] == "this is not what the opponents learned of your play"


# -- the profile -----------------------------------------------------------------------------------


def test_the_profile_keeps_the_model_and_forgets_it(tmp_path: Path) -> None:
    profile = Profile.open(tmp_path)
    assert profile.person_model() == (PersonModel.new(), None)
    model = learned([MOON, MOON])
    profile.save_person_model(model)
    profile.close()
    again = Profile.open(tmp_path)
    assert again.person_model() == (model, None)
    again.forget_person_model()
    assert again.person_model() == (PersonModel.new(), None)


@pytest.mark.parametrize(
    ("stored", "reason"),
    [
        ("{not json", "it cannot be read"),
        (json.dumps(learned([MOON]).to_dict() | {"ai_version": 1}), "another version"),
        (json.dumps({"format": "dame-de-pique/session"}), "not what the opponents learned"),
    ],
)
def test_a_damaged_or_foreign_model_is_set_aside_not_lost(
    tmp_path: Path, stored: str, reason: str
) -> None:
    profile = Profile.open(tmp_path)
    profile.set_setting("language", "fr")
    db = sqlite3.connect(tmp_path / "profile.sqlite3")
    with db:
        db.execute("INSERT INTO settings (key, value) VALUES (?, ?)", (PERSON_MODEL, stored))
    db.close()
    model, said = profile.person_model()
    assert model == PersonModel.new() and said is not None and reason in said
    kept = {k: v for k, v in profile._db.execute("SELECT key, value FROM settings")}
    aside = [k for k in kept if k.startswith(ASIDE_PREFIX)]
    assert len(aside) == 1 and kept[aside[0]] == stored  # the text as it was
    assert PERSON_MODEL not in kept and kept["language"] == '"fr"'
    assert profile.person_model() == (PersonModel.new(), None)  # said once
    profile.save_person_model(learned([MOON]))
    assert profile.person_model()[0].moons == 1


# -- Hard ----------------------------------------------------------------------------------------

# Four Hard of a small search playing two hands of seed "unchanged44": the digest of every
# pass and card of main at AI 9, before ``marked`` existed (computed from main's sources).
# Hard without a model, or with only its own seat marked, must play exactly these.
UNCHANGED = "39d7dfbb75481a1bf181e405504ce70ea6a976ed00ec6dbd9806770eeeeb16b0"


class Recorded:
    """A player whose passes and cards are written down (``p<seat>:[cards]``, ``c<seat>:card``)."""

    def __init__(self, inner: HardPlayer, moves: list[str]) -> None:
        self.inner = inner
        self.moves = moves

    def choose_pass(self, view: SeatView) -> list[Card]:
        cards = self.inner.choose_pass(view)
        self.moves.append(f"p{view.seat}:{sorted(int(c) for c in cards)}")
        return cards

    def choose_play(self, view: SeatView) -> Card:
        card = self.inner.choose_play(view)
        self.moves.append(f"c{view.seat}:{int(card)}")
        return card

    def choose_moon(self, view: SeatView) -> bool:
        return self.inner.choose_moon(view)


def moves_digest(settings: HardSettings | None) -> str:
    """The digest of every pass and card four small Hard make in two hands of a fixed match
    (each given ``settings``, or, when None, its own seat as ``marked``)."""
    match = Match.new(Rules(), seed="unchanged44")
    moves: list[str] = []
    players: list[Player] = []
    for seat in range(4):
        own = HardSettings(marked=1 << seat) if settings is None else settings
        hard = HardPlayer(f"u/{seat}", work=3000, pass_samples=6, settings=own)
        players.append(Recorded(hard, moves))
    play_match(match, players, max_hands=2)
    assert len(moves) == 2 * (4 + 52)
    return hashlib.sha256("\n".join(moves).encode()).hexdigest()


def test_hard_plays_as_before_without_a_model() -> None:
    assert moves_digest(HardSettings()) == UNCHANGED
    assert moves_digest(None) == UNCHANGED  # a seat marking itself marks nobody


def lone_taker_positions(limit: int) -> list[tuple[SeatView, int]]:
    """Positions of seeded four-Medium hands where a seat holding one or two hearts, and no
    other point, is the lone taker and is winning the trick, another seat to play."""
    found: list[tuple[SeatView, int]] = []
    for seed in range(200):
        match = Match.new(Rules(), seed=seed, single_hand=True)
        players = [MediumPlayer(seat) for seat in range(4)]
        while not match.is_over and len(found) < limit:
            seat = match.to_act()[0]
            view = match.view(seat)
            know = Knowledge.of(view)
            taker = moon_runner(know.taken)
            points = know.taken[taker] & PENALTY_MASK if taker is not None else 0
            light = points and not points & ~HEARTS_MASK and points.bit_count() <= 2
            if light and view.trick and taker != seat and trick_winner(view)[1] == taker:
                found.append((view, int(taker) if taker is not None else -1))
            match.apply(seat, decide(players[seat], view))
    return found


def test_a_marked_seat_is_a_suspect_from_its_first_point() -> None:
    positions = lone_taker_positions(200)
    assert len(positions) == 200
    kept = starved = blocked = 0
    for view, taker in positions:
        know = Knowledge.of(view)
        assert runner_suspect(view, know, early=False) is None  # too light to be watched
        assert marked_suspect(view, know, 1 << taker) == taker
        assert marked_suspect(view, know, 0b1111 & ~(1 << taker)) is None
        legal = view.legal_mask()
        follow = legal & SUIT_MASKS[view.led_suit]
        options = [c for c in range(52) if legal >> c & 1]
        cards, _motive = defended(view, know, legal, options, marked=1 << taker)
        best = trick_winner(view)[0]
        above = follow & ~((1 << (best + 1)) - 1)
        if follow and not above:  # cannot beat it: its high cards kept
            assert cards == [(follow & -follow).bit_length() - 1]
            kept += 1
        elif above and mask_of(view.trick) & PENALTY_MASK & ~QUEEN_OF_SPADES_BIT:
            if not mask_of(view.trick) & QUEEN_OF_SPADES_BIT:  # its points taken, cheaply
                assert (cards, _motive) == ([(above & -above).bit_length() - 1], Motive.BLOCK_MOON)
                blocked += 1
        elif not follow:  # void: no point fed to it
            assert not any(1 << c & PENALTY_MASK for c in cards) or cards == options
            starved += 1
    assert kept >= 3 and starved >= 3 and blocked >= 3  # the checks ran


def test_the_pass_search_plays_a_known_shooter_as_a_runner() -> None:
    changed = 0
    for seed in range(40):
        view = Match.new(Rules(), seed=f"pass44/{seed}").view(0)  # the first hand passes left
        plain = HardPlayer("p").decide_pass(view).cards
        marked = HardPlayer("p", settings=HardSettings(marked=1 << 1)).decide_pass(view).cards
        changed += set(plain) != set(marked)
    assert changed >= 4  # (8 of these 40 when written)


def test_hard_plays_otherwise_against_a_marked_seat() -> None:
    positions = lone_taker_positions(80)
    changed = 0
    for view, taker in positions:
        plain = HardPlayer("m", work=3000).decide_play(view).card
        watched = HardPlayer("m", work=3000, settings=HardSettings(marked=1 << taker))
        changed += watched.decide_play(view).card != plain
    assert changed >= 3
