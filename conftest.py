"""pytest's set-up for the whole project.

A module that runs compiled (game/native/builds.py) is not a Python file pytest can read doctests
from: those doctests are collected from the sources in a pure-Python run instead
(tests/test_native.py runs them).
"""

import importlib

from game.native import builds as native

for _name in native.MODULES:
    importlib.import_module(_name)

collect_ignore = [_name.replace(".", "/") + ".py" for _name in native.compiled()]
