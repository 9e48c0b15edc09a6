"""Data of the format's versions 1 and 2 still reads, and version 3 is what the library writes.

Version 2 writes a game's seed as a decimal string, so that every number in the data is
one that any JSON parser reads exactly, and came with a seeded game's first round dealt by
the BLAKE2b shuffle of the later rounds. The files ``tests/data/*-v1-*.json`` were written
by the library before version 2 (``tests/data/make_version_1.py`` says how): their seeds
are numbers beyond 2**53, and their first decks come from the old shuffle. Records carry
their decks and states their hands, so they read as the games they were.

Version 3 came with ruleset fields that older data does not hold (`NEW_IN_3`): its
rulesets read as the rules of every source, the standard deck (rule-decks), a zero bid
no contract (reading-zero-bid), no card pass after a plain nil (reading-card-pass), double
nil declared before the first draw choice (reading-double-nil-timing), no team minimum
(rule-team-minimum), open bidding (rule-suicide), spades led once broken
(reading-spades-lead) and ten points a trick bid however many (rule-ten-for-two-hundred).
It came with passes of 4 cards too: an older ruleset's
``blind_nil_pass`` is at most 3, and 4 is refused at its path. The files
``tests/data/*-v2-*.json`` were written by the library before version 3
(``tests/data/make_version_2.py`` says how); the four-player ones stop at a lead where the
default ``spades_lead`` decides whether a spade may be led, after a round whose bids fall
short of a team minimum of 4 and break Suicide's pairs. Older data that holds one of the
fields is refused at its path, and version 3 data that lacks one at its ruleset's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades import (
    CLASSIC,
    TWO_HANDED,
    Bidding,
    Deck,
    DoubleNilTiming,
    InvalidRecordError,
    Play,
    RoundScore,
    Ruleset,
    SpadesLead,
    State,
    Suit,
    View,
    legal_moves,
    observe,
    round_deck,
)
from spades.records import (
    READABLE_VERSIONS,
    VERSION,
    GameRecord,
    dumps,
    from_data,
    loads,
    to_data,
)
from spades.strategies import rulesets, states

DATA = Path(__file__).resolve().parent / "data"
SAFE = 2**53 - 1
"""The largest whole number that every JSON parser reads exactly (I-JSON, RFC 7493)."""
LEADS = {
    SpadesLead.BROKEN: "broken",
    SpadesLead.ANY_TIME: "any_time",
    SpadesLead.AFTER_FIRST_TRICK: "after_first_trick",
}
"""Each ``spades_lead`` as the format writes it (porting-lead)."""
NEW_IN_3: dict[str, Any] = {
    "deck": "standard",
    "solo": False,
    "zero_contract": False,
    "nil_pass": 0,
    "double_nil_timing": "before_first_choice",
    "team_minimum": 0,
    "bidding": "open",
    "blind_bid_minimum": 0,
    "blind_bid_deficit": 100,
    "spades_lead": "broken",
    "ten_for_two_hundred": False,
}
"""The ruleset fields that came with version 3, each with the value older data reads as."""


def _ruleset_fields() -> list[str]:
    data = to_data(Ruleset())
    assert isinstance(data, dict)
    return [name for name in data if name not in {"type", "version"}]


FIELDS = _ruleset_fields()
"""The fields of a ruleset in the order version 3 writes them."""


def text_of(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def data_of(name: str) -> Any:
    return json.loads(text_of(name))


def numbers_in(data: Any) -> list[int]:
    """Every number in plain data, booleans aside."""
    if type(data) is int:
        return [data]
    if isinstance(data, dict):
        data = list(data.values())
    if isinstance(data, list):
        return [number for item in data for number in numbers_in(item)]
    return []


def written_now(old: dict[str, Any]) -> dict[str, Any]:
    """Data of an older version as the library writes it now: version 3, the seed as text,
    and the rules with the fields of version 3 at their defaults, each in its place."""
    assert not NEW_IN_3.keys() & old["rules"].keys()
    rules = {name: old["rules"].get(name, NEW_IN_3.get(name)) for name in FIELDS}
    again = {**old, "version": VERSION, "rules": rules}
    if "seed" in old:
        again["seed"] = str(old["seed"])
    return again


def as_version(data: dict[str, Any], version: int) -> dict[str, Any]:
    """Version 3 data turned into ``version`` 2: without the fields of version 3 in its rules."""
    rules = {name: value for name, value in data["rules"].items() if name not in NEW_IN_3}
    return {**data, "version": version, "rules": rules}


def test_the_library_writes_version_3_and_reads_1_to_3() -> None:
    assert VERSION == 3
    assert READABLE_VERSIONS == (1, 2, 3)


def test_version_3_rulesets_hold_exactly_the_new_fields_more_than_version_2() -> None:
    """The written defaults of `NEW_IN_3` are `Ruleset`'s."""
    older = data_of("record-v2-four.json")["rules"]
    assert [name for name in FIELDS if name not in older] == list(NEW_IN_3)
    assert [name for name in older if name not in FIELDS] == []
    written = to_data(Ruleset())
    assert isinstance(written, dict)
    assert {name: written[name] for name in NEW_IN_3} == NEW_IN_3


