"""The offline provider's Dream: merge tagged facts into the memory files through the tools.

A Dream request is recognised by its tools (``read_file``, ``edit_file``,
``write_file``, ``apply_patch``) and the ``<entry cursor=…>`` blocks of its
prompt, so it works with a workspace's own guide too. The provider keeps no
state: each call reads the conversation so far and takes the next step, like a
model would:

1. no tool call yet → ``read_file`` the three memory files (and, when the
   prompt cut an entry short, the history file: :mod:`.dream_history`);
2. the reads came back → read more of the history file if a cut entry is
   still missing, else merge the facts (:mod:`.dream_merge`) and send the
   changes: ``write_file`` for an empty or missing file, ``edit_file`` /
   ``apply_patch`` with small exact edits for the others;
3. the writes came back → a final answer without tool calls. If the edits
   were refused, one retry rewrites the files whole before giving up.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from reverie.message_format import message_text
from reverie.providers.base import LLMResponse, ToolCallRequest
from reverie.providers.offline.dream_history import HistoryReads, is_cut, next_history_read
from reverie.providers.offline.dream_merge import (
    FILES,
    DreamFact,
    entry_facts,
    merge_facts,
)
from reverie.tokens import count_prompt_tokens, count_text_tokens

if TYPE_CHECKING:
    from reverie.providers.offline.provider import OfflineRequest

__all__ = ["DREAM_TOOLS", "answer_dream_request", "plan_edits"]

DREAM_TOOLS = frozenset({"read_file", "edit_file", "write_file", "apply_patch"})
"""The tool names that mark a request as Dream's."""

_ENTRY = re.compile(
    r'<entry cursor="(?P<cursor>\d+)" timestamp="(?P<stamp>[^"]*)"[^>]*>\n(?P<body>.*?)\n</entry>',
    re.DOTALL,
)
_WRITES = frozenset({"edit_file", "write_file", "apply_patch"})
_ERROR = "Error:"


def _tool_names(tools: Sequence[Mapping[str, Any]] | None) -> set[str]:
    names: set[str] = set()
    for tool in tools or ():
        function = tool.get("function")
        if isinstance(function, Mapping) and isinstance(function.get("name"), str):
            names.add(function["name"])
    return names


def _entries(messages: Sequence[Mapping[str, Any]]) -> list[tuple[int, str, str]] | None:
    """``(cursor, timestamp, text)`` of each entry shown in the prompt, or None if no entry."""
    for message in messages:
        if message.get("role") not in ("system", "user"):
            continue
        found = list(_ENTRY.finditer(message_text(message)))
        if found:
            return [(int(m["cursor"]), m["stamp"], m["body"]) for m in found]
    return None


def _facts(entries: Sequence[tuple[int, str, str]], whole: Mapping[int, str]) -> list[DreamFact]:
    """The entries' facts, with a cut entry's text replaced by its whole text when read."""
    facts: list[DreamFact] = []
    for cursor, stamp, body in entries:
        if body.strip() == "(empty)":
            continue
        if is_cut(body) and cursor in whole:
            body = whole[cursor]
        facts.extend(entry_facts(body, stamp[:10] or None))
    return facts


def _arguments(call: Mapping[str, Any]) -> dict[str, Any]:
    function = call.get("function")
    raw = function.get("arguments") if isinstance(function, Mapping) else None
    if isinstance(raw, Mapping):
        return dict(raw)
    try:
        parsed = json.loads(raw) if isinstance(raw, str) else {}
    except ValueError:
        return {}
    return parsed if isinstance(parsed, dict) else {}


def _rounds(messages: Sequence[Mapping[str, Any]]) -> list[list[tuple[str, dict[str, Any], str]]]:
    """Each assistant turn with tool calls: ``(tool name, arguments, result text)``."""
    results = {
        str(m.get("tool_call_id")): message_text(m) for m in messages if m.get("role") == "tool"
    }
    rounds = []
    for message in messages:
        calls = message.get("tool_calls") if message.get("role") == "assistant" else None
        if not calls:
            continue
        rounds.append(
            [
                (
                    str(call.get("function", {}).get("name", "")),
                    _arguments(call),
                    results.get(str(call.get("id")), ""),
                )
                for call in calls
                if isinstance(call, Mapping)
            ]
        )
    return rounds


def _file_from_read(result: str, path: str) -> str | None:
    """The file text a read returned; ``""`` for a missing or empty file, None if unknown."""
    if result.startswith(_ERROR):
        return "" if "no such file" in result else None
    if result == f"[{path} is empty]":
        return ""
    if re.search(r"\n\[[^\]\n]+: lines \d+-\d+ of \d+[^\]\n]*\]$", result):
        return None  # only part of the file was shown: do not rewrite what was not seen
    return result


