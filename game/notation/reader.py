"""Reading the notation (docs/notation.md): every move replayed through the engine.

The first fault stops the reading with a :class:`NotationError`: one sentence naming its line and
column. Nothing is returned half read: the match exists only once the whole text has replayed.

>>> from game.engine.match import Match
>>> from game.engine.rules import Rules
>>> from game.notation.writer import write_match
>>> game = read_game(write_match(Match.new(Rules(players=3), seed=5)))
>>> game.match.rules.players, game.seed_known, game.first_hand
(3, True, 0)
>>> read_game("Hand 1 dealer 1 pass left\\nDeal 1: 2C 2C")
Traceback (most recent call last):
...
game.notation.syntax.NotationError: line 2, column 12: 2♣ is dealt twice
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Final

from game.engine.cards import Card, mask_of
from game.engine.deal import deal_hands, hand_seed
from game.engine.hand import HandState, Phase
from game.engine.legality import IllegalMove
from game.engine.match import Match
from game.engine.moves import Move
from game.engine.points import MOON_POINTS
from game.engine.rules import PASS_SIZE, PassDirection, Rules
from game.notation.syntax import (
    Line,
    NotationError,
    Word,
    lines,
    read_card,
    read_number,
    read_tag,
    words,
)
from game.notation.writer import ONE_HAND
from game.text.sentences import Sentence, refusal

UNKNOWN_SEED: Final = "unknown"  # the match's seed when the text gives none (deals are given)
# The order of a hand's lines; a line may repeat its own stage, never go back to an earlier one.
_STAGES: Final = {
    "Before": 0,
    "Deal": 1,
    "Pass": 2,
    "Trick": 3,
    "Moon": 4,
    "Points": 5,
    "Totals": 6,
}
_GAME_LENGTH: Final = "game"


@dataclass(frozen=True)
class ReadGame:
    """What a notation text holds, replayed: the match, its tags, which hands were written."""

    match: Match
    tags: dict[str, str]
    first_hand: int  # the number, from 0, of the first hand written (a hand alone: its own)
    hand_count: int  # how many hands were written
    seed_known: bool

    def names(self) -> list[str]:
        """The seats' names from the Seat tags ("" where none is given)."""
        return [self.tags.get(f"Seat{s + 1}", "") for s in range(self.match.rules.players)]

    def levels(self) -> list[str]:
        return [self.tags.get(f"Level{s + 1}", "") for s in range(self.match.rules.players)]

    def hand_at(self, index: int) -> HandState:
        """The ``index``-th hand written (from 0)."""
        return [*self.match.past_hands, self.match.hand][index]


@dataclass
class _HandText:
    """One hand's lines as read so far, before its deal is handed to the engine."""

    header: Line
    number: int
    dealer: int
    direction: PassDirection
    direction_word: Word
    deals: dict[int, tuple[Word, list[Card]]] = field(default_factory=dict)
    started: bool = False  # the deal is in the engine
    stage: int = 0


def _rules_of(tags: dict[str, tuple[str, Line]]) -> Rules:
    if "Rules" not in tags:
        return Rules()
    value, line = tags["Rules"]
    start = line.text.index('"') + 1
    settings: dict[str, object] = {}
    for word in words(line.text[: start + len(value)], line.number, start):
        name, equals, raw = word.text.strip('"]').partition("=")
        if not equals:
            raise word.fail("a rule is written name=value, not '{word}'", word=word.text)
        setting: object = (
            int(raw) if raw.isdigit() else {"true": True, "false": False}.get(raw, raw)
        )
        try:
            Rules.from_dict({name: setting})
        except (TypeError, ValueError) as exc:
            raise word.fail("this rule cannot be played ({error})", error=str(exc)) from None
        settings[name] = setting
    try:
        return Rules.from_dict(settings)
    except (TypeError, ValueError) as exc:
        raise line.fail(
            start + 1, "these rules cannot be played ({error})", error=str(exc)
        ) from None


