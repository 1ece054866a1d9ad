"""The server's work a move without the network: one NetTable, four people, whole games.

``benchmarks/server_load.py`` measures the whole server over websockets; this takes the part
that is the project's own code: a frame from a seat decoded, the move checked and applied by the
engine, and the update of every seated person built and encoded (``NetTable.receive_frame`` and
``take_outbox``). The figure is the CPU time of this thread a message taken in (a card, a pass
or a "ready"), so the machine's load stretches it less than it stretches latencies; run it a few
times and read the lowest.

    nice -n 5 python benchmarks/net_table.py --moves 20000
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.hand import Phase
from game.engine.players import RandomPlayer, decide
from game.engine.rules import Rules
from game.net import protocol as p
from game.net.online_table import NetTable

READY = b'{"type":"ready"}'


def measure(moves: int, players: int) -> tuple[float, float]:
    """(µs of CPU a message taken in, messages sent out a message taken in)."""
    spent = 0.0
    taken = sent = 0
    game = 0
    while taken < moves:
        table = NetTable("ABCDEFGH", Rules(players=players, target=1000), "easy", seed=game)
        for s in range(players):
            table.sit(f"P{s}", None)
        table.receive(0, p.Start())
        table.take_outbox()
        bots = [RandomPlayer(f"{game}/{s}") for s in range(players)]
        game += 1
        for _ in range(300):  # a few hands of the game
            match = table.match
            assert match is not None
            if match.phase is Phase.HAND_OVER:
                frames = [(s, READY) for s in range(players)]
            else:
                seat = match.to_act()[0]
                move = decide(bots[seat], match.view(seat))
                frames = [(seat, p.encode(p.Play(move=str(move))))]
            for seat, frame in frames:
                start = time.thread_time()
                table.receive_frame(seat, frame)
                out = table.take_outbox()
                spent += time.thread_time() - start
                sent += len(out)
                taken += 1
    return 1e6 * spent / taken, sent / taken


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=20000, help="messages taken in")
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for _ in range(args.runs):
        us, out = measure(args.moves, args.players)
        print(f"{us:6.1f} µs of CPU a message taken in, {out:.2f} messages out for each")


if __name__ == "__main__":
    main()
