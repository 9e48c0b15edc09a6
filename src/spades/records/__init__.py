r"""Game records and plain data: what other programs, and other languages, read and write.

`dumps` and `loads` (and `dump` and `load`, for files) write and read a `GameRecord` as
JSON; `to_data` and `from_data` turn any `Ruleset`, move, `State`, `View`, `RoundScore` or
`GameRecord` into plain JSON-compatible data and back, exactly. The format is described,
field by field, in the documentation's porting guide, with a JSON Schema for records.
The library writes version `VERSION` (3, whose rulesets hold ``zero_contract``,
``nil_pass``, ``double_nil_timing``, ``team_minimum``, ``bidding``, ``spades_lead`` and
``ten_for_two_hundred``, and pass up to 4 cards; since version 2 seeds are decimal
strings, so that every number is one any JSON parser reads exactly) and reads
`READABLE_VERSIONS` (1 to 3): older data reads as the games it was. `read_ptn` and
`write_ptn` read and write Trickster Cards' PTN text records of hands, and `ruleset_text` and
`ruleset_from_text` a ruleset as one line: a preset's name and the fields it changes.

>>> from spades import CLASSIC, Bid, records
>>> record = records.GameRecord.from_moves(CLASSIC, [Bid(3)], seed=7)
>>> records.loads(records.dumps(record)) == record
True
>>> records.from_data(records.to_data(CLASSIC)) == CLASSIC
True

Reading is a trust boundary: bad input of any kind raises `InvalidRecordError`, naming
the path of the bad field, and the work a hostile text can cause is bounded by
`MAX_RECORD_SIZE`, `MAX_DEPTH`, `MAX_ROUNDS`, `MAX_MOVES` and `MAX_DIGITS`. The error is
safe to print and to log: its path is printable ASCII whatever the data's field names
(``$['a\nb']``), and its message quotes the data cut short and escaped.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import IO, TYPE_CHECKING, Any, Final, TypeVar, overload

from spades._errors import InvalidRecordError
from spades._moves import Bid, Exchange, Keep, Look, Pass, Play, Reject
from spades._public import present_as_public
from spades._rules import Ruleset
from spades._scoring import RoundScore
from spades._state import State
from spades._view import View
from spades.records._game import MAX_MOVES, GameRecord, RoundRecord, record_data, record_from
from spades.records._plain import (
    MAX_ROUNDS,
    READABLE_VERSIONS,
    VERSION,
    Data,
    fail,
    move_from,
    ruleset_data,
    ruleset_from,
)
from spades.records._ptn import PtnHand, ptn_problem, read_ptn, rules_from_options, write_ptn
from spades.records._round_scores import round_score_data, round_score_from
from spades.records._ruleset_text import VALUE_LIMIT, ruleset_from_text, ruleset_text
from spades.records._state import state_data, state_from
from spades.records._view import view_data, view_from

if TYPE_CHECKING:
    from spades._moves import Move

__all__ = [
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_MOVES",
    "MAX_RECORD_SIZE",
    "MAX_ROUNDS",
    "READABLE_VERSIONS",
    "VALUE_LIMIT",
    "VERSION",
    "Data",
    "GameRecord",
    "InvalidRecordError",
    "PtnHand",
    "RoundRecord",
    "dump",
    "dumps",
    "from_data",
    "load",
    "loads",
    "ptn_problem",
    "read_ptn",
    "rules_from_options",
    "ruleset_from_text",
    "ruleset_text",
    "to_data",
    "write_ptn",
]

MAX_RECORD_SIZE: Final = 4 * 2**20
"""The longest text `loads` reads: 4 MiB (characters of a string, or bytes)."""
MAX_DEPTH: Final = 16
"""The deepest nesting of lists and objects `loads` reads; records nest 5 deep."""
MAX_DIGITS: Final = 40
"""The most digits of a number `loads` reads (a seed below ``2**128`` has at most 39)."""

_V = TypeVar("_V")
_MOVES = (Bid, Look, Play, Pass, Keep, Reject, Exchange)
_KINDS: Final[dict[str, tuple[type, Any, Any]]] = {
    "ruleset": (Ruleset, ruleset_data, lambda body, version: ruleset_from(body, "$", version)),
    "round_score": (RoundScore, round_score_data, lambda body, _: round_score_from(body, "$")),
    "state": (State, state_data, state_from),
    "view": (View, view_data, view_from),
    "record": (GameRecord, record_data, record_from),
}


_CLASSES: Final = {info[0] for info in _KINDS.values()} | set(_MOVES)
_READABLE: Final = ", ".join(map(str, READABLE_VERSIONS[:-1])) + f" and {READABLE_VERSIONS[-1]}"
"""`READABLE_VERSIONS` in words, for the message that refuses any other version."""


def to_data(value: Ruleset | Move | State | View | RoundScore | GameRecord) -> Data:
    """``value`` as plain data: a move as its text, anything else as a tagged dict.

    >>> to_data(Bid(0, blind=True))
    'bid blind nil'
    >>> data = to_data(Ruleset(target=250))
    >>> data["type"], data["version"], data["target"], data["spades_lead"]
    ('ruleset', 3, 250, 'broken')
    """
    if isinstance(value, _MOVES):
        return str(value)
    for name, (kind, write, _) in _KINDS.items():
        if isinstance(value, kind):
            return {"type": name, "version": VERSION, **write(value)}
    raise TypeError(
        "to_data takes a ruleset, move, state, view, round score or record, "
        f"not {type(value).__name__}"
    )


@overload
def from_data(data: object, kind: type[_V]) -> _V: ...
@overload
def from_data(
    data: object, kind: None = None
) -> Ruleset | Move | State | View | RoundScore | GameRecord: ...
def from_data(data: object, kind: type[Any] | None = None) -> Any:
    """The value that ``data`` (as `to_data` writes it) describes; with ``kind``, of that type.

    A string is a move; a dict says its type in ``"type"`` and its version in
    ``"version"``, one of `READABLE_VERSIONS`. Data of an older version reads as it always
    did: its rulesets hold none of the later fields, which take their defaults. Anything
    that is not exactly such data raises `InvalidRecordError`: a wrong type or version, a
    missing or unknown field (a field newer than the data's version included), a value
    out of range, or a state that legal play does not reach.

    >>> old = {**to_data(Ruleset()), "version": 2}
    >>> for name in ("deck", "solo", "zero_contract", "nil_pass", "double_nil_timing",
    ...              "team_minimum", "bidding", "blind_bid_minimum", "blind_bid_deficit",
    ...              "spades_lead", "ten_for_two_hundred"):
    ...     del old[name]
    >>> from_data(old) == Ruleset()
    True
    """
    if kind is not None and kind not in _CLASSES:
        raise TypeError(
            "from_data reads rulesets, moves, states, views, round scores and records, "
            f"not {kind!r}"
        )
    if type(data) is str:
        if kind is not None and kind not in _MOVES:
            fail("$", f"expected {kind.__name__} data, an object, not a string")
        move = move_from(data, "$")
        if kind is not None and not isinstance(move, kind):
            fail("$", f"expected {kind.__name__} data, not the move {data!r}")
        return move
    if type(data) is not dict or type(data.get("type")) is not str or data["type"] not in _KINDS:
        fail(
            "$.type" if type(data) is dict else "$",
            f'expected data written by to_data, with a known "type": {", ".join(_KINDS)}',
        )
    name = data["type"]
    expected, _, read = _KINDS[name]
    if kind is not None and kind is not expected:
        fail("$.type", f"expected {kind.__name__} data, not {name!r}")
    if "version" not in data:
        fail("$", "missing field 'version'")
    version = data["version"]
    if type(version) is not int or version not in READABLE_VERSIONS:
        fail("$.version", f"this library reads versions {_READABLE} only")
    body = {key: value for key, value in data.items() if key not in {"type", "version"}}
    return read(body, version)


def dumps(record: GameRecord, *, indent: int | None = None) -> str:
    """``record`` as JSON text (`to_data`'s data), compact unless ``indent`` is given."""
    if not isinstance(record, GameRecord):
        raise TypeError(f"dumps takes a GameRecord, not {type(record).__name__}")
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(to_data(record), indent=indent, separators=separators)


def dump(record: GameRecord, fp: IO[str], *, indent: int | None = None) -> None:
    """Write ``record`` as JSON to the text file ``fp``."""
    fp.write(dumps(record, indent=indent))


def loads(text: str | bytes) -> GameRecord:
    """The record in JSON ``text``; `InvalidRecordError` for anything else."""
    return from_data(parse_json(text), GameRecord)


def load(fp: IO[str] | IO[bytes]) -> GameRecord:
    """The record in the file ``fp``, read to at most `MAX_RECORD_SIZE` plus one.

    A file opened as text whose bytes are not in its encoding is refused like bad text.
    """
    try:
        text = fp.read(MAX_RECORD_SIZE + 1)
    except UnicodeDecodeError as error:
        fail("$", f"the file is not text in its encoding ({error.encoding}: {error.reason})")
    return loads(text)


# A string runs to its closing quote, or (unterminated) to the end of the text, so that
# the search stays linear in the length of any text.
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*(?:"|\\?\Z)', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def parse_json(text: str | bytes) -> Data:
    """JSON ``text`` as data, within the limits; `InvalidRecordError` for anything else."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_RECORD_SIZE:
            fail("$", f"the text is longer than {MAX_RECORD_SIZE} bytes")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            fail("$", f"the text is not UTF-8 ({error.reason} at byte {error.start})")
    if not isinstance(text, str):
        raise TypeError(f"loads takes a str or bytes, not {type(text).__name__}")
    if len(text) > MAX_RECORD_SIZE:
        fail("$", f"the text is longer than {MAX_RECORD_SIZE} characters")
    brackets = _BRACKETS.findall(_STRINGS.sub("", text))
    if brackets and max(accumulate(_DEPTH_STEP[b] for b in brackets)) > MAX_DEPTH:
        fail("$", f"the text nests lists and objects deeper than {MAX_DEPTH} levels")
    try:
        data: Data = json.loads(
            text,
            parse_int=_whole,
            parse_float=_no_float,
            parse_constant=_no_float,
            object_pairs_hook=_object,
        )
    except json.JSONDecodeError as error:
        fail("$", f"not JSON: {error.msg} (line {error.lineno}, column {error.colno})")
    return data


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        fail("$", f"a number has more than {MAX_DIGITS} digits")
    return int(digits)


def _no_float(text: str) -> Any:
    fail("$", f"numbers are whole in this format, not {text[:20]}")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            fail("$", f"an object names the field {key[:40]!r} twice")
        found[key] = value
    return found


present_as_public(globals(), __all__)
