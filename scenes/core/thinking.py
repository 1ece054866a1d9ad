"""The computer players think in a worker process, so the window never waits for them.

A worker thread would share Python's global lock with the frame loop and make frames stutter
while the Hard player searches; a process does not. The work is plain functions of picklable
values (a player and its seat's view). Where processes cannot be started, a thread does the job.
"""

from __future__ import annotations

import logging
import multiprocessing
import multiprocessing.connection
import os
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from game.engine import players
from game.engine.players import Player
from game.engine.view import SeatView

log = logging.getLogger(__name__)


def decide(player: Player, view: SeatView) -> str:
    """The move ``player`` makes from ``view`` (:func:`game.engine.players.decide`), written as
    :class:`game.engine.moves.Move` writes it, so plain text crosses the process boundary."""
    return str(players.decide(player, view))


def advise(view: SeatView, seed: str) -> tuple[list[int], Any]:
    """The tutor's hint for the seat's pass or play: the cards and the sentence saying why
    (:class:`game.text.sentences.Sentence`, rendered by the window in the player's language)."""
    from game.engine.hand import Phase
    from game.tutor import advice as tutor

    advice = (
        tutor.advise_pass(view, seed) if view.phase is Phase.PASS else tutor.advise_play(view, seed)
    )
    return [int(c) for c in advice.cards], advice.sentence


def daily_setup(day: Any) -> tuple[str, dict[int, list[int]]]:
    """The daily challenge of ``day`` (a ``datetime.date``): its pass direction's name and the
    opponents' fixed passes (the Hard AI's searches: a fraction of a second)."""
    from game.records import daily

    challenge = daily.daily_challenge(day)
    passes = {seat: [int(c) for c in cards] for seat, cards in challenge.opponent_passes.items()}
    return challenge.pass_direction.name, passes


def daily_par(day: Any) -> tuple[int, int]:
    """The daily challenge's par and the tricks the tutor took (a whole hand of Hard play:
    seconds of work)."""
    from game.records import daily

    played = daily.par_play(day)
    return played.points, played.tricks


def _ready() -> bool:
    return True


def worker_pid() -> int:
    """The process a job runs in (tests use it to find the worker)."""
    return os.getpid()


def _leave_with_parent() -> None:
    """Runs in the worker when it starts: end the worker when the game's process ends, even
    when the game is killed and cannot shut the pool down (else the idle worker lingers)."""
    parent = multiprocessing.parent_process()
    if parent is None or parent.sentinel is None:
        return
    sentinel = parent.sentinel

    def watch() -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


class Thinker:
    """Runs the players' decisions off the frame loop; :meth:`submit` returns a future."""

    def __init__(self, use_process: bool = True) -> None:
        self.use_process = use_process
        self._executor: Executor | None = None

    def start(self) -> None:
        """Start the worker (the app calls this after its first frame, to keep start-up quick)."""
        if self._executor is None:
            self._executor = self._process_pool() if self.use_process else self._thread_pool()

    @property
    def executor(self) -> Executor:
        self.start()
        assert self._executor is not None
        return self._executor

    @staticmethod
    def _thread_pool() -> Executor:
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")

    def _process_pool(self) -> Executor:
        try:
            pool = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_leave_with_parent,
            )
            pool.submit(_ready)  # start the worker now, while the player looks at the menu
            return pool
        except (OSError, NotImplementedError, ImportError, ValueError) as exc:
            log.info("computer players think in a thread (no worker process: %s)", exc)
            return self._thread_pool()

    def submit(self, work: Callable[..., Any], *args: Any) -> Future[Any]:
        try:
            return self.executor.submit(work, *args)
        except (BrokenProcessPool, RuntimeError, OSError) as exc:
            log.warning("the worker process stopped (%s); thinking in a thread from now on", exc)
            self.executor.shutdown(wait=False, cancel_futures=True)
            self._executor = self._thread_pool()
            return self._executor.submit(work, *args)

    def shutdown(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
