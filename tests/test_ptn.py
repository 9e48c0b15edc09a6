"""Trickster Cards' PTN records: read, replayed and written (`spades.records.read_ptn`).

The hands here are written from the format's description (ref-ptn-format, on the reference
page); the real exports in tests/data/trickster come from public bug reports.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import (
    CLASSIC,
    MINIOKEY,
    TWO_HANDED,
    Bid,
    Bidding,
    Card,
    Deck,
    Direction,
    IllegalMoveError,
    InvalidRecordError,
    Look,
    Move,
    NilTricks,
    Phase,
    Ruleset,
    SpadesError,
    SpadesLead,
    apply,
    legal_moves,
    new_game,
    winning_card,
)
from spades.records import (
    GameRecord,
    PtnHand,
    ptn_problem,
    read_ptn,
    rules_from_options,
    write_ptn,
)
from spades.strategies import rulesets

TRICKSTER = Path(__file__).parent / "data" / "trickster"

# Each seat holds one suit: N spades, E hearts, S diamonds, W clubs. E leads a heart, N
# ruffs, and N then leads her spades, so N-S take every trick.
ONE_SUIT_EACH = """
% A hand written for the tests.
[Event "one suit each"]
[GameOptionsJson "{\\"gameOverScore\\":500}"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
[Auction "E"]
1 4 Nil 5
[Play "E"]
HA D2 C2 S2
H2 D3 C3 S3
"""


def _one_suit_each(bids: str = "1 4 Nil 5", plays: int = 13) -> str:
    ranks = "23456789TJQKA"
    lines = ["HA D2 C2 S2"] + [
        f"H{ranks[j]} D{ranks[j + 1]} C{ranks[j + 1]} S{ranks[j + 1]}" for j in range(12)
    ]
    head = ONE_SUIT_EACH.split("[Auction", maxsplit=1)[0]
    return head + f'[Auction "E"]\n{bids}\n[Play "E"]\n' + "\n".join(lines[:plays]) + "\n"


def test_a_hand_written_from_the_format_replays_to_its_score() -> None:
    """Seats are N, E, S, W = 0 to 3; the deal runs clockwise from the dealer; the auction
    and the play start at their tag's seat; a card is its suit then its rank.

    Rules: ref-ptn-format.
    """
    (hand,) = read_ptn(_one_suit_each())
    assert hand.dealer == 0
    assert {card.suit.letter for card in hand.hands[0] or ()} == {"S"}
    assert [len(cards or ()) for cards in hand.hands] == [13, 13, 13, 13]
    assert {card.suit.letter for card in hand.hands[1] or ()} == {"H"}
    assert hand.first_bidder == 1
    assert hand.first_leader == 1
    assert hand.bids == (Bid(1), Bid(4), Bid(0), Bid(5))
    assert hand.tricks[0] == tuple(Card.parse(text) for text in ("2S", "AH", "2D", "2C"))
    state = hand.replay()
    score = state.rounds[-1]
    # N-S bid 4 + 5 = 9 and took all 13: 90 and 4 bags. E-W's contract is E's 1, set
    # (-10), and W's nil is made (+100).
    assert [side.tricks for side in score.sides] == [13, 0]
    assert score.sides[0].points == 94
    assert score.sides[1].points == -10 + 100
    assert state.scores == (94, 90)


def test_the_tags_the_options_and_the_lines_are_kept() -> None:
    """Rule: ref-ptn-format."""
    (hand,) = read_ptn(_one_suit_each())
    assert hand.tags["Event"] == "one suit each"
    assert hand.tags["Deal"].startswith("N:AKQ")
    assert dict(hand.unknown_options) == {}
    assert hand.lines["Play"] == 8
    assert hand.lines["bid 1"] == 7
    assert hand.lines["trick 13"] == 21


def test_a_record_cut_short_in_its_last_trick_replays_to_there() -> None:
    """Rule: ref-ptn-format."""
    text = _one_suit_each(plays=2).replace("H2 D3 C3 S3", "- - - S3")
    state = read_ptn(text)[0].replay()
    assert len(state.tricks) == 1
    assert [str(card) for card in state.trick] == ["3S"]


def _random_record(rules: Ruleset, seed: int, moves: int) -> GameRecord:
    rng = random.Random(seed)
    state = new_game(rules, seed=seed, dealer=seed % 4)
    played: list[Move] = []
    while not state.is_over and len(played) < moves:
        move = rng.choice(legal_moves(state))
        played.append(move)
        state = apply(state, move)
    return GameRecord.from_moves(rules, played, seed=seed, dealer=seed % 4)


TRICKSTER_LIKE = Ruleset(
    nil=False,
    zero_contract=True,
    team_minimum=4,
    ten_for_two_hundred=True,
    spades_lead=SpadesLead.ANY_TIME,
    bag_penalty=0,
    target=350,
    losing_floor=-200,
)


@pytest.mark.parametrize(
    "rules",
    [
        CLASSIC,
        TRICKSTER_LIKE,
        Ruleset(blind_nil=True, blind_nil_pass=0, blind_nil_deficit=None),
        Ruleset(bidding=Bidding.SUICIDE),
        Ruleset(bidding=Bidding.WHIZ),
        Ruleset(bidding=Bidding.WHIZ, nil=False, zero_contract=True),
        Ruleset(deck=Deck.JOKER_JOKER_ACE),
        attrs.evolve(TRICKSTER_LIKE, deck=Deck.JOKER_JOKER_DEUCE_DEUCE),
        Ruleset(solo=True),
        attrs.evolve(TRICKSTER_LIKE, solo=True, team_minimum=0),
        Ruleset(solo=True, deck=Deck.JOKER_JOKER_DEUCE_DEUCE, nil_tricks=NilTricks.BAGS),
        Ruleset(solo=True, blind_nil=True, blind_nil_pass=0, blind_nil_deficit=None),
        Ruleset(solo=True, bidding=Bidding.WHIZ),
    ],
)
@pytest.mark.parametrize("seed", range(4))
def test_written_records_read_back_to_the_same_games(rules: Ruleset, seed: int) -> None:
    """`write_ptn` writes each round as a hand that `read_ptn` reads and replays, round
    after round, to the record's own states; a solo game's four scores and bag counters
    carry from hand to hand.

    Rule: ref-ptn-format.
    Rule: rule-decks.
    Rule: rule-solo.
    """
    _assert_reads_back(_random_record(rules, seed, 170), rules)


def _assert_reads_back(record: GameRecord, rules: Ruleset) -> None:
    """Each hand of ``record`` written as PTN replays to the record's own states."""
    hands = read_ptn(write_ptn(record))
    assert len(hands) == len(record.rounds)
    states = list(record)
    ends = [len(played.moves) for played in record.rounds]
    scores: tuple[int, ...] = (0,) * rules.sides
    bags: tuple[int, ...] = (0,) * rules.sides
    at = 0
    for hand, length in zip(hands, ends, strict=True):
        assert hand.rules == rules
        at += length
        state = hand.replay(scores=scores, bags=bags)
        expected = states[at]
        assert (state.scores, state.bags) == (expected.scores, expected.bags)
        if state.rounds:  # the round is over: its score is the record's
            assert state.rounds[-1] == expected.rounds[-1]
        else:  # a round in progress
            assert (state.hands, state.bids, state.tricks, state.trick, state.to_move) == (
                expected.hands,
                expected.bids,
                expected.tricks,
                expected.trick,
                expected.to_move,
            )
        scores, bags = state.scores, state.bags


BLIND_SIX_FIELDS: dict[str, object] = {"blind_bid_minimum": 6, "blind_bid_deficit": 250}
BLIND_SIX = Ruleset(blind_bid_minimum=6, blind_bid_deficit=250)
"""Trickster's blindNonNilBids 4: "Blind 6+ if losing by 250"."""


def _trailing_record(rules: Ruleset, seed: int) -> GameRecord:
    """A game in which side 0 overbids until it trails, then bids blind or looks at random.

    Side 0 bids the most it may in sight, side 1 the least above nil; a seat with a blind
    bid open bids one of them or looks, at random; the cards are played at random.
    """
    rng = random.Random(seed)
    state = new_game(rules, seed=seed, dealer=seed % 4)
    played: list[Move] = []
    while not state.is_over and len(state.rounds) < 6:
        moves = legal_moves(state)
        seat = state.to_move or 0
        in_sight = [move for move in moves if isinstance(move, Bid) and not move.blind]
        if in_sight:
            numbers = [bid for bid in in_sight if bid.n] or in_sight
            move: Move = numbers[-1] if seat % 2 == 0 else numbers[0]
        elif state.phase is Phase.BIDDING:  # face down: a blind bid, or a look, half the time
            move = rng.choice(moves[:-1]) if rng.random() < 0.5 else moves[-1]
        else:
            move = rng.choice(moves)
        played.append(move)
        state = apply(state, move)
    return GameRecord.from_moves(rules, played, seed=seed, dealer=seed % 4)


@pytest.mark.parametrize(
    "rules",
    [
        BLIND_SIX,
        attrs.evolve(BLIND_SIX, blind_nil=True, blind_nil_pass=0),
        attrs.evolve(BLIND_SIX, solo=True),
    ],
)
@pytest.mark.parametrize("seed", range(3))
def test_games_with_blind_numbers_read_back_to_the_same_games(rules: Ruleset, seed: int) -> None:
    """A side trailing by 250 bids blind numbers from 6 (and looks before a bid in sight):
    written as PTN, each hand replays to the record's states; the options alone say the
    blind numbers too, and that the game is solo (a player trailing the leading other
    player by 250 bids blind) or in partnerships.

    Rules: ref-ptn-format, ref-ptn-options, rule-blind-bids, rule-solo.
    """
    record = _trailing_record(rules, seed)
    moves = [move for played in record.rounds for move in played.moves]
    assert any(isinstance(move, Bid) and move.blind and move.n for move in moves)
    assert Look() in moves
    _assert_reads_back(record, rules)
    text = write_ptn(record)
    assert "Blind " in text
    bare = "\n".join(line for line in text.splitlines() if not line.startswith("[SpadesRuleset"))
    assert {
        (hand.rules.blind_bid_minimum, hand.rules.blind_bid_deficit, hand.rules.solo)
        for hand in read_ptn(bare)
    } == {(6, 250, rules.solo)}


def test_a_blind_number_is_read_and_scored_twice() -> None:
    """E bids blind 7 while her side trails by 250; W, trailing too, looks before her nil.
    E-W take no trick: the blind 7 loses 140, the nil makes 100; N-S's 9 make 94.

    Rules: ref-ptn-format, ref-ptn-options, rule-blind-bids, rule-contract-points.
    """
    text = _one_suit_each("Blind 7 4 Nil 5").replace(
        '{\\"gameOverScore\\":500}', '{\\"blindNonNilBids\\":4}'
    )
    (hand,) = read_ptn(text)
    assert hand.rules == BLIND_SIX
    assert hand.bids == (Bid(7, blind=True), Bid(4), Bid(0), Bid(5))
    state = hand.replay(scores=(250, 0))
    assert [side.points for side in state.rounds[-1].sides] == [94, -40]
    assert state.scores == (344, -40)
    with pytest.raises(IllegalMoveError, match="trail by 250"):
        hand.replay()


@pytest.mark.parametrize(
    ("token", "bid"),
    [
        ("Blind 7", Bid(7, blind=True)),
        ("Blind7", Bid(7, blind=True)),
        ("blind 13", Bid(13, blind=True)),
        ("BLIND 1", Bid(1, blind=True)),
        ("Blind Nil", Bid(0, blind=True)),
        ("BlindNil", Bid(0, blind=True)),
        ("Double Nil", Bid(0, blind=True)),
    ],
)
def test_blind_bids_are_read_in_either_spelling(token: str, bid: Bid) -> None:
    """Trickster writes a blind bid "Blind 7" and "Blind Nil": the word after ``Blind``
    belongs to it, written apart or not.

    Rule: ref-ptn-format.
    """
    (hand,) = read_ptn(_one_suit_each(f"2 {token} Nil 5"))
    assert hand.bids == (Bid(2), bid, Bid(0), Bid(5))
    assert hand.lines["bid 4"] == 7


@pytest.mark.parametrize(
    "token", ["Blind 0", "Blind 14", "Blind -", "Blind", "Blind7x", "Double 7"]
)
def test_a_blind_bid_out_of_range_is_refused_at_its_line(token: str) -> None:
    """Rule: ref-ptn-format."""
    with pytest.raises(InvalidRecordError, match="Blind 1 to 13") as caught:
        read_ptn(_one_suit_each(f"1 4 Nil {token}"))
    assert caught.value.path == "line 7"


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        (Ruleset(blind_bid_minimum=6, blind_bid_deficit=None), "from 6 at any score"),
        (Ruleset(blind_bid_minimum=7, blind_bid_deficit=250), "from 7 trailing by 250"),
        (Ruleset(blind_bid_minimum=6), "from 6 trailing by 100"),
    ],
)
def test_blind_numbers_other_than_trickster_s_are_not_written(rules: Ruleset, words: str) -> None:
    """PTN holds blind numbers as Trickster's blindNonNilBids 4 only: from 6, by a side
    trailing by 250. `ptn_problem` says why the others are not, and `write_ptn` refuses them.

    Rules: ref-ptn-options, rule-blind-bids.
    """
    problem = ptn_problem(rules)
    assert problem is not None
    assert problem.endswith(words)
    with pytest.raises(SpadesError, match="only from 6 by a side trailing by 250") as caught:
        write_ptn(GameRecord.from_moves(rules, [], seed=1))
    assert str(caught.value) == problem
    assert ptn_problem(BLIND_SIX) is None


