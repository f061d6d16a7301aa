"""Boundary picking and chunk shrinking: pure rules, checked over random sequences."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from reverie.consolidation.planner import (
    MIN_KEPT_CHARS,
    blocked_cuts,
    largest_fitting_cut,
    pick_boundary,
    pick_replay_cut,
    shrink_messages,
)
from reverie.tokens import estimate_message_tokens


def user(text: str) -> dict[str, Any]:
    return {"role": "user", "content": text}


def assistant(text: str, *calls: str) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": text}
    if calls:
        message["tool_calls"] = [
            {"id": c, "type": "function", "function": {"name": "t", "arguments": "{}"}}
            for c in calls
        ]
    return message


def tool(call_id: str, text: str = "result") -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call_id, "name": "t", "content": text}


def length(message: Any) -> int:
    return len(str(message.get("content")))


def test_first_user_cut_that_removes_enough_wins() -> None:
    messages = [user("a" * 10), assistant("b" * 10), user("c" * 10), assistant("d"), user("e")]
    assert pick_boundary(messages, 0, 15, length) == (2, 20)
    assert pick_boundary(messages, 0, 21, length) == (4, 31)
    # Not enough anywhere: the last candidate.
    assert pick_boundary(messages, 0, 10_000, length) == (4, 31)


def test_the_start_itself_is_never_a_cut_and_scanning_starts_there() -> None:
    messages = [user("a"), assistant("b"), user("c"), assistant("d")]
    assert pick_boundary(messages, 2, 1, length) is None  # no user message after the start
    assert pick_boundary(messages, 1, 1, length) == (2, 1)


def test_nothing_left_gives_none_and_nothing_to_remove_the_first_cut() -> None:
    messages = [user("a"), assistant("b"), user("c")]
    assert pick_boundary(messages, 0, 0, length) == (2, 2)  # every cut removes >= 0
    assert pick_boundary(messages, 0, -5, length) == (2, 2)
    assert pick_boundary(messages, 3, 5, length) is None
    assert pick_boundary([], 0, 5, length) is None


def test_removed_tokens_sum_the_message_estimates() -> None:
    messages = [user("hello there"), assistant("general kenobi"), user("next")]
    index, removed = pick_boundary(messages, 0, 1, estimate_message_tokens) or (0, 0)
    assert index == 2
    assert removed == sum(estimate_message_tokens(m) for m in messages[:2])


def test_a_user_message_inside_a_tool_pair_is_not_a_cut() -> None:
    messages = [
        user("q"),
        assistant("", "c1"),
        user("interjection"),  # a crash or a hand edit put it between call and result
        tool("c1"),
        assistant("a"),
        user("next"),
    ]
    assert blocked_cuts(messages, 0) == [False, False, True, True, False, False]
    assert pick_boundary(messages, 0, 1, length) == (5, sum(length(m) for m in messages[:5]))


def test_call_ids_reused_in_every_turn_still_leave_cuts_between_turns() -> None:
    # Some servers number tool calls call_0, call_1… afresh in each turn.
    messages: list[dict[str, Any]] = []
    for turn in range(4):
        messages += [user(f"q{turn}"), assistant("", "call_0"), tool("call_0"), assistant("a")]
    blocked = blocked_cuts(messages, 0)
    assert [i for i, m in enumerate(messages) if m["role"] == "user" and blocked[i]] == []
    assert pick_boundary(messages, 0, 10, length) == (8, sum(map(length, messages[:8])))
    assert pick_replay_cut(messages, 0, 4) == 12


def test_largest_fitting_cut_shrinks_a_chunk_to_whole_turns() -> None:
    messages = [user("1"), assistant("", "c"), tool("c"), user("2"), assistant("2"), user("3")]
    assert largest_fitting_cut(messages, 0, 5, lambda cut: cut <= 4) == 3
    assert largest_fitting_cut(messages, 0, 6, lambda cut: cut <= 5) == 5
    assert largest_fitting_cut(messages, 0, 5, lambda cut: False) == 3  # the smallest chunk
    assert largest_fitting_cut(messages, 0, 3, lambda cut: False) == 3  # no cut inside: keep end


def test_replay_cut_keeps_at_most_the_newest_n() -> None:
    messages = [user("1"), assistant("1"), user("2"), assistant("2"), user("3"), assistant("3")]
    assert pick_replay_cut(messages, 0, 6) is None
    assert pick_replay_cut(messages, 0, 4) == 2
    assert pick_replay_cut(messages, 0, 3) == 4  # first user turn among the newest three
    assert pick_replay_cut(messages, 0, 0) == 6
    assert pick_replay_cut(messages, 2, 3) == 4
    assert pick_replay_cut([user("1"), *[assistant(str(i)) for i in range(5)]], 0, 3) is None


def test_shrink_keeps_head_and_tail_and_only_what_is_needed() -> None:
    long_text = "HEAD" + "x" * 10_000 + "TAIL"
    messages = [user("short"), assistant(long_text)]
    assert shrink_messages(messages, lambda ms: True) == messages

    def fits(candidate: list[dict[str, Any]]) -> bool:
        return sum(length(m) for m in candidate) <= 2_000

    shrunk = shrink_messages(messages, fits, note="; see the archive")
    assert shrunk is not None and fits(shrunk)
    assert shrunk[0] == messages[0]
    text = shrunk[1]["content"]
    assert text.startswith("HEAD") and text.endswith("TAIL") and "see the archive" in text
    assert len(text) > 1_500  # as much as fits is kept, not just the minimum
    assert messages[1]["content"] == long_text  # the originals are untouched
    assert shrink_messages(messages, lambda ms: False) is None
    assert MIN_KEPT_CHARS < 2_000


@st.composite
def conversations(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Random well-formed and damaged sequences of turns, tool pairs and stray messages."""
    messages: list[dict[str, Any]] = []
    counter = 0
    reuse_ids = draw(st.booleans())  # like servers that number calls call_0… in every turn
    for kind in draw(st.lists(st.sampled_from("uatxo"), max_size=40)):
        size = draw(st.integers(0, 60))
        if kind == "u":
            messages.append(user("u" * size))
        elif kind == "a":
            messages.append(assistant("a" * size))
        elif kind == "t":  # a tool round: call(s), then results
            first = 0 if reuse_ids else counter
            calls = [f"c{first + k}" for k in range(draw(st.integers(1, 3)))]
            counter += len(calls)
            messages.append(assistant("", *calls))
            if draw(st.booleans()):
                messages.append(user("stray " * size))  # damage: a user message inside the pair
            messages.extend(tool(c, "r" * size) for c in calls)
        elif kind == "x":
            messages.append(tool("orphan"))
        else:
            messages.append(assistant("", f"lost{counter}"))  # a call whose result never came
            counter += 1
    return messages


