"""Hand-made bad notation files (tests/data/notation/bad/): each is refused with one sentence
naming the right line and column, and the command line says so with exit code 2."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.notation import NotationError, read_game

BAD = Path(__file__).parent / "data" / "notation" / "bad"

# file: (line, column, the start of the sentence), each found by reading the file by eye
EXPECTED = {
    "across_with_three": (2, 22, "there is no pass across at a table of 3"),
    "bad_tag": (1, 1, "a tag is written [Name"),
    "card_played_twice": (24, 17, "seat 1 may not play A♣"),
    "comment_never_closed": (26, 1, "this comment is never closed with '}'"),
    "deal_missing": (13, 1, "the deal of seat 4 is missing"),
    "dealt_twice": (12, 12, "A♣ is dealt twice"),
    "five_cards_in_a_trick": (19, 29, "a trick has 4 cards"),
    "hearts_not_broken": (22, 17, "seat 4 may not play 2♥"),
    "moon_with_no_choice": (32, 1, "there is no moon choice to make here"),
    "must_follow_suit": (21, 20, "seat 2 may not play 7♥"),
    "next_hand_too_soon": (32, 1, "hand 2 begins before hand 1 is over"),
    "not_a_card": (21, 17, "'9X' is not a card"),
    "not_in_play": (3, 9, "2♣ is not in play at a table of 3"),
    "not_the_seeds_deal": (11, 1, "seat 1's cards are not the ones the seed"),
    "pass_card_not_held": (15, 15, "seat 1 cannot pass these cards"),
    "pass_two_cards": (16, 14, "a pass is 3 cards, not 2"),
    "points_before_the_end": (46, 1, "the hand is not over: 12 trick(s) are mi"),
    "points_wrong": (32, 12, "seat 2 scores 4, not 5"),
    "seat_five_at_four": (9, 2, "there is no seat 5 at a table of 4"),
    "totals_do_not_add_up": (33, 14, "seat 3 has a total of 5, not 6"),
    "trick_before_passes": (18, 1, "the tricks begin before every seat has p"),
    "trick_skipped": (21, 7, "this should be trick 3, after a whole tr"),
    "twelve_cards": (13, 45, "seat 3 is dealt 12 cards, not 13"),
    "unknown_rule_value": (3, 56, "this rule cannot be played"),
    "wrong_dealer": (35, 15, "seat 2 deals hand 2"),
    "wrong_leader": (20, 14, "seat 1 leads trick 2"),
}


def test_every_bad_file_has_its_expectation() -> None:
    assert sorted(p.stem for p in BAD.glob("*.hearts")) == sorted(EXPECTED)
    assert len(EXPECTED) >= 20


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_bad_file_is_refused_at_its_fault(name: str) -> None:
    line, column, start = EXPECTED[name]
    with pytest.raises(NotationError) as caught:
        read_game((BAD / f"{name}.hearts").read_text(encoding="utf-8"))
    error = caught.value
    assert (error.line, error.column) == (line, column), str(error)
    assert error.problem.startswith(start)
    assert str(error).startswith(f"line {line}, column {column}: ")
    assert "\n" not in str(error) and str(error).count(". ") == 0  # one sentence


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game.notation", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_the_command_line_refuses_a_bad_file_with_its_place_and_code_2() -> None:
    done = run_cli(str(BAD / "must_follow_suit.hearts"))
    assert done.returncode == 2
    assert done.stdout == ""
    assert "line 21, column 20: seat 2 may not play 7♥" in done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1


def test_the_command_line_summarises_and_converts(tmp_path: Path) -> None:
    from game.engine.match import Match
    from game.engine.players import RandomPlayer, play_match
    from game.engine.rules import Rules
    from game.engine.save import save_match
    from game.notation.cli import main

    match = Match.new(Rules(target=40), seed=6)
    play_match(match, [RandomPlayer(s) for s in range(4)])
    saved = tmp_path / "save.json"
    saved.write_text(__import__("json").dumps(save_match(match)), encoding="utf-8")
    text = tmp_path / "game.hearts"
    assert main([str(saved), "-o", str(text)]) == 0
    french = tmp_path / "french.hearts"
    assert main([str(text), "--to", "french", "-o", str(french)]) == 0
    assert "D♠" in french.read_text(encoding="utf-8")
    assert read_game(french.read_text(encoding="utf-8")).match.totals == match.totals
    done = run_cli("-", stdin=text.read_text(encoding="utf-8"))
    assert done.returncode == 0, done.stderr
    assert f"totals: seat 1 {match.totals[0]}," in done.stdout
    assert "won by seat " in done.stdout


def test_the_command_line_refuses_what_it_cannot_read(tmp_path: Path) -> None:
    missing = run_cli(str(tmp_path / "nothing.hearts"))
    assert missing.returncode == 2 and "cannot be read" in missing.stderr
    junk = tmp_path / "junk.json"
    junk.write_text('{"format": "x"}', encoding="utf-8")
    refused = run_cli(str(junk))
    assert refused.returncode == 2 and "not a saved game" in refused.stderr
    assert "Traceback" not in missing.stderr + refused.stderr


GOOD = (
    (BAD.parent / "bad" / "wrong_dealer.hearts")
    .read_text(encoding="utf-8")
    .replace("Hand 2 dealer 3", "Hand 2 dealer 2")
)


@settings(max_examples=400, derandomize=True, deadline=None)
@given(
    cuts=st.lists(
        st.tuples(st.integers(0, 3000), st.integers(0, 40), st.text(max_size=12)), max_size=4
    )
)
def test_any_damage_to_a_good_file_is_read_or_refused_never_crashes(
    cuts: list[tuple[int, int, str]],
) -> None:
    """Characters cut out and others put in anywhere: a game, or one NotationError."""
    text = GOOD
    for at, length, inserted in cuts:
        at %= len(text) + 1
        text = text[:at] + inserted + text[at + length :]
    try:
        read_game(text)
    except NotationError as exc:
        assert exc.line >= 1 and exc.column >= 1 and "\n" not in str(exc)


@settings(max_examples=300, derandomize=True, deadline=None)
@given(
    text=st.text(
        alphabet=st.sampled_from(
            list('HandDelPsTrickMoonPointsTotalsBefore:[]"{} 0123456789CDSHQKAJ♠♥♦♣-+=\n')
        )
    )
)
def test_any_text_is_read_or_refused_never_crashes(text: str) -> None:
    with contextlib.suppress(NotationError):
        read_game(text)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_bad_files_sentence_is_said_in_french(name: str) -> None:
    """The reader's sentences go through the catalogs (the engine writes English only)."""
    from scenes.core import i18n

    with pytest.raises(NotationError) as caught:
        read_game((BAD / f"{name}.hearts").read_text(encoding="utf-8"))
    i18n.set_language("fr")
    try:
        french = i18n.render_sentence(caught.value.said())
        problem = i18n.render_sentence(caught.value.sentence)
    finally:
        i18n.set_language("en")
    error = caught.value
    assert french.startswith(f"ligne {error.line}, colonne {error.column}\u00a0: ")
    assert problem != error.problem and problem in french, problem


