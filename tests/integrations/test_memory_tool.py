"""reverie's memory tool: where files land, what it refuses, git, Dream, and the SDK's runner."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any

import anthropic
import httpx2
import pytest
from anthropic.lib.tools import ToolError

from reverie.integrations.anthropic import AsyncMemoryTool, MemoryTool
from reverie.integrations.memory_commands import MemoryCommands, MemoryToolError
from reverie.store.dream_prompt import builtin_dream_guide
from reverie.workspace import Workspace

needs_git = pytest.mark.skipif(
    shutil.which("git") is None, reason="reads the history with the git command, not installed"
)


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    return Workspace.open(tmp_path / "ws")


def call(tool: MemoryTool, **command: Any) -> str:
    result = tool.call(command)
    assert isinstance(result, str)
    return result


def refused(tool: MemoryTool, **command: Any) -> str:
    with pytest.raises(ToolError) as caught:
        tool.call(command)
    return str(caught.value.content)


def git_log(ws: Workspace) -> list[str]:
    # The real git binary, as a user would read the history (dulwich writes it).
    done = subprocess.run(
        ["git", "log", "--format=%s%n%b%n---"],
        cwd=ws.path,
        capture_output=True,
        text=True,
        check=True,
    )
    return [block.strip() for block in done.stdout.split("---") if block.strip()]


# -- where /memories lives --------------------------------------------------------


def test_memory_files_are_edited_in_place_and_notes_go_to_the_notes_folder(
    ws: Workspace,
) -> None:
    tool = MemoryTool(ws)
    call(tool, command="insert", path="/memories/USER.md", insert_line=0, insert_text="- Dana")
    call(tool, command="create", path="/memories/MEMORY.md.bak", file_text="copy\n")
    call(tool, command="create", path="/memories/project/plan.md", file_text="ship it\n")
    assert ws.store.read_user().startswith("- Dana\n")
    assert (ws.path / "memory" / "notes" / "MEMORY.md.bak").read_text() == "copy\n"
    assert (ws.path / "memory" / "notes" / "project" / "plan.md").read_text() == "ship it\n"
    call(tool, command="str_replace", path="/memories/MEMORY.md", old_str="#", new_str="##")
    assert ws.store.read_memory().startswith("##")


def test_history_sessions_settings_and_dotfiles_are_out_of_sight(ws: Workspace) -> None:
    ws.store.append_history("the user said something private")
    session = ws.sessions.get_or_create("cli:dana")
    session.add_message("user", "hello")
    ws.sessions.save(session)
    notes = ws.path / "memory" / "notes"
    notes.mkdir(parents=True)
    (notes / ".secret").write_text("hidden")
    (notes / "USER.md").write_text("a note shadowed by the real USER.md")
    listing = call(MemoryTool(ws), command="view", path="/memories")
    names = [line.split("\t")[1] for line in listing.splitlines()[1:]]
    assert names == ["/memories", "/memories/MEMORY.md", "/memories/SOUL.md", "/memories/USER.md"]
    tool = MemoryTool(ws)
    for path in ("/memories/history.jsonl", "/memories/memory/history.jsonl", "/memories/sessions"):
        assert "does not exist" in refused(tool, command="view", path=path)


# -- what it refuses --------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("/memories/project/../USER.md", "may not contain '..'"),
        ("/memories/../reverie.toml", "would escape /memories directory"),
        ("/memories/.git/config", "hidden name"),
        ("/memories/skills/.env", "hidden name"),
        ("/memories/a\x00b", "NUL"),
    ],
)
def test_dotdot_hidden_and_nul_paths_are_refused(ws: Workspace, path: str, reason: str) -> None:
    before = ws.store.read_user()
    tool = MemoryTool(ws)
    assert reason in refused(tool, command="create", path=path, file_text="x")
    assert reason in refused(tool, command="view", path=path)
    assert ws.store.read_user() == before
    assert not (ws.path / "memory" / "notes").exists()


def test_symbolic_links_are_never_followed(ws: Workspace, tmp_path: Path) -> None:
    outside = tmp_path / "outside.md"
    outside.write_text("not memory\n")
    notes = ws.path / "memory" / "notes"
    notes.mkdir(parents=True)
    (notes / "link.md").symlink_to(outside)
    (notes / "inside.md").symlink_to(ws.path / "reverie.toml")
    (ws.path / "skills").symlink_to(tmp_path, target_is_directory=True)
    tool = MemoryTool(ws)
    for path in ("/memories/link.md", "/memories/inside.md", "/memories/skills/outside.md"):
        assert "symbolic link" in refused(tool, command="view", path=path)
        assert "symbolic link" in refused(
            tool, command="str_replace", path=path, old_str="not", new_str="now"
        )
        assert "symbolic link" in refused(tool, command="delete", path=path)
    listing = call(tool, command="view", path="/memories")
    assert "link.md" not in listing and "skills" not in listing
    assert outside.read_text() == "not memory\n"
    assert (notes / "link.md").is_symlink()


def test_a_folder_holding_a_link_is_neither_deleted_nor_moved(ws: Workspace) -> None:
    folder = ws.path / "memory" / "notes" / "project"
    folder.mkdir(parents=True)
    (folder / "plan.md").write_text("plan\n")
    (folder / "config").symlink_to(ws.path / "reverie.toml")
    tool = MemoryTool(ws)
    assert "symbolic link" in refused(tool, command="delete", path="/memories/project")
    assert "symbolic link" in refused(
        tool, command="rename", old_path="/memories/project", new_path="/memories/old"
    )
    assert (folder / "plan.md").exists() and (ws.path / "reverie.toml").exists()


def test_writes_stop_at_dreams_size_cap(ws: Workspace) -> None:
    tool = MemoryTool(ws)
    message = refused(tool, command="create", path="/memories/big.md", file_text="x" * 32_001)
    assert "32,000-char limit" in message and "nothing was written" in message
    assert not (ws.path / "memory" / "notes" / "big.md").exists()
    call(tool, command="create", path="/memories/full.md", file_text="y" * 31_990 + "\n")
    grown = refused(
        tool, command="insert", path="/memories/full.md", insert_line=1, insert_text="z" * 20
    )
    assert "32,000-char limit" in grown
    # A file already over the cap (written by hand) may still shrink.
    (ws.path / "USER.md").write_text("u" * 40_000 + "\nold line\n")
    call(tool, command="str_replace", path="/memories/USER.md", old_str="\nold line", new_str="")
    assert ws.store.read_user() == "u" * 40_000 + "\n"


def test_view_shows_at_most_the_read_cap(ws: Workspace) -> None:
    (ws.path / "USER.md").write_text("".join(f"{n:05d} " + "w" * 994 + "\n" for n in range(100)))
    text = call(MemoryTool(ws), command="view", path="/memories/USER.md")
    assert len(text) < 70_000
    assert text.rstrip().endswith("view the rest with view_range=[64, -1]]")


def test_arguments_are_checked_before_anything_runs(ws: Workspace) -> None:
    commands = MemoryCommands(ws.path, via="test")
    with pytest.raises(MemoryToolError, match="needs `path` and `file_text`"):
        commands.run("create", {})
    with pytest.raises(MemoryToolError, match="Unknown command 'forget'"):
        commands.run("forget", {"path": "/memories"})
    with pytest.raises(MemoryToolError, match="`file_text` must be a string"):
        commands.run("create", {"path": "/memories/x.md", "file_text": 3})
    assert commands.run("view", {"path": "/memories/USER.md", "view_range": None}).startswith(
        "Here's the content of /memories/USER.md"
    )


# -- git ---------------------------------------------------------------------------


@needs_git
def test_every_change_is_one_commit_naming_the_tool(ws: Workspace) -> None:
    tool = MemoryTool(ws)
    call(tool, command="create", path="/memories/todo.md", file_text="- milk\n")
    call(tool, command="str_replace", path="/memories/todo.md", old_str="milk", new_str="tea")
    call(tool, command="rename", old_path="/memories/todo.md", new_path="/memories/done.md")
    call(tool, command="delete", path="/memories/done.md")
    call(tool, command="view", path="/memories")
    log = git_log(ws)
    assert [block.splitlines()[0] for block in log[:4]] == [
        "memory: delete memory/notes/done.md",
        "memory: rename memory/notes/todo.md, memory/notes/done.md",
        "memory: str_replace memory/notes/todo.md",
        "memory: create memory/notes/todo.md",
    ]
    assert all(block.endswith("Memory-Tool: anthropic") for block in log[:4])
    # The delete is reversible from git.
    shown = subprocess.run(
        ["git", "show", "HEAD~1:memory/notes/done.md"], cwd=ws.path, capture_output=True, text=True
    )
    assert shown.stdout == "- tea\n"


@needs_git
def test_hand_edits_are_committed_apart_from_the_tools_change(ws: Workspace) -> None:
    (ws.path / "USER.md").write_text("# User\n\n- typed by hand\n")
    call(MemoryTool(ws), command="insert", path="/memories/USER.md", insert_line=3, insert_text="x")
    log = git_log(ws)
    assert log[0].splitlines()[0] == "memory: insert USER.md"
    assert log[1].startswith("memory: save edits made outside reverie to USER.md")
    diff = subprocess.run(
        ["git", "show", "HEAD", "--format="], cwd=ws.path, capture_output=True, text=True
    ).stdout
    assert "+x" in diff and "+- typed by hand" not in diff


def test_concurrent_inserts_lose_nothing(ws: Workspace) -> None:
    (ws.path / "memory" / "notes").mkdir(parents=True)
    (ws.path / "memory" / "notes" / "log.md").write_text("")
    errors: list[BaseException] = []

    def worker(name: str) -> None:
        tool = MemoryTool(ws)
        try:
            for n in range(6):
                call(
                    tool,
                    command="insert",
                    path="/memories/log.md",
                    insert_line=0,
                    insert_text=f"{name}{n}",
                )
        except BaseException as exc:  # surfaced by the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(name,)) for name in "ab"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    lines = (ws.path / "memory" / "notes" / "log.md").read_text().splitlines()
    assert sorted(lines) == sorted(f"{name}{n}" for name in "ab" for n in range(6))


# -- Dream --------------------------------------------------------------------------


async def test_dream_reads_the_notes_and_its_guide_says_where_they_are(ws: Workspace) -> None:
    call(MemoryTool(ws), command="create", path="/memories/trip.md", file_text="Lisbon in May\n")
    tools = ws.store.build_dream_tools()
    listing = await tools.execute("read_file", {"path": "memory/notes"})
    note = await tools.execute("read_file", {"path": "memory/notes/trip.md"})
    assert not listing.is_error and "trip.md" in listing.content
    assert note.content == "Lisbon in May\n"
    assert "memory/notes/" in builtin_dream_guide()


# -- the SDK's own tool runner -----------------------------------------------------


def _message(content: list[dict[str, Any]], stop: str) -> dict[str, Any]:
    return {
        "id": "msg_test",
        "type": "message",
        "role": "assistant",
        "model": "claude-test",
        "content": content,
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": {"input_tokens": 1, "output_tokens": 1},
    }


_SCRIPT = [
    _message(
        [
            {
                "type": "tool_use",
                "id": "toolu_1",
                "name": "memory",
                "input": {
                    "command": "create",
                    "path": "/memories/prefs.md",
                    "file_text": "- black coffee\n",
                },
            }
        ],
        "tool_use",
    ),
    _message(
        [
            {
                "type": "tool_use",
                "id": "toolu_2",
                "name": "memory",
                "input": {"command": "view", "path": "/memories/nope.md"},
            }
        ],
        "tool_use",
    ),
    _message([{"type": "text", "text": "Noted."}], "end_turn"),
]


class _Recorder:
    """Answers the scripted messages in order and keeps each request body."""

    def __init__(self) -> None:
        self.bodies: list[dict[str, Any]] = []

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.bodies.append(json.loads(request.content))
        return httpx2.Response(200, json=_SCRIPT[len(self.bodies) - 1])

    def tool_results(self) -> list[dict[str, Any]]:
        return [
            block
            for body in self.bodies
            for message in body["messages"]
            if message["role"] == "user" and isinstance(message["content"], list)
            for block in message["content"]
            if block.get("type") == "tool_result"
        ]


def _check_run(ws: Workspace, recorder: _Recorder) -> None:
    assert recorder.bodies[0]["tools"] == [{"type": "memory_20250818", "name": "memory"}]
    results = recorder.tool_results()
    first = next(r for r in results if r["tool_use_id"] == "toolu_1")
    second = next(r for r in results if r["tool_use_id"] == "toolu_2")
    assert "File created successfully at: /memories/prefs.md" in json.dumps(first["content"])
    assert second["is_error"] is True
    assert "The path /memories/nope.md does not exist" in json.dumps(second["content"])
    assert (ws.path / "memory" / "notes" / "prefs.md").read_text() == "- black coffee\n"


def test_the_sdks_tool_runner_drives_it(ws: Workspace) -> None:
    recorder = _Recorder()
    with httpx2.Client(transport=httpx2.MockTransport(recorder)) as http:
        client = anthropic.Anthropic(
            api_key="test", base_url="http://anthropic.test", http_client=http
        )
        runner = client.beta.messages.tool_runner(
            model="claude-test",
            max_tokens=256,
            messages=[{"role": "user", "content": "I take my coffee black."}],
            tools=[MemoryTool(ws)],
            thread=False,
        )
        final = runner.until_done()
    assert final.content[0].text == "Noted."  # type: ignore[union-attr]
    _check_run(ws, recorder)


async def test_the_async_twin_works_with_the_async_client(ws: Workspace) -> None:
    recorder = _Recorder()

    async def handler(request: httpx2.Request) -> httpx2.Response:
        return recorder(request)

    async with httpx2.AsyncClient(transport=httpx2.MockTransport(handler)) as http:
        client = anthropic.AsyncAnthropic(
            api_key="test", base_url="http://anthropic.test", http_client=http
        )
        runner = client.beta.messages.tool_runner(
            model="claude-test",
            max_tokens=256,
            messages=[{"role": "user", "content": "I take my coffee black."}],
            tools=[AsyncMemoryTool(ws)],
            thread=False,
        )
        final = await runner.until_done()
    assert final.content[0].text == "Noted."  # type: ignore[union-attr]
    _check_run(ws, recorder)


def test_a_workspace_folder_is_accepted_too(tmp_path: Path) -> None:
    tool = MemoryTool(str(tmp_path / "new-ws"))
    assert "/memories/USER.md" in call(tool, command="view", path="/memories")
    assert os.path.isfile(tmp_path / "new-ws" / "reverie.toml")


def test_blame_names_the_memory_tool_as_the_author_of_its_lines(ws: Workspace) -> None:
    from reverie.ops.blame import blame_text

    tool = MemoryTool(ws)
    tool.call(
        {
            "command": "str_replace",
            "path": "/memories/USER.md",
            "old_str": ws.store.read_user().splitlines()[0],
            "new_str": "Dana keeps bees on the roof",
        }
    )
    [hit] = blame_text(ws, "keeps bees")
    assert hit.cursors is None
    assert hit.written_by == "the memory tool (anthropic)"