# --- version 1: the seed as a number, the first deck by the old shuffle ----------------------


@pytest.mark.parametrize("name", ["record-v1-four.json", "record-v1-two.json"])
def test_a_version_1_record_reads_as_the_game_it_was(name: str) -> None:
    """Rule: rule-seeded-deal."""
    text = text_of(name)
    data = json.loads(text)
    assert data["version"] == 1
    assert type(data["seed"]) is int
    assert data["seed"] > SAFE
    record = loads(text)
    assert record.seed == data["seed"]
    # Its first round was dealt by the old shuffle, and it keeps that deck.
    assert [str(card) for card in record.rounds[0].deck] == data["rounds"][0]["deck"]
    assert record.rounds[0].deck != round_deck(record.seed, 1)
    # Later rounds were always the BLAKE2b shuffle.
    assert record.rounds[1].deck == round_deck(record.seed, 2)
    # Written again it is version 3, with the seed as text, and reads back the same.
    assert json.loads(dumps(record)) == written_now(data)
    assert loads(dumps(record)) == record


def test_the_version_1_two_player_record_draws_its_exchanges_by_its_seed() -> None:
    """Rule: rule-exchange."""
    data = data_of("record-v1-two.json")
    moves = [move for entry in data["rounds"] for move in entry["moves"]]
    assert any(move.startswith("exchange ") for move in moves)
    assert loads(text_of("record-v1-two.json")).seed == data["seed"]
    # With another seed the exchange draws other cards, and the moves no longer follow.
    data["seed"] += 1
    with pytest.raises(InvalidRecordError):
        from_data(data)


def test_a_version_1_state_reads_and_is_the_record_s_state() -> None:
    data = data_of("state-v1-four.json")
    assert (data["version"], type(data["seed"])) == (1, int)
    state = from_data(data, State)
    record = loads(text_of("record-v1-four.json"))
    assert state == record.final_state
    assert to_data(state) == written_now(data)


def test_version_1_data_with_a_seed_as_text_is_refused() -> None:
    data = data_of("state-v1-four.json")
    data["seed"] = str(data["seed"])
    with pytest.raises(InvalidRecordError) as info:
        from_data(data)
    assert info.value.path == "$.seed"


@pytest.mark.parametrize("version", [2, 3])
def test_data_of_version_2_on_with_a_seed_as_a_number_is_refused(version: int) -> None:
    data = to_data(loads(text_of("record-v1-four.json")))
    assert isinstance(data, dict)
    data = as_version(data, version) if version == 2 else data
    data["seed"] = int(data["seed"])  # type: ignore[arg-type]
    with pytest.raises(InvalidRecordError, match=r"as a string of decimal digits") as info:
        from_data(data)
    assert info.value.path == "$.seed"


# --- version 2: rulesets without the fields of version 3 --------------------------------------


