"""Hypothesis profiles, and the ``slow`` tests: how much each Python of the test matrix runs.

Profiles: ``dev`` by default, ``ci`` and ``compat`` for nox, ``thorough`` by hand. ``ci`` is
the profile of the Python that measures coverage: enough examples to matter. ``compat`` is
the other Pythons': the same tests, fewer examples each. A difference between Python
versions shows on any example, and the rules do not depend on the version.

A test marked ``slow`` plays, searches or samples in volume: perft counts, searched games,
batches of games, the frameworks' own long checks. Each reaches no line that a quick test
does not, so it runs on one Python only, the covered one, and outside the coverage
measurement (pytest-cov's ``no_cover``, which makes it several times faster); the other
Pythons deselect it (``-m "not slow"``, in the noxfile). What it adds is volume, and the
volume of a pure-Python rule engine does not depend on the Python version.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    derandomize=False,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "compat",
    max_examples=20,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A ``slow`` test runs outside the coverage measurement."""
    for item in items:
        if item.get_closest_marker("slow"):
            item.add_marker(pytest.mark.no_cover)
