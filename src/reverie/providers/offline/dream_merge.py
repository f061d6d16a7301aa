"""The offline Dream's rules: which fact goes where, and how it merges into a file.

Pure functions over text. :func:`entry_facts` reads the facts of one history
entry (tagged lines, or a ``[RAW]`` dump run through the offline extraction
rules); :func:`merge_facts` folds facts into the memory files:

- ``[skip]`` is dropped; tags never reach the files;
- ``[permanent]`` → USER.md, except rules for the assistant ("always answer
  in French", "be concise", "User wants the assistant to …") → SOUL.md;
- ``[durable]`` (and untagged lines) → memory/MEMORY.md;
- ``[ephemeral]`` → memory/MEMORY.md under ``## Open items``, dated;
- ``[correction]`` replaces, in place and whole, the line it corrects (any
  file; see :mod:`.dream_correct`) — never a splice of the two. With no such
  line it is added like any other fact; a correction without a subject
  ("it's on Tuesday, not Monday") only swaps one value of the same kind in
  the line holding it, and is dropped when no line does;
- a fact already present anywhere (same words, case and punctuation aside)
  is not added again.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from reverie.providers.offline.corrections import without_old_value
from reverie.providers.offline.dream_called_off import apply_called_off
from reverie.providers.offline.dream_correct import (
    apply_correction,
    apply_drop_out,
    apply_move,
    apply_update,
    drop_replaced,
    key_words,
    line_fact,
)
from reverie.providers.offline.extract import extract_facts, fact_key
from reverie.providers.offline.markdown_doc import BULLET, MarkdownDoc
from reverie.providers.offline.transcript import parse_transcript

__all__ = [
    "MEMORY",
    "SOUL",
    "USER",
    "DreamFact",
    "MergeReport",
    "entry_facts",
    "key_words",
    "merge_facts",
]


USER = "USER.md"
SOUL = "SOUL.md"
MEMORY = "memory/MEMORY.md"
FILES = (SOUL, USER, MEMORY)

_I = re.IGNORECASE
_TAGGED = re.compile(r"^\s*(?:[-*•]\s+)?\[(permanent|durable|ephemeral|correction|skip)\]\s*", _I)
_ANY_TAG = re.compile(r"\s*\[(?:permanent|durable|ephemeral|correction|skip)\]\s*", _I)
_TRUNCATED = ("… [truncated]", "[truncated]")
_RAW = re.compile(r"^\[RAW\] \d+ messages?\n")
_ENTRY_MARKUP = re.compile(r"^</?entry\b[^>]*>$")
_AS_OF = re.compile(r"\s*\(as of (\d{4}-\d{2}-\d{2})\)")
_CORRECTED = re.compile(
    r"^(?P<who>User|(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]*) corrected(?: (?P<about>[^:]+))?:\s*(?P<rest>.+)$", _I
)
_ASIDE = re.compile(r"\s*\((?:not|previously|formerly|was)\b[^)]*\)", _I)
_RULE = re.compile(
    r"\bthe assistant\b|\b(?:you|assistant) (?:should|must)\b"
    r"|^(?:always|never|be|answer|respond|reply|write|speak|keep|avoid|don't|do not)\b"
    r"|\b(?:always|never) (?:answer|respond|reply|speak|talk|write|use emoji|greet)\b",
    _I,
)
_WANTS = re.compile(r"^User wants the assistant (?P<negated>not )?to (?P<rest>.+)$", _I)
_SECTION_FACTS = re.compile(r"^(?:facts|project facts|projects?|notes|decisions|knowledge)$", _I)
_SECTION_OPEN = re.compile(r"^open items$", _I)
_SECTION_RULES = re.compile(r"^(?:rules|behaviou?r|style|guidelines|conduct)$", _I)


@dataclass(frozen=True)
class DreamFact:
    """One fact of a history entry: its tag, its text, the day it was recorded."""

    tag: str
    text: str
    date: str | None = None


@dataclass
class MergeReport:
    """What :func:`merge_facts` did, for the final answer."""

    added: dict[str, int] = field(default_factory=dict)
    corrected: int = 0
    duplicates: int = 0
    skipped: int = 0
    unresolved: int = 0

    def describe(self) -> str:
        """One sentence about the merge."""
        parts = [f"{count} to {path}" for path, count in self.added.items() if count]
        text = f"Added {sum(self.added.values())} fact(s)" + (
            f" ({', '.join(parts)})" if parts else ""
        )
        text += f", corrected {self.corrected} line(s)"
        text += f", left out {self.duplicates} duplicate(s) and {self.skipped} [skip] line(s)"
        if self.unresolved:
            text += f" and {self.unresolved} correction(s) with nothing to correct"
        return text + "."


def entry_facts(content: str, date: str | None) -> list[DreamFact]:
    """The facts of one history entry.

    Tagged lines give one fact each; untagged lines count as ``durable``;
    headings, ``(nothing)`` and blank lines are ignored. A raw dump
    (``[RAW] N messages``) is read as a conversation and the user's facts are
    extracted by the offline rules.
    """
    if _RAW.match(content):
        turns = parse_transcript(_RAW.sub("", content, count=1))
        return [_dated(DreamFact(f.tag, f.text, date)) for f in extract_facts(turns)]
    facts: list[DreamFact] = []
    lines = content.splitlines()
    if lines and lines[-1].strip() in _TRUNCATED:
        # The entry was cut for the prompt: its last line may be half a fact.
        lines = lines[:-2]
    for line in lines:
        stripped = line.strip()
        if not stripped or stripped.startswith("#") or stripped == "(nothing)":
            continue
        if _ENTRY_MARKUP.match(stripped):
            # The prompt's own <entry> delimiters, echoed inside an entry's text.
            continue
        match = _TAGGED.match(stripped)
        tag = match.group(1).lower() if match else "durable"
        text = _ANY_TAG.sub(" ", stripped[match.end() :] if match else stripped)
        text = BULLET.sub("", text).strip()
        if text:
            facts.append(_dated(DreamFact(tag, text, date)))
    return facts


def _dated(fact: DreamFact) -> DreamFact:
    """Move an ``(as of YYYY-MM-DD)`` note into the fact's date."""
    match = _AS_OF.search(fact.text)
    if match is None:
        return fact
    return DreamFact(fact.tag, _AS_OF.sub("", fact.text).strip(), match.group(1))


