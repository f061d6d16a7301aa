"""Token counting speed: throughput, per-turn re-count of a long session, import time.

Run with ``python benchmarks/bench_tokens.py``; it prints figures and asserts nothing.
Goals: re-counting a 2,000-message session after one new message <= 200 us;
``import reverie`` <= 150 ms over interpreter start.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from typing import Any

from reverie.tokens import clear_caches, count_text_tokens, estimate_prompt_tokens

SAMPLES = [
    "The quick brown fox jumps over the lazy dog while the team ships release 1.4.2. ",
    "我们决定在下个季度把账单服务迁移到 PostgreSQL，并且保留每日备份。",
    "プロジェクトは Rust で書かれていて、CI は GitHub Actions で動いています。",
    "Эта библиотека хранит память агента в обычных файлах. ",
    "Emoji stress: 🎉🚀👩‍💻🇵🇹👍🏽 — “quotes”, ‘apostrophes’… ",
    "def archive(messages):\n    return [m for m in messages if m.get('role') == 'user']\n",
    '{"id":"call_1","type":"function","function":{"name":"edit_file","arguments":"{}"}}\n',
]


def mixed_text(size_bytes: int) -> str:
    """Deterministic mixed-language text of about ``size_bytes`` UTF-8 bytes."""
    parts: list[str] = []
    total = 0
    index = 0
    while total < size_bytes:
        # The running number keeps the text from being one block repeated.
        sample = f"{SAMPLES[index % len(SAMPLES)]} #{index * 7919 % 100_003} "
        parts.append(sample)
        total += len(sample.encode("utf-8"))
        index += 1
    return "".join(parts)


def bench_throughput() -> None:
    text = mixed_text(1_000_000)
    megabytes = len(text.encode("utf-8")) / 1e6
    for model in ("gpt-4", "gpt-4o"):
        count_text_tokens("warm up", model=model)  # load the tables outside the timing
        times: list[float] = []
        tokens = 0
        for _ in range(3):
            started = time.perf_counter()
            tokens = count_text_tokens(text, model=model)
            times.append(time.perf_counter() - started)
        best = min(times)
        print(
            f"throughput {model:7s}: {tokens:,} tokens in {best * 1e3:.1f} ms "
            f"for {megabytes:.2f} MB -> {tokens / best / 1e6:.2f} M tokens/s"
        )


def session(n: int) -> list[dict[str, Any]]:
    return [
        {
            "role": "user" if i % 2 == 0 else "assistant",
            "content": SAMPLES[i % len(SAMPLES)] + f" (turn {i})",
            "timestamp": f"2026-04-03T10:{i % 60:02d}:00",
        }
        for i in range(n)
    ]


def _figures(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    return (
        f"median {statistics.median(times) * 1e6:.0f} us, p90 {p90 * 1e6:.0f} us, "
        f"best {ordered[0] * 1e6:.0f} us"
    )


def bench_recount(turns: int = 60) -> None:
    clear_caches()
    messages = session(2000)
    system = {"role": "system", "content": "You are a helpful assistant. " * 40}
    started = time.perf_counter()
    estimate_prompt_tokens([system, *messages], model="gpt-4o")
    cold = time.perf_counter() - started
    same: list[float] = []
    rebuilt: list[float] = []
    for turn in range(turns):
        messages.append({"role": "user", "content": f"one more question, number {turn}"})
        prompt = [system, *messages]
        started = time.perf_counter()
        estimate_prompt_tokens(prompt, model="gpt-4o")
        same.append(time.perf_counter() - started)
        # A prompt builder typically makes fresh dicts (and a new system prompt) each turn.
        fresh = [{"role": "system", "content": f"Turn {turn}. " + system["content"]}]
        fresh += [dict(m) for m in messages]
        started = time.perf_counter()
        estimate_prompt_tokens(fresh, model="gpt-4o")
        rebuilt.append(time.perf_counter() - started)
    # Rarer: one earlier message edited in place, somewhere in the middle.
    prompt = [system, *messages]
    estimate_prompt_tokens(prompt, model="gpt-4o")
    edited: list[float] = []
    for turn in range(turns):
        target = prompt[1 + (turn * 617) % 1900]
        target["content"] += " (edited)"
        started = time.perf_counter()
        estimate_prompt_tokens(prompt, model="gpt-4o")
        edited.append(time.perf_counter() - started)
    print(f"cold count of a 2,000-message session: {cold * 1e3:.1f} ms")
    print(f"re-count after one new message (same dicts):       {_figures(same)}")
    print(
        f"re-count after one new message (rebuilt dicts + new system prompt): {_figures(rebuilt)}"
    )
    print(f"re-count after one message edited in place (same dicts): {_figures(edited)}")


def _subprocess_seconds(code: str, runs: int = 7) -> float:
    times: list[float] = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def bench_import() -> None:
    baseline = _subprocess_seconds("pass")
    reverie = _subprocess_seconds("import reverie")
    tokens = _subprocess_seconds("import reverie.tokens")
    first = _subprocess_seconds(
        "from reverie.tokens import count_text_tokens; count_text_tokens('hi', model='gpt-4o')"
    )
    print(f"interpreter start: {baseline * 1e3:.0f} ms")
    print(f"import reverie: {(reverie - baseline) * 1e3:.0f} ms over interpreter start")
    print(f"import reverie.tokens: {(tokens - baseline) * 1e3:.0f} ms over interpreter start")
    print(f"import + first exact count (loads o200k_base): {(first - baseline) * 1e3:.0f} ms")


def main() -> None:
    bench_throughput()
    bench_recount()
    bench_import()


if __name__ == "__main__":
    main()
