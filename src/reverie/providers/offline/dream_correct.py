"""How the offline Dream applies a ``[correction]`` to the memory files.

A correction that says what it is about replaces, whole, the line it
corrects: the line that still holds the old value ("not Y") and shares
another key word, or says the user is that Y ("User is a jammer, not a
blocker" for "User is a blocker for the …"), else the line sharing the most
key words (two or more).
The old line is gone and the user's new statement takes its place, word for
word — nothing is spliced from the two. A line that held two facts ("User is
vegetarian and lactose intolerant.") keeps the one not put right, as a line
of its own ("User is lactose intolerant."). A correction without a subject
("it's on Tuesday, not Monday") only swaps one value of the same kind in the
line that holds it (:func:`~.corrections.typed_swap`); when no line does, it
is not applied, because a line "It's on Tuesday" would mean nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Literal

from reverie.providers.offline.corrections import (
    is_subjectless,
    old_value,
    strip_correction_lead,
    typed_swap,
)
from reverie.providers.offline.dropped_out import alone_line, who_dropped_out
from reverie.providers.offline.frame_words import MONTH
from reverie.providers.offline.instead_of import replaced_instead
from reverie.providers.offline.markdown_doc import BULLET, HEADING, MarkdownDoc
from reverie.providers.offline.memory_index import stem
from reverie.providers.offline.mend import age_in_step
from reverie.providers.offline.reschedules import rescheduled_line, reschedules
from reverie.providers.offline.slots import slot_of
from reverie.providers.offline.vocabulary import words

__all__ = [
    "Outcome",
    "apply_correction",
    "apply_drop_out",
    "apply_move",
    "apply_update",
    "fact_lines",
    "key_words",
    "line_fact",
    "line_prefix",
]

Outcome = Literal["replaced", "swapped", "unresolved", "new"]
"""What :func:`apply_correction` did: replaced a line, swapped a value in one,
found nothing to fix for a subject-less correction, or found no line (add it)."""

_I = re.IGNORECASE
_DATE_PREFIX = re.compile(r"^(\d{4}-\d{2}-\d{2}):\s+")
_STOP = frozenset(
    words(
        """
    a an the is are was were be been am to of in on at for and or with by as it its it's
    this that these those user user's users team their they them has have had not no now
    noted before corrected actually from into than but so he she his her does do did will
    would should can could also there here which who what when where about
    already well too just still really changed change changes switched
    """
    )
)
_MIN_SHARED = 2
# Values of which a person has one at a time: a new one replaces the old
# ("Kai is pescatarian" after "Kai is vegetarian now").
_SLOTS = (
    frozenset(words("vegetarian vegan pescatarian omnivore carnivore flexitarian")),
    frozenset(words("married divorced single engaged widowed separated")),
)
_SUBJECT = re.compile(r"^(?P<subject>[A-ZÀ-Þ][\wÀ-ÿ'’-]*?)(?:['’]s)?\b")


def key_words(text: str) -> frozenset[str]:
    """The words that identify what a line is about (stop words out, endings folded).

    Version-like numbers stay whole ("3.11" is one word, not "3" and "11").
    """
    out = set()
    for word in re.findall(r"[a-z0-9]+(?:\.[0-9]+)*(?:['’][a-z]+)?", text.lower()):
        word = re.sub(r"['’]s$", "", word)
        if word in _STOP or len(word) < 2:
            continue
        out.add(stem(word))
    return frozenset(out)


def line_fact(line: str) -> str:
    """A file line without its bullet and date prefix."""
    return _DATE_PREFIX.sub("", BULLET.sub("", line).strip())


def line_prefix(line: str) -> str:
    """A line's bullet and date prefix ("- 2026-04-06: "), kept when the text changes."""
    bullet = BULLET.match(line)
    head = bullet.group(1) if bullet else ""
    date = _DATE_PREFIX.match(line[len(head) :])
    return head + (date.group(0) if date else "")


def fact_lines(
    docs: Mapping[str, MarkdownDoc], files: Sequence[str]
) -> list[tuple[MarkdownDoc, int]]:
    """Each line of ``files`` that holds a fact (not blank, not a heading), file by file."""
    found = []
    for path in files:
        doc = docs.get(path)
        if doc is None:
            continue
        for index, line in enumerate(doc.lines):
            if line.strip() and not HEADING.match(line):
                found.append((doc, index))
    return found


def _swap(docs: Mapping[str, MarkdownDoc], files: Sequence[str], raw: str) -> bool:
    # The newest lines sit at the end of their sections: try them first.
    for doc, index in reversed(fact_lines(docs, files)):
        line = doc.lines[index]
        swapped = typed_swap(line_fact(line), raw)
        if swapped is not None:
            doc.lines[index] = line_prefix(line) + age_in_step(swapped)
            return True
    return False


def _subject(text: str) -> str:
    match = _SUBJECT.match(text)
    return match["subject"] if match else ""


