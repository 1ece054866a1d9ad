"""The hand review: a finished hand replayed trick by trick with every seat's cards face up, and
the tutor's view of each of the player's decisions.

Left/Right (or the buttons) step back and forth through the deal and the tricks; Home/End jump
to the ends; Esc goes back. The replay is :func:`game.tutor.review.replay_hand`; the tutor's
verdicts (:func:`game.tutor.review.judge`: a Hard search per decision) are worked out in the worker
process one after another, so the window never waits: each step says "The tutor is thinking..."
until its verdict arrives, and the line at the bottom sums up what the player's choices cost.
"""

from __future__ import annotations

import logging
import math
from concurrent.futures import Future
from typing import Any, Final, Protocol

import pygame

from game.engine.cards import cards_of
from game.engine.match import Match
from game.engine.save import InvalidSave
from game.text import sentences
from game.tutor import review
from game.tutor.review import DecisionPoint, HandReview, Judgement
from scenes.core.i18n import N_, _, card_name, ngettext, pass_label, typeset
from scenes.core.scene import Scene
from scenes.core.services import Media, Navigation, Worker
from scenes.records.statistics import decimal
from scenes.table.layout import trick_cross, trick_gap
from scenes.table.renderer import GOLD as LED_GOLD
from scenes.ui.felt import felt_surface
from scenes.ui.report import ERROR_RED
from scenes.ui.widgets import (
    BEVEL_LIGHT,
    HIGHLIGHT,
    INK,
    WHITE,
    Button,
    draw_bevel,
    draw_text,
    ui_scale,
    wrap_text,
)

log = logging.getLogger(__name__)

TUTOR_MARK: Final = (80, 230, 255)  # the tutor's card, as teaching mode marks it


def trick_marks(step: Any) -> dict[int, tuple[int, int, int]]:
    """The outlines of a trick's cards in the review: gold for the card led (its one meaning,
    as at the table), white for the card that took the trick (when another one)."""
    marks: dict[int, tuple[int, int, int]] = {}
    if step.winner is not None:
        marks[step.winner] = WHITE
    if step.trick:
        marks[step.trick[0][0]] = LED_GOLD
    return marks


def signed(value: float) -> str:
    return ("+" if value >= 0 else "-") + decimal(abs(value))


class ReviewServices(Navigation, Media, Worker, Protocol):
    """What the hand review asks of the program: the stack, the card pictures, the worker
    (the tutor's judgement of each decision)."""


def full_stop(text: str) -> str:
    """``text`` ended as a sentence: a full stop added unless it ends with one already (or with
    ! ? …).

    >>> full_stop("Lead the 9♣"), full_stop("Pass them."), full_stop("")
    ('Lead the 9♣.', 'Pass them.', '')
    """
    text = text.rstrip()
    return text if not text or text.endswith((".", "!", "?", "…")) else text + "."


