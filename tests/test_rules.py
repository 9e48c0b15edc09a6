"""Rulesets: validated, frozen variant switches; presets named after their sources."""

from __future__ import annotations

import copy
import itertools
import pickle
import re
from typing import Any

import attrs
import pytest

import oracle
from helpers import SOURCE_PRESETS, seat_after
from spades import (
    CLASSIC,
    MINIOKEY,
    PRESETS,
    TWO_HANDED,
    BagOverflow,
    Bidding,
    Direction,
    DoubleNilTiming,
    NilTricks,
    NotationError,
    Ruleset,
    RulesetError,
    SpadesError,
    SpadesLead,
    find_ruleset,
)
from spades._rules import MAX_NUMBER, NEVER_OPEN
from spades.records._plain import ruleset_data


def test_defaults_are_source_a() -> None:
    """Reference: ref-rulesets."""
    assert Ruleset() == CLASSIC


# The brief's switch table: column A is CLASSIC, column B is MINIOKEY.
SWITCH_TABLE: dict[str, tuple[object, object]] = {
    "players": (4, 4),
    "direction": (Direction.CLOCKWISE, Direction.COUNTERCLOCKWISE),
    "nil": (True, True),
    "nil_value": (100, 100),
    "nil_tricks": (NilTricks.COUNT, NilTricks.BAGS),
    "bag_limit": (10, 10),
    "bag_penalty": (100, 100),
    "bag_overflow": (BagOverflow.RESET, BagOverflow.CARRY),
    "target": (500, 500),
    "losing_floor": (None, -200),
    "round_cap": (None, 25),
    "blind_nil": (False, False),
    "spades_lead": (SpadesLead.BROKEN, SpadesLead.BROKEN),
    "zero_contract": (False, False),
    "team_minimum": (0, 0),
    "bidding": (Bidding.OPEN, Bidding.OPEN),
    "blind_bid_minimum": (0, 0),
    "blind_bid_deficit": (100, 100),
    "ten_for_two_hundred": (False, False),
    "nil_pass": (0, 0),
    "double_nil_timing": (DoubleNilTiming.BEFORE_FIRST_CHOICE, DoubleNilTiming.BEFORE_FIRST_CHOICE),
}


@pytest.mark.parametrize(
    ("rules", "column"),
    [(CLASSIC, 0), (MINIOKEY, 1)],
    ids=["classic-is-source-a", "miniokey-is-source-b"],
)
def test_preset_is_its_sources_column_of_the_switch_table(rules: Ruleset, column: int) -> None:
    """Reference: ref-rulesets."""
    expected = {name: values[column] for name, values in SWITCH_TABLE.items()}
    assert {name: getattr(rules, name) for name in SWITCH_TABLE} == expected
    # Not just equal: True is not 1, and an enum member is itself.
    for name, value in expected.items():
        assert type(getattr(rules, name)) is type(value), name


def test_blind_nil_defaults_are_the_brief_readings() -> None:
    # +/-200, the side must trail by 100, two cards each way.
    rules = Ruleset(blind_nil=True)
    assert rules.blind_nil_value == 200
    assert rules.blind_nil_deficit == 100
    assert rules.blind_nil_pass == 2


def test_presets_by_canonical_name() -> None:
    assert PRESETS["classic"] is CLASSIC
    assert PRESETS["miniokey"] is MINIOKEY
    assert PRESETS["miniokey-250"] == attrs.evolve(MINIOKEY, target=250)
    assert PRESETS["two-handed"] is TWO_HANDED
    for name, rules in PRESETS.items():
        assert find_ruleset(name) is rules


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("classic", CLASSIC),
        ("Classic", CLASSIC),
        ("  CLASSIC ", CLASSIC),
        ("a", CLASSIC),
        ("A", CLASSIC),
        ("source-a", CLASSIC),
        ("Source A", CLASSIC),
        ("source_a", CLASSIC),
        ("partnership", CLASSIC),
        ("standard", CLASSIC),
        ("miniokey", MINIOKEY),
        ("MiniOkey", MINIOKEY),
        ("b", MINIOKEY),
        ("source-b", MINIOKEY),
        ("online", MINIOKEY),
        ("miniokey-500", MINIOKEY),
        ("miniokey_250", PRESETS["miniokey-250"]),
        ("MINIOKEY 250", PRESETS["miniokey-250"]),
        ("two-handed", TWO_HANDED),
        ("Two Handed", TWO_HANDED),
        ("c", TWO_HANDED),
        ("source-c", TWO_HANDED),
        ("two-player", TWO_HANDED),
        ("2p", TWO_HANDED),
    ],
)
def test_find_ruleset_by_name_or_alias_in_any_case(name: str, expected: Ruleset) -> None:
    assert find_ruleset(name) is expected