def test_replay_takes_scores_and_bags_as_pairs_of_numbers() -> None:
    """Rule: ref-ptn-format."""
    (hand,) = read_ptn(_one_suit_each())
    with pytest.raises(TypeError, match="scores is a pair"):
        hand.replay(scores=[0, 0])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="bags is a pair"):
        hand.replay(bags=(0, "1"))  # type: ignore[arg-type]
    assert hand.replay(scores=(10, 20), bags=(9, 0)).scores == (10 + 94 - 100, 20 + 90)


def test_a_blind_nil_is_written_and_read_as_blindnil() -> None:
    """Rule: ref-ptn-format."""
    rules = Ruleset(blind_nil=True, blind_nil_pass=0, blind_nil_deficit=None)
    state = new_game(rules, seed=3)
    record = GameRecord.from_moves(rules, [Bid(0, blind=True)], seed=3)
    text = write_ptn(record)
    assert "BlindNil" in text
    assert read_ptn(text)[0].replay().bids[state.to_move or 0] == Bid(0, blind=True)


@pytest.mark.parametrize("rules", [MINIOKEY, TWO_HANDED])
def test_only_three_or_four_players_playing_clockwise_are_written(rules: Ruleset) -> None:
    """Rule: ref-ptn-format."""
    record = GameRecord.from_moves(rules, [], seed=1)
    with pytest.raises(SpadesError, match="three or four players playing clockwise"):
        write_ptn(record)


def test_mirror_games_are_not_written() -> None:
    """Trickster has no Mirror bidding: PTN cannot hold it, before a move or after some.

    Rules: ref-ptn-format, rule-mirror.
    """
    rules = Ruleset(bidding=Bidding.MIRROR)
    for record in (GameRecord.from_moves(rules, [], seed=1), _random_record(rules, 1, 20)):
        with pytest.raises(SpadesError, match="PTN records no Mirror bidding"):
            write_ptn(record)


def test_a_whiz_hand_names_its_variation_and_replays_against_the_deal() -> None:
    """A Whiz game written as PTN names its variation "Whiz" and reads back as Whiz, from
    the options alone too; its first bid changed off the bidder's count is refused by the
    replay with the library's error.

    Rules: ref-ptn-options, rule-whiz.
    """
    record = _random_record(Ruleset(bidding=Bidding.WHIZ), 5, 60)
    lines = write_ptn(record).splitlines()
    options = next(line for line in lines if line.startswith("[GameOptionsJson"))
    assert '\\"variation\\":\\"Whiz\\"' in options
    without_ours = "\n".join(line for line in lines if not line.startswith("[SpadesRuleset"))
    for text in ("\n".join(lines), without_ours):
        (hand, *_) = read_ptn(text)
        assert hand.rules.bidding is Bidding.WHIZ
    auction = lines.index(next(line for line in lines if line.startswith("[Auction"))) + 1
    first, *rest = lines[auction].split(" ")
    lines[auction] = " ".join([str(int(first) % 13 + 1), *rest])
    with pytest.raises(IllegalMoveError, match="under Whiz you bid"):
        read_ptn("\n".join(lines))[0].replay()


