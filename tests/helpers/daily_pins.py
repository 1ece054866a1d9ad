"""The daily challenge's pinned opponents' passes and pars, for the daily tests and the window's
tests that play a daily hand."""

from __future__ import annotations

import datetime as dt

d = dt.date

# The opponents' passes and the par come from the Hard AI's play. Update them ON PURPOSE, in the
# same commit, when the AI's (tutor's) play changes: players will then get other passes and pars.
PASSES = {
    d(2026, 1, 1): {1: "7C QD 9H", 2: "AC JH KH", 3: "9C 10C AD"},
    d(2026, 7, 14): {1: "QC KS JH", 2: "7C AC QS", 3: "9C JC KD"},
    d(2027, 2, 28): {1: "5C JD 10S", 2: "10C AC 10D", 3: "QD KD QH"},
}
PARS = {  # (par points, tricks the tutor took, the tutor's pass)
    d(2026, 1, 1): (4, 1, "KD QS 10H"),
    d(2026, 7, 14): (0, 1, "KC JD AD"),
    d(2027, 2, 28): (5, 7, "QC KC QS"),
}