@pytest.mark.parametrize("name", ["", "hearts", "classic-2", "d", "miniokey-100"])
def test_find_ruleset_unknown_name_raises_notation_error_listing_known_names(name: str) -> None:
    with pytest.raises(NotationError) as info:
        find_ruleset(name)
    message = str(info.value)
    assert repr(name) in message
    assert "classic, miniokey, miniokey-250, trickster-jja, trickster-jjdd, two-handed" in message
    assert isinstance(info.value, SpadesError)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("nil_value", None),
        ("nil_value", 100.0),
        ("nil_value", True),
        ("blind_nil_value", "200"),
        ("blind_nil_deficit", 100.5),
        ("blind_nil_deficit", False),
        ("blind_nil_pass", True),
        ("nil_pass", True),
        ("nil_pass", 2.0),
        ("nil_pass", "2"),
        ("bag_limit", None),
        ("bag_limit", True),
        ("bag_penalty", 1.5),
        ("target", "500"),
        ("target", None),
        ("target", True),
        ("round_cap", 2.0),
        ("round_cap", True),
        ("team_minimum", "4"),
        ("team_minimum", 4.0),
        ("team_minimum", True),
        ("blind_bid_minimum", "6"),
        ("blind_bid_minimum", 6.0),
        ("blind_bid_minimum", True),
        ("blind_bid_deficit", 100.0),
        ("blind_bid_deficit", False),
    ],
)
def test_whole_number_fields_reject_other_types_including_bool(field: str, value: object) -> None:
    with pytest.raises(RulesetError, match=f"{field} must be a whole number, not {value!r}"):
        Ruleset(**{field: value})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("field", "value", "bounds"),
    [
        ("nil_value", -1, "at least 0"),
        ("blind_nil_value", -200, "at least 0"),
        ("blind_nil_deficit", -1, "at least 0"),
        ("blind_nil_pass", -1, "from 0 to 4"),
        ("blind_nil_pass", 5, "from 0 to 4"),
        ("nil_pass", -1, "from 0 to 4"),
        ("nil_pass", 5, "from 0 to 4"),
        ("blind_nil_exchange", -1, "from 0 to 3"),
        ("blind_nil_exchange", 4, "from 0 to 3"),
        ("bag_limit", 0, "at least 1"),
        ("bag_penalty", -100, "at least 0"),
        ("target", 0, "at least 1"),
        ("target", -500, "at least 1"),
        ("round_cap", 0, "at least 1"),
        ("team_minimum", -1, "from 0 to 13"),
        ("team_minimum", 14, "from 0 to 13"),
        ("blind_bid_minimum", -1, "from 0 to 13"),
        ("blind_bid_minimum", 14, "from 0 to 13"),
        ("blind_bid_deficit", -1, "at least 0"),
    ],
)
def test_whole_number_fields_reject_values_out_of_range(
    field: str, value: int, bounds: str
) -> None:
    with pytest.raises(RulesetError, match=f"{field} must be {bounds}, not {value}"):
        Ruleset(**{field: value})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "field",
    [
        "nil_value",
        "blind_nil_value",
        "blind_nil_deficit",
        "blind_bid_deficit",
        "bag_limit",
        "bag_penalty",
        "target",
        "round_cap",
    ],
)
def test_numbers_are_at_most_a_billion_so_scores_fit_other_languages_integers(
    field: str,
) -> None:
    assert getattr(Ruleset(**{field: MAX_NUMBER}), field) == MAX_NUMBER  # type: ignore[arg-type]
    with pytest.raises(RulesetError, match=f"{field} must be at most 1000000000, not 1000000001"):
        Ruleset(**{field: MAX_NUMBER + 1})  # type: ignore[arg-type]
    with pytest.raises(RulesetError, match=r"not a number of 5,001 digits$"):
        Ruleset(**{field: 10**5000})  # type: ignore[arg-type]


def test_the_losing_floor_is_at_least_minus_a_billion() -> None:
    assert Ruleset(losing_floor=-MAX_NUMBER).losing_floor == -MAX_NUMBER
    with pytest.raises(
        RulesetError, match="losing_floor must be at least -1000000000, not -1000000001"
    ):
        Ruleset(losing_floor=-MAX_NUMBER - 1)
    with pytest.raises(RulesetError, match=r"not a negative number of 5,001 digits$"):
        Ruleset(losing_floor=-(10**5000))


