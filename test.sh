#!/bin/sh
# Installs what the tests need (first time only), then lint, format, types and the whole suite.
set -e
here=$(cd "$(dirname "$0")" && pwd)
"$here/tools/bootstrap.sh"
cd "$here"
bin="$here/.venv/bin"
"$bin/ruff" check .
"$bin/ruff" format --check .
"$bin/mypy"
"$bin/python" -m pytest -n auto -q "$@"