class HandReviewScene(Scene):
    app: ReviewServices

    def __init__(
        self,
        app: ReviewServices,
        match_data: Any,
        hand_index: int,
        seat: int,
        names: list[str],
        *,
        work: int | None = None,
        match: Match | None = None,
    ) -> None:
        """``match_data`` is a saved game; or, with ``match_data`` None, ``match`` is a match
        (a game read from the notation, whose last hand may stop midway)."""
        super().__init__(app)
        self.names = names
        self.step = 0
        self.error = ""
        self.review: HandReview | None = None
        try:
            if match is not None:
                self.review = review.review_of(match, hand_index, seat)
            else:
                self.review = review.replay_hand(match_data, hand_index, seat)
        except (InvalidSave, ValueError) as exc:
            self.error = _("This hand cannot be replayed: {error}").format(error=exc)
        self.work = work  # the search's size (tests use a small one); None: the tutor's own
        self.futures: list[Future[Any] | None] = []
        self.judgements: dict[int, Judgement] = {}  # by index into review.decisions
        self.buttons = [
            Button(N_("Previous"), lambda: self.go(self.step - 1)),
            Button(N_("Next"), lambda: self.go(self.step + 1)),
            Button(N_("Back"), self.back),
        ]
        self.focus = 1
        self.scale = 1.0
        self.size = (0, 0)
        self.background: pygame.Surface | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.table = pygame.Rect(0, 0, 0, 0)
        self.card_w = 40
        self.go(0)

    # -- lifecycle -------------------------------------------------------------------------------

    def enter(self) -> None:
        if self.review is None:
            return
        seed = self.review.tutor_seed
        for point in self.review.decisions:
            self.futures.append(self.app.thinker.submit(review.judge, point, seed, self.work))

    def exit(self) -> None:
        for future in self.futures:
            if future is not None:
                future.cancel()

    def back(self) -> None:
        self.app.stack.remove(self)

    def busy(self) -> bool:
        return any(f is not None for f in self.futures)

    def update(self, dt: float) -> None:
        for index, future in enumerate(self.futures):
            if future is None or not future.done():
                continue
            self.futures[index] = None
            try:
                self.judgements[index] = future.result()
            except Exception:  # the worker failed: that decision stays without a verdict
                log.exception("the tutor could not judge a decision")
            if self.size[0] > 0 and self.panel_height(self.size) != self.panel.h:
                self.resize(self.size)  # a longer verdict: the panel grows to hold it whole

    @property
    def steps(self) -> int:
        return len(self.review.steps) if self.review is not None else 0

    def go(self, step: int) -> None:
        self.step = max(0, min(self.steps - 1, step))
        self.buttons[0].enabled = self.step > 0
        self.buttons[1].enabled = self.step < self.steps - 1

    # -- what is said ----------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return sentences.default_seat_name(seat, _, len(self.names))

    def render(self, sentence: Any) -> str:
        """The tutor's sentence in the player's language, its cards named as the table names
        them (R, D, V in French)."""
        text = sentences.render(sentence, _, ngettext, seat_name=self.name, card_name=card_name)
        return typeset(text)

    def cards_text(self, cards: tuple[int, ...]) -> str:
        from game.engine.cards import CARDS

        return " ".join(str(card_name(CARDS[c])) for c in cards)

    def decision_at(self, step: int) -> tuple[int, DecisionPoint] | None:
        """The player's pass or play at ``step`` (the moon choice has no card)."""
        if self.review is None:
            return None
        for index, point in enumerate(self.review.decisions):
            if point.step == step and point.kind != review.MOON:
                return index, point
        return None

    def headline(self) -> str:
        r = self.review
        if r is None:
            return ""
        number = _("Hand {number}").format(number=r.hand_number + 1)
        if self.step == 0:
            return f"{number} · {pass_label(r.pass_direction)}"
        step = r.steps[self.step]
        count = self.steps - 1 if r.finished else r.steps[0].hands[0].bit_count()
        trick = _("Trick {number} of {count}").format(number=self.step, count=count)
        if step.winner is None:  # an unfinished hand stops inside this trick
            return f"{number} · {trick} · " + _("The hand stops here")
        winner = step.winner if step.winner is not None else 0
        taken = step.points[winner] - (r.steps[self.step - 1].points[winner])
        if winner == r.seat:
            took = ngettext(
                "You take it ({count} point)", "You take it ({count} points)", taken
            ).format(count=taken)
        else:
            took = ngettext(
                "{name} takes it ({count} point)", "{name} takes it ({count} points)", taken
            ).format(name=self.name(winner), count=taken)
        return f"{number} · {trick} · {took}"

    def verdict_lines(self, step: int | None = None) -> list[str]:
        """What the tutor says about the player's decision(s) at ``step`` (default: this one)."""
        if self.review is None:
            return []
        step = self.step if step is None else step
        decisions = enumerate(self.review.decisions)
        found = [(index, point) for index, point in decisions if point.step == step]
        if not found and step == 0:
            return [_("No pass this hand.")]
        lines: list[str] = []
        for index, point in found:
            lines += self.verdict_of(index, point)
        return [typeset(line) for line in lines]

    def verdict_of(self, index: int, point: DecisionPoint) -> list[str]:
        judged = self.judgements.get(index)
        you = self.cards_text(point.chosen)
        if point.kind == review.PASS:
            lines = [_("You passed {cards}.").format(cards=you)]
        elif point.kind == review.MOON:
            lines = [
                _("You took 26 off your score.")
                if point.subtract
                else _("You gave everyone else 26 points.")
            ]
        else:
            lines = [_("You played {card}.").format(card=you)]
        if judged is None:
            lines.append(_("The tutor is thinking..."))
            return lines
        # The tutor's sentence names its choice: a line never says the cards twice. Its
        # sentences end bare (the table shows one alone); here each line is a sentence of a
        # paragraph, so it gets its full stop.
        reason = full_stop(self.render(judged.sentence))
        if judged.agrees:
            lines.append(_("The tutor agrees. {reason}").format(reason=reason))
        elif point.kind == review.MOON:
            lines.append(_("The tutor would choose otherwise. {reason}").format(reason=reason))
        elif point.kind == review.PASS:
            lines.append(
                _("The tutor would pass {cards}: {reason}").format(
                    cards=self.cards_text(judged.tutor_cards),
                    reason=full_stop(self.render(sentences.reasons_of(judged.sentence))),
                )
            )
        else:
            lines.append(_("The tutor would play otherwise. {reason}").format(reason=reason))
        if judged.tutor_value is not None and judged.player_value is not None and judged.cost:
            points = review.step_points(judged, len(self.names))
            if points:
                lines.append(
                    ngettext(
                        "By its reckoning, its choice takes about {points} point fewer in your "
                        "seat.",
                        "By its reckoning, its choice takes about {points} points fewer in your "
                        "seat.",
                        points,
                    ).format(points=points)
                )
        return lines

    def cost_line(self) -> str:
        """One line: what the player's choices cost in the hand, by the tutor's reckoning."""
        return typeset(self._cost_line())

    def _cost_line(self) -> str:
        r = self.review
        if r is None:
            return self.error
        total = len(r.decisions)
        if len(self.judgements) < total:
            return _("The tutor is looking at your decisions ({done} of {count})...").format(
                done=len(self.judgements), count=total
            )
        figure = review.hand_figure(r, list(self.judgements.values()))
        taken = ngettext(
            "You took {taken} point in this hand",
            "You took {taken} points in this hand",
            figure.taken,
        ).format(taken=figure.taken)
        if figure.saved <= 0:
            return taken + _(
                "; by the tutor's reckoning, your choices were expected to take as many as its own."
            )
        if figure.taken < figure.saved:
            # More points than were taken cannot read as points "more than its own" ("you took
            # 4, about 17 more than the tutor's" says the tutor takes -13): the figure is a sum
            # of expectations, one per decision, so the line says where to read them instead.
            return taken + ngettext(
                ", but the tutor would have chosen otherwise at {count} decision: its "
                "figure is on that step.",
                ", but the tutor would have chosen otherwise at {count} decisions: its "
                "figures are on those steps.",
                figure.costly,
            ).format(count=figure.costly)
        return taken + ngettext(
            "; by the tutor's reckoning, your choices were expected to take about {points} point "
            "more than its own.",
            "; by the tutor's reckoning, your choices were expected to take about {points} points "
            "more than its own.",
            figure.saved,
        ).format(points=figure.saved)

    # -- input -----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE or key == pygame.K_BACKSPACE:
                self.back()
            elif key == pygame.K_LEFT:
                self.go(self.step - 1)
            elif key == pygame.K_RIGHT:
                self.go(self.step + 1)
            elif key == pygame.K_HOME:
                self.go(0)
            elif key == pygame.K_END:
                self.go(self.steps - 1)
            elif key == pygame.K_TAB:
                self.focus = (self.focus + 1) % len(self.buttons)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons[self.focus].action()
            return True
        return any(button.handle_event(event) for button in self.buttons)

    # -- layout and drawing ----------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        if size[0] <= 0 or size[1] <= 0:
            return
        self.size = size
        w, h = size
        self.scale = scale = ui_scale(size)
        self.background = felt_surface(size)
        pad = round(10 * scale)
        panel_h = self.panel_height(size)
        self.panel = pygame.Rect(pad, h - pad - panel_h, w - 2 * pad, panel_h)
        # Below the headline, with room for the top seat's name over its passed cards.
        top = round(64 * scale)
        self.table = pygame.Rect(0, top, w, self.panel.y - top)
        players = len(self.review.steps[0].hands) if self.review is not None else 4
        per_seat = 17 if players == 3 else 13 if players == 4 else 10
        # the cards as large as the table allows: a side row takes the width of ~6 cards
        by_height = self.table.h / (3 * 1.4 + 1.2)
        by_width = w / (2 * (1 + 0.42 * (per_seat - 1)) + 3.5)
        self.card_w = max(22, round(min(by_height, by_width, 78 * scale)))
        bw, bh, gap = round(120 * scale), round(34 * scale), round(8 * scale)
        x = self.panel.right - pad - bw
        for i, button in enumerate(reversed(self.buttons)):
            button.rect = pygame.Rect(
                x, self.panel.bottom - pad - (i + 1) * (bh + gap) + gap, bw, bh
            )

    def text_layout(self, size: tuple[int, int]) -> tuple[int, int, int]:
        """The panel's text at a window size: its width, its size and its padding."""
        scale = ui_scale(size)
        pad = round(12 * scale)
        text_w = size[0] - 2 * round(10 * scale) - 3 * pad - round(120 * scale)
        return text_w, round(15 * scale), pad

    def panel_height(self, size: tuple[int, int]) -> int:
        """Tall enough for the longest verdict of the hand, wrapped, and the cost line under it
        (at most 45% of the window: a longer one is written smaller, see draw_panel)."""
        scale = ui_scale(size)
        text_w, text_size, pad = self.text_layout(size)
        lines = max(
            (
                sum(len(wrap_text(line, text_size, text_w)) for line in self.verdict_lines(step))
                for step in range(self.steps)
            ),
            default=1,
        )
        needed = 2 * pad + lines * round(text_size * 1.35) + round(text_size * 2.2)
        return min(round(size[1] * 0.45), max(round(150 * scale), needed))

    def around(self, seat: int, players: int) -> int:
        """A seat's place clockwise from the reviewed seat's (0)."""
        return (seat - (self.review.seat if self.review is not None else 0)) % players

    def seat_centre(self, seat: int, players: int, row_w: int) -> tuple[int, int]:
        """Where a seat's row of cards sits: the reviewed seat at the bottom (whatever its
        number: an online player may sit anywhere), the others clockwise."""
        table = self.table
        card_h = round(self.card_w * 1.4)
        rx = table.w / 2 - row_w / 2 - 10 * self.scale
        ry = table.h / 2 - card_h / 2 - 22 * self.scale
        angle = 2 * math.pi * self.around(seat, players) / players
        x = table.centerx - math.sin(angle) * rx
        y = table.centery + math.cos(angle) * ry
        return round(x), round(y)

    def draw(self, surface: pygame.Surface) -> None:
        if self.background is not None:
            surface.blit(self.background, (0, 0))
        scale = self.scale
        draw_text(
            surface,
            self.headline() or self.error,
            round(18 * scale),
            WHITE,
            (self.size[0] // 2, round(18 * scale)),
            bold=True,
            shadow=(0, 50, 10),
        )
        if self.review is not None:
            self.draw_table(surface)
        self.draw_panel(surface)

    def tutor_marks(self) -> set[int]:
        """The tutor's card(s) at this step when it would have chosen differently."""
        found = self.decision_at(self.step)
        if found is None:
            return set()
        judged = self.judgements.get(found[0])
        if judged is None or judged.agrees:
            return set()
        return {int(c) for c in judged.tutor_cards}

    def row_rect(self, seat: int, players: int, count: int) -> pygame.Rect:
        """Where a seat's row of ``count`` cards lies, face up, each card ``overlap`` apart."""
        card_w = self.card_w
        card_h = round(card_w * 1.4)
        overlap = round(card_w * 0.42)
        row_w = card_w + overlap * max(0, count - 1)
        cx, cy = self.seat_centre(seat, players, card_w + overlap * 12)
        return pygame.Rect(cx - row_w // 2, cy - card_h // 2, row_w, card_h)

    def trick_rect(self, seat: int, players: int) -> pygame.Rect:
        """Where a seat's card of the trick lies (see :func:`scenes.table.layout.trick_cross`)."""
        card_w = self.card_w
        card_h = round(card_w * 1.4)
        spots = trick_cross(players, self.table.center, (card_w, card_h), trick_gap(card_w))
        x, y = spots[self.around(seat, players)]
        rect = pygame.Rect(0, 0, card_w, card_h)
        rect.center = (round(x), round(y))
        return rect

    def draw_table(self, surface: pygame.Surface) -> None:
        r = self.review
        assert r is not None
        step = r.steps[self.step]
        players = len(step.hands)
        card_w = self.card_w
        card_h = round(card_w * 1.4)
        overlap = round(card_w * 0.42)
        art = self.app.card_art
        scale = self.scale
        marks = self.tutor_marks()
        # before the tricks, the hands as dealt; later, what is left after the trick (the
        # tutor's card, when it differs from the one played, is still in the player's hand)
        shown_hands = list(step.hands)
        for seat in range(players):
            cards = cards_of(shown_hands[seat])
            row = self.row_rect(seat, players, len(cards))
            cx = row.centerx
            x, y = row.topleft
            for card in cards:
                lift = 0
                passed = self.step == 0 and step.passed and step.passed[seat] >> card & 1
                if passed:
                    lift = -round(card_h * 0.18)
                surface.blit(art.face(card, card_w), (x, y + lift))
                if card in marks and seat == r.seat:
                    pygame.draw.rect(
                        surface,
                        TUTOR_MARK,
                        (x, y + lift, card_w, card_h),
                        max(2, round(3 * scale)),
                        border_radius=4,
                    )
                elif passed:
                    pygame.draw.rect(
                        surface,
                        HIGHLIGHT,
                        (x, y + lift, card_w, card_h),
                        max(2, round(2 * scale)),
                        border_radius=4,
                    )
                x += overlap
            label = self.name(seat)
            if r.steps[self.step].points:
                label += "  " + ngettext(
                    "{count} point", "{count} points", step.points[seat]
                ).format(count=step.points[seat])
            raised = round(card_h * 0.18) if self.step == 0 else 0  # the passed cards stand up
            ly = (
                y - raised - round(12 * scale) if seat != r.seat else y + card_h + round(10 * scale)
            )
            draw_text(
                surface,
                label,
                round(14 * scale),
                WHITE,
                (cx, ly),
                bold=seat == r.seat,
                shadow=(0, 50, 10),
            )
        # the trick in the middle laid out as on the table, a gap between the cards, each
        # toward its player; the card led in gold as at the table, the winner's in white
        outlines = trick_marks(step)
        for seat, card in step.trick:
            x, y = self.trick_rect(seat, players).topleft
            surface.blit(art.face(int(card), card_w), (x, y))
            if seat in outlines:
                width = max(2, round(3 * scale))
                box = pygame.Rect(x, y, card_w, card_h).inflate(width * 2, width * 2)
                pygame.draw.rect(surface, outlines[seat], box, width, border_radius=6)

    def draw_panel(self, surface: pygame.Surface) -> None:
        scale = self.scale
        draw_bevel(surface, self.panel)
        pad = round(12 * scale)
        text_w = self.buttons[0].rect.x - self.panel.x - 2 * pad
        size = round(15 * scale)
        bottom = self.panel.bottom - pad - round(size * 1.2)  # the cost line
        # The whole verdict above the cost line: smaller letters rather than a cut sentence.
        lines = self.verdict_lines()
        for letters in range(size, 7, -1):
            parts = [part for line in lines for part in wrap_text(line, letters, text_w)]
            if self.panel.y + pad + len(parts) * round(letters * 1.35) <= bottom - letters // 3:
                break
        y = self.panel.y + pad
        for part in parts:
            draw_text(surface, part, letters, INK, (self.panel.x + pad, y), "topleft")
            y += round(letters * 1.35)
        cost = self.cost_line()
        colour = ERROR_RED if self.review is None else INK
        fit = size  # the one line whole, in bold as drawn: smaller letters, not a cut sentence
        while fit > 8 and len(wrap_text(cost, fit, text_w, bold=True)) > 1:
            fit -= 1
        draw_text(
            surface,
            cost,
            fit,
            colour,
            (self.panel.x + pad, bottom),
            "topleft",
            bold=True,
            shadow=BEVEL_LIGHT,
        )
        for index, button in enumerate(self.buttons):
            button.draw(surface, focused=index == self.focus)