@pytest.mark.parametrize("name", ["record-v2-four.json", "record-v2-two.json"])
def test_a_version_2_record_reads_with_the_rules_of_the_sources(name: str) -> None:
    """The ruleset takes the defaults, the game replays the same, and written again it is
    version 3 data with the new fields at their defaults and nothing else new.

    Rules: reading-spades-lead, reading-zero-bid.
    Rules: rule-team-minimum, rule-ten-for-two-hundred.
    Rules: reading-card-pass, reading-double-nil-timing.
    Rule: rule-suicide.
    """
    text = text_of(name)
    data = json.loads(text)
    assert data["version"] == 2
    assert not NEW_IN_3.keys() & data["rules"].keys()
    assert type(data["seed"]) is str
    assert int(data["seed"]) > SAFE
    record = loads(text)
    assert record.rules.spades_lead is SpadesLead.BROKEN
    assert (record.rules.zero_contract, record.rules.ten_for_two_hundred) == (False, False)
    assert record.rules.team_minimum == record.rules.nil_pass == 0
    assert record.rules.double_nil_timing is DoubleNilTiming.BEFORE_FIRST_CHOICE
    assert record.rules.bidding is Bidding.OPEN
    # Its decks are the seed's, and its moves replay to the same states under version 3.
    replayed = GameRecord.from_moves(
        record.rules, record.moves, seed=record.seed, dealer=record.dealer
    )
    assert replayed == record
    assert list(replayed) == list(record)
    assert replayed.final_state == record.final_state
    assert json.loads(dumps(record)) == written_now(data)
    assert loads(dumps(record)) == record


def test_the_version_2_two_player_record_is_whole_and_exchanges_cards() -> None:
    """The game ends at its round cap, after a double nil exchange.

    Rule: rule-exchange.
    """
    record = loads(text_of("record-v2-two.json"))
    assert record.final_state.is_over
    moves = [str(move) for move in record.moves]
    assert any(move.startswith("exchange ") for move in moves)
    data = data_of("record-v2-two.json")
    data["seed"] = str(int(data["seed"]) + 1)
    with pytest.raises(InvalidRecordError):
        from_data(data)


def test_a_version_2_state_and_view_are_the_record_s() -> None:
    record = loads(text_of("record-v2-four.json"))
    state = from_data(data_of("state-v2-four.json"), State)
    assert state == record.final_state
    assert to_data(state) == written_now(data_of("state-v2-four.json"))
    view = from_data(data_of("view-v2-four.json"), View)
    assert state.to_move is not None
    assert view == observe(state, state.to_move)
    assert to_data(view) == written_now(data_of("view-v2-four.json"))


def as_version_3(data: dict[str, Any], **changes: object) -> dict[str, Any]:
    """Data of version 2 as version 3 data: the new fields at their defaults, but ``changes``."""
    rules = {name: data["rules"].get(name, NEW_IN_3.get(name)) for name in FIELDS}
    return {**data, "version": 3, "rules": {**rules, **changes}}


@pytest.mark.parametrize("name", ["record-v2-four.json", "state-v2-four.json", "view-v2-four.json"])
def test_version_2_bids_below_a_team_minimum_read_and_are_refused_under_one(name: str) -> None:
    """The first round's bids were 1 and 2 for seats 0 and 2, dealt by seat 1 (so seat 0
    bid first and seat 2 made up the side's bid), the current round's 2 and 5, 3 and 1:
    version 2 data reads with no team minimum; as version 3 data it reads with a team
    minimum of 3, and one of 4 refuses seat 2's first bid, the record's as an illegal
    move, the state's and the view's history at its round.

    Rule: rule-team-minimum.
    """
    data = data_of(name)
    value = from_data(data)
    assert value.rules.team_minimum == 0  # type: ignore[union-attr]
    assert from_data(as_version_3(data, team_minimum=3)).rules.team_minimum == 3  # type: ignore[union-attr]
    with pytest.raises(InvalidRecordError) as info:
        from_data(as_version_3(data, team_minimum=4))
    if name.startswith("record"):
        assert info.value.path == "$.rounds[0].moves[2]"
        assert "'bid 2' by seat 2 is illegal" in info.value.problem
        assert "add up to at least 4: bid 3 or more" in info.value.problem
    else:
        assert (info.value.path, info.value.problem) == (
            "$.rounds[0].bids[2]",
            "the side's bids add up to 3, less than the team minimum of 4",
        )


