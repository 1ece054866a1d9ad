"""The moon choice at the target's edge (issue 43): adding 26 to the others ends the game when a
total reaches the target exactly, as the engine ends it, so the shooter who is then alone lowest
adds. ``>=`` turned into ``>`` in ``moon_add_wins`` survived every other test."""

from __future__ import annotations

import itertools

from game.ai.facts import moon_add_wins
from game.engine.match import game_result
from game.engine.rules import MOON_POINTS, MoonMode, Rules


def test_reaching_the_target_exactly_ends_the_game_so_the_shooter_adds() -> None:
    rules = Rules(moon=MoonMode.SHOOTER_CHOOSES)
    totals = (10, rules.target - MOON_POINTS, 20, 30)  # seat 1 reaches exactly 100
    assert game_result(rules, [10, rules.target, 46, 56]) == (True, (0,))
    assert moon_add_wins(0, totals, rules)
    assert not moon_add_wins(0, (10, rules.target - MOON_POINTS - 1, 20, 30), rules)


def test_the_choice_agrees_with_the_engines_end_of_game_near_the_target() -> None:
    """Adding wins exactly when, with 26 added to the others, the engine ends the game with the
    shooter alone lowest: every total around the edge, for each target and seat count."""
    checked = 0
    for target, players in ((100, 4), (50, 4), (100, 3), (100, 5)):
        rules = Rules(target=target, players=players, moon=MoonMode.SHOOTER_CHOOSES)
        edge = target - MOON_POINTS
        near = range(edge - 2, edge + 3)
        for shooter_total in (0, edge - 3, edge + 1):
            for others in itertools.product(near, repeat=players - 1):
                totals = (shooter_total, *others)
                after = [shooter_total, *(t + MOON_POINTS for t in others)]
                over, leaders = game_result(rules, after)
                assert moon_add_wins(0, totals, rules) == (over and leaders == (0,)), totals
                checked += 1
    assert checked > 1000
