"""Running the table server as an operator would: the command line and its signals, TLS with
the operator's certificate, several processes behind HAProxy (the configuration of
docs/deploy.md), and tables found on the local network with zeroconf (on loopback)."""

from __future__ import annotations

import asyncio
import logging
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.engine.events import GameOver
from game.engine.players import RandomPlayer
from game.engine.rules import Rules
from game.engine.source import MoveRefused
from game.net import protocol as p
from game.net.client import Address, Problem, RemoteTable, Status
from game.net.discovery import Advertiser, Browser
from game.net.server import main as server_main
from tests.helpers.net import (
    LOOPBACK,
    ROOT,
    heard_until,
    play_until_over,
    server_process,
    serving,
    wait_for,
)

LOG_LINE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} (INFO|WARNING|ERROR|CRITICAL) \S")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_the_command_line_server_logs_and_stops_cleanly(sig: signal.Signals) -> None:
    """A table played to its end, a bad message, a browser's request and a wrong code: the log
    says each in one line (a joined line per event, nothing spread over several), then the
    signal stops the server cleanly and the person at the table is told."""
    with server_process("--tables", "3") as (proc, port):
        address = Address(LOOPBACK, port)
        host = RemoteTable.host(address, "Ada", Rules(target=1), level="easy")
        assert host.wait_seated(), host.problem
        host.start()
        updates = play_until_over([(host, RandomPlayer(4))])
        assert any(isinstance(u, GameOver) for u in updates[host.seat])
        host._post_raw(b'{"type": "shuffle"}')  # an unknown message: refused, logged
        # Refused, so logged, before the signal that ends the log
        heard_until(host, lambda u: isinstance(u, MoveRefused), "the shuffle refused")
        lost = RemoteTable.join(address, "ZZZZZZZZ", "Bea")
        assert not lost.wait_seated() and lost.problem is Problem.WRONG_CODE
        with socket.create_connection((LOOPBACK, port)) as browser:  # not a websocket
            browser.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            assert browser.recv(100).startswith(b"HTTP/1.1 426")
        time.sleep(0.3)
        proc.send_signal(sig)
        assert proc.wait(10) == 0
        log = proc.stderr.read() if proc.stderr else ""
    wait_for(lambda: host.status is Status.OVER, what="the closing message")
    assert host.problem is Problem.CLOSED and host.problem_detail == "The server is stopping"
    lines = log.splitlines()
    assert all(LOG_LINE.match(line) for line in lines), log  # no continuation lines
    # One line each: the table opened, the seat taken, the game started and over, each error,
    # the stop.
    for words in (
        "opened by Ada",
        "Ada sits at seat 0",
        "game starts",
        "game over, totals",
        "unknown: Invalid value 'shuffle'",
        "wrong-code",
        "stopping",
        "stopped",
    ):
        assert sum(words in line for line in lines) == 1, (words, log)
    assert "Traceback" not in log and "connection open" not in log


def test_a_traceback_is_logged_on_one_line(caplog: pytest.LogCaptureFixture) -> None:
    from game.net.server_log import OneLineFormatter

    try:
        raise ValueError("first\nsecond")
    except ValueError:
        record = logging.LogRecord("x", logging.ERROR, "f", 1, "it broke", None, sys.exc_info())
    text = OneLineFormatter("%(levelname)s %(message)s").format(record)
    assert "\n" not in text and text.startswith("ERROR it broke | Traceback")
    assert "ValueError: first | second" in text


def test_the_console_entry_point_is_the_servers_main() -> None:
    """``dame-de-pique-server`` (pyproject's console script) runs the same server."""
    from importlib.metadata import entry_points

    (script,) = entry_points(group="console_scripts", name="dame-de-pique-server")
    assert script.load() is server_main
    installed = Path(sys.executable).with_name("dame-de-pique-server")
    if not installed.exists():
        pytest.skip("the project is not installed in this environment (pip install -e .)")
    done = subprocess.run(
        [str(installed), "--help"], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.startswith("usage: dame-de-pique-server") and "--tables" in done.stdout


def test_bad_command_lines_get_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["--port", "70000"], ["--tables", "0"], ["--node", "0"], ["--key", "k.pem"]):
        with pytest.raises(SystemExit) as exit_:
            server_main(args)
        assert exit_.value.code == 2
        assert "error:" in capsys.readouterr().err
    # A port already taken: a sentence, exit status 1.
    with socket.socket() as busy:
        busy.bind((LOOPBACK, 0))
        busy.listen()
        status = server_main(["--host", LOOPBACK, "--port", str(busy.getsockname()[1])])
    err = capsys.readouterr().err
    assert status == 1 and "cannot serve on" in err and "Traceback" not in err


def _self_signed(tmp: Path) -> tuple[Path, Path]:
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed: no certificate to test TLS with")
    cert, key = tmp / "cert.pem", tmp / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return cert, key


