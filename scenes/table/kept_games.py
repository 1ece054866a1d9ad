"""The games the window keeps in the profile: the game in progress (saved after every move,
cleared, set aside when it cannot be read, recorded as abandoned), the games finished and the
daily hands played. A write that fails is said on screen by the app, never raised.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING

from scenes.table.learning import PersonLearning
from scenes.table.session import GameSession

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from game.records.profile import DailyResult, Profile
    from scenes.core.save_notice import SaveNotice


class KeptGames:
    """The :class:`~scenes.table.local_game.GameKeeper` of the window, and the saved game the
    menu offers to continue."""

    def __init__(
        self,
        profile: Profile,
        save_notice: SaveNotice,
        names: Callable[[int], str],
        cannot_save: Callable[[Exception], None],
        tell: Callable[[str], None],
        learning_on: Callable[[], bool] = lambda: True,
    ) -> None:
        self.profile = profile
        self.save_notice = save_notice
        self.names = names  # the players' names, by seat
        self.cannot_save = cannot_save  # a failed write, said on screen
        self.tell = tell  # a sentence for the menu
        self.learning = PersonLearning(profile, learning_on, cannot_save)

    def has_saved_game(self) -> bool:
        try:
            return self.profile.has_game()
        except sqlite3.Error:
            return False

    def save_game(self, session: GameSession) -> None:
        try:
            self.profile.save_game(session.to_saved(), session.slot)
        except sqlite3.Error as exc:
            self.cannot_save(exc)
        else:
            self.save_notice.saved()

    def clear_saved_game(self, slot: str | None = None) -> None:
        from game.records.profile import CURRENT_GAME

        try:
            self.profile.clear_game(slot or CURRENT_GAME)
        except sqlite3.Error as exc:
            self.cannot_save(exc)

    def record_finished(self, session: GameSession, outcome: str = "finished") -> None:
        """A finished game goes into the profile's history (practice games never as a win;
        ``outcome`` "abandoned": left before its end, never a win)."""
        from game.engine.save import save_match
        from game.records.profile import FinishedGame

        match = session.match
        rules = match.rules
        game = FinishedGame(
            rules={
                "players": rules.players,
                "target": rules.target,
                "queen_breaks_hearts": rules.queen_breaks_hearts,
                "moon": rules.moon.value,
                "jack_of_diamonds": rules.jack_of_diamonds,
                "tie": rules.tie.value,
            },
            level=session.options.level,
            # A game the computer played for the player (--autoplay) is never the player's.
            human_seat=None if session.autoplay else session.human_seat,
            names=tuple(self.names(s) for s in range(rules.players)),
            totals=tuple(match.totals),
            winners=tuple(match.winners),
            practice=session.practice,
            hands=len(match.history),
            match=save_match(match),
            levels=session.levels(),
            outcome=outcome,
        )
        try:  # and out of its slot at once: a kill in between never records it twice
            self.profile.record_game(game, clear=session.slot)
        except sqlite3.Error as exc:
            self.cannot_save(exc)

    def record_daily(self, session: GameSession) -> DailyResult | None:
        """A finished daily hand goes into the daily results; returns the stored
        :class:`game.records.profile.DailyResult` (None if the profile cannot be written)."""
        hand = session.match.hand
        seat = session.human_seat
        daily = session.daily
        if seat is None or daily is None:
            return None
        points = hand.hand_scores[seat] if hand.hand_scores is not None else 0
        tricks = sum(1 for _, _, winner in hand.tricks if winner == seat)
        try:
            result = self.profile.record_daily(
                daily.date.isoformat(), points, daily.par, tricks, session.practice, past=daily.past
            )
        except sqlite3.Error as exc:
            self.cannot_save(exc)
            return None
        if result.counts and not daily.past:  # (a replay, a past date, a helped hand: practice)
            self.keep_for_friends(session, points)
        return result

    def keep_for_friends(self, session: GameSession, points: int) -> None:
        """The hand that counts waits in friends.json for the friends' board and, when the player
        is in a group, goes at once in a thread of its own (it waits there while the board cannot
        be reached: Daily challenge > Friends sends it again)."""
        from game.net.friends_book import FriendsBook, result_text, send_in_background

        assert session.daily is not None
        day = session.daily.date
        try:
            book = FriendsBook.open(self.profile.path.parent)
            book.queue(day, points, result_text(session.match, day))
            send_in_background(book)
        except OSError as exc:  # the board is a nicety: the game goes on
            log.warning("the daily result could not be kept for the friends' board: %s", exc)

    def learning_notices(self) -> list[str]:
        """What to say of the stored model of the person's play when it could not be used (it
        was set aside: :meth:`game.records.profile.Profile.person_model`)."""
        from scenes.core.i18n import _

        _model = self.learning.model  # read now: one that cannot be used is set aside
        if self.learning.problem is None:
            return []
        return [
            _(
                "What the opponents learned of your play could not be used ({reason}); it was "
                "kept aside, and they learn again from your next hand."
            ).format(reason=_(self.learning.problem))
        ]

    def person_marks(self, session: GameSession) -> int:
        """The seats Hard watches as shooters in ``session`` (:class:`PersonLearning`)."""
        return self.learning.marks(session)

    def learn_hand(self, session: GameSession) -> None:
        """The opponents learn from the hand just scored (:class:`PersonLearning`)."""
        self.learning.learn_hand(session)

    def set_saved_game_aside(self, exc: Exception) -> None:
        """The saved game cannot be read (``exc`` says why): it is renamed aside, never thrown
        away, and the player is told."""
        from scenes.core.i18n import _

        try:
            aside = self.profile.set_game_aside()
        except sqlite3.Error as error:
            self.cannot_save(error)
            return
        self.tell(
            _("The saved game could not be read ({reason}); it was kept as {name}.").format(
                reason=exc, name=aside
            )
        )

    def abandon_saved_game(self) -> None:
        """The game in progress is left for a new one: it goes into the history as abandoned
        (never a win), or, if it cannot be read, is set aside (never thrown away)."""
        from game.engine.save import InvalidSave
        from game.records.profile import ABANDONED

        if not self.has_saved_game():
            return
        try:
            session = GameSession.from_saved(self.profile.load_game())
        except (InvalidSave, ValueError) as exc:
            self.set_saved_game_aside(exc)
            return
        except sqlite3.Error as exc:
            self.cannot_save(exc)
            return
        self.record_finished(session, outcome=ABANDONED)
