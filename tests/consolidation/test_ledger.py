"""The running replay total always equals a full count of ``get_history``."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from reverie.consolidation.ledger import HistoryLedger
from reverie.sessions.session import Session
from reverie.tokens import estimate_message_tokens

MODEL = "gpt-4o"


def full_count(session: Session) -> int:
    return sum(estimate_message_tokens(m, model=MODEL) for m in session.get_history(max_messages=0))


def step_messages(kind: str, index: int) -> list[dict[str, Any]]:
    if kind == "user":
        return [{"role": "user", "content": f"question {index} " * (index % 7 + 1)}]
    if kind == "assistant":
        return [{"role": "assistant", "content": f"answer {index}"}]
    if kind == "call":
        return [
            {
                "role": "assistant",
                "content": "",
                "tool_calls": [
                    {
                        "id": f"c{index}",
                        "type": "function",
                        "function": {"name": "t", "arguments": "{}"},
                    }
                ],
            }
        ]
    if kind == "result":  # answers the most recent call id, if it was this index - 1
        return [{"role": "tool", "tool_call_id": f"c{index - 1}", "name": "t", "content": "ok"}]
    return [{"role": "tool", "tool_call_id": "nobody", "content": "orphan"}]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["user", "assistant", "call", "result", "orphan"]),
            st.integers(0, 3),  # 0: check after this step; 1: consolidate a bit; else append only
        ),
        max_size=60,
    )
)
def test_running_total_matches_a_full_count(steps: list[tuple[str, int]]) -> None:
    session = Session(key="t:ledger")
    ledger = HistoryLedger(MODEL)
    for index, (kind, action) in enumerate(steps):
        session.messages.extend(step_messages(kind, index))
        if action == 1 and session.messages:
            session.last_consolidated = min(len(session.messages), session.last_consolidated + 2)
        if action in (0, 1):
            assert ledger.history_tokens(session)[0] == full_count(session)
    assert ledger.history_tokens(session)[0] == full_count(session)


def test_appends_are_counted_without_a_rebuild_and_changes_force_one() -> None:
    session = Session(key="t:ledger")
    ledger = HistoryLedger(MODEL)
    session.add_message("user", "hello")
    assert ledger.history_tokens(session) == (full_count(session), True)
    session.add_message("assistant", "hi")
    session.add_message("user", "how are you")
    assert ledger.history_tokens(session) == (full_count(session), False)
    session.last_consolidated = 2
    assert ledger.history_tokens(session) == (full_count(session), True)
    session.messages[-1] = {"role": "user", "content": "replaced"}
    assert ledger.history_tokens(session) == (full_count(session), True)
    session.messages = list(session.messages)
    assert ledger.history_tokens(session)[1] is True
    ledger.forget(session.key)
    assert ledger.history_tokens(session)[1] is True
