"""Where a table's controls lie, for the tests that keep the banner, the tutor's box and the
overlays off them."""

from __future__ import annotations

import pygame

from scenes.table.buttons import TableButtons
from scenes.table.layout import TableLayout


def placed_controls(layout: TableLayout) -> list[pygame.Rect]:
    """The buttons of a table on this computer where ``layout`` puts them."""

    def nothing(*_args: object) -> None:
        return None

    buttons = TableButtons(
        layout.players,
        pass_label=lambda: "",
        confirm_pass=nothing,
        hint=nothing,
        leave=nothing,
        score=nothing,
        last_trick=nothing,
        accept_received=nothing,
        give_to_bot=nothing,
    )
    buttons.place(layout, 0)
    main = [buttons.pass_button, buttons.ok_button, buttons.hint_button, buttons.menu_button]
    main += [buttons.score_button, buttons.last_trick_button]
    return [button.rect for button in main]
