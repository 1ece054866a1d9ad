"""The commit message rule: a subject of at most 72 characters, and a merge's subject starts
with "Merge " (``Merge <what>``). Used by the commit-msg hook (tools/git-hooks/commit-msg, put in
place by tools/bootstrap.sh) and by tests/test_commits.py over the history since the layout.

    python tools/commit_message.py MESSAGE_FILE [--merge]   # exit 1 with a sentence if refused
"""

from __future__ import annotations

import sys
from pathlib import Path

MAX_SUBJECT = 72
MERGE_PREFIX = "Merge "


def subject_of(message: str, comment_char: str = "#") -> str:
    """The subject as ``git log --format=%s`` shows it: the first paragraph, its lines joined by
    spaces, comment lines left out (git removes them after the hook has run)."""
    lines: list[str] = []
    for line in message.splitlines():
        if line.startswith(comment_char):
            continue
        if not line.strip():
            if lines:
                break
            continue
        lines.append(line.strip())
    return " ".join(lines)


def problem(subject: str, merge: bool = False) -> str | None:
    """Why ``subject`` is refused, or None."""
    if not subject:
        return "the commit message is empty"
    if len(subject) > MAX_SUBJECT:
        return (
            f"the subject has {len(subject)} characters; at most {MAX_SUBJECT}: say what in the"
            " subject and why in the body, after an empty line"
        )
    if merge and not subject.startswith(MERGE_PREFIX):
        return f'a merge\'s subject starts with "{MERGE_PREFIX}" (Merge <what>)'
    return None


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    try:
        message = Path(argv[0]).read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        print(f"commit-msg: cannot read the message ({error.strerror})", file=sys.stderr)
        return 2
    subject = subject_of(message)
    reason = problem(subject, merge="--merge" in argv[1:])
    if reason is None:
        return 0
    print(f"commit refused: {reason}.\n  {subject[:100]}", file=sys.stderr)
    print("  (your message is kept in .git/COMMIT_EDITMSG: git commit -e -F <it>)", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
