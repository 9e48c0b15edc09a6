"""The data format's limits as docs/porting.md states them (porting-conventions, porting-limits).

- Every number lies within ±(2**53 - 1) (I-JSON); a game's seed, 0 to 2**128 - 1, is
  written as a string of decimal digits without a sign or a leading zero (`seed_of`).
- Problems with the text itself, which a reader reports at ``$`` (porting-errors): not
  JSON, too long, nested too deep, a number with too many digits or not whole (a
  fraction, an exponent, ``NaN``, ``Infinity``), a field named twice (`text_problem`).
- A place in the data is named JSONPath-like: ``$``, then ``.name`` for a field and
  ``[i]`` for an array element (`PATH`, `resolve`).
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterator

VERSION = 3
"""The format's version, which every top-level object the library writes carries."""
READABLE_VERSIONS = (1, 2, 3)
"""The versions a reader reads (porting-versions): version 1 wrote the seed as a number;
version 3 added the ruleset fields ``deck``, ``zero_contract``, ``nil_pass``,
``double_nil_timing``, ``team_minimum``, ``bidding`` ("open", "suicide", "whiz", "mirror"),
``blind_bid_minimum``, ``blind_bid_deficit``, ``spades_lead`` and ``ten_for_two_hundred``,
which rulesets of 1 and 2 lack (they read as the sources' rules: the standard deck, no
zero contract, no pass for a plain nil, double nil before the first draw choice, no
minimum, "open" bidding, no blind numbers (0, 100), spades led once "broken", no
10-for-200), and let ``blind_nil_pass`` reach 4 (3 at most before)."""
MAX_SAFE = 2**53 - 1
"""The largest magnitude of a number in the data (porting-conventions)."""
SEED_LIMIT = 2**128
"""Seeds are below this: 0 to 2**128 - 1."""
MAX_RECORD_SIZE = 4 * 2**20
"""The longest text a reader takes, in characters."""
MAX_DEPTH = 16
"""The deepest nesting of arrays and objects, the outermost counting 1."""
MAX_DIGITS = 40
"""The most digits of a number, its sign not counted."""
DECIMAL = re.compile("0|[1-9][0-9]*", re.ASCII)
"""A whole number in decimal: digits only, no sign, no leading zero."""
PATH = re.compile(r"\$(?:\.[a-z_]+|\[(?:0|[1-9][0-9]*)\])*", re.ASCII)
"""Where a reader refuses data: ``$``, ``$.rounds[2].moves[5]``, ``$.rules.target``."""


def seed_of(text: Any) -> int:
    """The seed that a seed field's decimal string writes (porting-conventions)."""
    assert isinstance(text, str), f"a seed is a decimal string, not {text!r}"
    assert DECIMAL.fullmatch(text), f"a seed is a decimal string, not {text!r}"
    seed = int(text)
    assert seed < SEED_LIMIT, f"a seed is below 2**128, not {text}"
    return seed


def seed_problem(data: dict[str, Any]) -> str | None:
    """What is wrong with the seed of top-level data for its version, or None.

    Versions 2 and 3 write it as a decimal string, version 1 as a number; 0 to 2**128 - 1.
    """
    if "seed" not in data:
        return None
    seed = data["seed"]
    if data.get("version") == 1:
        if not is_number(seed):
            return f"a version 1 seed is a number, not {seed!r}"
        return None if 0 <= seed < SEED_LIMIT else f"a seed is 0 to 2**128 - 1, not {seed}"
    try:
        seed_of(seed)
    except AssertionError as error:
        return str(error)
    return None


def seed_text(seed: int) -> str:
    """A seed as the data writes it."""
    assert 0 <= seed < SEED_LIMIT, seed
    return str(seed)


def walk(data: Any, path: str = "$") -> Iterator[tuple[str, Any]]:
    """Every value in ``data`` with its path, ``data`` itself first, then depth first."""
    yield path, data
    if isinstance(data, list):
        for index, item in enumerate(data):
            yield from walk(item, f"{path}[{index}]")
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from walk(value, f"{path}.{key}")


def is_number(value: Any) -> bool:
    """Whether a JSON value is a number: a whole one here, and booleans are not numbers."""
    return isinstance(value, int) and not isinstance(value, bool)


def _refuse(what: str) -> Any:
    raise ValueError(what)


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of more than {MAX_DIGITS} digits")
    return int(text)


def _fields(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise ValueError(f"the field {key!r} named twice")
        found[key] = value
    return found


def depth(data: Any) -> int:
    """How deep arrays and objects nest in ``data``: 0 for a scalar, 1 for ``[]``."""
    if isinstance(data, list):
        return 1 + max(map(depth, data), default=0)
    if isinstance(data, dict):
        return 1 + max(map(depth, data.values()), default=0)
    return 0


def parse_strict(text: str) -> Any:
    """The data of a JSON text, or a `ValueError` for a problem of the text itself."""
    if len(text) > MAX_RECORD_SIZE:
        raise ValueError(f"a text of more than {MAX_RECORD_SIZE} characters")
    try:
        data = json.loads(
            text,
            object_pairs_hook=_fields,
            parse_float=lambda number: _refuse(f"a number that is not whole: {number}"),
            parse_constant=lambda constant: _refuse(f"not a number: {constant}"),
            parse_int=_whole,
        )
    except RecursionError:
        raise ValueError("nested too deep") from None
    if depth(data) > MAX_DEPTH:
        raise ValueError(f"nested more than {MAX_DEPTH} deep")
    return data


def text_problem(text: str) -> str | None:
    """What is wrong with the text itself (a reader refuses it at ``$``), or None."""
    try:
        parse_strict(text)
    except ValueError as error:
        return str(error)
    return None


def resolve(data: Any, path: str) -> Any:
    """The value at ``path`` in ``data``; an `AssertionError` if there is none."""
    assert PATH.fullmatch(path), f"not a path: {path!r}"
    here = data
    for name, index in re.findall(r"\.([a-z_]+)|\[([0-9]+)\]", path):
        if name:
            assert isinstance(here, dict), f"{path}: no object holds .{name}"
            assert name in here, f"{path}: no field {name!r}"
            here = here[name]
        else:
            assert isinstance(here, list), f"{path}: no array holds [{index}]"
            assert int(index) < len(here), f"{path}: no element {index}"
            here = here[int(index)]
    return here
