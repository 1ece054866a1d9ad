"""PyInstaller run-time hook: a windowed build (Windows, macOS .app) has no console, so Python
sets ``sys.stdout``/``sys.stderr`` to None and any ``print`` would raise. Send stdout to the null
device, and keep stderr's last lines in memory: when the game stops with an error before its
window can say it ("the window cannot open", a missing file), packaging/entry.py shows them in
a native message box instead of exiting with nothing visible."""

import io
import os
import sys


class LastWords(io.TextIOBase):
    """A text stream that keeps only the last few thousand characters written to it."""

    KEEP = 4000
    windowed_stderr = True  # what packaging/entry.py looks for

    def __init__(self) -> None:
        super().__init__()
        self.text = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.text = (self.text + text)[-self.KEEP :]
        return len(text)


if sys.stdout is None:
    sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (lives as long as the program)
if sys.stderr is None:
    sys.stderr = LastWords()