@pytest.mark.parametrize(
    ("field", "value", "kind"),
    [
        ("direction", 1, "Direction"),
        ("direction", "clockwise", "Direction"),
        ("nil", 1, "bool"),
        ("nil", None, "bool"),
        ("nil_tricks", "count", "NilTricks"),
        ("blind_nil", "yes", "bool"),
        ("blind_nil", 0, "bool"),
        ("bag_overflow", "carry", "BagOverflow"),
        ("bag_overflow", NilTricks.BAGS, "BagOverflow"),
        ("spades_lead", "any_time", "SpadesLead"),
        ("spades_lead", None, "SpadesLead"),
        ("spades_lead", True, "SpadesLead"),
        ("spades_lead", BagOverflow.RESET, "SpadesLead"),
        ("zero_contract", 1, "bool"),
        ("zero_contract", "yes", "bool"),
        ("ten_for_two_hundred", 1, "bool"),
        ("ten_for_two_hundred", None, "bool"),
        ("double_nil_timing", "after_first_choice", "DoubleNilTiming"),
        ("double_nil_timing", None, "DoubleNilTiming"),
        ("double_nil_timing", 1, "DoubleNilTiming"),
        ("double_nil_timing", SpadesLead.BROKEN, "DoubleNilTiming"),
        ("bidding", "suicide", "Bidding"),
        ("bidding", None, "Bidding"),
        ("bidding", 0, "Bidding"),
        ("bidding", SpadesLead.BROKEN, "Bidding"),
    ],
)
def test_enum_and_flag_fields_reject_other_types(field: str, value: object, kind: str) -> None:
    with pytest.raises(RulesetError, match=f"{field} must be a {kind}"):
        Ruleset(**{field: value})  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [0, 1, 200])
def test_losing_floor_must_be_below_zero(value: int) -> None:
    with pytest.raises(RulesetError, match=f"losing_floor must be below zero.*not {value}$"):
        Ruleset(losing_floor=value)


@pytest.mark.parametrize("value", ["-200", -200.0, False, True])
def test_losing_floor_must_be_a_whole_number_or_none(value: object) -> None:
    with pytest.raises(RulesetError, match="losing_floor must be a whole number or None"):
        Ruleset(losing_floor=value)  # type: ignore[arg-type]


def test_optional_fields_accept_none_and_their_edges() -> None:
    rules = Ruleset(
        losing_floor=-1,
        round_cap=1,
        blind_nil_deficit=None,
        blind_nil_pass=0,
        target=1,
        bag_limit=1,
        nil_value=0,
        bag_penalty=0,
    )
    assert (rules.losing_floor, rules.round_cap, rules.blind_nil_deficit) == (-1, 1, None)
    assert Ruleset(losing_floor=None, round_cap=None).losing_floor is None
    assert Ruleset(blind_nil_deficit=0, blind_nil_pass=4).blind_nil_pass == 4
    assert Ruleset(nil_pass=4).nil_pass == 4


@pytest.mark.parametrize("players", [1, 5, 6, 0, -4, "4", "3", 4.0, True, None])
def test_players_are_four_three_or_two(players: object) -> None:
    """Rules: rule-seats, rule-three-players."""
    with pytest.raises(RulesetError, match=r"players must be 4 \(two partnerships\), 3 or 2"):
        Ruleset(players=players)  # type: ignore[arg-type]


def test_two_players_default_to_source_c() -> None:
    """Rule: rule-two-ruleset."""
    rules = Ruleset(players=2)
    assert rules == TWO_HANDED
    assert rules.nil_tricks is NilTricks.BAGS
    assert rules.bag_overflow is BagOverflow.CARRY
    assert (rules.blind_nil, rules.blind_nil_value, rules.blind_nil_deficit) == (True, 200, None)
    assert (rules.blind_nil_pass, rules.blind_nil_exchange) == (0, 3)
    assert (rules.target, rules.losing_floor, rules.round_cap) == (500, None, None)
    assert Ruleset(players=4) == CLASSIC
    assert (CLASSIC.blind_nil_pass, CLASSIC.blind_nil_exchange) == (2, 0)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"direction": Direction.COUNTERCLOCKWISE}, "two players simply alternate"),
        ({"nil_tricks": NilTricks.COUNT}, "nil_tricks must be NilTricks.BAGS"),
        ({"blind_nil_pass": 2}, "blind_nil_pass must be 0"),
        ({"nil_pass": 1}, "a two-player nil bidder has no partner to pass cards to: nil_pass must"),
    ],
)
def test_two_players_reject_four_player_switches(changes: dict[str, Any], message: str) -> None:
    """Rule: rule-two-ruleset."""
    with pytest.raises(RulesetError, match=message):
        Ruleset(players=2, **changes)
    with pytest.raises(RulesetError, match=message):
        attrs.evolve(TWO_HANDED, **changes)