def _read_tags(found: list[Line]) -> tuple[dict[str, tuple[str, Line]], int]:
    tags: dict[str, tuple[str, Line]] = {}
    index = 0
    while index < len(found):
        tag = read_tag(found[index])
        if tag is None:
            break
        if tag[0] in tags:
            raise found[index].fail(1, "the tag {tag} is given twice", tag=tag[0])
        tags[tag[0]] = (tag[1], found[index])
        index += 1
    return tags, index


class _Reading:
    """The replay of one text: the tags read, then each line handed to the engine."""

    def __init__(self, tags: dict[str, tuple[str, Line]]) -> None:
        self.tags = tags
        self.rules = _rules_of(tags)
        self.seed = tags["Seed"][0] if "Seed" in tags else None
        length = tags.get("Length", (_GAME_LENGTH, None))
        if length[0] not in (_GAME_LENGTH, ONE_HAND):
            assert length[1] is not None
            raise length[1].fail(
                1, 'the Length tag is "{game}" or "{hand}"', game=_GAME_LENGTH, hand=ONE_HAND
            )
        self.single = length[0] == ONE_HAND
        for name, (_, line) in tags.items():
            for prefix in ("Seat", "Level"):
                rest = name[len(prefix) :]
                n = self.rules.players
                if name.startswith(prefix) and rest.isdigit() and not 1 <= int(rest) <= n:
                    raise line.fail(2, "there is no seat {seat} at a table of {n}", seat=rest, n=n)
        self.match: Match | None = None
        self.first_hand = 0
        self.hand_count = 0
        self.before: list[int] | None = None
        self.current: _HandText | None = None

    # -- the hand's header and its deal ---------------------------------------------------------

    def header(self, line: Line) -> None:
        if self.current is not None:
            self.finish_hand()
        head = words(line.text, line.number)
        shape = ["Hand", None, "dealer", None, "pass", None]
        if len(head) != len(shape) or any(
            s is not None and w.text != s for w, s in zip(head, shape, strict=True)
        ):
            raise line.fail(1, "a hand begins 'Hand 1 dealer 4 pass left'")
        n = self.rules.players
        number = read_number(head[1], "the hand's number", 1, 10_000)
        dealer = read_number(head[3], "the dealer", 1, n) - 1
        name = head[5].text.upper()
        if name not in PassDirection.__members__:
            raise head[5].fail("the pass is left, right, across or hold")
        direction = PassDirection[name]
        if direction is PassDirection.ACROSS and n != 4:
            raise head[5].fail("there is no pass across at a table of {n}", n=n)
        self.check_sequence(line, head, number, dealer, direction)
        self.current = _HandText(line, number, dealer, direction, head[5])

    def check_sequence(
        self, line: Line, head: list[Word], number: int, dealer: int, direction: PassDirection
    ) -> None:
        """A hand after the first follows the one before it as the engine deals it."""
        match = self.match
        if match is None:
            if self.single and number != 1:
                raise head[1].fail("a one-hand game has only hand 1")
            if number > 1 and direction is not self.rules.pass_direction(number - 1):
                expected = self.rules.pass_direction(number - 1).name.lower()
                raise head[5].fail(
                    "hand {number} passes {way} by the rules", number=number, way=Sentence(expected)
                )
            return
        if match.phase is not Phase.HAND_OVER:
            raise line.fail(
                1, "hand {number} begins before hand {last} is over", number=number, last=number - 1
            )
        if number != match.hand_number + 2:
            raise head[1].fail("this should be hand {number}", number=match.hand_number + 2)
        match.next_hand()
        if dealer != match.dealer:
            raise head[3].fail(
                "seat {seat} deals hand {number}", seat=match.dealer + 1, number=number
            )
        if direction is not match.hand.pass_direction:
            expected = match.hand.pass_direction.name.lower()
            raise head[5].fail(
                "hand {number} passes {way} by the rules", number=number, way=Sentence(expected)
            )

    def deal_line(self, line: Line, head: list[Word], tail: list[Word]) -> None:
        hand = self.hand_text(line)
        n = self.rules.players
        if len(head) != 2:
            raise line.fail(1, "a deal is written 'Deal 1: ' and the seat's cards")
        seat = read_number(head[1], "the seat", 1, n) - 1
        if seat in hand.deals:
            raise head[1].fail("seat {seat} is dealt twice", seat=seat + 1)
        dealt = {c for _, cards in hand.deals.values() for c in cards}
        cards: list[Card] = []
        for word in tail:
            card = read_card(word)
            if not self.rules.deck >> card & 1:
                raise word.fail("{card} is not in play at a table of {n}", card=card, n=n)
            if card in dealt or card in cards:
                raise word.fail("{card} is dealt twice", card=card)
            cards.append(card)
        if len(cards) != self.rules.hand_size:
            raise line.fail(
                len(line.text) + 1,
                "seat {seat} is dealt {count} cards, not {size}",
                seat=seat + 1,
                count=len(cards),
                size=self.rules.hand_size,
            )
        hand.deals[seat] = (head[0], cards)

    def hand_text(self, line: Line) -> _HandText:
        if self.current is None:
            raise line.fail(1, "a hand begins with its header, 'Hand 1 dealer 4 pass left'")
        return self.current

    def start_deal(self, hand: _HandText) -> None:
        """Hand the hand's deal to the engine (the seed's deal when none is written)."""
        hand.started = True
        n = self.rules.players
        given = None
        if hand.deals:
            missing = [s + 1 for s in range(n) if s not in hand.deals]
            if missing:
                last = max(w.line for w, _ in hand.deals.values())
                raise NotationError(last, 1, "the deal of seat {seat} is missing", seat=missing[0])
            given = [mask_of(hand.deals[s][1]) for s in range(n)]
        if self.seed is not None:
            seeded = deal_hands(
                hand_seed(self.seed, hand.number - 1), n, self.rules.deck, hand.dealer
            )
            if given is not None and given != seeded:
                seat = next(s for s in range(n) if given[s] != seeded[s])
                raise hand.deals[seat][0].fail(
                    "seat {seat}'s cards are not the ones the seed deals", seat=seat + 1
                )
            given = seeded
        if given is None:
            raise hand.header.fail(
                1, "hand {number} has no deal, and the text no seed", number=hand.number
            )
        self.install(hand, given)

    def install(self, hand: _HandText, dealt: list[int]) -> None:
        rules = self.rules
        if self.match is None:
            first_pass = hand.direction if hand.number == 1 else None
            if first_pass is rules.pass_direction(0):
                first_pass = None
            seed = self.seed if self.seed is not None else UNKNOWN_SEED
            match = Match.new(
                rules, seed, dealer=hand.dealer, single_hand=self.single, first_pass=first_pass
            )
            match.hand_number = hand.number - 1
            if self.before is not None:
                match.totals = list(self.before)
            self.match = match
            self.first_hand = hand.number - 1
        if self.match.hand.dealt != tuple(dealt):
            self.match.hand = HandState.deal(rules, dealt, hand.direction)
        self.hand_count += 1

    def started_match(self, line: Line, stage: str) -> Match:
        """The match, its current hand's deal in the engine, for a line of ``stage``."""
        hand = self.hand_text(line)
        order = _STAGES[stage]
        if order < hand.stage:
            raise line.fail(
                1, "a {stage} line cannot come after the hand's later lines", stage=stage
            )
        hand.stage = order
        if not hand.started:
            self.start_deal(hand)
        assert self.match is not None
        return self.match

    def finish_hand(self) -> None:
        if self.current is not None and not self.current.started:
            self.start_deal(self.current)

    # -- the moves ------------------------------------------------------------------------------

    def before_line(self, line: Line, head: list[Word], tail: list[Word]) -> None:
        hand = self.hand_text(line)
        if self.match is not None or hand.stage > 0 or len(head) != 1:
            raise line.fail(1, "a Before line only opens the first hand written")
        self.before = self.numbers(line, tail, "a total")

    def numbers(self, line: Line, tail: list[Word], what: str) -> list[int]:
        n = self.rules.players
        if len(tail) != n:
            column = tail[n].column if len(tail) > n else len(line.text) + 1
            raise line.fail(
                column, "{n} numbers are needed, one per seat, not {count}", n=n, count=len(tail)
            )
        return [read_number(w, what, -100_000, 100_000) for w in tail]

    def pass_line(self, line: Line, head: list[Word], tail: list[Word]) -> None:
        match = self.started_match(line, "Pass")
        if len(head) != 2:
            raise line.fail(1, "a pass is written 'Pass 1: ' and the three cards")
        seat = read_number(head[1], "the seat", 1, self.rules.players) - 1
        cards = [read_card(w) for w in tail]
        if len(cards) != PASS_SIZE and match.phase is Phase.PASS:
            column = tail[PASS_SIZE].column if len(tail) > PASS_SIZE else len(line.text) + 1
            raise line.fail(
                column, "a pass is {size} cards, not {count}", size=PASS_SIZE, count=len(cards)
            )
        try:
            match.apply(seat, Move.pass_cards(cards))
        except IllegalMove as exc:
            held = match.hand.hands[seat]
            wrong = [w for w, c in zip(tail, cards, strict=True) if not held >> c & 1]
            where = wrong[0] if wrong and match.phase is Phase.PASS else head[0]
            raise where.fail(
                "seat {seat} cannot pass these cards ({error})",
                seat=seat + 1,
                error=_refused(exc, match.hand),
            ) from None

    def trick_line(self, line: Line, head: list[Word], tail: list[Word]) -> None:
        match = self.started_match(line, "Trick")
        hand = match.hand
        if len(head) not in (2, 4) or (len(head) == 4 and head[2].text != "seat"):
            raise line.fail(1, "a trick is written 'Trick 1 seat 2: ' and its cards")
        number = read_number(head[1], "the trick's number", 1, 100)
        if hand.phase is Phase.PASS:
            raise line.fail(1, "the tricks begin before every seat has passed")
        if hand.trick or number != len(hand.tricks) + 1:
            done = len(hand.tricks) + (1 if hand.trick else 0)
            raise head[1].fail(
                "this should be trick {number}, after a whole trick {done}",
                number=done + 1,
                done=done,
            )
        if len(head) == 4:
            leader = read_number(head[3], "the seat", 1, self.rules.players) - 1
            if hand.phase is Phase.PLAY and leader != hand.turn:
                raise head[3].fail(
                    "seat {seat} leads trick {number}", seat=hand.turn + 1, number=number
                )
        if not tail:
            raise line.fail(len(line.text) + 1, "the trick has no card")
        for index, word in enumerate(tail):
            if index == self.rules.players:
                raise word.fail("a trick has {n} cards", n=self.rules.players)
            self.play(match, word)

    def play(self, match: Match, word: Word) -> None:
        card = read_card(word)
        hand = match.hand
        if hand.phase is not Phase.PLAY:
            raise word.fail("the hand is over: there is no card left to play")
        seat = hand.turn
        try:
            match.apply(seat, Move.play(card))
        except IllegalMove as exc:
            raise word.fail(
                "seat {seat} may not play {card} ({error})",
                seat=seat + 1,
                card=card,
                error=_refused(exc, hand),
            ) from None

    def moon_line(self, line: Line, head: list[Word], tail: list[Word]) -> None:
        match = self.started_match(line, "Moon")
        if len(head) != 2 or len(tail) != 1:
            raise line.fail(1, "a moon choice is written 'Moon 3: -{points}'", points=MOON_POINTS)
        seat = read_number(head[1], "the seat", 1, self.rules.players) - 1
        if match.phase is not Phase.MOON_CHOICE:
            raise line.fail(1, "there is no moon choice to make here")
        if seat != match.hand.moon_shooter:
            raise head[1].fail("seat {seat} did not shoot the moon", seat=seat + 1)
        choices = {f"-{MOON_POINTS}": True, f"+{MOON_POINTS}": False}
        if tail[0].text not in choices:
            raise tail[0].fail("the choice is -{points} or +{points}", points=MOON_POINTS)
        match.apply(seat, Move.moon(choices[tail[0].text]))

    def points_line(self, line: Line, head: list[Word], tail: list[Word]) -> None:
        match = self.started_match(line, "Points")
        self.check_scores(
            line, head, tail, match.hand.hand_scores, "seat {seat} scores {right}, not {value}"
        )

    def totals_line(self, line: Line, head: list[Word], tail: list[Word]) -> None:
        match = self.started_match(line, "Totals")
        over = match.hand.hand_scores is not None
        self.check_scores(
            line,
            head,
            tail,
            tuple(match.totals) if over else None,
            "seat {seat} has a total of {right}, not {value}",
        )

    def check_scores(
        self,
        line: Line,
        head: list[Word],
        tail: list[Word],
        expected: tuple[int, ...] | None,
        verb: str,
    ) -> None:
        hand = self.match.hand if self.match is not None else None
        if len(head) != 1 or hand is None:
            raise line.fail(1, "a {word} line holds one number per seat", word=head[0].text)
        if expected is None:
            if hand.phase is Phase.MOON_CHOICE:
                raise line.fail(1, "the shooter's moon choice must come before the points")
            missing = hand.hand_size - len(hand.tricks)
            raise line.fail(1, "the hand is not over: {count} trick(s) are missing", count=missing)
        values = self.numbers(line, tail, "a score")
        for seat, (word, value) in enumerate(zip(tail, values, strict=True)):
            if value != expected[seat]:
                raise word.fail(verb, seat=seat + 1, right=expected[seat], value=value)


