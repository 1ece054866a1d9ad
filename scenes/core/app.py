"""The program's window: the App (profile, settings, card art, sound, worker, scene stack) and
its main loop; :func:`main` runs it. The command line is :mod:`scenes.core.cli`, the start-up's
reports :mod:`scenes.core.startup`.

python -m scenes --help
"""

from __future__ import annotations

import logging
import os
import signal
import sqlite3
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from scenes.core import display
from scenes.core.cli import (
    DEFAULT_SIZE,
    MIN_SIZE,
    STARTUP_ENV,
    Options,
    build_parser,
    parse_args,
)
from scenes.core.startup import (
    compiled_engine,
    name_the_window,
    process_age,
    profile_notices,
    report_crash,
)

if TYPE_CHECKING:  # the scenes import pygame: the command line's --help does not need it
    import pygame

    from game.records.profile import DailyResult
    from scenes.core.pacing import Pacing
    from scenes.core.scene import Scene
    from scenes.table.session import GameSession

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

log = logging.getLogger("dame-de-pique")


__all__ = ["App", "Options", "build_parser", "main", "parse_args"]


class App:
    """The window and everything the scenes share: profile, settings, card art, sound, worker."""

    def __init__(self, options: Options) -> None:
        import pygame

        from game.records.profile import Profile
        from scenes.core import i18n
        from scenes.core.card_art import CardArt
        from scenes.core.preferences import Preferences
        from scenes.core.save_notice import SaveNotice
        from scenes.core.scene import SceneStack
        from scenes.core.sound import Sound
        from scenes.core.thinking import Thinker
        from scenes.table.kept_games import KeptGames

        self.options = options
        self.exit_code = 0
        self.running = True
        self.notices: list[str] = []
        display.declare_dpi_awareness()  # before SDL starts: real pixels on scaled screens
        pygame.init()
        self.profile = Profile.open(options.profile)
        self.save_notice = SaveNotice(self.profile.unsaved)
        self._save_notice_shown = ""
        self.prefs = Preferences.load(self.profile)
        self.games = KeptGames(
            self.profile,
            self.save_notice,
            lambda seat: self.prefs.name(seat),
            self._cannot_save,
            self._tell,
            lambda: self.prefs.learn_from_me,
        )
        # --speed and --lang hold until the player picks another value in Settings.
        self.speed_override: str | None = options.speed
        self.language_override: str | None = options.lang
        try:
            i18n.set_language(options.lang or self._stored_language())
        except ValueError:
            i18n.set_language(None)
        self.notices.extend(profile_notices(self.profile))
        self.notices.extend(self.games.learning_notices())
        size = options.size or display.first_size(DEFAULT_SIZE, self.profile)
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption("Dame de pique")
        self._set_window_limits()
        self._set_icon()
        pygame.key.set_repeat(350, 40)
        self.card_art = CardArt(
            four_colour=self.prefs.four_colour, english_indices=self.prefs.english_indices
        )
        self.sound = Sound(muted=self.prefs.mute)
        self.sound.init()
        self.thinker = Thinker()
        self.stack = SceneStack()
        self.stack.size = self.screen.get_size()
        self.frames = 0  # frames drawn
        self.pacing: Pacing | None = None  # the main loop's rhythm, while it runs
        self.first_frame_time: float | None = None

    # -- set-up ----------------------------------------------------------------------------------

    def _stored_language(self) -> str | None:
        return None if self.prefs.language == "system" else self.prefs.language

    def _set_window_limits(self) -> None:
        import warnings

        import pygame

        try:
            with warnings.catch_warnings():  # deprecated for Window rendering, which we do not use
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            window.minimum_size = MIN_SIZE
        except (AttributeError, pygame.error, ValueError):
            log.debug("the window's minimum size cannot be set here")

    def _set_icon(self) -> None:
        import pygame

        from scenes.core import assets

        try:
            pygame.display.set_icon(assets.image("icon/icon-64.png"))
        except (assets.AssetMissing, pygame.error) as exc:
            log.info("no window icon: %s", exc)

    def start(self) -> None:
        """The first scenes, as the command line asks."""
        from scenes.screens.menu import MenuScene
        from scenes.table import games

        options = self.options
        self.stack.push(MenuScene(self))
        if options.demo:
            games.demo(self, options.hands or 1)
        elif options.autoplay or options.new_game:
            games.new_game(self, self.prefs.new_game, autoplay=options.autoplay)
        elif options.resume and self.has_saved_game():
            games.continue_game(self)
        elif options.date is not None:  # a date's daily challenge (an earlier one: practice)
            from scenes.records.daily import DailyScene

            self.stack.push(DailyScene(self, options.date))

    # -- the loop --------------------------------------------------------------------------------

    def moving(self) -> bool:
        """Something on the window changes on its own: the top scene is busy (an animation,
        a computer player thinking, a timer that shows) or "saved again" is counting down."""
        top = self.stack.top
        return (top is not None and top.busy()) or self.save_notice.recovered > 0

    def looks(self) -> tuple[object, ...]:
        """What a still window shows: a wake redraws it only when this changed."""
        top = self.stack.top
        return (top, self.save_notice.text(), None if top is None else top.clock_face())

    def run(self) -> int:
        from scenes.core.pacing import Pacing

        self.start()
        self.welcome()
        pacing = self.pacing = Pacing()
        started = time.perf_counter()
        report = self.options.report_startup or os.environ.get(STARTUP_ENV, "") not in ("", "0")
        while self.running:
            if not self.step(pacing):
                break
            if self.first_frame_time is None:
                self.first_frame_time = process_age()
                if report:
                    print(f"startup: first frame after {self.first_frame_time:.3f} s", flush=True)
                    print(f"startup: compiled engine modules: {compiled_engine()}", flush=True)
                self.thinker.start()
            exit_after = self.options.exit_after
            if exit_after is not None and time.perf_counter() - started >= exit_after:
                self.running = False
        return self.shutdown()

    def step(self, pacing: Pacing) -> bool:
        """One turn of the loop: the events (or a sleep), the updates, and a frame drawn when
        something changed; False when the window is to close. Frames come at full rate while
        something moves, none while nothing does (see scenes.core.pacing): a still window
        costs next to no processor, and news from a table elsewhere wakes it (an event)."""
        import pygame

        before = self.looks()
        dt, events = pacing.next_events(self.moving())
        for event in events:
            self.handle_event(event)
        if not self.running:
            return False
        self.stack.update(dt)
        self.save_notice.update(dt)
        if not self.stack.scenes:
            return False
        changed = self.moving() or self.looks() != before
        if pacing.should_draw(events, changed or self.first_frame_time is None):
            self.stack.draw(self.screen)
            self.draw_save_notice()
            pygame.display.flip()
            self.frames += 1
        return True

    def handle_event(self, event: pygame.event.Event) -> None:
        import pygame

        if event.type == pygame.QUIT:
            self.quit()
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.resize()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_F1, pygame.K_F2):
            self.function_key(event.key)
        elif not self.stack.handle_event(event) and event.type == pygame.DROPFILE:
            self.open_dropped(str(event.file))

    def open_dropped(self, path: str) -> None:
        """A file dropped on the window and left by the screen on top (Players takes photos):
        a game or hand in the notation, opened for review (docs/notation.md)."""
        from scenes.records.open_game import OpenGameScene

        if self.options.demo:
            return
        scene = OpenGameScene(self)
        self.stack.push(scene)
        scene.open_path(path)

    def function_key(self, key: int) -> None:
        """As in the classic game: F1 the rules and the keys, F2 a new game (asking first
        when one is in progress). Not in the demo, nor over the first launch's question."""
        import pygame

        from scenes.screens.rules_summary import RulesScene
        from scenes.screens.welcome import WelcomeScene
        from scenes.table import games

        top = self.stack.top
        if self.options.demo or isinstance(top, WelcomeScene | RulesScene):
            return
        if key == pygame.K_F1:
            self.stack.push(RulesScene(self))
        else:
            games.ask_new_game(self)

    def welcome(self) -> None:
        """The first launch asks the player's name (once: see scenes.screens.welcome)."""
        from scenes.screens.menu import MenuScene
        from scenes.screens.welcome import WelcomeScene

        if not self.prefs.welcomed and isinstance(self.stack.top, MenuScene):
            self.stack.push(WelcomeScene(self))

    def resize(self) -> None:
        import pygame

        surface = pygame.display.get_surface()
        if surface is None:
            return
        size = surface.get_size()
        held = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        if held != size:  # where the system does not hold the minimum size, the window does
            surface = pygame.display.set_mode(held, surface.get_flags())
            size = surface.get_size()
        self.screen = surface
        if size != self.stack.size:
            self.card_art.clear()
            self.stack.resize(size)

    def shutdown(self) -> int:
        import pygame

        if self.options.screenshot is not None and self.frames:
            try:
                pygame.image.save(self.screen, str(self.options.screenshot))
            except (pygame.error, OSError) as exc:
                print(f"dame-de-pique: cannot save the screenshot: {exc}", file=sys.stderr)
                self.exit_code = self.exit_code or 1
        self.stack.reset()  # each scene's exit() runs: the table saves the game
        self.thinker.shutdown()
        if not self.options.size:  # the size the player left, for the next start
            display.remember_size(self.profile, self.screen.get_size())
        self.profile.close()
        pygame.quit()
        return self.exit_code

    def quit(self) -> None:
        self.running = False

    def finish_demo(self) -> None:
        """The demo played what it was asked to: leave with success."""
        self.exit_code = 0
        self.running = False

    # -- settings --------------------------------------------------------------------------------

    @property
    def speed_factor(self) -> float:
        """Every animation time is multiplied by this (0: instant)."""
        from scenes.core.preferences import SPEEDS

        return SPEEDS.get(self.speed_override or self.prefs.speed, 1.0)

    @property
    def notice(self) -> str:
        return "  ".join(self.notices)

    def save_preferences(self) -> None:
        try:
            self.prefs.save(self.profile)
        except sqlite3.Error as exc:
            self._cannot_save(exc)

    def shown_language(self) -> str:
        """The language in use as Settings shows it (a --lang override included)."""
        return self.language_override or self.prefs.language

    def set_language(self, value: str) -> None:
        from scenes.core import i18n

        self.prefs.language = value
        self.language_override = None
        i18n.set_language(None if value == "system" else value)
        self.stack.resize(self.stack.size)  # every screen laid out again for its new words

    def shown_speed(self) -> str:
        """The animation speed in use as Settings shows it (a --speed override included)."""
        return self.speed_override or self.prefs.speed

    def set_speed(self, value: str) -> None:
        self.prefs.speed = value
        self.speed_override = None

    def set_mute(self, mute: bool) -> None:
        self.prefs.mute = mute
        self.sound.muted = mute

    def set_card_back(self, style: int) -> None:
        self.prefs.card_back = style

    def set_four_colour(self, on: bool) -> None:
        self.prefs.four_colour = on
        self.card_art.four_colour = on

    def play_sound(self, name: str) -> None:
        self.sound.play(name)

    def _cannot_save(self, exc: Exception) -> None:
        """A write failed: said on screen (once) until a later one works."""
        from game.records.profile import write_problem

        self.save_notice.failed(write_problem(exc, self.profile.path.parent))

    def draw_save_notice(self) -> None:
        """The "not saved" notice over whatever scene is shown, and in the menu what the
        start-up has to say (:attr:`notices`) above it, over the menu's window. When it
        changes, the scenes are told that the window's pixels are not only theirs (the table
        repaints whole)."""
        from scenes.screens.menu import MenuScene

        notes = self.notices if isinstance(self.stack.top, MenuScene) else []
        self.save_notice.draw(self.screen, notes)
        text = "\n".join((*notes, self.save_notice.text()))
        if text != self._save_notice_shown:
            self._save_notice_shown = text
            for scene in self.stack.scenes:
                scene.screen_spoiled()

    # -- the game in progress (kept by scenes.table.kept_games) ------------------------------

    def has_saved_game(self) -> bool:
        return self.games.has_saved_game()

    def save_game(self, session: GameSession) -> None:
        self.games.save_game(session)

    def clear_saved_game(self, slot: str | None = None) -> None:
        self.games.clear_saved_game(slot)

    def record_finished(self, session: GameSession, outcome: str = "finished") -> None:
        self.games.record_finished(session, outcome)

    def record_daily(self, session: GameSession) -> DailyResult | None:
        return self.games.record_daily(session)

    def person_marks(self, session: GameSession) -> int:
        return self.games.person_marks(session)

    def learn_hand(self, session: GameSession) -> None:
        self.games.learn_hand(session)

    def forget_learned(self) -> None:
        """Settings' "Forget what they learned" (scenes.table.learning)."""
        self.games.learning.forget()

    def set_saved_game_aside(self, exc: Exception) -> None:
        self.games.set_saved_game_aside(exc)

    def abandon_saved_game(self) -> None:
        self.games.abandon_saved_game()

    def _tell(self, sentence: str) -> None:
        self.notices.append(sentence)
        self.refresh_menu()

    def show_table(self, table: Scene) -> None:
        """Put ``table`` on screen, over the menu (the menu is what Esc goes back to)."""
        from scenes.screens.menu import MenuScene

        if self.stack.find(MenuScene) is None:
            self.stack.reset(MenuScene(self))
        self.to_menu()
        self.stack.push(table)

    def leave_game(self) -> None:
        """Esc at the table: the game is saved; back to the menu, which offers to continue."""
        self.to_menu()

    def to_menu(self) -> None:
        from scenes.screens.menu import MenuScene

        menu = self.stack.find(MenuScene)
        if menu is None:
            self.stack.reset(MenuScene(self))
            return
        while self.stack.top is not menu:
            self.stack.pop()

    def refresh_menu(self) -> None:
        """The menu shows what it offers now (Continue comes and goes)."""
        from scenes.screens.menu import MenuScene

        menu = self.stack.find(MenuScene)
        if isinstance(menu, MenuScene):
            menu.rebuild()

    # -- screens ---------------------------------------------------------------------------------

    def hand_review(self, saved: Any, hand: int, seat: int, names: list[str]) -> Scene:
        """The review of a hand just played (the score window opens it; the records own it)."""
        from scenes.records.hand_review import HandReviewScene

        return HandReviewScene(self, saved, hand, seat, names)

    def has_saved_daily(self) -> bool:
        from game.records.profile import DAILY_GAME

        try:
            return self.profile.has_game(DAILY_GAME)
        except sqlite3.Error:
            return False


