"""``reverie ingest`` on a conversation that grew since it was imported: only the new messages."""

from __future__ import annotations

import asyncio
import copy
import itertools
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from reverie.ingest import parse_file
from reverie.ingest.replay import IngestObserver, IngestReport, Replayer
from reverie.sessions.hold import hold_chat_session
from reverie.sessions.manager import SessionManager
from reverie.store.memory_store import MemoryStore
from reverie.workspace import Workspace

# A tiny window without the recall tools (their ~370 tokens would fill it): the chunk
# boundaries these tests check were chosen for a bare prompt.
SMALL_WINDOW = (
    "context_window_tokens = 1900\nmax_completion_tokens = 256\n[recall]\ntools = false\n"
)

FIRST_TURNS = [
    ("user", "I live in Porto and I cycle to work every day."),
    ("assistant", "Noted: Porto, cycling commute."),
    ("user", "I prefer green tea over coffee in the morning."),
    ("assistant", "Green tea it is."),
]
LATER_TURNS = [
    ("user", "I am allergic to peanuts, so keep them out of any recipe."),
    ("assistant", "No peanuts, understood."),
    ("user", "My sister Ana visits every second weekend."),
    ("assistant", "I will remember Ana's visits."),
]


def _line(role: str, text: str, n: int) -> str:
    record = {"role": role, "content": text, "timestamp": f"2026-03-0{1 + n // 10}T09:{n:02d}:00"}
    return json.dumps(record) + "\n"


def write_chat(path: Path, turns: list[tuple[str, str]], *, key: str = "cli:kim") -> Path:
    """A reverie JSONL conversation file of ``turns``, under session ``key``."""
    header = json.dumps({"_type": "metadata", "key": key}) + "\n"
    body = "".join(_line(role, text, n) for n, (role, text) in enumerate(turns))
    path.write_text(header + body, encoding="utf-8")
    return path


def append_turns(path: Path, turns: list[tuple[str, str]], *, after: int) -> None:
    """Append ``turns`` to a file written by :func:`write_chat` that holds ``after`` messages."""
    with path.open("a", encoding="utf-8") as handle:
        for n, (role, text) in enumerate(turns, start=after):
            handle.write(_line(role, text, n))


