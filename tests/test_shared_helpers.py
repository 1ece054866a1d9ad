"""The helpers once written several times: each place now calls the one helper."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from game.engine.codec import InvalidData, rules_from
from game.engine.rules import MoonMode, PassDirection, Rules, TieRule
from game.net import protocol
from game.net.protocol import RulesSpec
from scenes.core import i18n
from scenes.core.i18n import pass_label
from scenes.core.preferences import GameOptions
from scenes.records.sheet_setup import SheetSetupScene

SCENES = Path(__file__).resolve().parent.parent / "scenes"
FIELDS: Any = {
    "players": 5,
    "target": 50,
    "queen_breaks_hearts": True,
    "moon": "shooter-chooses",
    "jack_of_diamonds": True,
    "tie": "shared",
}
EXPECTED = Rules(
    players=5,
    target=50,
    queen_breaks_hearts=True,
    moon=MoonMode.SHOOTER_CHOOSES,
    jack_of_diamonds=True,
    tie=TieRule.SHARED,
)


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_every_form_of_the_rules_reads_the_same() -> None:
    assert rules_from(**FIELDS) == EXPECTED
    assert GameOptions(**FIELDS).rules() == EXPECTED
    assert RulesSpec(**FIELDS).to_rules() == EXPECTED
    form = SimpleNamespace(
        count=5, target=50, moon=MoonMode.SHOOTER_MINUS, jack=True, tie=TieRule.SHARED
    )
    assert SheetSetupScene.rules(cast(SheetSetupScene, form)) == Rules(
        players=5, target=50, moon=MoonMode.SHOOTER_MINUS, jack_of_diamonds=True, tie=TieRule.SHARED
    )


def test_a_bad_rule_value_gets_the_rules_sentence_everywhere() -> None:
    # (a settings value or a message not yet checked: the same sentence as a saved game's rules)
    with pytest.raises(ValueError, match="bad rule value: 'sideways'"):
        GameOptions(moon="sideways").rules()
    with pytest.raises(ValueError, match="bad rule value: 'sideways'"):
        RulesSpec(tie="sideways").to_rules()  # type: ignore[arg-type]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_each_pass_has_one_label_in_each_language(language: str) -> None:
    i18n.set_language(language)
    long = [pass_label(d) for d in PassDirection]
    short = [pass_label(d, short=True) for d in PassDirection]
    assert len(set(long)) == len(set(short)) == len(PassDirection)
    if language == "fr":
        assert pass_label(PassDirection.LEFT) == "Passer à gauche"
        assert pass_label(PassDirection.HOLD) == "Pas d'échange cette donne"
        assert pass_label(PassDirection.RIGHT, short=True) != "right"


def test_the_pass_labels_are_written_once() -> None:
    written = re.compile(
        r'N_\("(Pass left|Pass right|Pass across|No pass this hand|left|no pass)"\)'
    )
    places = [
        f"{path.relative_to(SCENES)}: {match.group(1)}"
        for path in sorted(SCENES.rglob("*.py"))
        for match in written.finditer(path.read_text(encoding="utf-8"))
    ]
    assert places and all(p.startswith("core/i18n.py") for p in places), places


def test_wire_events_read_cards_and_directions_with_the_codec() -> None:
    # (what a client is sent is checked by msgspec first; a message built by hand is not)
    with pytest.raises(InvalidData, match="pass_direction must be left, right, across or hold"):
        protocol.to_event(protocol.HandStartedMsg(0, 0, "sideways"))  # type: ignore[arg-type]
    with pytest.raises(InvalidData, match="cards: 'ZZ' is not a card"):
        protocol.to_event(protocol.TrickWonMsg(0, 0, ["QS", "ZZ"], 13, 1))