def main(argv: Sequence[str] | None = None) -> int:
    """The console script ``dame-de-pique`` and ``python -m scenes``."""
    import multiprocessing

    multiprocessing.freeze_support()  # the computer players' worker process in a frozen build
    logging.basicConfig(level=logging.WARNING, format="dame-de-pique: %(message)s")
    name_the_window()  # before pygame is imported (parse_args imports it)
    args = parse_args(argv)  # bad values: argparse prints the message and exits with status 2
    options = Options.from_args(args)
    from scenes.core.assets import AssetMissing

    try:
        import pygame
    except ImportError:
        print("dame-de-pique: pygame-ce is not installed (run ./play.sh)", file=sys.stderr)
        return 1
    signal.signal(signal.SIGTERM, lambda *_: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    app: App | None = None
    try:
        app = App(options)
        return app.run()
    except AssetMissing as exc:
        print(f"dame-de-pique: {exc}", file=sys.stderr)
        return 1
    except pygame.error as exc:
        print(f"dame-de-pique: the window cannot open: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a bug: say so in one line, keep the details in a file
        saving = app is not None and app.profile.saving and app.save_notice.failing is None
        code = report_crash(exc, options, saving)
        if app is not None:
            try:
                app.shutdown()  # saves the game through the table's exit()
            except Exception:
                log.debug("shutting down after the error failed too", exc_info=True)
        return code
