"""Plain data for the small values: cards, moves, rulesets, outcomes and tricks.

Plain data is what JSON can hold: dicts with string keys, lists, strings, whole numbers,
booleans and ``None``. Reading it is a trust boundary: every reader takes the ``path`` of
the value it reads (``$`` is the top, then ``.field`` and ``[index]``) and raises
`InvalidRecordError` with that path for anything that is not exactly right. A path is
printable ASCII whatever the data's names (`field_path`), and a message quotes a value
from the data only cut short and escaped.
"""

from __future__ import annotations

import enum
import re
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, NoReturn, TypeAlias, TypeVar

import attrs

from spades._cards import ALL_CARDS, Card
from spades._deal import SEED_LIMIT
from spades._decks import Deck
from spades._errors import InvalidRecordError, NotationError, SpadesError, quoted
from spades._history import Trick
from spades._moves import Bid, Move, parse_move
from spades._rules import (
    MAX_NUMBER,
    BagOverflow,
    Bidding,
    Direction,
    DoubleNilTiming,
    NilTricks,
    Ruleset,
    SpadesLead,
)
from spades._state import Outcome, Termination

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

__all__ = [
    "MAX_POINTS",
    "MAX_ROUNDS",
    "READABLE_VERSIONS",
    "VERSION",
    "Data",
    "card_list",
    "cards_data",
    "fail",
    "field_path",
    "integer",
    "items",
    "move_from",
    "record_fields",
    "ruleset_data",
    "ruleset_fields",
    "ruleset_from",
    "seed_data",
    "seed_from",
]

Data: TypeAlias = "dict[str, Data] | list[Data] | str | int | bool | None"
"""Plain, JSON-compatible data."""

VERSION = 3
"""The version of the data format that `to_data` writes."""

READABLE_VERSIONS = (1, 2, 3)
"""The versions `from_data` reads; data of any other version is refused.

Version 3 came with the ruleset fields of the rules people play beyond the three sources
(`ruleset_fields`: ``deck``, ``zero_contract``, ``nil_pass``, ``double_nil_timing``,
``team_minimum``, ``bidding``, ``spades_lead`` and ``ten_for_two_hundred``); data of an
older version holds none of them, and its rulesets take their defaults, the rules of the
sources. It came with passes of 4 cards too, an older ruleset's ``blind_nil_pass`` is at
most 3, and with three players (rule-three-players), an older ruleset's ``players`` 4 or
2.

Version 2 writes a seed as a decimal string, so that every number in the data is a JSON
number that any parser reads exactly (at most ``2**53 - 1`` in size); version 1 wrote it
as a number. Version 2 came with the first round's deck dealt by the same
BLAKE2b shuffle as the later rounds; data carries its decks and hands, so it reads the
same under either.
"""

MAX_ROUNDS = 1000
"""The most rounds a record, or the history of a state or view, may hold."""

MAX_POINTS = 10**15
"""The largest score, or part of one, that data may hold: far more than a thousand rounds
under rulesets whose numbers are at most a billion can make, and well inside the 64-bit
integers (and the doubles) of other languages."""

_E = TypeVar("_E", bound=enum.Enum)
_FAR = 10**12
"""Numbers from here on are far out of any range, and a message describes, not writes, them."""
_CARD_BY_TEXT = {str(card): card for card in ALL_CARDS}


def fail(path: str, message: str) -> NoReturn:
    """Raise `InvalidRecordError` for the value at ``path``."""
    raise InvalidRecordError(path, message)


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_ESCAPED = re.compile(r"[^ -&(-\[\]-~]")  # all but printable ASCII, the quote and the backslash
_ESCAPES = {char: "\\" + letter for char, letter in zip("\\'\b\f\n\r\t", "\\'bfnrt", strict=True)}