def test_a_round_with_a_card_pass_is_not_written() -> None:
    """Rule: ref-ptn-format."""
    rules = Ruleset(nil_pass=2)
    state = new_game(rules, seed=2)
    moves: list[Move] = []
    for bid in (Bid(0), Bid(3), Bid(3), Bid(3)):
        moves.append(bid)
        state = apply(state, bid)
    moves.append(legal_moves(state)[0])
    record = GameRecord.from_moves(rules, moves, seed=2)
    with pytest.raises(SpadesError, match="PTN lists no pass: round 1"):
        write_ptn(record)


# --- options --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "fields"),
    [
        ({"minBid": 4}, {"team_minimum": 4}),
        ({"MINBID": "5"}, {"team_minimum": 5}),
        ({"nilOrZero": 1}, {"nil": False, "zero_contract": True}),
        ({"nilOrZero": "Zero"}, {"nil": False, "zero_contract": True}),
        ({"nilOrZero": 0}, {}),
        ({"nilOrZero": "Nil"}, {}),
        ({"tenForTwoHundred": True}, {"ten_for_two_hundred": True}),
        ({"tenForTwoHundred": False}, {}),
        ({"tenBonus": "TenFor200"}, {"ten_for_two_hundred": True}),
        ({"leadSpades": 2}, {"spades_lead": SpadesLead.ANY_TIME}),
        ({"leadSpades": "Anytime"}, {"spades_lead": SpadesLead.ANY_TIME}),
        ({"leadSpades": 0}, {}),
        ({"nilPass": 4}, {"nil_pass": 4}),
        ({"failedNilBags": "HelpsTeamBid"}, {"nil_tricks": NilTricks.COUNT}),
        ({"gameOverScore": 350}, {"target": 350}),
        ({"playTo": 250}, {"target": 250}),
        ({"tenBagsPenalty": False}, {"bag_penalty": 0}),
        ({"bagsPenalty": False}, {"bag_penalty": 0}),
        ({"tenBagsPenalty": True}, {}),
        ({"failBidScoring": 1}, {}),
        ({"mercyRule": 1}, {"losing_floor": -200}),
        ({"blindNonNilBids": 4}, {"blind_bid_minimum": 6, "blind_bid_deficit": 250}),
        ({"BlindNonNilBids": "4"}, {"blind_bid_minimum": 6, "blind_bid_deficit": 250}),
        ({"gameOverScore": " 1000 "}, {"target": 1000}),
        ({"variation": 0}, {}),
        ({"variation": "Suicide"}, {"bidding": Bidding.SUICIDE}),
        ({"variation": "Whiz"}, {"bidding": Bidding.WHIZ}),
        ({"variation": "Classic"}, {}),
        ({"players": 4, "isPartnership": True}, {}),
        ({"isPartnership": False}, {"solo": True}),
        ({"players": "4", "ISPARTNERSHIP": False}, {"solo": True}),
        ({"players": 3}, {"players": 3}),
        ({"Players": "3", "isPartnership": False}, {"players": 3}),
        ({"isPartnership": False, "players": 3}, {"players": 3}),
        ({"players": 3, "variation": 3}, {"players": 3, "deck": Deck.JOKER_JOKER_DEUCE_DEUCE}),
        ({"players": 3, "blindNonNilBids": 4}, {"players": 3, **BLIND_SIX_FIELDS}),
        ({"noWatching": True, "noSuggestions": True}, {}),
    ],
)
def test_each_known_option_sets_its_field(
    options: dict[str, object], fields: dict[str, object]
) -> None:
    """Keys are read without regard to case, enums by number or name.

    Rule: ref-ptn-options.
    """
    rules, unknown = rules_from_options(options)
    assert dict(unknown) == {}
    expected = Ruleset(**{"nil": CLASSIC.nil, **fields})  # type: ignore[arg-type]
    assert rules == expected


@pytest.mark.parametrize(
    "options",
    [
        {"blindNonNilBids": 0},
        {"blindNonNilBids": 3},
        {"blindNonNilBids": "Always"},
        {"blindNonNilBids": True},
        {"firstHandBidsItself": True},
        {"nilOrZero": 2},
        {"leadSpades": 1},
        {"tenBonus": "Other"},
        {"failedNilBags": "Bags"},
        {"gameOverScore": -5},
        {"minBid": 14},
        {"nilPass": "many"},
        {"failBidScoring": 0},
        {"mercyRule": 2},
        {"variation": 9},
        {"bagsPenalty": 50},
        {"isPartnership": "false"},
        {"isPartnership": 0},
        {"minBid": "\u00b2"},
        {"minBid": "\u0663"},
        {"gameOverScore": "--5"},
        {"gameOverScore": "1" * 101},
    ],
)
def test_options_not_known_are_reported_not_fatal(options: dict[str, object]) -> None:
    """A number is ASCII digits, a minus sign before them at most: a superscript two, an
    Arabic-Indic three or a doubled minus sign is no number (and no error).

    Rule: ref-ptn-options.
    """
    rules, unknown = rules_from_options(options)
    assert rules == CLASSIC
    assert dict(unknown) == options


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"variation": 2}, "variation 2 \\(joker-joker-deuce-ace\\) is not played"),
        ({"variation": "JokerJokerDeuceAce"}, "joker-joker-deuce-ace"),
        ({"players": 2}, "players 2: this version reads records of 3 or 4 players only"),
        ({"players": 5}, "players 5: this version reads records of 3 or 4 players only"),
        ({"players": "three"}, "players 'three': this version reads records of 3 or 4"),
        ({"players": 3, "isPartnership": True}, "three players play each on her own"),
        ({"isPartnership": True, "players": "3"}, "three players play each on her own"),
        ({"players": 3, "minBid": 4}, "no playable game: team_minimum is a partnership"),
        ({"players": 3, "nilPass": 2}, "no playable game: nil_pass is the pass between"),
        ({"players": 3, "variation": "Suicide"}, "no playable game: bidding must not"),
        ({"isPartnership": False, "minBid": 4}, "no playable game: team_minimum is a partnership"),
        ({"isPartnership": False, "nilPass": 2}, "no playable game: nil_pass is the pass between"),
        ({"isPartnership": False, "variation": "Suicide"}, "no playable game: bidding must not"),
        ({"nilOrZero": 1, "nilPass": 2}, "describe no playable game: nil_pass"),
    ],
)
def test_options_this_version_cannot_play_are_refused_at_their_line(
    options: dict[str, object], message: str
) -> None:
    """Rule: ref-ptn-options."""
    with pytest.raises(InvalidRecordError, match=message) as caught:
        rules_from_options(options, line=7)
    assert caught.value.path == "line 7"


def _event_words(path: Path) -> str:
    return next(line for line in path.read_text().splitlines() if line.startswith("[Event"))


def test_the_options_of_a_real_export_match_its_event_in_words() -> None:
    """Trickster states a game's options in words in its Event tag: each word the record
    of issue 231 states is the field its option sets.

    Rule: ref-ptn-options.
    """
    path = TRICKSTER / "issue-231-head.ptn"
    words = _event_words(path)
    (options_line,) = [
        line for line in path.read_text().splitlines() if line.startswith("[GameOptionsJson")
    ]
    options = __import__("json").loads(options_line.split('"', 1)[1].rsplit('"', 1)[0])
    assert options["variation"] == 1
    assert "Joker-Joker-Ace" in words
    rules, unknown = rules_from_options(options)
    assert dict(unknown) == {}
    assert rules.deck is Deck.JOKER_JOKER_ACE
    assert "to 350/\u2212200" in words
    assert (rules.target, rules.losing_floor) == (350, -200)
    assert "min bid 4" in words
    assert rules.team_minimum == 4
    assert "10-for-200" in words
    assert rules.ten_for_two_hundred
    assert "no Nil" in words
    assert (rules.nil, rules.zero_contract) == (False, True)
    assert "no bags" in words
    assert rules.bag_penalty == 0
    assert "lead ♠ anytime" in words
    assert rules.spades_lead is SpadesLead.ANY_TIME


