"""Sphinx configuration: furo, MyST Markdown and autodoc, built with ``-W -n``.

Nothing here fetches anything over the network (the CI machine reaches only the package
registries), so there is no intersphinx: standard-library names are not linked.
"""

from __future__ import annotations

from importlib.metadata import version as _version
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.addnodes import pending_xref
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

project = "spades"
author = "The spades developers"
copyright = "the spades developers"
release = _version("spades")
version = release

extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx_copybutton"]

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]

# `Name` in a docstring is a cross-reference to a Python object; with -n it must resolve.
default_role = "py:obj"
nitpicky = True
nitpick_ignore = [
    # Standard-library names in signatures and docstrings: without intersphinx there is
    # no inventory to link them to.
    ("py:class", "collections.abc.Sequence"),
    ("py:class", "collections.abc.Callable"),
    ("py:class", "pathlib.Path"),
    ("py:obj", "secrets.SystemRandom"),
    ("py:class", "random.Random"),
    ("py:obj", "random.Random"),
    # Hypothesis, in `spades.strategies`: not linked either.
    ("py:class", "SearchStrategy"),
    ("py:obj", "hypothesis.strategies.SearchStrategy"),
    ("py:obj", "hypothesis.errors.InvalidArgument"),
    # Starlette, in the signature of `spades.server.create_app`: not linked either.
    ("py:class", "Starlette"),
    # numpy, in the signatures of `spades.encoding`: not linked either.
    ("py:class", "npt.NDArray"),
    ("py:class", "np.float32"),
    ("py:class", "np.int8"),
    ("py:class", "np.int32"),
    ("py:class", "np.int64"),
    ("py:class", "np.uint64"),
    ("py:class", "np.bool_"),
    ("py:class", "np.random.Generator"),
    ("py:class", "numpy.random._generator.Generator"),
    ("py:class", "npt.ArrayLike"),
    ("py:class", "np.integer"),
    ("py:class", "numpy.integer"),
    # PettingZoo's AEC environment, in the signatures of `spades.adapters.pettingzoo`.
    ("py:class", "AECEnv"),
    # The adapters' type aliases in their signatures, shown by name: `RewardKind` is
    # ``Literal["game", "round"]``; PettingZoo's `Observation` is a dict and `Action` an
    # ``int | None``; Gymnasium's `Observation` a float32 array.
    ("py:class", "RewardKind"),
    ("py:class", "Observation"),
    ("py:class", "Action"),
]

# The frameworks of `spades.adapters`, in signatures and docstrings: not linked either.
nitpick_ignore_regex = [(r"py:.*", r"(pettingzoo|gymnasium|pyspiel)\..+")]

# MyST: explicit (label)= targets for citing rules, and slug anchors for headings.
myst_heading_anchors = 3

# Autodoc imports the installed package. Its classes live in private modules and are
# documented under ``spades`` (the ``:canonical:`` names resolve the private paths).
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = False

# The copy button copies the code, not the prompts: ``>>> `` and ``... `` (Python, doctests)
# and ``$ `` (a shell); output lines, which have no prompt, are left out.
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True

html_theme = "furo"
html_title = f"spades {release}"


def _package_name(app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: Any) -> Any:
    """Resolve a name the package exports, like `new_game`, from any module's docstring.

    A docstring in `spades.strategies` names `new_game`; the Python domain looks for
    ``spades.strategies.new_game`` and ``new_game``, but the API documents ``spades.new_game``.
    """
    target = str(node.get("reftarget", ""))
    if node.get("refdomain") != "py" or target.startswith("spades."):
        return None
    return env.get_domain("py").resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], f"spades.{target}", node, contnode
    )


def _signature(
    app: Sphinx, what: str, name: str, obj: object, options: object, *signature: str | None
) -> tuple[str, str | None] | None:
    """Hide the constructor signatures of `State` and `View`: they come from the engine."""
    return ("", None) if name in {"spades.State", "spades.View"} else None


def _is_private(name: str) -> bool:
    """A private module's name: ``_engine``, not ``__main__`` (the command line's entry)."""
    return name.startswith("_") and not name.startswith("__")


def _analyze_with_the_defining_modules() -> None:
    """Let autodoc find the attribute docstrings of classes that say they are ``spades.X``.

    The packages set each public class's ``__module__`` to themselves (so tracebacks and
    signatures name ``spades.Ruleset``), but the docstrings of fields and enum members are
    read from source, by `ModuleAnalyzer` for the module ``__module__`` names. For each
    package, this merges in what the analyzers of its private modules found.
    """
    import pkgutil  # noqa: PLC0415  (only the docs build needs it)

    from sphinx.pycode import ModuleAnalyzer  # noqa: PLC0415

    import spades.bots  # noqa: PLC0415
    import spades.encoding  # noqa: PLC0415
    import spades.records  # noqa: PLC0415

    private = {
        package.__name__: [
            module.name
            for module in pkgutil.iter_modules(package.__path__, f"{package.__name__}.")
            if _is_private(module.name.rsplit(".", 1)[1]) and not module.ispkg
        ]
        for package in (spades, spades.encoding, spades.bots, spades.records)
    }
    analyze = ModuleAnalyzer.analyze

    def analyze_merged(self: ModuleAnalyzer) -> None:
        done = self._analyzed
        analyze(self)
        if done or self.modname not in private:
            return
        for name in private[self.modname]:
            other = ModuleAnalyzer.for_module(name)
            other.analyze()
            self.attr_docs.update(other.attr_docs)
            self.annotations.update(other.annotations)
            offset = len(self.tagorder)
            self.tagorder.update({key: offset + n for key, n in other.tagorder.items()})

    ModuleAnalyzer.analyze = analyze_merged  # type: ignore[method-assign]


def setup(app: Sphinx) -> None:
    _analyze_with_the_defining_modules()
    app.connect("missing-reference", _package_name)
    app.connect("autodoc-process-signature", _signature)
