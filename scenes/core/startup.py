"""The start-up and its reports: the window's name, the time to the first frame, what the
profile said when it opened, and the one line a crash leaves."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from game.records.profile import Profile
    from scenes.core.cli import Options

START_TIME: Final = time.perf_counter()
WINDOW_CLASS: Final = "dame-de-pique"
"""The window's class (X11 WM_CLASS, Wayland app id): the program's name, as the .desktop
entry's StartupWMClass says, so the desktop puts the window under the game's icon. Set by
:func:`name_the_window` before pygame is imported: importing pygame sets it to the script's
name when unset (``__main__.py`` from source)."""


def name_the_window() -> None:
    """Give the window the program's class, unless SDL_VIDEO_*_WMCLASS is already set (the
    end-to-end test sets its own); to be called before pygame is imported."""
    for variable in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        os.environ.setdefault(variable, WINDOW_CLASS)


def launch_process() -> str:
    """The /proc name of the process the person launched: a one-file build runs the game in a
    child of the same executable, started after the parent unpacked everything, so the clock
    starts at the parent (the launch) rather than at the child."""
    if getattr(sys, "frozen", False):
        try:
            parent = os.getppid()
            if Path(f"/proc/{parent}/exe").resolve() == Path("/proc/self/exe").resolve():
                return str(parent)
        except OSError:
            pass
    return "self"


def process_age() -> float:
    """Seconds since the program was launched (from /proc on Linux, the one-file build's
    unpacking included; elsewhere since this module loaded)."""
    try:
        stat = Path(f"/proc/{launch_process()}/stat").read_text()
        ticks = int(stat.rsplit(")", 1)[1].split()[19])
        uptime = float(Path("/proc/uptime").read_text().split()[0])
        age = uptime - ticks / os.sysconf("SC_CLK_TCK")
        if 0 <= age < 3600:
            return max(age, time.perf_counter() - START_TIME)
    except (OSError, ValueError, IndexError):
        pass
    return time.perf_counter() - START_TIME


def report_crash(exc: Exception, options: Options, saving: bool = True) -> int:
    import tempfile
    import traceback

    from game.records.profile import default_folder

    details = "".join(traceback.format_exception(exc))
    folder = options.profile or default_folder()
    path = None
    for candidate in (folder, Path(tempfile.gettempdir())):
        try:
            candidate.mkdir(parents=True, exist_ok=True)
            path = candidate / "crash.log"
            path.write_text(details, "utf-8")
            break
        except OSError:
            path = None
    where = f"; the details are in {path}" if path else ""
    saved = (
        "The game in progress was saved after the last move."
        if saving  # never claimed when the profile could not be written
        else "The game in progress could not be saved."
    )
    print(
        f"dame-de-pique: an unexpected error stopped the game ({exc!r}){where}. {saved}",
        file=sys.stderr,
    )
    return 1


def compiled_engine() -> str:
    """The engine modules running compiled (game/native/builds.py), or "none"."""
    from game.native import builds as native

    return ", ".join(native.compiled()) or "none"


def profile_notices(profile: Profile) -> list[str]:
    """What the player is told about the profile that just opened (in the language set)."""
    from scenes.core.i18n import _

    notices = []
    if profile.moved_aside is not None:
        notices.append(
            _(
                "Your profile could not be read ({reason}). It was kept as {name} and a new "
                "profile was started."
            ).format(reason=profile.unreadable_reason, name=profile.moved_aside.name)
        )
    if profile.was_empty:
        notices.append(_("Your profile was an empty file; a new profile was started in it."))
    return notices
