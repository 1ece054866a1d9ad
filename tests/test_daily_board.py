"""The friends' board: a result is accepted only when it replays to the date's challenge and to
the points claimed; one per name a day; names kept by their token; floods cut. The server is
driven by a client written from docs/protocol.md alone (tests/helpers/board_peer.py)."""

from __future__ import annotations

import datetime as _dt
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.engine.cards import cards_of
from game.engine.match import Match
from game.engine.moves import Move
from game.net.daily_board import Board, BoardRefusal, check_result
from game.notation import write_match
from game.records.daily import daily_challenge
from tests.helpers.board_peer import BoardPeer
from tests.helpers.board_thread import board_in_thread
from tests.helpers.daily_games import played_daily, played_daily_ai, points

DAY = _dt.date(2026, 12, 6)
PAR = 7  # a stand-in par: the real one is seconds of search per date


def hand_text(match: Match, day: _dt.date = DAY) -> str:
    return write_match(match, tags={"Event": "Daily challenge", "Date": day.isoformat()})


@pytest.fixture(scope="module")
def daily() -> Match:
    return played_daily(DAY, seed=1)


# -- the check, alone ---------------------------------------------------------------------------


def test_a_true_result_is_accepted(daily: Match) -> None:
    check_result(hand_text(daily), DAY, points(daily), opponents=False)


@pytest.mark.parametrize(
    ("forge", "code"),
    [
        ("points", "points"),
        ("another date", "not-daily"),
        ("a card changed", "no-replay"),
        ("unfinished", "unfinished"),
        ("an opponent's pass", "not-daily"),
        ("another seed", "no-replay"),
        ("a huge text", "too-big"),
    ],
)
def test_a_forged_result_is_refused_with_its_reason(daily: Match, forge: str, code: str) -> None:
    text, claimed, day = hand_text(daily), points(daily), DAY
    if forge == "points":
        claimed = (claimed + 1) % 27
    elif forge == "another date":
        day = DAY + _dt.timedelta(days=1)
    elif forge == "a card changed":
        lines = text.splitlines()
        index = next(i for i, line in enumerate(lines) if line.startswith("Trick 5 "))
        cards = lines[index].split()
        cards[4], cards[5] = cards[5], cards[4]  # the second and third cards swapped
        lines[index] = " ".join(cards)
        text = "\n".join(lines)
    elif forge == "unfinished":
        text = "\n".join(
            line
            for line in text.splitlines()
            if not line.startswith(("Trick 13", "Points", "Totals"))
        )
    elif forge == "an opponent's pass":
        match = daily_challenge(DAY).new_match(opponents_passed=False)
        rng = random.Random(3)
        while match.to_act():
            seat = match.to_act()[0]
            match.apply(seat, rng.choice(match.legal_moves(seat)))
        text, claimed = hand_text(match), points(match)
    elif forge == "another seed":
        text = text.replace('[Seed "daily/2026-12-06"]', '[Seed "daily/2026-12-07"]')
    else:
        text = text + "{" + "x" * 9000 + "}"
    with pytest.raises(BoardRefusal) as refused:
        check_result(text, day, claimed, opponents=False)
    assert refused.value.code == code, refused.value.reason


def test_one_result_per_name_a_day_and_names_kept_by_their_token(daily: Match) -> None:
    board = Board(verify_opponents=False)
    code, token = board.create_group("Ann")
    text, claimed = hand_text(daily), points(daily)
    board.submit(code, "Ann", token, DAY, claimed, text, today=DAY)
    with pytest.raises(BoardRefusal, match="second-attempt"):
        board.submit(code, "ann", token, DAY, claimed, text, today=DAY)
    with pytest.raises(BoardRefusal, match="name-taken"):
        board.join(code, " ANN ", None)
    with pytest.raises(BoardRefusal, match="wrong-token"):
        board.join(code, "Ann", "not the token at all")
    assert board.join(code, "Ann", token) == token
    with pytest.raises(BoardRefusal, match="wrong-date"):
        board.submit(code, "Ann", token, DAY, claimed, text, today=DAY + _dt.timedelta(days=2))
    [line] = board.standings(code, DAY)
    assert (line.points, line.streak, line.days) == (claimed, 1, 1)


