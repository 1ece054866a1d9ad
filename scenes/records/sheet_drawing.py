"""How the score sheet is drawn: the sheet of hands with running totals, and the entry boxes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Protocol

import pygame

from scenes.core.i18n import _, pass_label
from scenes.records import photos
from scenes.records.sheet_words import PLACES, result_text
from scenes.ui.report import ERROR_RED, SELECTED, window_of
from scenes.ui.widgets import (
    BEVEL_SHADOW,
    DISABLED_INK,
    FOCUS,
    INK,
    WHITE,
    draw_bevel,
    draw_text,
    fit_text,
    wrap_text,
)

if TYPE_CHECKING:
    from game.records.scoresheet import ScoreSheet


class SheetView(Protocol):
    """What drawing a sheet reads of its scene (:class:`scenes.records.sheet_pad.SheetScene`)."""

    scale: float
    sheet: ScoreSheet
    sheet_area: pygame.Rect
    entry_area: pygame.Rect
    boxes: list[pygame.Rect]
    keypad: list[tuple[str, pygame.Rect]]
    photos: dict[int, bytes]
    inputs: list[str]
    field: int
    jack: int | None
    selected_whole: bool
    correcting: int | None
    problem: str

    def columns(self) -> tuple[int, int]: ...

    def entering(self) -> bool: ...


PAD_MINUS: Final = "−"
PAD_JACK: Final = "♦"
PAD_ERASE: Final = "⌫"
PAD_NEXT: Final = "⇥"
"""The number pad on the screen: the figures, minus, the jack's mark, erase, the next box."""

MIN_TEXT: Final = 11
"""No text of the sheet is drawn smaller than this many pixels, whatever the window's size."""

AVATAR_COLOURS: Final = (
    (206, 222, 246),
    (246, 218, 198),
    (208, 236, 208),
    (236, 216, 244),
    (246, 238, 190),
)
"""A pale colour per seat behind the initials of a player without a photo."""


def px(scale: float, size: float) -> int:
    """A text size for the window's scale, never under :data:`MIN_TEXT`."""
    return max(MIN_TEXT, round(size * scale))


def initials(names: tuple[str, ...]) -> list[str]:
    """What stands in for a missing photo: the first letter, or as many as tell apart two
    players with the same initial (the seat's number when even that cannot).

    >>> initials(("Léa", "Lucas", "Papa"))
    ['Lé', 'Lu', 'P']
    >>> initials(("Ann", "ann.", "Bob"))
    ['A1', 'A2', 'B']
    """
    folded = [name.casefold() for name in names]
    marks = []
    for seat, name in enumerate(names):
        others = [f for index, f in enumerate(folded) if index != seat]
        for length in (1, 2, 3):
            if not any(other[:length] == folded[seat][:length] for other in others):
                marks.append(name[:1].upper() + name[1:length].lower())
                break
        else:
            marks.append(f"{name[:1].upper()}{seat + 1}")
    return marks