def _refused(exc: IllegalMove, hand: HandState) -> Sentence:
    """The engine's refusal of a move in ``hand`` (which it left as it was), set inside the
    reader's sentence in lower case, and said in the window's language with the rest."""
    said = refusal(exc.reason, hand.led_suit, hand.first_lead)
    return dataclasses.replace(said, lower_first=True)


_LINE_READERS: Final = {
    "Before": _Reading.before_line,
    "Deal": _Reading.deal_line,
    "Pass": _Reading.pass_line,
    "Trick": _Reading.trick_line,
    "Moon": _Reading.moon_line,
    "Points": _Reading.points_line,
    "Totals": _Reading.totals_line,
}


def read_game(text: str) -> ReadGame:
    """The game (or hand) ``text`` holds, replayed through the engine; the first fault raises
    :class:`NotationError` naming its line and column."""
    found = list(lines(text.removeprefix("\ufeff")))  # (a byte-order mark some editors write)
    tags, index = _read_tags(found)
    reading = _Reading(tags)
    for line in found[index:]:
        if read_tag(line) is not None:
            raise line.fail(1, "the tags come before the first hand")
        first = line.text.split()[0]
        if first == "Hand":
            reading.header(line)
            continue
        colon = line.text.find(":")
        head = words(line.text[: max(colon, 0)], line.number)
        if first.rstrip(":") not in _LINE_READERS or colon < 0:
            column = len(line.text) - len(line.text.lstrip()) + 1
            raise line.fail(column, "'{word}' does not begin a line of a hand", word=first)
        tail = words(line.text, line.number, colon + 1)
        _LINE_READERS[first.rstrip(":")](reading, line, head, tail)
    reading.finish_hand()
    if reading.match is None:
        last = found[-1].number + 1 if found else 1
        raise NotationError(last, 1, "the text holds no hand")
    return ReadGame(
        reading.match,
        {name: value for name, (value, _) in tags.items()},
        reading.first_hand,
        reading.hand_count,
        reading.seed is not None,
    )