def test_four_players_reject_the_two_player_exchange() -> None:
    """Rule: rule-two-ruleset."""
    with pytest.raises(RulesetError, match="blind_nil_exchange is the two-player"):
        Ruleset(blind_nil=True, blind_nil_exchange=1)
    with pytest.raises(RulesetError, match=r"nil_tricks must be NilTricks\.BAGS"):
        attrs.evolve(CLASSIC, players=2)  # CLASSIC's own switches are four-player ones


def test_two_players_take_every_switch_that_applies_to_them() -> None:
    """Rule: rule-two-ruleset."""
    rules = Ruleset(
        players=2,
        blind_nil=False,
        blind_nil_exchange=0,
        blind_nil_deficit=50,
        bag_overflow=BagOverflow.RESET,
        target=250,
        losing_floor=-200,
        round_cap=10,
    )
    assert (rules.players, rules.blind_nil, rules.bag_overflow) == (2, False, BagOverflow.RESET)
    assert Ruleset(players=2, nil=False, blind_nil=False).nil is False
    for lead in SpadesLead:
        assert Ruleset(players=2, spades_lead=lead).spades_lead is lead
    zero = Ruleset(players=2, nil=False, blind_nil=False, zero_contract=True)
    assert zero.zero_contract is True
    assert Ruleset(players=2, ten_for_two_hundred=True).ten_for_two_hundred is True


def test_two_players_refuse_a_team_minimum() -> None:
    """A minimum is a partnership's; two players each bid alone.

    Rules: rule-two-ruleset, rule-team-minimum.
    """
    with pytest.raises(RulesetError, match="team_minimum must be 0"):
        Ruleset(players=2, team_minimum=1)
    with pytest.raises(RulesetError, match="team_minimum must be 0"):
        attrs.evolve(TWO_HANDED, team_minimum=4)
    assert Ruleset(players=2, team_minimum=0) == TWO_HANDED


def test_a_zero_contract_needs_nil_off() -> None:
    """A bid of zero is either nil or a contract, not both.

    Rule: reading-zero-bid.
    """
    message = "a bid of zero is either nil or an ordinary contract: zero_contract needs nil=False"
    for players in (4, 2):
        with pytest.raises(RulesetError, match=message):
            Ruleset(players=players, zero_contract=True)
    with pytest.raises(RulesetError, match=message):
        attrs.evolve(CLASSIC, nil=True, zero_contract=True)
    assert Ruleset(nil=False, zero_contract=True).zero_contract is True


@pytest.mark.parametrize(
    "changes",
    [
        {"zero_contract": True, "nil": False, "blind_nil": False},
        {"team_minimum": 4},
        {"team_minimum": 13},
        {"ten_for_two_hundred": True},
    ],
    ids=["zero contract", "minimum 4", "minimum 13", "10-for-200"],
)
def test_the_new_switches_combine_with_every_preset(changes: dict[str, Any]) -> None:
    """Each goes with any other field, but a minimum with two players.

    Rules: reading-zero-bid, rule-team-minimum, rule-ten-for-two-hundred.
    """
    for name, preset in SOURCE_PRESETS.items():
        if preset.players == 2 and "team_minimum" in changes:
            continue
        rules = attrs.evolve(preset, **changes)
        for field, value in changes.items():
            assert getattr(rules, field) == value, name
        assert f"{next(iter(changes))}=" in repr(rules)
    combined = attrs.evolve(CLASSIC, **changes, blind_nil_pass=3, spades_lead=SpadesLead.ANY_TIME)
    assert (combined.blind_nil_pass, combined.spades_lead) == (3, SpadesLead.ANY_TIME)


@pytest.mark.parametrize("lead", list(SpadesLead), ids=lambda lead: lead.value)
def test_spades_lead_combines_with_every_preset(lead: SpadesLead) -> None:
    """The field goes with any other.

    Rules: reading-spades-lead, rule-two-ruleset.
    """
    for name, preset in SOURCE_PRESETS.items():
        rules = attrs.evolve(preset, spades_lead=lead)
        assert rules.spades_lead is lead, name
        assert attrs.evolve(rules, spades_lead=SpadesLead.BROKEN) == preset
    assert Ruleset(spades_lead=lead, blind_nil=True, blind_nil_pass=3).spades_lead is lead


