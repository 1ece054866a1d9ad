"""``python -m game.notation``: check a game written in the notation, print its summary, or
convert it (another card spelling, or a saved game's JSON to text).

    python -m game.notation game.hearts               # check it, print a summary
    python -m game.notation game.hearts --to symbols  # write it again with Q♠ (or letters, french)
    python -m game.notation save.json -o game.hearts  # a saved game (the engine's JSON) as text
    python -m game.notation - < game.hearts           # read the standard input

A text that is not a valid game is refused with one sentence naming its line and column, and
the exit code 2; nothing is written then. The specification is docs/notation.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from game.engine.match import Match
from game.engine.save import InvalidSave, load_match
from game.notation.reader import ReadGame, read_game
from game.notation.syntax import SPELLINGS, NotationError
from game.notation.tags import program_tags
from game.notation.writer import write_match

EXIT_BAD_INPUT: Final = 2


class BadInput(Exception):
    """What the command line says before it exits with code 2."""


def read_input(source: str) -> tuple[ReadGame | None, Match]:
    """The game in ``source`` (a path, or - for the standard input): notation text, or the JSON
    of a saved game (then the ReadGame is None)."""
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInput(f"{source}: cannot be read ({exc})") from None
    if text.lstrip().startswith("{") and text.rstrip().endswith("}"):
        try:
            return None, load_match(json.loads(text))
        except (ValueError, InvalidSave) as exc:
            raise BadInput(f"{source}: not a saved game ({exc})") from None
    try:
        game = read_game(text)
    except NotationError as exc:
        raise BadInput(f"{source}: {exc}") from None
    return game, game.match


def summary(game: ReadGame | None, match: Match) -> str:
    """A few lines: the table, the hands, each seat's total, the winners."""
    rules = match.rules
    names = game.names() if game is not None else [""] * rules.players
    shown = [name or f"seat {seat + 1}" for seat, name in enumerate(names)]
    hands = game.hand_count if game is not None else len(match.past_hands) + 1
    out = []
    if game is not None and "Event" in game.tags:
        out.append(game.tags["Event"] + (f", {game.tags['Date']}" if "Date" in game.tags else ""))
    out.append(f"{rules.players} players, to {rules.target}, moon {rules.moon.value}")
    finished = match.hand.hand_scores is not None
    out.append(f"{hands} hand(s)" + ("" if finished else ", the last one unfinished"))
    out.append("totals: " + ", ".join(f"{n} {t}" for n, t in zip(shown, match.totals, strict=True)))
    if match.winners:
        out.append("won by " + " and ".join(shown[s] for s in match.winners))
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.notation",
        description="Check, summarise or convert a Hearts game written in the notation.",
    )
    parser.add_argument("source", help="a .hearts file, a saved game's JSON, or - for stdin")
    parser.add_argument("--to", choices=SPELLINGS, help="write the game with this card spelling")
    parser.add_argument("-o", "--output", help="write the game to this file (implies --to)")
    args = parser.parse_args(argv)
    try:
        game, match = read_input(args.source)
    except BadInput as exc:
        print(f"python -m game.notation: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.to is None and args.output is None:
        print(summary(game, match))
        return 0
    if game is not None:
        tags, names, levels = game.tags, game.names(), game.levels()
    else:
        tags, names, levels = program_tags("Saved game"), [], []
    hands = range(game.hand_count) if game is not None else None
    seed_known = game is None or game.seed_known
    text = write_match(
        match,
        tags=tags,
        names=names,
        levels=levels,
        spelling=args.to or "letters",
        hands=hands,
        seed_known=seed_known,
    )
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as exc:
        print(f"python -m game.notation: {args.output}: cannot be written ({exc})", file=sys.stderr)
        return EXIT_BAD_INPUT
    return 0


if __name__ == "__main__":
    sys.exit(main())
