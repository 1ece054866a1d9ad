"""The start-up clock (scenes/core/startup.py) on each system."""

from __future__ import annotations

import os
import sys
import time

import pytest

from scenes.core import startup


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="needs a /proc to be misled by")
def test_process_age_off_linux_ignores_a_proc_it_can_see(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows' Python under Wine sees Linux's /proc (through Z:) but has no os.sysconf: the
    clock must not read /proc there (it raised AttributeError at the first frame)."""
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.delattr(os, "sysconf")
    before = time.perf_counter() - startup.START_TIME
    age = startup.process_age()
    assert before <= age <= time.perf_counter() - startup.START_TIME


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's /proc clock")
def test_process_age_on_linux_counts_from_the_process_start() -> None:
    """On Linux the clock starts with the process (before this module loaded), from /proc."""
    age = startup.process_age()
    assert age >= time.perf_counter() - startup.START_TIME
    assert age < 3600
