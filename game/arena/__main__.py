"""``python -m game.arena``: the arena's command line (see :mod:`game.arena.duplicate`)."""

import sys

from game.arena.duplicate import main

sys.exit(main())
