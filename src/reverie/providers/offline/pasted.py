"""Text a speaker pastes rather than says: code, tables, quoted lines, adverts, essays.

None of it states a fact about the speaker: a fenced code block, a Markdown table,
a ``> quoted`` line, "- Anna (CEO): we need 2M ARR" from someone's notes, a job
advert pasted between two rules, an essay written for a practice task.
"""

from __future__ import annotations

import re

from reverie.providers.offline.vocabulary import is_name, words

__all__ = [
    "drop_code",
    "drop_pasted_advert",
    "drop_practice_essay",
    "is_table_row",
    "not_the_speakers",
]

_I = re.IGNORECASE
_CODE_FENCE = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)
_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
_QUOTE_LINE = re.compile(r"^\s*>")

# "- Anna (CEO): we need 2M ARR" in pasted notes is Anna speaking, not the user.
_SPEAKER_LINE = re.compile(
    r"^\s*(?:[-*•]\s*)?(?:\[[^\]]{1,20}\]\s*)?(?P<label>[A-ZÀ-Þ][\wÀ-ÿ'-]*"
    r"(?: [A-ZÀ-Þ][\wÀ-ÿ'-]*)?)(?: \([^)]{1,30}\))?:\s+\S"
)
# Headings, not names ("Time: I run the library …", "Budget: about £1,200"): what follows is
# the speaker's own.
_LABEL_WORDS = frozenset(
    words(
        """
        context background edit subject question answer plan goal decision idea problem issue
        summary status example tldr re note todo update correction reminder ps fyi important
        warning error info tip hint step result output input nb bug fix feature reason facts
        details time timing job work money budget health family kids home location age name
        schedule availability school diet pets hobbies experience stack setup level timeline
        deadline constraints requirements priorities situation goals history food menu dinner
        lunch breakfast drinks venue guests travel trip flights hotel transport party wedding
        personal bio me myself
        """
    )
)


def is_table_row(line: str) -> bool:
    """True for a line of a Markdown table ("| Boiler service | £85 |"): cells, not sentences."""
    return _TABLE_ROW.match(line) is not None


# "Pasting the advert below.\n\n---\nST ALDHELM'S SCHOOL …\nClosing date: 20 June 2025\n---":
# someone else's text, announced as such, between two rules
_ADVERT_CUE = re.compile(
    r"\b(?:pasting|pasted|here's|here is|copying|copied)\b[^.\n]{0,20}?\b(?:the |an? )?"
    r"(?:advert|advertisement|job ad|listing|job description|job spec|job posting|vacancy)\b"
    r"|\b(?:advert|advertisement|job ad|listing|job description|job spec|job posting|vacancy)"
    r"\b[^.\n]{0,30}?\bbelow\b",
    _I,
)
_RULED_BLOCK = re.compile(r"^-{3,}[ \t]*\n.*?(?:^-{3,}[ \t]*$|\Z)", re.MULTILINE | re.DOTALL)


def drop_pasted_advert(text: str) -> str:
    """``text`` without a job advert it pastes between two "---" rules (the advert's facts are
    the employer's, not the speaker's)."""
    cue = _ADVERT_CUE.search(text) if "---" in text else None
    if cue is None:
        return text
    return text[: cue.end()] + _RULED_BLOCK.sub("\n", text[cue.end() :], count=1)


# "I choose option A.\n\nI prefer the city build a new community center … First, … Second, …":
# an answer written for a test (its "I" is a voice put on for the task); the line before it
# is the speaker's own
_ESSAY_STEPS = re.compile(
    r"^(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|finally|in conclusion|to conclude|"
    r"in my opinion|on the other hand)\b",
    _I | re.MULTILINE,
)
_ESSAY_STEP_INSIDE = re.compile(
    r"(?:^|[.!?]\s+)(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|finally|in conclusion|"
    r"to conclude|on the other hand),",
    _I,
)
_ENOUGH_STEPS = 2
# The first paragraph says what follows is written for a task.
_FOR_A_TASK = re.compile(
    r"\b(?:option [a-d]|essays?|task \d|writing task|my answer|sample answer|practice "
    r"(?:answer|question|test|task))\b",
    _I,
)


def drop_practice_essay(text: str) -> str:
    """``text`` without the essay it holds after its first paragraph (see above)."""
    if "\n\n" not in text:
        return text
    head, _, body = text.partition("\n\n")
    if _FOR_A_TASK.search(head) is None:
        return text
    steps = len(_ESSAY_STEPS.findall(body)) + len(_ESSAY_STEP_INSIDE.findall(body))
    return head if steps >= _ENOUGH_STEPS else text


def drop_code(text: str) -> str:
    """``text`` with its fenced code blocks replaced by a line break (code states no fact)."""
    return _CODE_FENCE.sub("\n", text)


def _someone_elses_line(line: str) -> bool:
    match = _SPEAKER_LINE.match(line)
    if match is None:
        return False
    first = match["label"].split()[0]
    return is_name(first) and first.lower() not in _LABEL_WORDS


def not_the_speakers(line: str) -> bool:
    """True for a line of a table, a quoted line, or a line of someone else's notes."""
    return (
        _TABLE_ROW.match(line) is not None
        or _QUOTE_LINE.match(line) is not None
        or _someone_elses_line(line)
    )
