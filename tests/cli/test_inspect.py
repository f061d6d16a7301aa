"""Read commands on a workspace built from the example: status, memory, history, sessions, blame."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from reverie.sessions.manager import SessionManager
from reverie.store.memory_store import MemoryStore


def test_memory_show_prints_each_file_as_on_disk(cli: Any, ingested: Path) -> None:
    assert cli.ok("memory", "show", "-w", ingested).stdout == (
        ingested / "memory" / "MEMORY.md"
    ).read_text(encoding="utf-8")
    user = json.loads(cli.ok("memory", "show", "user", "-w", ingested, "--json").stdout)
    assert user["file"] == "USER.md"
    assert user["content"] == (ingested / "USER.md").read_text(encoding="utf-8")
    assert "assistant" in cli.ok("memory", "show", "soul", "-w", ingested).stdout.lower()


def test_memory_show_says_when_a_file_is_empty(cli: Any, tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    result = cli.ok("memory", "show", "-w", tmp_path)
    assert result.stdout == ""
    assert "memory/MEMORY.md is empty" in result.stderr


def test_history_tail_search_and_session_filter(cli: Any, ingested: Path) -> None:
    tail = json.loads(cli.ok("history", "tail", "-n", "1", "-w", ingested, "--json").stdout)
    assert len(tail) == 1 and tail[0]["session_key"] == "telegram:maya"
    table = cli.ok("history", "tail", "-w", ingested).stdout
    assert "cli:maya" in table and "telegram:maya" in table

    found = json.loads(cli.ok("history", "search", "REDPANDA", "-w", ingested, "--json").stdout)
    assert [e["session_key"] for e in found] == ["cli:maya"]
    assert all("redpanda" in e["content"].lower() for e in found)
    only_phone = json.loads(
        cli.ok(
            "history", "search", "april", "--session", "telegram:maya", "-w", ingested, "--json"
        ).stdout
    )
    assert {e["session_key"] for e in only_phone} == {"telegram:maya"}
    none = cli.ok("history", "search", "kubernetes", "-w", ingested)
    assert "no history entry contains 'kubernetes'" in none.stderr


def test_history_expand_returns_the_original_messages(cli: Any, ingested: Path) -> None:
    entry = json.loads(cli.ok("history", "search", "April 29", "-w", ingested, "--json").stdout)[0]
    expanded = json.loads(
        cli.ok("history", "expand", str(entry["cursor"]), "-w", ingested, "--json").stdout
    )
    assert expanded["session_key"] == "telegram:maya"
    texts = [m["content"] for m in expanded["messages"]]
    assert "Actually, the demo deadline moved to April 29, not April 15." in texts
    assert expanded["problem"] is None
    shown = cli.ok("history", "expand", str(entry["cursor"]), "-w", ingested).stdout
    assert "Actually, the demo deadline moved to April 29" in shown


def test_history_expand_of_an_unknown_cursor_is_a_user_error(cli: Any, ingested: Path) -> None:
    result = cli.run("history", "expand", "999", "-w", ingested)
    assert result.exit_code == 1
    assert "no history entry 999" in result.stderr


def test_expand_reads_messages_that_left_the_session_file(cli: Any, ingested: Path) -> None:
    sessions = SessionManager(ingested)
    session = sessions.get_or_create("telegram:maya")
    sessions.archive_and_drop(session, 6)  # the first 6 messages go to memory/transcripts/
    entry = next(
        e
        for e in MemoryStore(ingested).read_unprocessed_history(0)
        if e["session_key"] == "telegram:maya"
    )
    expanded = json.loads(
        cli.ok("history", "expand", str(entry["cursor"]), "-w", ingested, "--json").stdout
    )
    assert len(expanded["messages"]) == 8
    assert expanded["messages"][0]["content"] == "Quick note from my phone."


def test_sessions_list_show_and_delete(cli: Any, ingested: Path) -> None:
    rows = json.loads(cli.ok("sessions", "list", "-w", ingested, "--json").stdout)
    assert {r["key"]: r["message_count"] for r in rows if not r["key"].startswith("dream:")} == {
        "cli:maya": 42,
        "telegram:maya": 8,
    }
    shown = json.loads(
        cli.ok("sessions", "show", "telegram:maya", "-n", "2", "-w", ingested, "--json").stdout
    )
    assert shown["first_index"] == 6
    assert [m["content"] for m in shown["messages"]] == [
        "I love hiking in the Peneda-Gerês park on weekends, if you ever need small talk.",
        "Noted. It's a beautiful park.",
    ]
    table = cli.ok("sessions", "show", "telegram:maya", "-w", ingested).stdout
    assert "Quick note from my phone." in table

    refused = cli.run("sessions", "delete", "telegram:maya", "-w", ingested, input="n\n")
    assert refused.exit_code == 1
    assert SessionManager(ingested).session_path("telegram:maya").exists()
    cli.ok("sessions", "delete", "telegram:maya", "--yes", "-w", ingested)
    manager = SessionManager(ingested)
    assert not manager.session_path("telegram:maya").exists()
    # The messages were kept in the transcript archive first.
    assert len(manager.transcripts.read("telegram:maya")) == 8
    missing = cli.run("sessions", "show", "telegram:maya", "-w", ingested)
    assert missing.exit_code == 1 and "no session 'telegram:maya'" in missing.stderr


def test_status_shows_cursors_dream_and_context_use(cli: Any, ingested: Path) -> None:
    report = json.loads(cli.ok("status", "-w", ingested, "--json").stdout)
    store = MemoryStore(ingested)
    assert report["provider"] == "offline"
    assert report["latest_cursor"] == store.get_latest_cursor()
    assert report["dream_cursor"] == store.get_last_dream_cursor()
    assert report["pending_entries"] == 0
    assert report["dream"]["last_status"] == "completed"
    assert report["git_initialized"] is True
    uses = {s["key"]: s for s in report["sessions"]}
    assert set(uses) == {"cli:maya", "telegram:maya"}
    assert 0 < uses["cli:maya"]["tokens"] < uses["cli:maya"]["budget"]
    table = cli.ok("status", "-w", ingested).stdout
    assert "Context use" in table
    assert "░" in table
    assert "no model configured" in table


def test_blame_traces_a_memory_line_to_entries_and_messages(cli: Any, ingested: Path) -> None:
    hits = json.loads(cli.ok("blame", "redpanda", "-w", ingested, "--json").stdout)
    hit = next(h for h in hits if h["file"] == "memory/MEMORY.md")
    assert "Redpanda" in hit["text"]
    assert hit["cursors"] is not None and hit["model"] == "offline-extractive"
    head = MemoryStore(ingested).git.log()[0]
    assert hit["commit"] == head.sha
    origin = hit["origins"][0]
    assert origin["session_key"] == "cli:maya"
    said = [m["content"] for m in origin["messages"]]
    assert "We decided on Redpanda as the broker, single node for now." in said
    shown = cli.ok("blame", "redpanda", "-w", ingested).stdout
    assert "memory/MEMORY.md:" in shown and "We decided on Redpanda" in shown


def test_blame_of_template_text_and_of_unknown_text(cli: Any, ingested: Path) -> None:
    hits = json.loads(cli.ok("blame", "Never invent memories", "-w", ingested, "--json").stdout)
    assert hits[0]["file"] == "SOUL.md" and hits[0]["cursors"] is None
    assert "not a Dream commit" in cli.ok("blame", "Never invent memories", "-w", ingested).stdout
    missing = cli.run("blame", "quantum teleportation", "-w", ingested)
    assert missing.exit_code == 1 and "no line of" in missing.stderr


def test_blame_reports_uncommitted_edits(cli: Any, ingested: Path) -> None:
    memory = ingested / "memory" / "MEMORY.md"
    memory.write_text(memory.read_text(encoding="utf-8") + "- Hand note: buy coffee\n", "utf-8")
    hits = json.loads(cli.ok("blame", "hand note", "-w", ingested, "--json").stdout)
    assert hits[0]["commit"] is None
    assert "not committed yet" in cli.ok("blame", "hand note", "-w", ingested).stdout


def test_expand_names_the_files_when_messages_are_gone(cli: Any, ingested: Path) -> None:
    sessions = SessionManager(ingested)
    sessions.session_path("telegram:maya").unlink()  # removed by hand, not through reverie
    entry = next(
        e
        for e in MemoryStore(ingested).read_unprocessed_history(0)
        if e["session_key"] == "telegram:maya"
    )
    result = cli.run("history", "expand", str(entry["cursor"]), "-w", ingested)
    assert result.exit_code == 1
    assert "telegram:maya" in result.stderr and "transcripts" in result.stderr
    # blame keeps going and says what it could not read.
    hits = json.loads(cli.ok("blame", "April 29", "-w", ingested, "--json").stdout)
    problems = [o["problem"] for h in hits for o in h["origins"] if o["problem"]]
    assert problems and "telegram:maya" in problems[0]


def test_history_tail_shows_tags_and_brackets_as_written(cli: Any, tmp_path: Path) -> None:
    store = MemoryStore(tmp_path)
    store.append_history("[permanent] User likes [bold]tea[/bold].", session_key="cli:[x]")
    table = cli.ok("history", "tail", "--full", "-w", tmp_path).stdout
    assert "[permanent] User likes [bold]tea[/bold]." in table
    assert "cli:[x]" in table


def test_titles_show_keys_and_search_terms_as_written(cli: Any, tmp_path: Path) -> None:
    key = "tg:ζ [bold]"
    sessions = SessionManager(tmp_path)
    session = sessions.get_or_create(key)
    session.add_message("user", "Ich heiße Jürgen 🏠")
    session.add_message("assistant", "Hallo Jürgen.")
    sessions.save(session)
    shown = cli.ok("sessions", "show", key, "-w", tmp_path).stdout
    assert f"{key}: 2 messages in the file" in shown
    assert "Ich heiße Jürgen 🏠" in shown
    MemoryStore(tmp_path).append_history("[permanent] User is called Jürgen.", session_key=key)
    found = cli.ok("history", "search", "[perm", "-w", tmp_path).stdout
    assert "1 entry containing '[perm'" in found