def field_path(path: str, name: str) -> str:
    r"""The path of the field ``name`` of the object at ``path``, always printable ASCII.

    An identifier follows a dot; any other name is quoted as RFC 9535 (JSONPath) writes a
    name: in single quotes, with ``\'``, ``\\``, ``\b``, ``\f``, ``\n``, ``\r`` and
    ``\t``, and every other character outside printable ASCII as ``\uXXXX`` (a character
    past ``U+FFFF`` as its two UTF-16 surrogates, as JSON writes it).

    >>> field_path("$.rules", "target"), field_path("$", "a\nb"), field_path("$", "\u202e")
    ('$.rules.target', "$['a\\nb']", "$['\\u202e']")
    """
    if _IDENTIFIER.fullmatch(name):
        return f"{path}.{name}"
    return f"{path}['{_ESCAPED.sub(_escape, name)}']"


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _ESCAPES:
        return _ESCAPES[char]
    code = ord(char)
    if code > 0xFFFF:
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def record_fields(data: object, path: str, fields: Sequence[str]) -> dict[str, Any]:
    """``data`` as a dict with exactly these ``fields``: none missing, none unknown.

    An unknown field is refused at its own path when its name is a string of at most 40
    characters that the path writes in at most 44 (`field_path`: a name with many escapes
    takes more), else at the object's.
    """
    if type(data) is not dict:
        fail(path, f"expected an object, not {_kind(data)}")
    for key in data:
        if key not in fields:
            named = type(key) is str and len(key) <= 40 and len(field_path("", key)) <= 44
            fail(field_path(path, key) if named else path, f"unknown field {_short(key)}")
    for field in fields:
        if field not in data:
            fail(path, f"missing field {field!r}")
    return data


def integer(data: object, path: str, low: int | None = None, high: int | None = None) -> int:
    """``data`` as a whole number from ``low`` to ``high`` (booleans are not numbers)."""
    if type(data) is not int:
        fail(path, f"expected a whole number, not {_kind(data)}")
    if (low is not None and data < low) or (high is not None and data > high):
        if high is None:
            bounds = f"at least {low}"
        elif low is None:
            bounds = f"at most {high}"
        else:
            bounds = f"from {low} to {high}"
        fail(path, f"expected a whole number {bounds}, not {_short(data)}")
    return data


_SEED_TEXT = re.compile(r"0|[1-9][0-9]{0,38}")


def seed_data(seed: int) -> str:
    """A seed as its decimal text, as versions 2 and later write it."""
    return str(seed)


def seed_from(data: object, path: str, version: int) -> int:
    """``data`` as a seed from 0 to ``2**128 - 1``: decimal text, or in version 1 a number."""
    if version == 1:
        return integer(data, path, 0, SEED_LIMIT - 1)
    if type(data) is not str or not _SEED_TEXT.fullmatch(data) or int(data) >= SEED_LIMIT:
        fail(
            path,
            "expected a seed from 0 to 2**128 - 1 as a string of decimal digits without "
            f'leading zeros, such as "7", not {_short(data)}',
        )
    return int(data)


def boolean(data: object, path: str) -> bool:
    """``data`` as ``true`` or ``false``."""
    if type(data) is not bool:
        fail(path, f"expected true or false, not {_kind(data)}")
    return data


def items(data: object, path: str, most: int, exactly: int | None = None) -> list[Any]:
    """``data`` as a list of at most ``most`` items, or of exactly ``exactly``."""
    if type(data) is not list:
        fail(path, f"expected a list, not {_kind(data)}")
    if exactly is not None and len(data) != exactly:
        fail(path, f"expected {exactly} items, not {len(data)}")
    if len(data) > most:
        fail(path, f"expected at most {most} items, not {len(data)}")
    return data


def seat(data: object, path: str, players: int) -> int:
    """``data`` as a seat from 0 to ``players - 1``."""
    return integer(data, path, 0, players - 1)


