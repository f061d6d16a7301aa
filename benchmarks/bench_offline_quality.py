"""How truthful the offline engine's memory is: precision and recall against gold facts.

Run with ``python benchmarks/bench_offline_quality.py``; it prints figures and asserts nothing.
Goal: precision >= 95 % and recall >= 50 % on conversations the rules were not written against.

Each conversation is a file ``reverie ingest`` reads, next to ``NAME.gold.toml``
listing the facts a careful person would keep. For every conversation the real
pipeline runs in a temporary workspace: ``reverie init``, then ``reverie ingest
FILE --provider offline`` (replay, consolidation into history, offline Dream
into the memory files). Then:

* **Stored lines** are the lines Dream added to ``USER.md``, ``SOUL.md`` and
  ``memory/MEMORY.md`` (the files after ``init`` are subtracted; headings and
  blank lines do not count). History is scored the same way, one fact line of
  an entry at a time (``[skip]`` notes and raw dumps left out).
* **Matching.** A gold fact has ``keys``: regular expressions, all of which
  must be found in the line (case-insensitive), and optional ``reject``
  patterns, none of which may be. ``kind`` is ``current`` (the default: must
  be kept, counts for recall), ``optional`` (true, fine to keep, not needed)
  or ``superseded`` (true once, replaced later: fine in history, stale in the
  memory files). ``wrong`` at the top of the file lists patterns no stored
  line may match (an invented fact).
* **A stored line is correct** when it is well-formed and matches a current
  or optional fact (or, in history, a superseded one) and no ``wrong``
  pattern. Well-formed means: not a question; starts with a capital letter or
  a quote, not with a pronoun or a connective that needs context ("It", "They",
  "Then", "24h, then …"); 3 to 60 words; no first- or second-person words
  left outside quotes ("I", "my", "we", "you" — "you" is fine in SOUL.md,
  which speaks to the assistant); no chat noise ("lol", emoji); no leftover
  tags, code fences or truncation marks; and no "the assistant" except in a
  rule for it (SOUL.md) or a preference about its answers ("User wants the
  assistant to …", "User prefers bullet points in anything the assistant
  writes") — never when the other party is a person (``other_party`` in the
  gold file), whose facts must name them.
* **Precision** = correct stored lines / stored lines.
  **Recall** = current gold facts matched by a correct line / current gold facts.
* **Speed.** Each set also prints how fast the rules read its conversations,
  extracted whole in this process (µs per message).

Sets: ``tuned`` (the rules were written against them), ``heldout`` (first
scored blind, then tuned on), ``judged`` (eleven conversations by a writer who
never saw the rules: five used as a development set, six scored blind once
before any rule was written against them — memory files 61.2 % precision,
21.9 % recall), ``writer2`` (six conversations by a second such writer: scored
blind once, 53.8 % / 36.4 %, then used for development), ``writer3`` (eight
by a third: scored blind once at the end of that work, 65.1 % / 32.7 %, then
looked at), ``writer4`` (six by a fourth: scored blind once, 87.3 % / 35.1 %,
then used for development), ``writer5`` (six by a fifth: scored blind once
midway, 82.2 % / 35.3 %, then used for development), ``writer6`` (six by a
sixth: scored blind once near the end of that work, 91.7 % / 27.5 %, then used
for development), ``writer7`` (five by a seventh: scored blind once on the
final rules of that work, 80.0 % / 23.2 %, then used for development),
``writer8`` (five by an eighth: scored blind midway through the next round of
work, 85.7 % / 31.2 %, and again later, still unread, 84.2 % / 31.2 %; then used
for development), ``writer9`` (five by a ninth: scored blind near the end of
that round, 80.6 % / 35.2 %; one conversation, ``priya_dan_parents``, was then
read), ``writer10`` (five by a tenth: scored blind on the final rules of that
round, 86.0 % / 32.8 %; never read since), ``writer11`` and ``writer12`` (five
each by an eleventh and a twelfth writer: never read; the rules of the start of
the next round scored them 74.0 % / 24.1 % and 81.0 % / 40.3 %, its final rules
77.4 % / 33.1 % and 77.8 % / 45.5 %) and ``writer13`` (six terse chats and chats
between two people by a thirteenth: scored blind once midway, 55.9 % / 13.4 %,
then used for development), ``writer14`` (six by a fourteenth: scored blind on the
rules of the start of the next round, 63.2 % / 23.9 %, and midway, 64.3 % / 23.9 %;
then used for development), ``writer15`` and ``writer16`` (six and five by a fifteenth
and a sixteenth: the rules of the start of that round scored them 67.3 % / 43.5 % and
61.7 % / 24.4 %, its final rules 67.6 % / 43.5 % and 61.7 % / 24.4 %; ``writer15`` was
then used for development, ``writer16`` never read: 62.0 % / 26.0 % on the final rules
of the next round, 62.7 % / 26.8 % on the final rules of the round after), ``writer17``
(six by a seventeenth: scored blind at the start of that round, 74.2 % / 44.6 %, then
used for development), ``writer18`` (six by an eighteenth: never read; 59.8 % / 28.0 % at
the start of that round, 61.3 % / 28.0 % midway, 62.7 % / 29.2 % on its final rules; in
the next round its summary figure, not its lines, guided one rule: 62.4 % / 29.2 %; the
round after read its wrong lines, as it did ``writer16``'s, and used both for
development: 65.9 % / 32.3 %, and ``writer16`` 67.3 % / 28.3 %, at its end), ``writer19`` (six by a
nineteenth: unread for six rounds; 79.1 % / 38.5 % on the rules of the start of that round,
80.0 % / 39.1 % midway and on its final rules, 80.0 % / 39.7 % on the final rules of the
round after, 80.2 % / 39.7 %, 81.8 % / 40.2 % and 82.7 % / 40.2 % on those of the next three;
then read and used for development: 82.5 % / 39.7 % at the end of that round),
``writer20`` (six by a
twentieth: 68.6 % / 34.9 % on the rules of the start of that round and on its final
rules; the round after read it and used it for development: 78.9 % / 46.1 % at its
end), ``writer21`` (six by a twenty-first: 74.4 % / 27.9 % on the rules of the start of
that round, 75.8 % / 29.9 % on its final rules; the round after read it and used it for
development: 84.8 % / 41.5 % at its end), ``writer22`` (six by a twenty-second: 80.0 % /
51.4 % on the rules of the start of that round, 80.0 % / 50.7 % on its final rules; the
round after read it and used it for development: 85.6 % / 52.7 % at its end),
``writer23`` (six by a twenty-third: unread for two rounds; 74.1 % / 51.0 % on the rules of
the start of that round, 74.6 % / 51.0 % on its final rules and at the start of the next,
then read and used for development: 75.8 % / 51.0 % at its end), ``writer24`` (six by a
twenty-fourth, whose keys accept a name fact only from a line that states the name:
58.5 % / 39.0 % when first scored, early in the round after; then read: 62.7 % / 40.4 %
at its end), ``writer25`` (six by a twenty-fifth: 60.5 % / 49.6 % when first scored, late
in that round, and on its final rules; the round after read it and used it for
development: 68.7 % / 53.3 % at its end), ``writer26`` (six by a twenty-sixth, whose name keys
accept a line opening with the name only when it says the name is the user's: never read;
55.8 % / 42.6 % on the rules of the start of that round, 58.3 % / 42.6 % on its final rules and
at the start of the next; then read and used for development: 66.4 % / 47.3 % at its end)
``writer27`` (six by a twenty-seventh: never read for a round; 64.3 % / 38.6 % on the rules
of the start of that round, 64.6 % / 39.4 % on its final rules and at the start of the next;
then read and used for development: 78.3 % / 46.5 % at its end), ``writer28`` (six by a
twenty-eighth: never read for a round; 56.0 % / 31.1 % when first scored, early in the round
it came, 57.4 % / 31.1 % on that round's final rules; then read and used for development:
71.3 % / 43.7 % at its end), ``writer29`` (six by a twenty-ninth: never read for a round;
62.7 % / 48.2 % when first scored, early in the round it came, and on that round's final
rules; then read and used for development: 74.0 % / 63.1 % at its end), ``writer30`` (six
by a thirtieth: never read for a round; 60.8 % / 47.4 % when first scored, early in the round
it came, 61.7 % / 47.4 % on that round's final rules; then read and used for development:
76.3 % / 59.9 % at its end), ``writer31`` (six by a thirty-first: never read for a round;
65.9 % / 45.1 % when first scored, on the rules of the start of the round it came, 66.1 % /
47.2 % on that round's final rules; then read and used for development: 79.7 % / 60.6 % at
its end), ``writer32`` (six by a thirty-second: never read for a round; 59.4 % / 47.1 % when
first scored, on the rules of the start of the round it came, 59.7 % / 47.1 % on that round's
final rules; then read and used for development: 66.0 % / 60.3 % at its end),
``writer33`` (six by a thirty-third: never read for a round; 59.7 % / 49.3 % when first
scored, on the rules of the start of the round it came, 60.0 % / 50.0 % on that round's final
rules; then read and used for development: 66.9 % / 55.2 % at its end), ``writer34`` (six by
a thirty-fourth: never read for a round; 69.2 % / 46.9 % when first scored, on the rules of the
start of the round it came, and the same on that round's final rules; then read and used for
development: 80.6 % / 61.5 % at its end), ``writer35`` (six by a thirty-fifth: never read for
a round; 59.7 % / 48.8 % when first scored, on the rules of the start of the round it came,
60.1 % / 48.8 % on that round's final rules; then read and used for development:
69.7 % / 59.8 % at its end), ``writer36`` (six by a thirty-sixth: never read for a round;
59.6 % / 45.7 % when first scored, on the rules of the start of the round it came, and the
same on that round's final rules; then read and used for development: 72.2 % / 67.4 % at its
end), ``writer37`` (six by a thirty-seventh: never read for a round; 76.9 % / 55.1 % when
first scored, on the rules of the start of the round it came, 77.3 % / 55.1 % on that round's
final rules; then read and used for development: 77.7 % / 72.0 % at its end),
``writer38`` (six by a thirty-eighth: never read for a round; 77.8 % / 47.4 % when first
scored, on the rules of the start of the round it came, 77.2 % / 47.4 % on that round's final
rules; then read and used for development: 86.4 % / 77.3 % at its end), ``writer39`` (six
by a thirty-ninth: never read for a round; 68.9 % / 50.0 % when first scored, on the rules of
the start of the round it came, and the same on that round's final rules; then read and used
for development: 83.7 % / 67.5 % at its end), ``writer40`` (six by a fortieth: never read
for a round; 73.6 % / 54.7 % when first scored, on the rules of the start of the round it
came, and the same on that round's final rules; then read and used for development:
79.7 % / 77.4 % at its end), ``writer41`` (six by a forty-first: never read for a round;
74.4 % / 57.9 % when first scored, on the rules of the start of the round it came, 74.6 % /
58.9 % on that round's final rules; then read and used for development: 85.6 % / 70.1 % at
its end), ``writer42`` (six by a forty-second: never read for a round; 70.5 % / 43.8 % when
first scored, on the rules of the start of the round it came, 70.8 % / 43.8 % on that round's
final rules; then read and used for development: 81.0 % / 68.8 % at its end),
``writer43`` (six by a forty-third: never read for a round; 63.8 % / 46.4 % when first
scored, on the rules of the start of the round it came, 64.1 % / 47.3 % on that round's final
rules; then read and used for development: 73.0 % / 71.4 % at its end), ``writer44`` (six
by a forty-fourth: never read for a round; 73.0 % / 55.1 % when first scored, on the rules of
the start of the round it came, 73.5 % / 55.9 % on that round's final rules; then read and
used for development: 88.3 % / 72.0 % at its end), ``writer45`` (six by a forty-fifth:
never read for a round; 65.8 % / 56.7 % when first scored, on the rules of the start of the
round it came, 66.4 % / 56.7 % on that round's final rules; then read and used for
development: 80.6 % / 74.2 % at its end), ``writer46`` (six by a forty-sixth: never read for a
round; 69.6 % / 52.9 % when first scored, on the rules of the start of the round it came, the
same on that round's final rules; then read and used for development: 80.9 % / 69.7 % at its
end), ``writer47`` (six by a forty-seventh: never read for a round; 66.4 % / 50.4 % when first
scored, on the rules of the start of the round it came, 66.9 % / 50.4 % on that round's final
rules; then read and used for development: 74.0 % / 63.2 % at its end), ``writer48`` (six by a
forty-eighth: never read for a round; 66.7 % / 45.8 % when first scored, on the rules of the
start of the round it came, 66.3 % / 45.8 % on that round's final rules; then read and used for
development: 78.8 % / 59.8 % at its end), ``writer49`` (six by a forty-ninth: never read for a
round; 60.0 % / 39.3 % when first scored, on the rules of the start of the round it came, 59.6 % /
39.3 % on that round's final rules; then read and used for development: 76.7 % / 52.1 % at its
end), ``writer50`` (six by a fiftieth: never read for a round; 69.7 % / 46.8 % when first scored,
on the rules of the start of the round it came, 70.7 % / 46.8 % on that round's final rules; then
read and used for development: 82.3 % / 68.5 % at its end) and ``writer51`` (six by a
fifty-first: never read; 77.1 % / 43.3 % when first scored, on the rules of the start of the
round it came, the same on that round's final rules).
Figures on a set after its blind score are no longer blind; score new conversations with
``--dir`` and ``--summary`` to keep them so.

Options: ``--set tuned|heldout|judged|writer2|…|writer51|all`` (default all),
``--dir PATH`` to score another folder of ``*.gold.toml`` files, ``--summary``
to print figures only (use it for held-out sets, so their lines are never read
while tuning), ``--verbose`` to print every stored line with its verdict and
every missed fact.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "offline_eval"
SETS = (
    "tuned",
    "heldout",
    "judged",
    "writer2",
    "writer3",
    "writer4",
    "writer5",
    "writer6",
    "writer7",
    "writer8",
    "writer9",
    "writer10",
    "writer11",
    "writer12",
    "writer13",
    "writer14",
    "writer15",
    "writer16",
    "writer17",
    "writer18",
    "writer19",
    "writer20",
    "writer21",
    "writer22",
    "writer23",
    "writer24",
    "writer25",
    "writer26",
    "writer27",
    "writer28",
    "writer29",
    "writer30",
    "writer31",
    "writer32",
    "writer33",
    "writer34",
    "writer35",
    "writer36",
    "writer37",
    "writer38",
    "writer39",
    "writer40",
    "writer41",
    "writer42",
    "writer43",
    "writer44",
    "writer45",
    "writer46",
    "writer47",
    "writer48",
    "writer49",
    "writer50",
    "writer51",
)
MEMORY_FILES = ("USER.md", "SOUL.md", "memory/MEMORY.md")
KINDS = ("current", "optional", "superseded")

_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
_DATE_PREFIX = re.compile(r"^\d{4}-\d{2}-\d{2}:\s+")
_TAG = re.compile(r"^\[(permanent|durable|ephemeral|correction|skip)\]\s*", re.IGNORECASE)
_HEADING = re.compile(r"^#{1,6}\s")
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”|`[^`]*`|(?<!\w)'[^']*'(?!\w)")
_FIRST_PERSON = re.compile(r"\bI\b|\b(?:I'm|I've|I'll|I'd|me|my|mine|myself|we|we're|our|ours)\b")
_SECOND_PERSON = re.compile(r"\b(?:you|your|yours|you're|you'll|yourself)\b", re.IGNORECASE)
_NEEDS_CONTEXT = re.compile(
    r"^(?:it|it's|its|they|they're|them|their|that|that's|this|these|those|he|she|his|her|him|"
    r"there|then|and|but|or|so|also|because|if|which|who|when|where|what|why|how|yes|no|ok|"
    r"okay|just|still|too|either|both|same)\b",
    re.IGNORECASE,
)
_CHAT_NOISE = re.compile(
    r"\b(?:lol|lmao|haha\w*|omg|brb|rn|tbh|pls|plz|thx)\b|[\U0001F300-\U0001FAFF\u2600-\u27BF]",
    re.IGNORECASE,
)
_MARKUP = re.compile(r"```|\[(?:RAW|truncated)\]|…$|^\[\w+\]")
_ASSISTANT = re.compile(r"\bthe assistant\b", re.IGNORECASE)
# A preference or request about how the assistant should answer may name it.
_ABOUT_ANSWERS = re.compile(
    r"^User (?:wants|asked|asks|expects|would like|would rather|prefers|likes|hates|dislikes|"
    r"loves|does not want|doesn't want)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class GoldFact:
    """One fact a careful person would keep (or may keep, or kept once)."""

    says: str
    keys: tuple[re.Pattern[str], ...]
    reject: tuple[re.Pattern[str], ...]
    kind: str

    def matches(self, line: str) -> bool:
        """True when every key and no reject pattern is found in ``line``."""
        return all(k.search(line) for k in self.keys) and not any(
            r.search(line) for r in self.reject
        )


@dataclass(frozen=True)
class Gold:
    """A conversation file and its gold facts."""

    name: str
    conversation: Path
    other_party: str
    facts: tuple[GoldFact, ...]
    wrong: tuple[re.Pattern[str], ...]


@dataclass
class Verdict:
    """What one stored line was judged to be."""

    where: str
    line: str
    correct: bool
    reason: str
    matched: tuple[int, ...] = ()


@dataclass
class Score:
    """Scores of one store (memory files or history) for one or more conversations."""

    verdicts: list[Verdict] = field(default_factory=list)
    required: int = 0
    recalled: int = 0
    missed: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        """Correct stored lines over stored lines (1.0 when nothing was stored)."""
        if not self.verdicts:
            return 1.0
        return sum(v.correct for v in self.verdicts) / len(self.verdicts)

    @property
    def recall(self) -> float:
        """Current gold facts kept over current gold facts."""
        return self.recalled / self.required if self.required else 1.0

    def add(self, other: Score) -> None:
        """Pool ``other`` into this score (micro-average)."""
        self.verdicts += other.verdicts
        self.required += other.required
        self.recalled += other.recalled
        self.missed += other.missed

    def line(self) -> str:
        """One line of figures."""
        stored = len(self.verdicts)
        correct = sum(v.correct for v in self.verdicts)
        return (
            f"precision {self.precision:6.1%} ({correct}/{stored})   "
            f"recall {self.recall:6.1%} ({self.recalled}/{self.required})"
        )


def _patterns(values: object, where: str) -> tuple[re.Pattern[str], ...]:
    if values is None:
        return ()
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise SystemExit(f"{where}: must be a list of regular expressions")
    try:
        return tuple(re.compile(v, re.IGNORECASE) for v in values)
    except re.error as exc:
        raise SystemExit(f"{where}: bad regular expression: {exc}") from exc


def load_gold(path: Path) -> Gold:
    """Read one ``*.gold.toml`` file, naming the file and field on any mistake."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise SystemExit(f"{path}: not valid TOML: {exc}") from exc
    conversation = path.resolve().parent / str(data.get("conversation", ""))
    if not conversation.is_file():
        raise SystemExit(f"{path}: conversation: no such file {conversation.name!r}")
    facts = []
    for index, raw in enumerate(data.get("fact", [])):
        where = f"{path}: fact[{index}]"
        kind = raw.get("kind", "current")
        if kind not in KINDS:
            raise SystemExit(f"{where}.kind: must be one of {', '.join(KINDS)} (got {kind!r})")
        keys = _patterns(raw.get("keys"), f"{where}.keys")
        if not keys:
            raise SystemExit(f"{where}.keys: at least one pattern is needed")
        facts.append(
            GoldFact(str(raw.get("says", "")), keys, _patterns(raw.get("reject"), where), kind)
        )
    return Gold(
        name=path.name.removesuffix(".gold.toml"),
        conversation=conversation,
        other_party=str(data.get("other_party", "")),
        facts=tuple(facts),
        wrong=_patterns(data.get("wrong"), f"{path}: wrong"),
    )


