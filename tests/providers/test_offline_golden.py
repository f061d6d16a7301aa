"""Golden answers of the offline provider to archive requests for recorded conversations."""

from __future__ import annotations

from typing import Any

import pytest

from reverie.consolidation.archive_prompt import build_archive_messages
from reverie.providers.offline import OfflineProvider


def msg(role: str, content: str | None, stamp: str, **extra: Any) -> dict[str, Any]:
    return {"role": role, "content": content, "timestamp": stamp, **extra}


PREFERENCES = [
    msg("user", "Hi! My name is Dana, but please call me Dee.", "2026-04-03T09:00:00"),
    msg("assistant", "Nice to meet you, Dee! How can I help?", "2026-04-03T09:00:05"),
    msg(
        "user",
        "I'm a data engineer at Northwind. I prefer short answers without emoji.",
        "2026-04-03T09:01:00",
    ),
    msg("assistant", "Got it: short answers, no emoji.", "2026-04-03T09:01:04"),
    msg(
        "user",
        "I live in Lisbon and I hate long meetings. Oh, and I love Rust.",
        "2026-04-03T09:02:00",
    ),
    # The assistant's own "preferences" are not facts about the user.
    msg("assistant", "I love Rust too! I prefer cats, by the way.", "2026-04-03T09:02:03"),
]

PROJECT = [
    msg("user", "We decided to use PostgreSQL 16 for the billing service.", "2026-04-04T14:00:00"),
    msg(
        "assistant",
        None,
        "2026-04-04T14:00:02",
        tool_calls=[
            {
                "id": "c1",
                "type": "function",
                "function": {"name": "read_file", "arguments": '{"path": "docker-compose.yml"}'},
            }
        ],
    ),
    msg(
        "tool",
        "services:\n  db:\n    image: postgres:16\nI prefer YAML anchors.",
        "2026-04-04T14:00:03",
        tool_call_id="c1",
    ),
    msg("assistant", "The compose file already runs postgres:16.", "2026-04-04T14:00:06"),
    msg(
        "user",
        "Great. Let's go with FastAPI for the HTTP layer; the project uses Python 3.12.\n"
        "The CLI is written in Rust.",
        "2026-04-04T14:02:00",
    ),
    msg(
        "user",
        "```python\nI prefer = 'not a fact in code'\n```\n"
        "We'll deploy with Docker Compose on Hetzner.",
        "2026-04-04T14:03:00",
    ),
]

CHITCHAT = [
    msg("user", "hey there!", "2026-04-05T20:00:00"),
    msg("assistant", "Hello! How are you today?", "2026-04-05T20:00:02"),
    msg("user", "good, thanks. how about you?", "2026-04-05T20:00:10"),
    msg("assistant", "I'm doing well, thanks for asking!", "2026-04-05T20:00:12"),
    msg("user", "cool. that's all, thanks a lot! see you tomorrow", "2026-04-05T20:00:30"),
    msg("user", "Nice weather today.", "2026-04-05T20:00:40"),
]

CORRECTIONS = [
    msg("user", "My flight to Berlin is on Monday.", "2026-04-06T08:00:00"),
    msg("assistant", "Noted: flight to Berlin on Monday.", "2026-04-06T08:00:03"),
    msg("user", "Actually, it's on Tuesday, not Monday.", "2026-04-06T08:01:00"),
    msg("user", "No, my manager is Priya, not Maria.", "2026-04-06T08:02:00"),
    msg("user", "Correction: the repo is called reverie-core.", "2026-04-06T08:03:00"),
    msg("user", "I was wrong about the budget, it is 40k EUR.", "2026-04-06T08:04:00"),
    msg("user", "No, thanks.", "2026-04-06T08:05:00"),
    msg("user", "Actually I prefer tea over coffee now.", "2026-04-06T08:06:00"),
]

TASKS = [
    msg("user", "I need to renew my passport by Friday.", "2026-04-07T11:00:00"),
    msg("user", "Can you remind me to call the dentist tomorrow?", "2026-04-07T11:01:00"),
    msg("assistant", "Sure, I will remind you tomorrow.", "2026-04-07T11:01:02"),
    msg("user", "TODO: migrate the cron jobs to systemd timers", "2026-04-07T11:02:00"),
    msg(
        "user",
        "- I have an interview with Globex on April 14 at 3pm\n- don't forget to water the plants",
        "2026-04-07T11:03:00",
    ),
    msg("user", "What time is it in Tokyo?", "2026-04-07T11:04:00"),
]