@pytest.mark.parametrize("name", ["record-v2-four.json", "state-v2-four.json", "view-v2-four.json"])
def test_version_2_bids_that_break_suicide_read_and_are_refused_under_it(name: str) -> None:
    """The first round's first bid was seat 0's 1, which Suicide does not allow a side's
    first bidder: version 2 data reads with open bidding; as version 3 data under Suicide
    (without the blind nil it rules out) the record is refused at that move, the state
    at that bid of its history. The view is refused at the current round's bid 2 by seat
    0 after her partner's 5, which its check of the round finds first.

    Rule: rule-suicide.
    """
    data = data_of(name)
    assert rules_of(from_data(data)).bidding is Bidding.OPEN
    assert rules_of(from_data(as_version_3(data, blind_nil=False))).bidding is Bidding.OPEN
    with pytest.raises(InvalidRecordError) as info:
        from_data(as_version_3(data, bidding="suicide", blind_nil=False))
    if name.startswith("record"):
        assert info.value.path == "$.rounds[0].moves[0]"
        assert "'bid 1' by seat 0 is illegal: under Suicide one partner bids nil" in (
            info.value.problem
        )
    else:
        assert (info.value.path, info.value.problem) == (
            "$.rounds[0].bids[0]" if name.startswith("state") else "$.bids[0]",
            "under Suicide one partner of a side bids nil and the other 4 or more",
        )


def spade_leads(moves: tuple[Any, ...]) -> list[str]:
    return [str(move) for move in moves if isinstance(move, Play) and move.card.suit is Suit.SPADES]


@pytest.mark.parametrize("kind", ["state", "view"])
def test_a_version_2_lead_leads_no_spade_before_they_are_broken(kind: str) -> None:
    """The files stop at the third trick's lead, spades unbroken, the leader holding spades
    and other suits: read as version 2 the spades stay closed; the same data of version 3
    under another ``spades_lead`` opens them.

    Rules: reading-spades-lead, rule-spades-broken.
    """
    data = data_of(f"{kind}-v2-four.json")
    value = from_data(data)
    assert isinstance(value, State | View)
    assert value.spades_broken is False
    assert len(value.tricks) == 2
    assert value.trick == ()
    moves = legal_moves(value) if isinstance(value, State) else value.legal_moves()
    assert moves
    assert spade_leads(moves) == []
    for lead in (SpadesLead.ANY_TIME, SpadesLead.AFTER_FIRST_TRICK):
        newer = to_data(value)
        assert isinstance(newer, dict)
        newer["rules"]["spades_lead"] = LEADS[lead]  # type: ignore[index, call-overload]
        opened = from_data(newer)
        assert isinstance(opened, State | View)
        assert opened.rules.spades_lead is lead
        again = legal_moves(opened) if isinstance(opened, State) else opened.legal_moves()
        assert spade_leads(again)
        assert set(moves) < set(again)


def test_a_version_2_view_reads_as_a_version_1_view() -> None:
    view = observe(loads(text_of("record-v1-two.json")).final_state, 1)
    data = to_data(view)
    assert isinstance(data, dict)
    for version in (1, 2):
        assert from_data(as_version(data, version), View) == view
    assert from_data(data, View) == view


CARRIERS = {
    "record": ("record-v2-four.json", "$.rules"),
    "state": ("state-v2-four.json", "$.rules"),
    "view": ("view-v2-four.json", "$.rules"),
    "ruleset": (None, "$"),
}
"""The data that carries a ruleset, each with the ruleset's path."""


def carrier(kind: str) -> tuple[dict[str, Any], dict[str, Any], str]:
    """Version 2 data of ``kind``, its ruleset (the same object) and the ruleset's path."""
    name, path = CARRIERS[kind]
    if name is None:  # a ruleset on its own: its own top level
        data: Any = as_version({"rules": to_data(Ruleset())}, 2)["rules"]
        data["version"] = 2
        return data, data, path
    data = data_of(name)
    return data, data["rules"], path


NEW_VALUES = [
    *(("spades_lead", name) for name in LEADS.values()),
    ("zero_contract", False),
    ("zero_contract", True),
    ("team_minimum", 0),
    ("team_minimum", 4),
    ("ten_for_two_hundred", False),
    ("ten_for_two_hundred", True),
    ("nil_pass", 0),
    ("nil_pass", 4),
    ("double_nil_timing", "before_first_choice"),
    ("double_nil_timing", "after_first_choice"),
    ("bidding", "open"),
    ("bidding", "suicide"),
]
"""Each field of version 3 with values it may take, its default among them."""