def test_spades_lead_values_and_the_tricks_that_open_spades() -> None:
    """Rule: reading-spades-lead.

    The values are the data format's names; ``opens_after`` counts the completed tricks
    after which a spade may be led though none has been played (`NEVER_OPEN`: more than
    any round has, 13, 17 or 18).
    """
    assert [lead.value for lead in SpadesLead] == ["broken", "any_time", "after_first_trick"]
    assert [lead.opens_after for lead in SpadesLead] == [NEVER_OPEN, 0, 1]
    assert Ruleset().spades_lead is SpadesLead.BROKEN
    for lead in SpadesLead:
        for clone in (pickle.loads(pickle.dumps(lead)), copy.deepcopy(lead)):
            assert clone is lead
            assert clone.opens_after == lead.opens_after
    assert "spades_lead=<SpadesLead.ANY_TIME: 'any_time'>" in repr(
        Ruleset(spades_lead=SpadesLead.ANY_TIME)
    )


def test_a_nil_pass_needs_nil() -> None:
    """The nil pass is the pass after a nil: no nil, no pass; a blind nil's pass needs no
    nil pass (rule-card-pass).

    Rules: rule-card-pass, reading-card-pass.
    """
    message = "nil_pass is the pass after a nil bid: it needs nil=True"
    with pytest.raises(RulesetError, match=message):
        Ruleset(nil=False, nil_pass=1)
    with pytest.raises(RulesetError, match=message):
        attrs.evolve(Ruleset(nil_pass=4), nil=False)
    with pytest.raises(RulesetError, match=message):
        Ruleset(nil=False, zero_contract=True, nil_pass=2)
    assert Ruleset(nil=False, nil_pass=0).nil_pass == 0
    assert Ruleset(nil_pass=4, blind_nil=True, blind_nil_pass=0).blind_nil_pass == 0


@pytest.mark.parametrize("count", [1, 4])
def test_nil_pass_combines_with_every_four_player_preset_and_blind_nil(count: int) -> None:
    """A nil pass goes with any four-player field: blind nil and its own pass, both
    directions, a team minimum, every lead.

    Rules: rule-card-pass, rule-two-ruleset.
    """
    for name, preset in SOURCE_PRESETS.items():
        if preset.players == 2:
            with pytest.raises(RulesetError, match="nil_pass must be 0"):
                attrs.evolve(preset, nil_pass=count)
            continue
        rules = attrs.evolve(preset, nil_pass=count)
        assert rules.nil_pass == count, name
        assert f"nil_pass={count}," in repr(rules)
        assert attrs.evolve(rules, nil_pass=0) == preset
    combined = Ruleset(
        nil_pass=count,
        blind_nil=True,
        blind_nil_pass=4 - count,
        team_minimum=4,
        spades_lead=SpadesLead.ANY_TIME,
    )
    assert (combined.nil_pass, combined.blind_nil_pass) == (count, 4 - count)


def test_double_nil_timing_is_for_two_players() -> None:
    """Four players bid blind nil before they look: only the default timing is theirs.

    Rules: reading-double-nil-timing, rule-double-nil.
    """
    late = DoubleNilTiming.AFTER_FIRST_CHOICE
    message = r"double_nil_timing is the two-player draw's: .*BEFORE_FIRST_CHOICE"
    with pytest.raises(RulesetError, match=message):
        Ruleset(double_nil_timing=late)
    with pytest.raises(RulesetError, match=message):
        attrs.evolve(MINIOKEY, blind_nil=True, double_nil_timing=late)
    two = Ruleset(players=2, double_nil_timing=late, blind_nil_exchange=0)
    with pytest.raises(RulesetError, match=message):
        attrs.evolve(two, players=4, nil_tricks=NilTricks.COUNT)
    assert Ruleset(double_nil_timing=DoubleNilTiming.BEFORE_FIRST_CHOICE) == CLASSIC
    rules = attrs.evolve(TWO_HANDED, double_nil_timing=late)
    assert rules.double_nil_timing is late
    assert "double_nil_timing=<DoubleNilTiming.AFTER_FIRST_CHOICE: 'after_first_choice'>" in repr(
        rules
    )
    assert attrs.evolve(rules, double_nil_timing=DoubleNilTiming.BEFORE_FIRST_CHOICE) == TWO_HANDED
    # Without double nil the timing has nothing to time, but a ruleset may still name it.
    assert Ruleset(players=2, blind_nil=False, double_nil_timing=late).double_nil_timing is late


