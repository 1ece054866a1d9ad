"""The ``app`` marker sets the ``app`` fixture's command line (issue 43: 21 modules overrode the
fixture for a speed or a seed)."""

from __future__ import annotations

import pytest

from scenes.core.app import Options


@pytest.mark.app(size=(1024, 700), seed=3, speed="instant")
def test_the_marker_sets_the_command_line(app_options: Options) -> None:
    assert (app_options.size, app_options.seed, app_options.speed) == ((1024, 700), 3, "instant")
    assert app_options.lang == "en" and app_options.profile is not None


def test_without_the_marker_the_window_is_1280_by_800_in_english(app_options: Options) -> None:
    assert (app_options.size, app_options.seed, app_options.speed) == ((1280, 800), None, None)
    assert app_options.lang == "en"