@pytest.mark.parametrize("kind", CARRIERS)
@pytest.mark.parametrize("version", [1, 2])
@pytest.mark.parametrize(("name", "value"), NEW_VALUES)
def test_an_older_ruleset_that_holds_a_field_of_version_3_is_refused_at_it(
    kind: str, version: int, name: str, value: object
) -> None:
    """The field came with version 3: in older data it is unknown, whatever its value, and
    the message names the version it came with.

    Rules: reading-spades-lead, reading-zero-bid.
    Rules: rule-team-minimum, rule-ten-for-two-hundred.
    Rules: reading-card-pass, reading-double-nil-timing.
    Rule: rule-suicide.
    """
    data, rules, path = carrier(kind)
    data["version"] = version
    if version == 1 and "seed" in data:
        data["seed"] = int(data["seed"])
    from_data(data)  # reads without the field
    rules[name] = value
    with pytest.raises(InvalidRecordError) as info:
        from_data(data)
    assert info.value.path == f"{path}.{name}"
    assert info.value.problem == (
        f"unknown field {name!r} in data of version {version} (it came with version 3)"
    )


@pytest.mark.parametrize("kind", CARRIERS)
@pytest.mark.parametrize("name", NEW_IN_3)
def test_a_version_3_ruleset_without_a_field_of_version_3_is_refused(kind: str, name: str) -> None:
    """Version 3 writes every field; a missing one is refused.

    Rules: reading-spades-lead, reading-zero-bid.
    Rules: rule-team-minimum, rule-ten-for-two-hundred.
    Rules: reading-card-pass, reading-double-nil-timing.
    Rule: rule-suicide.
    """
    data, rules, path = carrier(kind)
    data["version"] = 3
    rules.update({other: value for other, value in NEW_IN_3.items() if other != name})
    with pytest.raises(InvalidRecordError) as info:
        from_data(data)
    assert (info.value.path, info.value.problem) == (path, f"missing field {name!r}")
    rules[name] = NEW_IN_3[name]
    from_data(data)


def rules_of(value: object) -> Ruleset:
    """The ruleset of a value `from_data` read, or the value itself when it is one."""
    found = value if isinstance(value, Ruleset) else getattr(value, "rules", None)
    assert isinstance(found, Ruleset)
    return found


@pytest.mark.parametrize("kind", CARRIERS)
@pytest.mark.parametrize("version", [1, 2])
def test_an_older_blind_nil_pass_is_at_most_3_and_4_is_version_3_s(kind: str, version: int) -> None:
    """Passes of 4 cards came with version 3: older data holding one is refused at the
    field, the message naming the data's version and the version of 4; as version 3
    data it reads.

    Rules: rule-card-pass, reading-card-pass.
    """
    data, rules, path = carrier(kind)
    data["version"] = version
    if version == 1 and "seed" in data:
        data["seed"] = int(data["seed"])
    rules["blind_nil_pass"] = 3
    assert rules_of(from_data(data)).blind_nil_pass == 3
    rules["blind_nil_pass"] = 4
    with pytest.raises(InvalidRecordError) as info:
        from_data(data)
    assert (info.value.path, info.value.problem) == (
        f"{path}.blind_nil_pass",
        f"expected a whole number from 0 to 3 in data of version {version}, not 4 "
        "(more came with version 3)",
    )
    newer = as_version_3(data) if kind != "ruleset" else {**data, **NEW_IN_3, "version": 3}
    if "seed" in newer:
        newer["seed"] = str(newer["seed"])
    assert rules_of(from_data(newer)).blind_nil_pass == 4


@pytest.mark.parametrize("value", [True, "2", 2.0, None, [2]])
def test_a_version_3_nil_pass_is_a_whole_number(value: object) -> None:
    """Rule: rule-card-pass."""
    data = to_data(Ruleset(nil_pass=2))
    assert isinstance(data, dict)
    data["nil_pass"] = value  # type: ignore[assignment]
    with pytest.raises(InvalidRecordError, match="expected a whole number") as info:
        from_data(data)
    assert info.value.path == "$.nil_pass"