def test_a_real_export_with_escaped_options_is_read_with_its_options() -> None:
    """The export of issue 335's options: its variation 3 is "Joker-Joker-Deuce-Deuce" in
    words, its blindNonNilBids 4 "Blind 6+ if losing by 250"; with its 10-for-200 its
    options describe a game this version plays, blind numbers scored on top of the 200.

    Rule: ref-ptn-options.
    Rule: reading-blind-ten-for-two-hundred.
    """
    path = TRICKSTER / "issue-335.ptn"
    (hand,) = read_ptn(path.read_text())
    assert hand.lines["GameOptionsJson"] == 10
    words = _event_words(path)
    assert "Joker-Joker-Deuce-Deuce" in words
    assert hand.rules.deck is Deck.JOKER_JOKER_DEUCE_DEUCE
    assert dict(hand.unknown_options) == {"firstHandBidsItself": True}
    assert "1st hand bids itself" in words
    options = {"failBidScoring": 1, "minBid": 4, "blindNonNilBids": 4, "nilOrZero": 1}
    rules, unknown = rules_from_options(options)
    assert dict(unknown) == {}
    assert "Blind 6+ if losing by 250" in words
    assert (rules.blind_bid_minimum, rules.blind_bid_deficit) == (6, 250)
    rules, unknown = rules_from_options({**options, "tenForTwoHundred": True})
    assert dict(unknown) == {}
    assert (rules.blind_bid_minimum, rules.blind_bid_deficit) == (6, 250)
    assert "min bid 4" in words
    assert rules.team_minimum == 4
    assert "10-for-200" in words
    assert rules.ten_for_two_hundred
    assert "no Nil" in words
    assert rules.zero_contract


def test_a_real_export_without_a_deal_holds_no_hand() -> None:
    """The head of issue 231's export, a tag without its closing bracket and options with
    bare quotes included, reads as a record of no hand.

    Rule: ref-ptn-format.
    """
    assert read_ptn((TRICKSTER / "issue-231-head.ptn").read_text()) == ()


def test_our_ruleset_tag_wins_over_the_options() -> None:
    """Rule: ref-ptn-format."""
    text = _one_suit_each().replace(
        "[Deal",
        '[SpadesRuleset "{\\"type\\":\\"ruleset\\",\\"version\\":3,'
        + _ruleset_body(MINIOKEY)
        + '}"]\n[Deal',
    )
    (hand,) = read_ptn(text)
    assert hand.rules == MINIOKEY


def _ruleset_body(rules: Ruleset) -> str:
    from spades.records import to_data

    data = to_data(rules)
    assert isinstance(data, dict)
    del data["type"], data["version"]
    return json.dumps(data, separators=(",", ":"))[1:-1].replace('"', '\\"')


# --- refusals ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "line", "message"),
    [
        (lambda t: "stray\n" + t, 1, "data before any tag"),
        (lambda t: t.replace('[Event "one suit each"]', "[9 x]"), 3, "a tag is"),
        (lambda t: t.replace('Deal "N:', 'Deal "X:'), 5, "a seat is N, E, S or W"),
        (lambda t: t.replace('Deal "N:', 'Deal "N'), 5, "a deal is"),
        (lambda t: t.replace(" ...AKQJT98765432", ""), 5, "a deal lists 4 hands, not 3"),
        (lambda t: t.replace("...AKQJT98765432", "...AKQJT9876543"), 5, "W's hand holds 12 cards"),
        (lambda t: t.replace("...AKQJT98765432", "A...KQJT98765432"), 5, "AS is dealt twice"),
        (lambda t: t.replace("...AKQJT98765432", "...AKQJT9876543X"), 5, "'X' in"),
        (lambda t: t.replace("...AKQJT98765432", "..AKQJT98765432"), 5, "spades.hearts"),
        (lambda t: t.replace("...AKQJT98765432", "...AKQJT98765432.HL"), 5, "holds 15 cards"),
        (lambda t: t.replace("...AKQJT98765432", "...AKQJT9876543.X"), 5, "'X' in .* no joker"),
        (lambda t: t.replace("...AKQJT98765432", "...AKQJT9876543.J"), 5, "'J' in .* no joker"),
        (lambda t: t.replace("...AKQJT98765432", "...AKQJT987654.HH"), 5, "BJ is dealt twice"),
        (lambda t: t.replace("...AKQJT98765432", "...AKQJT98765.4.H"), 5, "a hand is spades"),
        (lambda t: t.replace("...AKQJT98765432", "...AKQJT9876543.L"), 5, "deck .* has no LJ"),
        (lambda t: t.replace("1 4 Nil 5", "1 4 Nil 14"), 7, "a bid is 0 to 13"),
        (lambda t: t.replace("1 4 Nil 5", "1 4 Nil 5 2"), 6, "four players bid once each"),
        (lambda t: t.replace('Auction "E"', 'Auction "Q"'), 6, "a seat is"),
        (lambda t: t.replace("HA D2 C2 S2", "HA D2 C2 S2 S3"), 9, "a trick is 4 cards"),
        (lambda t: t.replace("HA D2 C2 S2", "HA D2 C2 X2"), 9, "suit then its rank"),
        (lambda t: t.replace("HA D2 C2 S2", "HA D2 C2 ABC"), 9, "suit then its rank"),
        (lambda t: t.replace("HA D2 C2 S2", "HA D2 C2 JX"), 9, "a joker is JH .* or JL"),
        (lambda t: t.replace("HA D2 C2 S2", "HA D2 C2 BJ"), 9, "suit then its rank"),
        (lambda t: t + "HK DA CA SA\n", 8, "a hand has 13 tricks, not 14"),
        (lambda t: t.replace('{\\"gameOverScore\\":500}', "{nope"), 4, "no JSON object"),
        (lambda t: t.replace('{\\"gameOverScore\\":500}', "[1]"), 4, "no JSON object"),
    ],
)
def test_a_malformed_record_is_refused_with_its_line_and_reason(
    change: object, line: int, message: str
) -> None:
    """Rule: ref-ptn-format."""
    text = change(_one_suit_each())  # type: ignore[operator]
    with pytest.raises(InvalidRecordError, match=message) as caught:
        read_ptn(text)
    assert caught.value.path == f"line {line}"


def test_a_bad_spades_ruleset_tag_is_refused_at_its_line() -> None:
    """Rule: ref-ptn-format."""
    for value in ("{nope", '\\"bid 3\\"', "[]"):
        text = _one_suit_each().replace("[Deal", f'[SpadesRuleset "{value}"]\n[Deal')
        with pytest.raises(InvalidRecordError, match="SpadesRuleset is no ruleset") as caught:
            read_ptn(text)
        assert caught.value.path == "line 5"


def test_reading_takes_text_of_bounded_length() -> None:
    """Rule: ref-ptn-format."""
    with pytest.raises(TypeError, match="read_ptn takes the record's text"):
        read_ptn(b"[Event]")  # type: ignore[arg-type]
    with pytest.raises(InvalidRecordError, match="longer than"):
        read_ptn("%" * (2**20 + 1))


@pytest.mark.parametrize(
    ("change", "line", "message"),
    [
        (lambda t: t.replace("...AKQJT98765432", "-"), 5, "a hidden hand"),
        (lambda t: t.replace("1 4 Nil 5", "1 - Nil 5"), 7, "a bid left out"),
        (lambda t: t.replace("1 4 Nil 5", "1 4"), 8, "the play needs four bids"),
        (lambda t: t.replace("HA D2 C2 S2", "HA - C2 S2"), 9, "S's card is left out"),
        (lambda t: t.replace('Auction "E"', 'Auction "S"'), 6, "Auction starts at S"),
        (lambda t: t.replace('Play "E"', 'Play "W"'), 8, "Play starts at W"),
    ],
)
def test_a_hand_that_cannot_be_replayed_is_refused_at_its_line(
    change: object, line: int, message: str
) -> None:
    """Rule: ref-ptn-format."""
    (hand,) = read_ptn(change(_one_suit_each()))  # type: ignore[operator]
    with pytest.raises(InvalidRecordError, match=message) as caught:
        hand.replay()
    assert caught.value.path == f"line {line}"