def ingest_json(cli: Any, *args: str | Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(cli.ok("ingest", *args, "--json").stdout)
    return data


def stored(workspace: Path, key: str) -> list[Any]:
    """Every message the session ever had, archived ones included, in order."""
    sessions = SessionManager(workspace)
    return [m["content"] for m in sessions.read_range(key, 0, 10_000)]


def ranges(workspace: Path, key: str) -> list[tuple[int, int]]:
    entries = MemoryStore(workspace).read_unprocessed_history(0)
    return [(e["source"]["start"], e["source"]["end"]) for e in entries if e["session_key"] == key]


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return tmp_path / "ws"


def test_appended_messages_are_imported_once(cli: Any, tmp_path: Path, workspace: Path) -> None:
    chat = write_chat(tmp_path / "kim.jsonl", FIRST_TURNS)
    first = ingest_json(cli, chat, "-w", workspace)
    assert first["sessions"] == ["cli:kim"] and first["extended"] == []
    store = MemoryStore(workspace)
    history_before = store.read_unprocessed_history(0)
    assert ranges(workspace, "cli:kim") == [(0, 4)]

    append_turns(chat, LATER_TURNS, after=len(FIRST_TURNS))
    second = ingest_json(cli, chat, "-w", workspace)
    assert second["sessions"] == [] and second["skipped"] == []
    assert second["extended"] == ["cli:kim"]
    assert second["messages"] == 4
    assert stored(workspace, "cli:kim") == [text for _, text in FIRST_TURNS + LATER_TURNS]
    # The earlier entries are untouched; one new entry covers exactly the new chunk.
    history_after = store.read_unprocessed_history(0)
    assert history_after[: len(history_before)] == history_before
    assert ranges(workspace, "cli:kim") == [(0, 4), (4, 8)]
    assert "peanuts" in history_after[-1]["content"]
    # Dream ran on the new entry as usual.
    assert [run["status"] for run in second["dream_runs"]] == ["completed"]
    assert store.get_last_dream_cursor() == store.get_latest_cursor()
    assert "peanuts" in (store.read_user() + store.read_memory())

    # Idempotence: nothing changed in the file, nothing is added.
    third = ingest_json(cli, chat, "-w", workspace)
    assert third["sessions"] == third["extended"] == [] and third["messages"] == 0
    assert [s["key"] for s in third["skipped"]] == ["cli:kim"]
    assert "already imported" in third["skipped"][0]["reason"]
    assert store.read_unprocessed_history(0) == history_after
    assert len(stored(workspace, "cli:kim")) == 8


def test_summary_table_and_dry_run_name_the_new_messages(
    cli: Any, tmp_path: Path, workspace: Path
) -> None:
    chat = write_chat(tmp_path / "kim.jsonl", FIRST_TURNS)
    other = write_chat(tmp_path / "lee.jsonl", FIRST_TURNS, key="cli:lee")
    cli.ok("ingest", chat, other, "-w", workspace, "--no-dream")
    write_chat(chat, FIRST_TURNS + LATER_TURNS[:3])

    dry = cli.ok("ingest", chat, other, "-w", workspace, "--dry-run")
    assert "add 3 new messages" in dry.stdout
    assert "skip (already imported)" in dry.stdout
    plan = ingest_json(cli, chat, other, "-w", workspace, "--dry-run")
    assert [(c["key"], c["messages"], c["action"]) for c in plan["conversations"]] == [
        ("cli:kim", 7, "add 3 new messages"),
        ("cli:lee", 4, "skip (already imported)"),
    ]
    assert len(stored(workspace, "cli:kim")) == 4  # the dry run wrote nothing

    result = cli.ok("ingest", chat, other, "-w", workspace, "--no-dream")
    assert "0 imported, 1 extended with new messages, 1 skipped" in result.stdout
    assert len(stored(workspace, "cli:kim")) == 7

    write_chat(chat, FIRST_TURNS + LATER_TURNS)
    single = ingest_json(cli, chat, "-w", workspace, "--dry-run")
    assert single["conversations"][0]["action"] == "add 1 new message"


def _node(node_id: str, parent: str | None, role: str, text: str, when: float) -> dict[str, Any]:
    return {
        "id": node_id,
        "parent": parent,
        "children": [],
        "message": {
            "id": node_id,
            "author": {"role": role},
            "create_time": when,
            "content": {"content_type": "text", "parts": [text]},
        },
    }


def _chatgpt_export(path: Path, turns: list[tuple[str, str]], *, title: str) -> Path:
    mapping: dict[str, Any] = {}
    parent: str | None = None
    for n, (role, text) in enumerate(turns):
        node_id = f"n{n}"
        mapping[node_id] = _node(node_id, parent, role, text, 1772440000.0 + 60 * n)
        if parent is not None:
            mapping[parent]["children"].append(node_id)
        parent = node_id
    conversation = {"id": "conv-7", "title": title, "current_node": parent, "mapping": mapping}
    path.write_text(json.dumps([conversation]), encoding="utf-8")
    return path


def test_a_chatgpt_conversation_with_new_nodes_gets_only_those(
    cli: Any, tmp_path: Path, workspace: Path
) -> None:
    export = _chatgpt_export(tmp_path / "conversations.json", FIRST_TURNS, title="Porto")
    cli.ok("ingest", export, "-w", workspace, "--no-dream")
    # A fresh export, downloaded to another folder: two new nodes, and a new title.
    fresh = tmp_path / "download-2"
    fresh.mkdir()
    grown = _chatgpt_export(
        fresh / "conversations.json", FIRST_TURNS + LATER_TURNS[:2], title="Porto and food"
    )

    plan = ingest_json(cli, grown, "-w", workspace, "--dry-run")
    assert plan["conversations"][0]["action"] == "add 2 new messages"
    report = ingest_json(cli, grown, "-w", workspace, "--no-dream")
    assert report["extended"] == ["chatgpt:conv-7"] and report["messages"] == 2
    session = SessionManager(workspace).get_or_create("chatgpt:conv-7")
    assert [m["content"] for m in session.messages] == [
        text for _, text in FIRST_TURNS + LATER_TURNS[:2]
    ]
    assert session.metadata["title"] == "Porto and food"
    assert ranges(workspace, "chatgpt:conv-7") == [(0, 4), (4, 6)]


def test_an_edited_earlier_message_is_skipped_and_nothing_changes(
    cli: Any, tmp_path: Path, workspace: Path
) -> None:
    chat = write_chat(tmp_path / "kim.jsonl", FIRST_TURNS)
    cli.ok("ingest", chat, "-w", workspace, "--no-dream")
    session_file = SessionManager(workspace).session_path("cli:kim")
    before = (session_file.read_bytes(), (workspace / "memory" / "history.jsonl").read_bytes())
    edited = copy.deepcopy(FIRST_TURNS)
    edited[2] = ("user", "I prefer black coffee in the morning.")
    write_chat(chat, edited + LATER_TURNS)

    plan = ingest_json(cli, chat, "-w", workspace, "--dry-run")
    assert plan["conversations"][0]["action"] == "skip (key taken by kim.jsonl)"
    report = ingest_json(cli, chat, "-w", workspace, "--no-dream")
    assert report["extended"] == [] and report["messages"] == 0
    (skipped,) = report["skipped"]
    assert "message 3 differs from the one imported" in skipped["reason"]
    assert "nothing was added" in skipped["reason"]
    after = (session_file.read_bytes(), (workspace / "memory" / "history.jsonl").read_bytes())
    assert after == before


def test_an_older_copy_of_the_file_is_already_imported(
    cli: Any, tmp_path: Path, workspace: Path
) -> None:
    chat = write_chat(tmp_path / "kim.jsonl", FIRST_TURNS + LATER_TURNS)
    cli.ok("ingest", chat, "-w", workspace, "--no-dream")
    write_chat(chat, FIRST_TURNS)
    report = ingest_json(cli, chat, "-w", workspace, "--no-dream")
    (skipped,) = report["skipped"]
    assert "already imported; this file holds an older version, 4 of its 8" in skipped["reason"]
    assert len(stored(workspace, "cli:kim")) == 8


def test_compacted_sessions_are_compared_through_the_transcript_archive(
    cli: Any, tmp_path: Path, workspace: Path
) -> None:
    chat = write_chat(tmp_path / "kim.jsonl", FIRST_TURNS)
    cli.ok("ingest", chat, "-w", workspace, "--no-dream")
    sessions = SessionManager(workspace)
    # As idle compaction does: the older messages leave the file for the archive.
    sessions.archive_and_drop(sessions.get_or_create("cli:kim"), 3)

    edited = copy.deepcopy(FIRST_TURNS)
    edited[0] = ("user", "I live in Lisbon and I cycle to work every day.")
    write_chat(chat, edited + LATER_TURNS)
    refused = ingest_json(cli, chat, "-w", workspace, "--no-dream")
    assert "message 1 differs" in refused["skipped"][0]["reason"]

    write_chat(chat, FIRST_TURNS + LATER_TURNS)
    report = ingest_json(cli, chat, "-w", workspace, "--no-dream")
    assert report["extended"] == ["cli:kim"] and report["messages"] == 4
    assert stored(workspace, "cli:kim") == [text for _, text in FIRST_TURNS + LATER_TURNS]
    assert ranges(workspace, "cli:kim") == [(0, 4), (4, 8)]


def test_without_the_archive_the_recorded_digest_vouches_for_the_prefix(
    cli: Any, tmp_path: Path, workspace: Path
) -> None:
    chat = write_chat(tmp_path / "kim.jsonl", FIRST_TURNS)
    cli.ok("ingest", chat, "-w", workspace, "--no-dream")
    sessions = SessionManager(workspace)
    sessions.archive_and_drop(sessions.get_or_create("cli:kim"), 3)
    shutil.rmtree(workspace / "memory" / "transcripts")

    edited = copy.deepcopy(FIRST_TURNS)
    edited[0] = ("user", "I live in Lisbon and I cycle to work every day.")
    write_chat(chat, edited + LATER_TURNS)
    refused = ingest_json(cli, chat, "-w", workspace, "--no-dream")
    assert "missing from memory/transcripts/" in refused["skipped"][0]["reason"]

    write_chat(chat, FIRST_TURNS + LATER_TURNS)
    report = ingest_json(cli, chat, "-w", workspace, "--no-dream")
    assert report["extended"] == ["cli:kim"] and report["messages"] == 4
    live = SessionManager(workspace).get_or_create("cli:kim")
    assert live.archived_offset == 3
    assert [m["content"] for m in live.messages] == [FIRST_TURNS[3][1]] + [
        text for _, text in LATER_TURNS
    ]


def test_a_session_continued_in_chat_is_not_extended(
    cli: Any, tmp_path: Path, workspace: Path
) -> None:
    chat = write_chat(tmp_path / "kim.jsonl", FIRST_TURNS)
    cli.ok("ingest", chat, "-w", workspace, "--no-dream")
    cli.ok("chat", "-w", workspace, "-s", "cli:kim", "--no-dream", input="I moved to Braga.\n")
    held = stored(workspace, "cli:kim")
    write_chat(chat, FIRST_TURNS + LATER_TURNS)
    report = ingest_json(cli, chat, "-w", workspace, "--no-dream")
    (skipped,) = report["skipped"]
    assert "continued after the import (2 message(s) added to it since)" in skipped["reason"]
    assert stored(workspace, "cli:kim") == held


def test_a_deleted_session_can_be_imported_again_and_then_grow(
    cli: Any, tmp_path: Path, workspace: Path
) -> None:
    chat = write_chat(tmp_path / "kim.jsonl", FIRST_TURNS)
    cli.ok("ingest", chat, "-w", workspace, "--no-dream")
    hint = ingest_json(cli, chat, "-w", workspace, "--no-dream")["skipped"][0]["reason"]
    assert "delete it with `reverie sessions delete cli:kim` to import it again" in hint
    cli.ok("sessions", "delete", "cli:kim", "-y", "-w", workspace)

    again = ingest_json(cli, chat, "-w", workspace, "--no-dream")
    assert again["sessions"] == ["cli:kim"]
    session = SessionManager(workspace).get_or_create("cli:kim")
    assert session.archived_offset == 4  # indexes continue after the archived copy
    assert [m["content"] for m in session.messages] == [text for _, text in FIRST_TURNS]

    write_chat(chat, FIRST_TURNS + LATER_TURNS)
    grown = ingest_json(cli, chat, "-w", workspace, "--no-dream")
    assert grown["extended"] == ["cli:kim"] and grown["messages"] == 4
    # (The offline model finds nothing new in the re-imported copy, so it may
    # write no entry for 4-8; the new messages get theirs.)
    spans = ranges(workspace, "cli:kim")
    assert spans[0] == (0, 4) and spans[-1] == (8, 12)
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans))