# "User's housemate jess is vegan.": the housemate's diet, not the user's.
_WHOSE_ONE = re.compile(r"^[A-ZÀ-Þ][\wÀ-ÿ-]*['’]s (?P<who>[a-z][\w-]*)")


def _holder(text: str) -> str:
    """Whose value a line states: "User", or "User's housemate" when it is theirs."""
    whose = _WHOSE_ONE.match(text)
    return f"{_subject(text)}'s {whose['who']}" if whose else _subject(text)


def _slot_words(text: str) -> list[tuple[int, str]]:
    words = set(re.findall(r"[a-z]+", text.lower()))
    return [(n, word) for n, slot in enumerate(_SLOTS) for word in words & slot]


# "User is vegetarian (8 years now) and lactose intolerant.", "User is married and has 2
# kids.": two facts in one line
_TWO_STATES = re.compile(
    r"^(?P<subject>(?:User|[A-ZÀ-Þ][\wÀ-ÿ'’-]*)(?:['’]s [a-z]+)?) (?P<verb>is|are|has|have) "
    r"(?P<first>[^,;]+?) and (?P<second>[^,;]+?)\.$"
)
_OWN_VERB = re.compile(
    r"^(?:has|have|had|is|are|was|were|does|did|will|can|lives|works|loves|likes|hates|goes|"
    r"gets|uses|speaks|wants|needs)\b"
)


# "User's daughter Seo-ah is 9 years old.": who a named person is, before their name
_WHO_THEY_ARE = re.compile(r"^(?P<who>\S+'s [\w-]+) (?P<name>[A-ZÀ-Þ][\wÀ-ÿ'-]+) ")


def _replace(doc: MarkdownDoc, index: int, text: str, stale: Callable[[str], bool]) -> None:
    """Put ``text`` in place of line ``index``, keeping the half of it that is not ``stale``.

    "User is pescatarian now" replaces "User is vegetarian (8 years now) and lactose
    intolerant.", and "User is lactose intolerant." stays.
    """
    old = line_fact(doc.lines[index])
    prefix = line_prefix(doc.lines[index])
    if (known := _WHO_THEY_ARE.match(old)) is not None and text.startswith(f"{known['name']} "):
        text = f"{known['who']} {text}"  # "Seo-ah is 8." keeps "User's daughter Seo-ah"
    doc.lines[index] = prefix + text
    two = _TWO_STATES.match(old)
    if two is None:
        return
    subject, verb, second = two["subject"], two["verb"], two["second"]
    halves = [
        f"{subject} {verb} {two['first']}.",
        f"{subject} {second}." if _OWN_VERB.match(second) else f"{subject} {verb} {second}.",
    ]
    kept = [half for half in halves if not stale(half)]
    if len(kept) == 1:
        doc.lines.insert(index + 1, prefix + kept[0])


def apply_update(docs: Mapping[str, MarkdownDoc], files: Sequence[str], text: str) -> bool:
    """Replace the line a new fact makes stale, if any; True when one was replaced.

    Only one-at-a-time values count (diet, marital status, and the slots of
    :func:`~.frames.slot_of`: home, birthday, partner, age): "Kai is
    pescatarian" replaces "Kai is vegetarian now", same subject, same slot;
    "User lives in Glasgow." replaces "User lives in Edinburgh.".
    """
    frame = slot_of(text)
    if frame is not None:
        for doc, index in fact_lines(docs, files):
            if slot_of(line_fact(doc.lines[index])) == frame:
                _replace(doc, index, text, lambda half: slot_of(half) == frame)
                return True
    new_slots = _slot_words(text)
    subject = _holder(text)
    if not new_slots or not subject:
        return False

    def conflicts(line: str) -> bool:
        return any(s == n and w != v for s, w in _slot_words(line) for n, v in new_slots)

    for doc, index in fact_lines(docs, files):
        old = line_fact(doc.lines[index])
        if _holder(old) == subject and conflicts(old):
            _replace(doc, index, text, conflicts)
            return True
    return False


def drop_replaced(docs: Mapping[str, MarkdownDoc], files: Sequence[str], text: str) -> bool:
    """Remove the line ``text`` says it replaces ("… instead of launch week"); True if one was.

    The new line is then added as any other (see :func:`~.instead_of.replaced_instead`).
    """
    if " instead of " not in text:
        return False  # most lines: nothing said replaced, and no lines to read
    lines = fact_lines(docs, files)
    stale = replaced_instead(text, [line_fact(doc.lines[index]) for doc, index in lines])
    if stale is None:
        return False
    doc, index = lines[stale]
    del doc.lines[index]
    return True


def apply_drop_out(docs: Mapping[str, MarkdownDoc], files: Sequence[str], text: str) -> bool:
    """Make the user's lines with someone who dropped out the user's alone; True when any.

    "Meena dropped out." turns "User and Meena are switching to the coastal route." into
    "User is switching to the coastal route." (see :func:`~.dropped_out.alone_line`).
    """
    who = who_dropped_out(text)
    if who is None:
        return False
    changed = False
    for doc, index in fact_lines(docs, files):
        line = doc.lines[index]
        if (alone := alone_line(line_fact(line), who)) is not None:
            doc.lines[index] = line_prefix(line) + alone
            changed = True
    return changed