def optional_seat(data: object, path: str, players: int) -> int | None:
    """``data`` as a seat, or ``None``."""
    return None if data is None else seat(data, path, players)


def enum_value(data: object, path: str, kind: type[_E]) -> _E:
    """``data`` as a member of ``kind``, by its name in lower case."""
    names = {member.name.lower(): member for member in kind}
    if type(data) is not str or data not in names:
        fail(path, f"expected one of {', '.join(map(repr, names))}, not {_short(data)}")
    return names[data]


def enum_data(member: enum.Enum) -> str:
    """The name of ``member`` in lower case, as `enum_value` reads it."""
    return member.name.lower()


def card_from(data: object, path: str) -> Card:
    """``data`` as a card in its canonical text (``TH``, a joker ``LJ`` or ``BJ``).

    Rank then suit, upper case; whether the deck holds the card, the reader checks
    (rule-decks).
    """
    if type(data) is not str or data not in _CARD_BY_TEXT:
        fail(path, f"expected a card like 'AS', 'TH' or 'BJ', not {_short(data)}")
    return _CARD_BY_TEXT[data]


def optional_card(data: object, path: str) -> Card | None:
    """``data`` as a card, or ``None``."""
    return None if data is None else card_from(data, path)


def card_list(
    data: object, path: str, most: int = 52, *, ordered: bool = False
) -> tuple[Card, ...]:
    """``data`` as a list of distinct cards; with ``ordered``, in the library's order."""
    cards = tuple(
        card_from(item, f"{path}[{index}]") for index, item in enumerate(items(data, path, most))
    )
    seen: set[Card] = set()
    for index, card in enumerate(cards):
        if card in seen:
            fail(f"{path}[{index}]", f"{card} appears twice in the list")
        seen.add(card)
        if ordered and index and cards[index - 1] > card:
            fail(f"{path}[{index}]", "cards of a hand are listed in the library's order")
    return cards


def cards_data(cards: Sequence[Card]) -> list[Data]:
    """Cards as their texts."""
    return [str(card) for card in cards]


def move_from(data: object, path: str) -> Move:
    """``data`` as a move in its canonical text (``str(move)``)."""
    if type(data) is not str or len(data) > 200:
        fail(path, f"expected a move like 'bid 3' or 'play AS', not {_short(data)}")
    try:
        move = parse_move(data)
    except (NotationError, SpadesError) as error:
        fail(path, str(error))
    if str(move) != data:
        fail(path, f"expected the move's canonical text {str(move)!r}, not {quoted(data)}")
    return move


def bid_from(data: object, path: str, most: int = 13) -> Bid:
    """``data`` as a bid of 0 to ``most`` in its move text (``bid 3``, ``bid nil``).

    ``most`` is the cards of a hand (`Ruleset.hand_size`): 13, or 17 or 18 with three
    players (rule-three-players).
    """
    move = move_from(data, path)
    if not isinstance(move, Bid):
        fail(path, f"expected a bid, not {quoted(str(move))}")
    if not 0 <= move.n <= most:
        fail(path, f"a bid is a number of tricks from 0 to {most}, not {move.n}")
    return move


def optional_bid(data: object, path: str, most: int = 13) -> Bid | None:
    """``data`` as a bid of 0 to ``most``, or ``None`` for a seat that has not bid."""
    return None if data is None else bid_from(data, path, most)


# --- rulesets -----------------------------------------------------------------------------

