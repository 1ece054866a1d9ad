"""How long the statistics and the hand review take: replaying stored games for the statistics
(per game, in the worker) and the tutor's verdicts for one hand's review.

    python benchmarks/records.py                # 40 seeded games, 3 hands reviewed
    python benchmarks/records.py --games 200 --hands 5

Each figure is measured several times and printed as a median and a range (the machine is
shared; timings drift). Goals: the first count of 500 games under 10 s in the worker (the window
shows "Counting the games..." meanwhile, never stalling; afterwards only new games are replayed);
a hand's review under 5 s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.match import Match
from game.engine.players import RandomPlayer, play_match
from game.engine.rules import Rules
from game.engine.save import save_match
from game.records import stats
from game.records.profile import FinishedGame
from game.tutor import review


def stored_games(count: int) -> list[tuple[int, FinishedGame]]:
    games = []
    for seed in range(count):
        match = Match.new(Rules(), seed=seed)
        play_match(match, [RandomPlayer(seed * 10 + s) for s in range(4)])
        games.append(
            (
                seed + 1,
                FinishedGame(
                    rules=match.rules.to_dict(),
                    level="medium",
                    human_seat=0,
                    names=("a", "b", "c", "d"),
                    totals=tuple(match.totals),
                    winners=tuple(match.winners),
                    practice=False,
                    hands=len(match.history),
                    match=save_match(match),
                ),
            )
        )
    return games


def timed(work: object, repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    games = stored_games(args.games)
    hands = sum(g.hands for _, g in games)
    times = timed(lambda: stats.game_statistics(games, stats.facts_by_id(games)), args.repeats)
    per_game = [t / len(games) * 1000 for t in times]
    print(
        f"statistics: {len(games)} games ({hands} hands): median "
        f"{statistics.median(per_game):.2f} ms a game (range {min(per_game):.2f}-"
        f"{max(per_game):.2f}); 500 games ~ {statistics.median(per_game) * 500 / 1000:.1f} s"
    )
    for index in range(args.hands):
        _id, game = games[index]
        hand = review.replay_hand(game.match, 0, 0)

        def judge_all(hand: review.HandReview = hand) -> None:
            for point in hand.decisions:
                review.judge(point, hand.tutor_seed)

        times = timed(judge_all, max(1, args.repeats // 2))
        print(
            f"review of game {index + 1} hand 1: {len(hand.decisions)} decisions, median "
            f"{statistics.median(times):.2f} s (range {min(times):.2f}-{max(times):.2f})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
