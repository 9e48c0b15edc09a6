"""Hypothesis profiles: ``dev`` by default, ``ci`` and ``compat`` for nox, ``thorough`` by hand.

``ci`` is the profile of the Python that measures coverage: enough examples to matter.
``compat`` is the other Pythons': the same tests, fewer examples each. A difference between
Python versions shows on any example, and the rules do not depend on the version.
"""

from __future__ import annotations

import os

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
