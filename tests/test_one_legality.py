"""One rule, one place (issue 43): "may this seat play this card, and if not why" is answered by
:func:`game.engine.legality.play_refusal` alone; the hand, a seat's view, the match's move check,
the tutor and the table scene all ask it, and none computes a reason of its own."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from game.engine.cards import CARDS
from game.engine.legality import pass_refusal, play_refusal, reason_text
from game.engine.match import Match
from game.engine.moves import Move, move_refusal
from game.engine.phase import Phase
from game.engine.rules import Rules
from game.text.sentences import render
from game.tutor import advice as tutor

ROOT = Path(__file__).resolve().parent.parent


def reasons_outside_legality(root: Path = ROOT) -> list[str]:
    """Every call of illegal_reason (the rule a card breaks) under ``game/`` and ``scenes/``
    outside legality.py, as "file:line"."""
    found = []
    for folder in ("game", "scenes"):
        for path in sorted((root / folder).rglob("*.py")):
            if path.name != "legality.py":
                found += [f"{path.relative_to(root)}:{line}" for line in _calls(path)]
    return found


def _calls(path: Path, names: tuple[str, ...] = ("illegal_reason",)) -> list[int]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in names:
                found.append(node.lineno)
    return found


def test_only_legality_computes_why_a_card_is_refused() -> None:
    """illegal_reason (the rule a card breaks) is called in legality.py and nowhere else."""
    assert reasons_outside_legality() == []


def test_the_scan_sees_a_second_place(tmp_path: Path) -> None:
    """A planted scene that works out a refusal itself is found (the scan can fail)."""
    (tmp_path / "scenes").mkdir()
    (tmp_path / "game" / "engine").mkdir(parents=True)
    (tmp_path / "game" / "engine" / "legality.py").write_text("def illegal_reason(): ...\n")
    (tmp_path / "scenes" / "table.py").write_text(
        "from game.engine import legality\n\nreason = legality.illegal_reason(1, 2)\n"
    )
    assert reasons_outside_legality(tmp_path) == ["scenes/table.py:3"]


def test_every_reader_gives_the_one_answer() -> None:
    """Over random games, at every play and for every card and seat: the hand, the view, the
    match's move check, the view's move check and the tutor say what play_refusal says."""
    rng = random.Random(43)
    checked = 0
    for game in range(6):
        match = Match.new(Rules(players=(3, 4, 5)[game % 3]), seed=f"one/{game}", single_hand=True)
        players = match.rules.players
        while match.phase in (Phase.PASS, Phase.PLAY):
            hand = match.hand
            for seat in range(players):
                view = match.view(seat)
                for card in CARDS:
                    reason = play_refusal(card, seat, hand)
                    assert view.play_refusal(card) == reason
                    assert hand.play_reason(card, seat) == reason
                    text = (
                        None
                        if reason is None
                        else reason_text(reason, hand.led_suit, hand.first_lead)
                    )
                    assert view.why_illegal(card) == text
                    assert match.move_reason(seat, Move.play(card)) == text
                    assert view.move_reason(Move.play(card)) == text
                    said = tutor.explain_illegal(view, card)
                    assert (said is None) == (reason is None)
                    if said is not None:
                        assert render(said) == text
                    checked += 1
            if match.phase is Phase.PASS:
                for seat in range(players):
                    held = [c for c in CARDS if match.hand.hands[seat] >> c & 1]
                    cards = rng.sample(held, 3)
                    assert pass_refusal(cards, seat, match.hand) is None
                    assert move_refusal(Move.pass_cards(cards), seat, match.view(seat)) is None
                    match.apply(seat, Move.pass_cards(cards))
                continue
            seat = match.hand.turn
            match.apply(seat, rng.choice(match.legal_moves(seat)))
    assert checked > 10_000
