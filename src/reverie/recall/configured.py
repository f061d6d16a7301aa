"""Build a :class:`RecallIndex` as a workspace's settings describe it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from reverie.config import RecallSettings
from reverie.errors import ConfigError
from reverie.recall.embeddings import Embedder, HttpEmbedder
from reverie.recall.index import RecallIndex

if TYPE_CHECKING:
    from reverie.sessions.manager import SessionManager
    from reverie.store.memory_store import MemoryStore

__all__ = ["embedder_from_settings", "open_recall_index"]


def embedder_from_settings(settings: RecallSettings) -> Embedder | None:
    """The embeddings client ``[recall]`` configures, or None for recall by words only.

    Raises:
        ConfigError: a base URL without a model, or a model without a base URL.
    """
    if bool(settings.embeddings_base_url) != bool(settings.embeddings_model):
        missing = "embeddings_model" if settings.embeddings_base_url else "embeddings_base_url"
        raise ConfigError(
            f"recall.{missing} is empty: semantic recall needs both embeddings_base_url "
            'and embeddings_model (e.g. "http://localhost:11434/v1" and "nomic-embed-text")'
        )
    if not settings.semantic:
        return None
    return HttpEmbedder(
        base_url=settings.embeddings_base_url,
        model=settings.embeddings_model,
        api_key_env=settings.embeddings_api_key_env,
    )


def open_recall_index(
    workspace: Path | str,
    *,
    store: MemoryStore,
    sessions: SessionManager,
    settings: RecallSettings | None = None,
) -> RecallIndex:
    """Open the workspace's recall index, with semantic recall when configured."""
    embedder = embedder_from_settings(settings) if settings is not None else None
    return RecallIndex(workspace, store=store, sessions=sessions, embedder=embedder)
