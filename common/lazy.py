"""Public names of a package imported from their submodules on first use (PEP 562)."""

from __future__ import annotations

import importlib
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
        value = getattr(importlib.import_module(f"{package}.{home}"), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
