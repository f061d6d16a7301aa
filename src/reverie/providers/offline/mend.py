"""Making a correction without a subject whole, against the facts said before it.

"it's on Tuesday, not Monday" names the value it replaces: the latest earlier
line that says Monday, with one value of the same kind, is mended
(:func:`~.corrections.typed_swap`). "sorry I meant the 5th" names only the new
value: it can mend only one of the latest lines, and only one holding a single
value of that kind. Anything looser is not applied, so nothing is spliced.
"""

from __future__ import annotations

import re

from reverie.providers.offline.corrections import (
    FIGURE_WITH_UNIT,
    bare_value,
    old_value,
    one_date,
    puts_a_figure_right,
    strip_correction_lead,
    swappable,
    typed_swap,
    value_said_before,
    value_swap,
)
from reverie.providers.offline.frame_words import MONTH
from reverie.providers.offline.person import finish_sentence
from reverie.providers.offline.predicates import WEEKDAY

__all__ = [
    "NOT_ASIDE",
    "age_in_step",
    "aged_again",
    "figure_mended",
    "mend_correction",
    "mended_line",
]

# ("… on 12 April 1986 (not 1985).", "… on 12 April 1986, not 1985.": the old value, aside)
NOT_ASIDE = re.compile(r" \(not (?P<old>[^()]+)\)(?=\.?$)|, not [^,()]+(?=\.?$)")
# "User is 44, turning 46 in March.": an age and the one the next birthday brings.
_AGE_AND_NEXT = re.compile(r"\b(?P<now>\d{1,3}), turning (?P<next>\d{1,3})\b")
# How many of the latest lines a bare new value may mend.
_BARE_REACH = 2


def _resolve(correction: str, earlier: list[str]) -> str | None:
    """A subject-less correction applied to the latest earlier fact it fits, or None.

    The old value follows in brackets ("… on Tuesday (not Monday)."), so Dream finds
    the line it mends even when that line was stored from an earlier chunk.
    """
    for line in reversed(earlier):
        swapped = typed_swap(line, correction)
        if swapped is not None:
            mended = age_in_step(finish_sentence(swapped))
            was = old_value(correction)
            return f"{mended[:-1]} (not {was})." if was else mended
    return None


def age_in_step(line: str) -> str:
    """A line whose "turning" age was put right says the age now one below it.

    "I'm 44, turning 45", then "I keep saying I'm turning 45. I'm turning 46": a
    year was lost, so the user is 45 now, not 44.
    """
    said = _AGE_AND_NEXT.search(line)
    if said is None or int(said["next"]) - int(said["now"]) == 1 or int(said["next"]) == 0:
        return line
    return f"{line[: said.start('now')]}{int(said['next']) - 1}{line[said.end('now') :]}"


def figure_mended(text: str, earlier: list[str]) -> str | None:
    """ "the rate is 4.4%, not 4.1" applied to the latest earlier line holding the 4.1, or None."""
    return _resolve(strip_correction_lead(text), earlier) if puts_a_figure_right(text) else None


def mend_correction(
    text: str, speaker: str, earlier: list[str], *, note_ok: bool = True, message: str = ""
) -> str | None:
    """A subject-less correction made whole, or kept as a note Dream can apply, or None.

    Args:
        text: The correction, in the third person ("User corrected: it's on Tuesday, not
            Monday").
        speaker: Who made it ("User", or the other person's name).
        earlier: The facts said before, oldest first.
        note_ok: Whether an unresolved correction may be kept as a note. A "no wait"
            about something never stored is dropped, or Dream would swap the value
            in an older line.
        message: The whole message the correction is in: a bare value mends the value
            of its kind said just before it there ("agreed at 46. No, sorry – 46,500"),
            and only a line that holds that value.

    "it's on Tuesday, not Monday" is resolved against the facts said before
    ("User's flight to Berlin is on Monday." → "… on Tuesday."). Unresolved, it
    is kept as "User corrected: …" only when it changes one value of a known
    kind, which Dream can swap in the memory files.
    """
    third = strip_correction_lead(text)
    resolved = _resolve(third, earlier)
    if resolved is not None:
        return resolved
    if (value := bare_value(third)) is not None:
        slipped = value_said_before(message, value)
        for line in reversed(earlier[-_BARE_REACH:]):
            if (swapped := value_swap(line, value)) is not None:
                # "(not 3rd)" lets Dream find the line it mends; the aside is not written.
                mended, was = swapped
                if slipped is not None and slipped.lower() != was.lower():
                    return None  # the slip was in a sentence no line was kept from
                return f"{finish_sentence(mended)[:-1]} (not {was})."
        return None
    if note_ok and swappable(third):
        return text if text.startswith(speaker) else f"{speaker} corrected: {text}"
    return None


