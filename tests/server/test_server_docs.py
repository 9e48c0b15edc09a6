"""The server page's examples are messages of the protocol, and its schema is the package's."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from spades import (
    DECK,
    PRESETS,
    Bid,
    Bidding,
    Deck,
    DoubleNilTiming,
    Keep,
    Look,
    Phase,
    Reason,
    Ruleset,
    SpadesLead,
    State,
    apply,
    legal_moves,
    new_game,
    parse_move,
    records,
)
from spades.server._protocol import _validator, client_types, public_data, schema, seat_data
from test_record_versions import NEW_IN_3 as VERSION_3_FIELDS

DOCS = Path(__file__).parents[2] / "docs" / "server.md"

pytestmark = pytest.mark.timeout(60)


def _examples() -> list[dict[str, object]]:
    blocks = re.findall(r"```json\n(.*?)```", DOCS.read_text(), re.DOTALL)
    found = [json.loads(block) for block in blocks]
    return [example for example in found if isinstance(example, dict) and "type" in example]


def test_the_schema_is_a_valid_json_schema() -> None:
    """(server-schema): draft 2020-12, and every message type has its definition."""
    Draft202012Validator.check_schema(schema())
    assert client_types() == {
        "list_tables",
        "create_table",
        "join",
        "resume",
        "watch",
        "move",
        "hand_to_bot",
        "leave",
    }


def test_every_example_on_the_server_page_is_a_valid_message() -> None:
    """(server-protocol): each JSON example of a message passes the schema, both ways."""
    examples = _examples()
    assert len(examples) >= 10
    for example in examples:
        kind = str(example["type"])
        side = "client" if kind in client_types() else "server"
        _validator(side, kind).validate(example)


def _ruleset_data(rules: Ruleset) -> dict[str, Any]:
    data = records.to_data(rules)
    assert isinstance(data, dict)
    return data


def test_the_schema_s_rulesets_and_views_are_the_data_the_library_writes() -> None:
    """(server-versions): rulesets and views of the records' version (3), every field of a
    ruleset listed and required, ``spades_lead`` by its names; a ruleset of version 2,
    without the fields of version 3, is no message's.

    Rule: reading-spades-lead.
    """
    definitions = schema()["$defs"]
    fields = list(_ruleset_data(Ruleset()))
    assert fields[:2] == ["type", "version"]
    ruleset, data = definitions["ruleset"], definitions["rulesetData"]
    assert list(ruleset["properties"]) == ruleset["required"] == fields[2:]
    assert list(data["properties"]) == data["required"] == fields
    assert records.VERSION == 3
    for name in ("rulesetData", "view"):
        assert definitions[name]["properties"]["version"] == {"const": records.VERSION}
    names = [_ruleset_data(Ruleset(spades_lead=lead))["spades_lead"] for lead in SpadesLead]
    assert names == ["broken", "any_time", "after_first_trick"]
    assert ruleset["properties"]["spades_lead"] == {"enum": names}
    welcome = next(example for example in _examples() if example["type"] == "welcome")
    validator = _validator("server", "welcome")
    for lead in SpadesLead:
        rules = {
            name: _ruleset_data(attrs.evolve(PRESETS[name], spades_lead=lead)) for name in PRESETS
        }
        validator.validate({**welcome, "preset_rules": rules})
    old = {name: value for name, value in _ruleset_data(Ruleset()).items() if name not in NEW_IN_3}
    assert list(
        validator.iter_errors({**welcome, "preset_rules": {"classic": {**old, "version": 2}}})
    )


NEW_IN_3 = tuple(VERSION_3_FIELDS)
"""The ruleset fields of the records' version 3 (``tests/test_record_versions.py``)."""


