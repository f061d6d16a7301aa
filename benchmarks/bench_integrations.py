"""The integrations: memory-tool commands, MCP tool calls, and Agents SDK session I/O.

Run with ``python benchmarks/bench_integrations.py [--rounds N]``; it prints figures and
asserts nothing. What it measures, each on a fresh workspace:

- a memory-tool ``view`` of a note, and a ``str_replace`` (which writes the file
  atomically and makes its git commit, plus the check for hand edits before it);
- an MCP ``remember`` and ``memory view`` through the MCP SDK's in-process client
  (the protocol round trip included, no network);
- ``ReverieSession.add_items`` of one turn and ``get_items`` of a 200-item session.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from reverie.integrations.memory_commands import MemoryCommands
from reverie.integrations.openai_agents import ReverieSession
from reverie.workspace import Workspace


def _report(name: str, samples: list[float]) -> None:
    ordered = sorted(samples)
    p50 = statistics.median(ordered) * 1000
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))] * 1000
    print(f"{name:<44} p50 {p50:8.2f} ms   p95 {p95:8.2f} ms   (n={len(samples)})")


def _time(action: Callable[[], object], rounds: int) -> list[float]:
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        action()
        samples.append(time.perf_counter() - start)
    return samples


async def _time_async(action: Callable[[], Awaitable[object]], rounds: int) -> list[float]:
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        await action()
        samples.append(time.perf_counter() - start)
    return samples


def bench_memory_tool(root: Path, rounds: int) -> None:
    ws = Workspace.open(root / "memory-tool")
    commands = MemoryCommands(ws.path, via="benchmark")
    commands.create("/memories/log.md", "".join(f"line {n}\n" for n in range(200)))
    _report(
        "memory tool: view a 200-line note",
        _time(lambda: commands.view("/memories/log.md"), rounds),
    )
    counter = iter(range(10**9))

    def replace() -> None:
        n = next(counter)
        commands.str_replace("/memories/log.md", f"line {n}\n", f"line {n} done\n")

    _report("memory tool: str_replace (write + git commit)", _time(replace, rounds))


async def bench_mcp(root: Path, rounds: int) -> None:
    from mcp import Client
    from mcp.types import Implementation

    from reverie.mcp.server import build_server

    ws = Workspace.open(root / "mcp")
    server = build_server(ws)
    info = Implementation(name="benchmark", version="0")
    async with Client(server, mode="legacy", client_info=info) as client:
        await client.call_tool(
            "memory", {"command": "create", "path": "/memories/n.md", "file_text": "x\n"}
        )
        view = {"command": "view", "path": "/memories/n.md"}
        _report(
            "mcp: memory view (in-process round trip)",
            await _time_async(lambda: client.call_tool("memory", view), rounds),
        )
        note = {"content": "Dana prefers tea to coffee."}
        _report(
            "mcp: remember (session + history entry)",
            await _time_async(lambda: client.call_tool("remember", note), rounds),
        )


async def bench_agents_session(root: Path, rounds: int) -> None:
    ws = Workspace.open(root / "agents")
    session = ReverieSession("bench", ws, consolidate=False)
    turn = [
        {"role": "user", "content": "What is the weather in Lisbon?"},
        {"type": "function_call", "call_id": "c", "name": "weather", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "c", "output": "sunny"},
        {"role": "assistant", "content": "Sunny."},
    ]
    for _ in range(50):
        await session.add_items(list(turn))
    _report(
        "agents session: add_items (one 4-item turn)",
        await _time_async(lambda: session.add_items(list(turn)), rounds),
    )
    _report("agents session: get_items (200+ items)", await _time_async(session.get_items, rounds))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=50)
    rounds = parser.parse_args().rounds
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        bench_memory_tool(root, rounds)
        asyncio.run(bench_mcp(root, rounds))
        asyncio.run(bench_agents_session(root, rounds))


if __name__ == "__main__":
    main()
