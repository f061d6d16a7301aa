"""Cut a message into the clauses the rules classify, one statement each.

Code blocks, tables, quoted lines (``> …``) and long quoted passages are not
the speaker's own statements and are left out. A line is split into sentences
(not after "St." or "e.g."), and a sentence into clauses where a new subject
starts ("I live in Lisbon, I hate meetings"; "… but we use Go"). A clause that
starts with "he"/"she" or "it" is given back its subject when the clause
before names it ("my son Elias is 9, he plays football" → "Elias plays
football"; "our booking API. it's Django" → "our booking API is Django").
"""

from __future__ import annotations

import re

from reverie.providers.offline.normalise import normalise_chat
from reverie.providers.offline.vocabulary import is_name, words

__all__ = ["known_names", "last_clause", "resolve_pronouns", "split_sentences"]

_I = re.IGNORECASE
_CODE_FENCE = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)
_BULLET = re.compile(r"^\s*(?:[-*•]+|\d+[.)])\s+")
_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
_QUOTE_LINE = re.compile(r"^\s*>")
# A quoted passage of eight words or more is someone else's text (an email to
# rewrite, a message to answer), not what the speaker says about themselves.
_LONG_QUOTE = re.compile(r"[\"“](?:[^\"”\n]*?[ \t]){7,}[^\"”\n]*[\"”]")
_SENTENCE_END = re.compile(r"[.!?]+[\"')\]]*\s+")
_ABBREVIATIONS = frozenset(
    words("st dr mr mrs ms prof vs etc approx inc ltd jr sr no e.g i.e fig mt ca cf aka")
)
# "my"/"our" after a comma is usually an aside ("I booked a photographer, my
# friend Deniz"), so it does not start a new clause.
_SUBJECT_AHEAD = (
    r"(?=(?:i|i'm|i've|i'll|i'd|we|we're|we'll|we've|let's|please|call me|he|she|"
    r"he's|she's)\b)"
)
_CLAUSE = re.compile(
    rf";\s+|,\s*(?:and |but |so |because |cause |though )?{_SUBJECT_AHEAD}"
    rf"|\s+(?:but|so)\s+{_SUBJECT_AHEAD}",
    _I,
)
# "I live in Lisbon and I hate meetings" is two facts; "my wife and I live in
# Lisbon" is one: split at "and I" only after a clause of three words or more.
_AND_SUBJECT = re.compile(r"\s+and\s+(?=(?:i|i'm|i've|we|we're)\b)", _I)
_MIN_CLAUSE_WORDS = 3
_HE_SHE = re.compile(r"^(?:he|she)(?P<rest>(?:'s|\s).*)$", _I)
_HIS_HER = re.compile(r"^(?:his|her)\s+(?P<rest>.*)$", _I)
_IT = re.compile(r"^it(?P<verb>'s| is| uses| runs| was| has)\b(?P<rest>.*)$", _I)
_BARE_NP = re.compile(r"^(?:our|my|the)\s+(?:[\w'./-]+\s+){0,3}[\w'./-]+[.!]?$", _I)
_VERBISH = re.compile(
    r"\b(?:is|are|was|were|has|have|had|do|does|did|will|would|can)\b|\w+ed\b", _I
)


def _sentences(line: str) -> list[str]:
    out: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(line):
        before = line[start : match.start()].split()
        last = before[-1].lower().rstrip(".") if before else ""
        initial = len(last) == 1 and last.isalpha()
        if match.group(0).startswith(".") and (last in _ABBREVIATIONS or initial):
            continue  # "St. Olav's", "J. Smith"
        out.append(line[start : match.end()].strip())
        start = match.end()
    out.append(line[start:].strip())
    return [sentence for sentence in out if sentence]


def _split_and(sentence: str) -> list[str]:
    parts: list[str] = []
    rest = sentence
    while (match := _AND_SUBJECT.search(rest)) is not None:
        head = rest[: match.start()]
        if len(head.split()) < _MIN_CLAUSE_WORDS:
            break
        subject = head.rsplit(":", 1)[-1].split()
        if len(subject) <= 2 and (is_name(subject[-1]) or subject[0].lower() == "my"):
            break  # "Sofie and I are …", "topic: my wife and I live …": one subject
        parts.append(head)
        rest = rest[match.end() :]
    parts.append(rest)
    return parts


def split_sentences(text: str) -> list[str]:
    """Split a message into clauses; code, tables, quotes and bullet marks are dropped."""
    text = _CODE_FENCE.sub("\n", text)
    text = _LONG_QUOTE.sub('"…"', text)
    clauses: list[str] = []
    for raw in text.splitlines():
        if _TABLE_ROW.match(raw) or _QUOTE_LINE.match(raw):
            continue
        line = normalise_chat(_BULLET.sub("", raw).strip())
        for sentence in _sentences(line):
            for part in _CLAUSE.split(sentence):
                if part and part.strip():
                    clauses.extend(p.strip() for p in _split_and(part.strip()) if p.strip())
    return clauses


def _single_name(clause: str, speaker: str) -> str | None:
    names = {
        word.rstrip(".,;:!?").removesuffix("'s")
        for word in clause.split()
        if is_name(word) and word.rstrip(".,;:!?").removesuffix("'s") != speaker
    }
    return names.pop() if len(names) == 1 else None


def resolve_pronouns(clauses: list[str], speaker: str = "User", context: str = "") -> list[str]:
    """Give "he"/"she"/"it" at the start of a clause the subject the clause before named.

    Args:
        clauses: The clauses of one message, in order.
        speaker: Who wrote them (never the one "he"/"she" refers to).
        context: The last clause said before this message (by anyone), for a
            message that starts with "she": "Hi Kasia!" → "she works at a bank".
    """
    out: list[str] = []
    previous = context
    for clause in clauses:
        resolved = clause
        if (he := _HE_SHE.match(clause)) is not None:
            name = _single_name(previous, speaker)
            if name is not None:
                rest = he["rest"]
                # "she's a data analyst": "is" far more often than "has" before a noun.
                resolved = name + (" is" + rest[2:] if rest.startswith("'s") else rest)
        elif (his := _HIS_HER.match(clause)) is not None:
            name = _single_name(previous, speaker)
            if name is not None:
                resolved = f"{name}'s {his['rest']}"
        elif (
            (it := _IT.match(clause)) is not None
            and _BARE_NP.match(previous)
            and not _VERBISH.search(previous)
        ):
            verb = " is" if it["verb"] == "'s" else it["verb"]
            resolved = previous.rstrip(".!") + verb + it["rest"]
            out = out[:-1] if out and out[-1] == previous else out
        out.append(resolved)
        previous = resolved
    return out


def last_clause(text: str) -> str:
    """The last clause of a message (what "she" in the next message may refer to)."""
    clauses = split_sentences(text)
    return clauses[-1] if clauses else ""


_CAPITALISED = re.compile(r"(?<=[\w,;:)] )[A-ZÀ-Þ][\wÀ-ÿ'’-]+")


def known_names(texts: list[str]) -> frozenset[str]:
    """Words written with a capital letter in the middle of a sentence: likely names.

    A capital at the start of a sentence proves nothing ("Timeline is roughly a
    year"); "with Priya", "called Harbor", "morning Tomás" do.
    """
    found: set[str] = set()
    for text in texts:
        for line in _CODE_FENCE.sub("\n", text).splitlines():
            for match in _CAPITALISED.finditer(line):
                word = match.group(0).removesuffix("'s").removesuffix("’s")
                if is_name(word):
                    found.add(word)
    return frozenset(found)
