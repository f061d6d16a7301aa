"""The command layer shared by the CLI and chat, and the restore round trip."""

from __future__ import annotations

from typing import Any

import pytest

from reverie.commands import CLI_NAMES, SLASH_NAMES, DreamCommands
from reverie.dream import Dream, DreamLock
from reverie.errors import UserError
from reverie.providers.offline import OfflineProvider
from reverie.providers.scripted import ScriptedProvider
from reverie.store.dream_prompt import builtin_dream_guide
from reverie.store.memory_store import MemoryStore


def commands(store: MemoryStore) -> DreamCommands:
    return DreamCommands(store, dream=Dream(store, OfflineProvider()))


async def test_non_dream_lines_are_not_handled(store: MemoryStore) -> None:
    assert await commands(store).handle("hello there") is None
    assert await commands(store).handle("/status") is None
    assert DreamCommands.handles("/dream-log abc")


async def test_dream_runs_now(store: MemoryStore) -> None:
    store.append_history("[permanent] User's name is Dana.")
    result = await commands(store).handle("/dream")
    assert result is not None and result.ok
    assert result.text.startswith("Dream completed: processed history 1-1 with 4 tool call(s)")
    assert result.data["status"] == "completed" and result.data["commit"]
    again = await commands(store).handle("/dream")
    assert again is not None and again.ok
    assert again.text.startswith("Nothing to dream about")


async def test_dream_without_a_model(store: MemoryStore) -> None:
    result = await DreamCommands(store).handle("/dream")
    assert result is not None and not result.ok


async def test_dream_log_shows_the_latest_dream_change(store: MemoryStore) -> None:
    empty = await commands(store).handle("/dream-log")
    assert empty is not None and empty.text == "No Dream has changed memory yet."
    store.append_history("[durable] The CLI is written in Rust.")
    await commands(store).handle("/dream")
    store.write_user("# User\n\n- hand edit\n")
    store.git.auto_commit("manual edit")  # newer, but not a Dream change
    result = await commands(store).handle("/dream-log")
    assert result is not None and result.ok
    assert result.data["subject"] == "dream: update memory/MEMORY.md"
    assert result.data["cursors"] == [1, 1]
    assert "+- The CLI is written in Rust." in result.data["diff"]
    assert "Dream-Cursors: 1-1" in result.text


async def test_dream_log_of_a_given_sha(store: MemoryStore) -> None:
    store.append_history("[durable] The CLI is written in Rust.")
    await commands(store).handle("/dream")
    sha = store.git.log(1)[0].sha
    result = await commands(store).handle(f"/dream-log {sha[:8]}")
    assert result is not None and result.ok and result.data["sha"] == sha
    unknown = await commands(store).handle("/dream-log deadbeef")
    assert unknown is not None and not unknown.ok
    assert "deadbeef" in unknown.text


async def test_restore_round_trip_includes_the_cursor(
    store: MemoryStore, calls: Any, entries: Any
) -> None:
    entries(store, "[durable] first")
    first = await Dream(
        store,
        ScriptedProvider(
            [calls(("write_file", {"path": "memory/MEMORY.md", "content": "- first\n"})), "ok"]
        ),
    ).run()
    entries(store, "[durable] second", "[durable] third")
    second = await Dream(
        store,
        ScriptedProvider(
            [
                calls(("write_file", {"path": "memory/MEMORY.md", "content": "- first\n- 2\n"})),
                "ok",
            ]
        ),
    ).run()
    assert store.get_last_dream_cursor() == 3 and second.commit is not None

    listing = await commands(store).handle("/dream-restore")
    assert listing is not None and listing.ok
    shas = [row["sha"] for row in listing.data["versions"]]
    assert shas[:2] == [second.commit, first.commit]
    assert f"`{second.commit[:8]}`" in listing.text and "(history 2-3)" in listing.text

    restored = await commands(store).handle(f"/dream-restore {second.commit[:10]}")
    assert restored is not None and restored.ok, restored
    assert store.read_memory() == "- first\n"
    assert store.get_last_dream_cursor() == 1
    assert restored.data["dream_cursor"] == 1
    assert store.git.log(1)[0].sha == restored.data["commit"]
    assert store.git.diff_working_tree() == ""

    # The entries the undone change processed are dreamed again.
    rerun = await Dream(store, ScriptedProvider(["ok"])).run()
    assert (rerun.cursor_from, rerun.cursor_to) == (2, 3)

    # A restore is itself a version: undoing it brings the later state back. The
    # rerun came after it, so the restore first says so and waits for --yes.
    asked = await commands(store).handle(f"/dream-restore {restored.data['commit']}")
    assert asked is not None and not asked.ok and asked.data["needs_confirmation"]
    assert [row["sha"] for row in asked.data["later"]] == [rerun.commit]
    assert f"/dream-restore {restored.data['commit']} --yes" in asked.text
    assert store.read_memory() == "- first\n"  # nothing changed yet
    undo = await commands(store).handle(f"/dream-restore {restored.data['commit']} --yes")
    assert undo is not None and undo.ok
    assert store.read_memory() == "- first\n- 2\n"


async def test_restore_waits_for_no_dream(store: MemoryStore) -> None:
    store.append_history("[durable] The CLI is written in Rust.")
    await commands(store).handle("/dream")
    sha = store.git.log(1)[0].sha
    lock = DreamLock(store.memory_dir / ".dream.lock")
    assert lock.try_acquire()
    try:
        result = await commands(store).handle(f"/dream-restore {sha}")
    finally:
        lock.release()
    assert result is not None and not result.ok
    assert "a Dream is running" in result.text
    assert "Rust" in store.read_memory()