def test_an_illegal_move_raises_the_library_s_error() -> None:
    """Rule: ref-ptn-format."""
    text = _one_suit_each().replace("H2 D3 C3 S3", "H3 D3 C3 S3")
    (hand,) = read_ptn(text)
    with pytest.raises(IllegalMoveError):
        hand.replay()


def test_a_hand_that_needs_a_card_pass_says_so() -> None:
    """Rule: ref-ptn-format."""
    text = _one_suit_each().replace('{\\"gameOverScore\\":500}', '{\\"nilPass\\":2}')
    (hand,) = read_ptn(text)
    assert isinstance(hand, PtnHand)
    with pytest.raises(InvalidRecordError, match="no card pass") as caught:
        hand.replay()
    assert caught.value.path == "line 8"


def test_a_record_of_a_deal_alone_reads_as_a_hand_without_moves() -> None:
    """A hand without options plays by `CLASSIC`; one without an auction replays to its deal.

    Rule: ref-ptn-format.
    """
    record = GameRecord.from_moves(CLASSIC, [], seed=4, dealer=3)
    text = write_ptn(record)
    assert "[Auction" not in text
    assert "[Play" not in text
    (hand,) = read_ptn(text)
    assert hand.bids == ()
    assert hand.tricks == ()
    assert hand.replay().hands == record.final_state.hands
    bare = "\n".join(
        line for line in text.splitlines() if "Json" not in line and "Spades" not in line
    )
    assert read_ptn(bare)[0].rules == CLASSIC


def test_a_nil_pass_game_is_written_while_no_nil_is_bid() -> None:
    """Rule: ref-ptn-options."""
    rules = Ruleset(nil_pass=2)
    record = GameRecord.from_moves(rules, [Bid(2), Bid(3), Bid(3), Bid(3)], seed=2)
    text = write_ptn(record)
    assert '\\"nilPass\\":2' in text
    assert rules_from_options({"nilPass": 2})[0] == rules
    assert read_ptn(text)[0].replay().bids == record.final_state.bids


ISSUE_335_SCORES = (162, 527)
"""Issue 335's GameScores "S:162 527 162 527": by seat from S clockwise (S, W, N, E), so
N-S 162 and E-W 527, the scores after the hand, which ended the game at 500."""


def test_a_real_joker_joker_deuce_deuce_hand_replays_to_its_game_scores() -> None:
    """Issue 335's hand replays under Joker-Joker-Deuce-Deuce: W, void in clubs, wins the
    third trick with the 2D, a spade; the big joker beats the 3S and 6S, the little joker
    the AS and KS. N-S bid 8 and take 7, set (-80, -10x bid); E-W bid 5 and take 6 (+51).
    From the scores before the hand that GameScores and these points give, the hand ends
    the game at GameScores, E-W winning past 500.

    Rules: rule-decks, ref-ptn-format.
    """
    (hand,) = read_ptn((TRICKSTER / "issue-335.ptn").read_text())
    assert hand.tags["GameScores"] == "S:162 527 162 527"
    south, west, north, east = map(int, hand.tags["GameScores"][2:].split())
    assert (north, east) == (south, west) == ISSUE_335_SCORES
    west_hand = [str(card) for card in hand.hands[3] or ()]
    assert "2D" in west_hand
    assert west_hand[-2:] == ["LJ", "BJ"]
    state = hand.replay()
    assert [trick.winner for trick in state.tricks] == []  # scored: a new round's
    score = state.rounds[-1]
    assert score.tricks == (6, 2, 1, 4)
    assert [side.points for side in score.sides] == [-80, 51]
    before = tuple(
        total - side.points for total, side in zip(ISSUE_335_SCORES, score.sides, strict=True)
    )
    assert before == (242, 476)
    end = hand.replay(scores=before)
    assert end.scores == ISSUE_335_SCORES
    assert end.outcome is not None
    assert end.outcome.winner == 1
    played = [card for card in hand.tricks[2] if card is not None]
    assert [str(card) for card in played] == ["KC", "4C", "JC", "2D"]
    assert winning_card([played[1], played[2], played[3], played[0]], rules=hand.rules) == played[3]


@pytest.mark.parametrize(
    ("deck", "variation"), [(Deck.JOKER_JOKER_ACE, 1), (Deck.JOKER_JOKER_DEUCE_DEUCE, 3)]
)
def test_a_joker_hand_names_its_variation_and_writes_its_jokers(deck: Deck, variation: int) -> None:
    """A game under a joker deck written as PTN names its variation by number, writes the
    jokers in the Deal's fifth group (H big, L little) and in Play as JH and JL, the 2D
    of Joker-Joker-Deuce-Deuce among the diamonds; it reads back from the options alone.

    Rules: rule-decks, ref-ptn-options, ref-ptn-format.
    """
    record = _random_record(Ruleset(deck=deck), 7, 60)
    text = write_ptn(record)
    lines = text.splitlines()
    options = next(line for line in lines if line.startswith("[GameOptionsJson"))
    assert f'\\"variation\\":{variation}' in options
    deal = next(line for line in lines if line.startswith('[Deal "'))
    fifth = [hand.split(".")[4] for hand in deal[9:-2].split() if hand.count(".") == 4]
    assert sorted("".join(fifth)) == ["H", "L"]
    assert all(group in ("H", "L", "HL") for group in fifth)
    start = lines.index(next(line for line in lines if line.startswith("[Play"))) + 1
    plays = " ".join(lines[start : start + 13]).split()
    assert {"JH", "JL"} <= set(plays)
    assert not {"BJ", "LJ"} & set(plays)
    without_ours = "\n".join(line for line in lines if not line.startswith("[SpadesRuleset"))
    (hand, *_) = read_ptn(without_ours)
    assert hand.rules.deck is deck
    dealt = next(iter(record))
    assert hand.hands == tuple(dealt.hand(seat) for seat in range(4))
    assert hand.replay().rounds[-1] == record.final_state.rounds[0]


@pytest.mark.parametrize("bidding", [Bidding.SUICIDE, Bidding.WHIZ])
def test_a_joker_deck_beside_suicide_or_whiz_is_not_written(bidding: Bidding) -> None:
    """PTN's one variation names a joker deck or a bidding mode: not both.

    Rules: rule-decks, ref-ptn-options.
    """
    rules = Ruleset(deck=Deck.JOKER_JOKER_DEUCE_DEUCE, bidding=bidding)
    assert ptn_problem(rules) == (
        f"PTN's variation names a joker deck or {bidding.name.title()} bidding, not both"
    )
    with pytest.raises(SpadesError, match="not both"):
        write_ptn(GameRecord.from_moves(rules, [], seed=1))


def _with_game_scores(value: str, plays: int = 13) -> str:
    """The one-suit hand with a GameScores tag (line 5) after its options."""
    return _one_suit_each(plays=plays).replace("[Deal", f'[GameScores "{value}"]\n[Deal', 1)


def test_a_replay_from_given_scores_checks_the_record_s_game_scores() -> None:
    """N-S bid 9 (N 5, S 4) and take all 13: 90 and 4 bags; E-W's 1 is set (-10) and W's
    nil made (+100): 90. From 100 and 50 the hand ends at 194 and 140, which GameScores
    states from W clockwise; other scores before it, or none stated, fail at its line.

    Rule: ref-ptn-format.
    """
    (hand,) = read_ptn(_with_game_scores("W:140 194 140 194"))
    assert hand.lines["GameScores"] == 5
    assert hand.replay(scores=(100, 50)).scores == (194, 140)
    assert hand.replay().scores == (94, 90)  # no scores given: nothing to check
    with pytest.raises(
        InvalidRecordError, match="ends at N-S 94, E-W 90, but GameScores says N-S 194, E-W 140"
    ) as caught:
        hand.replay(scores=(0, 0))
    assert caught.value.path == "line 5"
    (cut,) = read_ptn(_with_game_scores("W:140 194 140 194", plays=12))
    assert cut.replay(scores=(0, 0)).rounds == ()  # a hand cut short ends at no score


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("S:1 2 3", "a seat and four scores"),
        ("162 527 162 527", "a seat and four scores"),
        ("S:1 2 x 4", "a seat and four scores"),
        ("X:94 90 94 90", "a seat is N, E, S or W"),
        ("N:94 90 93 90", "partners different scores"),
    ],
)
def test_game_scores_of_another_form_are_refused_when_checked(value: str, problem: str) -> None:
    """Rule: ref-ptn-format."""
    (hand,) = read_ptn(_with_game_scores(value))
    hand.replay()
    with pytest.raises(InvalidRecordError, match=problem) as caught:
        hand.replay(scores=(0, 0))
    assert caught.value.path == "line 5"


