"""Writing a match (or some of its hands) in the notation (docs/notation.md).

>>> from game.engine.match import Match
>>> from game.engine.rules import Rules
>>> text = write_match(Match.new(Rules(), seed=7), tags={"Event": "A test"})
>>> text.splitlines()[0], text.splitlines()[4]
('[Event "A test"]', 'Hand 1 dealer 1 pass left')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from game.engine.cards import cards_of
from game.engine.codec import direction_name
from game.engine.hand import HandState
from game.engine.match import Match
from game.engine.points import MOON_POINTS
from game.engine.rules import MoonMode, Rules
from game.notation.syntax import FRENCH, LETTERS, SPELLINGS, card_text, write_tag

FIRST_TAGS: Final = ("Event", "Site", "Date", "Program", "AI")
"""The tags written first, in this order, when the caller gives them."""
ONE_HAND: Final = "one hand"  # the Length tag of a single-hand match (the daily challenge)
FRENCH_LANGUAGE: Final = "fr"


def rules_words(rules: Rules) -> str:
    """The Rules tag's value: each field of :class:`Rules` as ``name=value``.

    >>> rules_words(Rules(players=3)).split()[:4]
    ['players=3', 'target=100', 'queen_breaks_hearts=false', 'moon=others+26']
    """
    parts = []
    for name, value in rules.to_dict().items():
        shown = ("true" if value else "false") if isinstance(value, bool) else str(value)
        parts.append(f"{name}={shown}")
    return " ".join(parts)


def _header_tags(
    match: Match,
    tags: Mapping[str, str],
    names: Sequence[str],
    levels: Sequence[str],
    spelling: str,
    seed_known: bool,
) -> list[str]:
    out = [write_tag(name, tags[name]) for name in FIRST_TAGS if name in tags]
    out.append(write_tag("Rules", rules_words(match.rules)))
    if match.single_hand:
        out.append(write_tag("Length", ONE_HAND))
    if seed_known:
        out.append(write_tag("Seed", match.seed))
    if spelling == FRENCH:
        out.append(write_tag("Language", FRENCH_LANGUAGE))
    for seat in range(match.rules.players):
        if seat < len(names) and names[seat]:
            out.append(write_tag(f"Seat{seat + 1}", names[seat]))
        if seat < len(levels) and levels[seat]:
            out.append(write_tag(f"Level{seat + 1}", levels[seat]))
    reserved = {*FIRST_TAGS, "Rules", "Length", "Seed", "Language"}
    for name, value in tags.items():
        if name not in reserved and not name.startswith(("Seat", "Level")):
            out.append(write_tag(name, value))
    return out


def _cards(cards: Iterable[int], spelling: str) -> str:
    return " ".join(card_text(c, spelling) for c in cards)


def _numbers(values: Iterable[int]) -> str:
    return " ".join(str(v) for v in values)


def hand_lines(
    hand: HandState,
    number: int,
    dealer: int,
    before: Sequence[int] | None,
    spelling: str,
    *,
    first: bool = True,
) -> list[str]:
    """One hand: its header, the deal, the passes, the tricks (leader first), the moon choice,
    the points and the totals (when the hand is over). ``number`` counts from 1; ``before`` is
    the totals before the hand (None: not written, nor the totals after it), written on a
    Before line when the hand is the ``first`` written and not the game's first."""
    n = hand.n
    out = [f"Hand {number} dealer {dealer + 1} pass {direction_name(hand.pass_direction)}"]
    if before is not None and first and number > 1:
        out.append(f"Before: {_numbers(before)}")
    out += [f"Deal {s + 1}: {_cards(cards_of(hand.dealt[s]), spelling)}" for s in range(n)]
    for seat, chosen in enumerate(hand.passes):
        if chosen is not None:
            out.append(f"Pass {seat + 1}: {_cards(cards_of(chosen), spelling)}")
    tricks = [(leader, cards) for leader, cards, _ in hand.tricks]
    if hand.trick:
        tricks.append((hand.leader, tuple(hand.trick)))
    for index, (leader, cards) in enumerate(tricks, start=1):
        out.append(f"Trick {index} seat {leader + 1}: {_cards(cards, spelling)}")
    chose = hand.rules.moon is MoonMode.SHOOTER_CHOOSES and hand.moon_shooter is not None
    if chose and hand.hand_scores is not None:
        assert hand.moon_shooter is not None
        sign = "-" if hand.moon_subtracted else "+"
        out.append(f"Moon {hand.moon_shooter + 1}: {sign}{MOON_POINTS}")
    if hand.hand_scores is not None:
        out.append(f"Points: {_numbers(hand.hand_scores)}")
        if before is not None:
            after = [t + p for t, p in zip(before, hand.hand_scores, strict=True)]
            out.append(f"Totals: {_numbers(after)}")
    return out


def write_match(
    match: Match,
    *,
    tags: Mapping[str, str] | None = None,
    names: Sequence[str] = (),
    levels: Sequence[str] = (),
    spelling: str = LETTERS,
    hands: Sequence[int] | None = None,
    seed_known: bool = True,
) -> str:
    """``match`` as notation text: the tags, then every hand (or the hands numbered in
    ``hands``, from 0: one of them is "a hand alone"). ``tags`` adds Event, Date, Program, AI
    and any other; ``names`` and ``levels`` are the seats' (a level is "human", "easy" ...);
    ``seed_known`` False leaves the seed out (the deals then stand on their own)."""
    if spelling not in SPELLINGS:
        raise ValueError(f"the card spelling is one of {', '.join(SPELLINGS)}")
    played = match.hands_with_dealers()
    chosen = list(range(len(played))) if hands is None else list(hands)
    if not chosen or chosen != list(range(chosen[0], chosen[0] + len(chosen))):
        raise ValueError("the hands written follow each other")
    if chosen[0] < 0 or chosen[-1] >= len(played):
        raise ValueError(f"the match has {len(played)} hand(s)")
    out = _header_tags(match, tags or {}, names, levels, spelling, seed_known)
    # The totals before the first hand written: the match's, less the hands from there on
    # (a match read from a hand alone holds no history before its hand).
    totals = list(match.totals)
    for scores in match.history[chosen[0] :]:
        totals = [t - s for t, s in zip(totals, scores, strict=True)]
    offset = match.hand_number - len(match.past_hands) + 1  # the first hand's number
    for index in chosen:
        hand, dealer = played[index]
        out.append("")
        first = index == chosen[0]
        out += hand_lines(hand, index + offset, dealer, totals, spelling, first=first)
        if hand.hand_scores is not None:
            totals = [t + s for t, s in zip(totals, hand.hand_scores, strict=True)]
    return "\n".join(out) + "\n"
