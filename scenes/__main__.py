"""``python -m scenes``: start the game (see ``python -m scenes --help``)."""

if __name__ == "__main__":  # not when a worker process re-imports this module
    from scenes.core.app import main

    raise SystemExit(main())
