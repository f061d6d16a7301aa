"""``reverie blame``: words match as words, best lines first, only telling messages shown."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from reverie.ops.blame import phrase_pattern
from reverie.sessions.manager import SessionManager
from reverie.store.memory_store import MemoryStore

SAID = [
    ("user", "Our team meets every Monday at ten."),
    ("assistant", "Noted: the weekly meeting is Monday at ten."),
    ("user", "I switched from coffee to green tea last month."),
    ("assistant", "Green tea it is."),
    ("user", "Steam is where I buy my games."),
    ("assistant", "Good to know."),
    ("user", "My sister drinks a lot of tea, but I only have one cup a day."),
    ("assistant", "One cup, noted."),
]
MEMORY = """# Memory

- The team meets every Monday at ten.
- User buys games on Steam.
"""
USER = """# User

- User drinks tea at the office and at home, among many other drinks like water and juice.
- User prefers green tea.
- User gave up coffee for tea.
"""


@pytest.fixture
def dreamed(tmp_path: Path) -> Path:
    """A workspace where one Dream commit wrote the lines above from one history entry."""
    workspace = tmp_path / "ws"
    store = MemoryStore(workspace)
    store.git.init()
    sessions = SessionManager(workspace)
    session = sessions.get_or_create("cli:ana")
    for role, text in SAID:
        session.add_message(role, text)
    sessions.save(session)
    cursor = store.append_history(
        "[durable] User drinks green tea, not coffee. The team meets on Mondays.",
        session_key="cli:ana",
        source={"session_key": "cli:ana", "start": 0, "end": len(SAID)},
    )
    (workspace / "memory" / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    (workspace / "USER.md").write_text(USER, encoding="utf-8")
    store.set_last_dream_cursor(cursor)
    message = (
        f"dream: update USER.md, memory/MEMORY.md\n\nDream-Cursors: {cursor}-{cursor}\n"
        "Dream-Model: test"
    )
    assert store.git.auto_commit(message) is not None
    return workspace


def blame(cli: Any, workspace: Path, text: str) -> list[dict[str, Any]]:
    hits: list[dict[str, Any]] = json.loads(cli.ok("blame", text, "-w", workspace, "--json").stdout)
    return hits


def test_a_word_never_matches_inside_another_word(cli: Any, dreamed: Path) -> None:
    lines = [hit["text"] for hit in blame(cli, dreamed, "tea")]
    assert "- The team meets every Monday at ten." not in lines
    assert "- User buys games on Steam." not in lines
    assert len(lines) == 3 and all("tea" in line.lower() for line in lines)
    assert [hit["text"] for hit in blame(cli, dreamed, "TEAM")] == [
        "- The team meets every Monday at ten."
    ]


def test_the_most_relevant_line_comes_first(cli: Any, dreamed: Path) -> None:
    lines = [hit["text"] for hit in blame(cli, dreamed, "tea")]
    # Both short lines are about tea; the long one mentions it among many things.
    assert lines[-1].startswith("- User drinks tea at the office")
    assert lines[0] == "- User prefers green tea."


def test_several_words_match_as_a_phrase(cli: Any, dreamed: Path) -> None:
    assert [hit["text"] for hit in blame(cli, dreamed, "Green Tea.")] == [
        "- User prefers green tea."
    ]
    missing = cli.run("blame", "tea green", "-w", dreamed)
    assert missing.exit_code == 1 and "tea green" in missing.stderr


def test_only_messages_holding_the_words_are_listed(cli: Any, dreamed: Path) -> None:
    (hit,) = blame(cli, dreamed, "green tea")
    (origin,) = hit["origins"]
    assert origin["total_messages"] == len(SAID)
    assert origin["match"] == "words"
    assert [m["content"] for m in origin["messages"]] == [
        "I switched from coffee to green tea last month.",
        "Green tea it is.",
    ]
    assert origin["indexes"] == [2, 3]
    shown = cli.ok("blame", "green tea", "-w", dreamed).stdout
    assert "2 of its 8 messages contain these words" in shown
    assert "Steam is where I buy my games." not in shown
    assert "Our team meets" not in shown


def test_messages_are_found_even_when_the_summary_leaves_the_words_out(
    cli: Any, dreamed: Path
) -> None:
    # The entry never says "Steam"; one of the messages it covers does.
    (hit,) = blame(cli, dreamed, "steam")
    (origin,) = hit["origins"]
    assert origin["match"] == "words"
    assert [m["content"] for m in origin["messages"]] == ["Steam is where I buy my games."]


def test_a_reworded_line_lists_the_messages_sharing_its_words(cli: Any, dreamed: Path) -> None:
    # Nobody said "gave up": the message sharing the line's words (coffee, tea) is the one.
    (hit,) = blame(cli, dreamed, "gave up")
    (origin,) = hit["origins"]
    assert origin["match"] == "related"
    assert [m["content"] for m in origin["messages"]] == [
        "I switched from coffee to green tea last month."
    ]
    shown = cli.ok("blame", "gave up", "-w", dreamed).stdout
    assert "1 of its 8 messages share the line's words" in shown


def test_phrase_pattern_rules() -> None:
    tea = phrase_pattern("tea")
    assert tea is not None
    assert (
        tea.search("Green TEA, please") and not tea.search("the team") and not tea.search("steam")
    )
    plus = phrase_pattern("C++")
    assert plus is not None and plus.search("I write C++ daily") and not plus.search("C")
    dashed = phrase_pattern("dark roast")
    assert dashed is not None and dashed.search("dark-roast coffee")
    assert phrase_pattern(" ... ") is None


def test_a_word_found_only_inside_longer_words_is_named(cli: Any, dreamed: Path) -> None:
    missing = cli.run("blame", "stea", "-w", dreamed)
    assert missing.exit_code == 1
    assert "only part of longer words: Steam" in missing.stderr
