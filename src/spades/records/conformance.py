"""Run conformance vectors against this library: ``python -m spades.records.conformance DIR``.

The vectors (``conformance/*.json`` in the repository) pin what a correct implementation
of the rules does: the deck a seed deals and the cards a double nil exchange draws, how
rounds score, which moves are legal in a position and why the others are not, what a seat
sees of a position, what a reader accepts at the edges of the format, and whole games
replayed round by round. Every file is ``{"type": "conformance", "version": 3, "kind":
..., "description": ..., "cases": [...]}``; the porting guide describes the cases field
by field. A case's ruleset and seed are read as data of the format's version 3, so every
ruleset holds the fields that came with it: ``zero_contract``, ``nil_pass``,
``double_nil_timing``, ``team_minimum``, ``bidding``, ``spades_lead`` and
``ten_for_two_hundred``. A ``round_deck`` case may name a joker deck in ``rules_deck``
(the ruleset field ``deck``'s value), and three players in ``rules_players`` (the field
``players``: three are dealt the pack of rule-three-players, 51 or 54 cards); one without
them is of the standard deck and four players.

`run` checks one file, or every ``*.json`` file of a directory in name order, and returns
the `Results`; `main` is the command line. It prints one line per failure,
``FAIL <file> <case id>: <what differs>``, then ``N passed, N failed``, and exits with 0
when every case passed (and there was at least one), 1 when one failed, 2 for a usage error.
A file or case that is not well formed is a failure like any other, never a crash.

A vector file is untrusted input. The runner reads only regular files (a FIFO, a device or
a directory named like one is a failure, and is never waited on), and of each at most
`~spades.records.MAX_RECORD_SIZE` bytes and one more, to tell. Every line it prints is
printable ASCII: whatever came from a file (a file name, an id, data a message quotes) is
escaped, so one failure is one line and no file can print a summary line of its own.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import attrs

from spades._deal import exchange_draw, new_game, round_deck
from spades._decks import Deck
from spades._engine import apply
from spades._errors import IllegalMoveError, InvalidRecordError, quoted, shown
from spades._legal import check_move, legal_moves
from spades._rules import Ruleset
from spades._scoring import score_round
from spades._state import State
from spades._view import observe
from spades.records import MAX_RECORD_SIZE, GameRecord, from_data, parse_json, to_data
from spades.records._plain import (
    bid_from,
    card_from,
    card_list,
    enum_value,
    field_path,
    integer,
    items,
    move_from,
    ruleset_from,
    seed_from,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

__all__ = ["Failure", "Results", "main", "run"]

USAGE: Final = (
    "usage: python -m spades.records.conformance PATH [PATH ...]  (directories or .json files)"
)
VERSION: Final = 3
"""The version of the vector files this runner reads, and of the data format their cases hold."""
_FILE_FIELDS: Final = ("type", "version", "kind", "description", "cases")
_CASE_FIELDS: Final = {
    "round_deck": ("id", "source", "seed", "round", "deck"),
    "exchange_draw": ("id", "source", "seed", "round", "seat", "discards", "count", "drawn"),
    "scoring": ("id", "source", "rules", "bids", "tricks", "bags", "expected"),
    "legal": (
        *("id", "source", "rules", "seed", "dealer", "deck", "moves"),
        *("position", "legal", "illegal"),
    ),
    "view": ("id", "source", "position", "seat", "view"),
    "game": ("id", "source", "record"),
    "reading": ("id", "source", "text", "valid", "path"),
}
_OPTIONAL_FIELDS: Final = {"round_deck": ("rules_deck", "rules_players")}
"""The fields a case of a kind may leave out: a ``round_deck`` case without ``rules_deck``
is of the standard deck, one without ``rules_players`` of four players."""


@attrs.frozen
class Failure:
    """A case (or a whole file, with case ``-``) that did not pass, and what differed."""

    file: str
    """The file, as its path was given."""
    case: str
    """The case's id; ``-`` for the file itself, ``#n`` for the nth case without an id."""
    message: str
    """What differs, or what is malformed."""

    def __str__(self) -> str:
        """The line the runner prints: printable ASCII, whatever the file or the case holds."""
        return f"FAIL {_printable(self.file)} {_printable(self.case)}: {_printable(self.message)}"


