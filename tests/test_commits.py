"""Commit subjects (issue 26): at most 72 characters, a merge's starting with "Merge ". The
commit-msg hook (tools/git-hooks/commit-msg, installed by tools/bootstrap.sh) refuses a long
subject before it lands; the test over ``git log`` catches one that came in another way (a
commit made without the hook, a merge). The history before the layout commit keeps its 131
long subjects as they are."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import commit_message  # noqa: E402

SINCE = "a946190"  # the layout commit (issue 26): the rule holds for every commit after it


def git(*args: str, cwd: Path = ROOT, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        ["git", *args], cwd=cwd, capture_output=True, text=True, timeout=60, env=env
    )
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip())
    return done.stdout


def history_since(commit: str) -> list[tuple[str, bool, str]]:
    """(hash, is a merge, subject) of each commit after ``commit``; skips without the history."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    try:
        git("rev-parse", "--verify", "--quiet", f"{commit}^{{commit}}")
        log = git("log", "--format=%h%x00%p%x00%s", f"{commit}..HEAD")
    except RuntimeError:
        pytest.skip(f"no git history back to {commit} here (a shallow clone or an export)")
    out = []
    for line in log.splitlines():
        short, parents, subject = line.split("\0")
        out.append((short, len(parents.split()) > 1, subject))
    return out


def test_every_subject_since_the_layout_commit_keeps_the_rule() -> None:
    wrong = [
        f"{short} {subject!r}: {reason}"
        for short, merge, subject in history_since(SINCE)
        if (reason := commit_message.problem(subject, merge=merge)) is not None
    ]
    assert not wrong, "\n".join(wrong)


def test_the_rule_refuses_what_the_old_history_holds() -> None:
    """Subjects of the kind found before the layout commit are refused; good ones pass."""
    long_one = "Merge noise21: AI 6, playout opponents that are not always careful, with figures"
    assert commit_message.problem(long_one, merge=True) is not None
    assert commit_message.problem("x" * 72) is None
    assert commit_message.problem("x" * 73) is not None
    assert commit_message.problem("Hard: noise in playouts", merge=True) is not None
    assert commit_message.problem("Merge noise21: AI 6", merge=True) is None
    assert commit_message.problem("") is not None
    message = "# a comment git removes\n\nFirst line\ncontinued\n\nThe body, as long as it needs."
    assert commit_message.subject_of(message) == "First line continued"


@pytest.fixture
def repository(tmp_path: Path) -> Path:
    """A fresh repository holding the project's hook files, with the hooks installed the way
    tools/bootstrap.sh installs them."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo = tmp_path / "repo"
    (repo / "tools" / "git-hooks").mkdir(parents=True)
    for name in ("commit_message.py", "install_hooks.sh", "git-hooks/commit-msg"):
        shutil.copy2(ROOT / "tools" / name, repo / "tools" / name)
    git("init", "-q", "-b", "main", cwd=repo)
    subprocess.run(["sh", str(repo / "tools" / "install_hooks.sh")], check=True, timeout=60)
    assert os.access(repo / ".git" / "hooks" / "commit-msg", os.X_OK)
    return repo


def commit_env(tmp_path: Path) -> dict[str, str]:
    return {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.org",
        "HOME": str(tmp_path),
        "GIT_CONFIG_NOSYSTEM": "1",
    }


def test_the_installed_hook_refuses_a_long_subject_and_a_merge_not_saying_merge(
    repository: Path, tmp_path: Path
) -> None:
    env = commit_env(tmp_path)

    def commit(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["git", "commit", "-q", "--allow-empty", *args],
            cwd=repository,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )

    git("add", ".", cwd=repository, env=env)
    assert commit("-m", "Add the tools").returncode == 0
    refused = commit("-m", "A subject that goes on " + "and on " * 10)
    assert refused.returncode != 0
    assert "at most 72" in refused.stderr
    assert commit("-m", "Short subject", "-m", "A body may be long " * 10).returncode == 0
    # A merge: git runs commit-msg on it too (MERGE_HEAD is there while it does).
    git("checkout", "-q", "-b", "side", cwd=repository, env=env)
    assert commit("-m", "On the side").returncode == 0
    git("checkout", "-q", "main", cwd=repository, env=env)
    assert commit("-m", "On main").returncode == 0
    merged = subprocess.run(
        ["git", "merge", "-q", "--no-ff", "-m", "Side work", "side"],
        cwd=repository,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert merged.returncode != 0
    assert "Merge " in merged.stderr
    git("merge", "--abort", cwd=repository, env=env)
    subject = "Merge side: the side work"
    git("merge", "-q", "--no-ff", "-m", subject, "side", cwd=repository, env=env)
    subjects = git("log", "--format=%s", cwd=repository).splitlines()
    assert subjects[0] == "Merge side: the side work"
    assert all(len(s) <= 72 for s in subjects)
