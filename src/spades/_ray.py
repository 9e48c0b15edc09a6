"""Games on Ray: `spades.bots.duel`'s ``ray`` and ``--ray ADDRESS`` of the command line.

Ray is optional (``pip install 'spades[ray]'``): ``import spades``, and the command line
without ``--ray``, never import it; `module` does, when asked, and `connected` connects to
a Ray. `spades._runs.on_ray` hands the games to it.

Ray's workers import `spades` themselves: on a cluster it must be installed on every node
(as Ray's own documentation says of any library its tasks use).
"""

from __future__ import annotations

import contextlib
import importlib
from typing import TYPE_CHECKING, Any, Final

from spades import SpadesError
from spades._errors import quoted

if TYPE_CHECKING:
    from collections.abc import Iterator
    from types import ModuleType

__all__ = ["INSTALL", "connected", "module"]

INSTALL: Final = "pip install 'spades[ray]'"
"""The command that installs Ray for `spades`: its extra ``ray``."""


def module() -> ModuleType:
    """The `ray` module, imported; `SpadesError` if it is not installed, saying how to."""
    try:
        # By name: mypy then reads this module alike with or without Ray installed.
        return importlib.import_module("ray")
    except ImportError:
        raise SpadesError(f"playing on Ray needs Ray, which is not installed: {INSTALL}") from None


@contextlib.contextmanager
def connected(address: str, **options: Any) -> Iterator[ModuleType]:
    """`ray`, connected to the Ray at ``address`` for the ``with`` block.

    ``address`` is `ray.init`'s: ``"local"`` starts a new Ray on this machine, ``"auto"``
    connects to the one already running (``ray start``, or the environment variable
    ``RAY_ADDRESS``), and anything else is a cluster's address, ``HOST:PORT`` or Ray
    Client's ``ray://HOST:PORT``. ``options`` go to `ray.init` too. The block's end shuts
    Ray down: the connection closes, and a Ray started here stops. A process already
    connected (`ray.is_initialized`) stays so, as it was: ``address`` and ``options`` are
    then not used. A Ray that cannot be reached is a `SpadesError` saying why, in a line.
    """
    ray = module()
    if ray.is_initialized():
        yield ray
        return
    try:
        ray.init(address=address, **options)
    except Exception as error:  # Ray's own errors, which it does not document
        reason = str(error).partition("\n")[0]
        raise SpadesError(f"cannot connect to Ray at {quoted(address)}: {reason}") from error
    try:
        yield ray
    finally:
        ray.shutdown()
