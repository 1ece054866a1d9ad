"""What Windows and macOS would meet, simulated here (issue 32, items 9-11): the address a
hosted table announces, a windowed build's fatal error, the server's Ctrl+C on Windows."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, ClassVar

import pytest

ROOT = Path(__file__).resolve().parent.parent
LOOPBACK = "127.0.0.1"


def load(path: Path, name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- item 9: the announced address --------------------------------------------------------------


class FakeAdvertiser:
    made: ClassVar[list[dict[str, Any]]] = []

    def __init__(self, **options: Any) -> None:
        FakeAdvertiser.made.append(options)

    async def start_table(self, *args: object) -> None:
        pass

    async def close(self) -> None:
        pass


def test_a_hosted_table_announces_the_addresses_friends_can_reach(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Not gethostbyname(gethostname()) (a Hyper-V, WSL or VPN adapter on Windows, 127.0.0.1 on
    some Macs) but HostedServer.addresses(), the route out first, loopback left out."""
    import game.net.discovery
    from game.net.hosting import HostedServer

    FakeAdvertiser.made.clear()
    monkeypatch.setattr(game.net.discovery, "Advertiser", FakeAdvertiser)
    monkeypatch.setattr(HostedServer, "addresses", lambda self: ["192.168.1.20", LOOPBACK])
    hosted = HostedServer(0, listen=LOOPBACK)
    assert hosted.start(), hosted.error
    hosted.stop()
    assert FakeAdvertiser.made == [{"addresses": ["192.168.1.20"]}]


class RouteOut:
    """A UDP socket whose connect picks ``address`` (what the system does for the route out)."""

    address = "192.168.1.20"

    def __init__(self, *args: object) -> None:
        pass

    def __enter__(self) -> RouteOut:
        return self

    def __exit__(self, *args: object) -> None:
        pass

    def connect(self, target: tuple[str, int]) -> None:
        pass

    def getsockname(self) -> tuple[str, int]:
        return (self.address, 40000)


def test_the_server_announces_the_route_out_not_the_host_name_s_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """dame-de-pique-server --advertise (issue 39, item 7): gethostbyname(gethostname()) is
    127.0.1.1 on Debian, 127.0.0.1 on many Macs; the address of the route out is announced."""
    import socket

    from game.net import discovery

    monkeypatch.setattr(socket, "gethostbyname", lambda name: "127.0.1.1")
    monkeypatch.setattr(socket, "socket", RouteOut)
    assert discovery._addresses(None) == [socket.inet_aton("192.168.1.20")]
    monkeypatch.setattr(RouteOut, "address", "127.0.0.1")  # no route out: the name's, then
    assert discovery.outgoing_address() == "127.0.1.1"


# --- item 10: a windowed build's fatal error ---------------------------------------------------


def test_a_windowed_build_shows_its_fatal_sentence_in_a_message_box(tmp_path: Path) -> None:
    """No console: stderr is None at start. The run-time hook keeps what is written there and
    the entry script shows the last sentences when the game exits with an error."""
    code = f"""
import sys
sys.stdout = sys.stderr = None  # what a windowed build starts with
import runpy
runpy.run_path({str(ROOT / "packaging" / "pyi_rth_streams.py")!r})
print("a line", file=sys.stderr)
print("dame-de-pique: the window cannot open: no display", file=sys.stderr)
entry = runpy.run_path({str(ROOT / "packaging" / "entry.py")!r}, run_name="entry")
shown = []
entry["report_fatal"](1, sys.stderr, shown.append)
entry["report_fatal"](0, sys.stderr, shown.append)
entry["report_fatal"](130, sys.stderr, shown.append)
open({str(tmp_path / "shown.txt")!r}, "w").write(repr(shown))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    shown = (tmp_path / "shown.txt").read_text()
    assert shown == repr(["a line\ndame-de-pique: the window cannot open: no display"])


def test_a_console_run_shows_no_message_box() -> None:
    entry = load(ROOT / "packaging" / "entry.py", "dame_entry")
    shown: list[str] = []
    entry.report_fatal(1, sys.stderr, shown.append)
    assert shown == []


# --- item 11: the server's signal handler on Windows -------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="simulates Windows elsewhere")
def test_the_server_stops_on_ctrl_c_where_the_loop_has_no_signal_handlers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Windows' event loop raises NotImplementedError from add_signal_handler; the server must
    still start, and stop on SIGINT."""
    from game.net import server

    def not_on_windows(self: object, sig: int, callback: object, *args: object) -> None:
        raise NotImplementedError

    monkeypatch.setattr(asyncio.SelectorEventLoop, "add_signal_handler", not_on_windows)
    previous = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    args = server.parse_args(["--host", LOOPBACK, "--port", "0"])
    ports: list[int] = []

    def ready(port: int) -> None:
        ports.append(port)
        threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT)).start()

    start = time.monotonic()
    try:
        asyncio.run(asyncio.wait_for(server.run(args, ready=ready), 30))
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    assert ports and ports[0] > 0
    assert time.monotonic() - start < 30


def test_a_mac_app_opened_from_the_finder_shows_its_fatal_sentence_and_logs_it(
    tmp_path: Path,
) -> None:
    """From the Finder, a macOS app's stderr is the null device (not None): the hook still
    keeps the last sentences for the message box, and copies them to ~/Library/Logs."""
    code = f"""
import os, sys
sys.platform = "darwin"
sys.stderr = open(os.devnull, "w")  # what launchd gives an app opened from the Finder
import runpy
runpy.run_path({str(ROOT / "packaging" / "pyi_rth_streams.py")!r})
print("dame-de-pique: the window cannot open: no display", file=sys.stderr)
entry = runpy.run_path({str(ROOT / "packaging" / "entry.py")!r}, run_name="entry")
shown = []
entry["report_fatal"](1, sys.stderr, shown.append)
open({str(tmp_path / "shown.txt")!r}, "w").write(repr(shown))
"""
    env = dict(os.environ, HOME=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env
    )
    assert done.returncode == 0, done.stderr
    sentence = "dame-de-pique: the window cannot open: no display"
    assert (tmp_path / "shown.txt").read_text() == repr([sentence])
    log = tmp_path / "Library" / "Logs" / "Dame de pique" / "dame-de-pique.log"
    assert log.read_text(encoding="utf-8") == sentence + "\n"


def test_a_console_or_a_file_is_not_taken_for_nowhere(tmp_path: Path) -> None:
    hook = load(ROOT / "packaging" / "pyi_rth_streams.py", "dame_streams_hook")
    with open(os.devnull, "w") as null, open(tmp_path / "f.txt", "w") as file:
        assert hook.goes_nowhere(None) and hook.goes_nowhere(null)
        assert not hook.goes_nowhere(file)