def test_double_nil_timing_values_and_the_choices_before_the_chance() -> None:
    """Rule: reading-double-nil-timing.

    The values are the data format's names; ``choices_before`` counts the player's own
    draw choices of the round before her one chance to declare.
    """
    assert [timing.value for timing in DoubleNilTiming] == [
        "before_first_choice",
        "after_first_choice",
    ]
    assert [timing.choices_before for timing in DoubleNilTiming] == [0, 1]
    assert TWO_HANDED.double_nil_timing is DoubleNilTiming.BEFORE_FIRST_CHOICE
    for timing in DoubleNilTiming:
        for clone in (pickle.loads(pickle.dumps(timing)), copy.deepcopy(timing)):
            assert clone is timing
            assert clone.choices_before == timing.choices_before


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": 2, "blind_nil": False}, "bidding=suicide is for partnerships: it needs four"),
        ({"nil": False}, "bidding=suicide is played with nil bids: it needs nil=True"),
        (
            {"nil": False, "zero_contract": True},
            "bidding=suicide is played with nil bids: it needs nil=True",
        ),
        ({"blind_nil": True}, "bidding=suicide has no blind nil: set blind_nil=False"),
        ({"team_minimum": 4}, "bidding=suicide decides what a side bids itself: team_minimum"),
    ],
    ids=["two players", "no nil", "zero contract", "blind nil", "team minimum"],
)
def test_suicide_refuses_what_it_rules_out(changes: dict[str, Any], message: str) -> None:
    """Suicide is four players' bidding with nil, no blind nil and no team minimum.

    Rule: rule-suicide.
    """
    with pytest.raises(RulesetError, match=re.escape(message)):
        Ruleset(bidding=Bidding.SUICIDE, **changes)
    with pytest.raises(RulesetError, match=re.escape(message)):
        attrs.evolve(Ruleset(**changes), bidding=Bidding.SUICIDE)


def test_suicide_combines_with_the_other_switches_and_the_four_player_presets() -> None:
    """Any nil scoring, a nil pass, 10-for-200, any spades lead and either direction.

    Rule: rule-suicide.
    """
    for name, preset in SOURCE_PRESETS.items():
        if preset.players == 4:
            rules = attrs.evolve(preset, bidding=Bidding.SUICIDE, blind_nil=False)
            assert rules.bidding is Bidding.SUICIDE, name
            assert "bidding=<Bidding.SUICIDE" in repr(rules)
    rules = Ruleset(
        bidding=Bidding.SUICIDE,
        nil_pass=3,
        ten_for_two_hundred=True,
        spades_lead=SpadesLead.ANY_TIME,
        direction=Direction.COUNTERCLOCKWISE,
        nil_tricks=NilTricks.BAGS,
    )
    assert (rules.nil_pass, rules.ten_for_two_hundred) == (3, True)
    assert [mode.value for mode in Bidding] == ["open", "suicide", "whiz", "mirror"]
    assert Ruleset().bidding is Bidding.OPEN


@pytest.mark.parametrize("mode", [Bidding.WHIZ, Bidding.MIRROR], ids=["whiz", "mirror"])
@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"players": 2, "blind_nil": False}, "is for three or four players: it needs a deal"),
        ({"nil": False}, "bids zero with no spades: it needs nil=True or zero_contract=True"),
        ({"blind_nil": True}, "has no blind nil: set blind_nil=False"),
        ({"team_minimum": 4}, "decides what a side bids itself: team_minimum"),
    ],
    ids=["two players", "no nil and no zero contract", "blind nil", "team minimum"],
)
def test_whiz_and_mirror_refuse_what_they_rule_out(
    mode: Bidding, changes: dict[str, Any], words: str
) -> None:
    """Four players' bidding with a bid of zero (nil or a zero contract), no blind nil and
    no team minimum.

    Rules: rule-whiz, rule-mirror.
    """
    message = f"bidding={mode.value} {words}"
    with pytest.raises(RulesetError, match=re.escape(message)):
        Ruleset(bidding=mode, **changes)
    with pytest.raises(RulesetError, match=re.escape(message)):
        attrs.evolve(Ruleset(**changes), bidding=mode)


@pytest.mark.parametrize("mode", [Bidding.WHIZ, Bidding.MIRROR], ids=["whiz", "mirror"])
def test_whiz_and_mirror_combine_with_a_zero_contract_a_nil_pass_and_the_presets(
    mode: Bidding,
) -> None:
    """A zero contract takes nil's place; a nil pass, 10-for-200, any spades lead and either
    direction combine, and so does every four-player preset without its blind nil.

    Rules: rule-whiz, rule-mirror.
    """
    for name, preset in SOURCE_PRESETS.items():
        if preset.players == 4:
            rules = attrs.evolve(preset, bidding=mode, blind_nil=False)
            assert rules.bidding is mode, name
            assert f"bidding=<Bidding.{mode.name}" in repr(rules)
    zero = Ruleset(bidding=mode, nil=False, zero_contract=True)
    assert (zero.nil, zero.zero_contract) == (False, True)
    rules = Ruleset(
        bidding=mode,
        nil_pass=2,
        ten_for_two_hundred=True,
        spades_lead=SpadesLead.AFTER_FIRST_TRICK,
        direction=Direction.COUNTERCLOCKWISE,
        nil_tricks=NilTricks.BAGS,
    )
    assert (rules.bidding, rules.nil_pass, rules.ten_for_two_hundred) == (mode, 2, True)


