"""Consolidation figures: per-turn budget check, context utilisation, transcript disk use.

Run with ``python benchmarks/bench_consolidation.py``; it prints figures and asserts nothing.

* Per-turn check: ``maybe_consolidate_by_tokens`` on a session that is under
  budget, after one new turn (user + assistant), for sessions of 200 / 2,000 /
  20,000 messages. Goal: <= 1 ms and flat in session size.
* Context utilisation: each time consolidation triggers, the estimate divided
  by the exact size of the prompt the turn would send (goal: within 2 %), next
  to what a 4-chars-per-token heuristic and a 1-token-per-byte count would say.
* Disk: bytes the transcript archive takes per 10,000 archived messages.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from reverie.consolidation.consolidator import Consolidator
from reverie.context import ContextBuilder
from reverie.providers.base import LLMResponse
from reverie.providers.scripted import FunctionProvider, RecordedRequest
from reverie.sessions.manager import SessionManager
from reverie.sessions.transcripts import TranscriptArchive
from reverie.store.memory_store import MemoryStore
from reverie.tokens import count_prompt_tokens
from reverie.tokens.encodings import heuristic_count

MODEL = "gpt-4o-mini"
TOPICS = [
    "I moved the billing service to PostgreSQL 16 last week and the migrations ran fine.",
    "Can you remind me to send the Q3 report to Marco by Friday?",
    "My daughter starts school in September; we still need to buy the uniform.",
    "The deploy failed again because the Docker image was built for arm64 only.",
    "I prefer short answers, no emoji, and code in Python 3.12 with type hints.",
]


def message(index: int, *, stamp: str = "2026-04-03T10:00:00") -> dict[str, Any]:
    role = "user" if index % 2 == 0 else "assistant"
    text = TOPICS[index % len(TOPICS)] + f" (message {index})"
    if role == "assistant":
        text = "Noted. " + text.replace("I ", "You ") + " Anything else?"
    return {"role": role, "content": text, "timestamp": stamp}


def answer(request: RecordedRequest) -> LLMResponse:
    if "reverie-archive/1" in str(request.messages[0].get("content")):
        return LLMResponse(content="[durable] The user talked about their projects.")
    return LLMResponse(content="Noted.")


def consolidator_for(workspace: Path, window: int) -> tuple[Consolidator, SessionManager]:
    store = MemoryStore(workspace)
    sessions = SessionManager(workspace)
    context = ContextBuilder(workspace, store=store, sessions=sessions)
    provider = FunctionProvider(answer, default_model=MODEL)
    consolidator = Consolidator(
        store,
        provider,
        MODEL,
        sessions,
        window,
        context.build_messages,
        list,
        max_completion_tokens=1024,
    )
    return consolidator, sessions


async def _turns(
    consolidator: Consolidator, session: Any, first_index: int, count: int
) -> tuple[list[float], list[float]]:
    """Time the check after each new turn, and again with nothing new."""
    after_turn: list[float] = []
    unchanged: list[float] = []
    for turn in range(count):
        session.messages.append(message(first_index + 2 * turn))
        session.messages.append(message(first_index + 2 * turn + 1))
        began = time.perf_counter()
        await consolidator.maybe_consolidate_by_tokens(session)
        after_turn.append(time.perf_counter() - began)
        began = time.perf_counter()
        await consolidator.maybe_consolidate_by_tokens(session)
        unchanged.append(time.perf_counter() - began)
    return after_turn, unchanged


def bench_per_turn_check() -> None:
    print("per-turn budget check (under budget), after one new turn:")
    for size in (200, 2_000, 20_000):
        with tempfile.TemporaryDirectory() as tmp:
            consolidator, sessions = consolidator_for(Path(tmp), 10_000_000)
            session = sessions.get_or_create("bench:check")
            session.messages.extend(message(i) for i in range(size))
            sessions.save(session)
            started = time.perf_counter()
            asyncio.run(consolidator.maybe_consolidate_by_tokens(session))
            first = time.perf_counter() - started
            after_turn, unchanged = asyncio.run(_turns(consolidator, session, size, 200))
            p95 = sorted(after_turn)[int(len(after_turn) * 0.95)]
            print(
                f"  {size:>6,} messages: first check {first * 1e3:6.1f} ms (counts all once); "
                f"after a turn median {statistics.median(after_turn) * 1e6:4.0f} us, "
                f"p95 {p95 * 1e6:4.0f} us; "
                f"no change median {statistics.median(unchanged) * 1e6:4.0f} us"
            )


def _prompt_bytes(messages: list[dict[str, Any]]) -> int:
    return sum(len(str(m.get("content") or "").encode("utf-8")) for m in messages)


def _heuristic_prompt(messages: list[dict[str, Any]]) -> int:
    """What reverie's no-tokenizer fallback (about 4 chars per token) says, framing included."""
    return 3 + sum(3 + heuristic_count(str(m.get("content") or "")) for m in messages)