RULESET_FIELDS = tuple(field.name for field in attrs.fields(Ruleset) if field.init)
"""The fields of a ruleset in data of the current version, in `Ruleset`'s order."""
_SINCE: Final[Mapping[str, int]] = MappingProxyType(
    {
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
)
"""The version each ruleset field came with, for the fields that did not come with 1."""
_WIDENED: Final[Mapping[str, tuple[int, int]]] = MappingProxyType({"blind_nil_pass": (3, 3)})
"""Ruleset numbers whose range grew: the version that widened it, and the most before it."""
_NEW_VALUES: Final[Mapping[str, tuple[int, int, str]]] = MappingProxyType(
    {"players": (3, 3, "4 or 2")}  # rule-three-players
)
"""Ruleset values that came later: the value, the version it came with, what came before."""
_FLAGS = frozenset({"solo", "nil", "zero_contract", "blind_nil", "ten_for_two_hundred"})
_OPTIONAL = frozenset({"blind_nil_deficit", "blind_bid_deficit", "losing_floor", "round_cap"})
_ENUMS: dict[str, type[enum.Enum]] = {
    "deck": Deck,
    "direction": Direction,
    "nil_tricks": NilTricks,
    "spades_lead": SpadesLead,
    "double_nil_timing": DoubleNilTiming,
    "bidding": Bidding,
    "bag_overflow": BagOverflow,
}


def ruleset_fields(version: int) -> tuple[str, ...]:
    r"""The fields a ruleset holds in data of ``version`` (one of `READABLE_VERSIONS`).

    >>> print(*(name for name in ruleset_fields(3) if name not in ruleset_fields(2)), sep="\n")
    deck
    solo
    zero_contract
    nil_pass
    double_nil_timing
    team_minimum
    bidding
    blind_bid_minimum
    blind_bid_deficit
    spades_lead
    ten_for_two_hundred
    """
    return tuple(name for name in RULESET_FIELDS if _SINCE.get(name, 1) <= version)


def ruleset_data(rules: Ruleset) -> dict[str, Data]:
    """Every field of ``rules``, enums by name in lower case."""
    data: dict[str, Data] = {}
    for name in RULESET_FIELDS:
        value = getattr(rules, name)
        data[name] = enum_data(value) if name in _ENUMS else value
    return data


def ruleset_from(data: object, path: str, version: int) -> Ruleset:
    """``data`` as a ruleset: every field of ``version`` given, and the combination valid.

    Data of an older version holds no field that came after it: such a field is refused
    at its path as unknown, and the ruleset takes the field's default. Nor does it hold a
    number beyond its version's range (`_WIDENED`: a ``blind_nil_pass`` of 4).

    >>> data = ruleset_data(Ruleset(team_minimum=4, spades_lead=SpadesLead.ANY_TIME))
    >>> ruleset_from(data, "$", 3).team_minimum
    4
    >>> try:
    ...     ruleset_from(data, "$.rules", 2)
    ... except InvalidRecordError as error:
    ...     print(error.path)
    ...     print(error.problem)
    $.rules.deck
    unknown field 'deck' in data of version 2 (it came with version 3)
    >>> older = {name: data[name] for name in ruleset_fields(2)}
    >>> ruleset_from(older, "$", 2) == Ruleset()
    True
    >>> try:
    ...     ruleset_from({**older, "blind_nil_pass": 4}, "$.rules", 2)
    ... except InvalidRecordError as error:
    ...     print(error.path)
    ...     print(error.problem)
    $.rules.blind_nil_pass
    expected a whole number from 0 to 3 in data of version 2, not 4 (more came with version 3)
    """
    if type(data) is dict:
        for name, since in _SINCE.items():
            if version < since and name in data:
                fail(
                    f"{path}.{name}",
                    f"unknown field {name!r} in data of version {version} "
                    f"(it came with version {since})",
                )
    fields = ruleset_fields(version)
    found = record_fields(data, path, fields)
    values: dict[str, Any] = {}
    for name in fields:
        value, here = found[name], f"{path}.{name}"
        if name in _ENUMS:
            values[name] = enum_value(value, here, _ENUMS[name])
        elif name in _FLAGS:
            values[name] = boolean(value, here)
        elif name in _OPTIONAL and value is None:
            values[name] = None
        else:  # the ruleset checks the range of any number it can write in its message
            number = integer(value, here)
            if abs(number) >= _FAR:
                fail(
                    here,
                    f"expected a whole number from {-MAX_NUMBER} to {MAX_NUMBER}, "
                    "not a number far out of range",
                )
            if name in _NEW_VALUES:
                value_of, since, before = _NEW_VALUES[name]
                if version < since and number == value_of:
                    fail(
                        here,
                        f"expected {before} in data of version {version}, not {number} "
                        f"({number} came with version {since})",
                    )
            if name in _WIDENED:
                since, most = _WIDENED[name]
                if version < since and number > most:
                    fail(
                        here,
                        f"expected a whole number from 0 to {most} in data of version "
                        f"{version}, not {number} (more came with version {since})",
                    )
            values[name] = number
    try:
        return Ruleset(**values)
    except SpadesError as error:
        field = str(error).split(" ", 1)[0]
        fail(f"{path}.{field}" if field in fields else path, str(error))


# --- outcomes, tricks and side numbers ----------------------------------------------------


def outcome_data(outcome: Outcome | None) -> Data:
    """An outcome as its winner and termination; ``None`` stays ``None``."""
    if outcome is None:
        return None
    return {"winner": outcome.winner, "termination": enum_data(outcome.termination)}


def outcome_from(data: object, path: str, sides: int = 2) -> Outcome | None:
    """``data`` as an outcome, or ``None``; its winner one of ``sides`` sides."""
    if data is None:
        return None
    found = record_fields(data, path, ("winner", "termination"))
    winner = optional_seat(found["winner"], f"{path}.winner", sides)
    termination = enum_value(found["termination"], f"{path}.termination", Termination)
    if winner is None and termination is not Termination.ROUND_CAP:
        fail(f"{path}.winner", "only a game stopped at the round cap can end in a draw")
    return Outcome(winner=winner, termination=termination)


def trick_data(trick: tuple[int, tuple[Card, ...], int]) -> dict[str, Data]:
    """A completed trick: who led, the cards in playing order, who won."""
    leader, cards, winner = trick
    return {"leader": leader, "cards": cards_data(cards), "winner": winner}


def trick_from(data: object, path: str, players: int) -> Trick:
    """``data`` as a completed trick of ``players`` cards (not checked against the rules)."""
    found = record_fields(data, path, ("leader", "cards", "winner"))
    leader = seat(found["leader"], f"{path}.leader", players)
    cards = card_list(found["cards"], f"{path}.cards", players)
    if len(cards) != players:
        fail(f"{path}.cards", f"a completed trick has {players} cards, not {len(cards)}")
    return Trick(leader, cards, seat(found["winner"], f"{path}.winner", players))


def tricks_from(data: object, path: str, players: int, most: int = 13) -> tuple[Trick, ...]:
    """``data`` as a round's completed tricks, at most ``most`` (`Ruleset.hand_size`)."""
    return tuple(
        trick_from(trick, f"{path}[{index}]", players)
        for index, trick in enumerate(items(data, path, most))
    )


def side_numbers(data: object, path: str, sides: int = 2) -> tuple[int, ...]:
    """``data`` as a number for each of ``sides`` sides, such as the scores or the bags."""
    return tuple(
        integer(value, f"{path}[{side}]", -MAX_POINTS, MAX_POINTS)
        for side, value in enumerate(items(data, path, sides, sides))
    )


def _kind(data: object) -> str:
    """What ``data`` is, for a message; containers are never rendered."""
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}
    if data is None:
        return "null"
    if type(data) in {int, float}:
        return f"the number {_short(data)}"
    return names.get(type(data), f"a value of type {type(data).__name__}")


def _short(data: object) -> str:
    """``data`` rendered short for a message: strings quoted, containers only named."""
    if type(data) is str:
        return quoted(data)
    if type(data) is int and abs(data) >= _FAR:
        return "a number far out of range"
    if data is None or type(data) in {int, float, bool}:
        return repr(data)
    return _kind(data)
