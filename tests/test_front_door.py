"""The front door: the README and the docs' front page present every capability, and work.

The README's examples run here (the docs' own run as doctests of ``docs/*.md``); every
optional extra is shown with its install command from PyPI and from a checkout; every
``spades`` command line they show is one the command line accepts; and the README keeps
its two set-up commands, the second of which ``.ci/run`` runs as it is written.
"""

from __future__ import annotations

import doctest
import importlib
import re
import shlex
import types
from pathlib import Path

import pytest

from spades._cli import _parsers

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
INDEX = ROOT / "docs" / "index.md"
API = ROOT / "docs" / "api.md"
FRONT_PAGES = [README, INDEX]

FENCE = re.compile(r"^```(\w+)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
EXTRA = re.compile(r"pip install '(spades|\.)\[([a-z,]+)\]'")

FIRST_SETUP = "python3 -m venv .venv && .venv/bin/python -m pip install . && .venv/bin/spades demo"


def blocks(path: Path, language: str) -> list[tuple[int, str]]:
    """The fenced code blocks of ``language`` in ``path``, with the line each starts on."""
    text = path.read_text(encoding="utf-8")
    return [
        (text.count("\n", 0, match.start()) + 2, match.group(2))
        for match in FENCE.finditer(text)
        if match.group(1) == language
    ]


def section(path: Path, heading: str) -> str:
    """The text of ``path`` under the heading ``heading``, up to the next heading of its
    level or above."""
    text = path.read_text(encoding="utf-8")
    level = heading.split(" ", maxsplit=1)[0]
    start = text.index(f"\n{heading}\n")
    end = re.compile(rf"^#{{1,{len(level)}}} ", re.MULTILINE).search(text, start + len(heading))
    return text[start : end.start() if end else len(text)]


def extras() -> list[str]:
    """The optional extras that pyproject.toml declares (one ``name = [`` line each)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    start = text.index("\n[project.optional-dependencies]\n")
    table = text[start : text.index("\n[", start + 1)]
    return sorted(re.findall(r"^([a-z][a-z0-9-]*) = \[", table, re.MULTILINE))


README_EXAMPLES = blocks(README, "pycon")


@pytest.mark.parametrize(
    ("line", "example"), README_EXAMPLES, ids=[f"README.md:{line}" for line, _ in README_EXAMPLES]
)
def test_a_readme_example_runs_as_it_is_shown(line: int, example: str) -> None:
    """Each example runs on its own, in a fresh namespace, as a reader would copy it."""
    test = doctest.DocTestParser().get_doctest(example, {}, "README.md", str(README), line - 1)
    output: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    results = runner.run(test, out=output.append)
    assert results.attempted > 0
    assert results.failed == 0, "".join(output)


@pytest.mark.parametrize("line_and_code", blocks(README, "python"), ids=lambda block: block[0])
def test_the_readme_python_example_plays_a_whole_game(
    line_and_code: tuple[int, str], capsys: pytest.CaptureFixture[str]
) -> None:
    _, code = line_and_code
    exec(compile(code, str(README), "exec"), {})
    printed = capsys.readouterr().out
    assert re.fullmatch(r"Outcome\(.*\) \(-?\d+, -?\d+\)\n", printed), printed


def test_the_readme_has_examples_of_every_part() -> None:
    """Rules, views, bots and duels, the three adapters, the batch, records, the server."""
    examples = "\n".join(code for _, code in README_EXAMPLES)
    for needed in (
        "spades.legal_moves(",
        "spades.apply(",
        "spades.score_round(",
        "spades.observe(",
        "spades.sample_state(",
        "duel(",
        "spades.adapters import pettingzoo",
        "spades.adapters import gymnasium",
        "spades.adapters.openspiel",
        "from spades.batch import",
        "records.dumps(",
        "spades.strategies",
    ):
        assert needed in examples, needed
    consoles = "\n".join(code for _, code in blocks(README, "console"))
    for command in ("spades duel", "spades serve", "spades.records.conformance", "ports/js/run.js"):
        assert command in consoles, command


@pytest.mark.parametrize("page", FRONT_PAGES, ids=lambda page: page.name)
@pytest.mark.parametrize("extra", extras())
def test_every_extra_is_shown_with_its_install_from_pypi_and_from_a_checkout(
    page: Path, extra: str
) -> None:
    text = page.read_text(encoding="utf-8")
    assert f"pip install 'spades[{extra}]'" in text
    assert f"pip install '.[{extra}]'" in text


@pytest.mark.parametrize("page", FRONT_PAGES, ids=lambda page: page.name)
def test_every_install_command_names_an_extra(page: Path) -> None:
    commands = EXTRA.findall(page.read_text(encoding="utf-8"))
    assert commands
    named = {name for _, names in commands for name in names.split(",")}
    assert named <= set(extras()), named - set(extras())


def command_lines(path: Path) -> list[list[str]]:
    """The arguments of every ``spades`` command in the console blocks of ``path``
    (``$ spades ...``, ``.venv/bin/spades ...``, also after ``&&``), comments dropped."""
    found = []
    for _, code in blocks(path, "console"):
        for line in code.splitlines():
            for command in line.removeprefix("$ ").split("&&"):
                words = shlex.split(command, comments=True)
                if words and Path(words[0]).name == "spades":
                    found.append(words[1:])
    return found


@pytest.mark.parametrize("page", FRONT_PAGES, ids=lambda page: page.name)
def test_every_command_line_shown_is_one_the_command_accepts(page: Path) -> None:
    lines = command_lines(page)
    assert len(lines) >= 3
    parser, _ = _parsers()
    for words in lines:
        if words == ["--version"]:
            continue
        arguments = parser.parse_args(words)
        assert arguments.command == words[0]


@pytest.mark.parametrize("page", FRONT_PAGES, ids=lambda page: page.name)
def test_the_files_a_page_sends_readers_to_exist(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    for path in ("conformance/", "ports/js/run.js", "docs/porting.md"):
        if path in text:
            assert (ROOT / path).exists(), path
    assert "conformance/" in text


def test_the_readme_keeps_its_two_set_up_commands() -> None:
    """One installs the package and plays a game; one installs the tooling and runs every
    check, the very line `.ci/run` runs."""
    setup = section(README, "## Set-up")
    commands = FENCE.findall(setup)
    assert [language for language, _ in commands] == ["console", "console"]
    first, second = (code.strip() for _, code in commands)
    assert first == FIRST_SETUP
    ci_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert second == ci_lines[-1]
    assert "pip install 'nox" in second
    assert second.endswith(".venv/bin/python -m nox")
    readme = README.read_text(encoding="utf-8")
    assert readme.index("## Set-up") < readme.index("## What is in it")


# --- the API reference ---------------------------------------------------------------------

PUBLIC_MODULES = [
    "spades",
    "spades.records",
    "spades.records.conformance",
    "spades.bots",
    "spades.encoding",
    "spades.adapters.pettingzoo",
    "spades.adapters.gymnasium",
    "spades.adapters.openspiel",
    "spades.batch",
    "spades.server",
    "spades.strategies",
]

MODULE = re.compile(r"^(?:\.\. (py:module|automodule|py:currentmodule)::|```\{py:module\}) *(\S+)")
NAMED = re.compile(r"^(?:\.\. (?:auto\w+|py:\w+)::|```\{py:\w+\}) *([\w.]+)")
MEMBERS = re.compile(r"^:members:(.*)$")


def api_reference() -> tuple[dict[str, set[str]], set[str]]:
    """The names docs/api.md documents, by module, and the modules it documents whole
    (an ``automodule`` with ``:members:`` and no list)."""
    documented: dict[str, set[str]] = {}
    whole: set[str] = set()
    module, automodule = "", False
    for line in (line.strip() for line in API.read_text(encoding="utf-8").splitlines()):
        if match := MODULE.match(line):
            module, automodule = match.group(2), match.group(1) == "automodule"
        elif match := MEMBERS.match(line):
            names = {name.strip() for name in match.group(1).split(",")} - {""}
            documented.setdefault(module, set()).update(names)
            if automodule and not names:
                whole.add(module)
        elif match := NAMED.match(line):
            target = match.group(1)
            owner, _, name = target.rpartition(".")
            if not target.startswith("spades."):  # relative to the current module
                owner, name = module, target
            documented.setdefault(owner, set()).add(name)
    return documented, whole


@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_the_api_reference_documents_every_public_name(name: str) -> None:
    """Every name of a public module's ``__all__`` (but its submodules) is in docs/api.md,
    there or under the module it comes from."""
    for framework in {"pettingzoo": ["pettingzoo"], "gymnasium": ["gymnasium"]}.get(
        name.rsplit(".", 1)[-1], []
    ):
        pytest.importorskip(framework)
    if name.endswith("openspiel"):
        pytest.importorskip("pyspiel")
    module = importlib.import_module(name)
    documented, whole = api_reference()
    if name in whole:
        return
    missing = [
        item
        for item in module.__all__
        if not isinstance(getattr(module, item), types.ModuleType)
        and item not in documented.get(name, set())
        # a name it takes from another module, such as `spades.InvalidRecordError`
        and item not in documented.get(getattr(getattr(module, item), "__module__", ""), set())
    ]
    assert not missing, missing


def test_the_api_reference_parser_finds_the_modules_it_should() -> None:
    documented, whole = api_reference()
    assert whole == {"spades.strategies"}
    assert {"apply", "Ruleset", "InvalidRecordError", "State"} <= documented["spades"]
    assert {"env", "raw_env"} <= documented["spades.adapters.pettingzoo"]