_UNPRINTABLE = re.compile(r"[^ -~]")


def _printable(text: str) -> str:
    r"""``text`` with every character outside printable ASCII escaped as `ascii` escapes it.

    >>> print(_printable("\x1b[2J\n3 passed, 0 failed \u202e caf\u00e9 \ud800"))
    \x1b[2J\n3 passed, 0 failed \u202e caf\xe9 \ud800
    """
    return _UNPRINTABLE.sub(lambda match: ascii(match.group())[1:-1], text)


@attrs.frozen
class Results:
    """The cases that passed (a count) and the failures, in file and case order."""

    passed: int = 0
    failures: tuple[Failure, ...] = ()

    def __add__(self, other: Results) -> Results:
        return Results(passed=self.passed + other.passed, failures=self.failures + other.failures)


class _MalformedError(Exception):
    """A file or case that is not shaped as the format says."""


def run(*paths: str | Path) -> Results:
    """Check the vectors of each file, or of every ``*.json`` file of each directory, given.

    A case id may appear once in all of them.
    """
    results = Results()
    seen: set[str] = set()
    for path in paths:
        where = Path(path)
        for file in sorted(where.glob("*.json")) if where.is_dir() else [where]:
            results += _run_file(file, seen)
    return results


def _run_file(file: Path, seen: set[str]) -> Results:
    """Check one file's cases; ``seen`` holds the case ids met so far, which must not repeat."""
    name = str(file)
    try:
        found = _fields(parse_json(_read(file)), _FILE_FIELDS, "the file")
        if found["type"] != "conformance" or type(found["version"]) is not int:
            raise _MalformedError('the file is not "type": "conformance" with a "version"')
        if found["version"] != VERSION:
            raise _MalformedError(
                f"this runner reads version {VERSION}, not {shown(found['version'])}"
            )
        kind = found["kind"]
        if type(kind) is not str or kind not in _CASE_FIELDS:
            known = ", ".join(_CASE_FIELDS)
            raise _MalformedError(f"unknown kind {shown(kind)}: expected one of {known}")
        cases = found["cases"]
        if type(cases) is not list:
            raise _MalformedError('"cases" is not a list')
    except (OSError, ValueError, _MalformedError) as error:
        return Results(failures=(Failure(name, "-", f"malformed file: {error}"),))
    passed = 0
    failures: list[Failure] = []
    for index, case in enumerate(cases):
        ident = case.get("id") if type(case) is dict else None
        label = ident if type(ident) is str else f"#{index}"
        problem = _problem(kind, case, label in seen)
        seen.add(label)
        if problem is None:
            passed += 1
        else:
            failures.append(Failure(name, label, problem))
    return Results(passed=passed, failures=tuple(failures))


_OPEN_FLAGS: Final = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO opens at once, with no writer to wait for
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_BINARY", 0)
)
_FILE_KINDS: Final = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _read(file: Path) -> bytes:
    """The bytes of ``file``, at most one past the limit: a regular file's, and only one's."""
    descriptor = os.open(file, _OPEN_FLAGS)
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _FILE_KINDS if test(mode)), "something else")
            raise _MalformedError(f"not a regular file but {kind}")
        with open(descriptor, "rb", closefd=False) as stream:
            return stream.read(MAX_RECORD_SIZE + 1)
    finally:
        os.close(descriptor)


def _problem(kind: str, case: object, repeated: bool) -> str | None:
    """What is wrong with ``case``, or ``None`` when the library agrees with it."""
    try:
        case = _fields(case, _CASE_FIELDS[kind], "the case", _OPTIONAL_FIELDS.get(kind, ()))
        if type(case["id"]) is not str or type(case["source"]) is not str:
            raise _MalformedError('"id" and "source" are strings')
        if repeated:
            raise _MalformedError("another case has this id")
        return _CHECKS[kind](case)
    except _MalformedError as error:
        return f"malformed case: {error}"
    except Exception as error:  # a report, never a traceback
        return f"{type(error).__name__}: {error}"


