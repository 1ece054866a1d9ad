"""PyInstaller run-time hook: a windowed build (Windows, macOS .app) has no console, so Python
sets ``sys.stdout``/``sys.stderr`` to None and any ``print`` would raise. Send them to the null
device instead, so the game behaves the same with or without a console."""

import os
import sys

for _name in ("stdout", "stderr"):
    if getattr(sys, _name) is None:
        setattr(sys, _name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 (lives as long as the program)
