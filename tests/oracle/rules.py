"""Rulesets as plain dictionaries: the fields of the record format and the three presets.

The presets follow the sources as docs/rules.md states them (ref-rulesets): ``CLASSIC``
is source A, ``MINIOKEY`` (and ``MINIOKEY_250``) source B and ``TWO_HANDED`` source C.
"""

from __future__ import annotations

from typing import Any

from oracle.cards import hand_size

Rules = dict[str, Any]
"""A ruleset: every field of `RULESET_FIELDS`, with JSON values."""

RULESET_ORDER = (
    "players",
    "deck",
    "solo",
    "direction",
    "nil",
    "zero_contract",
    "nil_value",
    "nil_tricks",
    "blind_nil",
    "blind_nil_value",
    "blind_nil_deficit",
    "nil_pass",
    "blind_nil_pass",
    "blind_nil_exchange",
    "double_nil_timing",
    "team_minimum",
    "bidding",
    "blind_bid_minimum",
    "blind_bid_deficit",
    "spades_lead",
    "bag_limit",
    "bag_penalty",
    "bag_overflow",
    "ten_for_two_hundred",
    "target",
    "losing_floor",
    "round_cap",
)
"""The fields of a ruleset, in the order of docs/porting.md (porting-rulesets)."""
RULESET_FIELDS = frozenset(RULESET_ORDER)
"""The fields of a ruleset."""
SINCE = {
    "deck": 3,
    "solo": 3,
    "zero_contract": 3,
    "nil_pass": 3,
    "double_nil_timing": 3,
    "team_minimum": 3,
    "bidding": 3,
    "blind_bid_minimum": 3,
    "blind_bid_deficit": 3,
    "spades_lead": 3,
    "ten_for_two_hundred": 3,
}
"""The data format's version each field came with, for those that did not come with 1
(porting-versions): data of an older version holds no such field."""
WIDENED = {"blind_nil_pass": (3, 3)}
"""Fields whose range grew (porting-versions): the version that widened it, and the most
data of an older version may hold (a blind nil pass of 4 cards came with version 3)."""

CLASSIC: Rules = {
    "players": 4,
    "deck": "standard",
    "solo": False,
    "direction": "clockwise",
    "nil": True,
    "zero_contract": False,
    "nil_value": 100,
    "nil_tricks": "count",
    "blind_nil": False,
    "blind_nil_value": 200,
    "blind_nil_deficit": 100,
    "nil_pass": 0,
    "blind_nil_pass": 2,
    "blind_nil_exchange": 0,
    "double_nil_timing": "before_first_choice",
    "team_minimum": 0,
    "bidding": "open",
    "blind_bid_minimum": 0,
    "blind_bid_deficit": 100,
    "spades_lead": "broken",
    "bag_limit": 10,
    "bag_penalty": 100,
    "bag_overflow": "reset",
    "ten_for_two_hundred": False,
    "target": 500,
    "losing_floor": None,
    "round_cap": None,
}
"""Source A: classic partnership Spades."""
MINIOKEY: Rules = CLASSIC | {
    "direction": "counterclockwise",
    "nil_tricks": "bags",
    "bag_overflow": "carry",
    "losing_floor": -200,
    "round_cap": 25,
}
"""Source B: the online platform's rules."""
MINIOKEY_250: Rules = MINIOKEY | {"target": 250}
"""Source B at the table's other target, 250."""
TWO_HANDED: Rules = CLASSIC | {
    "players": 2,
    "nil_tricks": "bags",
    "blind_nil": True,
    "blind_nil_deficit": None,
    "blind_nil_pass": 0,
    "blind_nil_exchange": 3,
    "bag_overflow": "carry",
}
"""Source C: two-player Spades, with double nil and its exchange."""
TRICKSTER_JJA: Rules = CLASSIC | {
    "deck": "joker_joker_ace",
    "nil": False,
    "zero_contract": True,
    "team_minimum": 4,
    "spades_lead": "any_time",
    "bag_penalty": 0,
    "ten_for_two_hundred": True,
    "target": 350,
    "losing_floor": -200,
}
"""Trickster's table "Joker-Joker-Ace to 350/-200, min bid 4, 10-for-200, no Nil, no bags,
lead spades anytime" (ref-presets-apps)."""
TRICKSTER_JJDD: Rules = CLASSIC | {
    "deck": "joker_joker_deuce_deuce",
    "nil": False,
    "zero_contract": True,
    "team_minimum": 4,
    "blind_bid_minimum": 6,
    "blind_bid_deficit": 250,
    "ten_for_two_hundred": True,
}
"""Trickster's table "Joker-Joker-Deuce-Deuce to 500, min bid 4, 10-for-200, no Nil, Blind 6+
if losing by 250", without its first hand's rule (ref-presets-apps)."""
PRESETS: dict[str, Rules] = {
    "classic": CLASSIC,
    "miniokey": MINIOKEY,
    "miniokey-250": MINIOKEY_250,
    "two-handed": TWO_HANDED,
    "trickster-jja": TRICKSTER_JJA,
    "trickster-jjdd": TRICKSTER_JJDD,
}
SOURCES = ("classic", "miniokey", "miniokey-250", "two-handed")
"""The presets of the three sources, the others being an app's tables (ref-presets-apps)."""
"""The presets by name, as `spades.find_ruleset` knows them."""


