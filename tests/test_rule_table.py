"""The rule table of ``docs/forms-of-rules.md`` against the code it names.

Every reference function and every other form the table lists exists; every test it lists
is a test of ``tests/test_rule_forms.py``; every other form's docstring names its
reference; every rule anchor it cites is one of the rules page. So the table stays the list
of places to change when a rule changes.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path
from typing import Final

import pytest

DOCS: Final = Path(__file__).parent.parent / "docs"
TESTS: Final = Path(__file__).parent / "test_rule_forms.py"
NONE_PREFIX: Final = "none"


def table_rows() -> list[list[str]]:
    """The table's rows, as their four cells: rule, reference, other forms, held by."""
    text = (DOCS / "forms-of-rules.md").read_text()
    body = text.split("<!-- the table of rules: start -->")[1].split(
        "<!-- the table of rules: end -->"
    )[0]
    lines = [line for line in body.strip().splitlines() if line.startswith("|")]
    rows = [[cell.strip() for cell in line.strip("|").split(" | ")] for line in lines[2:]]
    assert rows, "the rule table has rows"
    assert all(len(row) == 4 for row in rows), "each row has four cells"
    return rows


def names(cell: str) -> list[str]:
    """The dotted names in a cell's code spans, roles included (``{py:func}`spades.x```)."""
    return re.findall(r"`([A-Za-z_][\w.]*)`", cell)


def resolve(dotted: str) -> object:
    """The module, class or function a dotted name from ``spades`` names."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            found = getattr(found, attribute)
        return found
    raise AssertionError(f"{dotted} names nothing")  # pragma: no cover


def test_every_reference_and_other_form_exists() -> None:
    for _, reference, forms, _ in table_rows():
        (named,) = names(reference)
        assert callable(resolve(named)), named
        for form in names(forms) if not forms.startswith(NONE_PREFIX) else []:
            assert form.startswith("spades."), form
            resolve(form)


def test_every_other_form_names_its_reference() -> None:
    """A form's docstring (a module's, for a form spread over its functions) names it."""
    for _, reference, forms, _ in table_rows():
        (named,) = names(reference)
        short = named.rsplit(".", 1)[1]
        for form in names(forms) if not forms.startswith(NONE_PREFIX) else []:
            doc = inspect.getdoc(resolve(form)) or ""
            assert short in doc, f"{form}'s docstring does not name {short}"


def test_every_listed_test_is_a_test_of_the_rule_forms() -> None:
    tree = ast.parse(TESTS.read_text())
    defined = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    listed = {test for row in table_rows() for test in names(row[3])}
    assert listed <= defined, listed - defined
    assert all(test.startswith("test_") for test in listed)


def test_every_test_of_the_rule_forms_is_in_the_table() -> None:
    """A test of a form that the table does not list would be a form nobody knows of."""
    tree = ast.parse(TESTS.read_text())
    defined = {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    }
    listed = {test for row in table_rows() for test in names(row[3])}
    unlisted = defined - listed
    assert unlisted <= {
        "test_the_public_rule_functions_refuse_what_is_no_input",
        "test_the_public_rule_functions_take_numpy_integers_and_views",
    }


def test_every_anchor_is_a_rule_of_the_rules_page() -> None:
    anchors = set(re.findall(r"^\((rule-[\w-]+)\)=$", (DOCS / "rules.md").read_text(), re.M))
    for rule, *_ in table_rows():
        cited = re.findall(r"\{ref\}`(rule-[\w-]+)`", rule)
        assert cited, rule
        assert set(cited) <= anchors, set(cited) - anchors


@pytest.mark.parametrize(
    "name",
    [
        "playable",
        "may_lead_spades",
        "spades_broken_by",
        "nil_points",
        "bag_penalty",
        "outcome_after",
        "may_bid_blind",
        "blind_numbers",
        "lowest_bid",
        "allowed_bids",
        "card_passes",
    ],
)
def test_each_reference_cites_its_rule(name: str) -> None:
    """A reference's docstring states its rule and cites the rule's anchor."""
    row = next(row for row in table_rows() if names(row[1]) == [f"spades.{name}"])
    doc = inspect.getdoc(resolve(f"spades.{name}")) or ""
    anchors = re.findall(r"\{ref\}`(rule-[\w-]+)`", row[0])
    assert any(anchor in doc for anchor in anchors), (name, anchors)
