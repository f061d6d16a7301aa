"""How the work done for the user should be done: code, drafts, dates, their English.

:mod:`.answer_style` reads how answers should look. People ask as often how
what the assistant makes for them should be made: "please add type hints to
everything", "no classes, keep it all functions", "when you draft emails for
me, keep them under 150 words", "any dates in outputs that humans read should
be dd/mm/yyyy", "can you correct my english errors at the end of your
answer?". :func:`work_wish` turns such a request into a rule, worded plainly;
a request about the one thing at hand ("keep it under 100 words", "add type
hints to this function") is no rule.
"""

from __future__ import annotations

import re

__all__ = ["work_wish"]

_I = re.IGNORECASE

_LEAD = r"^(?:(?:also|and|so|but|ok|one more thing|pls|please|plz|always)[,:]?\s+)*"

# "please add type hints to everything", "always use type hints": every piece of code.
_TYPE_HINTS = re.compile(
    _LEAD + r"(?:add|use|include|put) (?:type hints|type annotations|types)"
    r"(?: (?:to|on|in|for) (?:everything|all (?:the |my )?(?:code|functions)|every function))?"
    r"(?=\s*(?:[,.;!—–-]|$| and\b))",
    _I,
)
# "no classes btw. keep it all functions", "don't use classes, I don't get them yet".
_NO_CLASSES = re.compile(
    _LEAD + r"(?:no classes|(?:don't|dont|do not) use (?:any )?classes|"
    r"keep it (?:all )?(?:plain )?functions|(?:just |only )?(?:plain )?functions,? no classes)"
    r"(?=\s*(?:[,.;!]|$| (?:please|pls|btw|i|i'm|im)\b))",
    _I,
)
# "don't use any Jupyter-specific stuff (display(), %magics)": what code must not rely on.
_NOT_SPECIFIC = re.compile(
    _LEAD + r"(?:don't|dont|do not|never) use (?:any )?(?P<what>[\w.+#-]+)-specific "
    r"(?:stuff|features|things|code|bits|functions)\b",
    _I,
)
# "when you draft emails for me, keep them under 150 words", "keep emails under 150 words".
_KEEP_UNDER = re.compile(
    r"(?:\bwhen(?:ever)? you (?:draft|write|do) (?P<what>[\w -]{2,30}?) for me,? "
    r"(?:please |pls )?keep them"
    # ("can you keep things under 300 words?": everything, from now on)
    r"|" + _LEAD + r"(?:(?:can|could|would) you (?:please |pls |also )?)?"
    r"keep (?:all )?(?:my |the |your )?(?P<what2>emails|drafts|messages|letters|"
    r"posts|replies|answers|summaries|captions|things|everything))"
    r" (?P<limit>(?:under|below|to|within|less than|no more than|at most) (?:about )?\d+ "
    r"(?:words|lines|sentences|characters|paragraphs))\b",
    _I,
)
# "Under 300 words please, same as always.": the limit asked before, asked again.
_AS_ALWAYS = re.compile(
    r"^(?:and |also )?(?P<limit>(?:under|below|less than|no more than) \d+ words)[,.]? "
    r"(?:(?:please|pls)[,.]? )?(?:same as always|as always|like always|as usual)\b",
    _I,
)
# "any dates in outputs that humans read should be dd/mm/yyyy": how every date is written.
_DATE_FORMAT = re.compile(
    r"\b(?:any |all |the )?dates\b[^.;!?]{0,50}? (?:should be|must be|need to be|in)(?: in)? "
    r"(?P<format>(?:dd|mm|yyyy|yy|d|m)(?:[/.-](?:dd|mm|yyyy|yy|d|m)){2}|iso(?: 8601)?(?: format)?|"
    r"uk format|us format|british format|american format)\b",
    _I,
)
# "can you correct my english errors at the end of your answer?": the user learning, helped.
_CORRECT_MY = re.compile(
    r"\b(?:(?:can|could|would) you (?:please |pls |also )?(?:always )?|please |pls "
    # ("Yes please, always correct me like this": every time, said after the "please")
    r"|(?:please|pls),? always (?=(?:correct|fix|point out) me\b))"
    r"(?:correct|fix|point out) (?:my (?P<language>english|dutch|german|french|spanish|italian|"
    # ("Can you correct my mistakes in the end of each answer?": a learner's own)
    r"portuguese|polish|grammar|spelling|mistakes|errors)(?: (?:errors|mistakes))?"
    # ("Yes please, always correct me like this, in a list at the end.": not "correct me if …")
    r"|me(?: like this| like that| when I'm wrong)?(?=\s*(?:[,.!]|$)))"
    r"(?P<when> (?:at|in) the end of (?:your|each|every) (?:answer|reply|message|response)s?"
    r"|,? (?:in|as) a list at the end(?: of (?:your|each|every) (?:answer|reply|message)s?)?)?",
    _I,
)
# "Change of rules: from now on put short comments in the code": what all code should carry.
_COMMENTS = re.compile(
    r"^(?:(?:also|and|so|ok)[,]?\s+)*(?:(?:change of rules|new rule|rule)\s*:\s*)?"
    r"(?:(?:pls|please|plz)\s+|(?:from now on|going forward|in future),?\s+(?:(?:pls|please)\s+)?)"
    r"(?:put|add|include|write|leave) (?P<how>(?:short |brief |some |more |a few |clear )?)"
    r"(?:code )?comments (?:in|to|into|throughout) (?:the |all |my )?(?:code|functions)\b",
    _I,
)
# Not languages: what is put right is said as it is ("grammar mistakes").
_NOT_A_LANGUAGE = frozenset(("grammar", "spelling"))
_ANY_MISTAKE = frozenset(("mistakes", "errors"))


# A word every wish here holds: most sentences are read no further.
_MAYBE_A_WISH = re.compile(
    r"type|class|functions|specific|words|lines|sentences|characters|"
    r"paragraphs|dates|correct|fix|point out|comments",
    _I,
)


def work_wish(sentence: str) -> str | None:
    """The rule ``sentence`` asks of the work done for the user, or None."""
    s = sentence.strip()
    if _MAYBE_A_WISH.search(s) is None:
        return None
    if _TYPE_HINTS.match(s) is not None:
        return "please add type hints to all code"
    if _NO_CLASSES.match(s) is not None:
        return "please write plain functions, no classes"
    if (specific := _NOT_SPECIFIC.match(s)) is not None:
        return f"please use nothing {specific['what']}-specific in code"
    if (under := _KEEP_UNDER.search(s)) is not None:
        what = (under["what"] or under["what2"]).lower().replace("things", "everything")
        return f"please keep {what} {under['limit'].lower()}"
    if (again := _AS_ALWAYS.match(s)) is not None:
        return f"please keep answers {again['limit'].lower()}"
    if (dates := _DATE_FORMAT.search(s)) is not None:
        written = dates["format"]
        written = written.upper() if written.lower().startswith("iso") else written.lower()
        return f"please write dates as {written}"
    if (comments := _COMMENTS.match(s)) is not None:
        return f"please put {comments['how'].lower()}comments in the code"
    if (correct := _CORRECT_MY.search(s)) is not None:
        language = (correct["language"] or "mistakes").lower()
        said = (
            "mistakes"
            if language in _ANY_MISTAKE
            else f"{language} mistakes"
            if language in _NOT_A_LANGUAGE
            else f"{language.capitalize()} mistakes"
        )
        when = correct["when"] or ""
        listed = " in a list" if re.search(r"\ba list\b", when) else ""
        when = f"{listed} at the end of each answer" if when else ""
        return f"please correct my {said}{when}"
    return None
