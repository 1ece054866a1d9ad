"""The compiled fast path: which mypyc build of the engine's hot modules may run
(:mod:`game.native.builds`), used only when built from exactly these sources.

May import nothing of the project: ``game``, ``game.engine`` and ``game.ai`` import it before
anything else, to put the build in front of their path.
"""
