"""A ruleset as one line of text: a preset's name, then the fields it changes.

``"classic;bidding:whiz;target:300"`` is `CLASSIC` with Whiz bidding, played to 300. The
command line's ``--rules`` and OpenSpiel's parameter ``rules`` read this text (a game
string of OpenSpiel allows no comma or ``=`` in a value, hence neither JSON nor commas).
"""

from __future__ import annotations

import json
from typing import Final

import attrs

from spades._decks import Deck
from spades._errors import InvalidRecordError, NotationError, SpadesError, shown
from spades._rules import PRESETS, Ruleset, find_ruleset
from spades.records._plain import VERSION, Data, ruleset_data, ruleset_from

__all__ = ["VALUE_LIMIT", "ruleset_from_text", "ruleset_text"]

VALUE_LIMIT: Final = 40
"""The most characters of a field's value in the text. Every value a ruleset has is
shorter (a number of at most ten digits and a sign, a name, ``true``, ``null``), and a
value this short can neither nest deep enough to exhaust JSON's recursion nor hold a
number too long for Python to read."""


def ruleset_text(rules: Ruleset) -> str:
    """``rules`` as text: the nearest preset, and what differs.

    The preset is one of its deck or the standard deck, the first of the nearest: so a
    ruleset of the standard deck is written from a source's preset, and one of a joker
    deck from an app's when that is nearer.

    >>> from spades import Ruleset
    >>> ruleset_text(Ruleset(blind_nil=True, target=300))
    'classic;blind_nil:true;target:300'
    >>> ruleset_from_text("classic;blind_nil:true;target:300") == Ruleset(
    ...     blind_nil=True, target=300
    ... )
    True
    """
    if not isinstance(rules, Ruleset):
        raise TypeError(f"ruleset_text takes a Ruleset, not {type(rules).__name__}")
    data = ruleset_data(rules)
    changes = {
        name: _changes(name, data)
        for name, preset in PRESETS.items()
        if preset.deck in (rules.deck, Deck.STANDARD)
    }
    name = min(changes, key=lambda name: len(changes[name]))  # the first of the nearest
    return _text(name, changes[name], data)


def _text(name: str, keys: list[str], data: dict[str, Data]) -> str:
    return ";".join([name, *(f"{key}:{_value_text(data[key])}" for key in keys)])


def _changes(name: str, data: dict[str, Data]) -> list[str]:
    """The fields the text of ``data`` from the preset ``name`` names.

    Those that differ, but a field of `_FOLLOWING` only where reading the others does not
    give its value.

    Where the others alone are refused (a following default clashes with them: two
    players' double nil without nil), every field that differs is named, and failing
    that every following field too.
    """
    preset = ruleset_data(PRESETS[name])
    keys = [key for key, value in data.items() if preset[key] != value]
    leading = [key for key in keys if key not in _FOLLOWING]
    for named in (leading, keys):
        try:
            read = ruleset_data(ruleset_from_text(_text(name, named, data)))
        except InvalidRecordError:
            continue
        return [key for key in data if key in named or read[key] != data[key]]
    return [key for key in data if key in keys or key in _FOLLOWING]


_FOLLOWING: Final = tuple(
    field.name
    for field in attrs.fields(Ruleset)
    if getattr(field.default, "takes_self", False)  # an attrs.Factory reading the ruleset
)
"""The fields whose default follows the number of players or solo (a two-player nil's tricks
are bags; solo has no blind nil pass): a text that changes those, and not these, reads
these afresh where the preset held their default (ref-rules-text)."""


def _follow(preset: Ruleset, data: dict[str, Data], changed: set[str]) -> None:
    """Read the fields that follow the players and solo afresh, where the text leaves them.

    Each field of `_FOLLOWING` the text does not name, and the preset holds at its
    default, takes the default of the players and solo of ``data``. A value the ruleset
    refuses is left for its reader to report; solo beside two players, by the players'.
    """
    players = data["players"]
    try:
        after = Ruleset(players=players, solo=data["solo"] is True)  # type: ignore[arg-type]
    except SpadesError:
        try:
            after = Ruleset(players=players)  # type: ignore[arg-type]
        except (SpadesError, TypeError):
            return
    before = Ruleset(players=preset.players, solo=preset.solo)
    defaults = ruleset_data(after)
    for name in _FOLLOWING:
        if name not in changed and getattr(preset, name) == getattr(before, name):
            data[name] = defaults[name]


def _value_text(value: Data) -> str:
    """A field's value in `ruleset_text`: JSON, but a name (an enum's) without quotes."""
    return value if isinstance(value, str) else json.dumps(value)


def ruleset_from_text(text: object) -> Ruleset:
    """The ruleset ``text`` names: a preset (as `find_ruleset` reads it), then its changes.

    Each change is ``;field:value``, the value written as a record writes the field
    (`spades.records.to_data`), a name (an enum's) without quotes. Each field is changed at
    most once, as a record gives each key once, and each value is at most `VALUE_LIMIT`
    characters. A text of another shape is a
    `NotationError`; a value the field does not take, or a combination the rules refuse, an
    `InvalidRecordError` at the field's path (``rules.target``).

    >>> ruleset_from_text("classic;nil_pass:3").nil_pass
    3
    >>> ruleset_from_text("two-handed;double_nil_timing:after_first_choice").double_nil_timing
    <DoubleNilTiming.AFTER_FIRST_CHOICE: 'after_first_choice'>
    >>> ruleset_from_text("classic;target:0")
    Traceback (most recent call last):
    ...
    spades.InvalidRecordError: rules.target: target must be at least 1, not 0
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
            raise NotationError(
                f"{shown(change)} in {shown(text)} is no change of a field, 'name:value'"
            )
        if key in changed:
            raise NotationError(f"{key} is given twice in {shown(text)}: change a field once")
        changed.add(key)
        if len(value) > VALUE_LIMIT:
            raise NotationError(
                f"the value of {key} is {len(value):,} characters long, "
                f"and a field's value is at most {VALUE_LIMIT} characters: {shown(value)}"
            )
        try:
            data[key] = json.loads(value)
        except ValueError:
            data[key] = value
    _follow(rules, data, changed)
    try:
        return ruleset_from(data, "$", VERSION)
    except InvalidRecordError as error:  # the field's path within the text
        raise InvalidRecordError("rules" + error.path.removeprefix("$"), error.problem) from None
