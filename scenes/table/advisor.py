"""The tutor at the table: a hint when the player asks (H or the Hint button), and in teaching
mode its choice marked at every decision with one sentence saying why. The tutor works on the
seat's view in the worker (:func:`scenes.core.thinking.advise`); an answer about a decision already
made is dropped.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, Final, Protocol

from game.engine.legality import Reason
from game.text.sentences import Sentence
from game.tutor import advice as tutor
from scenes.core import thinking
from scenes.core.i18n import render_sentence
from scenes.core.services import Navigation, Settings, Worker
from scenes.ui.dialogs import hint_dialog

if TYPE_CHECKING:
    from game.engine.view import SeatView
    from scenes.table.hand_controls import HandControls
    from scenes.table.local_game import LocalTable
    from scenes.table.model import TableModel

log = logging.getLogger(__name__)

HINT_SHOWN: Final = 12.0  # seconds a hint stays up (or until its decision is made)

Decision = tuple[int, str, int, int]


class AdvisorServices(Worker, Navigation, Settings, Protocol):
    """What the advisor asks of the program: the worker for the tutor, the stack and the
    preferences for the first hint's question."""


class AdvisedTable(Protocol):
    """What the advisor reads of the table scene."""

    @property
    def app(self) -> AdvisorServices: ...

    @property
    def view(self) -> SeatView: ...

    @property
    def local(self) -> LocalTable | None: ...

    @property
    def hand(self) -> HandControls: ...

    @property
    def model(self) -> TableModel: ...

    @property
    def teaching(self) -> bool: ...

    def human_to_pass(self) -> bool: ...

    def human_to_play(self) -> bool: ...

    def on_top(self) -> bool: ...

    def name(self, seat: int) -> str: ...


class Advisor:
    """Hints and teaching mode for the table's seat (see the module docstring)."""

    def __init__(self, table: AdvisedTable) -> None:
        self.table = table
        self.hint: Future[Any] | None = None  # the tutor's advice being worked out
        self.hint_key: Decision | None = None
        self.hint_text = ""
        self.hint_timer = 0.0
        # Teaching mode: the tutor's choice for the decision in hand, asked for as it comes.
        self.advice: Future[Any] | None = None
        self.advice_key: Decision | None = None
        self.advice_for: Decision | None = None  # the decision the advice below is for
        self.advice_cards: tuple[int, ...] = ()
        self.advice_text = ""

    @property
    def busy(self) -> bool:
        return self.hint is not None or self.advice is not None

    def decision(self) -> Decision:
        """Names the decision the player faces now (a hint for another one is dropped)."""
        view = self.table.view
        return (view.hand_number, view.phase.value, view.trick_number, len(view.trick))

    def _deciding(self) -> bool:
        return self.table.human_to_pass() or self.table.human_to_play()

    def _seed(self) -> str:
        local = self.table.local
        return local.tutor_seed if local is not None else "table/tutor"

    def render(self, sentence: Sentence) -> str:
        """A tutor's sentence in the player's language, with the table's names."""
        return render_sentence(sentence, seat_name=self.table.name)

    def explain_refusal(self, reason: Reason) -> str:
        """Teaching mode's longer answer to a card the engine refused (``reason``): the rule,
        then the cards the player may play instead."""
        return self.render(tutor.explain_refusal(self.table.view, reason, teaching=True))

    # -- hints -----------------------------------------------------------------------------------

    def ask_for_hint(self) -> None:
        """H or the Hint button: the first hint of a game that still counts asks first (it
        makes the game a practice game), unless the player said not to ask again."""
        if not self._deciding():
            return
        local, app = self.table.local, self.table.app
        counts = local is not None and not local.session.practice
        if not (counts and app.prefs.ask_before_hint and self.table.on_top()):
            self.request_hint()
            return

        def always() -> None:
            app.prefs.ask_before_hint = False
            app.save_preferences()
            self.request_hint()

        app.stack.push(hint_dialog(app, self.request_hint, always))

    def request_hint(self) -> None:
        """Ask the tutor (in the worker) which cards it would pass or play, and why."""
        if not self._deciding():
            return
        key = self.decision()
        if self.hint is not None and self.hint_key == key:
            return  # already being worked out
        worker = self.table.app.thinker
        self.hint = worker.submit(thinking.advise, self.table.view, self._seed())
        self.hint_key = key
        if self.table.local is not None:
            self.table.local.mark_practice()  # helped: the game no longer counts as a win

    def _take_hint(self) -> None:
        if self.hint is None or not self.hint.done():
            return
        future, self.hint = self.hint, None
        if self.hint_key != self.decision():
            return
        try:
            cards, sentence = future.result()
        except Exception:
            log.exception("the tutor could not give a hint")
            return
        self.hint_text = self.render(sentence)
        self.hint_timer = HINT_SHOWN
        hand = self.table.hand
        shown = self.table.model.hand
        if self.table.human_to_pass():
            hand.selected = set(cards)
        elif cards and cards[0] in shown:
            hand.focus = shown.index(cards[0])

    # -- teaching mode ---------------------------------------------------------------------------

    def _teach(self) -> None:
        """Ask the tutor about each decision as it comes, and keep its answer while that
        decision is the one in hand."""
        key = self.decision()
        if self.advice is not None and self.advice.done():
            future, self.advice = self.advice, None
            try:
                cards, sentence = future.result()
            except Exception:  # no advice for this decision, and no asking again
                log.exception("the tutor could not advise")
                cards, sentence = [], None
            if self.advice_key == key:
                self.advice_for = key
                self.advice_cards = tuple(int(c) for c in cards)
                self.advice_text = self.render(sentence) if sentence is not None else ""
        if not self._deciding():
            return
        if self.advice_for == key or self.advice is not None:
            return  # known, being worked out, or an older answer still coming: wait for it
        worker = self.table.app.thinker
        self.advice = worker.submit(thinking.advise, self.table.view, self._seed())
        self.advice_key = key

    def teaching_cards(self) -> tuple[int, ...]:
        """The cards marked as the tutor's choice now (none outside the player's decisions)."""
        if not self.table.teaching or self.advice_for != self.decision():
            return ()
        if not self._deciding():
            return ()
        return tuple(c for c in self.advice_cards if c in self.table.model.hand)

    def teaching_text(self) -> str:
        """The tutor's one-sentence reason shown above the hand in teaching mode."""
        return self.advice_text if self.teaching_cards() else ""

    # -- time ------------------------------------------------------------------------------------

    def tick(self, dt: float) -> None:
        self.hint_timer = max(0.0, self.hint_timer - dt)
        self._take_hint()

    def after_update(self) -> None:
        """The moves of this frame are made: drop a hint about a decision now made, and in
        teaching mode ask about the next one."""
        if self.hint_timer and not self._deciding():
            self.hint_timer = 0.0
        if self.table.teaching:
            self._teach()