def test_the_board_is_kept_in_its_file(tmp_path: Path, daily: Match) -> None:
    file = tmp_path / "board.json"
    board = Board(file, verify_opponents=False)
    code, token = board.create_group("Bea")
    board.submit(code, "Bea", token, DAY, points(daily), hand_text(daily), today=DAY)
    again = Board(file, verify_opponents=False)
    assert again.standings(code, DAY) == board.standings(code, DAY)
    assert again.join(code, "Bea", token) == token


@pytest.fixture(scope="module")
def daily_ai() -> Match:
    return played_daily_ai(DAY, seed=2)


def test_a_hand_played_by_the_challenges_ai_is_accepted_with_its_cards_asked_again(
    daily_ai: Match,
) -> None:
    check_result(hand_text(daily_ai), DAY, points(daily_ai))


def test_an_opponents_card_that_is_not_the_ais_is_refused(daily_ai: Match) -> None:
    """One opponent's card swapped for another legal one (the rest of the hand random)."""
    challenge = daily_challenge(DAY)
    forged = challenge.new_match()
    plays = daily_ai.hand.plays
    mine = daily_ai.hand.passes[0]
    assert mine is not None
    forged.apply(0, Move.pass_cards(cards_of(mine)))
    rng = random.Random(4)
    swapped = False
    for card in plays:
        seat = forged.hand.turn
        legal = forged.hand.legal_cards()
        if not swapped and seat != 0 and len(legal) > 1:
            card = next(c for c in legal if c != card)
            swapped = True
        forged.apply(seat, Move.play(card))
        if swapped:
            break
    while forged.to_act():
        seat = forged.to_act()[0]
        forged.apply(seat, rng.choice(forged.legal_moves(seat)))
    check_result(hand_text(forged), DAY, points(forged), opponents=False)  # legal, finished
    with pytest.raises(BoardRefusal) as refused:
        check_result(hand_text(forged), DAY, points(forged))
    assert refused.value.code == "not-daily" and "is not the one the challenge's AI" in str(
        refused.value
    )


# -- the server, from the protocol's page ------------------------------------------------------


@pytest.fixture
def port() -> Iterator[int]:
    """A board server on a free port in a thread: today is DAY, the par PAR."""
    with board_in_thread(DAY, PAR) as number:
        yield number


def test_three_friends_see_one_board_and_a_forged_result_is_refused(port: int) -> None:
    matches = [played_daily(DAY, seed) for seed in (11, 12, 13)]
    ann, welcome = BoardPeer.create(port, "Ann")
    code = welcome["code"]
    bea, bea_welcome = BoardPeer.join(port, code, "Bea")
    cid, cid_welcome = BoardPeer.join(port, code, "Cid")
    assert bea_welcome["type"] == cid_welcome["type"] == "board-welcome"
    for peer, match in zip((ann, bea, cid), matches, strict=True):
        answer = peer.result(DAY.isoformat(), points(match), hand_text(match))
        assert answer == {
            "type": "board-accepted",
            "date": DAY.isoformat(),
            "points": points(match),
        }
    forged = ann.result(DAY.isoformat(), points(matches[0]), hand_text(matches[0]))
    assert forged["type"] == "board-refused" and forged["code"] == "second-attempt"
    dan, _ = BoardPeer.join(port, code, "Dan")
    lie = dan.result(DAY.isoformat(), (points(matches[1]) + 5) % 27, hand_text(matches[1]))
    assert lie["type"] == "board-refused" and lie["code"] == "points"
    dan.send({"type": "board-show", "date": DAY.isoformat()})
    board = dan.expect("board")
    while board["par"] is None:  # the par is worked out in a thread; the group hears of it
        board = dan.expect("board")
    by_name = {line["name"]: line for line in board["lines"]}
    assert set(by_name) == {"Ann", "Bea", "Cid", "Dan"}
    for name, match in zip(("Ann", "Bea", "Cid"), matches, strict=True):
        assert by_name[name]["points"] == points(match)
        assert by_name[name]["against_par"] == points(match) - PAR
        assert by_name[name]["streak"] == 1
    assert by_name["Dan"]["points"] is None
    assert [line["points"] for line in board["lines"][:3]] == sorted(points(m) for m in matches)
    for peer in (ann, bea, cid, dan):
        peer.close()