def fact_text(line: str) -> str:
    """A stored line without its bullet, date prefix or tag."""
    text = _BULLET.sub("", line.strip())
    text = _DATE_PREFIX.sub("", text)
    return _TAG.sub("", text).strip()


def form_problems(text: str, where: str, other_party: str) -> list[str]:
    """Why ``text`` is not a well-formed memory line (empty when it is)."""
    problems = []
    bare = _QUOTED.sub('"…"', text)
    if text.rstrip().endswith("?"):
        problems.append("a question")
    if not (text[:1].isupper() or text[:1] in "\"'`“"):
        problems.append("starts mid-sentence")
    if _NEEDS_CONTEXT.match(text):
        problems.append("subject needs context")
    words = len(text.split())
    if words < 3 or words > 60:
        problems.append(f"{words} words")
    if _FIRST_PERSON.search(bare):
        problems.append("first person left")
    if where != "SOUL.md" and _SECOND_PERSON.search(bare):
        problems.append("second person left")
    if _CHAT_NOISE.search(text):
        problems.append("chat noise")
    if _MARKUP.search(text):
        problems.append("markup left")
    if _ASSISTANT.search(text):
        if other_party:
            problems.append(f"calls {other_party} 'the assistant'")
        elif where != "SOUL.md" and not _ABOUT_ANSWERS.match(text):
            problems.append("'the assistant' in a fact")
    return problems


