"""The opponents learn how the person plays (issue 44, step 4): after each finished hand of an
ordinary game here, the person's model in the profile (:class:`game.ai.person.PersonModel`)
takes the hand's scores, and while it calls the person a shooter, Hard at their table watches
their seat from the first card (:meth:`~scenes.table.session.GameSession.watch`).

Never in the daily challenge (every player meets the same opponents), a demo, a game the
computer plays for the person (--autoplay) or online; never when Settings turns it off
("Opponents learn how I play"). A write that fails is said on screen, never raised.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.ai.person import PersonModel
from scenes.table.session import GameSession

if TYPE_CHECKING:
    from game.records.profile import Profile

log = logging.getLogger(__name__)


class PersonLearning:
    """The person's model as the window keeps it: read once, changed after each hand."""

    def __init__(
        self,
        profile: Profile,
        learning_on: Callable[[], bool],
        cannot_save: Callable[[Exception], None],
    ) -> None:
        self.profile = profile
        self.learning_on = learning_on  # Settings' "Opponents learn how I play"
        self.cannot_save = cannot_save  # a failed write, said on screen
        self._model: PersonModel | None = None
        self.problem: str | None = None  # why the stored model was set aside, once read

    @property
    def model(self) -> PersonModel:
        """The person's model (read from the profile the first time)."""
        if self._model is None:
            try:
                self._model, self.problem = self.profile.person_model()
            except sqlite3.Error as exc:  # the profile cannot be read or written now
                self.cannot_save(exc)
                self._model = PersonModel.new()
        return self._model

    def applies(self, session: GameSession) -> bool:
        """This game's hands teach the opponents, and they use what they learned."""
        return (
            self.learning_on()
            and session.daily is None
            and session.human_seat is not None
            and not session.autoplay
        )

    def marks(self, session: GameSession) -> int:
        """The seats (a bit each) Hard watches as shooters in ``session``: the person's, when
        their model says they shoot often and the game is one that learns."""
        seat = session.human_seat
        if seat is None or not self.applies(session) or not self.model.is_shooter:
            return 0
        return 1 << seat

    def learn_hand(self, session: GameSession) -> None:
        """The hand just scored in ``session`` goes into the model (once), and into the
        profile."""
        match, seat = session.match, session.human_seat
        if seat is None or not self.applies(session) or not match.history:
            return
        hand = f"{match.seed}/{len(match.history)}"
        model = self.model.after_hand(match.history[-1], seat, hand)
        if model == self.model:
            return
        self._model = model
        try:
            self.profile.save_person_model(model)
        except sqlite3.Error as exc:
            self.cannot_save(exc)

    def forget(self) -> None:
        """Settings' "Forget what they learned": a fresh model, the stored one deleted."""
        self._model = PersonModel.new()
        try:
            self.profile.forget_person_model()
        except sqlite3.Error as exc:
            self.cannot_save(exc)
