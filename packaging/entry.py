"""Entry script of the standalone program (PyInstaller needs a script, not a console-script name).

It does what the ``dame-de-pique`` console script and ``python -m scenes`` do: run
``scenes.core.app:main`` and exit with its return code. A windowed build (Windows, the macOS
.app) has no console: when the game stops with an error, the sentence it wrote to stderr is
shown in a native message box (packaging/pyi_rth_streams.py keeps it).
"""

import sys
from collections.abc import Callable

INTERRUPTED = 130  # Ctrl+C: nothing to tell


def last_sentences(stream: object, lines: int = 6) -> str:
    """What a windowed build's stderr last said ("" for a real console)."""
    if not getattr(stream, "windowed_stderr", False):
        return ""
    said = [line for line in str(getattr(stream, "text", "")).splitlines() if line.strip()]
    return "\n".join(said[-lines:])


def show_error_box(message: str) -> None:
    """A native message box (SDL's: no window needed); silent if even that cannot open."""
    try:
        import pygame

        pygame.display.message_box("Dame de pique", message, message_type="error")
    except Exception:  # no display at all: nothing more can be shown
        pass


def report_fatal(status: int, stream: object, show: Callable[[str], None] = show_error_box) -> None:
    if status in (0, INTERRUPTED):
        return
    message = last_sentences(stream)
    if message:
        show(message)


if __name__ == "__main__":
    from scenes.core.app import main

    code = main()
    report_fatal(code, sys.stderr)
    sys.exit(code)
