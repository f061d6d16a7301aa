"""Exam days listed in a breath: "exams are in jan. pharmacology on the 12th and med chem …".

Students give their exams as subjects and days, the month said once before
them; :func:`exam_days` keeps one line per exam ("User's med chem exam is on 19
January."). Only a list that follows "exams" with a month is read: "pharmacology
on the 12th" alone could be anything on the 12th.
"""

from __future__ import annotations

import re

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


def exam_days(text: str, subject: str) -> list[FrameFact]:
    """One line per exam of a list of subjects and days after "exams are in <month>"."""
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