def bench_utilisation(window: int = 8_192, turns: int = 400) -> None:
    print(f"context utilisation at each trigger ({MODEL}, window {window:,} tokens):")
    ratios: list[float] = []
    quarter: list[float] = []
    per_byte: list[float] = []
    fill: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        workspace = Path(tmp)
        consolidator, sessions = consolidator_for(workspace, window)
        context = ContextBuilder(workspace, store=consolidator.store, sessions=sessions)
        session = sessions.get_or_create("bench:util")

        async def run() -> None:
            for index in range(turns):
                user = message(2 * index)
                estimate, _ = consolidator.estimate_session_prompt_tokens(session)
                if estimate >= consolidator.budget:
                    prompt = context.build_messages(
                        session.get_history(max_messages=0), user["content"], session=session
                    )
                    exact = count_prompt_tokens(prompt, model=MODEL).tokens
                    ratios.append(estimate / exact)
                    quarter.append(_heuristic_prompt(prompt) / exact)
                    per_byte.append(_prompt_bytes(prompt) / exact)
                    fill.append(exact / consolidator.budget)
                    await consolidator.maybe_consolidate_by_tokens(session)
                session.messages.append(user)
                session.messages.append(message(2 * index + 1))
                sessions.save(session)

        asyncio.run(run())
    print(
        f"  {len(ratios)} triggers; estimate / exact prompt: mean {statistics.mean(ratios):.4f}, "
        f"worst {max(ratios, key=lambda r: abs(r - 1)):.4f}"
    )
    print(f"  exact prompt / budget at trigger: mean {statistics.mean(fill):.3f}")
    print(
        f"  4-chars-per-token heuristic / exact: mean {statistics.mean(quarter):.3f}; "
        f"1-token-per-byte count / exact: mean {statistics.mean(per_byte):.2f} "
        f"(would trigger at {1 / statistics.mean(per_byte):.0%} of the budget)"
    )


def bench_disk(count: int = 10_000) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        archive = TranscriptArchive(Path(tmp))
        batch: list[dict[str, Any]] = []
        content_bytes = 0
        for index in range(count):
            item = message(index, stamp=f"2026-04-03T10:{index % 60:02d}:00.123456")
            content_bytes += len(json.dumps(item, ensure_ascii=False).encode("utf-8"))
            batch.append(item)
            if len(batch) == 100:
                archive.append("bench:disk", batch, first_index=index + 1 - 100, reason="compact")
                batch = []
        size = archive.path_for("bench:disk").stat().st_size
    print(
        f"transcript archive: {size / 1e6:.2f} MB per {count:,} messages "
        f"({size / count:.0f} B each; the messages' own JSON is {content_bytes / count:.0f} B, "
        f"so the index/key/time envelope adds {(size - content_bytes) / count:.0f} B)"
    )


def main() -> None:
    bench_per_turn_check()
    bench_utilisation()
    bench_disk()


if __name__ == "__main__":
    main()
