"""Public names of a package imported from their submodules on first use (PEP 562)."""

from __future__ import annotations

import sys
from collections.abc import Callable


def lazy_exports(package: str, homes: dict[str, str]) -> Callable[[str], object]:
    """A module `__getattr__` for `package`: `homes` maps each public name to the submodule defining it.

    A name is imported when first asked for (`from package import Name` asks too) and kept
    on the package, so a command that never uses a name never pays for its imports."""

    def __getattr__(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        # The import statement's machinery, not importlib.import_module: `python -X importtime` (what
        # tests/slack/test_startup.py reads) sees only the former.
        __import__(f"{package}.{home}")
        module = sys.modules[f"{package}.{home}"]
        # Every name of that module is set at once: importing it set the package's attribute of the
        # module's own name to the module, which would then hide a function of that name
        # (services.feedback_report) from this hook.
        for other, other_home in homes.items():
            if other_home == home:
                setattr(sys.modules[package], other, getattr(module, other))
        return getattr(module, name)

    return __getattr__
