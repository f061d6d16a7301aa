"""The offline provider dreams: a recorded history becomes the expected memory files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from reverie.dream import Dream
from reverie.providers.offline import OfflineProvider
from reverie.providers.offline.dream import plan_edits
from reverie.providers.offline.dream_history import (
    HISTORY_PATH,
    HistoryReads,
    next_history_read,
)
from reverie.providers.offline.dream_merge import DreamFact, entry_facts, merge_facts
from reverie.providers.offline.extract import archive_answer
from reverie.providers.offline.transcript import Turn
from reverie.sessions.manager import SessionManager
from reverie.store.git import parse_trailers
from reverie.store.memory_store import MemoryStore

HISTORY = [
    (
        "2026-04-03 09:05",
        "cli:dana",
        "[permanent] User's name is Dana.\n"
        "[permanent] User wants to be called Dee.\n"
        "[permanent] User is a data engineer at Northwind.\n"
        "[permanent] User prefers short answers without emoji.\n"
        "[permanent] User lives in Porto.",
    ),
    (
        "2026-04-04 14:10",
        "cli:dana",
        "[durable] The team decided to use PostgreSQL 16 for the billing service.\n"
        "[durable] Decision: go with FastAPI for the HTTP layer.\n"
        "[durable] The CLI is written in Rust.\n"
        "[skip] Chatted about the weather.",
    ),
    (
        "2026-04-05 20:00",
        "telegram:42",
        "[permanent] User wants the assistant to always answer in French.\n"
        "[ephemeral] User needs to renew their passport by Friday (as of 2026-04-05).\n"
        "[durable] The CLI is written in Rust.",
    ),
    (
        "2026-04-06 08:10",
        "cli:dana",
        "[ephemeral] User's flight to Berlin is on Monday (as of 2026-04-06).\n"
        "[correction] User corrected: it's on Tuesday, not Monday.\n"
        "[correction] User lives in Lisbon (not Porto, as noted before).\n"
        "[correction] The HTTP layer uses Litestar, not FastAPI.",
    ),
    (
        "2026-04-07 11:00",
        "cli:dana",
        "[RAW] 4 messages\n"
        "[2026-04-07 11:00] USER: I live in Lisbon and I hate long meetings.\n"
        "[2026-04-07 11:01] ASSISTANT: Noted.\n"
        "[2026-04-07 11:02] USER: We'll deploy with Docker Compose on Hetzner. "
        "Remind me to book the dentist tomorrow.\n"
        "[2026-04-07 11:03] ASSISTANT: Sure.",
    ),
]

GOLDEN_SOUL = """\
# Soul

You are a calm, precise assistant.

- Always answer in French.
"""

GOLDEN_USER = """\
# User

- User's name is Dana.
- User wants to be called Dee.
- User is a data engineer at Northwind.
- User prefers short answers without emoji.
- User lives in Lisbon.
- User hates long meetings.
"""

GOLDEN_MEMORY = """\
# Memory

## Facts

- The billing service is deployed on Fly.io.
- The team decided to use PostgreSQL 16 for the billing service.
- The HTTP layer uses Litestar, not FastAPI.
- The CLI is written in Rust.
- The team will deploy with Docker Compose on Hetzner.

## Open items

