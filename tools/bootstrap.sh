#!/bin/sh
# Creates .venv beside the project (once) and installs the project into it with its dev tools.
# Run by play.sh and test.sh; safe to run again (pip only installs what changed).
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
venv="$here/.venv"
if [ ! -x "$venv/bin/python" ]; then
    if ! python3 -m venv "$venv" 2>/dev/null; then
        rm -rf "$venv"
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
            apt-get update -q && apt-get install -y -q python3-venv
            python3 -m venv "$venv"
        else
            echo "Python's venv module is missing: install it with 'sudo apt install python3-venv', then run this again." >&2
            exit 1
        fi
    fi
fi
stamp="$venv/.installed"
# The versions of constraints.txt (the ones the game is tested and packaged with).
if [ ! -f "$stamp" ] || [ "$here/pyproject.toml" -nt "$stamp" ] || [ "$here/constraints.txt" -nt "$stamp" ]; then
    "$venv/bin/python" -m pip install -q --upgrade pip
    "$venv/bin/python" -m pip install -q -c "$here/constraints.txt" -e "$here[dev]"
    touch "$stamp"
fi
# The commit-msg hook: a subject over 72 characters cannot land (tools/commit_message.py).
sh "$here/tools/install_hooks.sh" || true
# The engine's hot modules compiled (game/native/builds.py), when this machine can: rebuilt after any
# change to their sources, and a build that does not match them is never used.
"$venv/bin/python" "$here/tools/compile_engine.py" || true