async def test_dream_prompt_show_and_init(store: MemoryStore) -> None:
    shown = await commands(store).handle("/dream-prompt")
    assert shown is not None and shown.data["source"] == "built-in"
    assert shown.data["guide"] == builtin_dream_guide()

    made = await commands(store).handle("/dream-prompt init")
    assert made is not None and made.ok and made.data["created"]
    guide = store.workspace / "prompts" / "dream.md"
    assert guide.read_text() == builtin_dream_guide()

    guide.write_text("My own rules.\n")
    refused = await commands(store).handle("/dream-prompt init")
    assert refused is not None and not refused.ok
    assert guide.read_text() == "My own rules.\n"
    custom = await commands(store).handle("/dream-prompt")
    assert custom is not None and custom.data["source"] == "workspace"
    assert custom.text.endswith("My own rules.\n")

    bad = await commands(store).handle("/dream-prompt reset")
    assert bad is not None and not bad.ok and "'reset'" in bad.text


async def test_each_surface_names_the_commands_its_own_way(store: MemoryStore) -> None:
    store.append_history("[durable] The CLI is written in Rust.")
    await commands(store).handle("/dream")
    sha = store.git.log(1)[0].sha
    chat = commands(store)
    cli = DreamCommands(store, names=CLI_NAMES)

    listing = await chat.handle("/dream-restore")
    assert (
        listing is not None
        and "Undo a change and everything after it with `/dream-restore <sha>`" in listing.text
    )
    listing = await cli.handle("/dream-restore")
    assert listing is not None and "with `reverie dream restore <sha>`" in listing.text
    assert "/dream-restore" not in listing.text

    chat_guide = await chat.handle("/dream-prompt")
    cli_guide = await cli.handle("/dream-prompt")
    assert chat_guide is not None and "Customise it with `/dream-prompt init`." in chat_guide.text
    assert (
        cli_guide is not None and "Customise it with `reverie dream prompt init`." in cli_guide.text
    )

    bad = await cli.handle("/dream-prompt reset")
    assert bad is not None and not bad.ok
    assert bad.text.startswith("**reverie dream prompt failed:** reverie dream prompt takes")
    assert bad.command == "/dream-prompt"  # programs still see the canonical name

    lock = DreamLock(store.memory_dir / ".dream.lock")
    assert lock.try_acquire()
    try:
        busy = await cli.handle(f"/dream-restore {sha[:8]}")
        busy_in_chat = await chat.handle(f"/dream-restore {sha[:8]}")
    finally:
        lock.release()
    assert busy is not None and f"try reverie dream restore {sha[:8]} again" in busy.text
    assert busy_in_chat is not None and f"try /dream-restore {sha[:8]} again" in busy_in_chat.text


def test_names_are_checked_and_default_to_the_slash_forms(store: MemoryStore) -> None:
    partial = DreamCommands(store, names={"/dream-restore": "memory undo"})
    assert partial.spell("/dream-restore", "abc") == "memory undo abc"
    assert partial.spell("/dream-log") == "/dream-log"
    assert SLASH_NAMES["/dream-log"] == "/dream-log"
    with pytest.raises(UserError, match="'/dream-undo'"):
        DreamCommands(store, names={"/dream-undo": "x"})
    with pytest.raises(UserError, match=r"names\['/dream'\]"):
        DreamCommands(store, names={"/dream": "  "})


async def test_a_sha_before_any_version_exists_gets_a_plain_answer(store: MemoryStore) -> None:
    for line in ("/dream-log abc123", "/dream-restore abc123"):
        result = await commands(store).handle(line)
        assert result is not None and not result.ok
        assert "memory has no versions yet, so there is no commit 'abc123'" in result.text
        assert "init()" not in result.text  # no library jargon for a person
    assert not (store.workspace / ".git").exists()


async def test_dream_reports_refused_tool_calls(
    store: MemoryStore, calls: Any, entries: Any
) -> None:
    entries(store, "[durable] x")
    refused = calls(("write_file", {"path": "notes.md", "content": "x\n"}))
    dream = Dream(store, ScriptedProvider([refused, "Done."]))
    result = await DreamCommands(store, dream=dream).handle("/dream")
    assert result is not None and result.ok
    assert "with 1 tool call(s) (1 refused), changed no files" in result.text
    assert result.data["tool_errors"] == 1


async def test_restore_says_skills_are_not_rolled_back(
    store: MemoryStore, calls: Any, entries: Any
) -> None:
    entries(store, "[durable] deploys use make release")
    steps = "1. make release\n"
    script = [
        calls(
            ("write_file", {"path": "memory/MEMORY.md", "content": "- Deploys: make.\n"}),
            ("write_file", {"path": "skills/deploy/SKILL.md", "content": steps}),
        ),
        "ok",
    ]
    result = await Dream(store, ScriptedProvider(script)).run()
    assert result.commit is not None
    restored = await commands(store).handle(f"/dream-restore {result.commit}")
    assert restored is not None and restored.ok
    assert store.read_memory() == ""
    assert (store.workspace / "skills" / "deploy" / "SKILL.md").read_text() == steps
    assert "Files under skills/ are not versioned and were left as they are." in restored.text
