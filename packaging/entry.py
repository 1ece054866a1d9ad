"""Entry script of the standalone program (PyInstaller needs a script, not a console-script name).

It does what the ``dame-de-pique`` console script and ``python -m scenes`` do: run
``scenes.core.app:main`` and exit with its return code.
"""

import sys

from scenes.core.app import main

if __name__ == "__main__":
    sys.exit(main())
