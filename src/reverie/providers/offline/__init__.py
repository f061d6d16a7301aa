"""The offline extractive provider (no model, no key, no network).

See :class:`OfflineProvider`. Extraction rules live in small modules:
:mod:`.transcript` reads the rendered conversation back, :mod:`.rules` decides
what a sentence holds, :mod:`.person` rewrites it in the third person, :mod:`.quality` and
:mod:`.salience` keep only lines that read alone and state a fact, and
:mod:`.extract` assembles the answer.
"""

from __future__ import annotations

from reverie.providers.offline.provider import (
    DEFAULT_HANDLERS,
    NO_MODEL_REPLY,
    OfflineHandler,
    OfflineProvider,
    OfflineRequest,
    answer_archive_request,
)

__all__ = [
    "DEFAULT_HANDLERS",
    "NO_MODEL_REPLY",
    "OfflineHandler",
    "OfflineProvider",
    "OfflineRequest",
    "answer_archive_request",
]