def test_blind_nil_needs_nil() -> None:
    """Rules: rule-blind-nil, rule-readings."""
    with pytest.raises(RulesetError, match="blind nil is a nil bid: it needs nil=True"):
        Ruleset(blind_nil=True, nil=False)
    assert Ruleset(blind_nil=False, nil=False).nil is False


def test_ruleset_errors_are_spades_errors_and_value_errors() -> None:
    with pytest.raises(ValueError, match="target") as info:
        Ruleset(target=0)
    assert isinstance(info.value, SpadesError)


def test_ruleset_is_keyword_only() -> None:
    with pytest.raises(TypeError):
        Ruleset(4)  # type: ignore[call-arg]


def test_ruleset_is_frozen() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        CLASSIC.target = 250  # type: ignore[misc]
    assert CLASSIC.target == 500


def test_ruleset_equality_and_hashing_are_by_value() -> None:
    assert Ruleset(target=250) == Ruleset(target=250)
    assert hash(Ruleset(target=250)) == hash(Ruleset(target=250))
    assert Ruleset(target=250) != Ruleset(target=500)
    assert CLASSIC != MINIOKEY
    assert len({CLASSIC, Ruleset(), MINIOKEY, attrs.evolve(CLASSIC)}) == 2
    assert CLASSIC != "classic"  # type: ignore[comparison-overlap]


def test_evolve_makes_a_validated_changed_copy() -> None:
    changed = attrs.evolve(CLASSIC, direction=Direction.COUNTERCLOCKWISE, target=250)
    assert changed.direction is Direction.COUNTERCLOCKWISE
    assert changed.target == 250
    assert changed.nil_tricks is CLASSIC.nil_tricks
    assert CLASSIC.target == 500
    with pytest.raises(RulesetError):
        attrs.evolve(CLASSIC, losing_floor=0)
    with pytest.raises(RulesetError, match="players must be"):
        attrs.evolve(CLASSIC, players=5)


@pytest.mark.parametrize(
    "rules", [CLASSIC, MINIOKEY, TWO_HANDED, Ruleset(blind_nil=True, round_cap=3)]
)
def test_rulesets_survive_pickle_and_copy(rules: Ruleset) -> None:
    for clone in (pickle.loads(pickle.dumps(rules)), copy.copy(rules), copy.deepcopy(rules)):
        assert clone == rules
        assert hash(clone) == hash(rules)


def test_repr_names_every_switch() -> None:
    text = repr(MINIOKEY)
    switches = [field.name for field in attrs.fields(Ruleset) if field.init]
    assert len(switches) == 27
    for name in switches:
        assert f"{name}=" in text
    assert "orders_of_play" not in text  # derived, not a switch


def test_direction_values_are_the_step_between_seats() -> None:
    """Each direction's value (and `Direction.step`) is what a seat number grows by, modulo
    four, from one player to the next, as the tests' reference seats them.

    Rule: rule-direction.
    """
    assert Direction.CLOCKWISE.value == 1
    assert Direction.COUNTERCLOCKWISE.value == 3
    for direction in Direction:
        rules = Ruleset(direction=direction)
        assert direction.step == direction.value
        for seat in range(4):
            assert seat_after(rules, seat) == (seat + direction.value) % 4


@pytest.mark.parametrize("name", [1, None, b"classic"])
def test_find_ruleset_takes_a_name(name: object) -> None:
    with pytest.raises(TypeError, match="find_ruleset takes a name"):
        find_ruleset(name)  # type: ignore[arg-type]