def fields_of(version: int) -> tuple[str, ...]:
    """The fields of a ruleset in data of ``version``, in order."""
    return tuple(name for name in RULESET_ORDER if SINCE.get(name, 1) <= version)


def version_problem(rules: Rules, version: int) -> str | None:
    """What ``version`` data may not hold in ``rules``: a number past its older range."""
    for name, (since, most) in WIDENED.items():
        if version < since and name in rules and rules[name] > most:
            return f"{name} {rules[name]} in data of version {version}: at most {most}"
    return None


def as_current(rules: Rules, version: int) -> Rules:
    """A ruleset of ``version`` data with the fields that came later, at the sources' values.

    Data of version 2 or older plays the standard deck (rule-decks) in two partnerships
    when four play (not solo, rule-solo), leads spades once they are broken
    (porting-lead), has no
    zero contract, no team minimum, no 10-for-200, no blind numbers and no pass for a
    plain nil, bids freely ("open", not Suicide), and declares double nil before the first
    draw choice.
    """
    later = {name: CLASSIC[name] for name in RULESET_ORDER if name not in fields_of(version)}
    return {name: (rules | later)[name] for name in RULESET_ORDER}


def bidding_problem(rules: Rules) -> str | None:
    """Why ``rules`` may not have its ``bidding``, or None (rule-suicide, rule-whiz,
    rule-mirror).

    Suicide, Whiz and Mirror are played by four players, without blind nil, blind numbers
    (rule-blind-bids) or a team minimum; Whiz and Mirror by three too, Suicide, which is a
    partnership's, not (rule-three-players). Suicide needs nil; Whiz and Mirror need a bid
    of zero, nil or a zero contract.
    """
    mode = rules["bidding"]
    if mode == "open":
        return None
    if rules["players"] == 2:
        return f"{mode} needs three or four players"
    if mode == "suicide" and rules["players"] != 4:
        return "suicide needs four players"
    if rules["blind_nil"]:
        return f"{mode} has no blind nil"
    if rules["blind_bid_minimum"]:
        return f"{mode} has no blind bids"
    if rules["team_minimum"]:
        return f"{mode} has no team minimum"
    if mode == "suicide" and not rules["nil"]:
        return "suicide needs nil"
    if not rules["nil"] and not rules["zero_contract"]:
        return f"{mode} needs nil or a zero contract"
    return None


def blind_bid_problem(rules: Rules) -> str | None:
    """Why ``rules`` may not have blind numbers, or None (rule-blind-bids).

    A ``blind_bid_minimum`` of 0 has none. Blind numbers are bid by four players and by
    three (rule-three-players; two see their cards as they draw them), under open bidding
    (Suicide, Whiz and Mirror have no blind bids), up to the cards of a hand. With
    10-for-200 they combine: each trick bid blind adds ten on top of the contract's worth
    (reading-blind-ten-for-two-hundred).
    """
    if not rules["blind_bid_minimum"]:
        return None
    if rules["players"] == 2:
        return "blind numbers need three or four players"
    if rules["blind_bid_minimum"] > hand_size(rules):
        return "a blind number is at most the cards of a hand"
    if rules["bidding"] != "open":
        return f"{rules['bidding']} has no blind bids"
    return None


def solo_problem(rules: Rules) -> str | None:
    """Why ``rules`` may not be played ``solo``, or None (rule-solo).

    Solo is four players' switch (two and three already play each on her own). What needs
    a partner is refused: a team minimum, a card pass after a nil, a card pass after a blind nil
    (with blind nil on: otherwise no blind nil is bid and its pass's size is idle), and
    Suicide.
    """
    if not rules["solo"]:
        return None
    if rules["players"] != 4:
        return "solo needs four players"
    if rules["team_minimum"]:
        return "solo has no team minimum"
    if rules["nil_pass"]:
        return "solo has no nil pass"
    if rules["blind_nil"] and rules["blind_nil_pass"]:
        return "solo has no blind nil pass"
    if rules["bidding"] == "suicide":
        return "solo has no suicide"
    return None


def three_players_problem(rules: Rules) -> str | None:
    """Why three players may not play ``rules``, or None (rule-three-players).

    Three players each play on her own: what needs a partner is refused, as for solo (a
    team minimum, a card pass after a nil, a card pass after a blind nil when blind nil is
    on, Suicide), and so is ``solo`` itself; the two-player switches (the double nil
    exchange and its timing) are refused as with four.
    """
    if rules["players"] != 3:
        return None
    if rules["solo"]:
        return "three players are not solo: solo is four players' switch"
    if rules["team_minimum"]:
        return "three players have no team minimum"
    if rules["nil_pass"]:
        return "three players have no nil pass"
    if rules["blind_nil"] and rules["blind_nil_pass"]:
        return "three players have no blind nil pass"
    if rules["bidding"] == "suicide":
        return "three players have no suicide"
    if rules["blind_nil_exchange"]:
        return "three players have no double nil exchange"
    if rules["double_nil_timing"] != "before_first_choice":
        return "three players have no double nil timing"
    return None