def row_geometry(scene: SheetView) -> tuple[int, int, int, int]:
    """The sheet's rows: their height, the players' header height, the first hand shown and
    how many hands fit."""
    scale = scene.scale
    row_h = round(px(scale, 15) * 1.7)
    head_h = round(46 * scale) + row_h
    room = max(1, (scene.sheet_area.h - head_h - 8) // row_h - 2)
    count = len(scene.sheet.hands)
    selected = scene.correcting
    first = window_of(room, count, selected if selected is not None else count)
    return row_h, head_h, first, room


def hand_at(scene: SheetView, pos: tuple[int, int]) -> int | None:
    """The hand whose row is at ``pos`` (a click there corrects it), or None."""
    row_h, head_h, first, room = row_geometry(scene)
    area = scene.sheet_area
    top = area.y + head_h + 6
    if not area.collidepoint(pos) or pos[1] < top:
        return None
    index = first + (pos[1] - top) // row_h
    return index if index < min(len(scene.sheet.hands), first + room) else None


def draw_table(scene: SheetView, surface: pygame.Surface) -> None:
    """The sheet: the players' photos and names, each hand's line with its running totals,
    the totals and the ranks."""
    area = scene.sheet_area
    pygame.draw.rect(surface, WHITE, area)
    pygame.draw.rect(surface, BEVEL_SHADOW, area, 1)
    row_h, head_h, first, room = row_geometry(scene)
    draw_players(scene, surface)
    pygame.draw.line(
        surface, INK, (area.x, area.y + head_h + 4), (area.right - 1, area.y + head_h + 4)
    )
    y = area.y + head_h + 6
    for index in range(first, min(len(scene.sheet.hands), first + room)):
        draw_hand(scene, surface, index, y)
        y += row_h
    draw_totals(scene, surface, max(y, area.bottom - 2 * row_h - 4))


def draw_players(scene: SheetView, surface: pygame.Surface) -> None:
    """Each player's photo (or initials on their colour) and name, cut to its column."""
    scale = scene.scale
    area = scene.sheet_area
    label_w, col_w = scene.columns()
    size = px(scale, 15)
    row_h, head_h, _first, _room = row_geometry(scene)
    photo = head_h - row_h
    marks = initials(scene.sheet.names)
    for seat, name in enumerate(scene.sheet.names):
        cx = area.x + label_w + seat * col_w + col_w // 2
        data = scene.photos.get(seat)
        picture = photos.photo_surface(data, photo) if data else None
        box = pygame.Rect(0, 0, photo, photo)
        box.midtop = (cx, area.y + round(4 * scale))
        if picture is not None:
            surface.blit(picture, box)
        else:
            pygame.draw.rect(surface, AVATAR_COLOURS[seat % len(AVATAR_COLOURS)], box)
            letters = round(26 * scale) if len(marks[seat]) == 1 else round(20 * scale)
            draw_text(surface, marks[seat], max(MIN_TEXT, letters), INK, box.center, bold=True)
        pygame.draw.rect(surface, BEVEL_SHADOW, box, 1)
        shown = fit_text(name, size, col_w - round(6 * scale), True)  # a long name never spills
        draw_text(surface, shown, size, INK, (cx, box.bottom + row_h // 2), bold=True)


def draw_hand(scene: SheetView, surface: pygame.Surface, index: int, y: int) -> None:
    """Hand ``index``'s line at ``y``: its number and pass, each score (the moon and the jack
    marked) and each running total, as on paper."""
    scale = scene.scale
    area = scene.sheet_area
    sheet = scene.sheet
    label_w, col_w = scene.columns()
    size = px(scale, 15)
    row_h = row_geometry(scene)[0]
    hand = sheet.hands[index]
    chosen = index == scene.correcting
    if chosen:
        surface.fill(SELECTED, (area.x + 1, y, area.w - 2, row_h))
    ink = WHITE if chosen else INK
    cy = y + row_h // 2
    label = _("Hand {number}").format(number=index + 1)
    draw_text(surface, label, size, ink, (area.x + round(8 * scale), cy), "midleft")
    passed = pass_label(hand.pass_direction, short=True)
    at = (area.x + label_w - round(6 * scale), cy)
    draw_text(surface, passed, px(scale, 12), ink if chosen else DISABLED_INK, at, "midright")
    running = sheet.totals_after(index + 1)
    for seat, points in enumerate(hand.scores):
        text = str(points)
        if hand.moon_shooter == seat:
            text += " ☾"
        if sheet.rules.jack_of_diamonds and hand.entry.jack == seat:
            text += " " + _("J♦")
        cx = area.x + label_w + seat * col_w + col_w // 2
        draw_text(surface, text, size, ink, (cx - col_w // 10, cy), "midright")
        total = str(running[seat])  # the running total, as on paper
        draw_text(surface, total, size, ink, (cx + col_w // 4, cy), "midright", bold=True)


def draw_totals(scene: SheetView, surface: pygame.Surface, y: int) -> None:
    """The totals and the ranks under a rule at ``y``, the winners in red once it is over."""
    scale = scene.scale
    area = scene.sheet_area
    sheet = scene.sheet
    label_w, col_w = scene.columns()
    size = px(scale, 15)
    row_h = row_geometry(scene)[0]
    pygame.draw.line(surface, INK, (area.x + 4, y), (area.right - 4, y))
    status = sheet.status()
    places = dict((seat, place) for place, seat in sheet.ranking())
    for row, (label, values) in enumerate(
        (
            (_("Total"), [str(t) for t in sheet.totals]),
            (_("Rank"), [_(PLACES[places[s] - 1]) for s in range(sheet.players)]),
        )
    ):
        cy = y + row * row_h + row_h // 2
        draw_text(surface, label, size, INK, (area.x + round(8 * scale), cy), "midleft", bold=True)
        for seat, text in enumerate(values):
            colour = ERROR_RED if status.over and seat in status.winners else INK
            cx = area.x + label_w + seat * col_w + col_w // 2
            draw_text(surface, text, size, colour, (cx, cy), bold=row == 0)


def entry_lines(scale: float) -> tuple[int, int, int]:
    """The entry's heights: its heading line, the boxes, and one line of the sentence or of
    the keys (the sentence has a line of its own, so it never covers the keys)."""
    heading = round(px(scale, 16) * 1.7)
    box_h = max(round(34 * scale), round(px(scale, 15) * 1.9))
    line = round(px(scale, 12) * 1.4)
    return heading, box_h, line


def entry_heading(scene: SheetView) -> str:
    """The correction's keys, the result once the game is over, or the next hand: its number,
    its pass and its dealer (and a tie to break)."""
    sheet = scene.sheet
    if scene.correcting is not None:
        return _("Correct hand {number} (Esc: cancel · Ctrl+Del: delete it)").format(
            number=scene.correcting + 1
        )
    if sheet.over:
        return result_text(sheet)
    label = " · ".join(
        (
            _("Hand {number}").format(number=len(sheet.hands) + 1),
            pass_label(sheet.next_pass),
            _("{name} deals").format(name=sheet.names[sheet.next_dealer]),
        )
    )
    tie = result_text(sheet)
    return label + "  —  " + tie if tie else label


def keys_text(scene: SheetView) -> str:
    if not scene.entering():  # the game is over: no more boxes, as on paper
        return _("Up: correct a hand · Esc: back to the sheets")
    text = _("Tab or Left/Right: next player · Enter: validate · Up: correct a hand")
    if scene.sheet.rules.jack_of_diamonds:
        text += " · " + _("J: who took the J♦; type their points with the jack counted")
    return text


def draw_entry(scene: SheetView, surface: pygame.Surface) -> None:
    """The hand being written (or corrected): its heading, each player's box with the caret,
    what is wrong on a line of its own, and the keys; after the end, the result and no boxes."""
    scale = scene.scale
    area = scene.entry_area
    sheet = scene.sheet
    heading_h, _box_h, line = entry_lines(scale)
    colour = ERROR_RED if sheet.over and scene.correcting is None else INK
    heading = fit_text(entry_heading(scene), px(scale, 16), area.w, True)
    at = (area.x, area.y + heading_h // 2)
    draw_text(surface, heading, px(scale, 16), colour, at, "midleft", bold=True)
    y = area.y + heading_h
    if scene.entering():
        draw_boxes(scene, surface)
        y = scene.boxes[0].bottom + round(4 * scale)
        if scene.problem:
            problem = fit_text(scene.problem, px(scale, 14), area.w, True)
            at = (area.centerx, y + line // 2)
            draw_text(surface, problem, px(scale, 14), ERROR_RED, at, bold=True)
        y += line
        if scene.keypad:
            draw_keypad(scene, surface)
            y = scene.keypad[0][1].bottom + round(4 * scale)
    lines = wrap_text(keys_text(scene), px(scale, 12), area.w)
    room = max(1, (area.bottom - y) // line)
    if len(lines) > room:
        lines = [*lines[: room - 1], fit_text(" ".join(lines[room - 1 :]), px(scale, 12), area.w)]
    for text in lines:
        draw_text(surface, text, px(scale, 12), INK, (area.x, y + line // 2), "midleft")
        y += line


def draw_boxes(scene: SheetView, surface: pygame.Surface) -> None:
    """Each player's box: the figure typed, the caret or the figure selected whole, the mark
    of the jack's taker."""
    scale = scene.scale
    size = px(scale, 15)
    for seat, box in enumerate(scene.boxes):
        focused = seat == scene.field
        pygame.draw.rect(surface, WHITE, box)
        pygame.draw.rect(
            surface,
            FOCUS if focused else BEVEL_SHADOW,
            box,
            max(1, round(2 * scale)) if focused else 1,
        )
        at = (box.x + round(8 * scale), box.centery)
        if focused and scene.selected_whole:  # the figure selected whole
            shown = draw_text(surface, scene.inputs[seat], size, WHITE, at, "midleft")
            surface.fill(SELECTED, shown.inflate(round(4 * scale), round(2 * scale)))
            draw_text(surface, scene.inputs[seat], size, WHITE, at, "midleft")
        else:
            text = scene.inputs[seat] + ("|" if focused else "")
            draw_text(surface, text, size, INK, at, "midleft")
        if scene.sheet.rules.jack_of_diamonds and scene.jack == seat:
            at = (box.right - round(6 * scale), box.centery)
            draw_text(surface, _("J♦"), size, ERROR_RED, at, "midright", bold=True)


def draw_keypad(scene: SheetView, surface: pygame.Surface) -> None:
    """The number pad on the screen: raised keys, the jack's in the jack's colour."""
    size = px(scene.scale, 16)
    for label, key in scene.keypad:
        draw_bevel(surface, key)
        jack = label == PAD_JACK
        text = _("J♦") if jack else label
        draw_text(surface, text, size, ERROR_RED if jack else INK, key.center, bold=jack)