@pytest.mark.parametrize(
    "changes",
    [
        {"nil": False, "zero_contract": True},
        {"team_minimum": 4},
        {"team_minimum": 13},
        {"ten_for_two_hundred": True},
        {"nil": False, "zero_contract": True, "team_minimum": 4, "ten_for_two_hundred": True},
        {"nil_pass": 1},
        {"nil_pass": 4},
        {"blind_nil": True, "nil_pass": 4, "blind_nil_pass": 4},
        {"double_nil_timing": DoubleNilTiming.AFTER_FIRST_CHOICE},
        {"bidding": Bidding.SUICIDE},
        {"bidding": Bidding.WHIZ},
        {"bidding": Bidding.MIRROR},
        {"bidding": Bidding.WHIZ, "nil": False, "zero_contract": True},
        {"blind_bid_minimum": 6},
        {"blind_bid_minimum": 1, "blind_bid_deficit": None},
        {"blind_bid_minimum": 13, "blind_bid_deficit": 250, "blind_nil": True},
        {"deck": Deck.JOKER_JOKER_ACE},
        {"deck": Deck.JOKER_JOKER_DEUCE_DEUCE, "bidding": Bidding.WHIZ},
    ],
    ids=lambda changes: ",".join(f"{name}={value}" for name, value in changes.items()),
)
def test_the_schema_s_rulesets_carry_the_switches_of_version_3(changes: dict[str, Any]) -> None:
    """(server-versions): a ruleset and its data with each switch on are valid messages'
    parts; each field is required, and holds only what the library writes.

    Rules: reading-zero-bid, rule-team-minimum, rule-ten-for-two-hundred.
    Rules: rule-card-pass, reading-double-nil-timing.
    Rules: rule-suicide, rule-whiz, rule-mirror.
    Rule: rule-blind-bids.
    Rule: rule-decks.
    """
    definitions = schema()["$defs"]
    for name in {*NEW_IN_3, "deck"}:
        assert name in definitions["ruleset"]["required"]
        assert name in definitions["rulesetData"]["required"]
    welcome = next(example for example in _examples() if example["type"] == "welcome")
    validator = _validator("server", "welcome")
    players = 2 if "double_nil_timing" in changes else 4  # the rest are partnerships'
    rules = {
        name: _ruleset_data(attrs.evolve(preset, **changes))
        for name, preset in PRESETS.items()
        if preset.players == players and preset.deck is Deck.STANDARD  # the sources' presets
    }
    validator.validate({**welcome, "preset_rules": rules})
    classic = rules["classic" if players == 4 else "two-handed"]
    written = {
        name: value.value if isinstance(value, DoubleNilTiming | Bidding | Deck) else value
        for name, value in changes.items()
    }
    assert {name: classic[name] for name in changes} == written
    for name, bad in (
        ("zero_contract", 0),
        ("team_minimum", 14),
        ("team_minimum", -1),
        ("team_minimum", True),
        ("ten_for_two_hundred", "true"),
        ("nil_pass", 5),
        ("nil_pass", -1),
        ("nil_pass", None),
        ("blind_nil_pass", 5),
        ("double_nil_timing", "after"),
        ("double_nil_timing", 1),
        ("bidding", "Suicide"),
        ("bidding", "Whiz"),
        ("bidding", "mirrored"),
        ("bidding", None),
        ("blind_bid_minimum", 19),  # up to a hand of 18 (rule-three-players)
        ("blind_bid_minimum", -1),
        ("blind_bid_minimum", None),
        ("blind_bid_minimum", False),
        ("blind_bid_deficit", "100"),
        ("blind_bid_deficit", True),
        ("deck", "jokers"),
        ("deck", "JOKER_JOKER_ACE"),
        ("deck", None),
    ):
        wrong = {**classic, name: bad}
        assert list(validator.iter_errors({**welcome, "preset_rules": {"classic": wrong}}))
    for name in {*NEW_IN_3, "deck"}:
        missing = {key: value for key, value in classic.items() if key != name}
        assert list(validator.iter_errors({**welcome, "preset_rules": {"classic": missing}}))


BLIND = Bid(0, blind=True)


def test_an_error_s_reasons_hold_every_reason_of_the_library() -> None:
    """(server-errors): a move the rules refuse is answered with its `Reason` value, so
    the schema's reasons hold every one, in the library's order, before the server's own
    (``bidding_mode`` under Suicide, ``below_team_minimum``, ``not_yet_drawn`` among them).

    Rules: rule-suicide, rule-team-minimum, reading-double-nil-timing.
    """
    error = schema()["$defs"]["server/error"]["properties"]["reason"]["enum"]
    assert error[: len(Reason)] == [reason.value for reason in Reason]
    assert "bad_notation" in error[len(Reason) :]