- 2026-04-05: User needs to renew their passport by Friday.
- 2026-04-06: User's flight to Berlin is on Tuesday.
- 2026-04-07: User asked to be reminded to book the dentist on 8 April 2026.
"""


def recorded_workspace(workspace: Path) -> MemoryStore:
    store = MemoryStore(workspace)
    store.write_soul("# Soul\n\nYou are a calm, precise assistant.\n")
    store.write_memory("# Memory\n\n## Facts\n\n- The billing service is deployed on Fly.io.\n")
    lines = [
        json.dumps({"cursor": n, "timestamp": stamp, "content": text, "session_key": key})
        for n, (stamp, key, text) in enumerate(HISTORY, start=1)
    ]
    (workspace / "memory" / "history.jsonl").write_text("\n".join(lines) + "\n")
    return store


async def test_golden_dream_over_a_recorded_history(workspace: Path) -> None:
    store = recorded_workspace(workspace)
    result = await Dream(store, OfflineProvider()).run()

    assert result.status == "completed", result.reason
    assert (result.cursor_from, result.cursor_to) == (1, 5)
    assert store.read_soul() == GOLDEN_SOUL
    assert store.read_user() == GOLDEN_USER
    assert store.read_memory() == GOLDEN_MEMORY
    head = store.git.log(1)[0]
    assert head.subject == "dream: update SOUL.md, USER.md, memory/MEMORY.md"
    assert parse_trailers(head.message) == {
        "Dream-Cursors": "1-5",
        "Dream-Model": "offline-extractive",
    }


async def test_a_second_dream_corrects_in_place_and_skips_duplicates(workspace: Path) -> None:
    store = recorded_workspace(workspace)
    provider = OfflineProvider()
    sessions = SessionManager(workspace)
    await Dream(store, provider).run()
    store.append_history(
        "[durable] The CLI is written in Rust.\n"
        "[permanent] User wants the assistant to always answer in French.\n"
        "[correction] The billing service is deployed on Render, not Fly.io.\n"
        "[permanent] User prefers tea over coffee."
    )
    result = await Dream(store, provider, sessions=sessions).run()

    assert result.status == "completed"
    assert result.changed_files == ("USER.md", "memory/MEMORY.md")
    assert store.read_soul() == GOLDEN_SOUL
    assert store.read_user() == GOLDEN_USER + "- User prefers tea over coffee.\n"
    # The correction replaces the old line whole, in the user's words.
    assert store.read_memory() == GOLDEN_MEMORY.replace(
        "deployed on Fly.io.", "deployed on Render, not Fly.io."
    )
    # Files that had content get small exact edits, never a whole-file rewrite.
    session = sessions.get_or_create(result.session_key or "")
    used = [c["function"]["name"] for m in session.messages for c in m.get("tool_calls", [])]
    assert used == ["read_file", "read_file", "read_file", "apply_patch"]


async def test_dream_is_deterministic(tmp_path: Path) -> None:
    texts = []
    for name in ("a", "b"):
        workspace = tmp_path / name
        workspace.mkdir()
        store = recorded_workspace(workspace)
        await Dream(store, OfflineProvider()).run()
        texts.append((store.read_soul(), store.read_user(), store.read_memory()))
    assert texts[0] == texts[1]


async def test_nothing_new_to_record_changes_nothing(workspace: Path) -> None:
    store = MemoryStore(workspace)
    store.write_user("# User\n\n- User's name is Dana.\n")
    store.append_history("[permanent] User's name is Dana.\n[skip] small talk")
    result = await Dream(store, OfflineProvider()).run()
    assert result.status == "completed"
    assert result.changed_files == ()
    assert store.read_user() == "# User\n\n- User's name is Dana.\n"
    assert store.get_last_dream_cursor() == 1


def test_entry_facts_strip_tags_and_read_raw_dumps() -> None:
    facts = entry_facts(
        "- [durable] The app uses Go. [permanent]\n(nothing)\n# heading\nUntagged fact.",
        "2026-04-03",
    )
    assert facts == [
        DreamFact("durable", "The app uses Go.", "2026-04-03"),
        DreamFact("durable", "Untagged fact.", "2026-04-03"),
    ]
    raw = entry_facts("[RAW] 1 messages\n[2026-04-03 10:00] USER: I prefer dark mode.", None)
    assert raw == [DreamFact("permanent", "User prefers dark mode.", None)]


def test_a_cut_entry_loses_its_last_partial_line() -> None:
    facts = entry_facts("[durable] Whole fact.\n[durable] Half a fa\n… [truncated]", None)
    assert facts == [DreamFact("durable", "Whole fact.", None)]


def test_entry_delimiters_inside_an_entry_are_not_facts() -> None:
    text = '[durable] A fact.\n</entry>\n<entry cursor="9" timestamp="x">\n[durable] B fact.'
    assert [fact.text for fact in entry_facts(text, None)] == ["A fact.", "B fact."]


def test_merge_routes_and_corrects() -> None:
    files = {"SOUL.md": "", "USER.md": "", "memory/MEMORY.md": ""}
    merged, report = merge_facts(
        files,
        [
            DreamFact("permanent", "User likes hiking."),
            DreamFact("permanent", "Never use emoji."),
            DreamFact("durable", "The repo is called reverie."),
            DreamFact("ephemeral", "User must call Bob.", "2026-04-03"),
            DreamFact("correction", "User corrected: the repo is called reverie-core."),
            DreamFact("skip", "Weather."),
            DreamFact("durable", "The repo is called reverie-core."),
        ],
    )
    assert merged["SOUL.md"] == "# Soul\n\n- Never use emoji.\n"
    assert merged["USER.md"] == "# User\n\n- User likes hiking.\n"
    assert merged["memory/MEMORY.md"] == (
        "# Memory\n\n## Facts\n\n- The repo is called reverie-core.\n\n"
        "## Open items\n\n- 2026-04-03: User must call Bob.\n"
    )
    assert (report.corrected, report.duplicates, report.skipped) == (1, 1, 1)


def test_a_correction_without_a_match_is_added() -> None:
    merged, report = merge_facts(
        {"SOUL.md": "", "USER.md": "", "memory/MEMORY.md": ""},
        [DreamFact("correction", "User's manager is Priya, not Maria.")],
    )
    assert merged["USER.md"] == "# User\n\n- User's manager is Priya, not Maria.\n"
    assert report.corrected == 0


def test_a_correction_replaces_the_old_line_whole_wherever_it_is() -> None:
    merged, report = merge_facts(
        {"SOUL.md": "", "USER.md": "", "memory/MEMORY.md": ""},
        [
            DreamFact("permanent", "User uses Python 3.11 with uv for everything."),
            DreamFact("correction", "The team upgraded Harbor to Python 3.12 last week, not 3.11."),
        ],
    )
    assert merged["USER.md"] == (
        "# User\n\n- The team upgraded Harbor to Python 3.12 last week, not 3.11.\n"
    )
    assert merged["memory/MEMORY.md"] == ""
    assert report.corrected == 1


def test_a_correction_never_splices_words_from_two_statements() -> None:
    # Issue 13: "dark roast" + "green tea" once became "dark roast tea".
    facts = [
        DreamFact("permanent", "User prefers dark roast coffee, black, no sugar."),
        DreamFact("correction", "User prefers green tea, not coffee."),
    ]
    merged, report = merge_facts({"SOUL.md": "", "USER.md": "", "memory/MEMORY.md": ""}, facts)
    assert merged["USER.md"] == "# User\n\n- User prefers green tea, not coffee.\n"
    assert report.corrected == 1
    # Dreaming the same entries again (after `dream restore`) gives the same file.
    again, _ = merge_facts({"SOUL.md": "", "USER.md": "", "memory/MEMORY.md": ""}, facts)
    assert again == merged
    assert "dark roast tea" not in "".join(merged.values())


def test_a_correction_without_a_subject_only_swaps_a_value_of_the_same_kind() -> None:
    files = {"SOUL.md": "", "USER.md": "", "memory/MEMORY.md": ""}
    merged, report = merge_facts(
        files,
        [
            DreamFact("ephemeral", "User's flight to Berlin is on Monday morning.", "2026-04-06"),
            DreamFact("correction", "User corrected: it's on Tuesday, not Monday."),
            DreamFact("correction", "User corrected: it's green tea, not coffee."),
        ],
    )
    assert (
        "- 2026-04-06: User's flight to Berlin is on Tuesday morning."
        in merged["memory/MEMORY.md"].splitlines()
    )
    assert "tea" not in "".join(merged.values())  # nothing said coffee: nothing to fix
    assert (report.corrected, report.unresolved) == (1, 1)


def test_a_new_value_of_a_one_at_a_time_trait_replaces_the_old_one() -> None:
    merged, report = merge_facts(
        {"SOUL.md": "", "USER.md": "", "memory/MEMORY.md": ""},
        [
            DreamFact("durable", "Kai is vegetarian now, since last month."),
            DreamFact("durable", "Kai is learning Catalan."),
            DreamFact("durable", "Kai is pescatarian."),
        ],
    )
    assert merged["memory/MEMORY.md"] == (
        "# Memory\n\n## Facts\n\n- Kai is pescatarian.\n- Kai is learning Catalan.\n"
    )
    assert report.corrected == 1


def test_a_preference_that_mentions_the_assistant_stays_in_user_md() -> None:
    merged, _ = merge_facts(
        {"SOUL.md": "", "USER.md": "", "memory/MEMORY.md": ""},
        [
            DreamFact("permanent", "User loves hiking, if the assistant needs small talk."),
            DreamFact("permanent", "User wants the assistant not to suggest Java libraries."),
        ],
    )
    assert merged["USER.md"] == (
        "# User\n\n- User loves hiking, if the assistant needs small talk.\n"
    )
    assert merged["SOUL.md"] == "# Soul\n\n- Do not suggest Java libraries.\n"


lines = st.lists(st.sampled_from(["a\n", "b\n", "c\n", "- x\n", "\n", "# H\n"]), max_size=12)


@settings(max_examples=150, deadline=None)
@given(old=lines, new=lines)
def test_planned_edits_reproduce_the_new_text(old: list[str], new: list[str]) -> None:
    before, after = "".join(old), "".join(new)
    assume(before.strip())  # an empty file is written whole, not edited
    text = before
    for edit in plan_edits("f", before, after):
        assert edit["old_text"], "an edit must name existing text"
        assert text.count(edit["old_text"]) == 1
        text = text.replace(edit["old_text"], edit["new_text"], 1)
    assert text == after


async def test_an_entry_the_prompt_cuts_short_is_read_whole_from_the_history_file(
    workspace: Path,
) -> None:
    store = MemoryStore(workspace)
    for n in range(150):  # older entries, already dreamt: the cut one is near the end
        store.append_history(f"[durable] Old fact number {n}.")
    store.set_last_dream_cursor(store.get_latest_cursor())
    facts = [f"[durable] Service {n} runs on host-{n}.example.org." for n in range(40)]
    assert len("\n".join(facts)) > 1_000  # the Dream prompt shows only the first 1,000
    store.append_history("\n".join(facts))
    store.append_history("[permanent] User prefers tabs.")
    sessions = SessionManager(workspace)
    result = await Dream(store, OfflineProvider(), sessions=sessions).run()
    assert result.status == "completed", result.reason
    memory = store.read_memory()
    for n in (0, 20, 39):
        assert f"- Service {n} runs on host-{n}.example.org." in memory
    assert "- User prefers tabs." in store.read_user()
    session = sessions.get_or_create(result.session_key or "")
    reads = [
        json.loads(c["function"]["arguments"]).get("path")
        for m in session.messages
        for c in m.get("tool_calls", [])
        if c["function"]["name"] == "read_file"
    ]
    assert reads.count("memory/history.jsonl") >= 2  # a probe, then the page with the entry


def _page(first: int, last: int, total: int) -> str:
    lines = [
        json.dumps({"cursor": n, "content": f"[durable] Fact {n}."}) for n in range(first, last + 1)
    ]
    note = f"\n[memory/history.jsonl: lines {first}-{last} of {total}"
    note += f"; continue with offset={last + 1}]" if last < total else "]"
    return "\n".join(lines) + note


def test_history_reads_page_back_and_on_until_the_cut_entry_is_found() -> None:
    path = HISTORY_PATH
    wanted = [150]
    reads: list[tuple[dict[str, Any], str]] = []
    assert next_history_read(wanted, HistoryReads.from_results(reads)) == {
        "path": path,
        "offset": 1,
        "limit": 1,
    }
    reads.append(({"path": path, "offset": 1, "limit": 1}, _page(1, 1, 300)))
    tail = next_history_read(wanted, HistoryReads.from_results(reads))
    assert tail == {"path": path, "offset": 201, "limit": 100}
    reads.append((tail, _page(201, 300, 300)))
    back = next_history_read(wanted, HistoryReads.from_results(reads))
    assert back == {"path": path, "offset": 101, "limit": 100}
    reads.append((back, _page(101, 140, 300)))  # the size cap stopped the read early
    on = next_history_read(wanted, HistoryReads.from_results(reads))
    assert on == {"path": path, "offset": 141, "limit": 100}
    reads.append((on, _page(141, 160, 300)))
    found = HistoryReads.from_results(reads)
    assert found.entries[150] == "[durable] Fact 150."
    assert next_history_read(wanted, found) is None


def test_a_change_said_with_changed_and_as_well_replaces_the_booked_line() -> None:
    merged, report = merge_facts(
        {"SOUL.md": "", "USER.md": "", "memory/MEMORY.md": ""},
        [
            DreamFact("ephemeral", "User's flight home is booked for 28th July already."),
            DreamFact("correction", "User changed their flight home to the 10th as well."),
        ],
    )
    text = "".join(merged.values())
    assert "28th July" not in text
    assert "User changed their flight home to the 10th as well." in text
    assert report.corrected == 1


def test_a_correction_in_a_later_chunk_replaces_the_open_item_it_mends() -> None:
    first = "[ephemeral] The osce is on the 26th (as of 2026-03-01)."
    later = archive_answer(
        [
            Turn("user", "hi there", "2026-03-03"),
            Turn("assistant", "Hello! How can I help?", "2026-03-03"),
            Turn("user", "osce isnt the 26th its the 27th", "2026-03-03"),
        ],
        previous_summary=first,
    )
    files = {"SOUL.md": "", "USER.md": "", "memory/MEMORY.md": ""}
    merged, _ = merge_facts(files, entry_facts(first, "2026-03-01"))
    merged, report = merge_facts(merged, entry_facts(later, "2026-03-03"))
    assert report.corrected == 1
    assert "26th" not in merged["memory/MEMORY.md"]
    assert "The osce is on the 27th." in merged["memory/MEMORY.md"]


def test_the_other_persons_correction_keeps_their_name_and_drops_the_lead() -> None:
    merged, _ = merge_facts(
        {"SOUL.md": "", "USER.md": "", "memory/MEMORY.md": ""},
        [
            DreamFact(
                "correction", "Ellie corrected: Ellie's due date is the 29th aug, not the 28th."
            ),
            DreamFact("correction", "Ellie corrected the venue: the party is at the Crown now."),
        ],
    )
    memory = merged["memory/MEMORY.md"]
    assert "- Ellie's due date is the 29th aug.\n" in memory  # what is true now
    assert "- Ellie on the venue: the party is at the Crown now.\n" in memory
    assert "corrected" not in memory
