"""The server is an optional extra built on the library's public API alone."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import spades.server

SERVER = Path(spades.server.__file__).parent

pytestmark = pytest.mark.timeout(120)


def _imported(path: Path) -> set[str]:
    modules = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            modules |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            modules.add(node.module)
    return modules


def test_the_server_uses_only_the_public_api() -> None:
    """Issue 21: a reference server is the proof that the public API is enough."""
    private = {
        f"{path.name}: {module}"
        for path in sorted(SERVER.glob("*.py"))
        for module in _imported(path)
        if module.startswith("spades.")
        and not module.startswith("spades.server")
        and any(part.startswith("_") for part in module.split("."))
        and module != "spades._public"  # re-export plumbing (`present_as_public`)
    }
    assert private == set()


def test_import_spades_imports_none_of_the_server_extra() -> None:
    """`import spades` needs only attrs and typing-extensions: the server's parts wait."""
    code = (
        "import sys, spades, spades.bots, spades.records; "
        "print(sorted(m for m in ('starlette', 'uvicorn', 'sqlalchemy', 'jsonschema') "
        "if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_without_the_extra_the_server_says_which_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`import spades.server` without Starlette names the extra."""
    for name in [name for name in sys.modules if name.startswith("spades.server")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "starlette", None)
    monkeypatch.setitem(sys.modules, "starlette.applications", None)
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'spades\[server\]'") as info:
        import spades.server  # noqa: F401
    assert info.value.name == "starlette.applications"