def test_tls_with_the_operators_certificate(tmp_path: Path) -> None:
    cert, key = _self_signed(tmp_path)
    with server_process("--cert", str(cert), "--key", str(key)) as (proc, port):
        trusted = ssl.create_default_context(cafile=str(cert))
        address = Address(LOOPBACK, port, secure=True)
        host = RemoteTable.host(address, "Ada", Rules(), ssl_context=trusted)
        assert host.wait_seated(), (host.problem, host.problem_detail)
        host.start()
        wait_for(host.has_view, what="the deal over TLS")
        # A client that does not trust the certificate is told the table cannot be reached.
        stranger = RemoteTable.join(address, host.code, "Bea", connect_timeout=2)
        assert not stranger.wait_seated() and stranger.problem is Problem.UNREACHABLE
        # Plain ws:// to a wss:// server is not a table either.
        plain = RemoteTable.join(Address(LOOPBACK, port), host.code, "Cy", connect_timeout=1)
        assert not plain.wait_seated() and plain.problem is Problem.UNREACHABLE
        host.close()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(10) == 0


def _haproxy_config(front: int, node_a: int, node_b: int) -> str:
    """The configuration printed in docs/deploy.md, with this test's ports."""
    text = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    block = re.search(r"```haproxy\n(.*?)```", text, re.S)
    assert block is not None, "docs/deploy.md has no haproxy configuration block"
    config = block.group(1)
    for old, new in (
        ("0.0.0.0:8765", f"{LOOPBACK}:{front}"),
        ("127.0.0.1:8801", f"{LOOPBACK}:{node_a}"),
        ("127.0.0.1:8802", f"{LOOPBACK}:{node_b}"),
    ):
        assert old in config, old
        config = config.replace(old, new)
    return config


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
def test_two_server_processes_behind_haproxy(tmp_path: Path) -> None:
    haproxy = shutil.which("haproxy") or (
        "/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None
    )
    if haproxy is None:
        pytest.skip("HAProxy is not installed (apt-get install haproxy; CI installs it)")
    with (
        server_process("--node", "A", "--behind-proxy") as (_, port_a),
        server_process("--node", "B", "--behind-proxy") as (proc_b, port_b),
    ):
        front = _free_port()
        config = tmp_path / "haproxy.cfg"
        config.write_text(_haproxy_config(front, port_a, port_b), encoding="utf-8")
        check = subprocess.run([haproxy, "-c", "-f", str(config)], capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
        proxy = subprocess.Popen(
            [haproxy, "-db", "-f", str(config)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            address = Address(LOOPBACK, front)
            wait_for(lambda: _accepts(front), what="HAProxy listening")
            hosts = [
                RemoteTable.host(address, f"Host{i}", Rules(target=30), level="easy")
                for i in range(4)
            ]
            assert all(h.wait_seated() for h in hosts), [h.problem_detail for h in hosts]
            # Round robin spreads the new tables over both processes...
            assert {h.code[0] for h in hosts} == {"A", "B"}
            # ...and a friend joining by code reaches the process that holds the table.
            guests = [RemoteTable.join(address, h.code, "Guest") for h in hosts]
            assert all(g.wait_seated() for g in guests), [g.problem for g in guests]
            for h in hosts:
                h.start()
            for i, (h, g) in enumerate(zip(hosts, guests, strict=True)):
                updates = play_until_over([(h, RandomPlayer(i)), (g, RandomPlayer(-i))])
                assert any(isinstance(u, GameOver) for u in updates[h.seat])
            for t in (*hosts, *guests):
                t.close()
            _one_process_killed(address, proc_b)
        finally:
            proxy.terminate()
            proxy.wait(10)


def _one_process_killed(address: Address, proc_b: subprocess.Popen[str]) -> None:
    """Process B is killed (SIGKILL, no goodbye): its tables' players are told the connection
    was lost once their retries fail; A's tables play on; new tables go to A only (HAProxy's
    health check takes B out of the round robin)."""
    on_a = on_b = None
    while on_a is None or on_b is None:
        table = RemoteTable.host(address, "Kim", Rules(), level="easy", retry_delays=(0.1, 0.2))
        assert table.wait_seated(), table.problem_detail
        if table.code.startswith("A") and on_a is None:
            on_a = table
        elif table.code.startswith("B") and on_b is None:
            on_b = table
        else:
            table.close()
    on_a.start()
    on_b.start()
    wait_for(lambda: on_a.has_view() and on_b.has_view(), what="both deals")
    proc_b.kill()
    proc_b.wait(10)
    wait_for(lambda: on_b.status is Status.OVER, timeout=15, what="B's player told")
    assert on_b.problem is Problem.LOST, (on_b.problem, on_b.problem_detail)
    assert on_a.status is Status.SEATED
    time.sleep(3)  # HAProxy's check (every second, down at the first failure) sees B gone
    for _ in range(4):
        table = RemoteTable.host(address, "Lou", Rules(), level="easy")
        assert table.wait_seated(), table.problem_detail
        assert table.code.startswith("A")
        table.close()
    on_a.close()
    on_b.close()


def _accepts(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.2)
        return s.connect_ex((LOOPBACK, port)) == 0


def test_tables_are_found_on_the_local_network() -> None:
    """A hosted table is announced with zeroconf and found by a browser (on loopback only);
    the listing is enough to join it."""
    with serving() as server:
        host = RemoteTable.host(server.address, "Ada", Rules())
        assert host.wait_seated()

        async def announce() -> Advertiser:
            advertiser = Advertiser(interfaces=[LOOPBACK], addresses=[LOOPBACK])
            await advertiser.start_table(server.port, host.code, "Ada")
            return advertiser

        # On the server's own loop, as the server and a hosting window do.
        assert server.loop is not None
        advertiser = asyncio.run_coroutine_threadsafe(announce(), server.loop).result(10)
        browser = Browser(interfaces=[LOOPBACK])
        try:
            wait_for(
                lambda: any(t.code == host.code for t in browser.tables()),
                timeout=15,
                what="the announcement",
            )
            found = next(t for t in browser.tables() if t.code == host.code)
            assert (found.name, found.port, found.version, found.secure) == (
                "Ada",
                server.port,
                p.PROTOCOL_VERSION,
                False,
            )
            guest = RemoteTable.join(Address(found.address, found.port), found.code, "Bea")
            assert guest.wait_seated() and guest.names[0] == "Ada"
            guest.close()
        finally:
            browser.close()
            asyncio.run_coroutine_threadsafe(advertiser.close(), server.loop).result(10)
        host.close()


def test_a_window_hosts_a_table_and_its_guests_are_told_when_it_leaves() -> None:
    """Menu > Online table > Host, without the window: the hosted server on its own thread, the
    host seated through loopback, the table announced on the network, and the guests told when
    the host closes it."""
    from game.net.hosting import HostedServer

    hosted = HostedServer(0, listen=LOOPBACK, interfaces=[LOOPBACK])
    assert hosted.start(), hosted.error
    browser = Browser(interfaces=[LOOPBACK])
    try:
        host = RemoteTable.host(Address(LOOPBACK, hosted.port), "Ada", Rules())
        assert host.wait_seated()
        wait_for(
            lambda: any(t.code == host.code for t in browser.tables()),
            timeout=15,
            what="the hosted table's announcement",
        )
        found = next(t for t in browser.tables() if t.code == host.code)
        assert found.name == "Ada" and found.port == hosted.port
        guest = RemoteTable.join(Address(found.address, found.port), found.code, "Bea")
        assert guest.wait_seated()
        host.start()
        wait_for(guest.has_view, what="the deal")
        assert hosted.addresses()  # what the Host screen shows
        hosted.stop()
        wait_for(lambda: guest.status is Status.OVER, what="the host leaving")
        assert guest.problem is Problem.HOST_LEFT
        assert guest.problem_detail == "The host left the table"
    finally:
        browser.close()
    # A port already in use is said in a sentence.
    with socket.socket() as busy:
        busy.bind((LOOPBACK, 0))
        busy.listen()
        taken = HostedServer(busy.getsockname()[1], listen=LOOPBACK, advertise=False)
        assert not taken.start()
        assert "cannot be used" in taken.error


# What a server under load goes through when a stop comes: its loop busy with a burst of work,
# and a byte in asyncio's self-pipe for every bot decision handed back from its thread (a few
# hundred fill the pipe). asyncio's own signal handling writes the signal into that same pipe:
# with the pipe full, SIGTERM was lost and the server ran on (seen at the end of a 1,000-table
# benchmark run: still serving 30 s after SIGTERM, and stopped by a second one).
_BUSY_STOP = """
import asyncio, os, signal, sys, threading, time
from game.net import server

async def main():
    loop = asyncio.get_running_loop()

    def bots_hand_back_decisions():
        for _ in range(5000):
            loop.call_soon_threadsafe(lambda: None)

    def busy_loop_then_stop():
        helper = threading.Thread(target=bots_hand_back_decisions)
        helper.start()
        helper.join()
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(0.2)  # the loop still busy when the signal comes

    loop.call_later(0.3, busy_loop_then_stop)
    args = server.parse_args(["--host", "127.0.0.1", "--port", "0"])
    await server.run(args, ready=lambda port: print("port", port, flush=True))
    print("stopped", flush=True)

asyncio.run(main())
"""


def test_sigterm_stops_a_busy_server_whose_loop_pipe_is_full() -> None:
    """Item 4: SIGTERM stops the server within a second even when it comes while the loop is
    busy and its self-pipe is full."""
    proc = subprocess.Popen(
        [sys.executable, "-c", _BUSY_STOP],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        out, err = proc.communicate(timeout=30)  # Python's start and imports, under load
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
    assert "port" in out, err
    assert "stopped" in out, f"SIGTERM was lost: the server still ran 30 s later\n{err[-2000:]}"
    assert proc.returncode == 0, err
