"""Moves: frozen, hashable values whose text form round-trips through `parse_move`."""

from __future__ import annotations

import copy
import pickle
from itertools import combinations

import attrs
import pytest

from helpers import ALL_BIDS, C
from spades import (
    DECK,
    Bid,
    Look,
    Move,
    NotationError,
    Pass,
    Play,
    SpadesError,
    parse_move,
)

ALL_MOVES: list[Move] = [
    *ALL_BIDS,
    *(Bid(n, blind=True) for n in range(14)),
    Look(),
    *(Play(card) for card in DECK),
    *(Pass([card]) for card in DECK),
    *(Pass(pair) for pair in combinations(DECK[::5], 2)),
    Pass(DECK[:3]),
    Pass(DECK),
    # Out of range or empty: illegal in every state, but still moves with a text form.
    Bid(-1),
    Bid(14),
    Bid(100),
    Pass(()),
]


@pytest.mark.parametrize("move", ALL_MOVES, ids=str)
def test_str_round_trips_through_parse_move(move: Move) -> None:
    """Reference: ref-notation."""
    assert parse_move(str(move)) == move
    assert parse_move(f"  {str(move).upper()}  ") == move
    assert parse_move(str(move).replace(" ", "   ")) == move


def test_move_text_forms() -> None:
    """Reference: ref-notation."""
    assert str(Bid(0)) == "bid nil"
    assert str(Bid(0, blind=True)) == "bid blind nil"
    assert str(Bid(1)) == "bid 1"
    assert str(Bid(13)) == "bid 13"
    assert str(Bid(7, blind=True)) == "bid blind 7"
    assert str(Bid(13, blind=True)) == "bid blind 13"
    assert str(Look()) == "look"
    assert str(Play(C("10h"))) == "play TH"
    assert str(Pass([C("3d"), C("2c")])) == "pass 2C 3D"


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("bid 0", Bid(0)),
        ("bid 07", Bid(7)),
        ("Bid Nil", Bid(0)),
        ("BID BLIND NIL", Bid(0, blind=True)),
        ("bid blind 0", Bid(0, blind=True)),
        ("bid blind 07", Bid(7, blind=True)),
        ("Bid Blind 13", Bid(13, blind=True)),
        ("bid blind 14", Bid(14, blind=True)),
        ("bid 14", Bid(14)),
        ("bid -1", Bid(-1)),
        ("bid -0", Bid(0)),
        ("pass", Pass(())),
        ("play 10♥", Play(C("TH"))),
        ("play as", Play(C("AS"))),
        ("pass 3d 2c", Pass([C("2C"), C("3D")])),
        ("pass 10S", Pass([C("TS")])),
        ("\tlook\n", Look()),
    ],
)
def test_parse_move_accepts_other_spellings(text: str, move: Move) -> None:
    """Reference: ref-notation."""
    assert parse_move(text) == move


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "bid",
        "bid -",
        "bid 1-",
        "bid 1.5",
        "bid three",
        "bid \uff13",
        "bid ²",
        "bid blind",
        "bid blind three",
        "bid blind 3 4",
        "bid blind blind 3",
        "bid 3 blind",
        "bid nil nil",
        "bid 3 4",
        "blind nil",
        "look now",
        "looks",
        "play",
        "play AS KS",
        "pass pass",
        "nil",
        "AS",
        "fold",
    ],
)
def test_malformed_move_text_raises_notation_error_quoting_the_input(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_move(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, SpadesError)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("text", "word"), [("play 1S", "1S"), ("pass 2C XX 3D", "XX"), ("play zz", "zz")]
)
def test_bad_card_in_a_move_names_the_move_and_the_card_as_typed(text: str, word: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_move(text)
    message = str(info.value)
    assert repr(text) in message
    assert repr(word) in message


def test_pass_text_naming_a_card_twice_is_a_notation_error_quoting_the_input() -> None:
    with pytest.raises(NotationError, match=r"'pass 2C 2C'"):
        parse_move("pass 2C 2C")


@pytest.mark.parametrize("text", ["bid --1", "bid ---2"])
def test_bid_text_with_doubled_minus_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError, match=repr(text)):
        parse_move(text)


