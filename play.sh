#!/bin/sh
# Installs what the game needs (first time only) and starts it. Extra arguments go to the game.
set -e
here=$(cd "$(dirname "$0")" && pwd)
"$here/tools/bootstrap.sh"
exec "$here/.venv/bin/python" -m scenes "$@"