@pytest.mark.parametrize("mode", list(Bidding))
@pytest.mark.parametrize("base", [CLASSIC, TWO_HANDED], ids=["four", "two"])
def test_the_bidding_modes_refuse_what_the_oracle_refuses(mode: Bidding, base: Ruleset) -> None:
    """Each mode is refused exactly where the oracle, read from the rules page, refuses it:
    among rulesets open bidding allows, by players, nil, a zero contract, blind nil and a
    team minimum.

    Rules: rule-suicide, rule-whiz, rule-mirror.
    """
    checked = 0
    for nil, zero, blind, minimum in itertools.product(
        (False, True), (False, True), (False, True), (0, 4)
    ):
        changes: dict[str, Any] = {
            "nil": nil,
            "zero_contract": zero,
            "blind_nil": blind,
            "team_minimum": minimum,
        }
        try:
            attrs.evolve(base, **changes)
        except RulesetError:
            continue  # refused whatever the bidding: not the mode's business
        checked += 1
        data = ruleset_data(base) | changes | {"bidding": mode.value}
        problem = oracle.bidding_problem(data)
        try:
            attrs.evolve(base, bidding=mode, **changes)
        except RulesetError:
            assert problem is not None, (mode, changes)
        else:
            assert problem is None, (mode, changes, problem)
    assert checked >= (6 if base.players == 4 else 3)


def test_blind_numbers_are_off_by_default_and_take_a_minimum_and_a_deficit() -> None:
    """0 is no blind numbers; a minimum from 1 to 13, a deficit from 0 up or None (at any
    score), each preset without them.

    Rule: rule-blind-bids.
    """
    assert (CLASSIC.blind_bid_minimum, CLASSIC.blind_bid_deficit) == (0, 100)
    assert all(rules.blind_bid_minimum == 0 for rules in SOURCE_PRESETS.values())
    for least in (1, 6, 13):
        for deficit in (None, 0, 100, MAX_NUMBER):
            rules = Ruleset(blind_bid_minimum=least, blind_bid_deficit=deficit)
            assert (rules.blind_bid_minimum, rules.blind_bid_deficit) == (least, deficit)
            assert f"blind_bid_minimum={least}, blind_bid_deficit={deficit}," in repr(rules)
    assert Ruleset(blind_bid_deficit=None).blind_bid_deficit is None  # with no numbers too


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"players": 2},
            "two players see their cards as they draw them, so nobody bids a "
            "number blind: blind_bid_minimum must be 0",
        ),
        ({"bidding": Bidding.SUICIDE}, "bidding=suicide has no blind bids: blind_bid_minimum"),
        ({"bidding": Bidding.WHIZ}, "bidding=whiz has no blind bids: blind_bid_minimum"),
        ({"bidding": Bidding.MIRROR}, "bidding=mirror has no blind bids: blind_bid_minimum"),
    ],
    ids=["two players", "suicide", "whiz", "mirror"],
)
def test_blind_numbers_refuse_what_they_rule_out(changes: dict[str, Any], message: str) -> None:
    """Two players and the bidding modes refuse blind numbers, each with its reason; with
    the minimum at 0 each is allowed.

    Rule: rule-blind-bids.
    """
    with_nil: dict[str, Any] = {"nil": True} if "bidding" in changes else {}
    for least in (1, 6, 13):
        with pytest.raises(RulesetError, match=re.escape(message)):
            Ruleset(blind_bid_minimum=least, **changes, **with_nil)
    assert Ruleset(blind_bid_minimum=0, **changes, **with_nil).blind_bid_minimum == 0


def test_blind_numbers_combine_with_ten_for_two_hundred() -> None:
    """Trickster's tables offer both: every minimum and deficit with 10-for-200 is a ruleset.

    Rule: rule-blind-bids.
    Rule: reading-blind-ten-for-two-hundred.
    """
    for least in (1, 6, 13):
        for deficit in (None, 0, 250):
            rules = Ruleset(
                blind_bid_minimum=least, blind_bid_deficit=deficit, ten_for_two_hundred=True
            )
            assert (rules.blind_bid_minimum, rules.blind_bid_deficit) == (least, deficit)
            assert rules.ten_for_two_hundred


def test_blind_numbers_combine_with_the_other_bidding_switches_and_the_presets() -> None:
    """Blind nil, its pass, a nil pass, a team minimum, a zero contract, no nil at all, each
    spades lead and every four-player preset.

    Rule: rule-blind-bids.
    """
    for name, preset in SOURCE_PRESETS.items():
        if preset.players == 4:
            rules = attrs.evolve(preset, blind_bid_minimum=6, blind_bid_deficit=None)
            assert rules.blind_bid_minimum == 6, name
    rules = Ruleset(
        blind_bid_minimum=6,
        blind_nil=True,
        blind_nil_pass=4,
        nil_pass=2,
        team_minimum=13,
        spades_lead=SpadesLead.AFTER_FIRST_TRICK,
    )
    assert (rules.blind_nil, rules.team_minimum, rules.nil_pass) == (True, 13, 2)
    for zero in (False, True):
        rules = Ruleset(blind_bid_minimum=1, nil=False, zero_contract=zero)
        assert (rules.nil, rules.zero_contract) == (False, zero)