def test_the_server_refuses_what_the_page_says(port: int) -> None:
    ann, welcome = BoardPeer.create(port, "Ann")
    code = welcome["code"]
    _, answer = BoardPeer.join(port, code, "ANN")
    assert answer["type"] == "board-refused" and answer["code"] == "name-taken"
    _, wrong = BoardPeer.join(port, "ZZZZZZZZ", "Bea")
    assert wrong["type"] == "board-refused" and wrong["code"] == "wrong-code"
    old = BoardPeer.open(port, "/board/new")
    old.send({"type": "board-create", "version": 2, "name": "Eve"})
    assert old.next()["code"] == "version"
    date = ann.result("2026-12-01", 3, "Hand 1 dealer 1 pass hold")
    assert date["code"] == "wrong-date"
    malformed = ann.result("2026-13-45", 3, "x")
    assert malformed["type"] == "error" and malformed["code"] == "malformed"
    sent = ann.send_until_closed({"type": "board-show", "date": DAY.isoformat()}, 12)
    assert sent >= 8  # 10 at once, three spent: the eighth is one too many
    answers = []
    with pytest.raises(Exception):  # noqa: B017 - the server closes the connection
        while True:
            answers.append(ann.next(5))
    assert answers[-1] == {
        "type": "error",
        "code": "flood",
        "reason": "Too many messages: slow down",
    }