@pytest.mark.parametrize("name", ["nil_pass", "blind_nil_pass"])
@pytest.mark.parametrize("value", [-1, 5, 10**9, -(10**12)])
def test_a_version_3_pass_is_from_0_to_4_cards(name: str, value: int) -> None:
    """Rule: rule-card-pass."""
    data = to_data(Ruleset(blind_nil=True))
    assert isinstance(data, dict)
    for good in range(5):
        data[name] = good
        assert getattr(from_data(data, Ruleset), name) == good
    data[name] = value
    with pytest.raises(InvalidRecordError) as info:
        from_data(data)
    assert info.value.path == f"$.{name}"


@pytest.mark.parametrize(
    "value", ["BEFORE_FIRST_CHOICE", "before", "after first choice", "", None, 0, False]
)
def test_a_version_3_double_nil_timing_is_one_of_its_two_names(value: object) -> None:
    """Rule: reading-double-nil-timing."""
    data = to_data(TWO_HANDED)
    assert isinstance(data, dict)
    for timing in DoubleNilTiming:
        data["double_nil_timing"] = timing.value
        assert from_data(data, Ruleset).double_nil_timing is timing
    data["double_nil_timing"] = value  # type: ignore[assignment]
    with pytest.raises(
        InvalidRecordError, match="'before_first_choice', 'after_first_choice'"
    ) as info:
        from_data(data)
    assert info.value.path == "$.double_nil_timing"


@pytest.mark.parametrize(
    "value", ["SUICIDE", "Suicide", "WHIZ", "Mirror", "whist", "", None, 0, True, ["open"]]
)
def test_a_version_3_bidding_is_one_of_its_names(value: object) -> None:
    """Rules: rule-suicide, rule-whiz, rule-mirror."""
    data = to_data(Ruleset())
    assert isinstance(data, dict)
    for bidding in Bidding:
        data["bidding"] = bidding.value
        assert from_data(data, Ruleset).bidding is bidding
    data["bidding"] = value  # type: ignore[assignment]
    with pytest.raises(InvalidRecordError, match="'open', 'suicide', 'whiz', 'mirror'") as info:
        from_data(data)
    assert info.value.path == "$.bidding"


def test_the_version_2_double_nils_are_declared_too_early_for_after_first_choice() -> None:
    """Both players declared double nil before their first draw choice, the only timing
    of version 2: as version 3 data under the other, the first declaration is refused.

    Rules: reading-double-nil-timing, rule-double-nil.
    """
    data = data_of("record-v2-two.json")
    assert from_data(as_version_3(data)) == from_data(data)
    with pytest.raises(InvalidRecordError) as info:
        from_data(as_version_3(data, double_nil_timing="after_first_choice"))
    assert info.value.path == "$.rounds[0].moves[0]"
    assert "declared after your first draw choice" in info.value.problem


@pytest.mark.parametrize("value", ["BROKEN", "anytime", "any time", "", None, 1, True, ["broken"]])
def test_a_version_3_spades_lead_is_one_of_its_three_names(value: object) -> None:
    data = to_data(Ruleset())
    assert isinstance(data, dict)
    data["spades_lead"] = value  # type: ignore[assignment]
    with pytest.raises(
        InvalidRecordError, match="'broken', 'any_time', 'after_first_trick'"
    ) as info:
        from_data(data)
    assert info.value.path == "$.spades_lead"


@pytest.mark.parametrize("name", ["zero_contract", "ten_for_two_hundred"])
@pytest.mark.parametrize("value", [0, 1, "true", "false", "", None, [True]])
def test_a_version_3_flag_is_true_or_false(name: str, value: object) -> None:
    """Rules: reading-zero-bid, rule-ten-for-two-hundred."""
    data = to_data(Ruleset(nil=False))
    assert isinstance(data, dict)
    data[name] = True
    from_data(data)
    data[name] = value  # type: ignore[assignment]
    with pytest.raises(InvalidRecordError, match="expected true or false") as info:
        from_data(data)
    assert info.value.path == f"$.{name}"


