"""The pure text rules behind GitStore: diffs, ignore rules, trailers and line blame."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from dulwich.ignore import IgnoreFilter
from hypothesis import given, settings
from hypothesis import strategies as st

from reverie.store._git_text import (
    FileVersion,
    attribute_lines,
    build_gitignore,
    parse_trailers,
    render_file_diff,
    split_lines,
)
from reverie.store.git import parse_trailers as exported_parse_trailers

HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def apply_diff(old: str, diff: str) -> str:
    """A minimal unified-diff applier, enough to check what render_file_diff emits."""
    source = split_lines(old)
    out: list[str] = []
    consumed = 0
    lines = split_lines(diff)
    i = 0
    while i < len(lines) and not lines[i].startswith("@@"):
        i += 1
    last_kind = ""
    for line in lines[i:]:
        match = HUNK.match(line)
        if match:
            start, count = int(match.group(1)), match.group(2)
            begin = start if count == "0" else start - 1
            out.extend(source[consumed:begin])
            consumed = begin
        elif line.startswith("\\"):
            if last_kind in (" ", "+"):
                out[-1] = out[-1].removesuffix("\n")
        else:
            last_kind = line[0]
            if last_kind == " ":
                out.append(source[consumed])
                consumed += 1
            elif last_kind == "-":
                consumed += 1
            else:
                out.append(line[1:])
    out.extend(source[consumed:])
    return "".join(out)


def version(text: str) -> FileVersion:
    return FileVersion(0o100644, text.encode("utf-8"))


texts = st.one_of(
    st.lists(st.sampled_from(["a\n", "b\n", "c", "\n", "d\r\n", "é\n", "x\u2028y\n"])).map("".join),
    st.text(alphabet=st.characters(blacklist_characters="\0", blacklist_categories=["Cs"])),
)


@settings(max_examples=60, deadline=None)
@given(old=texts, new=texts)
def test_rendered_diff_applies_back_to_the_new_text(old: str, new: str) -> None:
    diff = render_file_diff("MEMORY.md", version(old), version(new))

    assert (diff == "") == (old == new)
    assert apply_diff(old, diff) == new


@settings(max_examples=30, deadline=None)
@given(new=texts)
def test_new_and_deleted_files_diff_against_nothing(new: str) -> None:
    created = render_file_diff("USER.md", None, version(new))
    deleted = render_file_diff("USER.md", version(new), None)

    assert "--- /dev/null\n+++ b/USER.md\n" in created or new == ""
    assert apply_diff("", created) == new
    assert "deleted file mode 100644\n" in deleted
    assert apply_diff(new, deleted) == ""


def test_binary_and_mode_changes_are_named_not_dumped() -> None:
    binary = render_file_diff("a.bin", FileVersion(0o100644, b"\0x"), FileVersion(0o100644, b"y"))
    mode = render_file_diff("run.sh", FileVersion(0o100644, b"x"), FileVersion(0o100755, b"x"))

    assert binary.endswith("Binary files a/a.bin and b/a.bin differ\n")
    assert mode == "diff --git a/run.sh b/run.sh\nold mode 100644\nnew mode 100755\n"


def test_split_lines_splits_on_newline_only() -> None:
    assert split_lines("a\u2028b\r\nc\n\nd") == ["a\u2028b\r\n", "c\n", "\n", "d"]
    assert split_lines("") == []


def test_gitignore_hides_everything_but_the_tracked_files() -> None:
    rules = build_gitignore(["SOUL.md", "memory/MEMORY.md", "a/b/c.md", "notes[1].md"])
    ignore = IgnoreFilter([line.encode() for line in rules.splitlines()])

    for hidden in (
        ".gitignore",
        "HISTORY.md",
        "sessions/x.jsonl",
        "memory/history.jsonl",
        "a/other.md",
        "a/b/d.md",
        "notes1.md",
    ):
        assert ignore.is_ignored(hidden), hidden
    for shown in ("SOUL.md", "memory/MEMORY.md", "a/b/c.md", "notes[1].md"):
        assert not ignore.is_ignored(shown), shown


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Dream: update memory", {}),
        ("Dream-Cursors: 1-2", {}),
        (
            "Update MEMORY.md\n\nbody line\n\nDream-Cursors: 4-9\nDream-Model: gpt-x\n\n",
            {"Dream-Cursors": "4-9", "Dream-Model": "gpt-x"},
        ),
        ("Subject\n\nKey: one\nnot a trailer line", {}),
        (
            "Subject\n\nSee: http://x.test/a:b\n  continued here",
            {"See": "http://x.test/a:b continued here"},
        ),
        ("Subject\n\nKey: first\nKey: second", {"Key": "second"}),
        ("Subject\n\nBody: looks like one\n\nplain closing words", {}),
    ],
)
def test_parse_trailers(message: str, expected: dict[str, str]) -> None:
    assert parse_trailers(message) == expected
    assert exported_parse_trailers is parse_trailers


@settings(max_examples=40, deadline=None)
@given(
    pairs=st.dictionaries(
        st.from_regex(r"[A-Za-z0-9][A-Za-z0-9-]{0,12}", fullmatch=True),
        st.text(alphabet=st.characters(blacklist_categories=["Cc", "Cs", "Zl", "Zp"])).map(
            str.strip
        ),
        min_size=1,
        max_size=4,
    )
)
def test_trailers_round_trip(pairs: dict[str, str]) -> None:
    message = "Subject\n\nBody.\n\n" + "\n".join(f"{k}: {v}" for k, v in pairs.items())

    assert parse_trailers(message) == pairs


def test_attribute_lines_follows_lines_through_versions() -> None:
    current = ["alpha", "gamma", "beta", "delta"]
    versions = [("c2", ["alpha", "gamma", "beta"]), ("c1", ["alpha", "beta"])]

    assert attribute_lines(current, versions) == ["c1", "c2", "c1", None]


def test_attribute_lines_stops_walking_once_every_line_has_an_owner() -> None:
    def history() -> Iterator[tuple[str, list[str]]]:
        yield "c3", ["new"]
        yield "c2", ["old"]
        raise AssertionError("walked further than needed")

    assert attribute_lines(["new"], history()) == ["c3"]