def mended_line(mended: str, lines: list[str], old: str, *, opening: bool = False) -> int | None:
    """The index of the line in ``lines`` that ``mended`` replaced, or None.

    That line reads as ``mended`` with one word changed, and that word is the
    old value ("The osce is on the 26th." for "The osce is on the 27th." and
    "the 26th"): the latest such line. With ``opening``, a line whose first clause
    reads so counts too ("User's flat is 2nd floor, router in back room." for
    "User's flat is 3rd floor not 2nd.").
    """
    # ("4.1%" in the line is the "4.1" put right)
    was = [w.lower().strip(",;%£$€") for w in old.split() if w.lower() not in ("the", "of")][-2:]
    new_words = NOT_ASIDE.sub("", mended).rstrip(".").split()
    if len(new_words) > 2 and new_words[-2].lower() == "not" and new_words[-3][-1:].isalnum():
        new_words = new_words[:-2]  # "… 3rd floor not 2nd", said without a comma
    for index in range(len(lines) - 1, -1, -1):
        words = lines[index].rstrip(".").split()
        if opening and len(words) > len(new_words) and words[len(new_words) - 1].endswith(","):
            # ("User's flat is 2nd floor, router in back room.": the clause it mends)
            words = [*words[: len(new_words) - 1], words[len(new_words) - 1].rstrip(",")]
        if len(words) != len(new_words):
            if _one_word_and_a_date(words, new_words, was):
                return index  # "on Tuesday the 14th" → "on Thursday": its date went too
            continue
        changed = [i for i, (a, b) in enumerate(zip(words, new_words, strict=True)) if a != b]
        said = [words[i].lower().strip(",;%£$€") for i in changed]
        # one word changed, or a date's day and month together ("4 December" → "27 November")
        if (len(changed) == 1 and _said_as(said[0], was, new_words[changed[0]])) or (
            len(changed) == 2 and one_date(changed, words) and said == was
        ):
            return index
    return None


# The words a swap drops with the value it puts right: a weekday's date, or a date's weekday.
_DATE_WORDS = re.compile(
    rf"^(?:{WEEKDAY},?|the|of|(?:[12]\d|3[01]|[1-9])"
    rf"(?:st|nd|rd|th)?,?|(?:{MONTH}),?)$",
    re.IGNORECASE,
)
_MOST_DATE_WORDS = 4


def _one_word_and_a_date(words: list[str], new_words: list[str], was: list[str]) -> bool:
    """Whether ``new_words`` is ``words`` with the old value changed and a date or weekday
    beside it dropped (:func:`~.corrections.typed_swap`)."""
    dropped = len(words) - len(new_words)
    if not 0 < dropped <= _MOST_DATE_WORDS:
        return False
    for start in range(len(words) - dropped + 1):
        block = words[start : start + dropped]
        if not all(_DATE_WORDS.match(word) for word in block) or not any(
            word[:1].isdigit() or word.lower().rstrip(",").endswith("day") for word in block
        ):
            continue
        kept = words[:start] + words[start + dropped :]
        changed = [i for i, (a, b) in enumerate(zip(kept, new_words, strict=True)) if a != b]
        if len(changed) == 1 and _said_as(
            kept[changed[0]].lower().strip(",;"), was, new_words[changed[0]]
        ):
            return True
    return False


def _said_as(word: str, was: list[str], new: str) -> bool:
    """Whether ``word`` is the old value, perhaps with the unit the new one has ("2.9in")."""
    if word in was:
        return True
    unit = FIGURE_WITH_UNIT.match(word)
    return unit is not None and new.lower().endswith(unit["unit"]) and unit["figure"] in was


# "User corrected: Valentina is 8.": someone's age said again, without the old one.
# ("Taras is 9, not 8, birthday was in December 22": the age, what was said wrong, and more)
_AGE_AGAIN = re.compile(
    r"^(?P<who>[A-ZÀ-Þ][\wÀ-ÿ'-]*) is (?P<age>\d{1,3})(?:, not \d{1,3})?(?:\.$|(?=, ))"
)


def aged_again(correction: str, lines: list[str]) -> tuple[int, str] | None:
    """The latest line giving the same person another age, and that line with the new one.

    "No sorry, she has 8" after "User's daughter Valentina is 7." puts the 7 right:
    only a line that ends with that person's age is mended.
    """
    said = _AGE_AGAIN.match(strip_correction_lead(correction))
    if said is None:
        return None
    line_age = re.compile(rf"\b{re.escape(said['who'])} is (\d{{1,3}})\.$")
    for index in range(len(lines) - 1, -1, -1):
        old = line_age.search(lines[index])
        if old is not None:
            if old[1] == said["age"]:
                return None
            mended = lines[index][: old.start(1)] + said["age"] + "."
            return index, mended
    return None
