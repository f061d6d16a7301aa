"""Re-counting a prompt turn after turn stays exact, whatever was edited in between."""

from __future__ import annotations

import copy
import json
from typing import Any

import tiktoken
from hypothesis import given, settings
from hypothesis import strategies as st

from reverie.tokens import cache_info, clear_caches, estimate_prompt_tokens

MODEL = "gpt-4o"
LONG = "The billing service moves to PostgreSQL next quarter; backups stay daily. " * 8


def reference(encoding: tiktoken.Encoding, messages: list[dict[str, Any]]) -> int:
    """OpenAI's formula, computed here from tiktoken alone (no reverie code)."""
    total = 3
    for message in messages:
        total += 3
        for key in ("role", "content", "name", "tool_calls", "tool_call_id"):
            value = message.get(key)
            if value is None:
                continue
            if isinstance(value, list) and key == "content":
                texts = [part["text"] for part in value]
            elif isinstance(value, str):
                texts = [value]
            else:
                texts = [json.dumps(value, ensure_ascii=False, separators=(",", ":"))]
            total += sum(len(encoding.encode_ordinary(text)) for text in texts)
            if key == "name":
                total += 1
    return total


def make_message(i: int) -> dict[str, Any]:
    """A message of one of the shapes a chat history holds."""
    stamp = f"2026-04-03T10:{i % 60:02d}:00"
    kind = i % 5
    if kind == 0:
        return {"role": "user", "content": f"question {i} about item {i * 7}", "timestamp": stamp}
    if kind == 1:
        call = {
            "id": f"call_{i}",
            "type": "function",
            "function": {"name": "read_file", "arguments": json.dumps({"path": f"n{i}.md"})},
        }
        return {"role": "assistant", "content": None, "tool_calls": [call], "timestamp": stamp}
    if kind == 2:
        return {"role": "tool", "tool_call_id": f"call_{i - 1}", "content": LONG + str(i)}
    if kind == 3:
        parts = [{"type": "text", "text": f"part one of {i}"}, {"type": "text", "text": "two"}]
        return {"role": "user", "content": parts, "name": "ana"}
    return {"role": "assistant", "content": f"answer {i}: 我们决定迁移 🚀", "timestamp": stamp}


def conversation(n: int) -> list[dict[str, Any]]:
    return [{"role": "system", "content": "You remember things."}] + [
        make_message(i) for i in range(1, n)
    ]


def edit_in_place(message: dict[str, Any], how: int) -> None:
    """Change what a model sees in ``message`` without replacing the dict."""
    content = message.get("content")
    if message.get("tool_calls"):
        function = message["tool_calls"][0]["function"]
        function["arguments"] = json.dumps({"path": "USER.md", "content": "tea " * (how + 3)})
    elif isinstance(content, list):
        content[0]["text"] += " and a nested afterthought" * (how + 1)
    elif how % 3 == 0:
        message["name"] = f"speaker_{how}"
    elif isinstance(content, str):
        # Touch the middle, so a key made from the ends only would miss it.
        middle = len(content) // 2
        message["content"] = content[:middle] + " (edited) " * (how + 1) + content[middle:]


OPERATIONS = st.lists(
    st.tuples(
        st.sampled_from(["append", "edit", "new_system", "rebuild", "delete", "insert"]),
        st.integers(min_value=0, max_value=10_000),
    ),
    min_size=1,
    max_size=8,
)


@settings(max_examples=40, deadline=None)
@given(size=st.integers(min_value=1, max_value=90), operations=OPERATIONS)
def test_every_recount_equals_a_fresh_count(
    o200k: tiktoken.Encoding, size: int, operations: list[tuple[str, int]]
) -> None:
    clear_caches()
    messages = conversation(size)
    assert estimate_prompt_tokens(messages, model=MODEL) == reference(o200k, messages)
    for step, (operation, number) in enumerate(operations):
        index = number % len(messages)
        if operation == "append":
            messages.append(make_message(number))
        elif operation == "edit":
            edit_in_place(messages[index], number)
        elif operation == "new_system":
            messages[0] = {"role": "system", "content": f"Turn {step}. You remember things."}
        elif operation == "rebuild":  # what a prompt builder does every turn
            messages = [dict(m) for m in messages]
        elif operation == "delete" and len(messages) > 1:
            del messages[index]
        elif operation == "insert":
            messages.insert(index, make_message(number))
        assert estimate_prompt_tokens(messages, model=MODEL) == reference(o200k, messages)


def test_only_the_messages_that_changed_are_recounted(o200k: tiktoken.Encoding) -> None:
    messages = conversation(600)
    estimate_prompt_tokens(messages, model=MODEL)
    # Next turn: new dicts, a new system prompt, edits at the head, middle and
    # end, and one new message.
    messages = [dict(m) for m in messages]
    messages[0] = {"role": "system", "content": "You remember things. Today is Friday."}
    messages[1]["content"] = "question 1, asked again more precisely"
    messages[300]["content"] = messages[300]["content"] + " — and one more detail"
    messages[599]["name"] = "bob"
    messages.append({"role": "user", "content": "and what about the invoice?"})
    before = cache_info()
    total = estimate_prompt_tokens(messages, model=MODEL)
    after = cache_info()
    assert after.misses - before.misses == 5
    assert total == reference(o200k, messages)


def test_a_long_message_edited_in_the_middle_is_recounted(o200k: tiktoken.Encoding) -> None:
    text = "We keep the nightly backups for thirty days. " * 40
    messages = [{"role": "user", "content": text}]
    first = estimate_prompt_tokens(messages, model=MODEL)
    middle = len(text) // 2
    inserted = "Except logs, which we keep for a year. "
    messages[0]["content"] = text[:middle] + inserted + text[middle:]
    second = estimate_prompt_tokens(messages, model=MODEL)
    assert second > first
    assert second == reference(o200k, messages)


def test_a_long_message_in_another_dict_reuses_its_count() -> None:
    first = {"role": "tool", "tool_call_id": "c1", "content": LONG}
    tokens = estimate_prompt_tokens([first], model=MODEL)
    before = cache_info()
    again = {"role": "tool", "tool_call_id": "c1", "content": "".join(list(LONG))}
    assert estimate_prompt_tokens([again], model=MODEL) == tokens
    assert cache_info().misses == before.misses


def test_nested_edits_to_an_earlier_prompt_do_not_leak_into_its_snapshot(
    o200k: tiktoken.Encoding,
) -> None:
    messages = conversation(40)
    estimate_prompt_tokens(messages, model=MODEL)
    # A deep copy counted next; then the original's nested parts change in place.
    twin = copy.deepcopy(messages)
    assert estimate_prompt_tokens(twin, model=MODEL) == reference(o200k, twin)
    messages[3]["content"][0]["text"] = "rewritten completely, with many more words than before"
    assert estimate_prompt_tokens(messages, model=MODEL) == reference(o200k, messages)
    assert estimate_prompt_tokens(twin, model=MODEL) == reference(o200k, twin)
