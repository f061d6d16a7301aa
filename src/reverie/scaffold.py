"""Create a workspace, or adopt an existing one (nanobot's included) without touching it.

:func:`init_workspace` only ever adds what is missing: the starter SOUL.md,
USER.md and memory/MEMORY.md (package templates), a commented ``reverie.toml``
and the memory repository. A file that exists, even an empty one, is the
user's and is left alone, so pointing reverie at a nanobot workspace opens it
as it is.
"""

from __future__ import annotations

import contextlib
import json
import os
import textwrap
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from reverie._atomic import write_text_atomic
from reverie.config import CONFIG_FILE, DreamSettings, RecallSettings, Settings
from reverie.errors import StoreError, UserError
from reverie.layout import MEMORY_DIR, MEMORY_FILE, SESSIONS_DIR, SOUL_FILE, USER_FILE
from reverie.privacy import PRIVATE_DIR_MODE, private_mkdir

__all__ = ["InitReport", "init_workspace", "is_blank_workspace", "render_config_template"]

_TEMPLATES = {SOUL_FILE: "SOUL.md", USER_FILE: "USER.md", MEMORY_FILE: "MEMORY.md"}

_DESCRIPTIONS: dict[str, str] = {
    "provider": 'who answers: "offline" (no model, no key), "openai", "anthropic", '
    'or "openai-compatible" (Ollama, vLLM, LM Studio, OpenRouter, DeepSeek ... with base_url)',
    "model": "model name; empty means the provider's default",
    "base_url": "server root for openai-compatible (e.g. http://localhost:11434/v1)",
    "api_key_env": "environment variable holding the key; empty means the usual one "
    "(OPENAI_API_KEY, ANTHROPIC_API_KEY)",
    "context_window_tokens": "the model's context window; 0 turns consolidation off",
    "max_completion_tokens": "tokens reserved for each answer",
    "consolidation_ratio": "after consolidating, the prompt uses at most this share of the budget",
    "unified_session": "show every session's recent history in each prompt",
    "session_ttl_minutes": "idle minutes before a session is compacted (AutoCompact); 0 = off",
    "max_history_entries": "history entries kept once Dream processed them; 0 = keep all",
    "temperature": "sampling temperature",
    "dream.interval_h": "hours between Dream runs",
    "dream.cron": 'a cron schedule instead of interval_h, e.g. "0 3 * * *"',
    "dream.model": "a different model for Dream; empty means the main model",
    "dream.max_iterations": "tool-call rounds per Dream run",
    "dream.max_entries": "history entries per Dream run",
    "dream.token_budget": "tokens one Dream run may spend",
    "dream.max_deletion_ratio": "a run deleting more than this share of a file is rolled back",
    "recall.tools": "offer the agent the recall and expand tools to look up old conversations",
    "recall.context_hits": "recall hits for the user's message added to each prompt; 0 = off",
    "recall.context_tokens": "most tokens those hits may take in the prompt",
    "recall.embeddings_base_url": "an OpenAI-compatible server for /embeddings (e.g. "
    "http://localhost:11434/v1); empty = recall by words only",
    "recall.embeddings_model": "the embedding model, e.g. nomic-embed-text",
    "recall.embeddings_api_key_env": "environment variable holding the embeddings key; "
    "empty sends none",
}


@dataclass
class InitReport:
    """What :func:`init_workspace` did."""

    workspace: Path
    created: list[str] = field(default_factory=list)
    """Files written (workspace-relative)."""
    kept: list[str] = field(default_factory=list)
    """Files that existed and were left as they were."""
    git_created: bool = False
    """True when the memory repository was created now."""

    def as_dict(self) -> dict[str, Any]:
        """A JSON-friendly view."""
        return {
            "workspace": str(self.workspace),
            "created": self.created,
            "kept": self.kept,
            "git_created": self.git_created,
        }


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    return repr(value)


def _comment(text: str) -> list[str]:
    return [f"# {line}" for line in textwrap.wrap(text, 86, break_on_hyphens=False)]


def render_config_template() -> str:
    """A ``reverie.toml`` listing every setting, commented out at its default."""
    lines = [
        "# reverie settings. Every line is commented out at its default; uncomment to change.",
        "# Environment variables override this file (REVERIE_<KEY>, REVERIE_DREAM_<KEY>,",
        "# REVERIE_RECALL_<KEY>, OPENAI_API_KEY, ANTHROPIC_API_KEY, OPENAI_BASE_URL), and",
        "# flags override both.",
        "",
    ]
    defaults = Settings()
    for name in Settings.model_fields:
        if name in ("dream", "recall"):
            continue
        lines.extend(_comment(_DESCRIPTIONS[name]))
        lines.append(f"# {name} = {_toml_value(getattr(defaults, name))}")
        lines.append("")
    sections: tuple[tuple[str, type[DreamSettings] | type[RecallSettings]], ...] = (
        ("dream", DreamSettings),
        ("recall", RecallSettings),
    )
    for section, model in sections:
        lines.append(f"[{section}]")
        current = getattr(defaults, section)
        for name in model.model_fields:
            lines.extend(_comment(_DESCRIPTIONS[f"{section}.{name}"]))
            lines.append(f"# {name} = {_toml_value(getattr(current, name))}")
            lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def _template(name: str) -> str:
    return resources.files("reverie").joinpath(f"templates/{name}").read_text(encoding="utf-8")


def is_blank_workspace(path: Path) -> bool:
    """True when ``path`` does not exist or is an empty folder."""
    if not path.exists():
        return True
    return path.is_dir() and not any(path.iterdir())


def init_workspace(path: Path, *, git: bool = True) -> InitReport:
    """Create what ``path`` lacks to be a reverie workspace; never overwrite anything.

    Args:
        path: The workspace folder (created when missing).
        git: Also create the memory repository (``.git``) unless one exists.

    Raises:
        UserError: ``path`` is a file.
        StoreError: a file or folder cannot be written (names the path).
    """
    if path.exists() and not path.is_dir():
        raise UserError(f"workspace {path} is a file, not a folder")
    report = InitReport(workspace=path)
    try:
        if path.is_dir() and not any(path.iterdir()):
            # An empty folder made for the workspace becomes private like a new one;
            # a folder with files in it is the user's, and `reverie status` says so.
            with contextlib.suppress(OSError):
                os.chmod(path, PRIVATE_DIR_MODE)
        private_mkdir(path / MEMORY_DIR)
        private_mkdir(path / SESSIONS_DIR)
    except OSError as exc:
        raise StoreError(f"cannot create workspace {path}: {exc.strerror or exc}") from exc
    wanted = {rel: _template(name) for rel, name in _TEMPLATES.items()}
    wanted[CONFIG_FILE] = render_config_template()
    for rel, text in wanted.items():
        target = path / rel
        # exists() follows symlinks; a dangling link is still the user's file.
        if target.exists() or target.is_symlink():
            report.kept.append(rel)
            continue
        write_text_atomic(target, text)
        report.created.append(rel)
    if git:
        from reverie.store.memory_store import MemoryStore

        report.git_created = MemoryStore(path).git.init()
    return report