def _definition(name: str) -> Draft202012Validator:
    """A validator of the schema's definition ``name``, such as a view or a move."""
    root = schema()
    registry: Registry[Any] = Registry().with_resource(root["$id"], Resource.from_contents(root))
    return Draft202012Validator({"$ref": f"{root['$id']}#/$defs/{name}"}, registry=registry)


def _bid_and_pass(rules: Ruleset, bids: tuple[str, ...]) -> list[State]:
    """A game from `DECK` through ``bids`` and its card passes: each state on the way."""
    state = new_game(rules, deck=DECK, seed=0)
    states = [state]
    for text in bids:
        state = apply(state, parse_move(text))
        states.append(state)
    while state.phase is Phase.PASSING:
        state = apply(state, legal_moves(state)[0])
        states.append(state)
    return states


def _offered(states: list[State]) -> list[str]:
    """Every legal move offered to a seat in ``states``, once each state's public data and
    each seat's view and moves are checked as valid parts of messages."""
    view, move, public = _definition("view"), _definition("canonicalMove"), _definition("public")
    offered = []
    for state in states:
        public.validate(public_data(state))
        for seat in range(state.rules.players):
            data, moves = seat_data(state, seat)
            view.validate(data)
            for text in moves:
                move.validate(text)
            offered += moves
    return offered


def test_passes_of_four_cards_are_valid_in_views_and_moves() -> None:
    """(server-versions): the moves, views and public data of a round whose nil side and
    blind nil side pass 4 cards each are valid parts of messages; a pass of 5 is no
    legal move.

    Rules: rule-card-pass, reading-card-pass.
    """
    rules = Ruleset(blind_nil=True, blind_nil_deficit=None, nil_pass=4, blind_nil_pass=4)
    states = _bid_and_pass(
        rules, ("look", "bid nil", "bid blind nil", "look", "bid 4", "look", "bid 5")
    )
    assert [len(entry.cards or ()) for entry in states[-1].passes] == [4, 4, 4, 4]
    assert len(_offered(states)) > 1000  # every pass of 4 of 13 cards, and of 17
    view, move = _definition("view"), _definition("canonicalMove")
    assert list(move.iter_errors("pass 2C 3C 4C 5C 6C"))
    data, _ = seat_data(states[-1], 1)
    data["passes"][0]["cards"].append("AS")
    assert list(view.iter_errors(data))


@pytest.mark.parametrize("timing", DoubleNilTiming, ids=lambda timing: timing.value)
def test_two_players_views_are_valid_under_either_double_nil_timing(
    timing: DoubleNilTiming,
) -> None:
    """(server-versions): each seat's view and moves, through a draw in which seat 1
    declares double nil at her chance, are valid parts of messages.

    Rule: reading-double-nil-timing.
    """
    rules = attrs.evolve(PRESETS["two-handed"], double_nil_timing=timing)
    state = new_game(rules, deck=DECK, seed=0)
    view, move = _definition("view"), _definition("canonicalMove")
    declared = False
    while state.phase is Phase.DRAWING:
        for seat in range(2):
            data, moves = seat_data(state, seat)
            view.validate(data)
            for text in moves:
                move.validate(text)
        dares = state.to_move == 1 and BLIND in legal_moves(state)
        declared |= dares
        state = apply(state, BLIND if dares else Keep())
    assert declared
    assert state.bids[1] == BLIND
    assert seat_data(state, 0)[0]["rules"]["double_nil_timing"] == timing.value


