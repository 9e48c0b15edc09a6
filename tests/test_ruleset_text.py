"""A ruleset as one line of text, and the presets of an app's tables.

`spades.records.ruleset_from_text` reads ``preset;field:value;...`` (the command line's
``--rules``, OpenSpiel's ``rules``) and `ruleset_text` writes it; the presets
``trickster-jja`` and ``trickster-jjdd`` are the tables of two public Trickster Cards records.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import attrs
import pytest
from hypothesis import given

from spades import (
    PRESETS,
    Bidding,
    Deck,
    InvalidRecordError,
    NotationError,
    Ruleset,
    find_ruleset,
    strategies,
)
from spades.records import (
    VALUE_LIMIT,
    read_ptn,
    rules_from_options,
    ruleset_from_text,
    ruleset_text,
)

TRICKSTER = Path(__file__).parent / "data" / "trickster"


def _options(name: str) -> dict[str, object]:
    """The GameOptionsJson of a real export, its quotes escaped or not."""
    text = (TRICKSTER / name).read_text()
    (value,) = re.findall(r'^\[GameOptionsJson "(.*)"\]$', text, re.MULTILINE)
    options = json.loads(value.replace('\\"', '"'))
    assert isinstance(options, dict)
    return options


@pytest.mark.parametrize(
    ("preset", "export"),
    [("trickster-jja", "issue-231-head.ptn"), ("trickster-jjdd", "issue-335.ptn")],
)
def test_a_trickster_preset_is_the_table_its_public_record_states(preset: str, export: str) -> None:
    """Each app preset is what the options of its source record read to (TricksterBots
    issues 231 and 335), and no other preset.

    Rule: ref-presets-apps.
    """
    rules, unknown = rules_from_options(_options(export))
    assert PRESETS[preset] == rules
    assert [name for name, other in PRESETS.items() if other == rules] == [preset]
    assert set(unknown) <= {"firstHandBidsItself"}


def test_the_deuce_table_s_record_replays_under_its_preset() -> None:
    """Issue 335's hand is a hand of the preset: it replays, under the preset's rules.

    Rule: ref-presets-apps.
    """
    (hand,) = read_ptn((TRICKSTER / "issue-335.ptn").read_text())
    assert hand.rules == PRESETS["trickster-jjdd"]
    assert dict(hand.unknown_options) == {"firstHandBidsItself": True}
    hand.replay()


def test_an_app_preset_is_found_by_its_name_in_any_spelling() -> None:
    """Its fields are held to the docs' table by the tests' oracle, as every preset's are
    (test_perft's test_reference_rules_are_the_presets reads tests/oracle/rules.py).

    Rule: ref-presets-apps.
    """
    assert find_ruleset("Trickster JJDD") is PRESETS["trickster-jjdd"]
    assert find_ruleset("trickster_jja") is PRESETS["trickster-jja"]


@given(strategies.rulesets())
def test_every_ruleset_reads_back_from_its_text(rules: Ruleset) -> None:
    """ruleset_text writes the nearest preset and the fields that differ; reading it gives
    the ruleset back.

    Rule: ref-rules-text.
    """
    text = ruleset_text(rules)
    assert ruleset_from_text(text) == rules
    name, *changes = text.split(";")
    preset = PRESETS[name]
    named = {change.split(":")[0] for change in changes}
    differing = {
        field.name
        for field in attrs.fields(Ruleset)
        if field.init and getattr(preset, field.name) != getattr(rules, field.name)
    }
    assert differing - FOLLOWING <= named <= differing | FOLLOWING


FOLLOWING = {"nil_tricks", "blind_nil", "blind_nil_deficit", "blind_nil_pass"}
FOLLOWING |= {"blind_nil_exchange", "bag_overflow"}
"""The fields whose default follows the players and solo (rule-solo, rule-two-players)."""


def test_a_field_following_the_players_or_solo_takes_their_default_unless_named() -> None:
    """A text that makes four play solo, or two play, reads the fields whose default
    follows them afresh where the preset held their default; named, they keep the value.

    Rule: ref-rules-text.
    """
    assert ruleset_from_text("classic;solo:true") == Ruleset(solo=True)
    assert ruleset_text(Ruleset(solo=True)) == "classic;solo:true"
    assert ruleset_from_text("classic;players:2") == Ruleset(players=2)
    kept = ruleset_from_text("classic;solo:true;blind_nil_pass:2")
    assert kept.blind_nil_pass == 2
    assert ruleset_text(kept) == "classic;solo:true;blind_nil_pass:2"
    assert ruleset_from_text("classic;solo:true;blind_nil:true").blind_nil_pass == 0
    off_default = Ruleset(blind_nil_deficit=50)  # not four players' default: kept
    assert ruleset_from_text(ruleset_text(off_default) + ";solo:true").blind_nil_deficit == 50
    assert ruleset_text(Ruleset(players=2, nil=False, blind_nil=False)) == (
        "two-handed;nil:false;blind_nil:false"  # nil alone would keep double nil: refused
    )


def test_three_players_read_from_the_text_with_their_following_fields() -> None:
    """``players:3`` reads the fields that follow the number of players afresh, as solo
    does: the blind nil pass of a partnership is 0, two-handed's nil tricks and double nil
    four players' (three, like four, have blind nil off by default); the text of a
    three-player ruleset names ``players`` and what else differs.

    Rules: ref-rules-text, rule-three-players.
    """
    three = Ruleset(players=3)
    assert ruleset_from_text("classic;players:3") == three
    assert ruleset_text(three) == "classic;players:3"
    assert ruleset_from_text("two-handed;players:3") == three
    miniokey = attrs.evolve(PRESETS["miniokey"], players=3, blind_nil_pass=0)
    assert ruleset_from_text("miniokey;players:3") == miniokey
    jokers = Ruleset(players=3, deck=Deck.JOKER_JOKER_DEUCE_DEUCE, blind_bid_minimum=18)
    assert (
        ruleset_text(jokers)
        == "classic;players:3;deck:joker_joker_deuce_deuce;blind_bid_minimum:18"
    )
    assert ruleset_from_text(ruleset_text(jokers)) == jokers
    blind = ruleset_from_text("classic;players:3;blind_nil:true")
    assert (blind.blind_nil, blind.blind_nil_pass, blind.sides) == (True, 0, 3)
    kept = ruleset_from_text("classic;players:3;blind_nil_pass:2")  # no blind nil: no effect
    assert kept.blind_nil_pass == 2
    assert ruleset_from_text(ruleset_text(kept)) == kept


@given(strategies.rulesets(players=3))
def test_every_three_player_ruleset_reads_back_from_its_text(rules: Ruleset) -> None:
    """Rules: ref-rules-text, rule-three-players."""
    text = ruleset_text(rules)
    assert ";players:3" in text
    assert ruleset_from_text(text) == rules


def test_a_preset_is_its_own_text_and_changes_read_in_any_spacing() -> None:
    """Rule: ref-rules-text."""
    assert [ruleset_text(rules) for rules in PRESETS.values()] == list(PRESETS)
    assert ruleset_from_text(" 2P ") == PRESETS["two-handed"]
    assert ruleset_from_text("classic; bidding : whiz ;target:300") == Ruleset(
        bidding=Bidding.WHIZ, target=300
    )
    assert ruleset_from_text("trickster-jjdd;blind_bid_deficit:null").blind_bid_deficit is None
    assert ruleset_text(Ruleset(deck=Deck.JOKER_JOKER_ACE)) == "classic;deck:joker_joker_ace"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("classics", "is not a ruleset name"),
        ("classic;target", "is no change of a field"),
        ("classic;colour:red", "is no change of a field"),
        ("classic;;target:300", "is no change of a field"),
        ("classic;target:300;target:400", "target is given twice"),
        ("classic;target:" + "1" * (VALUE_LIMIT + 1), f"at most {VALUE_LIMIT} characters"),
    ],
)
def test_text_of_another_shape_is_a_notation_error(text: str, message: str) -> None:
    """Rule: ref-rules-text."""
    with pytest.raises(NotationError, match=message):
        ruleset_from_text(text)


@pytest.mark.parametrize(
    ("text", "path", "message"),
    [
        ("classic;target:0", "rules.target", "at least 1"),
        ("classic;deck:tarot", "rules.deck", "tarot"),
        ("classic;nil:maybe", "rules.nil", "expected true or false"),
        ("classic;bidding:whiz;blind_nil:true", "rules", "has no blind nil"),
        ("trickster-jjdd;bidding:mirror", "rules", "has no blind bids"),
        ("classic;players:5", "rules.players", "must be 4 .*, 3 or 2"),
        ("classic;players:3;solo:true", "rules.solo", "two and three players always are"),
        ("trickster-jja;players:3", "rules.team_minimum", "three players have no partner"),
        ("classic;players:3;nil_pass:2", "rules.nil_pass", "three players have no partner"),
        ("classic;players:3;bidding:suicide", "rules.bidding", "three players have no partner"),
        ("classic;players:3;blind_bid_minimum:18", "rules.blind_bid_minimum", "from 0 to 17"),
        ('classic;players:"four"', "rules.players", "expected a whole number"),
        ("classic;solo:1", "rules.solo", "expected true or false"),
        ("classic;players:2;solo:true", "rules.solo", "two and three players always are, .*=2"),
    ],
)
def test_a_value_or_combination_the_rules_refuse_is_an_invalid_record_at_its_path(
    text: str, path: str, message: str
) -> None:
    """Rule: ref-rules-text."""
    with pytest.raises(InvalidRecordError, match=message) as caught:
        ruleset_from_text(text)
    assert caught.value.path == path


def test_ruleset_text_takes_a_ruleset_and_reading_takes_a_string() -> None:
    with pytest.raises(TypeError, match="ruleset_text takes a Ruleset"):
        ruleset_text("classic")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rules is a preset's name"):
        ruleset_from_text(b"classic")