# --- solo games -------------------------------------------------------------------------------


def _solo(text: str) -> str:
    """``text`` with ``isPartnership: false`` beside its ``gameOverScore`` (line 4)."""
    return text.replace(
        '{\\"gameOverScore\\":500}', '{\\"gameOverScore\\":500,\\"isPartnership\\":false}'
    )


def test_a_solo_hand_written_from_the_format_scores_each_seat_alone() -> None:
    """With ``isPartnership`` false each seat is a side of her own: N's 5 takes all 13
    tricks (50 and 8 bags), E's 1 and S's 4 are set, W's nil is made; no partner's tricks
    help anyone. The same hand in partnerships scores two sides.

    Rules: rule-solo, ref-ptn-options.
    """
    (hand,) = read_ptn(_solo(_one_suit_each()))
    assert hand.rules == Ruleset(solo=True)
    assert dict(hand.unknown_options) == {}
    state = hand.replay()
    score = state.rounds[-1]
    assert score.tricks == (13, 0, 0, 0)
    assert [side.points for side in score.sides] == [58, -10, -40, 100]
    assert (state.scores, state.bags) == ((58, -10, -40, 100), (8, 0, 0, 0))
    assert read_ptn(_one_suit_each())[0].replay().scores == (94, 90)


def test_a_solo_nil_bidder_s_tricks_are_her_bags() -> None:
    """N bids nil and takes all 13 tricks: -100, and her 13 tricks are her bags (13
    points, then the penalty of 100 at 10), although the options' nil_tricks counts a
    partner's nil tricks toward her partner's contract; in partnerships they make S's 4.

    Rules: rule-solo, rule-nil-scoring.
    """
    (hand,) = read_ptn(_solo(_one_suit_each(bids="1 4 5 Nil")))
    assert hand.rules.nil_tricks is NilTricks.COUNT
    north = hand.replay().rounds[-1].sides[0]
    assert (north.nil_points, north.nil_bags, north.bag_penalty, north.points) == (
        -100,
        13,
        -100,
        -187,
    )
    (partnered,) = read_ptn(_one_suit_each(bids="1 4 5 Nil"))
    assert partnered.replay().rounds[-1].sides[0].made


def test_a_solo_replay_checks_each_seat_s_game_scores() -> None:
    """A solo hand's GameScores gives each seat her own score, clockwise from its seat,
    no two alike needed; the replay from given scores checks all four.

    Rules: rule-solo, ref-ptn-format.
    """
    text = _solo(_with_game_scores("W:110 68 0 -30"))
    (hand,) = read_ptn(text)
    assert hand.replay(scores=(10, 10, 10, 10)).scores == (68, 0, -30, 110)
    with pytest.raises(
        InvalidRecordError,
        match="ends at N 58, E -10, S -40, W 100, but GameScores says N 68, E 0, S -30, W 110",
    ) as caught:
        hand.replay(scores=(0, 0, 0, 0))
    assert caught.value.path == "line 5"
    (partnered,) = read_ptn(_with_game_scores("W:110 68 0 -30"))
    with pytest.raises(InvalidRecordError, match="partners different scores"):
        partnered.replay(scores=(0, 0))


def test_a_solo_replay_takes_four_scores_and_four_bag_counters() -> None:
    """Rules: rule-solo, ref-ptn-format."""
    (hand,) = read_ptn(_solo(_one_suit_each()))
    with pytest.raises(TypeError, match="scores is four whole numbers, one a side"):
        hand.replay(scores=(0, 0))
    with pytest.raises(TypeError, match="bags is four whole numbers"):
        hand.replay(bags=(0, 0, 0, "1"))  # type: ignore[arg-type]
    state = hand.replay(scores=(0, 1, 2, 3), bags=(1, 9, 0, 0))
    assert (state.scores, state.bags) == ((58, -9, -38, 103), (9, 9, 0, 0))


def test_a_solo_game_is_written_with_is_partnership_false() -> None:
    """PTN holds solo games: the options say ``isPartnership: false`` and read back as
    solo without our SpadesRuleset tag; the Event is worded as for any game (the event and
    the hand's number), the options being GameOptionsJson's to state.

    Rules: rule-solo, ref-ptn-options.
    """
    rules = Ruleset(solo=True)
    assert ptn_problem(rules) is None
    record = _random_record(rules, 5, 60)
    text = write_ptn(record, event="a solo game")
    lines = text.splitlines()
    assert lines[0] == '[Event "a solo game, hand 1"]'
    assert lines[1] == '[GameOptionsJson "{\\"gameOverScore\\":500,\\"isPartnership\\":false}"]'
    partnered = write_ptn(_random_record(CLASSIC, 5, 60), event="a solo game")
    assert partnered.splitlines()[0] == lines[0]
    assert "isPartnership" not in partnered
    bare = "\n".join(line for line in lines if not line.startswith("[SpadesRuleset"))
    (hand, *_) = read_ptn(bare)
    assert hand.rules == rules
    assert hand.replay().rounds[-1] == record.final_state.rounds[0]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ('\\"minBid\\":4', "team_minimum is a partnership's two bids"),
        ('\\"nilPass\\":2', "nil_pass is the pass between partners"),
        ('\\"variation\\":\\"Suicide\\"', "bidding must not be Bidding.SUICIDE"),
        ('\\"players\\":5', "records of 3 or 4 players only"),
    ],
)
def test_a_solo_record_with_a_partner_s_rule_is_refused_at_its_line(
    options: str, message: str
) -> None:
    """``isPartnership`` false beside a rule that needs a partner (a team minimum, a nil
    pass, Suicide) describes no game this library plays; nor do five players.

    Rules: rule-solo, ref-ptn-options.
    """
    text = _solo(_one_suit_each()).replace("false}", f"false,{options}}}")
    with pytest.raises(InvalidRecordError, match=message) as caught:
        read_ptn(text)
    assert caught.value.path == "line 4"


# --- three players ----------------------------------------------------------------------------

# Three players sit at S, W and E, seats 0, 1 and 2, clockwise (Trickster's own reader of
# PTN numbers them so). E deals, so S bids and leads first. S holds the 13 spades and the
# four top hearts, W the other hearts and the diamonds from the ace to the 7, E the other
# diamonds and the clubs from the 3 (the 2C is out of the standard deck for three).
THREE_STANDARD = """
% A three-player hand written for the tests (rule-three-players).
[Event "three players"]
[GameOptionsJson "{\\"players\\":3,\\"isPartnership\\":false}"]
[Deal "E:..65432.AKQJT9876543 AKQJT98765432.AKQJ.. .T98765432.AKQJT987."]
[Auction "S"]
10 Nil 2
[Play "S"]
HA H2 C3
HK H3 C4
HQ H4 C5
HJ H5 C6
SA H6 C7
SK H7 C8
SQ H8 C9
SJ H9 CT
ST HT CJ
S9 DA CQ
S8 DK CK
S7 DQ CA
S6 DJ D2
S5 DT D3
S4 D9 D4
S3 D8 D5
S2 D7 D6
"""

# The same seats under Joker-Joker-Ace, all 54 cards, 18 each: S holds the two jokers too
# and one heart fewer; E holds the 2C and the 2D, plain cards for three players. S leads
# the big joker and the spades; E, void in spades, discards clubs and keeps the 2D to the
# last trick, as she may while it is a diamond.
THREE_JOKERS = """
[Event "three players, jokers"]
[GameOptionsJson "{\\"players\\":3,\\"variation\\":1}"]
[Deal "E:..65432.AKQJT98765432 AKQJT98765432.AKQ...HL .JT98765432.AKQJT987."]
[Auction "S"]
12 3 Nil
[Play "S"]
HA H2 C2
HK H3 C3
HQ H4 C4
JH H5 C5
JL H6 C6
SA H7 C7
SK H8 C8
SQ H9 C9
SJ HT CT
ST HJ CJ
S9 DA CQ
S8 DK CK
S7 DQ CA
S6 DJ D6
S5 DT D5
S4 D9 D4
S3 D8 D3
S2 D7 D2
"""


