"""OpenSpiel's parameter ``rules``: a ruleset as a preset's name and the fields it changes."""

from __future__ import annotations

import json
from typing import Any, Final

from spades._errors import InvalidRecordError, SpadesError, shown
from spades._rules import PRESETS, Ruleset, find_ruleset
from spades.records import VERSION, from_data, to_data

__all__ = ["VALUE_LIMIT", "ruleset_of_text", "ruleset_text"]

VALUE_LIMIT: Final = 40
"""The most characters of a field's value in the text. Every value a ruleset has is
shorter (a number of at most ten digits and a sign, a name, ``true``, ``null``), and a
value this short can neither nest deep enough to exhaust JSON's recursion nor hold a
number too long for Python to read."""


def ruleset_text(rules: Ruleset) -> str:
    """``rules`` as the game's parameter ``rules``: the nearest preset, and what differs.

    >>> from spades import Ruleset
    >>> ruleset_text(Ruleset(blind_nil=True, target=300))
    'classic;blind_nil:true;target:300'
    >>> ruleset_of_text("classic;blind_nil:true;target:300") == Ruleset(blind_nil=True, target=300)
    True
    """
    if not isinstance(rules, Ruleset):
        raise TypeError(f"ruleset_text takes a Ruleset, not {type(rules).__name__}")
    data = ruleset_data(rules)
    changes = {
        name: [key for key, value in data.items() if ruleset_data(preset)[key] != value]
        for name, preset in PRESETS.items()
    }
    name = min(changes, key=lambda name: len(changes[name]))  # the first of the nearest
    return ";".join([name, *(f"{key}:{_value_text(data[key])}" for key in changes[name])])


def ruleset_data(rules: Ruleset) -> dict[str, Any]:
    """The fields of ``rules`` as a record has them, without the record's type and version."""
    data = to_data(rules)
    assert isinstance(data, dict), "a ruleset's data is a dict"
    return {key: value for key, value in data.items() if key not in {"type", "version"}}


def _value_text(value: object) -> str:
    """A field's value in `ruleset_text`: JSON, but a name (an enum's) without quotes."""
    return value if isinstance(value, str) else json.dumps(value)


def ruleset_of_text(text: object) -> Ruleset:
    """The ruleset the parameter ``rules`` names: a preset, and changes to its fields.

    Each field is changed at most once (as a record gives each key once), and each value
    is at most `VALUE_LIMIT` characters; anything else is a `SpadesError`. A name's value
    (an enum's) needs no quotes.

    >>> ruleset_of_text("classic;nil_pass:3").nil_pass
    3
    >>> ruleset_of_text("two-handed;double_nil_timing:after_first_choice").double_nil_timing
    <DoubleNilTiming.AFTER_FIRST_CHOICE: 'after_first_choice'>
    """
    if not isinstance(text, str):
        raise TypeError(f"rules is a preset's name, not {shown(text)}")
    name, *changes = text.split(";")
    rules = find_ruleset(name)
    if not changes:
        return rules
    data = ruleset_data(rules)
    changed: set[str] = set()
    for change in changes:
        key, colon, value = (part.strip() for part in change.partition(":"))
        if not colon or key not in data:
            raise SpadesError(
                f"{shown(change)} in {shown(text)} is no change of a field, 'name:value'"
            )
        if key in changed:
            raise SpadesError(f"{key} is given twice in {shown(text)}: change a field once")
        changed.add(key)
        if len(value) > VALUE_LIMIT:
            raise SpadesError(
                f"the value of {key} is {len(value):,} characters long, "
                f"and a field's value is at most {VALUE_LIMIT} characters: {shown(value)}"
            )
        try:
            data[key] = json.loads(value)
        except ValueError:
            data[key] = value
    try:
        return from_data({"type": "ruleset", "version": VERSION, **data}, Ruleset)
    except InvalidRecordError as error:  # the field's path within the parameter
        raise InvalidRecordError("rules" + error.path.removeprefix("$"), error.problem) from None
