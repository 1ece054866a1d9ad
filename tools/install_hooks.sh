#!/bin/sh
# Puts the repository's git hooks (tools/git-hooks/) in place, for every worktree of this
# clone; a hook of the same name that is not ours is left alone, with a note. Run by
# tools/bootstrap.sh; does nothing outside a git checkout.
here=$(cd "$(dirname "$0")/.." && pwd)
hooks=$(git -C "$here" rev-parse --path-format=absolute --git-path hooks 2>/dev/null) || exit 0
mkdir -p "$hooks" || exit 0
for hook in "$here"/tools/git-hooks/*; do
    name=$(basename "$hook")
    target="$hooks/$name"
    if [ -e "$target" ] && ! grep -q "tools/bootstrap.sh" "$target"; then
        echo "note: $target is not the project's; left as it is (see $hook)" >&2
        continue
    fi
    cp "$hook" "$target" && chmod +x "$target"
done