def test_a_three_player_hand_written_from_the_format_replays_to_its_score() -> None:
    """A three-player Deal lists three hands of 17 from the dealer's seat clockwise (E, S,
    W); the Auction three bids from S, the Play three columns in the order S, W, E. S's
    10 takes all 17 tricks: 100 and 7 bags; W's nil is made, E's 2 set.

    Rules: rule-three-players, ref-ptn-format.
    """
    (hand,) = read_ptn(THREE_STANDARD)
    assert hand.rules == Ruleset(players=3)
    assert dict(hand.unknown_options) == {}
    assert hand.dealer == 2
    assert [len(cards or ()) for cards in hand.hands] == [17, 17, 17]
    assert {card.suit.letter for card in hand.hands[0] or ()} == {"S", "H"}
    assert Card.parse("2C") not in {card for cards in hand.hands for card in cards or ()}
    assert (hand.first_bidder, hand.first_leader) == (0, 0)
    assert hand.bids == (Bid(10), Bid(0), Bid(2))
    assert hand.tricks[0] == tuple(Card.parse(text) for text in ("AH", "2H", "3C"))
    assert hand.lines["trick 17"] == 25
    state = hand.replay()
    assert len(state.rounds) == 1
    score = state.rounds[-1]
    assert score.tricks == (17, 0, 0)
    assert [side.points for side in score.sides] == [107, 100, -20]
    assert (state.scores, state.bags) == ((107, 100, -20), (7, 0, 0))


def test_a_three_player_deal_s_columns_follow_the_play_tag_s_seat() -> None:
    """The columns of a Play line are the seats clockwise from the Play tag's seat, not
    from the trick's leader; the same hand written from another dealer reads alike.

    Rules: rule-three-players, ref-ptn-format.
    """
    (hand,) = read_ptn(THREE_STANDARD)
    # W dealing: the hands from W (W, E, S), and S still leads: the same hand.
    moved = THREE_STANDARD.replace(
        "E:..65432.AKQJT9876543 AKQJT98765432.AKQJ.. .T98765432.AKQJT987.",
        "W:.T98765432.AKQJT987. ..65432.AKQJT9876543 AKQJT98765432.AKQJ..",
    )
    (same,) = read_ptn(moved)
    assert same.dealer == 1
    assert same.hands == hand.hands
    with pytest.raises(InvalidRecordError, match=r"Auction starts at S, but .* E \(after the"):
        same.replay()


def test_a_three_player_joker_hand_plays_its_deuces_as_plain_cards() -> None:
    """Under Joker-Joker-Ace three players are dealt all 54 cards, 18 each, the 2C and 2D
    plain cards: E, void in spades, discards while she holds the 2D. S's 12 takes all 18
    tricks (120 and 6 bags), W's 3 is set, E's nil made. Under Joker-Joker-Deuce-Deuce the
    2D is a spade, so E must follow the big joker's lead with it: the same play is illegal.

    Rules: rule-three-players, rule-decks, ref-ptn-options.
    """
    (hand,) = read_ptn(THREE_JOKERS)
    assert hand.rules == Ruleset(players=3, deck=Deck.JOKER_JOKER_ACE)
    assert [len(cards or ()) for cards in hand.hands] == [18, 18, 18]
    east = hand.hands[2] or ()
    assert {Card.parse("2C"), Card.parse("2D")} <= set(east)
    assert [str(card) for card in hand.tricks[3]] == ["BJ", "5H", "5C"]
    state = hand.replay()
    score = state.rounds[-1]
    assert score.tricks == (18, 0, 0)
    assert [side.points for side in score.sides] == [126, -30, 100]
    deuces = THREE_JOKERS.replace('\\"variation\\":1', '\\"variation\\":3')
    (spade,) = read_ptn(deuces)
    assert spade.rules == Ruleset(players=3, deck=Deck.JOKER_JOKER_DEUCE_DEUCE)
    with pytest.raises(IllegalMoveError):
        spade.replay()


def test_a_three_player_replay_checks_three_game_scores() -> None:
    """A three-player GameScores is a seat and three scores, each seat's own, clockwise
    from its seat; the replay from given scores checks them.

    Rules: rule-three-players, ref-ptn-format.
    """
    text = THREE_STANDARD.replace("[Deal", '[GameScores "W:200 -70 207"]\n[Deal', 1)
    (hand,) = read_ptn(text)
    assert hand.replay(scores=(100, 100, -50)).scores == (207, 200, -70)
    with pytest.raises(
        InvalidRecordError,
        match="ends at S 107, W 100, E -20, but GameScores says S 207, W 200, E -70",
    ) as caught:
        hand.replay(scores=(0, 0, 0))
    assert caught.value.path == "line 5"
    for value, problem in [
        ("S:1 2 3 4", 'a seat and three scores, "S:120 -40 33"'),
        ("S:1 2", "a seat and three scores"),
        ("N:207 200 -70", "a seat is S, W or E, not 'N'"),
    ]:
        (bad,) = read_ptn(text.replace("W:200 -70 207", value))
        with pytest.raises(InvalidRecordError, match=problem) as caught:
            bad.replay(scores=(100, 100, -50))
        assert caught.value.path == "line 5"


def test_a_three_player_replay_takes_three_scores_and_three_bag_counters() -> None:
    """Rules: rule-three-players, ref-ptn-format."""
    (hand,) = read_ptn(THREE_STANDARD)
    with pytest.raises(TypeError, match="scores is three whole numbers, one a side"):
        hand.replay(scores=(0, 0))
    with pytest.raises(TypeError, match="bags is three whole numbers"):
        hand.replay(bags=(0, 0, 0, 0))
    state = hand.replay(scores=(0, 1, 2), bags=(5, 0, 0))
    # S's 7 bags on top of 5 reach 12: the penalty of 100, and the count starts again.
    assert (state.scores, state.bags) == ((7, 101, -18), (0, 0, 0))


def _three(change: object) -> str:
    return change(THREE_STANDARD)  # type: ignore[no-any-return, operator]


@pytest.mark.parametrize(
    ("change", "line", "message"),
    [
        (lambda t: t.replace('Deal "E:', 'Deal "N:'), 5, "a seat is S, W or E, not 'N'"),
        (lambda t: t.replace('Deal "E:', 'Deal "E'), 5, 'a deal is "S:<hand> <hand> <hand>"'),
        (lambda t: t.replace(" .T98765432", " - .T98765432"), 5, "a deal lists 3 hands, not 4"),
        (lambda t: t.replace(".AKQJT987.", ".AKQJT98."), 5, "W's hand holds 16 cards, not 17"),
        (
            lambda t: t.replace(".AKQJT9876543 ", ".AKQJT9876542 "),  # the 2C for the 3C
            5,
            "the standard deck for three players has no 2C",
        ),
        (
            lambda t: t.replace(".AKQJT9876543 ", ".AKQJT987654.H "),
            5,
            "the standard deck for three players has no BJ",
        ),
        (lambda t: t.replace("10 Nil 2", "10 Nil 2 3"), 6, "three players bid once each, not 4"),
        (lambda t: t.replace("10 Nil 2", "18 Nil 2"), 7, "a bid is 0 to 17, Nil, BlindNil or"),
        (lambda t: t.replace("10 Nil 2", "Blind 18 Nil 2"), 7, "Blind 1 to 17, not 'Blind 18'"),
        (lambda t: t.replace("10 Nil 2", "\u00b2 Nil 2"), 7, "a bid is 0 to 17"),
        (lambda t: t.replace('Auction "S"', 'Auction "N"'), 6, "a seat is S, W or E"),
        (lambda t: t.replace('Play "S"', 'Play "N"'), 8, "a seat is S, W or E"),
        (lambda t: t.replace("HA H2 C3", "HA H2 C3 S2"), 9, "a trick is 3 cards, not 4"),
        (lambda t: t + "S2 D7 D6\n", 8, "a hand has 17 tricks, not 18"),
    ],
)
def test_a_malformed_three_player_record_is_refused_with_its_line_and_reason(
    change: object, line: int, message: str
) -> None:
    """Rules: rule-three-players, ref-ptn-format."""
    with pytest.raises(InvalidRecordError, match=message) as caught:
        read_ptn(_three(change))
    assert caught.value.path == f"line {line}"


