"""Small round portraits for the seats, drawn in code from circles and polygons (own designs).

>>> avatar(0, 64).get_size()
(64, 64)
>>> len(AVATAR_NAMES) >= 6
True
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Final

import pygame

Colour = tuple[int, int, int]
SUPERSAMPLE: Final = 4
INK: Final[Colour] = (30, 30, 36)
WHITE: Final[Colour] = (255, 255, 255)
PINK: Final[Colour] = (240, 150, 160)


def _eyes(
    s: pygame.Surface, u: float, y: float, gap: float, radius: float, shine: bool = True
) -> None:
    for x in (0.5 - gap, 0.5 + gap):
        pygame.draw.circle(s, INK, (x * u, y * u), radius * u)
        if shine:
            pygame.draw.circle(
                s, WHITE, ((x + radius * 0.3) * u, (y - radius * 0.3) * u), radius * 0.35 * u
            )


def _smile(s: pygame.Surface, u: float, y: float, width: float) -> None:
    rect = pygame.Rect(0, 0, width * u, width * 0.6 * u)
    rect.center = (round(0.5 * u), round(y * u))
    pygame.draw.arc(s, INK, rect, math.pi * 1.1, math.pi * 1.9, max(1, round(u * 0.02)))


def _cat(s: pygame.Surface, u: float) -> None:
    fur, dark = (236, 150, 60), (190, 100, 30)
    for side in (-1, 1):
        pygame.draw.polygon(
            s,
            fur,
            [
                ((0.5 + side * 0.32) * u, 0.2 * u),
                ((0.5 + side * 0.08) * u, 0.35 * u),
                ((0.5 + side * 0.34) * u, 0.5 * u),
            ],
        )
        pygame.draw.polygon(
            s,
            PINK,
            [
                ((0.5 + side * 0.3) * u, 0.27 * u),
                ((0.5 + side * 0.15) * u, 0.37 * u),
                ((0.5 + side * 0.3) * u, 0.45 * u),
            ],
        )
    pygame.draw.ellipse(s, fur, (0.2 * u, 0.3 * u, 0.6 * u, 0.52 * u))
    for x in (0.44, 0.5, 0.56):  # tabby stripes on the forehead
        pygame.draw.line(s, dark, (x * u, 0.32 * u), (x * u, 0.4 * u), round(u * 0.025))
    _eyes(s, u, 0.52, 0.11, 0.045)
    pygame.draw.polygon(s, PINK, [(0.46 * u, 0.6 * u), (0.54 * u, 0.6 * u), (0.5 * u, 0.65 * u)])
    for side in (-1, 1):
        for dy in (-0.02, 0.03):
            pygame.draw.line(
                s,
                INK,
                ((0.5 + side * 0.1) * u, 0.64 * u),
                ((0.5 + side * 0.3) * u, (0.62 + dy) * u),
                max(1, round(u * 0.008)),
            )
    _smile(s, u, 0.66, 0.1)


def _fox(s: pygame.Surface, u: float) -> None:
    fur, cream = (226, 104, 34), (250, 236, 214)
    for side in (-1, 1):
        pygame.draw.polygon(
            s,
            fur,
            [
                ((0.5 + side * 0.33) * u, 0.14 * u),
                ((0.5 + side * 0.1) * u, 0.36 * u),
                ((0.5 + side * 0.34) * u, 0.48 * u),
            ],
        )
        pygame.draw.polygon(
            s,
            INK,
            [
                ((0.5 + side * 0.32) * u, 0.16 * u),
                ((0.5 + side * 0.25) * u, 0.24 * u),
                ((0.5 + side * 0.33) * u, 0.27 * u),
            ],
        )
    pygame.draw.polygon(
        s,
        fur,
        [(0.16 * u, 0.42 * u), (0.5 * u, 0.3 * u), (0.84 * u, 0.42 * u), (0.5 * u, 0.86 * u)],
    )
    pygame.draw.polygon(
        s, cream, [(0.2 * u, 0.5 * u), (0.5 * u, 0.58 * u), (0.8 * u, 0.5 * u), (0.5 * u, 0.86 * u)]
    )
    _eyes(s, u, 0.5, 0.12, 0.04)
    pygame.draw.circle(s, INK, (0.5 * u, 0.82 * u), 0.045 * u)


def _bear(s: pygame.Surface, u: float) -> None:
    fur, muzzle = (140, 96, 62), (214, 180, 140)
    for side in (-1, 1):
        pygame.draw.circle(s, fur, ((0.5 + side * 0.25) * u, 0.28 * u), 0.12 * u)
        pygame.draw.circle(s, muzzle, ((0.5 + side * 0.25) * u, 0.28 * u), 0.06 * u)
    pygame.draw.circle(s, fur, (0.5 * u, 0.55 * u), 0.32 * u)
    pygame.draw.ellipse(s, muzzle, (0.36 * u, 0.56 * u, 0.28 * u, 0.22 * u))
    _eyes(s, u, 0.47, 0.12, 0.04)
    pygame.draw.ellipse(s, INK, (0.45 * u, 0.58 * u, 0.1 * u, 0.07 * u))
    _smile(s, u, 0.7, 0.1)


def _owl(s: pygame.Surface, u: float) -> None:
    body, belly = (118, 86, 150), (200, 180, 220)
    pygame.draw.polygon(
        s,
        body,
        [
            (0.2 * u, 0.18 * u),
            (0.36 * u, 0.3 * u),
            (0.64 * u, 0.3 * u),
            (0.8 * u, 0.18 * u),
            (0.8 * u, 0.6 * u),
            (0.2 * u, 0.6 * u),
        ],
    )
    pygame.draw.ellipse(s, body, (0.18 * u, 0.28 * u, 0.64 * u, 0.64 * u))
    pygame.draw.ellipse(s, belly, (0.32 * u, 0.6 * u, 0.36 * u, 0.3 * u))
    for side in (-1, 1):
        centre = ((0.5 + side * 0.14) * u, 0.45 * u)
        pygame.draw.circle(s, WHITE, centre, 0.12 * u)
        pygame.draw.circle(s, (250, 190, 40), centre, 0.075 * u)
        pygame.draw.circle(s, INK, centre, 0.04 * u)
    pygame.draw.polygon(
        s, (240, 160, 40), [(0.46 * u, 0.53 * u), (0.54 * u, 0.53 * u), (0.5 * u, 0.62 * u)]
    )
    for x in (0.42, 0.5, 0.58):  # chest feathers
        pygame.draw.arc(
            s,
            body,
            (x * u - 0.04 * u, 0.7 * u, 0.08 * u, 0.06 * u),
            math.pi,
            2 * math.pi,
            max(1, round(u * 0.015)),
        )


def _frog(s: pygame.Surface, u: float) -> None:
    skin, belly = (86, 170, 70), (190, 226, 150)
    for side in (-1, 1):
        pygame.draw.circle(s, skin, ((0.5 + side * 0.18) * u, 0.32 * u), 0.13 * u)
    pygame.draw.ellipse(s, skin, (0.16 * u, 0.34 * u, 0.68 * u, 0.5 * u))
    pygame.draw.ellipse(s, belly, (0.3 * u, 0.58 * u, 0.4 * u, 0.22 * u))
    for side in (-1, 1):
        pygame.draw.circle(s, WHITE, ((0.5 + side * 0.18) * u, 0.31 * u), 0.085 * u)
        pygame.draw.circle(s, INK, ((0.5 + side * 0.18) * u, 0.32 * u), 0.045 * u)
        pygame.draw.circle(s, (240, 120, 120), ((0.5 + side * 0.24) * u, 0.52 * u), 0.035 * u)
    rect = pygame.Rect(0.3 * u, 0.38 * u, 0.4 * u, 0.2 * u)
    pygame.draw.arc(s, INK, rect, math.pi * 1.05, math.pi * 1.95, max(1, round(u * 0.02)))


def _rabbit(s: pygame.Surface, u: float) -> None:
    fur = (226, 226, 232)
    for side in (-1, 1):
        pygame.draw.ellipse(s, fur, ((0.5 + side * 0.13 - 0.08) * u, 0.04 * u, 0.16 * u, 0.44 * u))
        pygame.draw.ellipse(s, PINK, ((0.5 + side * 0.13 - 0.04) * u, 0.1 * u, 0.08 * u, 0.32 * u))
    pygame.draw.ellipse(s, fur, (0.22 * u, 0.36 * u, 0.56 * u, 0.5 * u))
    _eyes(s, u, 0.56, 0.12, 0.04)
    pygame.draw.ellipse(s, PINK, (0.46 * u, 0.63 * u, 0.08 * u, 0.05 * u))
    pygame.draw.rect(s, WHITE, (0.46 * u, 0.7 * u, 0.08 * u, 0.07 * u))
    pygame.draw.line(
        s, (200, 200, 206), (0.5 * u, 0.7 * u), (0.5 * u, 0.77 * u), max(1, round(u * 0.01))
    )
    for side in (-1, 1):
        pygame.draw.circle(s, (248, 200, 206), ((0.5 + side * 0.17) * u, 0.67 * u), 0.04 * u)


def _penguin(s: pygame.Surface, u: float) -> None:
    pygame.draw.ellipse(s, (40, 44, 60), (0.2 * u, 0.16 * u, 0.6 * u, 0.76 * u))
    pygame.draw.ellipse(s, WHITE, (0.3 * u, 0.3 * u, 0.4 * u, 0.58 * u))
    pygame.draw.ellipse(s, (40, 44, 60), (0.3 * u, 0.22 * u, 0.4 * u, 0.2 * u))
    _eyes(s, u, 0.43, 0.08, 0.035)
    pygame.draw.polygon(
        s, (250, 160, 30), [(0.44 * u, 0.5 * u), (0.56 * u, 0.5 * u), (0.5 * u, 0.58 * u)]
    )
    pygame.draw.polygon(
        s, (200, 40, 50), [(0.3 * u, 0.66 * u), (0.7 * u, 0.66 * u), (0.5 * u, 0.74 * u)]
    )


def _robot(s: pygame.Surface, u: float) -> None:
    metal, dark = (150, 170, 190), (90, 108, 130)
    pygame.draw.line(s, dark, (0.5 * u, 0.12 * u), (0.5 * u, 0.26 * u), max(1, round(u * 0.025)))
    pygame.draw.circle(s, (230, 60, 60), (0.5 * u, 0.12 * u), 0.05 * u)
    pygame.draw.rect(
        s, dark, (0.14 * u, 0.42 * u, 0.72 * u, 0.18 * u), border_radius=round(0.04 * u)
    )
    pygame.draw.rect(
        s, metal, (0.22 * u, 0.25 * u, 0.56 * u, 0.56 * u), border_radius=round(0.1 * u)
    )
    for side in (-1, 1):
        centre = ((0.5 + side * 0.13) * u, 0.46 * u)
        pygame.draw.circle(s, (30, 40, 60), centre, 0.08 * u)
        pygame.draw.circle(s, (90, 220, 240), centre, 0.05 * u)
    pygame.draw.rect(
        s, (30, 40, 60), (0.34 * u, 0.64 * u, 0.32 * u, 0.08 * u), border_radius=round(0.02 * u)
    )
    for x in (0.4, 0.5, 0.6):
        pygame.draw.line(s, metal, (x * u, 0.64 * u), (x * u, 0.72 * u), max(1, round(u * 0.012)))


Painter = Callable[[pygame.Surface, float], None]
_PAINTERS: Final[tuple[tuple[str, Colour, Painter], ...]] = (
    ("cat", (255, 226, 190), _cat),
    ("fox", (200, 226, 200), _fox),
    ("bear", (196, 220, 240), _bear),
    ("owl", (250, 232, 170), _owl),
    ("frog", (200, 200, 240), _frog),
    ("rabbit", (176, 214, 170), _rabbit),
    ("penguin", (170, 210, 236), _penguin),
    ("robot", (244, 206, 196), _robot),
)
PORTRAIT_CACHE: Final = 48
"""Portraits kept by (index, size): the table's and the menu's of a few window sizes."""
AVATAR_NAMES: Final = tuple(name for name, _, _ in _PAINTERS)
"""The characters, by index: "cat", "fox", "bear", "owl", "frog", "rabbit", "penguin", "robot"."""


def avatar(index: int, size: int) -> pygame.Surface:
    """Portrait ``index`` (any int; it wraps around :data:`AVATAR_NAMES`) in a round badge
    ``size`` pixels across, transparent outside the circle. Cached: copy before drawing on it."""
    return _avatar(index % len(_PAINTERS), max(8, int(size)))


@functools.lru_cache(maxsize=PORTRAIT_CACHE)
def _avatar(index: int, size: int) -> pygame.Surface:
    _, background, painter = _PAINTERS[index]
    u = size * SUPERSAMPLE
    disc = pygame.Surface((u, u), pygame.SRCALPHA)
    pygame.draw.circle(disc, background, (u / 2, u / 2), u / 2)
    face = pygame.Surface((u, u), pygame.SRCALPHA)
    painter(face, u)
    mask = pygame.Surface((u, u), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (u / 2, u / 2), u / 2 - u * 0.035)
    face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    disc.blit(face, (0, 0))
    pygame.draw.circle(disc, WHITE, (u / 2, u / 2), u / 2, round(u * 0.035))
    small = pygame.transform.smoothscale(disc, (size, size))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return small.convert_alpha()
    return small
