"""Property tests: whatever a session holds, get_history hands a model a legal tail."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from reverie.sessions.session import Session
from reverie.tokens import estimate_message_tokens

CALL_IDS = ["c1", "c2", "c3", "c4"]


def _message(kind: str, serial: int, ids: list[str]) -> dict[str, Any]:
    text = f"m{serial} " + "word " * (serial % 7)
    if kind == "user":
        return {"role": "user", "content": text, "timestamp": "2026-01-01T00:00:00"}
    if kind == "assistant":
        return {"role": "assistant", "content": text, "timestamp": "2026-01-01T00:00:00"}
    if kind == "call":
        calls = [
            {"id": call_id, "type": "function", "function": {"name": "f", "arguments": "{}"}}
            for call_id in ids
        ]
        return {"role": "assistant", "content": None, "tool_calls": calls, "n": serial}
    return {"role": "tool", "content": text, "tool_call_id": ids[0], "name": "f"}


@st.composite
def sessions(draw: st.DrawFn) -> Session:
    kinds = draw(
        st.lists(st.sampled_from(["user", "assistant", "call", "tool"]), min_size=0, max_size=30)
    )
    messages = []
    for serial, kind in enumerate(kinds):
        ids = draw(st.lists(st.sampled_from(CALL_IDS), min_size=1, max_size=3, unique=True))
        messages.append(_message(kind, serial, ids))
    consolidated = draw(st.integers(min_value=-2, max_value=len(messages) + 2))
    return Session("prop:key", messages=messages, last_consolidated=consolidated)


def _legality_problems(history: list[dict[str, Any]]) -> list[str]:
    problems = []
    open_calls: set[str] | None = None  # ids the current tool run may answer
    for position, message in enumerate(history):
        if message["role"] == "tool":
            if open_calls is None or message["tool_call_id"] not in open_calls:
                problems.append(f"orphan tool result at {position}")
            else:
                open_calls.discard(message["tool_call_id"])
            continue
        if open_calls:
            problems.append(f"calls {sorted(open_calls)} unanswered before {position}")
        open_calls = None
        if message["role"] == "assistant" and "tool_calls" in message:
            open_calls = {c["id"] for c in message["tool_calls"]}
            if not open_calls:
                problems.append(f"empty tool_calls at {position}")
    if open_calls:
        problems.append(f"calls {sorted(open_calls)} unanswered at the end")
    return problems


def _is_subsequence(history: list[dict[str, Any]], source: list[dict[str, Any]]) -> bool:
    it = iter(source)
    return all(
        any(
            original["role"] == message["role"] and original.get("content") == message["content"]
            for original in it
        )
        for message in history
    )


@settings(max_examples=300, deadline=None)
@given(sessions(), st.integers(min_value=0, max_value=25))
def test_history_is_always_legal_and_within_max_messages(session: Session, limit: int) -> None:
    history = session.get_history(max_messages=limit)
    window = session.unconsolidated()
    if limit > 0:
        window = window[-limit:]
        assert len(history) <= limit
    assert not _legality_problems(history)
    assert not history or history[0]["role"] != "tool"
    if any(m["role"] == "user" for m in window):
        assert history[0]["role"] == "user"
    assert _is_subsequence(history, window)
    assert all("timestamp" not in m for m in history)
    # Nothing a user said in the window after its first user turn is dropped.
    users_in_window = [m["content"] for m in window if m["role"] == "user"]
    assert [m["content"] for m in history if m["role"] == "user"] == users_in_window


@settings(max_examples=200, deadline=None)
@given(sessions(), st.integers(min_value=1, max_value=120))
def test_token_budget_keeps_a_legal_suffix_that_fits(session: Session, budget: int) -> None:
    full = session.get_history()
    history = session.get_history(max_tokens=budget)
    assert sum(estimate_message_tokens(m) for m in history) <= budget
    assert not _legality_problems(history)
    assert history == full[len(full) - len(history) :]
    if any(m["role"] == "user" for m in history):
        assert history[0]["role"] == "user"
    # The cut is as late as legality allows: one more message would not fit or not be legal.
    if len(history) < len(full):
        wider = full[len(full) - len(history) - 1 :]
        over_budget = sum(estimate_message_tokens(m) for m in wider) > budget
        assert over_budget or _legality_problems(wider) or wider[0]["role"] != "user"
