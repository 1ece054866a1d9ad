"""A page of text (and pictures) in a grey window with a Back button: About, the rules."""

from __future__ import annotations

import pygame

from scenes.core.i18n import N_
from scenes.core.scene import Navigation, Scene
from scenes.ui.felt import felt_surface
from scenes.ui.widgets import INK, Button, draw_text, draw_window, ui_scale, wrap_text


class PageScene(Scene):
    """Subclasses give :meth:`title` and :meth:`paragraphs`; may draw pictures in
    :meth:`draw_pictures` inside the area :attr:`picture_area`."""

    picture_height = 0  # at scale 1

    def __init__(self, app: Navigation) -> None:
        super().__init__(app)
        self.back_button = Button(N_("Back"), self.back)
        self.window = pygame.Rect(0, 0, 10, 10)
        self.client = pygame.Rect(0, 0, 10, 10)
        self.picture_area = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.background: pygame.Surface | None = None

    def title(self) -> str:
        raise NotImplementedError

    def paragraphs(self) -> list[str]:
        raise NotImplementedError

    def back(self) -> None:
        self.app.stack.pop()

    def resize(self, size: tuple[int, int]) -> None:
        if size[0] <= 0:
            return
        self.scale = scale = ui_scale(size)
        width = min(size[0] - 20, round(900 * scale))
        # As tall as the pictures and the text need, within the window.
        text_size = max(11, round(16 * scale))
        line_h = round(text_size * 1.35)
        lines = paragraphs_gap = 0
        for paragraph in self.paragraphs():
            lines += len(wrap_text(paragraph, text_size, width - round(40 * scale)))
            paragraphs_gap += line_h // 2
        content = lines * line_h + paragraphs_gap + round(self.picture_height * scale)
        height = content + round(30 * scale) + round(40 * scale) + round(70 * scale)
        self.window = pygame.Rect(0, 0, width, min(size[1] - 40, height))
        self.window.center = (size[0] // 2, size[1] // 2)
        self.client = draw_window_client(self.window, scale)
        bh = round(40 * scale)
        self.back_button.rect = pygame.Rect(0, 0, round(160 * scale), bh)
        self.back_button.rect.midbottom = (
            self.window.centerx,
            self.window.bottom - round(14 * scale),
        )
        self.picture_area = pygame.Rect(
            self.client.x,
            self.client.y + round(10 * scale),
            self.client.w,
            round(self.picture_height * scale),
        )
        self.background = felt_surface(size)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_ESCAPE,
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
            pygame.K_BACKSPACE,
        ):
            self.back()
            return True
        return self.back_button.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        if self.background is not None:
            surface.blit(self.background, (0, 0))
        draw_window(surface, self.window, self.title(), self.scale)
        self.draw_pictures(surface)
        size = max(11, round(16 * self.scale))
        line_h = round(size * 1.35)
        x = self.client.x + round(16 * self.scale)
        y = self.picture_area.bottom + round(12 * self.scale)
        limit = self.back_button.rect.top - line_h
        for paragraph in self.paragraphs():
            for line in wrap_text(paragraph, size, self.client.w - round(32 * self.scale)):
                if y > limit:
                    break
                draw_text(surface, line, size, INK, (x, y), "topleft")
                y += line_h
            y += line_h // 2
        self.back_button.draw(surface, focused=True)

    def draw_pictures(self, surface: pygame.Surface) -> None:
        """Pictures above the text."""


def draw_window_client(window: pygame.Rect, scale: float) -> pygame.Rect:
    """The client area :func:`draw_window` leaves under its title bar."""
    border = max(2, round(4 * scale))
    bar = round(30 * scale)
    return pygame.Rect(
        window.x + border,
        window.y + border + bar,
        window.w - 2 * border,
        window.h - 2 * border - bar,
    )


__all__ = ["PageScene", "draw_text"]
