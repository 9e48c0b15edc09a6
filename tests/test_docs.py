"""The docs against the code and the tests: rule anchors cited, the moves and reasons tables.

A test cites the rule it checks with a line of its docstring (or of its class's or module's
docstring), ``Rule: <anchor>.`` or ``Rules: <anchor>, <anchor>.``. Every ``(rule-...)=``
anchor of docs/rules.md must be cited by some test. Every anchor a test file names, cited
or only mentioned, must exist: ``rule-`` and ``reading-`` anchors on the rules page,
``ref-`` anchors on the reference page.
"""

from __future__ import annotations

import ast
import random
import re
import typing
from pathlib import Path

import pytest

import spades
from spades import Move, Phase, Reason, Ruleset, State

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
TESTS = ROOT / "tests"

TARGET = re.compile(r"^\(((?:rule|reading|ref)-[a-z0-9]+(?:-[a-z0-9]+)*)\)=$", re.MULTILINE)
NAME = re.compile(r"(?<![\w-])((?:rule|reading|ref)-[a-z0-9]+(?:-[a-z0-9]+)*)")
CITATION = re.compile(r"^\s*Rules?:\s*(.+?)\.?\s*$", re.MULTILINE)


def targets(page: str) -> list[str]:
    """The ``(name)=`` anchors of a docs page, in the order of the page."""
    return TARGET.findall((DOCS / page).read_text(encoding="utf-8"))


def python_files() -> list[Path]:
    return sorted(TESTS.rglob("*.py"))


def citations(path: Path) -> list[tuple[str, int]]:
    """The anchors that ``Rule:`` lines of the docstrings in ``path`` cite, with their lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        docstring = ast.get_docstring(node, clean=False)
        if docstring is None:
            continue
        line = node.body[0].lineno
        for match in CITATION.finditer(docstring):
            at = line + docstring.count("\n", 0, match.start(1))
            names = [name.strip() for name in match.group(1).split(",")]
            found.extend((name, at) for name in names)
    return found


def mentions(path: Path) -> list[tuple[str, int]]:
    """Every anchor-like name anywhere in ``path``, with its line."""
    return [
        (match.group(1), number)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for match in NAME.finditer(line)
    ]


def test_every_rule_is_cited_by_a_test_and_every_citation_exists() -> None:
    rules = targets("rules.md")
    known = set(rules) | set(targets("reference.md"))
    rule_anchors = [name for name in rules if name.startswith("rule-")]
    assert len(rule_anchors) > 30  # the parsing found the rules page's anchors
    cited: set[str] = set()
    problems = []
    for path in python_files():
        where = path.relative_to(ROOT)
        for name, line in citations(path):
            if name not in known:
                problems.append(f"{where}:{line}: cites {name!r}, which is no anchor of the docs")
            cited.add(name)
        for name, line in mentions(path):
            if name not in known:
                problems.append(f"{where}:{line}: {name} names no anchor of the docs")
    problems.extend(
        f"docs/rules.md: {name} is cited by no test" for name in rule_anchors if name not in cited
    )
    assert not problems, "\n".join(problems)


# --- the tables of the reference page ------------------------------------------------------


def table(page: str, anchor: str) -> list[list[str]]:
    """The rows (cells stripped, header and rule lines dropped) of the first table under
    ``anchor`` on ``page``."""
    text = (DOCS / page).read_text(encoding="utf-8")
    start = text.index(f"({anchor})=\n")
    lines = text[start:].splitlines()
    first = next(number for number, line in enumerate(lines) if line.startswith("|"))
    rows = []
    for line in lines[first + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def quoted(cell: str) -> list[str]:
    """The ``code`` spans of a table cell."""
    return re.findall(r"`([^`]+)`", cell)


MOVE_ROWS = table("reference.md", "ref-notation")


def move_classes() -> list[str]:
    """The names of the classes of the union `spades.Move`, sorted."""
    union: object = vars(spades)["Move"]
    if isinstance(union, str):  # an alias written as a string: "Bid | Look | ..."
        names = [name.strip() for name in union.split("|")]
    else:
        names = [kind.__name__ for kind in typing.get_args(union)]
    assert all(isinstance(getattr(spades, name), type) for name in names)
    return sorted(names)


def test_the_moves_table_has_every_move_class_once() -> None:
    classes = [re.fullmatch(r"\{py:class\}`~spades\.(\w+)`", row[0]) for row in MOVE_ROWS]
    names = [match.group(1) if match else None for match in classes]
    assert sorted(names, key=str) == move_classes()
    assert all(len(row) == 4 and all(row) for row in MOVE_ROWS)


@pytest.mark.parametrize("row", MOVE_ROWS, ids=[row[0] for row in MOVE_ROWS])
def test_the_moves_table_texts_are_canonical_and_of_their_class(row: list[str]) -> None:
    kind = getattr(spades, row[0].split(".")[-1].strip("`"))
    examples = quoted(row[1])
    assert examples
    for text in examples:
        move = spades.parse_move(text)
        assert type(move) is kind, text
        assert str(move) == text


def played_phases() -> dict[type[Move], set[str]]:
    """The phases in which each class of move was legal, over random rounds of every kind."""
    rulesets = [
        spades.CLASSIC,
        spades.MINIOKEY,
        spades.TWO_HANDED,
        Ruleset(blind_nil=True, blind_nil_deficit=None),
    ]
    seen: dict[type[Move], set[str]] = {}
    for rules in rulesets:
        for seed in range(3):
            rng = random.Random(seed)
            state: State = spades.new_game(rules, seed=seed)
            while not state.is_over and not state.rounds:
                moves = spades.legal_moves(state)
                for move in moves:
                    seen.setdefault(type(move), set()).add(state.phase.value)
                # Half the games take every blind nil or double nil offered, first in the order.
                blind = seed % 2 == 0 and moves[0] == spades.Bid(0, blind=True)
                state = spades.apply(state, moves[0] if blind else rng.choice(moves))
    return seen


def test_the_moves_table_names_the_phases_each_class_is_legal_in() -> None:
    seen = played_phases()
    assert {phase.value for phase in Phase} - {"game_over"} <= set().union(*seen.values())
    for row in MOVE_ROWS:
        kind = getattr(spades, row[0].split(".")[-1].strip("`"))
        assert set(quoted(row[2])) == seen.get(kind), row[0]


def test_the_reasons_table_lists_every_reason_in_order() -> None:
    rows = table("reference.md", "ref-reasons")
    assert [quoted(row[1]) for row in rows] == [[reason.value] for reason in Reason]
    assert [quoted(row[0]) for row in rows] == [[reason.name] for reason in Reason]
    assert all(len(row) == 3 and row[2] for row in rows)