GOLDEN = {
    "preferences": (
        PREFERENCES,
        """\
[permanent] User's name is Dana.
[permanent] User wants to be called Dee.
[permanent] User is a data engineer at Northwind.
[permanent] User prefers short answers without emoji.
[permanent] User lives in Lisbon.
[permanent] User hates long meetings.
[permanent] User loves Rust.""",
    ),
    "project": (
        PROJECT,
        """\
[durable] The team decided to use PostgreSQL 16 for the billing service.
[durable] Decision: go with FastAPI for the HTTP layer.
[durable] The project uses Python 3.12.
[durable] The CLI is written in Rust.
[durable] The team will deploy with Docker Compose on Hetzner.""",
    ),
    "chitchat": (CHITCHAT, "(nothing)"),
    "corrections": (
        CORRECTIONS,
        """\
[correction] User's flight to Berlin is on Tuesday (not Monday).
[correction] User's manager is Priya, not Maria.
[correction] User corrected: the repo is called reverie-core.
[correction] User corrected: the budget is 40k EUR.
[correction] User prefers tea over coffee now.""",
    ),
    "tasks": (
        TASKS,
        """\
[ephemeral] User needs to renew their passport by Friday (as of 2026-04-07).
[ephemeral] User asked to be reminded to call the dentist on 8 April 2026 (as of 2026-04-07).
[ephemeral] To do: migrate the cron jobs to systemd timers (as of 2026-04-07).
[ephemeral] User has an interview with Globex on April 14 at 3pm (as of 2026-04-07).
[ephemeral] User must not forget to water the plants (as of 2026-04-07).""",
    ),
}


async def archive(messages: list[dict[str, Any]], previous: str | None = None) -> str:
    provider = OfflineProvider()
    response = await provider.chat_with_retry(
        messages=build_archive_messages(messages, previous_summary=previous)
    )
    assert response.finish_reason == "stop"
    assert not response.has_tool_calls
    assert response.content is not None
    return response.content


@pytest.mark.parametrize("name", list(GOLDEN))
async def test_golden_answer(name: str) -> None:
    messages, expected = GOLDEN[name]
    assert await archive(messages) == expected


async def test_facts_already_in_the_previous_summary_are_not_repeated() -> None:
    previous = "[permanent] User's name is Dana.\n[permanent] User loves Rust."
    answer = await archive(PREFERENCES, previous)
    assert "Dana" not in answer
    assert "Rust" not in answer
    assert "[permanent] User lives in Lisbon." in answer.splitlines()


async def test_the_same_fact_said_twice_is_kept_once() -> None:
    messages = [
        msg("user", "I prefer dark mode.", "2026-04-08T10:00:00"),
        msg("assistant", "Dark mode it is.", "2026-04-08T10:00:02"),
        msg("user", "Remember: I prefer dark mode!", "2026-04-08T10:05:00"),
        msg("user", "i prefer   DARK mode", "2026-04-08T10:06:00"),
    ]
    assert await archive(messages) == "[permanent] User prefers dark mode."


async def test_answers_are_deterministic() -> None:
    mixed = PREFERENCES + PROJECT + CORRECTIONS + TASKS
    first = await archive(mixed)
    assert await archive(mixed) == first
    for expected in ("User loves Rust.", "The CLI is written in Rust.", "the budget is 40k EUR."):
        assert expected in first


async def test_every_line_carries_one_known_tag() -> None:
    answer = await archive(PREFERENCES + PROJECT + CORRECTIONS + TASKS)
    tags = ("[permanent] ", "[durable] ", "[ephemeral] ", "[correction] ")
    for line in answer.splitlines():
        assert line.startswith(tags), line


async def test_smart_apostrophes_and_dislikes_are_understood() -> None:
    # Phones and word processors replace ' with ’; the facts must not vanish.
    messages = [
        msg("user", "I’m a teacher in Graz. I’d rather get answers in German.", "2026-04-09T08:00"),
        msg("user", "I don’t like video calls. Don’t forget to book the room.", "2026-04-09T08:01"),
        msg("user", "I don’t like that idea, thanks.", "2026-04-09T08:02"),
    ]
    assert await archive(messages) == (
        "[permanent] User is a teacher in Graz.\n"
        "[permanent] User would rather get answers in German.\n"
        "[permanent] User doesn't like video calls.\n"
        "[ephemeral] User must not forget to book the room (as of 2026-04-09)."
    )
