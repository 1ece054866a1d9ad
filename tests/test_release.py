"""What a release is made of (issue 39): the workflow's runners and release job, the release's
files and sums, the licence in pyproject.toml, and the signing command as ISCC reads it."""

from __future__ import annotations

import hashlib
import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml  # type: ignore[import-untyped]  # no stubs pinned

ROOT = Path(__file__).resolve().parent.parent


def tool(name: str) -> ModuleType:
    """tools/<name>.py under a name of its own (``build`` is also a PyPI package's name)."""
    sys.path.insert(0, str(ROOT / "packaging"))
    spec = importlib.util.spec_from_file_location(
        f"dame_tool_{name}", ROOT / "tools" / f"{name}.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


build = tool("build")
release_files = tool("release_files")

WORKFLOW = ROOT / ".github" / "workflows" / "build.yml"
# Runner labels GitHub has retired or announced as retired (macos-14: 2 Nov 2026).
RETIRED = {"macos-11", "macos-12", "macos-13", "macos-14", "ubuntu-18.04", "ubuntu-20.04"}
RETIRED |= {"windows-2019", "macos-latest", "ubuntu-latest", "windows-latest"}  # moving labels


def workflow() -> dict[Any, Any]:
    loaded: dict[Any, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    return loaded


def version() -> str:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return str(project["version"])


# --- the workflow -------------------------------------------------------------------------------


def test_the_build_runs_on_supported_runners_and_both_mac_architectures() -> None:
    rows = workflow()["jobs"]["build"]["strategy"]["matrix"]["include"]
    runners = {row["os"] for row in rows}
    assert not runners & RETIRED, f"retired or moving runner labels: {runners & RETIRED}"
    assert {"macos-15", "macos-15-intel"} <= runners
    names = {row["name"] for row in rows if row["os"].startswith("macos")}
    assert names == {"macos-arm64", "macos-x86_64"}  # the .dmg's name carries it


def test_a_tag_publishes_a_release_after_the_builds() -> None:
    jobs = workflow()["jobs"]
    release = jobs["release"]
    assert release["needs"] == "build"
    assert release["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert release["permissions"] == {"contents": "write"}
    script = "\n".join(step.get("run", "") for step in release["steps"])
    assert 'tools/release_files.py --tag "$GITHUB_REF_NAME"' in script
    assert "sha256sum -c SHA256SUMS.txt" in script
    assert 'gh release create "$GITHUB_REF_NAME" release/*' in script
    triggers = workflow()[True]  # YAML reads the key "on" as true
    assert triggers["push"]["tags"] == ["v*"]
    uses = [step.get("uses", "") for step in release["steps"]]
    assert "actions/download-artifact@v4" in uses


def test_a_tag_that_is_not_the_version_stops_the_build_too() -> None:
    steps = workflow()["jobs"]["build"]["steps"]
    check = next(
        step for step in steps if step.get("name") == "A release tag names pyproject's version"
    )
    assert check["if"] == "startsWith(github.ref, 'refs/tags/v')"
    for tag, status in ((f"v{version()}", 0), ("v9.9.9", 1)):
        result = subprocess.run(
            ["bash", "-c", check["run"]],
            cwd=ROOT,
            env={"GITHUB_REF_NAME": tag, "PATH": "/usr/bin:/bin"},
            capture_output=True,
            text=True,
        )
        assert result.returncode == status, (tag, result.stderr)


def test_no_password_goes_on_a_command_line() -> None:
    steps = workflow()["jobs"]["build"]["steps"]
    signing = next(step for step in steps if "signing certificate" in step.get("name", ""))
    lines = [line for line in signing["run"].splitlines() if "DAME_SIGNTOOL=" in line]
    assert lines and all("PASSWORD" not in line and " /p " not in line for line in lines)
    assert "/sha1 $thumbprint" in lines[0]


# --- the release's files --------------------------------------------------------------------------


def fake_downloads(folder: Path) -> list[Path]:
    paths = []
    for number, name in enumerate(release_files.expected(version())):
        path = folder / f"artefact-{number}" / name
        path.parent.mkdir(parents=True)
        path.write_bytes(f"download {number}".encode())
        paths.append(path)
    return paths


def test_a_release_holds_every_download_the_licence_and_their_sums(tmp_path: Path) -> None:
    downloads = fake_downloads(tmp_path / "in")
    out = tmp_path / "release"
    assert (
        release_files.main(["--tag", f"v{version()}", "--out", str(out), *map(str, downloads)]) == 0
    )
    names = sorted(p.name for p in out.iterdir())
    wanted = [*release_files.expected(version()), "LICENSE.txt", "SHA256SUMS.txt"]
    assert names == sorted(wanted)
    assert (out / "LICENSE.txt").read_bytes() == (ROOT / "LICENSE").read_bytes()
    sums = (out / "SHA256SUMS.txt").read_text(encoding="utf-8").splitlines()
    assert len(sums) == len(wanted) - 1
    for line in sums:
        digest, name = line.split("  ")
        assert hashlib.sha256((out / name).read_bytes()).hexdigest() == digest
    checked = subprocess.run(["sha256sum", "-c", "SHA256SUMS.txt"], cwd=out, capture_output=True)
    assert checked.returncode == 0


@pytest.mark.parametrize("case", ["wrong tag", "missing download"])
def test_a_release_refuses_a_wrong_tag_or_a_missing_download(
    tmp_path: Path, case: str, capsys: pytest.CaptureFixture[str]
) -> None:
    downloads = fake_downloads(tmp_path / "in")
    tag = f"v{version()}"
    if case == "wrong tag":
        tag = "v0.0.0-not-this"
    else:
        downloads = [p for p in downloads if not p.name.endswith("-setup.exe")]
    out = tmp_path / "release"
    assert release_files.main(["--tag", tag, "--out", str(out), *map(str, downloads)]) == 1
    said = capsys.readouterr().err
    assert (
        "does not match pyproject.toml's version" if case == "wrong tag" else "setup.exe"
    ) in said
    assert not out.exists()


# --- the licence ----------------------------------------------------------------------------------


def test_the_licence_is_an_spdx_expression_with_its_file() -> None:
    """setuptools warns at every install about ``license = { text = ... }`` (unsupported from
    2027-02-18): the SPDX string and license-files instead."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["license"] == "MIT"
    files = pyproject["project"]["license-files"]
    assert files and all((ROOT / name).is_file() for name in files)
    setuptools = [r for r in pyproject["build-system"]["requires"] if r.startswith("setuptools")]
    assert setuptools == ["setuptools>=77"]  # the first to read both
    sys.path.insert(0, str(ROOT / "packaging"))
    import project_info

    assert project_info.read(ROOT).license == "MIT"


# --- ISCC's reading of the signing command -----------------------------------------------------


def windows_command_line(args: list[str]) -> str:
    """What Python gives CreateProcess for ``args`` (the MS C runtime's quoting)."""
    return subprocess.list2cmdline(args)


def delphi_params(line: str) -> list[str]:
    """ParamStr's split, as ISCC (a Delphi program) reads its command line: blanks separate,
    a ``"`` opens or closes a quoted part and is dropped, and nothing escapes anything."""
    params: list[str] = []
    current: list[str] = []
    quoted = started = False
    for char in line:
        if char == '"':
            quoted, started = not quoted, True
        elif char <= " " and not quoted:
            if started:
                params.append("".join(current))
            current, started = [], False
        else:
            current.append(char)
            started = True
    if started:
        params.append("".join(current))
    return params


def inno_sign_command(template: str, file: str) -> str:
    """Inno Setup's expansion of a sign tool's command: $f the quoted file, $q a quote, $$ a
    dollar (any other $ is an error)."""
    out, i = [], 0
    while i < len(template):
        if template[i] == "$":
            code = template[i + 1]
            assert code in "fq$", f"ISCC: unknown sign tool parameter ${code}"
            out.append({"f": f'"{file}"', "q": '"', "$": "$"}[code])
            i += 2
        else:
            out.append(template[i])
            i += 1
    return "".join(out)


def ms_argv(line: str) -> list[str]:
    """CommandLineToArgvW's split (how signtool.exe reads the command ISCC runs)."""
    args: list[str] = []
    current: list[str] = []
    quoted = started = False
    i = 0
    while i < len(line):
        char = line[i]
        if char == "\\":
            run = len(line[i:]) - len(line[i:].lstrip("\\"))
            if i + run < len(line) and line[i + run] == '"':
                current.append("\\" * (run // 2))
                if run % 2:
                    current.append('"')
                    i += run + 1
                else:
                    i += run
                started = True
                continue
            current.append("\\" * run)
            i += run
            started = True
            continue
        if char == '"':
            quoted, started = not quoted, True
        elif char in " \t" and not quoted:
            if started:
                args.append("".join(current))
            current, started = [], False
        else:
            current.append(char)
            started = True
        i += 1
    if started:
        args.append("".join(current))
    return args


SIGNTOOL = r"C:\Program Files (x86)\Windows Kits\10\bin\10.0.22621.0\x64\signtool.exe"


@pytest.mark.parametrize(
    "extra",
    [
        ["/sha1", "0123456789ABCDEF0123456789ABCDEF01234567"],
        ["/f", r"C:\a runner\sign.pfx", "/p", "pa$$ w&rd"],  # a password, should one be used
    ],
)
def test_the_signing_command_reaches_signtool_whole_through_iscc(extra: list[str]) -> None:
    words = [SIGNTOOL, "sign", "/fd", "sha256", "/tr", "http://timestamp.digicert.com", *extra]
    configured = " ".join(f'"{w}"' if " " in w or "&" in w else w for w in words)
    option = build.iscc_sign_tool(configured)
    line = windows_command_line(["ISCC.exe", "/Q", "/DSignTool", option, "setup.iss"])
    params = delphi_params(line)
    assert params[1:] == ["/Q", "/DSignTool", params[3], "setup.iss"]
    name, _, template = params[3].removeprefix("/S").partition("=")
    assert name == "dame"
    file = r"C:\dame\dist\dame-de-pique-0.1.0-setup.exe"
    assert ms_argv(inno_sign_command(template, file)) == [*words, file]


@pytest.mark.parametrize(
    ("said", "again"),
    [
        ("PermissionError: [WinError 32] The process cannot access the file", True),
        ("PermissionError: [WinError 5] Access is denied: 'build\\\\x.pyd'", True),  # Defender
        ("SyntaxError: invalid syntax", False),
    ],
)
def test_pyinstaller_is_run_again_when_a_scanner_held_a_file(
    tmp_path: Path, said: str, again: bool
) -> None:
    log = tmp_path / "pyinstaller.log"
    log.write_text(f"...\n{said}\n", encoding="utf-8")
    assert build.locked_by_another_process(log) is again


def test_the_installer_removes_the_old_internal_folder_and_needs_inno_6_3() -> None:
    """An upgrade must not leave an older version's libraries in _internal; x64compatible
    needs Inno Setup 6.3 (ISCC compiles this script in the Windows stage under Wine)."""
    script = (ROOT / "packaging" / "windows" / "dame-de-pique.iss").read_text(encoding="utf-8")
    sections = script.split("\n[")
    install_delete = next(s for s in sections if s.startswith("InstallDelete]"))
    assert 'Type: filesandordirs; Name: "{app}\\_internal"' in install_delete
    assert "#if Ver < EncodeVer(6, 3, 0)" in script
    assert "ArchitecturesAllowed=x64compatible" in script