def _fields(
    data: object, fields: Sequence[str], what: str, optional: Sequence[str] = ()
) -> dict[str, Any]:
    """``data`` as an object with exactly these ``fields``, and any of the ``optional``."""
    if type(data) is not dict:
        raise _MalformedError(f"{what} is not an object")
    missing = [field for field in fields if field not in data]
    unknown = [field for field in data if field not in fields and field not in optional]
    if missing or unknown:
        raise _MalformedError(
            f"{what} lacks fields {missing} or has unknown fields {shown(unknown)}"
        )
    return data


def _check_scoring(case: dict[str, Any]) -> str | None:
    rules = ruleset_from(case["rules"], "$.rules", VERSION)
    bids = [
        bid_from(bid, f"$.bids[{i}]", rules.hand_size)
        for i, bid in enumerate(items(case["bids"], "$.bids", 4))
    ]
    tricks = [
        integer(count, f"$.tricks[{i}]")
        for i, count in enumerate(items(case["tricks"], "$.tricks", 4))
    ]
    # A counter a side: two, three for three players, or four when four play solo.
    bags = [
        integer(count, f"$.bags[{i}]", 0)
        for i, count in enumerate(items(case["bags"], "$.bags", rules.sides, rules.sides))
    ]
    score = score_round(rules, bids, tricks, bags)
    given = {"points": list(score.points), "bags": list(score.bags)}
    return _difference(case["expected"], given, "expected")


def _check_legal(case: dict[str, Any]) -> str | None:
    rules = ruleset_from(case["rules"], "$.rules", VERSION)
    seed = seed_from(case["seed"], "$.seed", VERSION)
    dealer = integer(case["dealer"], "$.dealer", 0, rules.players - 1)
    cards = len(rules.pack.cards)  # 52, or 51 or 54 for three players (rule-three-players)
    deck = [
        card_from(card, f"$.deck[{i}]")
        for i, card in enumerate(items(case["deck"], "$.deck", cards, cards))
    ]
    state = new_game(rules, seed=seed, dealer=dealer, deck=deck)
    for index, text in enumerate(items(case["moves"], "$.moves", 10_000)):
        move = move_from(text, f"$.moves[{index}]")
        try:
            state = apply(state, move)
        except IllegalMoveError as error:
            return f"moves[{index}] {quoted(text)} is illegal here: {error}"
    problem = _difference(case["position"], to_data(state), "position")
    if problem is not None:
        return problem
    try:
        if from_data(case["position"]) != state:
            return "position: reads back as another state"
    except InvalidRecordError as error:
        return f"position does not read back: {error}"
    problem = _moves_difference(case["legal"], [str(move) for move in legal_moves(state)])
    if problem is not None:
        return problem
    for index, entry in enumerate(items(case["illegal"], "$.illegal", 10_000)):
        _fields(entry, ("move", "reason"), f"illegal[{index}]")
        move = move_from(entry["move"], f"$.illegal[{index}].move")
        try:
            check_move(state, move)
        except IllegalMoveError as error:
            if error.reason.value != entry["reason"]:
                return (
                    f"{quoted(str(move))} is illegal for the reason {error.reason.value!r}, "
                    f"not {shown(entry['reason'])}"
                )
        else:
            return (
                f"{quoted(str(move))} is legal, not illegal for the reason {shown(entry['reason'])}"
            )
    return None


def _moves_difference(expected: object, given: list[str]) -> str | None:
    """How the legal moves ``given`` differ from those ``expected``: extra, missing or order."""
    if expected == given:
        return None
    if type(expected) is list:
        extra = [move for move in given if move not in expected]
        if extra:
            return f"legal: the library also allows {extra[0]!r} ({len(extra)} in all)"
        missing = [move for move in expected if move not in given]
        if missing:
            return f"legal: the library does not allow {shown(missing[0])} ({len(missing)} in all)"
    return _difference(expected, given, "legal")


def _check_game(case: dict[str, Any]) -> str | None:
    try:
        from_data(case["record"], GameRecord)
    except InvalidRecordError as error:
        return f"record {error}"
    return None


def _check_round_deck(case: dict[str, Any]) -> str | None:
    seed = seed_from(case["seed"], "$.seed", VERSION)
    number = integer(case["round"], "$.round", 1)
    deck = enum_value(case.get("rules_deck", "standard"), "$.rules_deck", Deck)
    players = integer(case.get("rules_players", 4), "$.rules_players", 2, 4)
    dealt = round_deck(seed, number, rules=Ruleset(deck=deck, players=players))
    return _difference(case["deck"], [str(card) for card in dealt], "deck")