_ABOUT_USER = re.compile(r"^User (?!wants\b|asks\b|expects\b|told\b|tells\b|instructs\b)\w+", _I)


def _is_rule(text: str) -> bool:
    # "User loves hiking, if the assistant needs small talk" is about the user,
    # even though it names the assistant; only requests to the assistant are rules.
    if _ABOUT_USER.match(text):
        return False
    return _RULE.search(text) is not None


def _add(
    doc: MarkdownDoc, path: str, bullet: str, section: re.Pattern[str] | None, title: str | None
) -> None:
    """Add a bullet at the end of ``section`` (created when ``title`` is given)."""
    found = doc.section(section) if section is not None else None
    if found is not None:
        doc.insert_after_content(found[0], found[1], bullet)
        return
    if section is _SECTION_FACTS:
        open_items = doc.section(_SECTION_OPEN)
        if open_items is not None and open_items[0] > 0:
            doc.insert_after_content(0, open_items[0], bullet)
            return
    if not any(line.strip() for line in doc.lines):
        doc.lines = [_TITLES[path], ""]
        if title is not None:
            doc.lines += [f"## {title}", ""]
        doc.lines.append(bullet)
        return
    if title is not None and section is _SECTION_OPEN:
        doc.strip_trailing_blank()
        doc.lines += ["", f"## {title}", "", bullet]
        return
    doc.insert_after_content(0, len(doc.lines), bullet)


_TITLES = {USER: "# User", SOUL: "# Soul", MEMORY: "# Memory"}