def test_blind_numbers_are_valid_in_views_moves_and_errors() -> None:
    """(server-versions): through a round in which seat 1 bids blind 7 and seat 2 blind nil,
    each seat's view and legal moves (every blind number among them) and the round's
    public data are valid parts of messages; a blind 19 is no legal move (a blind 14 is
    three players', rule-three-players); the two reasons of blind numbers are errors'
    reasons.

    Rules: rule-blind-bids, rule-blind-nil.
    """
    rules = Ruleset(
        blind_nil=True, blind_nil_deficit=None, blind_bid_minimum=6, blind_bid_deficit=None
    )
    states = _bid_and_pass(
        rules, ("bid blind 7", "bid blind nil", "look", "bid 3", "look", "bid 4")
    )
    assert {f"bid blind {n}" for n in range(6, 14)} <= set(_offered(states))
    move = _definition("canonicalMove")
    assert states[-1].bids[1] == Bid(7, blind=True)
    assert list(move.iter_errors("bid blind 19"))
    assert list(move.iter_errors("bid blind 0"))
    error = schema()["$defs"]["server/error"]["properties"]["reason"]["enum"]
    assert {"blind_bid_not_allowed", "blind_bid_not_eligible"} <= set(error)


@pytest.mark.parametrize("deck", [Deck.JOKER_JOKER_ACE, Deck.JOKER_JOKER_DEUCE_DEUCE])
@pytest.mark.parametrize("players", [4, 2])
def test_joker_decks_are_valid_in_views_moves_and_public_data(deck: Deck, players: int) -> None:
    """(server-versions): through a whole round under a joker deck (a nil pass of 4 with
    four players, the stock with two), every seat's view and legal moves and the public
    data are valid parts of messages, the jokers' plays ("play BJ", "play LJ") among the
    moves and their cards in hands and tricks; a card of no deck is refused.

    Rule: rule-decks.
    """
    rules = Ruleset(players=players, deck=deck, round_cap=1, nil_pass=4 if players == 4 else 0)
    state = new_game(rules, deck=deck.cards, seed=3)
    states, rng = [state], random.Random(3)
    while not state.is_over:
        moves = legal_moves(state)
        nil = [move for move in moves if move == Bid(0)]
        state = apply(state, nil[0] if nil else rng.choice(moves))
        states.append(state)
    offered = _offered(states)
    assert {"play BJ", "play LJ"} <= set(offered)
    passes = [text for text in offered if text.startswith("pass ")]
    assert any("BJ" in text or "LJ" in text for text in passes) is (players == 4)
    card = _definition("card")
    for text in ("LJ", "BJ"):
        card.validate(text)
    for text in ("JJ", "XJ", "lj", "1J", "BJS"):
        assert list(card.iter_errors(text))


@pytest.mark.parametrize("deck", Deck, ids=lambda deck: deck.name.lower())
def test_three_players_are_valid_in_rulesets_views_moves_and_public_data(deck: Deck) -> None:
    """(server-versions): a three-player ruleset is a valid ruleset of messages; through a
    whole round of three players (17 tricks, or 18 with a joker deck, a blind number
    bid), every seat's view and legal moves, bids up to the hand size and blind numbers
    among them, and the public data are valid parts of messages, with three scores and bag
    counters; a bid of 19 is none, nor a ruleset of five players.

    Rule: rule-three-players.
    """
    rules = Ruleset(players=3, deck=deck, round_cap=1, blind_bid_minimum=6, blind_bid_deficit=None)
    state = new_game(rules, deck=rules.pack.cards, seed=5)
    states, rng = [state], random.Random(5)
    while not state.is_over:
        moves = legal_moves(state)
        if state.to_move == 1:  # the first bidder bids blind 6
            chosen = moves[0]
        else:  # the others look at their cards first
            chosen = Look() if Look() in moves else rng.choice(moves)
        state = apply(state, chosen)
        states.append(state)
    assert state.rounds[0].bids[1] == Bid(6, blind=True)
    offered = _offered(states)
    most = rules.hand_size
    assert {f"bid {most}", f"bid blind {most}"} <= set(offered)
    assert len(states[-2].tricks) == most - 1  # every trick but the last, in a view
    assert sum(states[-1].rounds[0].tricks) == most
    public = public_data(states[-1])
    assert len(public["scores"]) == len(public["bags"]) == len(public["rounds"][0]["sides"]) == 3
    move = _definition("canonicalMove")
    for text in ("bid 19", "bid blind 19"):
        assert list(move.iter_errors(text))
    data = _definition("rulesetData")
    data.validate(_ruleset_data(rules))
    assert list(data.iter_errors({**_ruleset_data(rules), "players": 5}))