def _check_exchange_draw(case: dict[str, Any]) -> str | None:
    seed = seed_from(case["seed"], "$.seed", VERSION)
    number = integer(case["round"], "$.round", 1)
    seat = integer(case["seat"], "$.seat", 0, 1)
    discards = card_list(case["discards"], "$.discards")
    count = integer(case["count"], "$.count", 0, len(discards))
    drawn = exchange_draw(seed, number, seat, discards, count)
    return _difference(case["drawn"], [str(card) for card in drawn], "drawn")


def _check_view(case: dict[str, Any]) -> str | None:
    try:
        state = from_data(case["position"], State)
    except InvalidRecordError as error:
        return f"position does not read: {error}"
    seat = integer(case["seat"], "$.seat", 0, state.rules.players - 1)
    view = observe(state, seat)
    problem = _difference(case["view"], to_data(view), "view")
    if problem is not None:
        return problem
    try:
        if from_data(case["view"]) != view:
            return "view: reads back as another view"
    except InvalidRecordError as error:
        return f"view does not read back: {error}"
    return None


def _check_reading(case: dict[str, Any]) -> str | None:
    text, valid, path = case["text"], case["valid"], case["path"]
    if type(text) is not str or type(valid) is not bool:
        raise _MalformedError('"text" is a string and "valid" true or false')
    if not (path is None if valid else type(path) is str):
        raise _MalformedError('"path" is null for valid data, and where it fails otherwise')
    try:
        from_data(parse_json(text))
    except InvalidRecordError as error:
        if valid:
            return f"refused at {error.path}: {error}"
        if error.path != path:
            return f"refused at {error.path}, not at {_cut(path)}: {error}"
        return None
    return None if valid else f"read, but should be refused at {_cut(path)}"


def _cut(text: str) -> str:
    """``text`` cut to 80 characters for a message."""
    return text if len(text) <= 80 else text[:77] + "..."


_CHECKS: Final[dict[str, Callable[[dict[str, Any]], str | None]]] = {
    "round_deck": _check_round_deck,
    "exchange_draw": _check_exchange_draw,
    "scoring": _check_scoring,
    "legal": _check_legal,
    "view": _check_view,
    "game": _check_game,
    "reading": _check_reading,
}


def _difference(expected: object, given: object, path: str) -> str | None:
    """The first place where ``given`` (the library's) differs from ``expected``."""
    if type(expected) is dict and type(given) is dict:
        for key in [*expected, *(key for key in given if key not in expected)]:
            here = field_path(path, key)
            if key not in given:
                return f"{here}: expected {_brief(expected[key])}, the library has no such field"
            if key not in expected:
                return f"{here}: missing, the library gives {_brief(given[key])}"
            found = _difference(expected[key], given[key], here)
            if found is not None:
                return found
        return None
    if type(expected) is list and type(given) is list and len(expected) == len(given):
        for index, (one, other) in enumerate(zip(expected, given, strict=True)):
            found = _difference(one, other, f"{path}[{index}]")
            if found is not None:
                return found
        return None
    if expected == given and type(expected) is type(given):
        return None
    return _differs(path, expected, given)


def _differs(path: str, expected: object, given: object) -> str:
    return f"{path}: expected {_brief(expected)}, the library gives {_brief(given)}"


def _brief(data: object) -> str:
    text = json.dumps(data)
    return text if len(text) <= 80 else text[:77] + "..."


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: check every path given; 0 if all passed, 1 if not, 2 for misuse."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args in (["-h"], ["--help"]):
        print(USAGE)
        return 0
    if not args or any(arg.startswith("-") for arg in args):
        print(USAGE, file=sys.stderr)
        return 2
    missing = [arg for arg in args if not Path(arg).exists()]
    if missing:
        print(
            f"spades.records.conformance: no such file or directory: {_printable(missing[0])}",
            file=sys.stderr,
        )
        return 2
    results = run(*args)
    for failure in results.failures:
        print(failure)  # printable ASCII: see Failure.__str__
    print(f"{results.passed} passed, {len(results.failures)} failed")
    return 0 if results.passed and not results.failures else 1


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
