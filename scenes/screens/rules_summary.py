"""A short, illustrated summary of the rules."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.engine.cards import QUEEN_OF_SPADES, TWO_OF_CLUBS
from scenes.core.i18n import _
from scenes.core.services import Media, Navigation
from scenes.ui.page import PageScene
from scenes.ui.widgets import draw_text

ILLUSTRATION = (TWO_OF_CLUBS, 51, 50, QUEEN_OF_SPADES, 39)  # 2♣, A♥, K♥, Q♠, 2♥


class RulesServices(Navigation, Media, Protocol):
    """What the rules' page asks of the program: the stack, the card pictures."""


class RulesScene(PageScene):
    picture_height = 150
    app: RulesServices

    def __init__(self, app: RulesServices) -> None:
        super().__init__(app)

    def title(self) -> str:
        return _("Rules")

    def paragraphs(self) -> list[str]:
        return [
            _(
                "Four players, thirteen cards each. The aim: take as few points as possible. "
                "Each heart is worth 1 point, the queen of spades 13."
            ),
            _(
                "Before each hand, pass three cards: to the left, to the right, across, and "
                "every fourth hand there is no pass."
            ),
            _(
                "The holder of the 2 of clubs leads it. Follow suit if you can; otherwise play "
                "anything, except points on the first trick. The highest card of the suit led "
                "wins the trick and leads the next."
            ),
            _("Hearts may not be led until a heart has been played (hearts are broken)."),
            _(
                "Shooting the moon: take all the hearts and the queen of spades and the other "
                "players score 26 each instead."
            ),
            _("The game ends when someone reaches 100 points: the lowest score wins."),
            _(
                "Keys: the arrows choose a card, Space or Enter raise or play it, P passes "
                "(and says OK after the exchange), H asks for a hint, L shows the last trick, "
                "S or F4 the scores, F2 starts a new game, F1 shows these rules, Esc "
                "goes back to the menu."
            ),
        ]

    def draw_pictures(self, surface: pygame.Surface) -> None:
        area = self.picture_area
        art = self.app.card_art
        card_w = max(30, round(area.h / 1.4 * 0.8))
        labels = ("", "1", "1", "13", "1")
        step = card_w + round(18 * self.scale)
        x = area.centerx - (len(ILLUSTRATION) * step) // 2
        for card, label in zip(ILLUSTRATION, labels, strict=True):
            surface.blit(art.face(card, card_w), (x, area.y))
            if label:
                draw_text(
                    surface,
                    label,
                    round(16 * self.scale),
                    (160, 0, 0),
                    (x + card_w // 2, area.y + round(card_w * 1.4) + round(12 * self.scale)),
                    bold=True,
                )
            x += step
