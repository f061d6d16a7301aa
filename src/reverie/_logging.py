"""Loggers named ``reverie.*`` and warnings that are said once per kind, not per line.

Every logger handed out here carries a :class:`~reverie.redact.RedactingFilter`,
so no ``reverie.*`` record ever shows an API key, whatever handler prints it.
"""

from __future__ import annotations

import logging
import threading

from reverie.redact import RedactingFilter

__all__ = ["OnceWarner", "get_logger"]


_REDACTING = RedactingFilter()


def get_logger(name: str) -> logging.Logger:
    """Return the ``reverie.<name>`` logger (``name`` may already carry the prefix).

    The logger redacts keys from its records (a filter on the ``reverie``
    logger alone would not see its children's records).
    """
    logger = logging.getLogger(name if name.startswith("reverie") else f"reverie.{name}")
    if _REDACTING not in logger.filters:
        logger.addFilter(_REDACTING)
    return logger


get_logger("reverie")


class OnceWarner:
    """Emit a warning the first time each ``kind`` occurs, then stay quiet.

    A corrupt history file may hold thousands of bad lines; a log that repeats the
    same complaint for each of them hides everything else. Each owner (a store,
    a session manager) keeps its own instance, so a second store warns again.
    """

    def __init__(self, logger: logging.Logger) -> None:
        self._logger = logger
        self._seen: set[str] = set()
        self._lock = threading.Lock()

    def warn(self, kind: str, message: str, *args: object) -> bool:
        """Log ``message`` unless ``kind`` was already reported; return True if logged."""
        with self._lock:
            if kind in self._seen:
                return False
            self._seen.add(kind)
        self._logger.warning(message, *args)
        return True

    def reset(self) -> None:
        """Forget what was reported (used after a file is repaired)."""
        with self._lock:
            self._seen.clear()