@pytest.mark.parametrize(
    ("change", "line", "message"),
    [
        (lambda t: t.replace(" .T98765432.AKQJT987.", " -"), 5, "a hidden hand"),
        (lambda t: t.replace("10 Nil 2", "10 - 2"), 7, "a bid left out"),
        (lambda t: t.replace("10 Nil 2", "10 Nil"), 8, "the play needs three bids, and the"),
        (lambda t: t.replace("HA H2 C3", "HA - C3"), 9, "W's card is left out"),
        (lambda t: t.replace('Auction "S"', 'Auction "W"'), 6, "Auction starts at W, but"),
        (lambda t: t.replace('Play "S"', 'Play "E"'), 8, r"after the dealer, E\) bids and"),
    ],
)
def test_a_three_player_hand_that_cannot_be_replayed_is_refused_at_its_line(
    change: object, line: int, message: str
) -> None:
    """Rules: rule-three-players, ref-ptn-format."""
    (hand,) = read_ptn(_three(change))
    with pytest.raises(InvalidRecordError, match=message) as caught:
        hand.replay()
    assert caught.value.path == f"line {line}"


def test_a_four_player_deal_is_refused_under_three_players_and_back() -> None:
    """The options' number of players decides how many hands a Deal lists.

    Rules: rule-three-players, ref-ptn-options.
    """
    four = _one_suit_each().replace(
        '{\\"gameOverScore\\":500}', '{\\"gameOverScore\\":500,\\"players\\":3}'
    )
    with pytest.raises(InvalidRecordError, match="a seat is S, W or E, not 'N'"):
        read_ptn(four)
    with pytest.raises(InvalidRecordError, match="a deal lists 3 hands, not 4"):
        read_ptn(four.replace('Deal "N:', 'Deal "S:'))
    three = THREE_STANDARD.replace('\\"players\\":3,', "")
    assert read_ptn(three.replace("[Deal", "[X", 1)) == ()  # no Deal: no hand
    with pytest.raises(InvalidRecordError, match="a deal lists 4 hands, not 3") as caught:
        read_ptn(three.replace('Deal "E:', 'Deal "N:'))
    assert caught.value.path == "line 5"


def test_a_two_player_ruleset_tag_is_refused() -> None:
    """PTN holds three or four players: our own tag naming two is refused at its line.

    Rule: ref-ptn-format.
    """
    text = _one_suit_each().replace(
        "[Deal",
        '[SpadesRuleset "{\\"type\\":\\"ruleset\\",\\"version\\":3,'
        + _ruleset_body(TWO_HANDED)
        + '}"]\n[Deal',
    )
    with pytest.raises(InvalidRecordError, match="three or four players, not two") as caught:
        read_ptn(text)
    assert caught.value.path == "line 5"


THREE_BLIND_SIX = Ruleset(players=3, blind_bid_minimum=6, blind_bid_deficit=250)


@pytest.mark.parametrize(
    ("rules", "in_options"),
    [
        (Ruleset(players=3), True),
        (Ruleset(players=3, deck=Deck.JOKER_JOKER_ACE, ten_for_two_hundred=True), True),
        (Ruleset(players=3, bidding=Bidding.WHIZ), True),
        (Ruleset(players=3, nil=False, zero_contract=True, spades_lead=SpadesLead.ANY_TIME), True),
        (Ruleset(players=3, deck=Deck.JOKER_JOKER_DEUCE_DEUCE, nil_tricks=NilTricks.BAGS), False),
        (Ruleset(players=3, blind_nil=True, blind_nil_deficit=None), False),
    ],
)
@pytest.mark.parametrize("seed", range(3))
def test_written_three_player_records_read_back_to_the_same_games(
    rules: Ruleset, in_options: bool, seed: int
) -> None:
    """`write_ptn` writes a three-player game's rounds as hands of three that `read_ptn`
    reads and replays to the record's states, three scores and bag counters carried from
    hand to hand; the options (``players: 3``, ``isPartnership: false``) read back as
    three players, and as the same rules where Trickster has options for them all (not
    for ``nil_tricks`` nor blind nil, which travel in our SpadesRuleset tag).

    Rules: rule-three-players, ref-ptn-format, ref-ptn-options.
    """
    record = _random_record(rules, seed, 170)
    _assert_reads_back(record, rules)
    lines = write_ptn(record).splitlines()
    options = next(line for line in lines if line.startswith("[GameOptionsJson"))
    assert '\\"players\\":3,\\"isPartnership\\":false' in options
    deal = next(line for line in lines if line.startswith('[Deal "'))
    assert deal[7] in "SWE"
    assert len(deal[9:-2].split()) == 3
    bare = "\n".join(line for line in lines if not line.startswith("[SpadesRuleset"))
    read = {hand.rules for hand in read_ptn(bare)}
    assert {ruleset.players for ruleset in read} == {3}
    assert (read == {rules}) is in_options


@pytest.mark.parametrize("seed", range(3))
def test_three_player_games_with_blind_numbers_read_back(seed: int) -> None:
    """A three-player seat trailing the leading other player by 250 bids blind numbers
    from 6 (Trickster's blindNonNilBids 4): written and read back alike.

    Rules: rule-three-players, rule-blind-bids, ref-ptn-options.
    """
    record = _trailing_record(THREE_BLIND_SIX, seed)
    moves = [move for played in record.rounds for move in played.moves]
    assert any(isinstance(move, Bid) and move.blind and move.n for move in moves)
    _assert_reads_back(record, THREE_BLIND_SIX)


def _writable(rules: Ruleset) -> Ruleset:
    """``rules`` played clockwise, with Trickster's blind numbers if any: rules PTN holds,
    but for Mirror and a joker deck beside Whiz."""
    blind = BLIND_SIX_FIELDS if rules.blind_bid_minimum else {}
    return attrs.evolve(rules, direction=Direction.CLOCKWISE, **blind)  # type: ignore[arg-type]


@settings(max_examples=25, deadline=None)
@given(
    rules=rulesets(players=3).map(_writable).filter(lambda rules: ptn_problem(rules) is None),
    seed=st.integers(0, 2**32 - 1),
    dealer=st.integers(0, 2),
    moves=st.integers(0, 120),
)
def test_random_three_player_games_read_back(
    rules: Ruleset, seed: int, dealer: int, moves: int
) -> None:
    """Any three-player game PTN holds (clockwise, no Mirror, blind numbers as Trickster's)
    written as PTN replays hand by hand to the record's states.

    Rules: rule-three-players, ref-ptn-format.
    """
    rng = random.Random(seed)
    state = new_game(rules, seed=seed, dealer=dealer)
    played: list[Move] = []
    while not state.is_over and len(played) < moves:
        move = rng.choice(legal_moves(state))
        played.append(move)
        state = apply(state, move)
    _assert_reads_back(GameRecord.from_moves(rules, played, seed=seed, dealer=dealer), rules)


@pytest.mark.parametrize(
    ("rules", "problem"),
    [
        (
            Ruleset(players=3, direction=Direction.COUNTERCLOCKWISE),
            "PTN records three or four players playing clockwise",
        ),
        (Ruleset(players=3, bidding=Bidding.MIRROR), "PTN records no Mirror bidding"),
        (
            Ruleset(players=3, deck=Deck.JOKER_JOKER_ACE, bidding=Bidding.WHIZ),
            "PTN's variation names a joker deck or Whiz bidding, not both",
        ),
        (Ruleset(players=3, blind_bid_minimum=17), "PTN records blind numbers only from 6"),
    ],
)
def test_three_player_games_ptn_cannot_hold_are_not_written(rules: Ruleset, problem: str) -> None:
    """Rules: rule-three-players, ref-ptn-format."""
    assert ptn_problem(Ruleset(players=3)) is None
    found = ptn_problem(rules)
    assert found is not None
    assert found.startswith(problem)
    with pytest.raises(SpadesError, match=problem):
        write_ptn(GameRecord.from_moves(rules, [], seed=1))
