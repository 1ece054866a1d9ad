"""The rules engine: pure Python, no pygame (see README's table of modules).

Its hot modules run compiled when a build of exactly these sources exists
(:mod:`game.native.builds`).
"""

from game.native.builds import prefer_compiled as _prefer_compiled

__path__[:] = _prefer_compiled(list(__path__))
