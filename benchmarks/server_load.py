"""Load on one table server process: N tables of 4 scripted clients over loopback websockets.

The server runs as its own process (``python -m game.net.server``) pinned to one core; the
clients run in ``--generators`` processes of their own on the other core(s) (one process with
thousands of websockets was part of the bend at 400 tables), every one a real websocket that
decodes each message and plays a legal card after a think time. ``--port`` and ``--pids``
measure servers already running instead, e.g. two processes behind HAProxy
(docs/deploy.md). For each table count it prints:

- messages per second through the server (in and out),
- p50 / p99 latency from a client sending a card to that client receiving the table's update
  with it (the server's decode, engine check, four views and four sends, and the loopback),
- the server's CPU use (of one core) and its memory per table (resident set growth / tables),
- the machine's load average: on a shared machine other work stretches the latencies, while
  the server's CPU share is a sign of headroom that does not depend on it,

then where it bends: the first table count whose p99 passes 50 ms or whose server CPU passes
90% of its core. ``--profile FILE`` runs the server under cProfile (py-spy on the server's
pid gives a truer picture: cProfile inflates small Python functions).

The goal (issue 27) is 1,000 concurrent tables on one core with p99 <= 50 ms at this pace (a
card every ``--think`` seconds per seat, 0.5 s by default: people take 1-5 s). ``--think 0``
plays flat out and shows where one core saturates. After each row the script says how long the
server took to stop on SIGTERM (the goal: within a second); ``--server-log FILE`` keeps its log.
``benchmarks/net_table.py`` measures the table's own work a message, without the network.

    nice -n 10 python benchmarks/server_load.py --tables 50 100 200 400 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

import msgspec
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine.cards import CARDS, cards_of, mask_of  # noqa: E402
from game.engine.legality import NO_LED_SUIT, legal_mask  # noqa: E402
from game.engine.moves import Move, MoveKind  # noqa: E402
from game.engine.rules import Rules  # noqa: E402
from game.net import protocol as p  # noqa: E402

HOST = "127.0.0.1"
GOAL_P99_MS = 50  # the goal: a play's broadcast within 50 ms at the 99th percentile
CPU_BEND = 0.9  # of the server's one core: past this, queues (and latencies) grow
OPEN_AT_ONCE = 10  # tables a load generator opens at the same time
OPEN_TIMEOUT = 60  # seconds for a handshake: a loaded machine takes long to open thousands
RULES = p.RulesSpec.of(Rules(target=1000))  # games outlast the measure


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    messages: int = 0
    measuring: bool = False
    errors: int = 0


class LiteView(msgspec.Struct):
    """The few fields of a SeatView a scripted client needs (the rest is skipped unread)."""

    phase: str
    turn: int
    hand: list[str]
    passed: list[str]
    trick: list[str]
    trick_number: int
    hearts_broken: bool
    first_lead: str
    hand_number: int


class LiteEvent(msgspec.Struct):
    type: str
    seat: int = -1


class LiteMessage(msgspec.Struct):
    type: str
    seat: int = -1
    events: list[LiteEvent] = []
    view: LiteView | None = None


_lite = msgspec.json.Decoder(LiteMessage)
_CARD = {str(c): int(c) for c in CARDS}


class Client:
    """One scripted person: answers every decision of its seat with a random legal move, read
    from the fields it needs with the engine's own legality function (a full SeatView per
    message made the clients, not the server, the bottleneck)."""

    def __init__(self, ws: ClientConnection, stats: Stats, think: float, rng: random.Random):
        self.ws, self.stats, self.think, self.rng = ws, stats, think, rng
        self.seat = -1
        self.sent_at: float | None = None
        self.answered: tuple[object, ...] | None = None
        self.thinking: asyncio.Task[None] | None = None

    async def run(self) -> None:
        async for raw in self.ws:
            now = time.perf_counter()
            stats = self.stats
            if stats.measuring:
                stats.messages += 1
            message = _lite.decode(raw)
            if message.type == "welcome":
                self.seat = message.seat
                continue
            if message.type in ("error", "refused"):
                stats.errors += 1
                continue
            if message.type != "update" or message.view is None:
                continue
            if self.sent_at is not None and any(
                e.type == "CardPlayed" and e.seat == self.seat for e in message.events
            ):
                if stats.measuring:
                    stats.latencies.append(now - self.sent_at)
                self.sent_at = None
            self.decide(message.view)

    def decide(self, view: LiteView) -> None:
        phase = view.phase
        due = (
            (phase == "pass" and not view.passed)
            or (phase == "play" and view.turn == self.seat)
            or phase == "hand-over"
        )
        key = (view.hand_number, phase, view.trick_number, len(view.trick))
        if not due or key == self.answered:
            return
        self.answered = key
        # The reader goes on reading while this seat "thinks": latencies are taken on arrival.
        self.thinking = asyncio.create_task(self.answer(view))

    async def answer(self, view: LiteView) -> None:
        if view.phase == "hand-over":
            await self.send(p.Ready())
            return
        hand = [_CARD[c] for c in view.hand]
        if view.phase == "pass":
            move = Move.pass_cards(self.rng.sample(hand, 3))
        else:
            trick = [_CARD[c] for c in view.trick]
            led = trick[0] // 13 if trick else NO_LED_SUIT
            mask = legal_mask(
                mask_of(hand), led, view.trick_number, view.hearts_broken, _CARD[view.first_lead]
            )
            move = Move.play(self.rng.choice(cards_of(mask)))
        if self.think:
            await asyncio.sleep(self.rng.uniform(0.5 * self.think, 1.5 * self.think))
        if move.kind is MoveKind.PLAY:
            self.sent_at = time.perf_counter()
        await self.send(p.Play(move=str(move)))

    async def send(self, message: p.ClientMessage) -> None:
        if self.stats.measuring:
            self.stats.messages += 1
        await self.ws.send(p.encode(message).decode())


async def open_table(port: int, stats: Stats, think: float, seed: int) -> list[asyncio.Task[None]]:
    rng = random.Random(seed)
    url = f"ws://{HOST}:{port}"
    host_ws = await connect(
        f"{url}/new", compression=None, max_size=p.MAX_SERVER_MESSAGE, open_timeout=OPEN_TIMEOUT
    )
    await host_ws.send(
        p.encode(p.Create(version=p.PROTOCOL_VERSION, name="H", rules=RULES, level="easy"))
    )
    welcome = p.decode_server(await host_ws.recv())
    assert isinstance(welcome, p.Welcome), welcome
    clients = [Client(host_ws, stats, think, random.Random(rng.random()))]
    clients[0].seat = 0
    for i in range(1, 4):
        ws = await connect(
            f"{url}/t/{welcome.code}",
            compression=None,
            max_size=p.MAX_SERVER_MESSAGE,
            open_timeout=OPEN_TIMEOUT,
        )
        await ws.send(p.encode(p.Hello(version=p.PROTOCOL_VERSION, name=f"P{i}")))
        clients.append(Client(ws, stats, think, random.Random(rng.random())))
    tasks = [asyncio.create_task(c.run()) for c in clients]
    await asyncio.sleep(0.05)
    await host_ws.send(p.encode(p.Start()))
    return tasks


def rss_kib(pid: int) -> int:
    text = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"VmRSS:\s+(\d+) kB", text)
    return int(found.group(1)) if found else 0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Job:
    """One load-generator process's share: ``first`` .. ``first + tables - 1``."""

    port: int
    first: int
    tables: int
    seconds: float
    think: float
    cores: set[int]