def _corrected_text(text: str) -> str:
    match = _CORRECTED.match(text)
    if match is not None:
        rest = match.group("rest").strip()
        about = match.group("about")
        who = match.group("who")
        if who == "User" or re.match(rf"{re.escape(who)}\b", rest, _I):
            text = f"{about.strip()}: {rest}" if about else rest
        else:  # "Ellie corrected: on the due date, …" in a chat between two people: hers
            said = f"{rest[:1].lower()}{rest[1:]}"
            text = f"{who} on {about.strip()}: {said}" if about else f"{who}: {said}"
    text = _ASIDE.sub("", text).strip()
    return text[:1].upper() + text[1:]


def merge_facts(
    files: Mapping[str, str], facts: Sequence[DreamFact]
) -> tuple[dict[str, str], MergeReport]:
    """Fold ``facts`` into the memory files.

    Args:
        files: Current text of SOUL.md, USER.md and memory/MEMORY.md (missing
            keys: the file is left alone, no fact is routed to it).
        facts: The facts, oldest first.

    Returns:
        The new texts (every key of ``files``) and a report.
    """
    docs = {path: MarkdownDoc(text) for path, text in files.items() if path in FILES}
    report = MergeReport()
    known = {
        fact_key(line_fact(line)) for doc in docs.values() for line in doc.lines if line.strip()
    }
    for fact in facts:
        if fact.tag == "skip":
            report.skipped += 1
            continue
        said = _corrected_text(fact.text) if fact.tag == "correction" else fact.text
        if apply_called_off(docs, FILES, said):
            report.corrected += 1  # "User withdrew their application …": the plan is off
            known.add(fact_key(said))
            continue
        if fact.tag != "correction" and apply_drop_out(docs, FILES, fact.text):
            report.corrected += 1  # "Meena dropped out.": the plans with her are the user's
            known.add(fact_key(fact.text))
            continue
        if fact.tag != "correction" and apply_move(docs, FILES, fact.text):
            report.corrected += 1  # "the op has been moved to the 28th": the op's line says it
            known.add(fact_key(fact.text))
            continue
        if fact.tag == "correction":
            text = _corrected_text(fact.text)
            if fact_key(text) in known:
                report.duplicates += 1
                continue
            outcome = apply_correction(docs, FILES, fact.text, text)
            if outcome == "unresolved":
                report.unresolved += 1
                continue
            if outcome != "new":
                report.corrected += 1
                known.add(fact_key(text))
                continue
            # a new line says what is true now; the value it replaced stays in the history
            text = without_old_value(text)
            tag = "permanent" if text.lower().startswith("user") else "durable"
            fact = DreamFact(tag, text, fact.date)
        path, text, section, title = _route(fact)
        keys = {fact_key(fact.text), fact_key(text)}
        if "" in keys or keys & known:
            report.duplicates += 1
            continue
        if fact.tag != "correction" and drop_replaced(docs, FILES, text):
            report.corrected += 1  # "… on call 24–28 Nov instead of launch week": the old week
        if apply_update(docs, FILES, text):
            report.corrected += 1
            known.update(keys)
            continue
        doc = docs.get(path)
        if doc is None:
            continue
        dated = f"{fact.date}: {text}" if fact.tag == "ephemeral" and fact.date else text
        _add(doc, path, f"- {dated}", section, title)
        known.update(keys)
        report.added[path] = report.added.get(path, 0) + 1
    return {path: doc.text() for path, doc in docs.items()}, report


def _route(fact: DreamFact) -> tuple[str, str, re.Pattern[str] | None, str | None]:
    """``(file, text, section, title of a section to create)`` for a new fact."""
    text = fact.text
    if fact.tag == "ephemeral":
        return MEMORY, text, _SECTION_OPEN, "Open items"
    if _is_rule(text):
        return SOUL, _as_rule(text), _SECTION_RULES, None
    if fact.tag == "permanent":
        return USER, text, None, None
    return MEMORY, text, _SECTION_FACTS, "Facts"


def _as_rule(text: str) -> str:
    """Phrase a rule as an order: "User wants the assistant to be brief." → "Be brief."."""
    match = _WANTS.match(text)
    if match is None:
        return text
    # ("… to number the answers …, and to use British spelling": each wish an order)
    rest = match.group("rest").replace(", and to ", ", and ")
    if match.group("negated"):
        return f"Do not {rest}"
    return rest[:1].upper() + rest[1:]
