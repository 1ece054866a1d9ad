"""About: the version, the licence, where the fonts and pictures come from, and (Licences) the
licence text of everything the program contains."""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import pygame

from scenes.core import assets
from scenes.core.i18n import N_, _
from scenes.core.scene import Navigation, Scene
from scenes.ui.felt import felt_surface
from scenes.ui.page import PageScene, draw_window_client
from scenes.ui.widgets import INK, Button, draw_bevel, draw_text, draw_window, ui_scale, wrap_text

DISTRIBUTION = "dame-de-pique"
PROJECT_ROOT = Path(__file__).resolve().parents[2]
# Where build.spec puts the licence files inside the program (tools/third_party_licences.py).
LICENCE_FOLDER = "licences"
GAME_LICENCE = "LICENSE.txt"
THIRD_PARTY_LICENCES = "THIRD-PARTY-LICENSES.txt"
NO_BREAK_SPACE = "\u00a0"  # keeps a line's indentation through wrap_text, which splits on " "


@functools.cache
def game_version() -> str:
    """The installed package's version, else pyproject.toml's (running from source)."""
    from importlib import metadata

    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        pass
    pyproject = PROJECT_ROOT / "pyproject.toml"
    try:
        import tomllib

        return str(tomllib.loads(pyproject.read_text("utf-8"))["project"]["version"])
    except (OSError, ValueError, KeyError):
        return "?"