def plan_edits(path: str, old: str, new: str) -> list[dict[str, str]]:
    """Exact ``{path, old_text, new_text}`` edits turning ``old`` into ``new``, in order.

    Each ``old_text`` is a changed block of lines widened by context until it
    occurs exactly once in the text it will be applied to; edits run from the
    end of the file up, so applying them in order reproduces ``new``.
    """
    before = old.splitlines(keepends=True)
    after = new.splitlines(keepends=True)
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    current = list(before)
    edits: list[dict[str, str]] = []
    for tag, i1, i2, j1, j2 in reversed(matcher.get_opcodes()):
        if tag == "equal":
            continue
        low, high = i1, i2
        text = "".join(current)
        while True:
            chunk = "".join(current[low:high])
            if chunk and _occurrences(text, chunk) == 1:
                break
            if low > 0:
                low -= 1
            elif high < len(current):
                high += 1
            else:
                break
        replacement = "".join(current[low:i1] + after[j1:j2] + current[i2:high])
        edits.append({"path": path, "old_text": chunk, "new_text": replacement})
        current[low:high] = replacement.splitlines(keepends=True)
    return edits


def _occurrences(text: str, needle: str) -> int:
    count, index = 0, text.find(needle)
    while index != -1 and count < 2:
        count += 1
        index = text.find(needle, index + 1)
    return count


def _calls(round_no: int, specs: list[tuple[str, dict[str, Any]]]) -> list[ToolCallRequest]:
    return [
        ToolCallRequest(id=f"offline_dream_{round_no}_{index}", name=name, arguments=args)
        for index, (name, args) in enumerate(specs, start=1)
    ]


def _write_specs(
    reads: Mapping[str, str], merged: Mapping[str, str], *, whole: bool
) -> list[tuple[str, dict[str, Any]]]:
    specs: list[tuple[str, dict[str, Any]]] = []
    edits: list[dict[str, str]] = []
    for path in FILES:
        if path not in merged or merged[path] == reads[path]:
            continue
        if whole or not reads[path].strip():
            specs.append(("write_file", {"path": path, "content": merged[path]}))
        else:
            edits.extend(plan_edits(path, reads[path], merged[path]))
    if len(edits) == 1:
        specs.append(("edit_file", dict(edits[0])))
    elif edits:
        specs.append(("apply_patch", {"edits": edits}))
    return specs


def _file_reads(rounds: list[list[tuple[str, dict[str, Any], str]]]) -> dict[str, str]:
    reads: dict[str, str] = {}
    for name, args, result in (call for calls in rounds for call in calls):
        path = args.get("path")
        if name == "read_file" and isinstance(path, str) and path in FILES and path not in reads:
            text = _file_from_read(result, path)
            if text is not None:
                reads[path] = text
    return reads


def answer_dream_request(request: OfflineRequest) -> LLMResponse | None:
    """Take the next step of a Dream run, or return None for any other request.

    Args:
        request: The call as the offline provider's handlers see it.
    """
    if not _tool_names(request.tools) >= DREAM_TOOLS:
        return None
    entries = _entries(request.messages)
    if entries is None:
        return None
    rounds = _rounds(request.messages)
    step = len(rounds) + 1
    cut = [cursor for cursor, _, body in entries if is_cut(body)]
    history = HistoryReads.from_results(
        (args, result) for calls in rounds for name, args, result in calls if name == "read_file"
    )
    if not rounds:
        first: list[tuple[str, dict[str, Any]]] = [("read_file", {"path": p}) for p in FILES]
        probe = next_history_read(cut, history)
        if probe is not None:
            first.append(("read_file", probe))  # a cut entry: its whole text is in the file
        return _response(request, None, _calls(step, first))
    writes = [calls for calls in rounds if any(name in _WRITES for name, _, _ in calls)]
    reads = _file_reads(rounds)
    merged, report = merge_facts(reads, _facts(entries, history.entries))
    if not writes:
        more = next_history_read(cut, history)
        if more is not None:
            return _response(request, None, _calls(step, [("read_file", more)]))
        specs = _write_specs(reads, merged, whole=False)
        if not specs:
            return _response(request, "Nothing new to record. " + report.describe(), [])
        return _response(request, None, _calls(step, specs))
    failures = [result for _, _, result in rounds[-1] if result.startswith(_ERROR)]
    if not failures:
        return _response(request, report.describe(), [])
    if len(writes) == 1:
        return _response(request, None, _calls(step, _write_specs(reads, merged, whole=True)))
    return _response(request, "Could not update the memory files: " + failures[0], [])


def _response(
    request: OfflineRequest, text: str | None, calls: list[ToolCallRequest]
) -> LLMResponse:
    prompt = count_prompt_tokens(request.messages, request.tools, model=request.model).tokens
    shown = text or "".join(call.name + json.dumps(call.arguments) for call in calls)
    completion = count_text_tokens(shown, model=request.model)
    return LLMResponse(
        content=text,
        tool_calls=calls,
        finish_reason="tool_calls" if calls else "stop",
        usage={
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
        },
    )
