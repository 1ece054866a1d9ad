"""The files of a GitHub release, gathered by the workflow's release job on a ``v*`` tag.

    python tools/release_files.py --tag v0.1.0 --out release artefacts/*/*

Fails (exit 1, one sentence) when the tag is not ``v`` + pyproject.toml's version, or when an
artefact of a system is missing; else copies the artefacts and the licence (LICENSE.txt) into
``--out`` and writes SHA256SUMS.txt there, in ``sha256sum`` format (``sha256sum -c
SHA256SUMS.txt`` checks a download; the README says how on each system).
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).absolute().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))
import project_info  # noqa: E402

SUMS = "SHA256SUMS.txt"
LICENCE = "LICENSE.txt"


class ReleaseError(Exception):
    pass


def expected(version: str) -> list[str]:
    """What every release holds: each system's downloads (names as tools/build.py makes them)."""
    app = project_info.APP_ID
    return [
        f"{app}-{version}-linux-x86_64.tar.gz",
        f"{app}_{version}_amd64.deb",
        f"{app}-{version}-windows-amd64.exe",
        f"{app}-{version}-setup.exe",
        f"{app}-{version}-macos-arm64.dmg",
        f"{app}-{version}-macos-x86_64.dmg",
    ]


def check_tag(tag: str, version: str) -> None:
    if tag != f"v{version}":
        raise ReleaseError(
            f"the tag {tag} does not match pyproject.toml's version {version}: tag v{version},"
            " or change the version first"
        )


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def gather(tag: str, artefacts: list[Path], out: Path, root: Path = ROOT) -> list[Path]:
    version = project_info.read(root).version
    check_tag(tag, version)
    by_name = {path.name: path for path in artefacts if path.is_file()}
    missing = [name for name in expected(version) if name not in by_name]
    if missing:
        raise ReleaseError("these downloads are missing: " + ", ".join(missing))
    out.mkdir(parents=True, exist_ok=True)
    files = []
    for name in expected(version):
        files.append(Path(shutil.copy2(by_name[name], out / name)))
    files.append(Path(shutil.copy2(root / "LICENSE", out / LICENCE)))
    lines = [f"{sha256(path)}  {path.name}\n" for path in files]
    (out / SUMS).write_text("".join(lines), encoding="utf-8", newline="\n")
    return [*files, out / SUMS]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tag", required=True, help="the pushed tag, e.g. v0.1.0")
    parser.add_argument("--out", type=Path, required=True, help="the folder to fill")
    parser.add_argument("artefacts", nargs="*", type=Path, help="the built downloads")
    args = parser.parse_args(argv)
    try:
        for path in gather(args.tag, args.artefacts, args.out):
            print(path)
    except (ReleaseError, OSError) as error:
        print(f"release: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
