"""The window on the person's screen: sharp on scaled screens, and a first size that fits.

Windows scales the pixels of a program that does not declare itself DPI aware (blurry at 125 or
150 %): :func:`declare_dpi_awareness`, called before pygame starts, asks SDL to declare it (per
monitor, v2), so the window's size and its drawing are in real pixels and the layout works at
that size. The first window is then the default size times the screen's scale, shrunk to fit
the usable area (the desktop less the taskbar) with its title bar: 1280x800 does not fit a
1366x768 laptop, nor 1920x1080 at 150 % (1280x720 in scaled units). Later starts take the size
the window had when the game was last closed (kept in the profile), fitted the same way.

>>> fitting_size((1280, 800), usable=(1366, 728))
(1100, 688)
>>> fitting_size((1280, 800), usable=(1920, 1040), scale=1.5)
(1568, 980)
>>> fitting_size((1280, 800), usable=(2560, 1400))
(1280, 800)
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any, Final

from scenes.core.cli import MIN_SIZE

if TYPE_CHECKING:
    from game.records.profile import Profile

DPI_AWARENESS: Final = "permonitorv2"
SIZE_SETTING: Final = "window_size"
FRAME: Final = (16, 40)
"""Room for the window's borders and title bar around the drawing area, at 100 %."""
TASKBAR: Final = 48
"""Where the system cannot say its usable area: the height kept for a taskbar or dock, at 100 %."""
NO_SCREEN: Final = ("dummy", "offscreen")
"""SDL's drivers without a screen (their "desktop" is made up): the size is not fitted."""


def declare_dpi_awareness() -> None:
    """Before pygame starts: SDL declares the process DPI aware on Windows (unless the
    variable is already set). Other systems ignore the variable."""
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", DPI_AWARENESS)


def fitting_size(
    preferred: tuple[int, int], usable: tuple[int, int], scale: float = 1.0
) -> tuple[int, int]:
    """``preferred`` times ``scale``, shrunk (same shape) until it fits ``usable`` with the
    window's frame; never under :data:`MIN_SIZE`."""
    want_w, want_h = preferred[0] * scale, preferred[1] * scale
    room_w, room_h = usable[0] - FRAME[0] * scale, usable[1] - FRAME[1] * scale
    factor = min(1.0, room_w / want_w, room_h / want_h)
    return max(MIN_SIZE[0], int(want_w * factor)), max(MIN_SIZE[1], int(want_h * factor))


def first_size(default: tuple[int, int], profile: Profile | None = None) -> tuple[int, int]:
    """The first window's size (pygame's display started): the remembered size, else the
    default at the screen's scale, fitted to the usable area."""
    import pygame

    remembered = remembered_size(profile)
    if pygame.display.get_driver() in NO_SCREEN:
        return remembered or default
    scale = 1.0 if remembered else system_scale()
    return fitting_size(remembered or default, usable_area(), scale)


def usable_area() -> tuple[int, int]:
    """The main screen's area less the taskbar, in pixels."""
    import pygame

    area = windows_work_area() if sys.platform == "win32" else None
    if area:
        return area
    try:
        width, height = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return (1280, 800) if sys.platform != "win32" else (1366, 728)
    return width, height - round(TASKBAR * system_scale())


def windows_work_area() -> tuple[int, int] | None:
    """Windows: the primary screen's work area (SPI_GETWORKAREA), in pixels once the process
    is DPI aware."""
    try:
        import ctypes
        from ctypes import wintypes

        rect = wintypes.RECT()
        windll: Any = getattr(ctypes, "windll")  # noqa: B009 (Windows only)
        if windll.user32.SystemParametersInfoW(0x30, 0, ctypes.byref(rect), 0):
            return rect.right - rect.left, rect.bottom - rect.top
    except (ImportError, AttributeError, OSError):
        pass
    return None


def system_scale() -> float:
    """Windows: the screen's scale (1.5 at 150 %); 1.0 elsewhere (macOS and Linux report
    sizes in their own units)."""
    if sys.platform != "win32":
        return 1.0
    try:
        import ctypes

        windll: Any = getattr(ctypes, "windll")  # noqa: B009 (Windows only)
        dpi = int(windll.user32.GetDpiForSystem())
    except (ImportError, AttributeError, OSError):
        return 1.0
    return dpi / 96 if 96 <= dpi <= 480 else 1.0


def remembered_size(profile: Profile | None) -> tuple[int, int] | None:
    """The size the window had when the game was last closed, when the profile keeps one."""
    if profile is None:
        return None
    value = profile.settings().get(SIZE_SETTING)
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) and 100 <= n <= 20000 for n in value)
    ):
        return value[0], value[1]
    return None


def remember_size(profile: Profile, size: tuple[int, int]) -> None:
    profile.set_setting(SIZE_SETTING, [int(size[0]), int(size[1])])
