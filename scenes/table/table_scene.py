"""The table scene: one seat's window on a game, driven only by a
:class:`game.engine.source.TableSource`.

The scene receives the seat's :class:`~game.engine.view.SeatView` and the updates meant for it,
shows them, and sends the seat's moves; it never sees the whole game, so the same scene plays a game
on this computer (:class:`scenes.table.local_game.LocalTable`) or a table elsewhere. Its parts, one
job each:

this module the lifecycle, the time (polling when the screen has caught up, the computer's pace,
messages, banners) and the seat's moves; :mod:`~scenes.table.animator` what each update looks
like; :mod:`~scenes.table.hand_controls` the cards under the mouse and the keys;
:mod:`~scenes.table.advisor` hints and teaching; :mod:`~scenes.table.buttons` the buttons;
:mod:`~scenes.table.renderer` the drawing (:mod:`~scenes.table.overlay` over the flights);
:mod:`~scenes.table.model` what the table shows now; :mod:`~scenes.table.undo` Ctrl+Z.

The engine is the only judge: the greyed cards are the view's legal set, a refused card shows
the engine's reason. The source is polled only when every update already received has been
shown, so what is on screen is always a state the game reached.

For a table elsewhere: ``app.show_table(TableScene(app, source))`` with any ``TableSource``;
its ``names`` are read every frame (a ``SeatChanged`` renames a seat); ``MoveRefused`` and
``TableClosed`` show their reason (the latter stops polling); after the score window the seat
calls ``ready()`` once and waits for the next deal. Hints, teaching, practice, undo and saving
belong to a game played here (:class:`~scenes.table.local_game.LocalTable`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Final, Protocol

import pygame

from game.engine.events import CardPlayed, ExtraHand, HandScored, HandStarted, PassChosen
from game.engine.hand import Phase
from game.engine.legality import Reason
from game.engine.moves import Move
from game.engine.rules import PASS_SIZE
from game.engine.source import (
    HostControls,
    MoveRefused,
    SeatChanged,
    TableClosed,
    TableSource,
    Update,
)
from game.engine.view import SeatView
from scenes.core.i18n import _, reason_message, refused_message
from scenes.core.scene import Countdown, Scene, Stopwatch
from scenes.core.services import Lifetime, Media, Navigation, Reviews, SaveStatus, Settings, Worker
from scenes.table.advisor import Advisor
from scenes.table.animator import Animator
from scenes.table.buttons import TableButtons
from scenes.table.hand_controls import HandControls
from scenes.table.help_line import help_line, pass_label
from scenes.table.last_trick import LastTrickScene
from scenes.table.layout import TableLayout
from scenes.table.local_game import LocalTable
from scenes.table.model import TableModel
from scenes.table.online_news import HELD, OnlineNews
from scenes.table.renderer import TableRenderer
from scenes.table.score import ScoreScene
from scenes.table.sent_move import SentMove
from scenes.table.undo import take_back
from scenes.ui.dialogs import moon_dialog
from scenes.ui.widgets import Button

log = logging.getLogger(__name__)

# Times at normal speed, in seconds (multiplied by the speed setting).
AI_PACE: Final = 0.45  # an opponent's card shows at least this long after the screen caught up
MOON_SHOWN: Final = 2.0
BANNER_SHOWN: Final = 1.4
MESSAGE_SHOWN: Final = 2.8
TEACHING_MESSAGE_SHOWN: Final = 6.0  # a refused card's reason and the legal cards instead
FRAME_BUDGET_MS: Final = 12  # instant speed: the most time one frame spends making moves

WINDOW_REPAINTED: Final = (
    pygame.WINDOWEXPOSED,
    pygame.WINDOWSHOWN,
    pygame.WINDOWRESTORED,
    pygame.WINDOWMAXIMIZED,
    pygame.VIDEOEXPOSE,
)

OK_KEYS: Final = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_p)  # the OK after the exchange


class TableServices(Navigation, Lifetime, Media, Settings, SaveStatus, Worker, Reviews, Protocol):
    """What the table asks of the program: the stack and the menu, the demo's end, the card
    pictures and sounds, the names and speed from the preferences, the "not saved" notice's
    room, the worker for the tutor, the hand review from the score window."""


ResultScreen = Callable[["TableScene"], Scene]
"""A screen shown at the end of the game instead of the score window (the daily's): made by
whoever opened the table, with its own services."""


class TableScene(Scene):
    """The game table for one :class:`TableSource` (``hands_limit``: the demo stops after as
    many hands; ``on_new_game``: what "New game" does at the end; ``result``: the screen shown
    at the end of the game instead of the score window)."""

    app: TableServices

    def __init__(
        self,
        app: TableServices,
        source: TableSource,
        *,
        hands_limit: int | None = None,
        on_new_game: Callable[[], None] | None = None,
        result: ResultScreen | None = None,
    ) -> None:
        super().__init__(app)
        self.source = source
        # A game played here: its session holds teaching mode, practice and the daily hand.
        self.local = source if isinstance(source, LocalTable) else None
        session = self.local.session if self.local is not None else None
        self.session = session
        self.bottom = source.seat
        # Whether the seat takes the player's input (not the demo's, nor the computer's).
        self.human = session is None or (session.human_seat is not None and not session.autoplay)
        self.hands_limit = hands_limit
        self.on_new_game = on_new_game  # "New game" at the end (else: back to the menu)
        self.result = result  # the screen shown at the end instead of the score (the daily's)
        self.hands_done = 0
        self.view: SeatView = source.view()
        self.model = TableModel.from_view(self.view)
        self.held: list[Update] = []  # an opponent's move received before its pace was up
        self.sent = self.task(SentMove())  # a move sent, not answered yet: shown, then said
        self.message = ""
        self.message_shown = self.task(Countdown())
        self.message_boxed = False
        self.banner = ""
        self.banner_shown = self.task(Countdown())
        self.caught_up = self.task(Stopwatch(lambda: self.animator.idle))
        self.extra_hand = False
        self.score_open = False
        self.ready_for: int | None = None  # the hand whose score the seat has seen
        self.moon_open = False
        self.finished = False
        self.news = OnlineNews(self)  # a table elsewhere: people coming and going, its end
        self.layout = TableLayout((1280, 800), source.rules.players)
        self.hand = HandControls(self)
        self.animator = Animator(self)
        self.advisor = Advisor(self)
        self.renderer = TableRenderer(self)
        self._make_buttons()

    def _make_buttons(self) -> None:
        """The table's buttons, and each by name as the scene shows and hides them."""
        self.table_buttons = buttons = TableButtons(
            self.source.rules.players,
            pass_label=self._pass_label,
            confirm_pass=self.confirm_pass,
            hint=self.advisor.ask_for_hint,
            leave=self.news.leave,  # a host serving the table is asked first
            score=self.show_score_sheet,
            last_trick=self.show_last_trick,
            accept_received=self.accept_received,
            give_to_bot=self.give_to_bot,
        )
        self.pass_button, self.ok_button = buttons.pass_button, buttons.ok_button
        self.hint_button, self.menu_button = buttons.hint_button, buttons.menu_button
        self.score_button = buttons.score_button
        self.last_trick_button = buttons.last_trick_button
        self.bot_buttons = buttons.bot_buttons

    # -- lifecycle -------------------------------------------------------------------------------

    def enter(self) -> None:
        # What the source has at once (a new hand's deal) is shown before the player may act.
        updates = self.source.poll()
        if updates:
            self.view = self.source.view()
            self._take(updates)

    def exit(self) -> None:
        self.source.close()

    def pause(self) -> None:
        self.renderer.forget_screen()  # the scene pushed over the table draws on the screen

    def screen_spoiled(self) -> None:
        self.renderer.forget_screen()  # the App drew over the table (the "not saved" notice)

    def resize(self, size: tuple[int, int]) -> None:
        if size[0] <= 0 or size[1] <= 0:
            return
        # The "not saved" notice, when shown, covers the window's top: the table lies below it.
        notice = self.app.save_notice.height(size)
        large = self.app.prefs.large_cards
        self.layout = TableLayout(
            size, self.source.rules.players, notice, large_cards=large, teaching=self.teaching
        )
        self.table_buttons.place(self.layout, self.bottom)
        self.renderer.resize(size)

    # -- what the seat may do now ----------------------------------------------------------------

    def on_top(self) -> bool:
        """The table is the top scene (nothing drawn over it)."""
        return self.app.stack.top is self

    @property
    def message_timer(self) -> float:
        """Seconds the message is still shown."""
        return self.message_shown.left

    @property
    def banner_timer(self) -> float:
        """Seconds the banner is still shown."""
        return self.banner_shown.left

    @property
    def idle(self) -> bool:
        """Every update received has been shown."""
        return self.animator.idle and not self.held

    @property
    def speed(self) -> float:
        return self.app.speed_factor

    @property
    def teaching(self) -> bool:
        return self.session is not None and self.session.teaching

    def name(self, seat: int) -> str:
        """The name shown for ``seat`` (a game here uses the player's names, live)."""
        if self.local is not None:
            return self.app.prefs.name(seat)
        names = self.source.names
        return names[seat] if seat < len(names) else "?"

    def _player_may_act(self) -> bool:
        """The player takes this seat's decisions and everything received has been shown."""
        return self.idle and self.human and not self.sent.awaiting and not self.news.retrying

    def to_accept_received(self) -> bool:
        """The cards received are shown raised and the player has not said OK (nor played)."""
        return bool(self.hand.received) and self.human and self.view.phase is Phase.PLAY

    def human_to_pass(self) -> bool:
        view = self.view
        passing = view.phase is Phase.PASS and not view.pass_chosen[self.bottom]
        return passing and self._player_may_act()

    def human_to_play(self) -> bool:
        view = self.view
        return view.phase is Phase.PLAY and view.turn == self.bottom and self._player_may_act()

    def legal_cards(self) -> int:
        """The cards shown playable: the view's legal set on the player's turn, else none."""
        return self.view.legal_mask() if self.human_to_play() else 0

    def shown_greyed(self) -> set[int]:
        """The cards drawn greyed (the complement of the engine's legal set on the turn)."""
        if not self.human_to_play():
            return set()
        legal = self.legal_cards()
        return {c for c in self.model.hand if not legal >> c & 1}

    def practice_label(self) -> str:
        """ "Practice" once a hint or teaching mode was used (the game will not count)."""
        session = self.session
        return _("Practice") if session is not None and session.practice and self.human else ""

    # -- the seat's moves ------------------------------------------------------------------------

    def send(self, move: Move) -> None:
        self.sent.start(move)
        self.source.send(move)

    def accept_received(self) -> None:
        """OK after the exchange: the cards received go down among the others and the game
        goes on."""
        self.hand.end_received()

    def confirm_pass(self) -> None:
        selected = self.hand.selected
        if not self.human_to_pass() or len(selected) != PASS_SIZE:
            return
        move = Move.pass_cards(sorted(selected))
        reason = self.view.move_reason(move)
        if reason is not None:
            self.say(_(reason))
            return
        selected.clear()
        self.send(move)

    def play_card(self, card: int) -> None:
        """The player asks to play ``card``: sent if the rules allow it, else the reason."""
        if not self.human:
            return
        reason = self._refusal(card)
        if reason is not None:
            if self.teaching and self.human_to_play():
                sentence = self.advisor.explain_refusal(reason)
                if sentence:
                    self.say(sentence, TEACHING_MESSAGE_SHOWN, boxed=True)
                    return
            self.say(reason_message(reason, self.view.led_suit, self.view.first_lead))
            return
        self.hand.focus = None
        self.hand.end_received()  # the player leads the first trick: playing says OK
        self.send(Move.play(card))

    def _refusal(self, card: int) -> Reason | None:
        """Why the seat may not play ``card`` now (None: it may), from its view."""
        if self.view.phase is Phase.PLAY and not self.human_to_play():
            return Reason.NOT_YOUR_TURN  # or the screen has not caught up with the game yet
        return self.view.play_refusal(card)

    def may_give_to_bot(self, seat: int) -> bool:
        """Whether the player hosts this online table and ``seat`` is a friend's, in play."""
        source = self.source
        if not isinstance(source, HostControls) or seat == self.bottom or self.finished:
            return False
        return source.is_host and seat < len(source.kinds) and source.kinds[seat] in HELD

    def give_to_bot(self, seat: int) -> None:
        """(the host) A computer player takes the seat of an idle friend; the table says so
        (a SeatChanged) when it is done."""
        if self.may_give_to_bot(seat) and isinstance(self.source, HostControls):
            self.source.give_to_bot(seat)
            self.news.gave_to_bot(seat)  # and says so

    def choose_moon(self, subtract: bool) -> None:
        """The moon dialog's answer."""
        self.moon_open = False
        if self.human and self.view.phase is Phase.MOON_CHOICE:
            self.send(Move.moon(subtract))

    def next_hand(self) -> None:
        """The score window was closed: the seat is ready for the next hand."""
        self.score_open = False
        self.extra_hand = False
        self.banner_shown.stop()  # "shot the moon" was said: not again over the next deal
        if self.view.phase is Phase.HAND_OVER:
            self.ready_for = self.view.hand_number  # a remote table may wait for the others
            self.source.ready()

    def show_score_sheet(self) -> None:
        """The grey score window with every hand so far, to read only: it closes with Esc or
        OK and the game goes on where it was (the table does not run while it is open)."""
        if self.app.stack.top is self:
            self.app.stack.push(ScoreScene(self.app, self, read_only=True))

    def show_last_trick(self) -> None:
        """The trick taken last this hand, by seat, with its taker; to look only (the table
        waits while it is open). Before the hand's first trick is taken there is none."""
        if self.app.stack.top is not self:
            return
        if not self.model.last_trick:
            self.say(_("No trick has been taken yet this hand"))
            return
        self.app.stack.push(LastTrickScene(self.app, self))

    def new_game(self) -> None:
        """Another game (as whoever opened the table says), else back to the menu."""
        if self.on_new_game is not None:
            self.on_new_game()
        else:
            self.app.to_menu()

    def say(self, text: str, seconds: float = MESSAGE_SHOWN, *, boxed: bool = False) -> None:
        """Show ``text`` on the help line above the hand, or (``boxed``: the tutor's longer
        words) in the pale box above it."""
        self.message = text
        self.message_shown.start(seconds)
        self.message_boxed = boxed

    def show_banner(self, text: str, seconds: float = BANNER_SHOWN) -> None:
        self.banner = text
        self.banner_shown.start(seconds * (self.speed if self.speed > 0 else 0.5))

    def announce_moon(self, shooter: int) -> None:
        if shooter == self.bottom and self.human:
            self.show_banner(_("You shot the moon!"))
        else:
            self.show_banner(_("{name} shot the moon!").format(name=self.name(shooter)))
        self.banner_shown.start(MOON_SHOWN * max(self.speed, 0.5))

    # -- input -----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in WINDOW_REPAINTED:
            self.renderer.forget_screen()  # the window's pixels may be gone
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.news.leave()
                return True
            if self.ok_button.visible and event.key in OK_KEYS:
                self.accept_received()  # before P's pass: P says OK after the exchange
                return True
            if event.key == pygame.K_p:
                self.confirm_pass()
                return True
            if event.key == pygame.K_h:
                self.advisor.ask_for_hint()
                return True
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                undo(self)
                return True
            if event.key in (pygame.K_s, pygame.K_F4):
                self.show_score_sheet()
                return True
            if event.key == pygame.K_l:
                self.show_last_trick()
                return True
            return self.hand.key(event.key)
        if self.table_buttons.handle_event(event):
            return True
        if self.hand.mouse(event):
            return True
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.model.last_trick
            and self.layout.trick_area.collidepoint(event.pos)
        ):
            self.show_last_trick()  # a click on the trick, as in the classic game
            return True
        return False

    def card_chosen(self, card: int, *, raise_only: bool = False) -> None:
        """A card of the hand was clicked or chosen with the keys: raise it for the pass or
        play it (``raise_only``: the up arrow never lowers a raised card)."""
        if self.human_to_pass():
            if not (raise_only and card in self.hand.selected):
                self.hand.toggle(card)
            # At once, not at the next update: a click on Pass in the same frame counts.
            self.pass_button.enabled = len(self.hand.selected) == PASS_SIZE
        elif self.human_to_play():
            self.play_card(card)
        elif self.idle and self.human and self.view.phase is Phase.PLAY:
            self.say(reason_message(Reason.NOT_YOUR_TURN))

    # -- time ------------------------------------------------------------------------------------

    def busy(self) -> bool:
        waiting_for_player = (
            self.human_to_pass() or self.human_to_play() or self.to_accept_received()
        )
        timers = self.message_shown or self.banner_shown or self.hand.moving or self.advisor.busy
        return not waiting_for_player or bool(timers)

    def update(self, dt: float) -> None:
        if self.app.save_notice.height(self.layout.size) != self.layout.top_inset:
            self.resize(self.layout.size)  # the notice came or went: the table moves for it
        super().update(dt)  # the message, the banner, the time caught up
        self.advisor.tick(dt)
        self.hand.tick(dt)
        # Instant speed runs many moves in one frame; a time budget keeps the window responsive.
        deadline = pygame.time.get_ticks() + FRAME_BUDGET_MS
        remaining = dt
        for _round in range(400):
            remaining = self.animator.run(remaining)
            if self.finished or not self.animator.idle or self.app.stack.top is not self:
                break
            if self._waiting_for_ok() or not self._pull() or pygame.time.get_ticks() > deadline:
                break
            remaining = 0.0
        self.news.after_update()  # a table away or gone takes no move: before the buttons
        self.hand.clamp_focus()
        self.pass_button.visible = self.human_to_pass()
        self.pass_button.enabled = len(self.hand.selected) == PASS_SIZE
        self.hint_button.visible = self.human_to_pass() or self.human_to_play()
        # Online the trick goes on meanwhile: OK never lies over its cards (a play says OK).
        on_trick = self.local is None and bool(self.model.trick)
        self.ok_button.visible = self.to_accept_received() and self.idle and not on_trick
        self.last_trick_button.visible = bool(self.model.last_trick)
        for seat, button in enumerate(self.bot_buttons):
            button.visible, button.label = self.may_give_to_bot(seat), self.news.bot_label(seat)
        self.advisor.after_update()

    def _waiting_for_ok(self) -> bool:
        """A game played here waits for the player's OK after the exchange, as the classic
        game does (a table elsewhere goes on: the cards stay marked until OK or a play)."""
        return self.local is not None and self.to_accept_received()

    def _pull(self) -> bool:
        """With the screen caught up: take what the source has for the seat. Returns True when
        there was something to show."""
        if self.held:
            if self.caught_up.elapsed < AI_PACE * self.speed:
                return False
            updates, self.held = self.held, []
        else:
            updates = self.source.poll()
            if not updates:
                self._caught_up()
                return False
            self.view = self.source.view()
            first = updates[0]
            if (
                isinstance(first, CardPlayed)
                and first.seat != self.bottom
                and self.caught_up.elapsed < AI_PACE * self.speed
            ):
                self.held = updates  # people follow the opponents' plays at this pace
                return False
        self._take(updates)
        return True

    def _take(self, updates: list[Update]) -> None:
        """Queue what happened; the last event shown carries the view the updates led to."""
        events = []
        for update in updates:
            if self.sent.awaiting and self._answers_move(update):
                self.sent.answered()
            if isinstance(update, MoveRefused):
                self.say(refused_message(update))
            elif isinstance(update, TableClosed):
                self.news.table_closed(update.reason)  # a dialog says it
                self.finished, self.human = True, False  # nothing more is played here
            elif isinstance(update, SeatChanged):
                self.news.seat_changed(update)
                self.human = not self.news.seat_given  # the host gave the seat away
            else:
                events.append(update)
                if isinstance(update, ExtraHand):
                    self.extra_hand = True
        for index, event in enumerate(events):
            self.animator.queue(event, self.view if index == len(events) - 1 else None)

    def _answers_move(self, update: Update) -> bool:
        """Whether ``update`` settles the move this seat sent: the table refused or made it,
        or the seat, the hand or the table changed under it. Anything else (another seat's
        pass, someone joining) comes first on a table elsewhere, and must not ask again."""
        if isinstance(update, MoveRefused | TableClosed | HandStarted | HandScored):
            return True  # HandScored: a moon choice made
        if isinstance(update, PassChosen | CardPlayed | SeatChanged):
            return update.seat == self.bottom
        return False

    def _caught_up(self) -> None:
        """Nothing new and everything shown: the moon question or the score window, once."""
        view = self.view
        phase = view.phase
        if phase is Phase.MOON_CHOICE:
            if self.human and view.moon_shooter == self.bottom and not self.moon_open:
                self.moon_open = True
                self.app.stack.push(
                    moon_dialog(
                        self.app, lambda: self.choose_moon(True), lambda: self.choose_moon(False)
                    )
                )
            return
        if phase not in (Phase.HAND_OVER, Phase.GAME_OVER) or self.score_open:
            return
        if phase is Phase.HAND_OVER and self.ready_for == view.hand_number:
            return  # seen: the next hand comes when everyone at the table is ready
        self.score_open = True
        if phase is Phase.HAND_OVER:
            self.hands_done += 1
        if self.hands_limit is not None and (
            self.hands_done >= self.hands_limit or phase is Phase.GAME_OVER
        ):
            self.finished = True
            self.app.finish_demo()
            return
        if self.result is not None and phase is Phase.GAME_OVER:
            self.app.stack.push(self.result(self))
            return
        self.app.stack.push(ScoreScene(self.app, self, extra_hand=self.extra_hand))

    # -- drawing ---------------------------------------------------------------------------------

    def buttons(self) -> tuple[Button, ...]:
        """The table's buttons, in drawing order (each hides itself when it has nothing to do)."""
        return self.table_buttons.all()

    def _pass_label(self) -> str:
        players = self.source.rules.players
        return pass_label(self.model.pass_direction, self.bottom, players, self.name)

    def status_text(self) -> str:
        """The line of help above the hand."""
        return help_line(self)

    def draw(self, surface: pygame.Surface) -> None:
        """See :class:`scenes.table.renderer.TableRenderer`: the scene's state is only read."""
        self.renderer.draw(surface)

    def redraw(self, surface: pygame.Surface) -> None:
        """Every part painted afresh (the reference the cached frames are compared with)."""
        self.renderer.redraw(surface)


def undo(table: TableScene) -> None:
    """Ctrl+Z: the table again just before the player's last card (practice from now)."""
    if (again := take_back(table)) is not None:
        scene = TableScene(table.app, again, hands_limit=table.hands_limit, result=table.result)
        scene.on_new_game = table.on_new_game
        table.app.show_table(scene)
