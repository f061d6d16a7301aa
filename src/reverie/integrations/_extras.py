"""Optional dependencies: import them on first use, or say which ``pip install`` adds them."""

from __future__ import annotations

import importlib
from types import ModuleType

from reverie.errors import UserError

__all__ = ["MissingExtraError", "require_extra"]


class MissingExtraError(UserError, ImportError):
    """An optional dependency is not installed; the message names the pip command."""


def require_extra(module: str, *, extra: str, feature: str) -> ModuleType:
    """Import ``module``, or raise an error naming ``pip install 'reverie[extra]'``.

    Args:
        module: The module to import (``mcp``).
        extra: The reverie extra that installs it (``mcp``).
        feature: What needs it, for the message (``reverie mcp``).

    Raises:
        MissingExtraError: the module is not installed.
    """
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingExtraError(
            f"{feature} needs the optional package {module!r}, which is not installed: "
            f"pip install 'reverie[{extra}]'"
        ) from exc
