"""The tutor's truth checker: for every sentence template, an independent checker that
recomputes each claim from the seat's view with plain card arithmetic (not the tutor's helpers),
and seeded positions to run it over. Used by tests/test_tutor.py and benchmarks/tutor_truth.py."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from game.ai import make_player
from game.ai.hard import HardPlayer
from game.engine.cards import CARDS, Card, Suit, cards_of, mask_of
from game.engine.hand import Phase
from game.engine.legality import SUIT_NAMES
from game.engine.match import Match
from game.engine.players import Player, RandomPlayer
from game.engine.rules import Rules
from game.engine.view import SeatView
from game.text import sentences as words
from game.text.sentences import CardRef, SeatRef, Sentence, render
from game.tutor import advice as tutor
from game.tutor.advice import Advice

TUTOR_WORK = 600  # card plays per Hard decision: small, so hundreds of positions stay quick
PASS_SAMPLES = 4  # deals per candidate pass, small for the same reason
QUEEN = Card.parse("QS")
KING, ACE = Card.parse("KS"), Card.parse("AS")

# -- reading a sentence's blanks -------------------------------------------------------------


def card_of(args: Mapping[str, object], key: str = "card") -> Card:
    ref = args[key]
    assert isinstance(ref, CardRef) and len(ref.cards) == 1
    return ref.cards[0]


def suit_of_word(args: Mapping[str, object]) -> int:
    word = args["suit"]
    assert isinstance(word, Sentence)
    return SUIT_NAMES.index(word.template_id)


def seat_of(args: Mapping[str, object]) -> int:
    ref = args["seat"]
    assert isinstance(ref, SeatRef)
    return ref.seat


def count_of(args: Mapping[str, object]) -> int:
    value = args["count"]
    assert isinstance(value, int)
    return value


# -- the facts, recomputed independently -----------------------------------------------------


def suit_cards(mask: int, suit: int) -> list[Card]:
    return [c for c in cards_of(mask) if c.suit == suit]


def lower_spades(hand: int) -> int:
    return sum(1 for c in cards_of(hand) if c.suit == 2 and c.rank < QUEEN.rank)


def current_winner(view: SeatView) -> tuple[Card, int]:
    plays = view.trick_seats()
    led = plays[0][1].suit
    seat, card = max((p for p in plays if p[1].suit == led), key=lambda p: p[1].rank)
    return card, seat


def others_hold(view: SeatView) -> int:
    """Cards neither in this hand nor played: what the other seats hold."""
    seen = view.hand | mask_of(view.trick)
    for _, cards, _ in view.tricks:
        seen |= mask_of(cards)
    return view.rules.deck & ~seen


def penalty_taken(view: SeatView) -> list[int]:
    """Per seat, the hearts and queen it has won, counted from the finished tricks."""
    taken = [0] * view.rules.players
    for _, cards, winner in view.tricks:
        for c in cards:
            if CARDS[c].suit == 3 or c == QUEEN:
                taken[winner] += 13 if c == QUEEN else 1
    return taken


def is_void(view: SeatView) -> bool:
    return not suit_cards(view.hand, view.trick_seats()[0][1].suit)


def highest_in_suit(hand: int, card: Card) -> bool:
    return all(c.rank <= card.rank for c in suit_cards(hand, card.suit))


# Pass clauses: (view before the pass, the three passed cards, the clause's blanks).
PassCheck = Callable[[SeatView, int, Mapping[str, object]], bool]


def _q_count(view: SeatView, passed: int, a: Mapping[str, object]) -> bool:
    return card_of(a) == QUEEN and lower_spades(view.hand) == count_of(a) < 3


def _high_spade(view: SeatView, passed: int, a: Mapping[str, object], count: int | None) -> bool:
    """ "could catch the queen and you have only N lower spades": the queen is not kept, and the
    spades kept below this card (the ones that could be played under a spade lead instead)
    number N, few enough to leave it exposed."""
    card = card_of(a)
    kept = view.hand & ~passed
    n = sum(1 for c in cards_of(kept) if c.suit == 2 and c < card)
    return card in (KING, ACE) and not kept >> QUEEN & 1 and n == (count if count else 0) < 4


def _void(view: SeatView, passed: int, a: Mapping[str, object]) -> bool:
    suit = suit_of_word(a)
    card = card_of(a)
    return (
        card.suit == suit and bool(passed >> card & 1) and not suit_cards(view.hand & ~passed, suit)
    )


def _above(view: SeatView, a: Mapping[str, object]) -> int:
    card = card_of(a)
    return sum(1 for c in cards_of(others_hold(view)) if c.suit == card.suit and c > card)


PASS_CHECKS: dict[str, PassCheck] = {
    words.Q_UNGUARDED_NONE: lambda v, p, a: card_of(a) == QUEEN and lower_spades(v.hand) == 0,
    words.Q_UNGUARDED: _q_count,
    words.Q_COSTLY: lambda v, p, a: card_of(a) == QUEEN,
    words.HIGH_SPADE_NONE: lambda v, p, a: _high_spade(v, p, a, None),
    words.HIGH_SPADE: lambda v, p, a: _high_spade(v, p, a, count_of(a)),
    words.HIGH_HEART: lambda v, p, a: (  # high: no higher heart is kept to win instead
        card_of(a).suit == 3 and card_of(a).rank >= 9 and highest_in_suit(v.hand & ~p, card_of(a))
    ),
    words.VOID: _void,
    words.ABOVE_NONE: lambda v, p, a: _above(v, a) == 0,
    words.ABOVE_FEW: lambda v, p, a: _above(v, a) == count_of(a) <= 3,
    words.TOP_KEPT: lambda v, p, a: (
        suit_of_word(a) == card_of(a).suit
        and all(c < card_of(a) for c in suit_cards(v.hand & ~p, card_of(a).suit))
    ),
    words.SHORT: lambda v, p, a: (
        0 < len(suit_cards(v.hand & ~p, card_of(a).suit)) == count_of(a) < 3
    ),
    words.FEWER: lambda v, p, a: len(suit_cards(v.hand & ~p, card_of(a).suit)) == count_of(a) > 0,
    words.MOON_KEEP: lambda v, p, a: len(suit_cards(v.hand & ~p, 3)) == count_of(a) > 0,
}

# A brief form (the whole pass's clause for one card) claims no more than its long form.
PASS_CHECKS.update({short: PASS_CHECKS[long] for long, short in words.BRIEF.items()})


def _group(check: PassCheck) -> PassCheck:
    """A clause said once for several cards of one suit: its claim holds for each of them."""

    def holds(view: SeatView, passed: int, a: Mapping[str, object]) -> bool:
        ref = a["cards"]
        assert isinstance(ref, CardRef) and len(ref.cards) >= 2
        suits = {c.suit for c in ref.cards}
        rest = {k: v for k, v in a.items() if k != "cards"}
        return len(suits) == 1 and all(
            check(view, passed, {**rest, "card": CardRef((c,))}) for c in ref.cards
        )

    return holds


PASS_CHECKS.update({group: _group(PASS_CHECKS[one]) for one, group in words.GROUPS.items()})

# Play sentences: (view, the card chosen, the blanks).
PlayCheck = Callable[[SeatView, Card, Mapping[str, object]], bool]


def _lead_lower(view: SeatView, card: Card) -> int:
    return sum(1 for c in cards_of(others_hold(view)) if c.suit == card.suit and c < card)


def _flush(view: SeatView, card: Card, a: Mapping[str, object]) -> bool:
    held = view.hand
    return (
        not view.trick
        and card.suit == 2
        and card < QUEEN
        and bool(others_hold(view) >> QUEEN & 1)
        and not held >> KING & 1
        and not held >> ACE & 1
    )


def _under(view: SeatView, card: Card, a: Mapping[str, object]) -> bool:
    best, _ = current_winner(view)
    return card_of(a, "winning") == best and card.suit == best.suit and card < best


def _duck_last(view: SeatView, card: Card, a: Mapping[str, object]) -> bool:
    last = len(view.trick) == view.rules.players - 1
    return last and _under(view, card, a)


def _duck(view: SeatView, card: Card, a: Mapping[str, object]) -> bool:
    return _under(view, card, a) and current_winner(view)[1] == seat_of(a)


def _follow_low(view: SeatView, card: Card, a: Mapping[str, object]) -> bool:
    best, _ = current_winner(view)
    legal = view.legal_cards()
    return (
        card_of(a, "winning") == best
        and all(c.suit == best.suit and c > best for c in legal)
        and card == min(legal)
        and len(view.trick) < view.rules.players - 1  # "a later card": someone plays after
        and _out_above(view, card) > 0  # "may still beat it": a higher card is still out
    )


def _trick_points(view: SeatView) -> int:
    points = sum(13 if c == QUEEN else 1 for c in view.trick if CARDS[c].suit == 3 or c == QUEEN)
    if view.rules.jack_of_diamonds and Card.parse("JD") in view.trick:
        points -= 10
    return points


def _wins_now(view: SeatView, card: Card) -> bool:
    best, _ = current_winner(view)
    return card.suit == best.suit and card > best


def _win_last(view: SeatView, card: Card, points: int) -> bool:
    """Playing last, the card takes a trick of ``points``; and it is "a high card" to be rid
    of: no higher card of its suit that could be played instead is held."""
    last = len(view.trick) == view.rules.players - 1
    higher = [c for c in view.legal_cards() if c.suit == card.suit and c > card]
    return last and _wins_now(view, card) and _trick_points(view) == points and not higher


def _over(view: SeatView, card: Card, a: Mapping[str, object], points: int) -> bool:
    best, _ = current_winner(view)
    return card_of(a, "winning") == best and _wins_now(view, card) and _trick_points(view) == points


def _runner(view: SeatView) -> int | None:
    holders = [s for s, p in enumerate(penalty_taken(view)) if p]
    return holders[0] if len(holders) == 1 else None


def _block(view: SeatView, card: Card, a: Mapping[str, object]) -> bool:
    runner = seat_of(a)
    return (
        _runner(view) == runner != view.seat
        and penalty_taken(view)[runner] == count_of(a)
        and bool(view.trick)
        and _wins_now(view, card)
    )


def _keep_stopper(view: SeatView, card: Card, a: Mapping[str, object]) -> bool:
    """The runner is winning the trick and the card neither beats it nor feeds it a point; and
    "keep your high cards": a higher card of its suit stays in the hand, or no lower card of
    its suit could be played instead."""
    runner = seat_of(a)
    point = card.suit is Suit.HEARTS or card == Card.parse("QS")
    return (
        _runner(view) == runner != view.seat
        and penalty_taken(view)[runner] == count_of(a)
        and bool(view.trick)
        and current_winner(view)[1] == runner
        and not _wins_now(view, card)
        and not (is_void(view) and point)
        and (not highest_in_suit(view.hand, card) or card == min(_same_suit_legal(view, card)))
    )


def _keep_from_run(view: SeatView, card: Card, a: Mapping[str, object]) -> bool:
    """The seat won exactly the last ``count`` tricks (the one before them went elsewhere, or
    there was none), led and won one of this hand's tricks with a queen or above, and is
    winning this one; void in the suit led, the card is no point and hearts stay in the hand."""
    runner = seat_of(a)
    count = count_of(a)
    tricks = view.tricks
    won = [w for _, _, w in tricks]
    top_lead = any(
        leader == w == runner and Card(cards[0]).rank >= Card.parse("QS").rank
        for leader, cards, w in tricks
    )
    hearts = [c for c in suit_cards(view.hand, Suit.HEARTS) if c != card]
    return (
        runner != view.seat
        and len(won) >= count >= 2
        and won[-count:] == [runner] * count
        and (len(won) == count or won[-count - 1] != runner)
        and top_lead
        and bool(view.trick)
        and current_winner(view)[1] == runner
        and is_void(view)
        and card.suit is not Suit.HEARTS
        and card != Card.parse("QS")
        and bool(hearts)
    )


def _same_suit_legal(view: SeatView, card: Card) -> list[Card]:
    return [c for c in view.legal_cards() if c.suit == card.suit]


def _shoot(view: SeatView, card: Card, a: Mapping[str, object]) -> bool:
    return _runner(view) == view.seat and penalty_taken(view)[view.seat] == count_of(a)


def _throw(view: SeatView, a: Mapping[str, object]) -> bool:
    return bool(view.trick) and is_void(view) and suit_of_word(a) == view.trick_seats()[0][1].suit


def _out_above(view: SeatView, card: Card) -> int:
    return sum(1 for c in cards_of(others_hold(view)) if c.suit == card.suit and c > card)


def _queen_played(view: SeatView) -> bool:
    return any(QUEEN in cards for _, cards, _ in view.tricks) or QUEEN in view.trick


def _throw_to(view: SeatView, a: Mapping[str, object]) -> bool:
    return _throw(view, a) and current_winner(view) == (card_of(a, "winning"), seat_of(a))


def _keep_low(view: SeatView, card: Card, a: Mapping[str, object]) -> bool:
    """Over the winning card, keeping a lower card of that suit (held, and playable now)."""
    low = card_of(a, "low")
    best, _ = current_winner(view)
    return (
        card_of(a, "winning") == best
        and _wins_now(view, card)
        and low in view.legal_cards()
        and low.suit == card.suit
        and low < card
    )


PLAY_CHECKS: dict[str, PlayCheck] = {
    words.ONLY_CARD: lambda v, c, a: v.legal_cards() == [c],
    words.LEAD_NOBODY: lambda v, c, a: not v.trick and not suit_cards(others_hold(v), c.suit),
    words.LEAD_CANNOT_WIN: lambda v, c, a: (
        not v.trick
        and _lead_lower(v, c) == 0
        and bool(suit_cards(others_hold(v), c.suit))  # someone must follow, higher
    ),
    words.LEAD_LOWER: lambda v, c, a: (
        not v.trick and _lead_lower(v, c) == count_of(a) <= 3 and _out_above(v, c) > 0
    ),
    words.LEAD_WINS: lambda v, c, a: (
        not v.trick and _lead_lower(v, c) > 0 and _out_above(v, c) == 0
    ),
    words.LEAD_LIKELY: lambda v, c, a: (
        not v.trick and 0 < _out_above(v, c) == count_of(a) < _lead_lower(v, c)
    ),
    words.LEAD_SPADE_SAFE: lambda v, c, a: not v.trick and c.suit == 2 and _queen_played(v),
    words.LEAD_HIGHER: lambda v, c, a: not v.trick and _out_above(v, c) == count_of(a) > 0,
    words.FLUSH: _flush,
    words.DUCK_LAST: _duck_last,
    words.DUCK: _duck,
    words.DUCK_QUEEN: lambda v, c, a: (  # she is out and someone plays after
        _under(v, c, a)
        and bool(others_hold(v) >> QUEEN & 1)
        and len(v.trick) < v.rules.players - 1
        and v.trick_number > 0
    ),
    words.FOLLOW_LOW: _follow_low,
    words.FOLLOW_WINS: lambda v, c, a: bool(v.trick) and _wins_now(v, c) and _out_above(v, c) == 0,
    words.WIN_LAST_CLEAN: lambda v, c, a: _win_last(v, c, 0),
    words.WIN_LAST: lambda v, c, a: _win_last(v, c, count_of(a)) and count_of(a) <= 3,
    words.WIN_LAST_FREE: lambda v, c, a: (
        len(v.trick) == v.rules.players - 1 and _wins_now(v, c) and _trick_points(v) == 0
    ),
    words.WIN_FORCED: lambda v, c, a: (
        bool(v.trick)
        and card_of(a, "winning") == current_winner(v)[0]
        and all(x.suit == current_winner(v)[0].suit and _wins_now(v, x) for x in v.legal_cards())
    ),
    words.FIRST_TRICK: lambda v, c, a: (  # "winning it is safe": no point on it so far
        v.trick_number == 0 and bool(v.trick) and _wins_now(v, c) and _trick_points(v) <= 0
    ),
    words.OVER: lambda v, c, a: _over(v, c, a, 0),
    words.OVER_GAIN: lambda v, c, a: _over(v, c, a, count_of(a)) and count_of(a) < 0,
    words.QUEEN_UNDER: lambda v, c, a: c == QUEEN and _under(v, c, a),
    words.QUEEN_THROW: lambda v, c, a: (
        c == QUEEN and _throw(v, a) and current_winner(v) == (card_of(a, "winning"), seat_of(a))
    ),
    words.THROW_HIGH_SPADE: lambda v, c, a: (
        _throw(v, a) and c in (KING, ACE) and bool(others_hold(v) >> QUEEN & 1)
    ),
    words.THROW_HIGH_HEART: lambda v, c, a: (
        _throw(v, a) and c.suit == 3 and highest_in_suit(v.hand, c)
    ),
    words.THROW_HIGHEST: lambda v, c, a: _throw(v, a) and highest_in_suit(v.hand, c),
    words.THROW_LAST_OF_SUIT: lambda v, c, a: _throw(v, a) and suit_cards(v.hand, c.suit) == [c],
    words.THROW_LAST: lambda v, c, a: _throw_to(v, a) and len(v.trick) == v.rules.players - 1,
    words.THROW_HEART_ON: lambda v, c, a: _throw_to(v, a) and c.suit == 3,
    words.THROW_UNBEATEN: lambda v, c, a: _throw(v, a) and _out_above(v, c) == 0,
    words.THROW_FEW_ABOVE: lambda v, c, a: _throw(v, a) and _out_above(v, c) == count_of(a) <= 3,
    words.BLOCK: _block,
    words.KEEP_STOPPER: _keep_stopper,
    words.KEEP_FROM_RUN: _keep_from_run,
    words.SHOOT: lambda v, c, a: bool(v.trick) and _shoot(v, c, a),
    words.SHOOT_LEAD: lambda v, c, a: not v.trick and _shoot(v, c, a),
    words.ALIKE: lambda v, c, a: _one_run(v),
    words.KEEP_LOW: _keep_low,
    words.THROW_SHORTEN: lambda v, c, a: (
        _throw(v, a) and len(suit_cards(v.hand, c.suit)) - 1 == count_of(a) > 0
    ),
}


def _one_run(view: SeatView) -> bool:
    """The legal cards are one suit with no card still out between the lowest and highest."""
    legal = view.legal_cards()
    low, high = min(legal), max(legal)
    return low.suit == high.suit and not any(
        c.suit == low.suit and low < c < high for c in cards_of(others_hold(view))
    )


# A sentence must say why the card is good for the player, not only state a fact: the reason
# part (after the card is named) carries one of these (a consequence, a purpose or a verdict).
REASON_MARKERS = (
    " so ",
    " to protect",
    " to guard",
    "would win",
    " to catch",
    " to beat",
    " to flush",
    " to whoever",
    "could catch",
    "would win tricks",
    "cannot win",
    "you stay",
    "only card you may play",
    "may be running",
    "keep going",
    "small price",
    "most likely",
    "try to take every point",
    "ends the game",
    "would not end",
    "so someone else takes her",
)


def says_why(template: str) -> bool:
    """Whether an English template gives a reason (see REASON_MARKERS)."""
    return any(marker in template for marker in REASON_MARKERS)


def check_play(view: SeatView, advice: Advice) -> str:
    """Asserts the play advice is right (true, and a reason); returns its template."""
    (card,) = advice.cards
    s = advice.sentence
    args = s.args
    assert says_why(s.template_id), f"not a reason: {render(s)}"
    assert card in view.legal_cards()
    assert card_of(args) == card, s
    assert card.symbol() in render(s), render(s)
    assert s.template_id in PLAY_CHECKS, f"no checker for {s.template_id!r}"
    assert PLAY_CHECKS[s.template_id](view, card, args), (render(s), view.to_dict())
    return s.template_id


def check_pass(view: SeatView, advice: Advice) -> list[str]:
    """Asserts the pass advice is right; returns the clause templates it used."""
    passed = mask_of(advice.cards)
    assert len(advice.cards) == 3 and passed & view.hand == passed
    whole = advice.sentence
    assert whole.args["cards"] == CardRef(advice.cards)
    text = render(whole)
    assert all(c.symbol() in text for c in advice.cards), text
    used = []
    said = whole_clauses(advice)
    if said[0].template_id == words.MOON_KEEP:  # the one plan for all three
        assert whole.template_id == words.PASS_ALL and len(said) == 1, text
    else:  # a clause per card, or one for the cards of a suit it holds for together
        wrapper = {1: words.PASS_ALL, 2: words.PASS_TWO, 3: words.PASS_EACH}[len(said)]
        assert whole.template_id == wrapper, text
        covered = [c for clause in said for c in clause.cards()]
        assert sorted(covered) == list(advice.cards), text
        grouped = [c for c in said if "cards" in c.args]
        assert all(c.template_id in words.GROUPS.values() for c in grouped), text
    clauses: list[object] = [*said]
    assert [c for c, _ in advice.per_card] == list(advice.cards)
    for card, one in advice.per_card:
        assert one.template_id == words.PASS_ONE and card_of(one.args) == card
        assert card.symbol() in render(one)
        clauses.append(one.args["reason"])
    for clause in clauses:
        assert isinstance(clause, Sentence)
        assert clause.template_id in PASS_CHECKS, f"no checker for {clause.template_id!r}"
        assert says_why(clause.template_id), f"not a reason: {render(clause)}"
        assert PASS_CHECKS[clause.template_id](view, passed, clause.args), render(clause)
        for named in clause.cards():
            assert named in advice.cards, render(clause)  # a clause speaks of a passed card
        used.append(clause.template_id)
    return used


def whole_clauses(advice: Advice) -> list[Sentence]:
    """The reasons the whole pass sentence gives: one per card, or the moon plan once."""
    args = advice.sentence.args
    keys = ("first", "second", "third") if "first" in args else ("reason",)
    clauses = [args[k] for k in keys if k in args]
    assert all(isinstance(c, Sentence) for c in clauses)
    return [c for c in clauses if isinstance(c, Sentence)]


def play_truth(view: SeatView, advice: Advice) -> tuple[str, bool]:
    """The play sentence's template and whether its claims hold (its checker's verdict)."""
    (card,) = advice.cards
    s = advice.sentence
    check = PLAY_CHECKS.get(s.template_id)
    return s.template_id, check is not None and check(view, card, s.args)


def pass_truth(view: SeatView, advice: Advice) -> list[tuple[str, bool]]:
    """Each clause of the pass advice (the whole and each card's) and whether it holds."""
    passed = mask_of(advice.cards)
    clauses = [*whole_clauses(advice), *(one.args["reason"] for _, one in advice.per_card)]
    said = []
    for clause in clauses:
        assert isinstance(clause, Sentence)
        check = PASS_CHECKS.get(clause.template_id)
        said.append((clause.template_id, check is not None and check(view, passed, clause.args)))
    return said


def small_hard(seed: int | str) -> HardPlayer:
    return HardPlayer(seed, work=TUTOR_WORK, pass_samples=PASS_SAMPLES)


# -- positions from seeded games -------------------------------------------------------------


def mixed_players(game: int, n: int) -> list[Player]:
    levels = ["random", "easy", "medium", "hard"]
    players: list[Player] = []
    for seat in range(n):
        level = levels[(game + seat) % 4]
        if level == "random":
            players.append(RandomPlayer(seed=f"{game}/{seat}"))
        elif level == "hard":
            players.append(small_hard(f"{game}/{seat}"))
        else:
            players.append(make_player(level, f"{game}/{seat}"))
    return players


RULE_SETS = [
    Rules(),
    Rules(),
    Rules(queen_breaks_hearts=True),
    Rules(jack_of_diamonds=True),
    Rules(players=3),
    Rules(players=5),
]


def positions(games: int, start: int = 0) -> Iterator[tuple[SeatView, Advice]]:
    """Every decision of every seat in seeded hands ``start`` .. ``start + games - 1``, with the
    tutor's advice."""
    for game in range(start, start + games):
        rules = RULE_SETS[game % len(RULE_SETS)]
        match = Match.new(rules, seed=f"tutor-test/{game}", single_hand=True)
        players = mixed_players(game, rules.players)
        adviser = small_hard(f"tutor/{game}")
        while match.phase in (Phase.PASS, Phase.PLAY):
            if match.phase is Phase.PASS:
                for seat in range(rules.players):
                    view = match.view(seat)
                    yield view, tutor.advise_pass(view, player=adviser)
                    match.choose_pass(seat, players[seat].choose_pass(view))
                continue
            seat = match.hand.turn
            view = match.view(seat)
            yield view, tutor.advise_play(view, player=adviser)
            match.play(players[seat].choose_play(view), seat)
