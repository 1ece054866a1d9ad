"""The command line: the options, each value checked (a bad one is one line and status 2).

python -m scenes --help
"""

from __future__ import annotations

import argparse
import datetime as _dt
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, NoReturn

DEFAULT_SIZE: Final = (1280, 800)
MIN_SIZE: Final = (640, 480)
MAX_SIZE: Final = (7680, 4320)
SCREENSHOT_SUFFIXES: Final = (".png", ".bmp", ".jpg", ".jpeg", ".tga")
STARTUP_ENV: Final = "DAME_REPORT_STARTUP"


def _size(text: str) -> tuple[int, int]:
    parts = text.lower().replace("×", "x").split("x")
    numbers = [_whole(p) for p in parts]
    if len(numbers) != 2 or None in numbers:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size: write it like 1280x800")
    w, h = (int(n or 0) for n in numbers)
    if not (MIN_SIZE[0] <= w <= MAX_SIZE[0] and MIN_SIZE[1] <= h <= MAX_SIZE[1]):
        raise argparse.ArgumentTypeError(
            f"{text!r} is out of range: from {MIN_SIZE[0]}x{MIN_SIZE[1]} "
            f"to {MAX_SIZE[0]}x{MAX_SIZE[1]}"
        )
    return w, h


def _whole(text: str) -> int | None:
    """The whole number written in ``text`` with the digits 0 to 9, else None ("²" is a digit
    to Python but not a number)."""
    text = text.strip()
    if not text or not all("0" <= c <= "9" for c in text):
        return None
    return int(text)


def _seed(text: str) -> int:
    if _whole(text) is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a seed: give a whole number like 42")
    return int(text.strip())


def _hands(text: str) -> int:
    hands = _whole(text)
    if hands is None or hands < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of hands: give 1 or more")
    return hands


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < math.inf:  # NaN, negative and infinite times are refused
        raise argparse.ArgumentTypeError(f"{text!r} is not a time: give seconds, like 2.5")
    return value


def today() -> _dt.date:
    """The player's local date (tests replace it)."""
    return _dt.date.today()


def _date(text: str) -> _dt.date:
    """A calendar date written YYYY-MM-DD, today or before (a later deal is not played)."""
    day = None
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text.strip()):
        try:
            day = _dt.date.fromisoformat(text.strip())
        except ValueError:
            day = None
    if day is None:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a date: write it like 2026-12-06 (year-month-day)"
        )
    if day > today():
        raise argparse.ArgumentTypeError(
            f"{text!r} is after today: only today's deal and earlier ones can be played"
        )
    return day


def _screenshot(text: str) -> Path:
    path = Path(text)
    if path.suffix.lower() not in SCREENSHOT_SUFFIXES:
        raise argparse.ArgumentTypeError(
            f"{text!r}: the screenshot must end in {', '.join(SCREENSHOT_SUFFIXES)}"
        )
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r}: the folder {path.parent} does not exist")
    return path


def _profile_dir(text: str) -> Path:
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a file, not a folder")
    return path


class _Parser(argparse.ArgumentParser):
    """A bad value is one line on stderr (status 2), not the usage block (--help shows it)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    from scenes.core.preferences import SPEEDS

    parser = _Parser(
        prog="dame-de-pique",
        description="Dame de pique: the classic Hearts card game.",
    )
    parser.add_argument(
        "--profile",
        metavar="DIR",
        type=_profile_dir,
        help="keep settings and the saved game in DIR instead of your user data folder",
    )
    parser.add_argument("--seed", metavar="N", type=_seed, help="deal the new game from seed N")
    parser.add_argument("--lang", choices=("fr", "en"), help="language for this run")
    parser.add_argument(
        "--demo", action="store_true", help="the computer plays every seat; exits when done"
    )
    parser.add_argument(
        "--hands", metavar="N", type=_hands, help="with --demo: stop after N hands (default: 1)"
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=(3, 4, 5),
        help="players at the table for a new game or the demo (default: as last chosen)",
    )
    parser.add_argument(
        "--speed", choices=tuple(SPEEDS), help="animation speed for this run (instant: none)"
    )
    parser.add_argument(
        "--screenshot", metavar="PATH", type=_screenshot, help="save the last frame on exit"
    )
    parser.add_argument(
        "--size",
        metavar="WxH",
        type=_size,
        help=f"window size, e.g. 1280x800 (default); at least {MIN_SIZE[0]}x{MIN_SIZE[1]}",
    )
    _add_first_screen(parser)
    parser.add_argument(
        "--exit-after",
        metavar="SECONDS",
        type=_seconds,
        help="quit after this many seconds (0: after the first frame)",
    )
    parser.add_argument(
        "--report-startup",
        action="store_true",
        help=f"print the time from launch to the first frame (or set {STARTUP_ENV}=1)",
    )
    return parser


def _add_first_screen(parser: argparse.ArgumentParser) -> None:
    """The options that choose what opens first: a game, or a date's daily challenge."""
    parser.add_argument(
        "--continue",
        dest="resume",
        action="store_true",
        help="open the saved game at once (if there is one)",
    )
    parser.add_argument(
        "--new-game",
        action="store_true",
        help="start a new game at once, with the options chosen last time",
    )
    parser.add_argument(
        "--autoplay",
        action="store_true",
        help="start a new game in which the computer also plays your seat: saved, and kept "
        "in History, as the computer's game (never in your statistics)",
    )
    parser.add_argument(
        "--date",
        metavar="YYYY-MM-DD",
        type=_date,
        help="open the daily challenge of that date (an earlier date is practice: it never "
        "counts in the streaks)",
    )


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.hands is not None and not args.demo:
        parser.error("--hands only goes with --demo")
    if args.demo and args.autoplay:
        parser.error("--demo and --autoplay cannot be used together")
    if args.date is not None and (args.demo or args.new_game or args.autoplay or args.resume):
        parser.error("--date opens the daily challenge: it goes with no other game to start")
    if args.resume and (args.new_game or args.autoplay):
        other = "--new-game" if args.new_game else "--autoplay"
        parser.error(
            f"--continue and {other} cannot be used together: --continue opens the saved "
            f"game, {other} would set it aside for a new one"
        )
    return args


@dataclass
class Options:
    """What the command line asked for."""

    profile: Path | None = None
    seed: int | None = None
    lang: str | None = None
    demo: bool = False
    hands: int | None = None
    players: int | None = None
    speed: str | None = None
    screenshot: Path | None = None
    size: tuple[int, int] | None = None
    resume: bool = False
    new_game: bool = False
    autoplay: bool = False
    exit_after: float | None = None
    report_startup: bool = False
    date: _dt.date | None = None

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> Options:
        return cls(**{k: getattr(args, k) for k in cls.__dataclass_fields__})
