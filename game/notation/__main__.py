"""``python -m game.notation``: see :mod:`game.notation.cli`."""

import sys

from game.notation.cli import main

sys.exit(main())
