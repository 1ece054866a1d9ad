"""The system clipboard, for text: put and get, never raising (a missing clipboard is said by
the return value and logged).

pygame-ce 2.2+ reaches SDL's clipboard through ``pygame.scrap.put_text`` / ``get_text`` with no
initialisation; an older pygame falls back on the deprecated ``scrap`` API.
"""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger(__name__)

_FAILURES = (pygame.error, AttributeError, NotImplementedError, OSError, RuntimeError)


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; False when there is none to use."""
    try:
        import pygame.scrap as scrap

        put_text = getattr(scrap, "put_text", None)
        if put_text is not None:
            put_text(text)
        else:
            if not scrap.get_init():
                scrap.init()
            scrap.put(pygame.SCRAP_TEXT, text.encode("utf-8"))
        return True
    except _FAILURES as exc:
        log.info("the clipboard cannot be used: %s", exc)
        return False


def paste_text() -> str | None:
    """The clipboard's text ("" when it holds none); None when there is no clipboard to use."""
    try:
        import pygame.scrap as scrap

        get_text = getattr(scrap, "get_text", None)
        if get_text is not None:
            return str(get_text())
        if not scrap.get_init():
            scrap.init()
        raw = scrap.get(pygame.SCRAP_TEXT)
        return "" if raw is None else raw.decode("utf-8", "replace").rstrip("\x00")
    except _FAILURES as exc:
        log.info("the clipboard cannot be used: %s", exc)
        return None
