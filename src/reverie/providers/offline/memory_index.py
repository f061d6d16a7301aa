"""The memory a chat turn carries, cut into lines that can be searched by word.

An ordinary chat request's system prompt holds the memory files and the
recent history (see :mod:`reverie.context`): ``## SOUL.md``, ``## USER.md``,
``## Long-term Memory`` (``memory/MEMORY.md``), ``## Recent history …``, and
whatever else a front end adds. :func:`memory_lines` turns it into
:class:`MemoryLine` items, each with where it came from ("USER.md › Diet",
"history 2026-03-04 14:10"); :func:`search_lines` ranks them against a
question by shared words — whole words, so "tea" does not find "team".
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources

from reverie.providers.offline.vocabulary import words

__all__ = [
    "MemoryLine",
    "memory_lines",
    "missing_words",
    "query_words",
    "search_lines",
    "stem",
]

_FILE_TITLES = {
    "soul.md": "SOUL.md",
    "user.md": "USER.md",
    "long-term memory": "memory/MEMORY.md",
    "memory.md": "memory/MEMORY.md",
    "memory/memory.md": "memory/MEMORY.md",
}
_SECTION = re.compile(r"^##\s+(?P<title>.+?)\s*$")
_HEADING = re.compile(r"^#{1,6}\s+(?P<title>.+?)\s*#*\s*$")
_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
_HISTORY_LINE = re.compile(r"^\s*-\s*\[(?P<stamp>[^\]]*)\]\s*(?P<text>.*)$")
_TAG = re.compile(r"^\[(?:permanent|durable|ephemeral|correction|skip)\]\s*", re.IGNORECASE)
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}:\s+")
_WORD = re.compile(r"[a-z0-9]+(?:[.'’][a-z0-9]+)*", re.IGNORECASE)
_STOP = frozenset(
    words(
        """
    a about after again all am an and any are as at be been before but by can could did do
    does doing for from had has have having he her here hers him his how i if in into is it
    its just know let me more most my no not now of on or our out over please remember
    remind same she should so some tell than that the their them then there these they this
    those to too up us very was we were what when where which who whom why will with would
    you your yours anything something everything thing things say said again still ever
    recall remembered memory memories user's user do you think like want need get got use
    what's who's where's how's that's it's there's i'm i've i'll i'd don't doesn't didn't
    """
    )
)


@dataclass(frozen=True)
class MemoryLine:
    """One line of memory and where it came from.

    Attributes:
        text: The line, without its bullet, tag or date prefix.
        source: Where it is kept: ``"USER.md"``, ``"memory/MEMORY.md › Facts"``,
            ``"history 2026-03-04 14:10"``.
    """

    text: str
    source: str


def stem(word: str) -> str:
    """A crude stem, so "lives", "live" and "living" meet ("liv")."""
    word = word.lower().replace("’", "'").removesuffix("'s")
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif len(word) > 4 and word.endswith(("sses", "shes", "ches", "xes", "zes")):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ing", "ed"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            word = word[: -len(suffix)]
            break
    return word[:-1] if len(word) > 3 and word.endswith("e") else word


def query_words(text: str) -> list[str]:
    """The words of a question worth searching for, in order, without repeats."""
    seen: list[str] = []
    for word in _WORD.findall(text):
        low = word.lower().replace("’", "'").removesuffix("'s")
        if low in _STOP or len(low) < 2:
            continue
        if low not in seen:
            seen.append(low)
    return seen


def _file_lines(path: str, body: Iterable[str]) -> list[MemoryLine]:
    lines: list[MemoryLine] = []
    section = ""
    for raw in body:
        heading = _HEADING.match(raw)
        if heading is not None:
            title = heading["title"]
            # The file's own title ("# User") names the file, not a section.
            section = "" if raw.startswith("# ") else title
            continue
        text = _DATE.sub("", _BULLET.sub("", raw).strip())
        if text and text not in _template_prose():
            lines.append(MemoryLine(text, f"{path} › {section}" if section else path))
    return lines


@functools.cache
def _template_prose() -> frozenset[str]:
    """The sentences a new workspace's files open with ("Stable facts about the user: name,
    …"): they describe the file, they are not memory."""
    prose = set()
    for name in ("USER.md", "MEMORY.md"):
        template = resources.files("reverie").joinpath(f"templates/{name}")
        for raw in template.read_text(encoding="utf-8").splitlines():
            if raw.strip() and not _HEADING.match(raw) and not _BULLET.match(raw):
                prose.add(raw.strip())
    return frozenset(prose)


def _history_lines(body: Iterable[str]) -> list[MemoryLine]:
    lines: list[MemoryLine] = []
    stamp = ""
    for raw in body:
        match = _HISTORY_LINE.match(raw)
        if match is not None:
            stamp, raw = match["stamp"], match["text"]
        text = _TAG.sub("", raw.strip())
        if text and text != "(nothing)" and not text.startswith("[RAW]"):
            lines.append(MemoryLine(text, f"history {stamp}".strip()))
    return lines


def memory_lines(system_prompt: str) -> list[MemoryLine]:
    """The searchable lines of a chat request's system prompt, with their sources."""
    blocks: list[tuple[str, list[str]]] = []
    for raw in system_prompt.splitlines():
        section = _SECTION.match(raw)
        title = section["title"].strip() if section else ""
        known = title.lower() in _FILE_TITLES or title.lower().startswith(
            ("recent history", "summary of", "recalled from")
        )
        if section is not None and (known or not blocks or blocks[-1][0] == "identity"):
            blocks.append((title, []))
        elif raw.startswith("# Identity"):
            blocks.append(("identity", []))
        elif blocks:
            blocks[-1][1].append(raw)
    lines: list[MemoryLine] = []
    for title, body in blocks:
        low = title.lower()
        if low == "identity":
            continue
        if low.startswith("recent history"):
            lines += _history_lines(body)
        elif low.startswith("recalled from"):
            lines += [MemoryLine(line.text, "recalled") for line in _file_lines("", body)]
        elif low.startswith("summary of"):
            summary = _history_lines(body)
            lines += [MemoryLine(line.text, "summary of this conversation") for line in summary]
        else:
            lines += _file_lines(_FILE_TITLES.get(low, title), body)
    return lines


def missing_words(lines: Sequence[MemoryLine], query: str) -> list[str]:
    """The words of ``query`` that no memory line contains."""
    present = {stem(word) for line in lines for word in _WORD.findall(line.text)}
    return [word for word in query_words(query) if stem(word) not in present]


def search_lines(lines: Sequence[MemoryLine], query: str, k: int) -> list[MemoryLine]:
    """The ``k`` lines sharing the most words with ``query`` (whole words, rare words first).

    A word found in few lines counts more than a common one, so "Redpanda"
    outweighs "team".
    """
    wanted = {stem(word) for word in query_words(query)}
    if not wanted:
        return []
    bags = [{stem(word) for word in _WORD.findall(line.text)} for line in lines]
    frequency = {word: sum(word in bag for bag in bags) for word in wanted}
    scored = []
    for index, (line, bag) in enumerate(zip(lines, bags, strict=True)):
        shared = bag & wanted
        if shared:
            weight = sum(1.0 / frequency[word] for word in shared)
            scored.append((-weight, len(line.text), index, line))
    scored.sort(key=lambda item: item[:3])
    return [item[3] for item in scored[:k]]
