"""A screen made of one grey window holding a :class:`Form` over the felt (menu, settings...)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.core.scene import Navigation, Scene
from scenes.ui.felt import felt_surface
from scenes.ui.widgets import Form, Row, draw_window, ui_scale


class FormScene(Scene):
    """Subclasses give :meth:`title` and :meth:`rows`; Esc goes back."""

    window_width = 560  # at scale 1
    label_width = 0.5

    def __init__(self, app: Navigation) -> None:
        super().__init__(app)
        self.form = Form(self.rows(), on_back=self.back)
        self.form.label_width = self.label_width
        self.form.default = self.default_action()
        self.window = pygame.Rect(0, 0, 10, 10)
        self.client = pygame.Rect(0, 0, 10, 10)
        self.scale = 1.0
        self.background: pygame.Surface | None = None

    def title(self) -> str:
        raise NotImplementedError

    def rows(self) -> list[Row]:
        raise NotImplementedError

    def default_action(self) -> Callable[[], None] | None:
        """What Enter on a choice row does (a form's default button, e.g. Start); None: Enter
        changes the choice, as Space does."""
        return None

    def back(self) -> None:
        self.app.stack.pop()

    def rebuild(self) -> None:
        """Rows changed (e.g. a menu entry appeared): make the form again, keeping the focus."""
        focus = self.form.focus
        top = self.window.top
        self.form = Form(self.rows(), on_back=self.back)
        self.form.label_width = self.label_width
        self.form.default = self.default_action()
        self.form.focus = min(focus, len(self.form.rows) - 1)
        self.resize(self.app.stack.size)
        # The window keeps its top where the rows above the change stay put (a re-centred
        # window moved the row just clicked away from the mouse: the next click missed).
        size = self.app.stack.size
        moved = self.window.move(0, top - self.window.top)
        if top > 0 and moved.top >= 10 and moved.bottom <= size[1] - 10:
            shift = moved.top - self.window.top
            self.window, self.client = moved, self.client.move(0, shift)
            self.form.layout(self.client, self.scale)

    def resize(self, size: tuple[int, int]) -> None:
        if size[0] <= 0:
            return
        n = len(self.form.rows)
        scale = ui_scale(size)
        # A long form (Settings) is drawn smaller rather than run off the window's bottom.
        scale = min(scale, (size[1] - 20) / _form_height(n, 1.0))
        while scale > 0.3 and _form_height(n, scale) > size[1] - 20:  # rounding's pixels
            scale -= 0.01
        self.scale = scale
        # Wide enough for every button's whole label (the French "Ouvrir une partie ou une
        # donne" was cut in the menu), within the screen.
        wanted = max(
            self.window_width * ui_scale(size), self.form.buttons_width(scale) + 40 * scale
        )
        width = min(size[0] - 20, round(wanted))
        height = min(size[1] - 20, _form_height(n, scale))
        self.window = pygame.Rect(0, 0, width, height)
        self.window.center = (size[0] // 2, size[1] // 2 + self.top_space(size) // 2)
        if self.window.top < 10:
            self.window.top = 10
        pad = round(20 * scale)
        self.client = pygame.Rect(
            self.window.x + pad,
            self.window.y + round(30 * scale) + pad,
            self.window.w - 2 * pad,
            self.window.h - round(30 * scale) - 2 * pad,
        )
        self.form.layout(self.client, scale)
        self.background = felt_surface(size)

    def top_space(self, size: tuple[int, int]) -> int:
        """Room kept above the window (the menu's title)."""
        return 0

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.form.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        if self.opaque and self.background is not None:
            surface.blit(self.background, (0, 0))
        self.draw_decoration(surface)
        draw_window(surface, self.window, self.title(), self.scale)
        self.form.draw(surface)

    def draw_decoration(self, surface: pygame.Surface) -> None:
        """Anything drawn on the felt around the window."""


def _form_height(rows: int, scale: float) -> int:
    """The window's height for ``rows`` rows drawn at ``scale``: the rows and the gaps between
    them (as :meth:`Form.layout` places them), the title bar and the padding."""
    row_h, gap = round(44 * scale), round(8 * scale)
    return rows * row_h + (rows - 1) * gap + round(30 * scale) + round(60 * scale)