class Interrupt(IngestObserver):
    """Raises KeyboardInterrupt (a Ctrl-C) once ``after`` messages were replayed."""

    def __init__(self, after: int) -> None:
        self.after = after
        self.replayed = 0

    def message_replayed(self) -> None:
        self.replayed += 1
        if self.replayed == self.after:
            raise KeyboardInterrupt


def test_an_interrupted_extension_is_resumed(cli: Any, maya: Path, tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    cli.ok("init", "-w", workspace)
    (workspace / "reverie.toml").write_text(SMALL_WINDOW, encoding="utf-8")
    full = maya.read_text(encoding="utf-8").splitlines(keepends=True)
    # The start of cli:maya only (its metadata line and first 10 messages).
    early = tmp_path / "maya.jsonl"
    early.write_text("".join(full[:11]), encoding="utf-8")
    cli.ok("ingest", early, "-w", workspace, "--no-dream")
    early.write_text("".join(full), encoding="utf-8")  # the whole file now

    replayer = Replayer(Workspace.open(workspace, create=False), observer=Interrupt(28))
    with pytest.raises(KeyboardInterrupt):
        asyncio.run(replayer.replay(parse_file(early).conversations, IngestReport()))
    done = len(stored(workspace, "cli:maya"))
    assert 10 < done < 42  # part of the new messages were saved before the stop

    plan = ingest_json(cli, early, "-w", workspace, "--dry-run")
    assert [c["action"] for c in plan["conversations"]] == [
        f"resume from message {done}",
        "import",
    ]
    cli.ok("ingest", early, "-w", workspace, "--no-dream")
    wanted = [m["content"] for m in parse_file(maya).conversations[0].messages]
    assert stored(workspace, "cli:maya") == wanted
    spans = ranges(workspace, "cli:maya")
    assert spans[0][0] == 0 and spans[-1][1] == 42
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans))
    last = ingest_json(cli, early, "-w", workspace, "--no-dream")
    assert last["messages"] == 0 and last["extended"] == []


