"""Text on both sides of the index: what a message indexes as, and what a query asks for.

Pure functions, no I/O. A message indexes as its text content (string or the
text parts of a multi-part content) plus the names and arguments of the tools
it called, so "when did I run the backup tool" finds the call. A query is cut
into content words (question words and other stop words only add noise to an
OR query), the *exact terms* among them (names, numbers, codes: the words a
person asks about verbatim), and the calendar dates it names.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from reverie.recall.wordforms import past_forms

__all__ = [
    "MAX_INDEXED_CHARS",
    "STOP_WORDS",
    "QueryTerms",
    "analyse_query",
    "content_words",
    "fts_or_query",
    "holds_answer_type",
    "message_speaker",
    "message_text",
    "normalise_time",
    "words",
]

MAX_INDEXED_CHARS = 20_000
"""Longest text indexed per message: a pasted log must not dominate every ranking."""

_WORD = re.compile(r"[^\W_]+(?:['’.][^\W_]+)*", re.UNICODE)
_DIGIT = re.compile(r"\d")
_CAPITALISED = re.compile(r"^[A-ZÀ-Þ][\w'’-]*$")

_STOP_WORDS_TEXT = """
a about above after again against all am an and any are as at be because been before
being below between both but by can could did do does doing done down during each few
for from further had has have having he her here hers herself him himself his how i if
in into is it its itself just me more most my myself no nor not now of off on once only
or other our ours ourselves out over own same she should so some such than that the
their theirs them themselves then there these they this those through to too under until
up very was we were what when where which while who whom why will with would you your
yours yourself yourselves ever also get got tell remember said say says mention
mentioned told anything something thing things kind ok okay yeah much many
"""
STOP_WORDS = frozenset(_STOP_WORDS_TEXT.split())
"""Words that carry no topic; dropped from queries (never from the index)."""

_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_MONTH_RE = "|".join(sorted(_MONTHS, key=len, reverse=True))
_DAY_RE = r"(\d{1,2})(?:st|nd|rd|th)?"
_DATE_PATTERNS = (
    re.compile(rf"\b({_MONTH_RE})\.?\s+{_DAY_RE}\b(?:,?\s+(\d{{4}}))?", re.IGNORECASE),
    re.compile(rf"\b{_DAY_RE}\s+(?:of\s+)?({_MONTH_RE})\b\.?(?:,?\s+(\d{{4}}))?", re.IGNORECASE),
    re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b"),
)


def words(text: str) -> list[str]:
    """The words of ``text`` as the index cuts them, lower-cased."""
    return _WORD.findall(text.lower())


@dataclass(frozen=True)
class QueryTerms:
    """What a query asks for.

    Attributes:
        terms: Content words, lower-cased, in order, without repeats.
        exact: The terms a person means verbatim: names (capitalised words),
            numbers and codes (words holding a digit).
        dates: ``(month, day)`` pairs named in the query ("March 3", "3rd of
            March", "2026-03-03").
        months: ``(month, year)`` pairs for months the query names without a
            day ("in March", "February 2024"); year 0 when not given.
        alternates: ``(term, other forms)`` for terms said in other forms too
            (the irregular past of a verb: "buy" is also "bought").
        all_words: Every word of the query (for a plain BM25 baseline).
        answer_type: What kind of answer the question wants: ``"number"`` (how
            much, how many, how long…), ``"time"`` (when, what date), ``"name"``
            (who, where, which place), or None.
    """

    terms: tuple[str, ...]
    exact: tuple[str, ...]
    dates: tuple[tuple[int, int], ...]
    all_words: tuple[str, ...]
    answer_type: str | None = None
    months: tuple[tuple[int, int], ...] = ()
    alternates: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @property
    def searched(self) -> tuple[str, ...]:
        """The terms and their other forms: every word a match may hold."""
        return self.terms + tuple(form for _, forms in self.alternates for form in forms)


def analyse_query(query: str) -> QueryTerms:
    """Cut ``query`` into content words, exact terms and dates."""
    # "Caroline's" asks about Caroline: the possessive would only match itself.
    raw = [_POSSESSIVE.sub("", match.group(0)) for match in _WORD.finditer(query)]
    terms: list[str] = []
    exact: list[str] = []
    for position, word in enumerate(raw):
        lowered = word.lower()
        if lowered in STOP_WORDS or lowered in terms:
            continue
        terms.append(lowered)
        # The first word of a question is capitalised by grammar, not because it is a name.
        named = _CAPITALISED.match(word) is not None and (position > 0 or word.isupper())
        if named or _DIGIT.search(word):
            exact.append(lowered)
    if not terms:  # a query of stop words only ("what did I say?") still searches
        terms = list(dict.fromkeys(word.lower() for word in raw))
    for compound in _COMPOUND.findall(query):
        lowered = compound.lower()
        if lowered not in exact:
            exact.append(lowered)  # "on-call", "LED-214": meant as written
    return QueryTerms(
        terms=tuple(terms),
        exact=tuple(exact),
        dates=tuple(_dates(query)),
        all_words=tuple(dict.fromkeys(word.lower() for word in raw)),
        answer_type=_answer_type(query),
        months=tuple(_months(query)),
        alternates=tuple((term, forms) for term in terms if (forms := past_forms(term))),
    )


def _answer_type(query: str) -> str | None:
    lowered = query.lower()
    for kind, pattern in _ANSWER_TYPES:
        if pattern.search(lowered):
            return kind
    return None


_POSSESSIVE = re.compile(r"['’]s$", re.IGNORECASE)
_COMPOUND = re.compile(r"[^\W_]+(?:-[^\W_]+)+")
_ANSWER_TYPES = (
    (
        "number",
        re.compile(
            r"\bhow (much|many|long|old|big|far|fast|heavy|often)\b|\bwhat (price|size|"
            r"percentage|number|time|grade|pace)\b|\b(cost|costs|price|percent|weigh)\b"
        ),
    ),
    ("time", re.compile(r"\bwhen\b|\bwhat (date|day|month|year)\b|\bwhich (date|day)\b")),
    ("name", re.compile(r"\b(who|whom|whose|where)\b|\bwhich (place|city|town|company)\b")),
)
_ANSWER_PATTERNS = {
    "number": re.compile(r"\d"),
    "time": re.compile(
        r"\d|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b(mon|tues|wednes|"
        r"thurs|fri|satur|sun)day\b|\b(tomorrow|tonight|today|yesterday|weeks?|weekends?|"
        r"months?|years?|ago|morning|night|recently|lately|summer|winter|spring|autumn|"
        r"christmas|easter|birthday)\b",
        re.IGNORECASE,
    ),
}
_CAPITALISED_WORD = re.compile(r"\b[A-ZÀ-Þ][a-zà-ÿ]+")


def holds_answer_type(text: str, kind: str) -> bool:
    """Whether ``text`` holds the kind of thing the question asks for (a number, a time…)."""
    if kind == "name":
        # A capitalised word that is not a capitalised function word ("The", "We").
        return any(
            match.group(0).lower() not in STOP_WORDS for match in _CAPITALISED_WORD.finditer(text)
        )
    pattern = _ANSWER_PATTERNS.get(kind)
    return pattern is not None and pattern.search(text) is not None


def content_words(text: str) -> int:
    """How many words of ``text`` carry a topic (stop words left out)."""
    return sum(1 for word in words(text) if word not in STOP_WORDS)


def _dates(query: str) -> list[tuple[int, int]]:
    found: list[tuple[int, int]] = []
    for pattern in _DATE_PATTERNS:
        for match in pattern.finditer(query):
            groups = match.groups()
            if pattern is _DATE_PATTERNS[2]:
                month, day = int(groups[1]), int(groups[2])
            elif pattern is _DATE_PATTERNS[0]:
                month, day = _MONTHS[groups[0].lower().rstrip(".")], int(groups[1])
            else:
                month, day = _MONTHS[groups[1].lower().rstrip(".")], int(groups[0])
            if 1 <= month <= 12 and 1 <= day <= 31 and (month, day) not in found:
                found.append((month, day))
    return found


_MONTH_ONLY = re.compile(
    r"\b(january|february|march|april|may|june|july|august|september|october|november|"
    r"december)\b(?:,?\s+((?:19|20)\d\d)\b)?",
    re.IGNORECASE,
)


def _months(query: str) -> list[tuple[int, int]]:
    """Months named without a day: "in March", "February 2024" (not "may" the verb)."""
    covered = [m.span() for pattern in _DATE_PATTERNS for m in pattern.finditer(query)]
    found: list[tuple[int, int]] = []
    for match in _MONTH_ONLY.finditer(query):
        if any(start <= match.start() < end for start, end in covered):
            continue  # part of a full date
        name, year = match.group(1), match.group(2)
        if name.lower() == "may" and not (name == "May" and (match.start() > 0 or year)):
            continue
        item = (_MONTHS[name.lower()], int(year) if year else 0)
        if item not in found:
            found.append(item)
    return found


def fts_or_query(terms: tuple[str, ...] | list[str], *, prefixes: bool = False) -> str:
    """An FTS5 query matching any of ``terms`` (each quoted, so no word is an operator).

    With ``prefixes``, words of five letters or more also match longer words that
    start with their stem ("broke" finds "broken"), which stemming alone misses.
    """
    quoted = []
    for term in terms:
        if not term:
            continue
        item = '"' + term.replace('"', '""') + '"'
        quoted.append(item + "*" if prefixes and len(term) >= 5 and term.isalpha() else item)
    return " OR ".join(quoted)


def message_text(message: Mapping[str, Any]) -> str:
    """The searchable text of a stored message (content, then tool calls), capped."""
    parts: list[str] = []
    content = message.get("content")
    if isinstance(content, str):
        parts.append(content)
    elif isinstance(content, list):
        for part in content:
            if isinstance(part, Mapping) and isinstance(part.get("text"), str):
                parts.append(part["text"])
            elif isinstance(part, str):
                parts.append(part)
    calls = message.get("tool_calls")
    if isinstance(calls, list):
        for call in calls:
            function = call.get("function") if isinstance(call, Mapping) else None
            if isinstance(function, Mapping):
                name = function.get("name")
                arguments = function.get("arguments")
                if not isinstance(arguments, str):
                    arguments = json.dumps(arguments, ensure_ascii=False, default=str)
                parts.append(f"{name}({arguments})")
    text = "\n".join(part for part in parts if part)
    return text[:MAX_INDEXED_CHARS]


def message_speaker(message: Mapping[str, Any]) -> str:
    """Who said a message, when it names them: the ``name`` of a person's turn.

    A conversation between two people imports as ``user`` and ``assistant``
    turns that keep each speaker's name; indexed with the turn, the name makes
    "what did Caroline say about…" find her turns. A tool result's ``name`` is
    the tool's, not a speaker's.
    """
    name = message.get("name")
    if message.get("role") == "tool" or not isinstance(name, str):
        return ""
    return " ".join(name.split())[:100]


def normalise_time(value: object) -> str | None:
    """A time as ``YYYY-MM-DD HH:MM`` (local, as history spells it); None when unreadable.

    Accepts ISO 8601 strings (with or without an offset; an offset is turned
    into local time), history's own ``YYYY-MM-DD HH:MM``, a :class:`datetime`
    or a :class:`date` (its midnight).
    """
    if isinstance(value, datetime):
        parsed = value
    elif isinstance(value, date):
        return f"{value.isoformat()} 00:00"
    elif isinstance(value, str) and value.strip():
        text = value.strip().replace("Z", "+00:00")
        try:
            parsed = datetime.fromisoformat(text)
        except ValueError:
            return None
    else:
        return None
    if parsed.tzinfo is not None:
        parsed = parsed.astimezone().replace(tzinfo=None)
    return parsed.strftime("%Y-%m-%d %H:%M")