REFUSALS = {
    # file: the reader's sentence in English and in French, the engine's refusal inside it
    "must_follow_suit": (
        "seat 2 may not play 7♥ (you must follow diamonds)",
        "le joueur 2 ne peut pas jouer 7♥ (vous devez fournir à carreau)",
    ),
    "hearts_not_broken": (
        "seat 4 may not play 2♥ (hearts are not broken yet)",
        "le joueur 4 ne peut pas jouer 2♥ (les cœurs ne sont pas encore ouverts)",
    ),
    "card_played_twice": (
        "seat 1 may not play A♣ (you do not hold that card)",
        "le joueur 1 ne peut pas jouer A♣ (vous n'avez pas cette carte)",
    ),
    "pass_card_not_held": (
        "seat 1 cannot pass these cards (you do not hold that card)",
        "le joueur 1 ne peut pas passer ces cartes (vous n'avez pas cette carte)",
    ),
}


def french_fault(text: str) -> str:
    """The reader's fault in ``text`` as the French window says it (scenes/records/open_game)."""
    from scenes.core import i18n

    with pytest.raises(NotationError) as caught:
        read_game(text)
    i18n.set_language("fr")
    try:
        return i18n.render_sentence(caught.value.said())
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_the_engines_refusal_inside_the_readers_fault_is_said_in_french(name: str) -> None:
    """The refusal's words stayed English in a French sentence ("le joueur 2 ne peut pas jouer
    7♥ (you must follow diamonds)"): they go through the catalogs with the rest; the English
    reads as docs/notation.md shows it."""
    english, french = REFUSALS[name]
    text = (BAD / f"{name}.hearts").read_text(encoding="utf-8")
    with pytest.raises(NotationError) as caught:
        read_game(text)
    assert caught.value.problem == english
    said = french_fault(text)
    assert said.endswith(french), said


def test_a_refused_first_lead_names_the_two_of_clubs_in_french() -> None:
    """A refusal naming a card ("You must lead the {card}") names it with its French article."""
    from game.engine.match import Match
    from game.engine.rules import Rules
    from game.notation import write_match
    from tests.helpers.notation_games import play

    match = Match.new(Rules(), seed=5)
    play(match, 4, greedy=False, seed=5)  # the four passes
    leader = match.hand.turn
    wrong = next(c for c in match.hand.hand_cards(leader) if c.symbol() != "2♣")
    text = write_match(match) + f"Trick 1: {wrong}\n"
    said = french_fault(text)
    assert said.endswith(f"ne peut pas jouer {wrong.symbol()} (vous devez entamer le 2♣)"), said