def apply_move(docs: Mapping[str, MarkdownDoc], files: Sequence[str], text: str) -> bool:
    """Move the date of the line a fact says has moved; True when one was moved.

    "User's knee op has been moved to 28 November." finds the newest line about the op
    that holds one date ("User's knee op is on 14 November.") and moves that date
    (see :func:`~.reschedules.rescheduled_line`); the rest of the line stays as it was.
    """
    for change in reschedules(text):
        if change.of_it or change.of_the_date:
            continue  # ("… moved it to the 9th": which plan, only its chunk knew)
        for doc, index in reversed(fact_lines(docs, files)):
            line = doc.lines[index]
            moved = rescheduled_line(line_fact(line), change)
            if moved is not None:
                doc.lines[index] = line_prefix(line) + moved[0]
                return True
    return False


_BARE_DAY = re.compile(r"^(?:the )?(?P<day>\d{1,2})(?:st|nd|rd|th)$", _I)


def _said_as(old: str) -> re.Pattern[str]:
    """Where a line says ``old``: "the 12th" is said too as "12 January" or "January 12th"."""
    said = rf"\b{re.escape(old)}\b"
    if (bare := _BARE_DAY.match(old)) is not None:
        day = rf"{bare['day']}(?:st|nd|rd|th)?"
        said += rf"|\b{day}(?: of)? (?:{MONTH})\b|\b(?:{MONTH}) {day}\b"
    return re.compile(said, _I)


_IS_A = re.compile(r"^User is an? ", re.IGNORECASE)


def _says_what_they_are(line: str, old: str) -> bool:
    """ "User is a blocker for the tron town rollers." says the user is the ``old`` "a blocker"."""
    noun = re.sub(r"^(?:an?|the)\s+", "", old.strip(), flags=re.IGNORECASE)
    return re.match(rf"User is an? {re.escape(noun)}\b", line, re.IGNORECASE) is not None


def _best_line(
    docs: Mapping[str, MarkdownDoc], files: Sequence[str], raw: str
) -> tuple[MarkdownDoc, int] | None:
    wanted = key_words(strip_correction_lead(raw))
    old = old_value(raw)
    old_words = key_words(old)
    old_pattern = _said_as(old) if old else None
    subject = _subject(strip_correction_lead(raw))
    named = subject not in ("", "User", "The")
    figure_named = any(c.isdigit() for c in old)
    best: tuple[float, int, MarkdownDoc, int] | None = None
    for doc, index in fact_lines(docs, files):
        text = line_fact(doc.lines[index])
        words = key_words(text)
        shared = words & wanted
        holds_old = old_pattern is not None and old_pattern.search(text) is not None
        if holds_old and shared - old_words:
            score = 1.0 + len(shared) / min(len(words), len(wanted))
        elif (
            holds_old
            and old
            and _says_what_they_are(text, old)
            and _IS_A.match(strip_correction_lead(raw))
        ):
            # "User is a jammer, not a blocker" puts right "User is a blocker for the …"
            score = 0.9
        elif named and _subject(text) == subject and len(shared) >= _MIN_SHARED:
            # "Elias is switching football to Mondays" updates "Elias has football …".
            score = 0.75 + len(shared) / min(len(words), len(wanted))
        elif len(shared) >= _MIN_SHARED and not (
            figure_named and not any(c.isdigit() for c in text)
        ):
            # (a figure put right mends a line with a figure: "…, not 1.21" never replaces "The
            # team already runs Postgres for everything." for sharing a word or two)
            score = len(shared) / min(len(words), len(wanted))
            if score < 0.5:
                continue
        else:
            continue
        if best is None or (score, len(shared)) > (best[0], best[1]):
            best = (score, len(shared), doc, index)
    return None if best is None else (best[2], best[3])


def apply_correction(
    docs: Mapping[str, MarkdownDoc], files: Sequence[str], raw: str, text: str
) -> Outcome:
    """Apply one correction to ``docs`` in place.

    Args:
        docs: The memory files, by path.
        files: The paths to search, in order.
        raw: The correction as recorded ("User corrected: it's on Tuesday, not Monday.").
        text: The same as it would be written into a file (lead-in and
            "(not …)" asides removed), used when a line is replaced.
    """
    if is_subjectless(raw):
        return "swapped" if _swap(docs, files, raw) else "unresolved"
    found = _best_line(docs, files, raw)
    if found is None:
        return "new"
    doc, index = found
    wanted = key_words(strip_correction_lead(raw))
    old = old_value(raw)
    said = _said_as(old) if old else None
    _replace(
        doc,
        index,
        text,
        lambda half: (
            bool(key_words(half) & wanted) or (said is not None and bool(said.search(half)))
        ),
    )
    return "replaced"