@pytest.mark.parametrize("value", [True, False, "4", 4.0, None, [4], {"n": 4}])
def test_a_version_3_team_minimum_is_a_whole_number(value: object) -> None:
    """Rule: rule-team-minimum."""
    data = to_data(Ruleset(team_minimum=4))
    assert isinstance(data, dict)
    data["team_minimum"] = value  # type: ignore[assignment]
    with pytest.raises(InvalidRecordError, match="expected a whole number") as info:
        from_data(data)
    assert info.value.path == "$.team_minimum"


@pytest.mark.parametrize("value", [-1, 14, 10**9, -(10**12)])
def test_a_version_3_team_minimum_is_from_0_to_13(value: int) -> None:
    """Rule: rule-team-minimum."""
    data = to_data(Ruleset())
    assert isinstance(data, dict)
    for good in range(14):
        data["team_minimum"] = good
        assert from_data(data, Ruleset).team_minimum == good
    data["team_minimum"] = value
    with pytest.raises(InvalidRecordError) as info:
        from_data(data)
    assert info.value.path == "$.team_minimum"


@pytest.mark.parametrize(
    ("rules", "name", "value", "words", "path"),
    [
        (CLASSIC, "zero_contract", True, "zero_contract needs nil=False", "$"),
        (TWO_HANDED, "team_minimum", 1, "team_minimum must be 0", "$"),
        (Ruleset(nil=False), "nil_pass", 2, "it needs nil=True", "$.nil_pass"),
        (TWO_HANDED, "nil_pass", 2, "nil_pass must be 0", "$"),
        (CLASSIC, "double_nil_timing", "after_first_choice", "two-player", "$.double_nil_timing"),
        (TWO_HANDED, "bidding", "suicide", "it needs four players", "$"),
        (Ruleset(nil=False), "bidding", "suicide", "it needs nil=True", "$"),
        (Ruleset(blind_nil=True), "bidding", "suicide", "no blind nil", "$"),
        (Ruleset(team_minimum=4), "bidding", "suicide", "team_minimum must be 0", "$"),
        (TWO_HANDED, "blind_bid_minimum", 6, "blind_bid_minimum must be 0", "$"),
        (Ruleset(bidding=Bidding.WHIZ), "blind_bid_minimum", 6, "no blind bids", "$"),
        (CLASSIC, "blind_bid_minimum", 14, "from 0 to 13", "$.blind_bid_minimum"),
        (CLASSIC, "blind_bid_minimum", None, "not null", "$.blind_bid_minimum"),
        (CLASSIC, "blind_bid_deficit", -1, "at least 0", "$.blind_bid_deficit"),
        (CLASSIC, "blind_bid_deficit", "100", "not a string", "$.blind_bid_deficit"),
    ],
)
def test_a_version_3_ruleset_whose_new_fields_do_not_combine_is_refused(
    rules: Ruleset, name: str, value: object, words: str, path: str
) -> None:
    """A zero contract needs nil off; a team minimum and a nil pass four players, a nil
    pass nil too; double nil's timing is two players'; Suicide four players, nil, no blind
    nil and no team minimum; blind numbers four players and open bidding, from 0 to 13,
    their deficit a whole number from 0 or null.

    Rules: reading-zero-bid, rule-team-minimum.
    Rules: rule-card-pass, reading-double-nil-timing.
    Rule: rule-suicide.
    Rule: rule-blind-bids.
    """
    data = to_data(rules)
    assert isinstance(data, dict)
    from_data(data)
    data[name] = value  # type: ignore[assignment]
    with pytest.raises(InvalidRecordError, match=words) as info:
        from_data(data)
    assert info.value.path == path