def judge(text: str, where: str, gold: Gold, *, history: bool) -> Verdict:
    """Judge one stored line against the gold facts."""
    problems = form_problems(text, "history" if history else where, gold.other_party)
    if problems:
        return Verdict(where, text, False, "malformed: " + ", ".join(problems))
    if any(p.search(text) for p in gold.wrong):
        return Verdict(where, text, False, "wrong")
    matched = tuple(i for i, fact in enumerate(gold.facts) if fact.matches(text))
    live = tuple(i for i in matched if history or gold.facts[i].kind != "superseded")
    if live:
        return Verdict(where, text, True, "true", live)
    if matched:
        return Verdict(where, text, False, "stale", matched)
    return Verdict(where, text, False, "matches no gold fact")


def _run(args: list[str], cwd: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("REVERIE_")}
    env.update({"NO_COLOR": "1", "COLUMNS": "200"})
    done = subprocess.run(
        [sys.executable, "-m", "reverie", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"reverie {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")


def _lines(path: Path) -> list[str]:
    if not path.is_file():
        return []
    return path.read_text(encoding="utf-8").splitlines()


def _added_lines(before: list[str], after: list[str]) -> list[str]:
    left = Counter(line.strip() for line in before)
    added = []
    for line in after:
        key = line.strip()
        if not key or _HEADING.match(key):
            continue
        if left[key] > 0:
            left[key] -= 1
            continue
        added.append(line)
    return added


def _history_lines(workspace: Path) -> list[str]:
    lines = []
    for raw in _lines(workspace / "memory" / "history.jsonl"):
        entry = json.loads(raw)
        content = str(entry.get("content", ""))
        if content.startswith("[RAW]"):
            continue
        for line in content.splitlines():
            if line.strip() and line.strip() != "(nothing)" and not line.startswith("[skip]"):
                lines.append(line)
    return lines


def _score(gold: Gold, stored: list[tuple[str, str]], *, history: bool) -> Score:
    score = Score()
    for where, line in stored:
        score.verdicts.append(judge(fact_text(line), where, gold, history=history))
    kept = {i for v in score.verdicts if v.correct for i in v.matched}
    for index, fact in enumerate(gold.facts):
        if fact.kind != "current":
            continue
        score.required += 1
        if index in kept:
            score.recalled += 1
        else:
            score.missed.append(fact.says)
    return score


def evaluate(gold: Gold, scratch: Path) -> tuple[Score, Score, float]:
    """Ingest one conversation offline; ``(memory-file score, history score, seconds)``."""
    workspace = scratch / gold.name
    _run(["init", "--workspace", str(workspace)], scratch)
    before = {path: _lines(workspace / path) for path in MEMORY_FILES}
    started = time.perf_counter()
    _run(
        ["ingest", str(gold.conversation), "--workspace", str(workspace), "--provider", "offline"],
        scratch,
    )
    seconds = time.perf_counter() - started
    stored = [
        (path, line)
        for path in MEMORY_FILES
        for line in _added_lines(before[path], _lines(workspace / path))
    ]
    history = [("history", line) for line in _history_lines(workspace)]
    return _score(gold, stored, history=False), _score(gold, history, history=True), seconds


def _print_details(score: Score) -> None:
    for verdict in score.verdicts:
        mark = "ok " if verdict.correct else "BAD"
        print(
            f"    {mark} [{verdict.where}] {verdict.line}"
            + ("" if verdict.correct else f"  <- {verdict.reason}")
        )
    for says in score.missed:
        print(f"    missed: {says}")


def extraction_speed(golds: list[Gold]) -> str:
    """How fast the rules read: every conversation extracted whole, in this process."""
    from reverie.ingest import parse_file
    from reverie.providers.offline.extract import extract_facts
    from reverie.providers.offline.transcript import Turn

    conversations = []
    for gold in golds:
        for imported in parse_file(gold.conversation).conversations:
            turns = []
            for message in imported.messages:
                content, role = message.get("content"), str(message.get("role"))
                if isinstance(content, str) and role in ("user", "assistant"):
                    stamp = message.get("timestamp")
                    date = stamp[:10] if isinstance(stamp, str) else None
                    name = message.get("name")
                    turns.append(Turn(role, content, date, name if isinstance(name, str) else None))
            conversations.append(turns)
    count = sum(len(turns) for turns in conversations)
    started = time.perf_counter()
    for turns in conversations:
        extract_facts(turns)
    seconds = time.perf_counter() - started
    return (
        f"extraction: {count} messages in {seconds:.2f} s "
        f"({seconds / max(count, 1) * 1e6:.0f} µs per message)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--set", choices=(*SETS, "all"), default="all")
    parser.add_argument("--dir", type=Path, help="score every *.gold.toml in this folder instead")
    parser.add_argument("--summary", action="store_true", help="figures only, no stored lines")
    parser.add_argument("--verbose", action="store_true", help="every line and missed fact")
    options = parser.parse_args()
    if options.dir is not None:
        groups = {options.dir.name: sorted(options.dir.glob("*.gold.toml"))}
    else:
        names = SETS if options.set == "all" else (options.set,)
        groups = {name: sorted((DATA / name).glob("*.gold.toml")) for name in names}
    with tempfile.TemporaryDirectory(prefix="reverie-quality-") as tmp:
        for group, paths in groups.items():
            if not paths:
                raise SystemExit(f"no *.gold.toml files for {group!r}")
            memory_total, history_total = Score(), Score()
            print(f"== {group}")
            for path in paths:
                gold = load_gold(path)
                memory, history, seconds = evaluate(gold, Path(tmp))
                memory_total.add(memory)
                history_total.add(history)
                print(f"  {gold.name}  ({seconds:.1f} s)")
                print(f"    memory files  {memory.line()}")
                print(f"    history       {history.line()}")
                if options.verbose and not options.summary:
                    print("   memory files:")
                    _print_details(memory)
                    print("   history:")
                    _print_details(history)
                elif not options.summary:
                    for verdict in memory.verdicts:
                        if not verdict.correct:
                            print(f"    BAD [{verdict.where}] {verdict.line}  <- {verdict.reason}")
            print(f"  {group} total")
            print(f"    memory files  {memory_total.line()}")
            print(f"    history       {history_total.line()}")
            print(f"  {extraction_speed([load_gold(path) for path in paths])}")


if __name__ == "__main__":
    main()