def licence_folder() -> Path | None:
    """The built program's licence folder, or None when running from source."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle) / LICENCE_FOLDER
    return None


def licence_text(folder: Path | None = None, *, frozen: bool | None = None) -> str:
    """The game's licence followed by the build's third-party licences, as one text.

    From source there is no third-party file (the build makes it from what it bundles): the
    game's LICENSE is shown with a sentence saying so. A built program missing its file says
    that too, instead of failing."""
    folder = folder if folder is not None else licence_folder()
    frozen = folder is not None if frozen is None else frozen
    parts: list[str] = []
    game_licence = folder / GAME_LICENCE if folder is not None else PROJECT_ROOT / "LICENSE"
    try:
        parts.append(game_licence.read_text("utf-8", errors="replace"))
    except OSError:
        parts.append(_("The MIT licence text is missing from this copy of the game."))
    if not frozen or folder is None:
        parts.append(
            _(
                "This copy runs from its source code: the libraries it uses are those of your "
                "Python installation, each under its own licence. The built program lists them "
                "all, with their licence texts, in licences/THIRD-PARTY-LICENSES.txt."
            )
        )
    else:
        try:
            parts.append(
                (folder / THIRD_PARTY_LICENCES).read_text("utf-8", errors="replace").rstrip()
            )
        except OSError:
            parts.append(
                _(
                    "The list of the libraries inside the program and their licences is "
                    "missing ({path}): reinstall the game to get it back."
                ).format(path=folder / THIRD_PARTY_LICENCES)
            )
    return "\n\n".join(part.strip("\n") for part in parts) + "\n"


class AboutScene(PageScene):
    picture_height = 96

    icon: pygame.Surface | None = None

    def __init__(self, app: Navigation) -> None:
        super().__init__(app)
        self.licences_button = Button(N_("Licences"), self.open_licences)

    def open_licences(self) -> None:
        self.app.stack.push(LicencesScene(self.app))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if size[0] <= 0:
            return
        # Back and Licences side by side at the bottom of the window.
        back = self.back_button.rect
        gap = round(16 * self.scale)
        self.licences_button.rect = back.copy()
        back.left = self.window.centerx + gap // 2
        self.licences_button.rect.right = self.window.centerx - gap // 2
        try:
            icon = assets.image("icon/icon-128.png")
        except (assets.AssetMissing, pygame.error):
            self.icon = None
            return
        side = max(1, self.picture_area.h)
        self.icon = pygame.transform.smoothscale(icon, (side, side))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.open_licences()
            return True
        if self.licences_button.handle_event(event):
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.licences_button.draw(surface)

    def draw_pictures(self, surface: pygame.Surface) -> None:
        if self.icon is not None:
            surface.blit(self.icon, self.icon.get_rect(center=self.picture_area.center))

    def title(self) -> str:
        return _("About")

    def paragraphs(self) -> list[str]:
        return [
            _("Dame de pique, version {version}").format(version=game_version()),
            _("The classic Hearts card game. Free software under the MIT licence."),
            _(
                "Cards, card backs, avatars, sounds and the icon are original work drawn or "
                "generated by the game's own code, under the same MIT licence."
            ),
            _(
                "Text font: DejaVu Sans (Bitstream Vera licence; DejaVu changes are in the "
                "public domain). Its licence ships beside it: assets/fonts/LICENSE-DejaVu.txt."
            ),
            _(
                "Made with Python and pygame-ce (LGPL), whose SDL libraries use the zlib "
                "licence. Licences (or L) shows the licence of everything the program contains."
            ),
        ]


class LicencesScene(Scene):
    """The licence texts in a scrolling window: wheel, arrows, Page Up/Down, Home/End."""

    def __init__(self, app: Navigation, text: str | None = None) -> None:
        super().__init__(app)
        self.lines = (text if text is not None else licence_text()).splitlines()
        self.first = 0  # index of the first line shown
        self.back_button = Button(N_("Back"), self.back)
        self.window = pygame.Rect(0, 0, 10, 10)
        self.text_area = pygame.Rect(0, 0, 10, 10)
        self.scale = 1.0
        self.text_size = 14
        self.line_height = 18
        self.rows: list[str] = []  # what is on screen: the wrapped lines from ``first`` on
        self.last = 0  # the first line of the last page
        self.shown = 0
        self.background: pygame.Surface | None = None

    def back(self) -> None:
        self.app.stack.pop()

    def resize(self, size: tuple[int, int]) -> None:
        if size[0] <= 0:
            return
        self.scale = scale = ui_scale(size)
        margin = round(20 * scale)
        self.window = pygame.Rect(margin, margin, size[0] - 2 * margin, size[1] - 2 * margin)
        client = draw_window_client(self.window, scale)
        bh = round(40 * scale)
        self.back_button.rect = pygame.Rect(0, 0, round(160 * scale), bh)
        self.back_button.rect.midbottom = (self.window.centerx, self.window.bottom - margin // 2)
        pad = round(12 * scale)
        self.text_area = pygame.Rect(
            client.x + pad,
            client.y + pad,
            client.w - 2 * pad - round(10 * scale),  # room for the scroll bar
            self.back_button.rect.top - client.y - 2 * pad,
        )
        self.text_size = max(10, round(14 * scale))
        self.line_height = round(self.text_size * 1.3)
        self.background = felt_surface(size)
        self.scroll_to(self.first)

    def page_lines(self) -> int:
        return max(1, self.text_area.h // max(1, self.line_height))

    def wrapped(self, index: int) -> list[str]:
        """One line of the text as the rows it takes on screen, its indentation kept."""
        line = self.lines[index].expandtabs(4).rstrip()
        text = line.lstrip(" ")
        if not text:
            return [""]
        indent = NO_BREAK_SPACE * (len(line) - len(text))
        return [indent + row for row in wrap_text(text, self.text_size, self.text_area.w)]

    def last_first(self) -> int:
        """The first line of the last page: the one from which the end of the text just fits."""
        rows = 0
        index = len(self.lines)
        while index > 0 and rows + len(self.wrapped(index - 1)) <= self.page_lines():
            index -= 1
            rows += len(self.wrapped(index))
        return index

    def scroll_to(self, first: int) -> None:
        """Show the text from line ``first`` on (kept within the text)."""
        self.last = self.last_first()
        self.first = max(0, min(first, self.last))
        rows: list[str] = []
        index = self.first
        self.shown = 0  # lines shown whole: a page down goes on from the last of them
        while len(rows) < self.page_lines() and index < len(self.lines):
            rows += self.wrapped(index)
            index += 1
            self.shown += len(rows) <= self.page_lines()
        self.rows = rows[: self.page_lines()]

    def previous_page(self) -> int:
        """The first line of the page that ends where the shown one starts (one line shared)."""
        rows = 0
        index = min(len(self.lines) - 1, self.first + 1)
        while index > 0 and rows + len(self.wrapped(index - 1)) <= self.page_lines():
            index -= 1
            rows += len(self.wrapped(index))
        return index

    def handle_event(self, event: pygame.event.Event) -> bool:
        page = max(1, self.shown - 1)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.first - 3 * event.y)
            return True
        if event.type == pygame.KEYDOWN:
            moves = {
                pygame.K_UP: self.first - 1,
                pygame.K_DOWN: self.first + 1,
                pygame.K_PAGEUP: self.previous_page(),
                pygame.K_PAGEDOWN: self.first + page,
                pygame.K_SPACE: self.first + page,
                pygame.K_HOME: 0,
                pygame.K_END: len(self.lines),
            }
            if event.key in moves:
                self.scroll_to(moves[event.key])
                return True
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_RETURN):
                self.back()
                return True
        return self.back_button.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        if self.background is not None:
            surface.blit(self.background, (0, 0))
        draw_window(surface, self.window, _("Licences"), self.scale)
        y = self.text_area.y
        for row in self.rows:
            if row:
                draw_text(surface, row, self.text_size, INK, (self.text_area.x, y), "topleft")
            y += self.line_height
        self.draw_scroll_bar(surface)
        self.back_button.draw(surface, focused=True)

    def draw_scroll_bar(self, surface: pygame.Surface) -> None:
        total = max(1, len(self.lines))
        track = pygame.Rect(
            self.text_area.right + round(2 * self.scale),
            self.text_area.y,
            round(8 * self.scale),
            self.text_area.h,
        )
        draw_bevel(surface, track, pressed=True)
        height = max(round(16 * self.scale), track.h * min(1.0, self.page_lines() / total))
        top = track.y + (track.h - height) * (self.first / max(1, self.last))
        draw_bevel(surface, pygame.Rect(track.x, round(top), track.w, round(height)))
