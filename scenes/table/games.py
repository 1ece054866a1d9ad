"""Putting a game played here on the table: a new game, the saved one continued, the demo, a
daily hand.

Each builds the game's :class:`~scenes.table.session.GameSession`, wraps it in a
:class:`~scenes.table.local_game.LocalTable` (the table scene's source) and shows the
:class:`~scenes.table.table_scene.TableScene` over the menu. The screens that start games import
this module; it imports none of them (the daily screen hands in its own result screen), so the
scenes form no import circle.
"""

from __future__ import annotations

import copy
from typing import Protocol

from game.engine.save import InvalidSave
from game.records.profile import DAILY_GAME
from scenes.core.i18n import _
from scenes.core.preferences import GameOptions
from scenes.core.services import Launch, Storage
from scenes.table.local_game import GameKeeper, LocalTable
from scenes.table.session import GameSession
from scenes.table.table_scene import ResultScreen, TableScene, TableServices
from scenes.ui.dialogs import ChoiceDialog, abandon_dialog


class GameServices(TableServices, Storage, Launch, GameKeeper, Protocol):
    """What putting a game on the table asks of the program: the table's services, the
    profile (the saved games), the command line's first wishes, and the keeper of the game."""


def local_table(app: GameServices, session: GameSession, *, fresh: bool = True) -> LocalTable:
    """A game played here, as the table scene sees it (its seat's view and events)."""
    names = tuple(app.prefs.name(s) for s in range(session.match.rules.players))
    return LocalTable(session, app.thinker, names, keeper=app, fresh=fresh)


def _with_players(app: GameServices, options: GameOptions) -> GameOptions:
    """A copy of the new-game options, with the seat count --players asked for (once)."""
    chosen = copy.deepcopy(options)
    if app.options.players is not None:
        chosen.players = app.options.players
        app.options.players = None
    return chosen


def _table(
    app: GameServices,
    session: GameSession,
    *,
    fresh: bool = True,
    hands_limit: int | None = None,
    result: ResultScreen | None = None,
) -> TableScene:
    """The table of ``session``; "New game" at its end starts another with the same options."""

    def again() -> None:  # --autoplay: the computer plays the next game's seat too
        new_game(app, session.options, autoplay=session.autoplay)

    source = local_table(app, session, fresh=fresh)
    return TableScene(app, source, hands_limit=hands_limit, on_new_game=again, result=result)


def new_game(app: GameServices, options: GameOptions, *, autoplay: bool = False) -> None:
    """A new game with ``options`` (dealt from --seed the first time, else at random); a game
    in progress goes into the history as abandoned (New game asked first)."""
    app.abandon_saved_game()
    seed = app.options.seed
    app.options.seed = None  # --seed deals the first game; "New game" after it is random
    session = GameSession.new(_with_players(app, options), seed, autoplay=autoplay)
    app.show_table(_table(app, session))


def ask_new_game(app: GameServices) -> None:
    """F2, as in the classic game: a new game with the options of the last one, once the
    player agrees to abandon the game in progress if there is one (Continue keeps it: the
    table stays, or comes back from the menu)."""
    if isinstance(app.stack.top, ChoiceDialog):
        return  # a question is open already
    if not app.has_saved_game():
        new_game(app, app.prefs.new_game)
        return
    at_table = any(isinstance(scene, TableScene) for scene in app.stack.scenes)

    def resume() -> None:
        if not at_table:
            continue_game(app)

    app.stack.push(abandon_dialog(app, lambda: new_game(app, app.prefs.new_game), resume))


def demo(app: GameServices, hands: int) -> None:
    """The computer plays every seat for ``hands`` hands (or to the end); then the program ends."""
    session = GameSession.new(_with_players(app, app.prefs.new_game), app.options.seed, demo=True)
    app.show_table(_table(app, session, hands_limit=hands))


def continue_game(app: GameServices) -> None:
    """The saved game, where it was left; an unreadable one is set aside with a notice."""
    try:
        session = GameSession.from_saved(app.profile.load_game())
    except (InvalidSave, ValueError) as exc:
        app.set_saved_game_aside(exc)
        return
    app.show_table(_table(app, session, fresh=False))


def saved_daily(app: GameServices) -> GameSession | None:
    """The daily hand in progress, or None; an unreadable one is set aside with a notice."""
    if not app.has_saved_daily():
        return None
    try:
        session = GameSession.from_saved(app.profile.load_game(DAILY_GAME))
        if session.daily is None:
            raise InvalidSave("this is not a daily challenge")
        return session
    except (InvalidSave, ValueError) as exc:
        _set_aside(app, exc, app.profile.set_game_aside(DAILY_GAME))
        return None


def daily_game(
    app: GameServices, session: GameSession, result: ResultScreen, *, fresh: bool = True
) -> None:
    """Play a daily challenge's hand (``fresh``: dealt now; else resumed as saved); ``result``
    is the screen shown when it is over."""
    app.show_table(_table(app, session, fresh=fresh, result=result))


def _set_aside(app: GameServices, reason: Exception, name: object) -> None:
    app.notices.append(
        _("The saved game could not be read ({reason}); it was kept as {name}.").format(
            reason=reason, name=name
        )
    )
