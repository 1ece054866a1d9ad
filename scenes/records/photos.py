"""Players' photos for the score sheet: an image file made into a small PNG thumbnail (kept in
the profile, never as a path that could go stale), and the thumbnail drawn back.

A file that is missing, too big, or not an image pygame can read is refused with a sentence.
"""

from __future__ import annotations

import functools
import io
import logging
from pathlib import Path
from typing import Final

import pygame

from scenes.core.i18n import _

log = logging.getLogger(__name__)

MAX_FILE_BYTES: Final = 15 * 1024 * 1024
"""The largest photo file accepted (a phone's photo is a few megabytes)."""
MAX_PIXELS: Final = 60_000_000
"""The most pixels an image may have (decoding more would take memory for nothing)."""
THUMBNAIL: Final = 96
"""The thumbnail's longest side, in pixels."""


class PhotoError(ValueError):
    """A photo that cannot be used; the message is the sentence to show."""


def clean_path(text: str) -> Path:
    """A typed or dropped path: quotes, spaces and a file:// prefix taken off, ~ expanded."""
    text = text.strip().strip("'\"")
    if text.startswith("file://"):
        from urllib.parse import unquote, urlparse

        text = unquote(urlparse(text).path)
    return Path(text).expanduser()


def thumbnail_from_file(text: str) -> bytes:
    """The PNG bytes of a thumbnail of the image at ``text``; :class:`PhotoError` saying why
    not."""
    if not text.strip():
        raise PhotoError(_("Type the path of an image file, or drop one on the window."))
    path = clean_path(text)
    try:
        if not path.is_file():
            raise PhotoError(_("There is no file at {path}.").format(path=path))
        size = path.stat().st_size
    except OSError as exc:
        raise PhotoError(_("The file cannot be read: {error}").format(error=exc)) from None
    if size > MAX_FILE_BYTES:
        raise PhotoError(
            _("This file is too big ({size} MB): a photo may be up to {limit} MB.").format(
                size=round(size / 1024 / 1024), limit=MAX_FILE_BYTES // 1024 // 1024
            )
        )
    try:
        data = path.read_bytes()
        image = pygame.image.load(io.BytesIO(data), path.name)
    except (pygame.error, OSError, ValueError) as exc:
        log.info("%s is not read as an image: %s", path, exc)  # the library's English stays here
        raise PhotoError(
            _("This file is not an image the game can read (PNG, JPEG, BMP or GIF): {name}").format(
                name=path.name
            )
        ) from None
    return thumbnail(image)


def thumbnail(image: pygame.Surface) -> bytes:
    """The image scaled to fit :data:`THUMBNAIL` pixels, as PNG bytes."""
    w, h = image.get_size()
    if w <= 0 or h <= 0:
        raise PhotoError(_("This image is empty."))
    if w * h > MAX_PIXELS:
        raise PhotoError(_("This image is too large ({w}x{h} pixels).").format(w=w, h=h))
    ratio = THUMBNAIL / max(w, h)
    size = (max(1, round(w * ratio)), max(1, round(h * ratio)))
    rgba = pygame.Surface((w, h), pygame.SRCALPHA, 32)  # smoothscale needs 32 bits a pixel
    rgba.blit(image, (0, 0))
    small = pygame.transform.smoothscale(rgba, size) if ratio < 1 else rgba
    out = io.BytesIO()
    pygame.image.save(small, out, "photo.png")
    return out.getvalue()


@functools.lru_cache(maxsize=64)
def photo_surface(data: bytes, side: int) -> pygame.Surface | None:
    """A stored thumbnail drawn ``side`` pixels square (cropped to the middle), or None when the
    bytes cannot be read."""
    try:
        image = pygame.image.load(io.BytesIO(data), "photo.png")
    except (pygame.error, ValueError):
        return None
    w, h = image.get_size()
    square = min(w, h)
    crop = image.subsurface(pygame.Rect((w - square) // 2, (h - square) // 2, square, square))
    return pygame.transform.smoothscale(crop, (side, side))
