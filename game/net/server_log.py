"""The table server's log: one line a record, and at most a few warning lines a second.

The tables and connections write to the ``game.net.server`` logger; the rate limit is attached
to it as soon as this module is loaded (by the server, in its own process or in the window).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Final

log = logging.getLogger("game.net.server")

LOG_RATE: Final = 2.0  # warning lines a second the log may write on average...
LOG_BURST: Final = 50.0  # ...and at once; the rest are counted, and the count written


class OneLineFormatter(logging.Formatter):
    """Every record on one line, a traceback included (joined with " | "), so an operator
    reads, greps and rotates one line per join, game or error."""

    def format(self, record: logging.LogRecord) -> str:
        return super().format(record).replace("\n", " | ")


class LogRateLimit(logging.Filter):
    """At most ``rate`` warning lines a second (``burst`` at once): a hostile client makes
    warnings at its own pace, and the log must stay readable and its disk unfilled. Lines
    beyond the limit are counted, and the next line written says how many were left out.
    Information lines (tables, seats, games) and errors always pass."""

    def __init__(
        self,
        rate: float = LOG_RATE,
        burst: float = LOG_BURST,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self.bucket_rate, self.bucket_burst, self.clock = rate, burst, clock
        self.reset()

    def reset(self) -> None:
        self.level_now = self.bucket_burst
        self.stamp = self.clock()
        self.left_out = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno != logging.WARNING:
            return True
        now = self.clock()
        self.level_now = min(
            self.bucket_burst, self.level_now + (now - self.stamp) * self.bucket_rate
        )
        self.stamp = now
        if self.level_now < 1:
            self.left_out += 1
            return False
        self.level_now -= 1
        if self.left_out:
            record.msg = f"({self.left_out} warning lines left out) {record.msg}"
            self.left_out = 0
        return True


LOG_LIMIT: Final = LogRateLimit()
log.addFilter(LOG_LIMIT)


def log_to_stderr() -> None:
    """The server's log: one line each for tables, seats, games and errors (the websockets
    library's own open/close lines, one more per connection, only when something is wrong)."""
    handler = logging.StreamHandler()
    handler.setFormatter(OneLineFormatter("%(asctime)s %(levelname)s %(message)s"))
    logging.basicConfig(level=logging.INFO, handlers=[handler])
    logging.getLogger("game.net.websockets").setLevel(logging.WARNING)
