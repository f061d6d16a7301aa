"""Session: adding messages and the replayable history a model receives."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from reverie.sessions.session import Session
from reverie.tokens import estimate_message_tokens


def call(call_id: str, name: str = "read_file") -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": "{}"}}


def user(text: str) -> dict[str, Any]:
    return {"role": "user", "content": text, "timestamp": "2026-04-03T10:00:00"}


def assistant(text: str | None, *call_ids: str) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": text, "timestamp": "t"}
    if call_ids:
        message["tool_calls"] = [call(call_id) for call_id in call_ids]
    return message


def tool(call_id: str, text: str = "result") -> dict[str, Any]:
    return {"role": "tool", "content": text, "tool_call_id": call_id, "name": "read_file"}


def contents(history: list[dict[str, Any]]) -> list[Any]:
    return [message["content"] for message in history]


def test_add_message_stamps_time_and_keeps_extra_fields() -> None:
    session = Session("cli:alice", updated_at=datetime(2000, 1, 1))
    before = datetime.now()
    stored = session.add_message("assistant", "", tool_calls=[call("c1")], tools_used=["x"])
    assert session.messages == [stored]
    assert datetime.fromisoformat(stored["timestamp"]) >= before
    assert session.updated_at >= before
    assert stored["tool_calls"] == [call("c1")] and stored["tools_used"] == ["x"]


def test_history_leaves_timestamps_and_bookkeeping_out() -> None:
    session = Session("k")
    session.add_message("user", "hi", tools_used=["a"], reasoning_content="secret")
    session.add_message("assistant", None, tool_calls=[call("c1")])
    session.add_message("tool", "42", tool_call_id="c1", name="read_file")
    session.add_message("assistant", "it is 42")
    assert session.get_history() == [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": None, "tool_calls": [call("c1")]},
        {"role": "tool", "content": "42", "tool_call_id": "c1", "name": "read_file"},
        {"role": "assistant", "content": "it is 42"},
    ]


def test_history_is_a_copy() -> None:
    session = Session("k", messages=[user("hi")])
    session.get_history()[0]["content"] = "changed"
    assert session.messages[0]["content"] == "hi"


def test_history_starts_after_consolidated_messages() -> None:
    session = Session("k", messages=[user("a"), assistant("b"), user("c"), assistant("d")])
    session.last_consolidated = 2
    assert contents(session.get_history()) == ["c", "d"]
    assert contents(session.unconsolidated()) == ["c", "d"]


@pytest.mark.parametrize("bad", [-1, 5, True, "2"])
def test_out_of_range_last_consolidated_resets_to_zero(bad: Any) -> None:
    session = Session("k", messages=[user("a"), assistant("b")], last_consolidated=bad)
    assert contents(session.get_history()) == ["a", "b"]
    assert session.last_consolidated == 0


def test_all_consolidated_gives_empty_history() -> None:
    session = Session("k", messages=[user("a"), assistant("b")], last_consolidated=2)
    assert session.get_history() == []


def test_window_starts_at_its_first_user_turn() -> None:
    messages = [user("u1"), assistant("a1"), assistant("a2"), user("u2"), assistant("a3")]
    session = Session("k", messages=messages)
    assert contents(session.get_history(max_messages=4)) == ["u2", "a3"]
    assert contents(session.get_history(max_messages=2)) == ["u2", "a3"]
    assert contents(session.get_history()) == ["u1", "a1", "a2", "u2", "a3"]


def test_default_window_is_120_messages() -> None:
    messages = [user(str(i)) if i % 2 == 0 else assistant(str(i)) for i in range(300)]
    history = Session("k", messages=messages).get_history()
    assert len(history) == 120
    assert history[0]["content"] == "180" and history[-1]["content"] == "299"


def test_non_positive_max_messages_means_no_limit() -> None:
    messages = [user(str(i)) for i in range(200)]
    assert len(Session("k", messages=messages).get_history(max_messages=0)) == 200


def test_tail_without_user_starts_at_first_legal_message() -> None:
    messages = [user("u"), assistant(None, "c1"), tool("c1", "r1"), assistant("done")]
    session = Session("k", messages=messages)
    # The window [tool, assistant] has no user and opens with an orphan result.
    assert session.get_history(max_messages=2) == [{"role": "assistant", "content": "done"}]
    assert contents(session.get_history(max_messages=3)) == [None, "r1", "done"]


def test_window_cut_inside_a_tool_group_drops_the_orphan_results() -> None:
    messages = [
        user("u"),
        assistant(None, "c1", "c2"),
        tool("c1", "r1"),
        tool("c2", "r2"),
        assistant("a"),
    ]
    history = Session("k", messages=messages).get_history(max_messages=2)
    assert history == [{"role": "assistant", "content": "a"}]


def test_orphan_tool_result_in_the_middle_is_dropped() -> None:
    messages = [user("u"), tool("ghost", "lost"), assistant("a"), user("v"), tool("c9")]
    assert contents(Session("k", messages=messages).get_history()) == ["u", "a", "v"]


def test_result_separated_from_its_call_is_not_paired() -> None:
    messages = [user("u"), assistant("thinking", "c1"), user("interrupt"), tool("c1")]
    history = Session("k", messages=messages).get_history()
    assert history == [
        {"role": "user", "content": "u"},
        {"role": "assistant", "content": "thinking"},
        {"role": "user", "content": "interrupt"},
    ]


def test_dangling_calls_are_left_out_and_answered_ones_kept() -> None:
    messages = [
        user("u"),
        assistant(None, "c1", "c2"),
        tool("c2", "r2"),
        assistant(None, "c3"),  # crashed before any result
    ]
    history = Session("k", messages=messages).get_history()
    assert history == [
        {"role": "user", "content": "u"},
        {"role": "assistant", "content": None, "tool_calls": [call("c2")]},
        {"role": "tool", "content": "r2", "tool_call_id": "c2", "name": "read_file"},
    ]


def test_duplicate_results_keep_the_first_answer() -> None:
    messages = [user("u"), assistant(None, "c1"), tool("c1", "first"), tool("c1", "second")]
    assert contents(Session("k", messages=messages).get_history()) == ["u", None, "first"]


def test_empty_tool_calls_list_is_not_sent() -> None:
    messages = [user("u"), {"role": "assistant", "content": "plain", "tool_calls": []}]
    assert Session("k", messages=messages).get_history()[1] == {
        "role": "assistant",
        "content": "plain",
    }


def test_max_tokens_keeps_the_newest_messages_that_fit() -> None:
    messages = [user(f"question number {i}") for i in range(10)]
    session = Session("k", messages=messages)
    full = session.get_history()
    each = estimate_message_tokens(full[-1])
    history = session.get_history(max_tokens=3 * each)
    assert contents(history) == ["question number 7", "question number 8", "question number 9"]
    assert sum(estimate_message_tokens(m) for m in history) <= 3 * each


def test_max_tokens_never_cuts_between_a_call_and_its_results() -> None:
    messages = [
        user("first question"),
        assistant(None, "c1"),
        tool("c1", "a long tool result " * 20),
        assistant("answer"),
        user("second question"),
        assistant("second answer"),
    ]
    session = Session("k", messages=messages)
    tail = session.get_history()[-2:]
    budget = sum(estimate_message_tokens(m) for m in tail) + 5
    history = session.get_history(max_tokens=budget)
    assert contents(history) == ["second question", "second answer"]


def test_max_tokens_smaller_than_newest_message_gives_nothing() -> None:
    session = Session("k", messages=[user("x" * 400)])
    assert session.get_history(max_tokens=1) == []


def test_absolute_indexes_survive_archived_messages() -> None:
    session = Session("k", messages=[user("a"), assistant("b"), user("c")])
    session.archived_offset = 10
    assert session.metadata["archived_offset"] == 10
    assert session.absolute_index(0) == 10
    assert session.absolute_index(-1) == 12
    assert session.total_messages == 13
    assert session.source_range(1, 3) == {"session_key": "k", "start": 11, "end": 13}
    with pytest.raises(IndexError, match="'k'"):
        session.source_range(2, 5)


def test_bad_archived_offset_in_metadata_reads_as_zero() -> None:
    session = Session("k", metadata={"archived_offset": "many"})
    assert session.archived_offset == 0
    with pytest.raises(ValueError, match="archived_offset"):
        session.archived_offset = -3


def test_suffix_start_extends_back_to_a_user_turn() -> None:
    messages = [
        user("u1"),
        assistant("a1"),
        user("u2"),
        assistant(None, "c1"),
        tool("c1"),
        assistant("a2"),
    ]
    session = Session("k", messages=messages)
    assert session.suffix_start(2) == 2
    assert session.suffix_start(4) == 2
    assert session.suffix_start(5) == 0
    assert session.suffix_start(100) == 0
    assert session.suffix_start(0) == 6
    assert Session("k", messages=[assistant("x"), assistant("y")]).suffix_start(1) == 0
