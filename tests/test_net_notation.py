"""The table server's two notation flags: ``--games DIR`` writes each finished table's game in
the notation, ``--board`` serves the friends' board on the table's own port."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

import pytest

from game.ai import make_player
from game.engine.match import Match
from game.engine.players import RandomPlayer, play_match
from game.engine.rules import Rules
from game.net.client import RemoteTable
from game.notation import read_game
from tests.helpers.board_peer import BoardPeer
from tests.helpers.daily_games import played_daily_ai, points
from tests.helpers.net import play_until_over, server_process, serving
from tests.helpers.notation_games import play as play_moves

SEED = 77
RULES = Rules(target=30)


@pytest.mark.slow
def test_a_finished_tables_game_is_written_and_reads_back_as_the_engines(tmp_path: Path) -> None:
    with serving(seed_of=lambda code: SEED, games=tmp_path) as server:
        host = RemoteTable.host(server.address, "Ada", RULES, level="easy")
        assert host.wait_seated(), host.problem
        host.start()
        play_until_over([(host, RandomPlayer("ada"))])
        code = host.code
        host.close()
    [file] = list(tmp_path.glob(f"*-{code}.hearts"))
    game = read_game(file.read_text(encoding="utf-8"))
    players = [RandomPlayer("ada"), *(make_player("easy", f"{SEED}/{s}") for s in (1, 2, 3))]
    direct = Match.new(RULES, SEED)
    play_match(direct, players)
    assert game.match.totals == direct.totals and game.match.history == direct.history
    assert game.names()[0] == "Ada" and game.levels() == ["human", "easy", "easy", "easy"]
    assert game.tags["Event"] == f"Online table {code}"


def test_an_unfinished_table_writes_nothing(tmp_path: Path) -> None:
    from game.net.online_table import NetTable
    from game.net.table_games import write_table_game

    table = NetTable("ABCDEFGH", Rules(), "easy", seed=1)
    assert write_table_game(table, tmp_path) is None  # never dealt
    table.match = Match.new(Rules(), 1)
    play_moves(table.match, 30, greedy=False, seed=1)
    written = write_table_game(table, tmp_path / "missing-folder")
    assert written is None  # the folder is not there: said in the log, the table goes on


def test_the_table_server_serves_the_board_on_its_own_port(tmp_path: Path) -> None:
    today = _dt.datetime.now(_dt.UTC).date()
    board_file = tmp_path / "board.json"
    with server_process("--board", str(board_file), "--games", str(tmp_path)) as (_, port):
        ann, welcome = BoardPeer.create(port, "Ann")
        match = played_daily_ai(today, 5)
        from game.net.friends_book import result_text

        answer = ann.result(today.isoformat(), points(match), result_text(match, today))
        assert answer["type"] == "board-accepted", answer
        lie = ann.result(today.isoformat(), points(match), result_text(match, today))
        assert lie["code"] == "second-attempt"
        ann.close()
    assert welcome["code"] in board_file.read_text(encoding="utf-8")


def test_the_server_refuses_a_games_folder_that_is_not_there(tmp_path: Path) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "game.net.server", "--games", str(tmp_path / "nope")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and "no such folder" in done.stderr
    assert "Traceback" not in done.stderr