@given(rulesets())
def test_every_ruleset_of_version_3_round_trips_and_reads_as_version_2_with_defaults(
    rules: Ruleset,
) -> None:
    """Every value round trips; without the new fields, as version 2 data, the ruleset
    reads back with their defaults (and a pass of at most 3 cards).

    Rules: reading-spades-lead, reading-zero-bid.
    Rules: rule-team-minimum, rule-ten-for-two-hundred.
    Rules: reading-card-pass, reading-double-nil-timing.
    Rule: rule-suicide.
    Rule: rule-blind-bids.
    Rule: rule-decks.
    Rule: rule-solo.
    Rule: rule-three-players.
    """
    data = to_data(rules)
    assert isinstance(data, dict)
    assert data["version"] == 3
    assert data["spades_lead"] == LEADS[rules.spades_lead]
    assert data["zero_contract"] is rules.zero_contract
    assert data["team_minimum"] == rules.team_minimum
    assert data["ten_for_two_hundred"] is rules.ten_for_two_hundred
    assert data["nil_pass"] == rules.nil_pass
    assert data["blind_nil_pass"] == rules.blind_nil_pass
    assert data["double_nil_timing"] == rules.double_nil_timing.value
    assert data["bidding"] == rules.bidding.value
    assert data["blind_bid_minimum"] == rules.blind_bid_minimum
    assert data["blind_bid_deficit"] == rules.blind_bid_deficit
    assert data["deck"] == rules.deck.value
    assert from_data(json.loads(json.dumps(data))) == rules
    older = {name: value for name, value in data.items() if name not in NEW_IN_3}
    older["blind_nil_pass"] = min(rules.blind_nil_pass, 3)
    if rules.players == 3:  # three players came with version 3 (rule-three-players)
        with pytest.raises(InvalidRecordError, match="came with version 3") as info:
            from_data({**older, "version": 2})
        assert info.value.path == "$.players"
        return
    assert from_data({**older, "version": 2}) == attrs.evolve(
        rules,
        solo=False,
        zero_contract=False,
        nil_pass=0,
        blind_nil_pass=min(rules.blind_nil_pass, 3),
        double_nil_timing=DoubleNilTiming.BEFORE_FIRST_CHOICE,
        deck=Deck.STANDARD,
        team_minimum=0,
        bidding=Bidding.OPEN,
        blind_bid_minimum=0,
        blind_bid_deficit=100,
        spades_lead=SpadesLead.BROKEN,
        ten_for_two_hundred=False,
    )


@pytest.mark.parametrize("lead", list(SpadesLead), ids=lambda lead: lead.value)
def test_a_record_state_and_view_round_trip_under_every_spades_lead(lead: SpadesLead) -> None:
    """The version 2 game, replayed under each value (its moves stay legal: each value
    opens spades no later than "broken").

    Rule: reading-spades-lead.
    """
    old = loads(text_of("record-v2-four.json"))
    rules = attrs.evolve(old.rules, spades_lead=lead)
    record = GameRecord.from_moves(rules, old.moves, seed=old.seed, dealer=old.dealer)
    assert loads(dumps(record)) == record
    assert json.loads(dumps(record))["rules"]["spades_lead"] == LEADS[lead]
    state = record.final_state
    assert from_data(to_data(state)) == state
    assert state.to_move is not None
    view = observe(state, state.to_move)
    assert from_data(to_data(view)) == view


def test_a_round_score_is_alike_in_every_version() -> None:
    """A round score holds no ruleset: version 3 writes it as version 2 did."""
    score = loads(text_of("record-v2-four.json")).final_state.rounds[0]
    data = to_data(score)
    assert isinstance(data, dict)
    for version in READABLE_VERSIONS:
        assert from_data({**data, "version": version}, RoundScore) == score


# --- every version: numbers that every parser reads -------------------------------------------


@given(states(max_moves=150))
def test_every_number_the_library_writes_is_one_every_parser_reads(state: State) -> None:
    """States, their views and their records hold no number beyond 2**53 - 1."""
    written = [to_data(state), *(to_data(observe(state, seat)) for seat in range(len(state.hands)))]
    for data in written:
        assert all(-SAFE <= number <= SAFE for number in numbers_in(data))
        assert type(data) is dict
    state_data = written[0]
    assert isinstance(state_data, dict)
    assert state_data["seed"] == str(state.seed)


@given(st.integers(0, 2**128 - 1))
def test_every_seed_is_written_as_its_decimal_text(seed: int) -> None:
    record = GameRecord.from_moves(loads(text_of("record-v1-four.json")).rules, [], seed=seed)
    data = json.loads(dumps(record))
    assert data["seed"] == str(seed)
    assert loads(dumps(record)).seed == seed
    assert all(-SAFE <= number <= SAFE for number in numbers_in(data))