def test_a_session_open_in_a_chat_is_left_alone_until_the_chat_ends(
    cli: Any, tmp_path: Path, workspace: Path
) -> None:
    chat = write_chat(tmp_path / "kim.jsonl", FIRST_TURNS)
    cli.ok("ingest", chat, "-w", workspace, "--no-dream")
    write_chat(chat, FIRST_TURNS + LATER_TURNS)
    with hold_chat_session(workspace, "cli:kim"):  # as `reverie chat -s cli:kim` does
        busy = ingest_json(cli, chat, "-w", workspace, "--no-dream")
    (skipped,) = busy["skipped"]
    assert "open in another `reverie chat`" in skipped["reason"]
    assert "run the import again" in skipped["reason"]
    assert len(stored(workspace, "cli:kim")) == 4
    report = ingest_json(cli, chat, "-w", workspace, "--no-dream")
    assert report["extended"] == ["cli:kim"]
    assert len(stored(workspace, "cli:kim")) == 8


def test_a_changed_tool_call_counts_as_an_edit(cli: Any, tmp_path: Path, workspace: Path) -> None:
    def messages(city: str) -> list[dict[str, Any]]:
        call = {
            "id": "call_1",
            "type": "function",
            "function": {"name": "weather", "arguments": json.dumps({"city": city})},
        }
        return [
            {"role": "user", "content": "Will it rain tomorrow? I cycle to work."},
            {"role": "assistant", "content": "", "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "call_1", "name": "weather", "content": "rain"},
            {"role": "assistant", "content": "Rain is expected; take the train."},
        ]

    source = tmp_path / "weather.json"
    source.write_text(json.dumps({"id": "w-1", "messages": messages("Porto")}), encoding="utf-8")
    cli.ok("ingest", source, "-w", workspace, "--no-dream")
    later = [{"role": "user", "content": "I prefer trains when it rains."}]
    source.write_text(
        json.dumps({"id": "w-1", "messages": messages("Braga") + later}), encoding="utf-8"
    )
    refused = ingest_json(cli, source, "-w", workspace, "--no-dream")
    assert "message 2 differs from the one imported" in refused["skipped"][0]["reason"]
    source.write_text(
        json.dumps({"id": "w-1", "messages": messages("Porto") + later}), encoding="utf-8"
    )
    grown = ingest_json(cli, source, "-w", workspace, "--no-dream")
    assert grown["extended"] == ["w-1"] and grown["messages"] == 1


def test_appending_a_conversation_to_a_file_does_not_rename_the_first(
    cli: Any, tmp_path: Path
) -> None:
    workspace = tmp_path / "ws"
    path = tmp_path / "talks.jsonl"
    first = json.dumps({"messages": [{"role": "user", "content": "I live in Porto."}]})
    path.write_text(first + "\n", encoding="utf-8")
    cli.ok("ingest", path, "-w", workspace, "--no-dream")
    second = json.dumps({"messages": [{"role": "user", "content": "I use vim."}]})
    path.write_text(first + "\n" + second + "\n", encoding="utf-8")

    report = json.loads(cli.ok("ingest", path, "-w", workspace, "--no-dream", "--json").stdout)
    assert report["sessions"] == ["ingest:talks:2"]
    assert [s["key"] for s in report["skipped"]] == ["ingest:talks"]
    keys = sorted(row["key"] for row in SessionManager(workspace).list_sessions())
    assert keys == ["ingest:talks", "ingest:talks:2"]
