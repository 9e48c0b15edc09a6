"""Every check of the project: a bare ``nox`` runs them all, as CI does."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
from pathlib import Path

import nox

PYTHONS = ["3.10", "3.11", "3.12", "3.13"]
PYPROJECT = nox.project.load_toml("pyproject.toml")

nox.needs_version = ">=2025.2.9"
nox.options.default_venv_backend = "uv|virtualenv"
nox.options.error_on_missing_interpreters = False
nox.options.sessions = ["tests", "coverage", "mypy", "lint", "docs"]


def _expose_pyenv_interpreters() -> None:
    """Put pyenv's installed 3.10 to 3.13 on PATH, so that each of them is found.

    pyenv's shims answer only for the active version; the interpreters themselves live
    under ``$(pyenv root)/versions``.
    """
    pyenv = shutil.which("pyenv")
    if pyenv is None:
        return
    root = subprocess.run([pyenv, "root"], capture_output=True, text=True, check=False).stdout
    found = []
    for version in PYTHONS:
        candidates = sorted(
            glob.glob(os.path.join(root.strip(), "versions", f"{version}.*", "bin"))
        )
        found += candidates[-1:]
    os.environ["PATH"] = os.pathsep.join([*found, os.environ.get("PATH", "")])


_expose_pyenv_interpreters()


def _group(name: str) -> list[str]:
    return list(nox.project.dependency_groups(PYPROJECT, name))


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """Run the test suite, doctests included, under coverage."""
    session.install(".", *_group("tests"))
    env = {"COVERAGE_FILE": f".coverage.{session.python}"}
    env["HYPOTHESIS_PROFILE"] = os.environ.get("HYPOTHESIS_PROFILE", "ci")
    # The doctests of the installed package (not of src/), the tests, and the docs' examples.
    targets = session.posargs or ["--pyargs", "spades", "tests", "docs"]
    session.run("coverage", "run", "-m", "pytest", *targets, env=env)


@nox.session
def coverage(session: nox.Session) -> None:
    """Combine the test sessions' coverage and hold it to 100% of branches."""
    session.install("coverage[toml]")
    data = glob.glob(".coverage.*")
    if not data:
        session.error("no coverage data: run the tests session first")
    session.run("coverage", "combine", *data)
    session.run("coverage", "report")


@nox.session
def mypy(session: nox.Session) -> None:
    """Type-check the package, the tests, the benchmarks and the examples, strictly."""
    session.install(".", *_group("typing"))
    session.run("mypy", "src", "tests", "benchmarks", "examples", "conformance", "noxfile.py")


@nox.session
def lint(session: nox.Session) -> None:
    """Lint and check formatting with ruff."""
    session.install(*_group("lint"))
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the documentation with warnings as errors."""
    session.install(".[strategies]", *_group("docs"))
    out = Path("docs", "_build", "html")
    session.run("sphinx-build", "-W", "-n", "--keep-going", "-b", "html", "docs", str(out))


@nox.session(python="3.11")
def bench(session: nox.Session) -> None:
    """Benchmark random playouts, against OpenSpiel's spades where it installs."""
    session.install(".", "open-spiel")
    session.run("python", "benchmarks/playouts.py", *session.posargs)