def generator(job: Job, pipe: Connection) -> None:
    """A load-generator process: open its tables, say so, wait for the go, measure, report."""
    if job.cores:
        os.sched_setaffinity(0, job.cores)
    asyncio.run(_generate(job, pipe))


async def _generate(job: Job, pipe: Connection) -> None:
    stats = Stats()
    tasks: list[asyncio.Task[None]] = []
    seeds = list(range(job.first, job.first + job.tables))
    for at in range(0, len(seeds), OPEN_AT_ONCE):  # a few tables at a time: setup is quicker
        opened = await asyncio.gather(
            *(open_table(job.port, stats, job.think, t) for t in seeds[at : at + OPEN_AT_ONCE])
        )
        tasks += [task for table in opened for task in table]
    pipe.send("open")
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, pipe.recv)  # the go: every process has its tables
    await asyncio.sleep(max(2.0, 2 * job.think))  # every table dealt and under way
    own0 = sum(os.times()[:2])
    stats.measuring = True
    await asyncio.sleep(job.seconds)
    stats.measuring = False
    own1 = sum(os.times()[:2])
    pipe.send((stats.latencies, stats.messages, stats.errors, own1 - own0))
    for task in tasks:
        task.cancel()


async def measure(
    tables: int,
    seconds: float,
    think: float,
    profile: Path | None = None,
    *,
    port: int | None = None,
    generators: int = 2,
    server_pids: Sequence[int] = (),
    server_log: Path | None = None,
) -> dict[str, float]:
    """One row. With ``port``, the servers are already running (``server_pids``, e.g. behind
    HAProxy); otherwise one server process is started here, pinned to one core."""
    server: subprocess.Popen[str] | None = None
    if port is None:
        # --profile: the server runs under cProfile, which writes its figures when it stops.
        profiler = ["-m", "cProfile", "-o", str(profile)] if profile else []
        server = subprocess.Popen(
            [
                sys.executable,
                *profiler,
                "-m",
                "game.net.server",
                "--host",
                HOST,
                "--port",
                "0",
                "--tables",
                str(tables + 10),
                "--tables-per-address",
                "0",
                "--connections-per-address",
                "0",
                "--idle",
                "3600",
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=server_log.open("a") if server_log else subprocess.DEVNULL,
            text=True,
        )
        assert server.stdout is not None
        port = int(server.stdout.readline().split()[1])
        server_pids = [server.pid]
    workers: list[tuple[multiprocessing.Process, Connection]] = []
    try:
        cores = sorted(os.sched_getaffinity(0))
        client_cores: set[int] = set()
        if server is not None and len(cores) > 1:  # the server on one core, clients elsewhere
            os.sched_setaffinity(server.pid, {cores[0]})
            client_cores = set(cores[1:])
        await asyncio.sleep(0.3)
        base_rss = sum(rss_kib(pid) for pid in server_pids)
        # The load generator in its own processes, so that it is not what bends.
        share = [tables // generators + (i < tables % generators) for i in range(generators)]
        first = 0
        context = multiprocessing.get_context("spawn")
        for n in share:
            mine, theirs = context.Pipe()
            job = Job(port, first, n, seconds, think, client_cores)
            proc = context.Process(target=generator, args=(job, theirs), daemon=True)
            proc.start()
            workers.append((proc, mine))
            first += n
        loop = asyncio.get_running_loop()
        for proc, pipe in workers:
            try:
                assert await loop.run_in_executor(None, pipe.recv) == "open"
            except EOFError:
                raise SystemExit(
                    f"load generator {proc.name} failed (its error is above)"
                ) from None
        table_rss = (sum(rss_kib(pid) for pid in server_pids) - base_rss) / tables
        for _, pipe in workers:
            pipe.send("go")
        await asyncio.sleep(max(2.0, 2 * think))
        cpu0, wall0 = sum(cpu_seconds(pid) for pid in server_pids), time.perf_counter()
        await asyncio.sleep(seconds)
        cpu1, wall1 = sum(cpu_seconds(pid) for pid in server_pids), time.perf_counter()
        latencies: list[float] = []
        messages = errors = 0
        client_cpu = 0.0
        for _, pipe in workers:
            lat, msgs, errs, cpu = await loop.run_in_executor(None, pipe.recv)
            latencies += lat
            messages += msgs
            errors += errs
            client_cpu += cpu
        lat = sorted(latencies) or [float("nan")]
        return {
            "tables": tables,
            "msgs_per_s": messages / (wall1 - wall0),
            "plays_per_s": len(latencies) / (wall1 - wall0),
            "p50_ms": 1000 * statistics.median(lat),
            "p99_ms": 1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))],
            "server_cpu": (cpu1 - cpu0) / (wall1 - wall0),
            "kib_per_table": table_rss,
            "client_cpu": client_cpu / seconds,
            "us_per_msg": 1e6 * (cpu1 - cpu0) / max(1, messages),
            "errors": errors,
            "load": os.getloadavg()[0],  # other work on this machine stretches the latencies
        }
    finally:
        for proc, _ in workers:
            proc.join(5)
            if proc.is_alive():
                proc.kill()
        if server is not None:
            # How long the server takes to stop on SIGTERM (issue 27 item 4: within 1 s).
            stopping = time.perf_counter()
            server.terminate()
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
            stop_s = time.perf_counter() - stopping
            print(f"{'':>6} (the server stopped {stop_s:.1f} s after SIGTERM)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 100, 200, 400])
    parser.add_argument("--seconds", type=float, default=15.0, help="measure time per count")
    parser.add_argument(
        "--think",
        type=float,
        default=0.5,
        help="mean seconds a scripted person takes per decision (0: flat out)",
    )
    parser.add_argument(
        "--profile",
        type=Path,
        help="run the server under cProfile; its figures go to PROFILE.<tables> (pstats)",
    )
    parser.add_argument(
        "--generators", type=int, default=2, help="load-generator processes (default 2)"
    )
    parser.add_argument(
        "--port",
        type=int,
        help="measure servers already running here (e.g. HAProxy's front); their pids go "
        "in --pids for the CPU and memory columns",
    )
    parser.add_argument("--pids", type=int, nargs="*", default=[], help="the servers' pids")
    parser.add_argument("--server-log", type=Path, help="append the server's log to this file")
    args = parser.parse_args()
    where = (
        f"servers already running on port {args.port} (pids {args.pids})"
        if args.port
        else "server pinned to one core"
    )
    print(
        f"{where}; think time {args.think} s; {args.seconds} s per row; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    print(
        f"{'tables':>6} {'msgs/s':>8} {'plays/s':>8} {'p50 ms':>7} {'p99 ms':>7} "
        f"{'server CPU':>10} {'us/msg':>6} {'KiB/table':>9} {'clients CPU':>11} {'errors':>6} "
        f"{'load':>5}"
    )
    bends: list[str] = []
    for n in args.tables:
        profile = args.profile.with_name(f"{args.profile.name}.{n}") if args.profile else None
        r = asyncio.run(
            measure(
                n,
                args.seconds,
                args.think,
                profile,
                port=args.port,
                generators=args.generators,
                server_pids=args.pids,
                server_log=args.server_log,
            )
        )
        print(
            f"{n:>6} {r['msgs_per_s']:>8.0f} {r['plays_per_s']:>8.0f} {r['p50_ms']:>7.1f} "
            f"{r['p99_ms']:>7.1f} {100 * r['server_cpu']:>9.0f}% {r['us_per_msg']:>6.0f} "
            f"{r['kib_per_table']:>9.0f} {100 * r['client_cpu']:>10.0f}% {r['errors']:>6} "
            f"{r['load']:>5.1f}",
            flush=True,
        )
        if not bends:
            if r["p99_ms"] > GOAL_P99_MS:
                bends.append(f"p99 {r['p99_ms']:.0f} ms > {GOAL_P99_MS} ms")
            if r["server_cpu"] > CPU_BEND:
                bends.append(f"server CPU {100 * r['server_cpu']:.0f}% > {100 * CPU_BEND:.0f}%")
            if bends:
                bends.insert(0, f"bends at {n} tables:")
        one_core = n / max(r["server_cpu"], 1e-9)
        print(f"{'':>6} (at this pace one core would hold about {one_core:.0f} tables)")
    print(" ".join(bends) if bends else f"no bend up to {max(args.tables)} tables")


if __name__ == "__main__":
    main()
