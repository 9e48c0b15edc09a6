"""The layers in their order, and the subpackages found as attributes of ``spades``.

core <- records, sampling, encoding <- bots <- batch, adapters <- server <- command line: a
layer imports only the layers below it, and no package imports a private name, or a
private module, of another (issue 22). ``docs/performance.md`` (section "layers") draws it.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from typing import Final

import pytest

import spades

SOURCE: Final = Path(spades.__file__).parent

LAYER: Final = {
    "core": 0,
    "records": 1,
    "encoding": 1,
    "strategies": 1,
    "bots": 2,
    "batch": 3,
    "adapters": 3,
    "server": 4,
    "_cli": 5,
}
"""Each package's layer: it may import from lower layers and from itself, nothing else."""


def package_of(module: str) -> str:
    """The package of ``module``: a subpackage of `spades`, or ``core`` for the rest.

    The core is `spades` itself and its private modules (``spades._engine``, ...), but
    ``spades.__main__``, the command line's entry.
    """
    parts = module.split(".")
    if len(parts) == 1 or (parts[1].startswith("_") and parts[1] != "_cli"):
        return "_cli" if parts[1:] == ["__main__"] else "core"
    return parts[1]


def is_core_module(imported: str, name: str | None) -> bool:
    """Whether ``from imported import name`` imports a module of the core, like ``spades._runs``."""
    return imported == "spades" and (SOURCE / f"{name}.py").is_file()


def module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports() -> list[tuple[str, str, str | None]]:
    """Every import of a `spades` module in the package: (importer, imported, name or None)."""
    found: list[tuple[str, str, str | None]] = []
    for path in sorted(SOURCE.rglob("*.py")):
        importer = module_name(path)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("spades"):
                found += [(importer, str(node.module), alias.name) for alias in node.names]
            elif isinstance(node, ast.Import):
                found += [
                    (importer, alias.name, None)
                    for alias in node.names
                    if alias.name.startswith("spades")
                ]
    return found


def test_the_package_names_are_known() -> None:
    """Every subpackage has its layer: a new one must be placed before it is written."""
    assert {package_of(module) for module, _, _ in imports()} <= set(LAYER)


def test_each_layer_imports_only_the_layers_below_it() -> None:
    upward = sorted(
        f"{importer} imports {imported}"
        for importer, imported, _ in imports()
        if LAYER[package_of(imported)] >= LAYER[package_of(importer)]
        and package_of(imported) != package_of(importer)
    )
    assert upward == []


def test_no_package_imports_another_packages_private_names() -> None:
    """A function another package needs loses its underscore (the core's modules aside)."""
    private = sorted(
        f"{importer} imports {imported}" + (f".{name}" if name else "")
        for importer, imported, name in imports()
        if package_of(imported) != package_of(importer)
        and (
            ((name or "").startswith("_") and not is_core_module(imported, name))
            or any(part.startswith("_") for part in imported.split(".")[2:])
        )
    )
    assert private == []


def test_the_subpackages_are_attributes_imported_when_first_used() -> None:
    code = (
        "import sys, spades\n"
        "names = ('adapters', 'batch', 'bots', 'encoding', 'records')\n"
        "print(sorted(n for n in names if f'spades.{n}' in sys.modules), 'numpy' in sys.modules)\n"
        "print([getattr(spades, n) is sys.modules[f'spades.{n}'] for n in names])\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.splitlines() == ["[] False", "[True, True, True, True, True]"]


def test_an_unknown_attribute_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="module 'spades' has no attribute 'referee'"):
        spades.referee  # noqa: B018
