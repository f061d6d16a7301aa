"""Exam days listed in a breath: "exams are in jan. pharmacology on the 12th and med chem …".

Students give their exams as subjects and days, the month said once before
them; :func:`exam_days` keeps one line per exam ("User's med chem exam is on 19
January."). Only a list that follows "exams" with a month is read: "pharmacology
on the 12th" alone could be anything on the 12th.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.providers.offline.frame_words import MONTH, FrameFact, month_name, sentences

__all__ = ["exam_days"]

_I = re.IGNORECASE

_EXAMS_IN = re.compile(
    rf"\b(?:my |the |our )?(?:exams|finals|papers|mocks)(?: are| r)? (?:all )?in "
    rf"(?P<month>{MONTH})\b",
    _I,
)
_SUBJECT_ON = re.compile(
    r"(?P<subject>[a-z][a-z &-]{2,30}?) on the (?P<day>\d{1,2})(?:st|nd|rd|th)\b", _I
)
_LIST = re.compile(
    r"^(?:(?:ok|so|and|then)[,]?\s+)*"
    r"[a-z][a-z &-]{2,30}? on the \d{1,2}(?:st|nd|rd|th)"
    r"(?:(?:,| and|, and) [a-z][a-z &-]{2,30}? on the \d{1,2}(?:st|nd|rd|th))+[.!]*$",
    _I,
)
_LEAD = re.compile(r"^(?:(?:ok|so|and|then)[,]?\s+)+", _I)
# "quant methods 9th jan, hazards 13th jan, urban geog 15th jan": each with its own month,
# a list in a message of its own, after a message that says exams are coming
_DATED_SUBJECT = (
    rf"[a-z][a-z &-]{{2,30}}? (?:on )?(?:the )?\d{{1,2}}(?:st|nd|rd|th)? (?:of )?(?:{MONTH})\b"
)
_DATED_LIST = re.compile(
    rf"^(?:(?:ok|so|and|then)[,]?\s+)*{_DATED_SUBJECT}(?:(?:,| and|, and) {_DATED_SUBJECT})+"
    r"[.!]*$",
    _I,
)
_DATED_ITEM = re.compile(
    r"(?P<subject>[a-z][a-z &-]{2,30}?) (?:on )?(?:the )?(?P<day>\d{1,2})(?:st|nd|rd|th)? "
    rf"(?:of )?(?P<month>{MONTH})\b",
    _I,
)
_NOT_A_SUBJECT = re.compile(
    r"^\s*(?:not|now|it|its|the|my|our)\b|\b(?:is|are|was|were|moved|changed|been)\b", _I
)
_EXAMS_COMING = re.compile(r"\b(?:exams?|finals|mocks)\b", _I)
# how many of the writer's messages before may have said the exams are coming
_RECENT_READ = 6


def exam_days(text: str, subject: str, recent: Sequence[str] = ()) -> list[FrameFact]:
    """One line per exam of a list of subjects and days after "exams are in <month>".

    Args:
        text: The message.
        subject: Who wrote it.
        recent: The writer's messages before it, most recent last: a list of subjects,
            each with its day and month ("quant methods 9th jan, hazards 13th jan"),
            is read when one of them, or the message itself, speaks of exams.
    """
    listed = _DATED_LIST.match(_LEAD.sub("", text.strip()))
    if listed is not None and any(
        _EXAMS_COMING.search(said) for said in (text, *recent[-_RECENT_READ:])
    ):
        items = list(_DATED_ITEM.finditer(listed[0]))
        # ("the dutch exam is moved to 12 March, not 5 March" is one exam, moved)
        if not any(_NOT_A_SUBJECT.search(item["subject"]) for item in items):
            return [_dated_exam(item, subject) for item in items]
    if _EXAMS_IN.search(text) is None:
        return []  # (most messages name no exams: the cheap test first)
    said = sentences(text)
    found: list[FrameFact] = []
    month: str | None = None
    for sentence in said:
        if (months := _EXAMS_IN.search(sentence)) is not None:
            month = months["month"].lower()
            # ("my exams are in May: maths on the 3rd, physics on the 9th")
            sentence = sentence[months.end() :].lstrip(" :,;-–—")
        if month is None or _LIST.match(sentence) is None:
            continue
        name = month_name(month)
        for exam in _SUBJECT_ON.finditer(_LEAD.sub("", sentence)):
            what = re.sub(r"^(?:and|,)\s+", "", exam["subject"].strip(), flags=_I).lower()
            line = f"{subject}'s {what} exam is on {exam['day']} {name}."
            found.append(FrameFact(line, (subject, f"{what} exam")))
    return found


def _dated_exam(item: re.Match[str], subject: str) -> FrameFact:
    what = re.sub(r"^(?:and|,)\s+", "", item["subject"].strip(), flags=_I).lower()
    line = f"{subject}'s {what} exam is on {item['day']} {month_name(item['month'].lower())}."
    return FrameFact(line, (subject, f"{what} exam"))
