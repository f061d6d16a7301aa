"""Dream speed: one offline Dream over 20 entries, and the tool loop's own cost per iteration.

Run with ``python benchmarks/bench_dream.py``; it prints figures and asserts nothing.
Goals: one offline Dream over 20 entries with 5 KB of memory files <= 200 ms, of
which git <= 50 ms; tool-loop overhead per iteration, the provider excluded, <= 2 ms.
"""

from __future__ import annotations

import asyncio
import functools
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from reverie.dream import Dream
from reverie.dream.guards import LoopDetector, TokenBudget
from reverie.dream.journal import JOURNAL_NAME, RunJournal
from reverie.dream.loop import ChangeTracker, run_tool_loop
from reverie.providers.base import LLMProvider, LLMResponse, ToolCallRequest
from reverie.providers.offline import OfflineProvider
from reverie.store.git import GitStore
from reverie.store.memory_store import MemoryStore
from reverie.tools import build_dream_tools

RUNS = 10
LOOP_ITERATIONS = 200

TOPICS = ["billing", "search", "auth", "mobile app", "data pipeline", "docs site", "CLI", "API"]
TOOLS = ["PostgreSQL 16", "Redis", "Kafka", "FastAPI", "Rust", "Terraform", "Nix", "SQLite"]


def memory_files() -> dict[str, str]:
    """About 5 KB of memory files, shaped like real ones."""
    soul = "# Soul\n\nYou are a calm, precise assistant who keeps answers short.\n\n## Rules\n\n"
    soul += "".join(
        f"- Rule {n}: prefer plain words over jargon in topic {n}.\n" for n in range(12)
    )
    user = "# User\n\n" + "".join(
        f"- User fact {n}: works with {TOOLS[n % 8]} and cares about {TOPICS[n % 8]}.\n"
        for n in range(24)
    )
    memory = "# Memory\n\n## Facts\n\n" + "".join(
        f"- The {TOPICS[n % 8]} service {n} uses {TOOLS[(n + 3) % 8]} since release {n}.0.\n"
        for n in range(50)
    )
    return {"SOUL.md": soul, "USER.md": user, "memory/MEMORY.md": memory}


def history_entry(n: int) -> str:
    return "\n".join(
        [
            f"[permanent] User prefers {TOOLS[n % 8]} for {TOPICS[n % 8]} work, case {n}.",
            f"[durable] The {TOPICS[(n + 1) % 8]} project adopted {TOOLS[(n + 2) % 8]} in {n}.",
            f"[ephemeral] User needs to review pull request {100 + n} by Friday.",
            f"[correction] The {TOPICS[n % 8]} service {n} uses {TOOLS[(n + 5) % 8]}, "
            f"not {TOOLS[(n + 3) % 8]}.",
            "[skip] Small talk.",
        ]
    )


def prepare(root: Path) -> MemoryStore:
    store = MemoryStore(root)
    for name, text in memory_files().items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    store.git.init()
    for n in range(20):
        store.append_history(history_entry(n), session_key="cli:bench")
    return store


class GitClock:
    """Accumulates the time spent inside GitStore methods."""

    def __init__(self) -> None:
        self.seconds = 0.0

    def wrap(self, git: GitStore) -> None:
        for name in ("init", "is_initialized", "auto_commit", "diff_working_tree"):
            original = getattr(git, name)
            setattr(git, name, self._timed(original))

    def _timed(self, method: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(method)
        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return method(*args, **kwargs)
            finally:
                self.seconds += time.perf_counter() - started

        return timed


def bench_offline_dream() -> None:
    sizes = sum(len(text.encode()) for text in memory_files().values())
    walls: list[float] = []
    gits: list[float] = []
    status = ""
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as tmp:
            store = prepare(Path(tmp))
            clock = GitClock()
            clock.wrap(store.git)
            dream = Dream(store, OfflineProvider())
            started = time.perf_counter()
            result = asyncio.run(dream.run())
            walls.append(time.perf_counter() - started)
            gits.append(clock.seconds)
            status = f"{result.status}, {result.tool_calls} tool calls, {result.iterations} calls"
    print(
        f"offline Dream, 20 entries, {sizes / 1000:.1f} KB memory files ({status}): "
        f"median {statistics.median(walls) * 1e3:.1f} ms, best {min(walls) * 1e3:.1f} ms; "
        f"git median {statistics.median(gits) * 1e3:.1f} ms, best {min(gits) * 1e3:.1f} ms"
    )


class InstantProvider(LLMProvider):
    """Answers each call with one tool call at once, and times itself."""

    def __init__(self, edit: bool) -> None:
        super().__init__(default_model="gpt-4o")
        self.edit = edit
        self.calls = 0
        self.seconds = 0.0

    async def chat(self, **kwargs: Any) -> LLMResponse:
        self.calls += 1
        n = self.calls
        if self.edit:
            args: dict[str, Any] = {"path": "USER.md", "content": f"# User\n\n- v{n}\n"}
            call = ToolCallRequest(f"c{n}", "write_file", args)
        else:
            call = ToolCallRequest(f"c{n}", "read_file", {"path": "USER.md", "limit": n})
        return LLMResponse(content=None, tool_calls=[call], usage={"total_tokens": 1})

    async def chat_with_retry(self, **kwargs: Any) -> LLMResponse:
        started = time.perf_counter()
        try:
            return await super().chat_with_retry(**kwargs)
        finally:
            self.seconds += time.perf_counter() - started


def bench_loop_overhead(*, edit: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = prepare(Path(tmp))
        provider = InstantProvider(edit)
        tracker = ChangeTracker()
        # As in a Dream run: each write is journaled first (a second atomic write).
        journal = RunJournal.begin(store.workspace, store.memory_dir / JOURNAL_NAME)
        registry = build_dream_tools(
            store.workspace, on_change=tracker, before_write=journal.record_write
        )
        prompt = store.build_dream_prompt()
        assert prompt is not None
        messages: list[dict[str, Any]] = [{"role": "system", "content": prompt[0]}]
        started = time.perf_counter()
        outcome = asyncio.run(
            run_tool_loop(
                provider,
                "gpt-4o",
                messages,
                registry,
                max_iterations=LOOP_ITERATIONS,
                budget=TokenBudget(10**9),
                detector=LoopDetector(max_strikes=10**9),
                tracker=tracker,
            )
        )
        total = time.perf_counter() - started
    per_iteration = (total - provider.seconds) / max(outcome.iterations, 1)
    kind = "write_file (journal + atomic write, each with fsync)" if edit else "read_file"
    print(
        f"tool loop overhead, one {kind} per iteration, provider excluded: "
        f"{per_iteration * 1e3:.3f} ms/iteration over {outcome.iterations} iterations "
        f"(conversation growing to {len(messages)} messages; token counting included)"
    )


def main() -> None:
    bench_offline_dream()
    bench_loop_overhead(edit=False)
    bench_loop_overhead(edit=True)


if __name__ == "__main__":
    main()
