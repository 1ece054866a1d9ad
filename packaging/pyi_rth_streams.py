"""PyInstaller run-time hook: a windowed build has no console. On Windows Python sets
``sys.stdout``/``sys.stderr`` to None and any ``print`` would raise; a macOS app opened from the
Finder gets the null device for both (not None), so whatever it writes is lost. Send stdout to
the null device, and keep stderr's last lines in memory (and, on macOS, in
``~/Library/Logs/Dame de pique/dame-de-pique.log``, where Console.app finds it): when the game
stops with an error before its window can say it ("the window cannot open", a missing file),
packaging/entry.py shows them in a native message box instead of exiting with nothing
visible."""

import io
import os
import stat
import sys
from pathlib import Path


class LastWords(io.TextIOBase):
    """A text stream that keeps only the last few thousand characters written to it, and
    copies everything to ``log`` when given (the file is made at the first write)."""

    KEEP = 4000
    windowed_stderr = True  # what packaging/entry.py looks for

    def __init__(self, log: Path | None = None) -> None:
        super().__init__()
        self.text = ""
        self.log = log
        self._log_file: io.TextIOWrapper | None = None

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.text = (self.text + text)[-self.KEEP :]
        if self.log is not None:
            try:
                if self._log_file is None:
                    self.log.parent.mkdir(parents=True, exist_ok=True)
                    self._log_file = open(self.log, "w", encoding="utf-8")  # noqa: SIM115
                self._log_file.write(text)
                self._log_file.flush()
            except OSError:
                self.log = None  # no log then; the message box still shows the last words
        return len(text)


def goes_nowhere(stream: object) -> bool:
    """Whether ``stream`` is None or writes to the null device."""
    if stream is None:
        return True
    try:
        mode = os.fstat(stream.fileno())  # type: ignore[attr-defined]
        null = os.stat(os.devnull)
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return False
    return stat.S_ISCHR(mode.st_mode) and mode.st_rdev == null.st_rdev


def log_file() -> Path | None:
    """macOS: where an app's log goes (Console.app lists ~/Library/Logs); None elsewhere."""
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Logs" / "Dame de pique" / "dame-de-pique.log"
    return None


if sys.stdout is None:
    sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (lives as long as the program)
if sys.stderr is None or (sys.platform == "darwin" and goes_nowhere(sys.stderr)):
    sys.stderr = LastWords(log_file())
