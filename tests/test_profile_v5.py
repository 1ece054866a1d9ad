"""Profile schema v5: the score sheet's players (with a photo), sheets and hands; profiles made
by every earlier schema keep every game when they migrate."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from game.engine.match import Match
from game.engine.players import RandomPlayer, play_match
from game.engine.rules import Rules
from game.engine.save import save_match
from game.records import profile as profile_module
from game.records import stats
from game.records.profile import ABANDONED, SCHEMA_VERSION, FinishedGame, Profile, sheets
from game.records.scoresheet import HandEntry, ScoreSheet
from tests.helpers.engine import finished_game

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 40  # the bytes are kept as given


def played(seed: int) -> Match:
    match = Match.new(Rules(target=50), seed=seed)
    play_match(match, [RandomPlayer(seed * 10 + s) for s in range(4)])
    return match


def old_profile(folder: Path, version: int, games: list[Match]) -> Path:
    """A profile at schema ``version`` made with the migration functions of that time, its
    games written with the columns that version had."""
    path = folder / profile_module.PROFILE_FILE
    db = sqlite3.connect(path)
    for step in range(version):
        profile_module.MIGRATIONS[step](db)
    db.execute(f"PRAGMA user_version = {version}")
    db.execute("INSERT INTO settings (key, value) VALUES ('language', '\"fr\"')")
    if version == 1:
        db.execute(
            "INSERT INTO games (slot, data, saved_at) VALUES ('current', ?, 'x')",
            (json.dumps(save_match(games[0])),),
        )
    else:
        for match in games:
            values: tuple[object, ...] = (
                "2026-10-01T10:00:00+00:00",
                json.dumps(match.rules.to_dict()),
                "medium",
                0,
                json.dumps(["Vous", "Ouest", "Nord", "Est"]),
                json.dumps(match.totals),
                json.dumps(list(match.winners)),
                int(0 in match.winners),
                0,
                len(match.history),
                json.dumps(save_match(match)),
            )
            columns = (
                "finished_at, rules, level, human_seat, names, totals, winners, player_won,"
                " practice, hands, match"
            )
            if version >= 4:
                columns += ", outcome, levels"
                values += ("finished", json.dumps([None, "medium", "medium", "medium"]))
            marks = ", ".join("?" * len(values))
            db.execute(f"INSERT INTO games ({columns}) VALUES ({marks})", values)
    if version >= 3:
        db.execute(
            "INSERT INTO daily_results (date, points, par, tricks, first_attempt, practice,"
            " finished_at) VALUES ('2026-10-02', 3, 6, 4, 1, 0, '2026-10-02T20:00:00')"
        )
    db.commit()
    db.close()
    return path


@pytest.mark.parametrize("version", [1, 2, 3, 4])
def test_every_earlier_profile_migrates_and_keeps_every_game(tmp_path: Path, version: int) -> None:
    games = [played(1), played(2), played(3)]
    old_profile(tmp_path, version, games)
    profile = Profile.open(tmp_path)
    assert profile.notice is None
    assert profile.schema_version == SCHEMA_VERSION == 5
    assert profile.setting("language") == "fr"
    if version == 1:  # v1 had only the saved game: it is still there
        assert profile.load_game() == json.loads(json.dumps(save_match(games[0])))
        assert profile.finished_games() == []
    else:
        history = stats.read_history(profile.game_rows()).games
        assert [g.totals for _, g in history] == [tuple(m.totals) for m in games]
        figures = stats.game_statistics(history)[stats.ALL_LEVELS]
        assert figures.played == 3
        assert figures.hands == sum(len(m.history) for m in games)  # every save replays
        assert figures.unreadable == 0
        assert figures.won == sum(0 in m.winners for m in games)
    if version >= 3:
        assert [r.date for r in profile.daily_results()] == ["2026-10-02"]
    assert profile.players() == [] and profile.sheets() == []


def test_players_with_photos_are_kept(tmp_path: Path) -> None:
    profile = Profile.open(tmp_path)
    ann = profile.add_player("Ann", PNG)
    bob = profile.add_player(" Bob ")
    with pytest.raises(ValueError, match="already a player called ann"):
        profile.add_player("ann")
    with pytest.raises(ValueError, match="needs a name"):
        profile.add_player("  ")
    profile.set_player_photo(bob, PNG[:20])
    profile.set_player_photo(ann, None)
    again = Profile.open(tmp_path)
    assert [(p.name, p.photo) for p in again.players()] == [("Ann", None), ("Bob", PNG[:20])]


def test_a_sheet_and_its_hands_round_trip_and_rebuild(tmp_path: Path) -> None:
    profile = Profile.open(tmp_path)
    ids = [profile.add_player(name) for name in ("Ann", "Bob", "Cid")]
    rules = Rules(players=3, target=50, jack_of_diamonds=True)
    sheet = ScoreSheet(rules, ("Ann", "Bob", "Cid"))
    sheet_id = profile.new_sheet(rules.to_dict(), ids, list(sheet.names))
    for entry in (HandEntry((13, 13, -10), jack=2), HandEntry((16, 0, 0), jack=0)):
        sheet.add_hand(entry)
        status = sheet.status()
        entries = [e.to_dict() for e in sheet.entries()]
        profile.save_sheet_hands(sheet_id, entries, status.over, list(status.winners))
    # a correction replaces the hand
    sheet.correct_hand(0, HandEntry((13, -10, 13), jack=1))
    profile.save_sheet_hands(sheet_id, [e.to_dict() for e in sheet.entries()], False, [])
    (stored,) = Profile.open(tmp_path).sheets()
    assert stored.player_ids == tuple(ids) and stored.names == ("Ann", "Bob", "Cid")
    rebuilt = ScoreSheet.from_entries(
        Rules.from_dict(stored.rules), stored.names, [HandEntry.from_dict(h) for h in stored.hands]
    )
    assert rebuilt.totals == sheet.totals == (13 - 10, -10 + 26, 13 + 26)


def test_a_sheet_write_that_fails_halfway_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    profile = Profile.open(tmp_path)
    sheet_id = profile.new_sheet(Rules().to_dict(), [1, 2, 3, 4], ["a", "b", "c", "d"])

    def broken() -> str:
        raise sqlite3.OperationalError("disk I/O error")

    profile.save_sheet_hands(sheet_id, [{"points": [26, 0, 0, 0]}], False, [])
    monkeypatch.setattr(sheets, "now", broken)  # fails after the hands' INSERT
    with pytest.raises(sqlite3.OperationalError):
        profile.save_sheet_hands(
            sheet_id, [{"points": [26, 0, 0, 0]}, {"points": [0, 26, 0, 0]}], False, []
        )
    monkeypatch.undo()
    (stored,) = Profile.open(tmp_path).sheets()
    assert stored.hands == ({"points": [26, 0, 0, 0]},)  # as before the failed write


def test_abandoned_games_count_as_played_never_won(tmp_path: Path) -> None:
    profile = Profile.open(tmp_path)
    won = played(4)
    seat = won.winners[0]
    for outcome in ("finished", ABANDONED):
        profile.record_game(
            FinishedGame(
                rules=won.rules.to_dict(),
                level="easy",
                human_seat=seat,
                names=("a", "b", "c", "d"),
                totals=tuple(won.totals),
                winners=tuple(won.winners),
                practice=False,
                hands=len(won.history),
                match=save_match(won),
                outcome=outcome,
            )
        )
    figures = stats.game_statistics(stats.read_history(profile.game_rows()).games)["easy"]
    assert (figures.played, figures.won, figures.abandoned) == (2, 1, 1)
    assert figures.best is not None and figures.best.game_id == profile.game_ids()[0]


def test_a_reset_starts_the_statistics_again_and_keeps_the_history(tmp_path: Path) -> None:
    profile = Profile.open(tmp_path)
    match = played(5)
    game = finished_game(match)
    profile.record_game(game)
    profile.record_daily("2026-10-03", 2, 5, 3)
    marker = stats.reset_marker(
        stats.read_history(profile.game_rows()).games, "9999-01-01T00:00:00+00:00"
    )
    profile.set_setting(stats.RESET_SETTING, marker)
    profile.record_game(game)
    games, results = stats.since_reset(
        stats.read_history(profile.game_rows()).games,
        profile.daily_results(),
        profile.setting(stats.RESET_SETTING),
    )
    assert [gid for gid, _ in games] == [profile.game_ids()[1]]
    assert results == []
    assert len(stats.read_history(profile.game_rows()).games) == 2  # the history keeps both
    assert (
        stats.since_reset(stats.read_history(profile.game_rows()).games, [], None)[0]
        == stats.read_history(profile.game_rows()).games
    )
