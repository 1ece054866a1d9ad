"""What the table says in its own words reaches a French player in French: every sentence our
server can send in an ``error``, a refusal to seat or a ``closed`` message has a French
translation, and the window says a table's ``error`` to a seated player in the player's language
(an English sentence from another server, one our catalogs do not know, is shown as it came)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.engine.rules import Rules
from game.engine.source import MoveRefused
from game.net import protocol as p
from game.net.client import RemoteTable
from game.net.daily_board import REASONS, BoardRefusal
from scenes.core import i18n
from tests.helpers.net import serving, wait_for

ROOT = Path(__file__).resolve().parent.parent
SERVER_MODULES = (
    "game/net/online_table.py",
    "game/net/table_server.py",
    "game/net/protocol.py",
    "game/net/daily_board.py",  # the friends' board
    "game/net/board_server.py",
    "game/net/board_protocol.py",
)
SENDERS = frozenset(
    {"_error", "_refuse", "SitRefused", "Error", "Closed", "ProtocolError", "BoardRefusal"}
)
"""The calls whose last argument (or ``reason=``) is a sentence sent to the player (a word
without a space is a code, such as ``BoardRefusal("full")``'s, not a sentence)."""


def _constants(tree: ast.Module) -> dict[str, str]:
    found = {}
    for node in tree.body:
        target = node.targets[0] if isinstance(node, ast.Assign) else None
        if isinstance(node, ast.AnnAssign):
            target = node.target
        value = getattr(node, "value", None)
        literal = isinstance(value, ast.Constant) and isinstance(value.value, str)
        if isinstance(target, ast.Name) and literal:
            found[target.id] = value.value  # type: ignore[union-attr]
    return found


def sent_sentences(path: Path) -> set[str]:
    """The literal sentences a server module sends (the constants it names, its own or the
    other server modules', included)."""
    tree = ast.parse(path.read_text("utf-8"))
    constants: dict[str, str] = {}
    for module in SERVER_MODULES:
        constants |= _constants(ast.parse((ROOT / module).read_text("utf-8")))
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else None
        name = name or (node.func.id if isinstance(node.func, ast.Name) else None)
        if name not in SENDERS:
            continue
        reasons = [k.value for k in node.keywords if k.arg == "reason"] or node.args[-1:]
        for reason in reasons:
            if isinstance(reason, ast.Constant) and isinstance(reason.value, str):
                if " " in reason.value:
                    found.add(reason.value)
            elif isinstance(reason, ast.Name) and reason.id in constants:
                found.add(constants[reason.id])
            elif isinstance(reason, ast.Attribute) and reason.attr in constants:
                found.add(constants[reason.attr])  # p.TAKEN_OVER
    return found


def untranslated(sentences: set[str]) -> list[str]:
    """Those of ``sentences`` the French catalog does not translate."""
    i18n.set_language("fr")
    try:
        return sorted(said for said in sentences if i18n._(said) == said)
    finally:
        i18n.set_language("en")


def test_the_extraction_finds_what_the_table_sends() -> None:
    """The check below would pass on nothing: it must at least find these."""
    found = set().union(*(sent_sentences(ROOT / module) for module in SERVER_MODULES))
    assert "Only the host may start the game" in found  # _error(seat, code, sentence)
    assert "The table is full" in found  # SitRefused(code, sentence)
    assert "Send hello (or create) first" in found  # _refuse(conn, code, sentence)
    assert p.TAKEN_OVER in found  # Closed(code=..., reason=CONSTANT)
    assert "Too many connections from you" in found  # the board's Error(code=, reason=)
    assert "full" not in found  # BoardRefusal("full"): a code, said with REASONS["full"]
    assert len(found) >= 20


def test_every_sentence_the_table_sends_has_a_french_translation() -> None:
    sentences = set(p.ERROR_CODES.values()) | set(REASONS.values())
    for module in SERVER_MODULES:
        sentences |= sent_sentences(ROOT / module)
    missing = untranslated(sentences)
    assert not missing, f"not in the French catalog: {missing}"


@pytest.fixture
def in_french() -> object:
    i18n.set_language("fr")
    yield None
    i18n.set_language("en")


def test_a_seated_player_reads_the_table_s_error_in_french(in_french: object) -> None:
    with serving() as server:
        host = RemoteTable.host(server.address, "Ada", Rules(), level="easy")
        assert host.wait_seated()  # the table's code comes with the host's welcome
        guest = RemoteTable.join(server.address, host.code, "Bea")
        try:
            assert guest.wait_seated()
            guest.start()  # only the host may: the table answers with an error
            refusals: list[MoveRefused] = []

            def refused() -> bool:
                refusals.extend(u for u in guest.poll() if isinstance(u, MoveRefused))
                return bool(refusals)

            wait_for(refused, what="the table's error")
            assert refusals[0].reason == "Only the host may start the game"
            assert i18n.refused_message(refusals[0]) == "Seul l'hôte peut lancer la partie"
        finally:
            guest.close()
            host.close()


def test_a_sentence_the_catalog_does_not_know_is_shown_as_it_came(in_french: object) -> None:
    another_server = MoveRefused("", "Table 7 is being cleaned")
    assert i18n.refused_message(another_server) == "Table 7 is being cleaned"


def test_the_board_s_refusals_in_the_player_s_language() -> None:
    from scenes.records.friends import refusal_text

    taken = BoardRefusal("name-taken")
    precise = BoardRefusal("points", "The hand gives 5 points, not 3")
    assert refusal_text(taken) == "That name is taken in this group"
    assert refusal_text(precise) == "The hand gives 5 points, not 3"  # English: the precise one
    i18n.set_language("fr")
    try:
        assert refusal_text(taken) == "Ce nom est déjà pris dans ce groupe"
        assert refusal_text(precise) == "La donne ne rapporte pas les points annoncés"
        unknown = BoardRefusal("closing", "Another board's own sentence")  # not one of REASONS
        assert refusal_text(unknown) == "Another board's own sentence"
    finally:
        i18n.set_language("en")
