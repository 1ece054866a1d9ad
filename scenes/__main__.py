"""``python -m scenes``: start the game (see ``python -m scenes --help``)."""

from scenes.app import main

raise SystemExit(main())
