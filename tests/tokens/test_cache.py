"""Counts are cached by content: the same content is counted once, a change is re-counted."""

from __future__ import annotations

import copy
import subprocess
import sys
from typing import Any

from reverie.tokens import cache_info, estimate_message_tokens, estimate_prompt_tokens
from suite_tools import DEADLINE


def session(n: int) -> list[dict[str, Any]]:
    return [
        {
            "role": "user" if i % 2 == 0 else "assistant",
            "content": f"message {i}: we talked about item {i * 7} and its price",
            "timestamp": f"2026-04-03T10:{i % 60:02d}:00",
        }
        for i in range(n)
    ]


def test_same_content_in_another_dict_is_a_hit() -> None:
    first = {"role": "user", "content": "I prefer dark mode", "timestamp": "2026-04-03T10:00"}
    tokens = estimate_message_tokens(first)
    before = cache_info()
    again = {"role": "user", "content": "I prefer dark mode", "timestamp": "2026-05-01T09:30"}
    assert estimate_message_tokens(again) == tokens
    after = cache_info()
    assert (after.hits - before.hits, after.misses - before.misses) == (1, 0)


def test_changed_content_is_recounted() -> None:
    message = {"role": "user", "content": "short"}
    short = estimate_message_tokens(message)
    message["content"] = "a much longer message than the one before it"
    assert estimate_message_tokens(message) > short


def test_counts_are_per_encoding() -> None:
    message = {"role": "user", "content": "我喜欢绿茶，也喜欢爬山。" * 3}
    assert estimate_message_tokens(message, model="gpt-4o") != estimate_message_tokens(
        message, model="gpt-4"
    )


def test_recounting_a_long_session_counts_only_the_new_message() -> None:
    messages = session(2000)
    full = estimate_prompt_tokens(messages, model="gpt-4o")
    assert cache_info().misses == 2000
    added = {"role": "user", "content": "and one more thing about the invoice"}
    messages.append(added)
    before = cache_info()
    total = estimate_prompt_tokens(messages, model="gpt-4o")
    after = cache_info()
    assert after.misses - before.misses == 1
    assert total == full + estimate_message_tokens(added, model="gpt-4o")


def test_fresh_copies_of_the_same_history_reuse_counts() -> None:
    messages = session(300)
    system = {"role": "system", "content": "You remember things."}
    first = estimate_prompt_tokens([system, *messages], model="gpt-4o")
    before = cache_info()
    # The way a prompt builder works: new dicts every turn, same content.
    rebuilt = [{"role": "system", "content": "You remember things. Today is Friday."}]
    rebuilt += [dict(m) for m in messages]
    second = estimate_prompt_tokens(rebuilt, model="gpt-4o")
    after = cache_info()
    assert after.misses - before.misses == 1  # only the changed system prompt
    assert second > first


def test_a_message_edited_in_place_is_recounted() -> None:
    messages = session(50)
    before = estimate_prompt_tokens(messages)
    messages[10]["content"] += " and a long afterthought that adds several more tokens"
    after = estimate_prompt_tokens(messages)
    fresh = estimate_prompt_tokens(copy.deepcopy(messages), model="gpt-4")
    assert after > before
    assert after == fresh


def test_nested_tool_arguments_edited_in_place_are_recounted() -> None:
    call = {
        "id": "call_1",
        "type": "function",
        "function": {"name": "write_file", "arguments": '{"path": "USER.md"}'},
    }
    messages = [
        {"role": "user", "content": "save it"},
        {"role": "assistant", "content": None, "tool_calls": [call]},
    ]
    before = estimate_prompt_tokens(messages)
    call["function"]["arguments"] = '{"path": "USER.md", "content": "' + "tea " * 40 + '"}'
    assert estimate_prompt_tokens(messages) > before


def test_a_removed_message_is_no_longer_counted() -> None:
    messages = session(20)
    total = estimate_prompt_tokens(messages)
    dropped = messages.pop(5)
    assert estimate_prompt_tokens(messages) == total - estimate_message_tokens(dropped)


def test_interleaved_sessions_keep_their_own_counts() -> None:
    a = session(100)
    b = [{**m, "content": m["content"].upper()} for m in session(120)]
    count_a = estimate_prompt_tokens(a)
    count_b = estimate_prompt_tokens(b)
    for _ in range(3):
        assert estimate_prompt_tokens(a) == count_a
        assert estimate_prompt_tokens(b) == count_b


def test_unusual_content_is_counted_without_crashing() -> None:
    looped: list[Any] = ["self-referencing"]
    looped.append(looped)
    odd_messages: list[dict[str, Any]] = [
        {"role": "user", "content": [{"type": "input_audio", 1: "int key", "b": "str key"}]},
        {"role": "tool", "tool_call_id": "c1", "content": {"rows": [1, 2, 3]}},
        {"role": "user", "content": looped},
        {"role": "assistant", "content": None},
    ]
    total = estimate_prompt_tokens(odd_messages)
    assert total > 4 * 3
    assert estimate_prompt_tokens(odd_messages) == total


def test_importing_the_counter_stays_light() -> None:
    code = (
        "import sys\n"
        "from reverie.tokens import estimate_prompt_tokens\n"
        "n = estimate_prompt_tokens([{'role': 'user', 'content': 'hi'}], model='gpt-4o')\n"
        "print(n, 'bpe_openai.tokenizer' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=DEADLINE
    )
    # The public bpe_openai package decodes every table at import (~0.5 s); it is not needed.
    assert out.stdout.split() == ["8", "False"]  # 3 + "user" + "hi" + 3