def test_a_real_board_process_takes_todays_results(tmp_path: Path) -> None:
    """`python -m game.net.board_server`, as docs/protocol.md runs it, with its real par."""
    import subprocess
    import sys

    today = _dt.datetime.now(_dt.UTC).date()
    file = tmp_path / "board.json"
    server = subprocess.Popen(
        [sys.executable, "-m", "game.net.board_server", "--port", "0", "--file", str(file)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        port = int(line.rsplit(":", 1)[1].split("/")[0])
        ann, welcome = BoardPeer.create(port, "Ann")
        bea, _ = BoardPeer.join(port, welcome["code"], "Bea")
        mine, theirs = played_daily_ai(today, 21), played_daily(today, 22)
        assert ann.result(today.isoformat(), points(mine), hand_text(mine, today))["type"] == (
            "board-accepted"
        )
        forged = bea.result(today.isoformat(), points(theirs) + 1, hand_text(theirs, today))
        assert forged["code"] == "points"
        bea.send({"type": "board-show", "date": today.isoformat()})
        board = bea.expect("board")
        while board["par"] is None:
            board = bea.expect("board", timeout=120)
        [line_ann] = [x for x in board["lines"] if x["name"] == "Ann"]
        assert line_ann["against_par"] == points(mine) - board["par"]
        ann.close()
        bea.close()
    finally:
        server.terminate()
        server.wait(10)
    assert "Ann" in file.read_text(encoding="utf-8")


HOSTILE = [
    "not json",
    "{}",
    '{"type": "board-result"}',
    '{"type": "board-result", "date": "2026-12-06", "points": 3, "hand": 7}',
    '{"type": "board-result", "date": "2026-12-06", "points": 1000, "hand": "x"}',
    '{"type": "board-show", "date": "2026-12-06", "extra": 1}',
    '{"type": "board-hello", "version": 1, "name": "Zed"}',
    '{"type": "shuffle"}',
    '{"type": "board-show", "date": "yesterday"}',
    '{"type": "board-result", "date": "2026-12-06", "points": 3, "hand": "' + "x" * 8001 + '"}',
    "[" * 500,
]


def test_hostile_messages_are_answered_and_change_nothing(port: int) -> None:
    """Each from the page's own error codes; the connection and the board stay as they were."""
    ann, welcome = BoardPeer.create(port, "Ann")
    codes = []
    for index, raw in enumerate(HOSTILE):
        if index % 8 == 7:  # under the flood limit: 2 a second, 10 at once
            time.sleep(4)
        ann.ws.send(raw)
        answer = ann.next()
        while answer["type"] == "board":  # the group told the par, meanwhile
            answer = ann.next()
        assert answer["type"] in ("error", "board-refused"), answer
        codes.append(answer["code"])
    assert set(codes) <= {"malformed", "unknown", "too-big", "wrong-date"}
    assert "unknown" in codes and "too-big" in codes, " ".join(codes)
    ann.send({"type": "board-show", "date": DAY.isoformat()})
    board = ann.expect("board")
    assert [line["name"] for line in board["lines"]] == ["Ann"]
    again, answer = BoardPeer.join(port, welcome["code"], "Bea")
    assert answer["type"] == "board-welcome"
    ann.close()
    again.close()


def test_the_par_is_worked_out_only_for_the_days_around_today(port: int) -> None:
    """(A par is seconds of search: asking for the boards of old dates must not start any.)"""
    ann, _ = BoardPeer.create(port, "Ann")

    def board_of(date: str) -> dict[str, object]:
        ann.send({"type": "board-show", "date": date})
        while True:
            board = ann.expect("board", timeout=5)
            if board["date"] == date:
                return board

    assert board_of("1999-01-01")["par"] is None
    time.sleep(0.5)  # (a par asked for would be known by now: the stand-in takes no time)
    assert board_of("1999-01-01")["par"] is None
    near = (DAY - _dt.timedelta(days=3)).isoformat()
    assert board_of(near)["par"] is None  # asked for...
    for _ in range(15):  # ...and known once the board's worker has it (a fixed 0.5 s raced)
        time.sleep(0.6)  # under the flood limit: 2 a second
        if board_of(near)["par"] == PAR:
            break
    assert board_of(near)["par"] == PAR
    ann.close()


def test_a_name_may_send_five_results_a_date_refused_ones_included(daily: Match) -> None:
    board = Board(verify_opponents=False)
    code, token = board.create_group("Ann")
    text, claimed = hand_text(daily), points(daily)
    for _ in range(5):
        with pytest.raises(BoardRefusal, match="points"):
            board.submit(code, "Ann", token, DAY, (claimed + 1) % 27, text, today=DAY)
    with pytest.raises(BoardRefusal, match="too-many"):
        board.submit(code, "Ann", token, DAY, claimed, text, today=DAY)
    other = DAY + _dt.timedelta(days=1)
    with pytest.raises(BoardRefusal, match="not-daily"):  # another date: its own five
        board.submit(code, "Ann", token, other, claimed, text, today=DAY)


def test_the_tries_of_a_date_are_kept_in_the_boards_file(tmp_path: Path, daily: Match) -> None:
    """A restart from the board's file does not give a name five more tries."""
    file = tmp_path / "board.json"
    board = Board(file, verify_opponents=False)
    code, token = board.create_group("Ann")
    text, claimed = hand_text(daily), points(daily)
    for _ in range(3):
        with pytest.raises(BoardRefusal, match="points"):
            board.submit(code, "Ann", token, DAY, (claimed + 1) % 27, text, today=DAY)
    again = Board(file, verify_opponents=False)
    for _ in range(2):
        with pytest.raises(BoardRefusal, match="points"):
            again.submit(code, "Ann", token, DAY, (claimed + 1) % 27, text, today=DAY)
    restarted = Board(file, verify_opponents=False)
    with pytest.raises(BoardRefusal, match="too-many"):
        restarted.submit(code, "Ann", token, DAY, claimed, text, today=DAY)
