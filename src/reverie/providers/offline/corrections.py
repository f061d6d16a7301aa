"""How a correction ("X, not Y") replaces what was recorded before, without inventing.

A correction that names its subject ("I prefer green tea, not coffee") is a
whole fact: it replaces the old line entirely, whatever else that line said —
splicing "green tea" into "User prefers dark roast coffee" would give "dark
roast tea", which nobody said. A correction without a subject ("it's on
Tuesday, not Monday") can only fix a line that says Y, by swapping one value of
the same kind: a day for a day, a number for a number, a name for a name, a side
for a side ("LEFT heel, not right"), a part or model for another ("a ds18b20 not
dht22", "a pi 4 not a 3b") (:func:`typed_swap`). Anything looser is not applied. A
correction said in passing, or one that reaches only the latest message, is
:mod:`.implied_corrections`.
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import MONTH
from reverie.providers.offline.predicates import WEEKDAY
from reverie.providers.offline.vocabulary import COMMON_WORDS, COUNT_WORDS, is_name, words

__all__ = [
    "FIGURE_WITH_UNIT",
    "PLAIN_WORDS",
    "bare_value",
    "is_subjectless",
    "not_clause",
    "old_value",
    "one_date",
    "puts_a_figure_right",
    "strip_correction_lead",
    "swappable",
    "typed_swap",
    "value_said_before",
    "value_swap",
    "without_old_value",
]

_I = re.IGNORECASE
# ("colemak-dh not plain colemak": the old value said as the bare thing)
PLAIN_WORDS = ("plain", "regular", "normal", "standard", "vanilla", "just")
# "User corrected: …", or in a chat between two people "Ellie corrected: …"
_LEAD = re.compile(r"^(?:User|[A-ZÀ-Þ][\wÀ-ÿ'’-]*) corrected(?: [^:]+)?:\s*", _I)
_NOT = re.compile(
    r"^(?P<new>.+?)\s*(?:(?:,\s*|\(\s*|\s+)not|,?\s+instead of)\s+"
    # (the reason after Y is not part of it: "not the 12th because of some room booking")
    # ("not 2,100": a thousands comma is part of the number)
    r"(?P<old>(?:[^,;()]|(?<=\d),(?=\d{3}\b))+?)"
    r"(?=\s*(?:,(?<!\d,)|,(?!\d{3}\b)|[;()!]|\.\s|\.?$)|\s+(?:because|bc|cos|coz|since|so)\s)",
    _I,
)
_SUBJECTLESS = re.compile(
    r"^(?:it|it's|its|that|that's|this|they|they're|these|those|he|she|he's|she's|we're|"
    r"there|there's|actually|really|rather|instead|now)\b|^(?:on|at|in|by|for|to|from)\b"
    # "£1,050, not £950": one figure for another
    r"|^[£$€]?\d[\d,.]*(?:k|%)?,? (?:not|instead of) [£$€]?\d[\d,.]*(?:k|%)?[.!]*$"
    # "Eindhoven not Rotterdam": one value for another, and nothing else
    # ("Greg's not coming" says who does what)
    r"|^(?![\w-]+['’]s\b)[\w'’-]+(?: [\w'’-]+)?,? (?:not|instead of) (?![\w-]+ing\b)"
    r"[\w'’-]+(?: [\w'’-]+)?[.!]*$",
    _I,
)
_COUNT = rf"(?:[£$€]?\d[\d.,:]*%?|{COUNT_WORDS})"
# "the rate is 4.4%, not 4.1", "The team is five now, not four." ("we're five now, …" said
# of a team): a figure of something just talked about, put right
_FIGURE_PUT_RIGHT = re.compile(
    # ("The team is on 3.12, not 3.11": a version the team is on)
    rf"^the [\w-]+(?: [\w-]+)? (?:is|are|was|were) (?:on )?(?:now )?{_COUNT}(?: now)?,? not "
    rf"{_COUNT}[.!]*$"
    # ("go.mod says `go 1.22`, not 1.21": what a file or a paper says)
    rf"|^(?:the |my )?[\w./-]+ (?:says|shows|reads|has) [`\"']?(?:[\w-]+ )?{_COUNT}[`\"']?,? not "
    rf"{_COUNT}[.!]*$",
    _I,
)
_FILLER_TAIL = re.compile(r"^(?:actually|really|now|rather|instead|just|still)\s+", _I)
_WEEKDAY = re.compile(r"^(?:mon|tues|wednes|thurs|fri|satur|sun)days?$", _I)
_MONTH = re.compile(rf"^(?:{MONTH})\.?$", _I)
# (a sum is a number: "£12.90, not 12.60")
# ("we're five now, not four": a count in words)
_NUMBERISH = re.compile(
    rf"^[£$€]?\d[\d.,:]*(?:st|nd|rd|th|am|pm|h|k|m|%)?$|^(?:{COUNT_WORDS})$", _I
)
_CLOCK_TIME = re.compile(
    r"^(?:[01]?\d|2[0-3]):[0-5]\d(?:am|pm)?$|^(?:1[0-2]|0?[1-9])(?:am|pm)$", _I
)
# "a ds18b20, not a dht22", "a pi 4 not a 3b": a part or a model, letters and digits together
_MODEL = re.compile(r"^(?=[a-z.+-]*\d)(?=[\d.+-]*[a-z])[a-z\d][a-z\d.+-]*[a-z\d]$", _I)
# "4.2in", "32gb", "27inch": a figure with its unit written on
FIGURE_WITH_UNIT = re.compile(r"^(?P<figure>\d[\d.,]*)(?P<unit>[a-z]{1,4})$", _I)
_DATE_AFTER_A_WEEKDAY = re.compile(
    rf"^,? (?:the )?(?:[12]\d|3[01]|[1-9])(?:st|nd|rd|th)?(?: of)?(?: (?:{MONTH}))?"
    r"(?=[\s.,;!?)]|$)",
    _I,
)
_WEEKDAY_BEFORE_A_DATE = re.compile(rf"\b{WEEKDAY},? (?=(?:the )?$)", _I)
_DAY_OF_MONTH = re.compile(r"^(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?$", _I)
_TRAILING_FILLERS = frozenset({"now", "instead", "actually", "then", "though"})
_ARTICLES = frozenset({"a", "an", "the", "my", "our", "their"})
_BEFORE_OLD = _ARTICLES | frozenset(PLAIN_WORDS)
_BARE_LEAD = re.compile(
    r"^(?:it(?:'s| is| will be)|its|that's|make (?:it|that)|i mean|let's say|lets say|say)\s+", _I
)


def strip_correction_lead(text: str) -> str:
    """A correction without its "User corrected[ X]:" lead-in."""
    return _LEAD.sub("", text.strip())


def not_clause(text: str) -> tuple[str, str] | None:
    """``(X, Y)`` of a correction shaped "X, not Y", or None."""
    match = _NOT.search(strip_correction_lead(text))
    if match is None:
        return None
    return match["new"].strip(), match["old"].strip().rstrip(".!")


def old_value(text: str) -> str:
    """The Y of "X, not Y" ("" when the correction has no such part)."""
    parts = not_clause(text)
    return parts[1] if parts else ""


def is_subjectless(text: str) -> bool:
    """True when a correction does not say what it is about ("it's on Tuesday, not Monday")."""
    return _SUBJECTLESS.match(strip_correction_lead(text)) is not None


def puts_a_figure_right(text: str) -> bool:
    """True for "the rate is 4.4%, not 4.1": a figure put right, for the line holding 4.1."""
    return _FIGURE_PUT_RIGHT.match(strip_correction_lead(text)) is not None


_COLOURS = frozenset(
    words("red blue green black white grey gray silver yellow orange purple pink brown navy")
)
_GRADES = frozenset(words("pass merit distinction fail"))


def _kind(token: str) -> str | None:
    word = token.strip(".,;:!?\"'")
    if _WEEKDAY.match(word):
        return "weekday"
    if _MONTH.match(word):
        return "month"
    if _CLOCK_TIME.match(word):
        return "time"  # ("make it 06:00" sets a time, never "one week in five")
    if _NUMBERISH.match(word):
        return "number"
    if word.lower() in ("left", "right"):
        return "side"  # "LEFT heel, not right"
    if word.lower() in _COLOURS:
        return "colour"  # "sorry, red not blue"
    if word.lower() in _GRADES:
        return "grade"  # "it was a distinction, not a merit"
    if is_name(word) and word.lower() not in COMMON_WORDS:
        return "name"  # ("Different question, not IELTS": a word opening a sentence is no name)
    if _MODEL.match(word):
        return "model"
    return None


def same_kind_of_value(new: str, old: str) -> bool:
    """Whether ``new`` may put ``old`` right: two values of one known kind ("distinction",
    "merit"; "red", "blue"; "Tuesday", "Monday")."""
    return _same_kind(_kind(new), _kind(old))


def _same_kind(new: str | None, old: str | None) -> bool:
    """Whether a value of kind ``new`` may stand for one of kind ``old`` ("pi 4" for "3b")."""
    return new is not None and (
        new == old or {new, old} == {"model", "number"} or {new, old} == {"time", "number"}
    )


def bare_value(text: str) -> str | None:
    """The one value of a correction that says nothing else: "it's the 21st now" → "21st".

    Only a day, a month or a number: a name alone ("Aimee") could fit too many lines.
    """
    tokens = _tokens(_BARE_LEAD.sub("", strip_correction_lead(text)))
    while tokens and tokens[-1].lower() in _TRAILING_FILLERS:
        tokens = tokens[:-1]
    while tokens and tokens[0].lower() in (*_ARTICLES, "on", "at", "by"):
        tokens = tokens[1:]
    if len(tokens) != 1 or _kind(tokens[0]) not in ("weekday", "month", "number", "time"):
        return None
    return tokens[0]


def value_swap(line: str, value: str) -> tuple[str, str] | None:
    """``line`` with its one value of ``value``'s kind replaced, and the value it had.

    "The wedding is on the 14th." and "21st" give ("The wedding is on the 21st.",
    "14th"); a line with no value of that kind, or with two ("3 May 2026"), gives None.
    """
    kind = _kind(value)
    sum_ = value[:1] in "£$€"
    # (a sum mends a sum: "make it £300" never mends "User is 44.")
    same = [
        m
        for m in re.finditer(r"\S+", line)
        if _kind(m.group(0)) == kind and (m.group(0)[:1] in "£$€") == sum_
    ]
    if _DAY_OF_MONTH.match(value):
        # "its the 13th" mends a day ("sat 14th", "14 sept"), never "budget 400 quid" nor
        # "ordered 2"
        same = [
            m
            for m in same
            if _DAY_OF_MONTH.match(core := m.group(0).strip(".,;:!?\"'"))
            and (not core.isdigit() or _beside_a_date_word(line, m.start(), m.end()))
        ]
    if kind is None or len(same) != 1:
        return None
    word = same[0].group(0)
    core = word.strip(".,;:!?\"'")
    start = same[0].start() + word.index(core)
    if core.lower() == value.lower():
        return None  # already says it
    before, after = _in_step(line[:start], line[start + len(core) :], core)
    return before + value + after, core


def _in_step(before: str, after: str, old: str, new_date: str = "") -> tuple[str, str]:
    """The words around a swapped weekday or day of the month, kept true to it.

    "on Tuesday the 14th" corrected "it's Thursday" is "on Thursday" (the 14th was
    Tuesday's date; ``new_date`` is the one the correction gives, "the 20th"), and
    corrected "it's the 16th" is "on the 16th" (the 16th is no Tuesday).
    """
    if _WEEKDAY.match(old) and _DATE_AFTER_A_WEEKDAY.match(after) is not None:
        after = new_date + _DATE_AFTER_A_WEEKDAY.sub("", after, count=1)
    elif _DAY_OF_MONTH.match(old):
        before = _WEEKDAY_BEFORE_A_DATE.sub("", before, count=1)
    return before, after


def value_said_before(message: str, value: str) -> str | None:
    """The value of ``value``'s kind said last before it in ``message``, or None.

    "we've agreed at 46. No, sorry – 46,500": the slip put right is the 46 just said,
    not a number of an earlier line.
    """
    at = message.rfind(value)
    if at < 0:
        return None
    kind = _kind(value)
    said = [t for t in _tokens(message[:at]) if _kind(t) == kind]
    return said[-1] if said else None


def _tokens(text: str) -> list[str]:
    # ("go.mod says `go 1.22`": a value quoted as code is still that value)
    return [t.strip(".,;:!?\"'`") for t in text.split() if t.strip(".,;:!?\"'`")]


def _swap_parts(correction: str) -> tuple[list[str], list[str]] | None:
    """``(Y words, replacement words)`` when "X, not Y" changes one typed value."""
    parts = not_clause(correction)
    if parts is None:
        return None
    new, old = parts
    old_tokens = _tokens(old)
    new_tokens = _tokens(_FILLER_TAIL.sub("", new))
    while new_tokens and new_tokens[-1].lower() in _TRAILING_FILLERS:
        new_tokens = new_tokens[:-1]  # "it's Glasgow now, not Edinburgh"
    while old_tokens and old_tokens[0].lower() in _BEFORE_OLD:
        old_tokens = old_tokens[1:]
    if not old_tokens or len(new_tokens) < len(old_tokens):
        return None
    variants = [t for t in new_tokens if len(old_tokens) == 1 and _variant_of(t, old_tokens[0])]
    if len(variants) == 1:
        return old_tokens, variants  # "colemak-dh not plain colemak": the named variant
    if len(old_tokens) == 1 and (kind := _kind(old_tokens[0])) is not None:
        # "it's now the 19th march, not the 12th": the one word of Y's kind, wherever it is
        same = [token for token in new_tokens if _kind(token) == kind]
        if not same and kind in ("model", "number", "time"):
            # ("pi 4 not a 3b"; "it's 7:30, not 7": a figure and a time stand for each other)
            other = {"model": "number", "number": "time", "time": "number"}[kind]
            same = [token for token in new_tokens if _kind(token) == other]
        glued = [g for token in new_tokens if (g := FIGURE_WITH_UNIT.match(token)) is not None]
        if not same and kind == "number" and len(glued) == 1:
            # "not 2.9, it's the 4.2in": the old figure had the same unit ("2.9in")
            old_tokens = [old_tokens[0] + glued[0]["unit"]]
            same = [glued[0].group(0)]
        if len(same) == 1 and same[0].lower() != old_tokens[0].lower():
            return old_tokens, same
    tail = new_tokens[-len(old_tokens) :]
    changed = [
        i for i, (a, b) in enumerate(zip(tail, old_tokens, strict=True)) if a.lower() != b.lower()
    ]
    if len(changed) == 2 and one_date(changed, tail):
        # "27 november, not 4 december": a date's day and month change together
        kinds = [_kind(tail[i]) for i in changed]
        if sorted(map(str, kinds)) == ["month", "number"] and kinds == [
            _kind(old_tokens[i]) for i in changed
        ]:
            return old_tokens, tail
        return None
    if len(changed) != 1:
        return None
    if not _same_kind(_kind(tail[changed[0]]), _kind(old_tokens[changed[0]])):
        return None
    return old_tokens, tail


def _variant_of(new: str, old: str) -> bool:
    """Whether ``new`` names a variant of ``old``: "colemak-dh" of "colemak", "python3" of
    "python" (the old word, then a mark or a figure)."""
    return (
        len(new) > len(old) + 1
        and new.lower().startswith(old.lower())
        and (new[len(old)] in "-+" or new[len(old)].isdigit())
    )


def one_date(changed: list[int], tokens: list[str]) -> bool:
    """Whether the two words at ``changed`` are one date's day and month ("2nd of June")."""
    first, second = changed
    between = tokens[first + 1 : second]
    return second == first + 1 or (second == first + 2 and between[0].lower() == "of")


def swappable(correction: str) -> bool:
    """True when "X, not Y" changes exactly one value of a known kind (see :func:`typed_swap`)."""
    return _swap_parts(correction) is not None


_UNIT_WORD = re.compile(
    r"\s+(?P<unit>year|month|week|day|hour|hr|minute|min|km|mile|kg|kilo|lb|stone|people|"
    r"person|kid|child)s?\b",
    _I,
)


def _unit_after(correction: str, tail: list[str]) -> str | None:
    """The unit the new figure is counted in ("11 years"), when a word after it says one."""
    if len(tail) != 1 or not tail[0][:1].isdigit():
        return None
    said = re.search(rf"(?<![\w.]){re.escape(tail[0])}(?![\w.])", correction)
    after = _UNIT_WORD.match(correction, said.end()) if said is not None else None
    return after["unit"].lower() if after is not None else None


def typed_swap(line: str, correction: str) -> str | None:
    """``line`` with the one value "X, not Y" corrects swapped, or None.

    Y must occur in ``line`` as whole words, and the last words of X must be
    Y with exactly one word changed for a word of the same kind (weekday,
    month, number, name, side, part or model; a model may become a number, "pi 4"
    for "3b") — leading articles aside.

    Example:
        >>> typed_swap("User's flight to Berlin is on Monday.", "it's on Tuesday, not Monday")
        "User's flight to Berlin is on Tuesday."
    """
    found = _swap_parts(correction)
    if found is None:
        return None
    old_tokens, tail = found
    # (not "\b": a sum opens with its currency sign, "£12.60"; nor part of a time or a
    # figure: "30" is not the minutes of "02:30")
    pattern = re.compile(
        r"(?<![\w:.])" + r"\s+".join(_as_written(t) for t in old_tokens) + r"(?![\w:]|\.\d)", _I
    )
    # ("arrives 24 January, not 10": the 10 to swap is a day, not "10 minutes walking")
    to_a_day = any(
        t.isdigit()
        and re.search(rf"(?<!\d){t}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{MONTH})\b", correction, _I)
        for t in tail
    )
    # ("it's 11 years, not 12": the 12 to swap is a count of years, not "12 May")
    unit = _unit_after(correction, tail) if len(old_tokens) == 1 else None
    match = next(
        (
            m
            for m in pattern.finditer(line)
            if _dated(m, old_tokens, line)
            and not (
                to_a_day
                and m.group(0).isdigit()
                and not _beside_a_date_word(line, m.start(), m.end())
            )
            and (unit is None or re.match(rf"\s+{unit}s?\b", line[m.end() :], _I) is not None)
        ),
        None,
    )
    if match is None:
        return None
    written = match.group(0).split()
    # "on Tuesday evenings" corrected by "on Thursdays, not Tuesdays": "on Thursday evenings".
    new = [
        _same_number(word, as_in)
        if _WEEKDAY.match(word)
        else word.capitalize()
        if _MONTH.match(word)
        else word.lower()
        if _kind(word) == "side"
        # (the variant written as the line wrote its stem: "colemak" → "colemak-dh")
        else as_in + word[len(as_in) :]
        if _variant_of(word, as_in)
        else word
        for word, as_in in zip(tail, written, strict=False)
    ]
    before, after = line[: match.start()], line[match.end() :]
    if len(old_tokens) == 1:
        # ("it's Thursday the 20th, not Wednesday" says the new weekday's date)
        said = re.search(rf"\b{re.escape(new[0])}\b", correction, _I) if len(new) == 1 else None
        dated = _DATE_AFTER_A_WEEKDAY.match(correction[said.end() :]) if said else None
        before, after = _in_step(before, after, old_tokens[0], dated.group(0) if dated else "")
    swapped = before + " ".join(new) + after
    # "£" + "£12.90" for "12.60" after a "£"; "4.4%" + "%" for "4.1" before one
    return re.sub(r"([£$€])\1", r"\1", swapped).replace("%%", "%")


def _as_written(token: str) -> str:
    """A word of Y as a pattern; a weekday matches with or without its plural "s"."""
    if _WEEKDAY.match(token):
        return re.escape(token.removesuffix("s").removesuffix("S")) + "s?"
    if (day := re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)", token, _I)) is not None:
        return day[1] + "(?:st|nd|rd|th)?"  # "the 17th" is the day of "March 17"
    return re.escape(token)


def _dated(match: re.Match[str], old_tokens: list[str], line: str) -> bool:
    """False when "the 3rd" found only a bare "3" that is a count ("2 or 3 valuations").

    A bare number is that day only beside a month or a weekday: "March 3", "3 of March",
    "Saturday 3".
    """
    for token, written in zip(old_tokens, match.group(0).split(), strict=False):
        if _DAY_OF_MONTH.match(token) and token[-1:].isalpha() and written.isdigit():
            return _beside_a_date_word(line, match.start(), match.end())
    return True


def _beside_a_date_word(line: str, start: int, end: int) -> bool:
    """Whether the number at ``line[start:end]`` has a month or weekday beside it."""
    before = line[:start].split()[-1:]
    after = [w for w in line[end:].split()[:2] if w.lower() != "of"][:1]
    return any(
        _MONTH.match(word) or _WEEKDAY.match(word)
        for word in (w.strip(".,;:!?\"'") for w in before + after)
    )


def _same_number(word: str, as_in: str) -> str:
    plural = as_in.lower().endswith("s")
    bare = word[:-1] if word.lower().endswith("s") else word
    return bare + "s" if plural else bare


def without_old_value(text: str) -> str:
    """ "Immunology is the 10th not the 6th." → "Immunology is the 10th.": what is true now.

    Only when Y is one value, a day, a month, a number or a model; a
    correction of anything else keeps its "not" ("green tea, not coffee" says a taste).
    """
    said = text.rstrip(".")
    match = _NOT.search(strip_correction_lead(said))
    if match is None or said != strip_correction_lead(said):
        return text
    tokens = [t for t in _tokens(match["old"]) if t.lower() not in _ARTICLES]
    if len(tokens) != 1 or _kind(tokens[0]) in (None, "name"):
        return text
    # ("flights are the 22nd not the 21st, sam's school breaks up on the 19th": the rest stays)
    return f"{match['new'].rstrip(',;')}{said[match.end('old') :]}."