def _splits_pair(messages: list[dict[str, Any]], cut: int) -> bool:
    """True when a result at or after ``cut`` answers a call made before it.

    A result answers the latest call with its id before it (ids may repeat).
    """
    for index in range(cut, len(messages)):
        if messages[index].get("role") != "tool":
            continue
        call_id = messages[index]["tool_call_id"]
        callers = [
            i
            for i in range(index)
            if any(c["id"] == call_id for c in messages[i].get("tool_calls", []))
        ]
        if callers and callers[-1] < cut:
            return True
    return False


@settings(max_examples=150, deadline=None)
@given(conversations(), st.integers(0, 5), st.integers(-5, 1_500))
def test_a_cut_is_before_a_user_message_and_never_splits_a_pair(
    messages: list[dict[str, Any]], start: int, to_remove: int
) -> None:
    picked = pick_boundary(messages, start, to_remove, length)
    candidates = [
        i
        for i in range(start + 1, len(messages))
        if messages[i]["role"] == "user" and not _splits_pair(messages, i)
    ]
    if picked is None:
        assert start >= len(messages) or not candidates
        return
    index, removed = picked
    assert start < index < len(messages)
    assert messages[index]["role"] == "user"
    assert not _splits_pair(messages, index)
    assert removed == sum(length(m) for m in messages[start:index])
    # The first candidate that removes enough, else the last one.
    enough = [i for i in candidates if sum(length(m) for m in messages[start:i]) >= to_remove]
    assert index == (enough[0] if enough else candidates[-1])


@settings(max_examples=100, deadline=None)
@given(conversations(), st.integers(0, 12))
def test_a_replay_cut_leaves_at_most_n_and_is_a_legal_cut(
    messages: list[dict[str, Any]], keep: int
) -> None:
    cut = pick_replay_cut(messages, 0, keep)
    if cut is None:
        return
    assert len(messages) - cut <= keep
    if cut < len(messages):
        assert messages[cut]["role"] == "user" and not _splits_pair(messages, cut)
