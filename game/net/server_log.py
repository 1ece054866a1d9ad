"""The table server's log: one line a record, and at most a few lines of each kind a second.

The tables and connections write to the ``game.net.server`` logger; the rate limit is attached
to it as soon as this module is loaded (by the server, in its own process or in the window).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Final

log = logging.getLogger("game.net.server")

LOG_RATE: Final = 2.0  # warning and error lines a second the log may write on average...
LOG_BURST: Final = 50.0  # ...and at once; the rest are counted, and the count written
INFO_RATE: Final = 20.0  # information lines (tables, seats, games) a second, on average...
INFO_BURST: Final = 200.0  # ...and at once: a busy server's joins pass, a loop's do not


class OneLineFormatter(logging.Formatter):
    """Every record on one line, a traceback included (joined with " | "), so an operator
    reads, greps and rotates one line per join, game or error."""

    def format(self, record: logging.LogRecord) -> str:
        return super().format(record).replace("\n", " | ")


class _Bucket:
    """``rate`` lines a second on average, ``burst`` at once, and the count of those left out."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate, self.burst = rate, burst
        self.level, self.stamp, self.left_out = burst, now, 0

    def take(self, now: float) -> bool:
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.level < 1:
            self.left_out += 1
            return False
        self.level -= 1
        return True


class LogRateLimit(logging.Filter):
    """Every line is rate-limited: at most ``rate`` warning or error lines a second (``burst``
    at once), and ``info_rate`` (``info_burst``) information lines, so that neither a hostile
    client nor a loop (two windows taking one seat from each other wrote hundreds of "back in
    seat" lines, issue 40) can make the log unreadable or fill its disk, and a flood of one
    kind does not hide the other. Lines beyond the limit are counted, and the next line
    written of that kind says how many were left out."""

    def __init__(
        self,
        rate: float = LOG_RATE,
        burst: float = LOG_BURST,
        clock: Callable[[], float] = time.monotonic,
        info_rate: float = INFO_RATE,
        info_burst: float = INFO_BURST,
    ) -> None:
        super().__init__()
        self.bucket_rate, self.bucket_burst, self.clock = rate, burst, clock
        self.info_rate, self.info_burst = info_rate, info_burst
        self.reset()

    def reset(self) -> None:
        now = self.clock()
        self.warnings = _Bucket(self.bucket_rate, self.bucket_burst, now)
        self.infos = _Bucket(self.info_rate, self.info_burst, now)

    def filter(self, record: logging.LogRecord) -> bool:
        bucket = self.infos if record.levelno <= logging.INFO else self.warnings
        if not bucket.take(self.clock()):
            return False
        if bucket.left_out:
            kind = "information" if bucket is self.infos else "warning"
            record.msg = f"({bucket.left_out} {kind} lines left out) {record.msg}"
            bucket.left_out = 0
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