def test_pass_text_naming_a_card_twice_is_rejected() -> None:
    with pytest.raises(SpadesError, match="twice"):
        parse_move("pass 2C 2C")


@pytest.mark.parametrize("value", [None, 3, b"bid 3", Bid(3)])
def test_parse_move_of_a_non_string_raises_type_error(value: object) -> None:
    with pytest.raises(TypeError, match="string"):
        parse_move(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("n", [True, False, 3.0, "3", None])
def test_bid_takes_a_whole_number(n: object) -> None:
    with pytest.raises(TypeError, match="whole number"):
        Bid(n)  # type: ignore[arg-type]


@pytest.mark.parametrize("blind", [1, 0, "yes", None])
def test_bid_blind_takes_a_bool(blind: object) -> None:
    with pytest.raises(TypeError, match="True or False"):
        Bid(0, blind=blind)  # type: ignore[arg-type]


@pytest.mark.parametrize("n", [1, 6, 13])
def test_a_number_may_be_bid_blind(n: int) -> None:
    """A blind bid of a number is a move like any other; whether it is legal is the
    ruleset's question (blind_bid_minimum), not the value's.

    Rule: rule-blind-bids.
    """
    bid = Bid(n, blind=True)
    assert (bid.n, bid.blind, bid.is_nil) == (n, True, False)
    assert bid != Bid(n)
    assert str(bid) == f"bid blind {n}"
    assert parse_move(str(bid)) == bid


def test_bid_blind_is_keyword_only_and_is_nil() -> None:
    with pytest.raises(TypeError):
        Bid(0, True)  # type: ignore[call-arg]
    assert Bid(0).is_nil
    assert Bid(0, blind=True).is_nil
    assert not Bid(1).is_nil
    assert Bid(0) != Bid(0, blind=True)


def test_play_takes_a_card() -> None:
    for value in ("AS", None, 51):
        with pytest.raises(TypeError, match="Play takes a Card"):
            Play(value)  # type: ignore[arg-type]


def test_pass_keeps_its_cards_sorted_in_library_order() -> None:
    move = Pass([C("AS"), C("2C"), C("TH")])
    assert move.cards == (C("2C"), C("TH"), C("AS"))
    assert move == Pass((C("TH"), C("2C"), C("AS")))
    assert move == Pass(card for card in [C("2C"), C("AS"), C("TH")])
    assert hash(move) == hash(Pass({C("TH"), C("AS"), C("2C")}))


def test_pass_cannot_name_a_card_twice() -> None:
    with pytest.raises(SpadesError, match="twice: 2C 2C"):
        Pass([C("2C"), C("2C")])


@pytest.mark.parametrize(
    "value",
    ["2C 3D", C("2C"), [C("2C"), "3D"], [C("2C"), None], [1, 2], 5],
)
def test_pass_takes_a_collection_of_cards(value: object) -> None:
    with pytest.raises(TypeError):
        Pass(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "move", [Bid(3), Bid(0, blind=True), Look(), Play(C("AS")), Pass([C("2C")])]
)
def test_moves_are_frozen_hashable_and_picklable(move: Move) -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        move.n = 4  # type: ignore[misc,union-attr]
    assert {move: 1}[move] == 1
    assert pickle.loads(pickle.dumps(move)) == move
    assert copy.deepcopy(move) == move
    assert attrs.evolve(move) == move


def test_moves_compare_by_value() -> None:
    assert Bid(3) == Bid(3)
    assert Bid(3) != Bid(4)
    assert Look() == Look()
    assert Play(C("AS")) == Play(C("as"))
    assert Play(C("AS")) != Play(C("KS"))
    assert Bid(0) != Look()  # type: ignore[comparison-overlap]
    assert len({Bid(3), Bid(3), Look(), Look(), Play(C("AS")), Play(C("AS"))}) == 3
