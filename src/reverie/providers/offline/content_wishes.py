"""What every answer should hold or leave out, asked once: "just code pls no essays", "code
first, then a line or two of explanation", "type hints everywhere", "pls skip the basics",
"stop giving me three options every time".

Each is read by :func:`content_wish` as a rule for the assistant ("please give just the
code, no essays"); how long answers are and what language they are in is
:mod:`.answer_style`'s.
"""

from __future__ import annotations

import re

__all__ = ["content_wish"]

_I = re.IGNORECASE

# "Type hints everywhere.", "docstrings always please": a convention for all the code given
_CODE_CONVENTION = re.compile(
    r"^(?:(?:and|also|plus)[,]?\s+)?(?P<what>type hints|type annotations|docstrings|f-strings|"
    r"comments|early returns|dataclasses|pathlib|async)"
    r" (?:everywhere|always|throughout|on everything)(?:,? (?:please|pls))?[.!]*$",
    _I,
)
# "please stop using so many bullet points, I'm reading all this on my phone".
_STOP_USING = re.compile(
    r"^(?:(?:and|also|but|oh)[,]?\s+)*(?:pls |please |plz )?stop using "
    r"(?:so many |all the |so much )?(?P<thing>bullet points|bullets|emojis?|tables|headers|"
    r"headings|jargon|lists|exclamation marks)\b",
    _I,
)
# "can you do code first and keep the explanations short?", "code first, then a line or two
# of explanation max": the order of every answer.
# "just code pls no essays", "code only please", "just give me code": the code, without the
# prose around it.
_JUST_CODE = re.compile(
    r"^(?:(?:also|and|so|pls|please)[,]?\s+)*"
    r"(?:just (?:give me |send me )?(?:the )?code|code only|only (?:the )?code)"
    r"(?:,? (?:please|pls|plz))?(?P<not>,? (?:no|without) (?:long )?(?:essays?|explanations?|"
    r"walls? of text|waffle|prose|lectures?))?(?:,? (?:please|pls|plz))?[.!]*$",
    _I,
)
_CODE_FIRST = re.compile(
    r"^(?:(?:also|and|so|tbh|pls|please|can you|could you|can u)[,]?\s+)*(?:do |give |put |show )?"
    # ("code first, explanation after, keep it short pls")
    r"(?:me )?(?:the )?code first(?P<rest>(?:,? (?:and|then) [^?.!;]{3,60}?"
    r"|, (?:short |brief )?explanations? (?:after|afterwards|second|below)(?:, [^?.!;]{3,30}?)?)?)"
    r"(?:,? (?:please|pls|plz))?[?.!]*$",
    _I,
)
# "I'd like to see the workings please", "pls skip the basics", "Please give me the
# pronunciation for everything", "stop giving me three options every time": what every answer
# should hold or leave out, each said once and meant for all.
_SHOW_WORKINGS = re.compile(
    r"\b(?:I'd like to see|show me|please show|pls show) (?:the |your )?workings?\b", _I
)
_SKIP_BASICS = re.compile(
    # ("skip the intro please" is read as "no intro" elsewhere)
    r"(?:\b(?:pls|please|plz) (?:just )?|^(?:(?:and|also|so)[,]?\s+)?(?=skip the explanation)"
    # ("a preference for the rest of this: skip long explanations")
    r"|^(?=skip (?:the )?long explanations)"
    # ("And you can skip the prose explaining things I obviously know.")
    r"|^(?:(?:and|also|so)[,]?\s+)?you can (?:just )?(?=skip the (?:prose|explanations?|basics)))"
    r"skip (?:the )?"
    r"(?P<what>basics|intro|preamble|(?:long )?explanations?(?: unless I ask)?"
    # ("Please skip the 'see a doctor' bits")
    r"|[\"'‘“][^\"'’”]{2,30}[\"'’”] (?:bits|stuff|disclaimers?|warnings?|lectures?|caveats?)"
    r"|(?:prose|explanations?) (?:explaining|on|about|of) (?:things|stuff|what) I "
    r"(?:obviously |already )?know)\b",
    _I,
)
_FOR_EVERYTHING = re.compile(
    r"^(?:pls |please |plz )?give me (?P<what>the (?:pronunciation|translation|source|sources|"
    r"reference|references|units|page numbers?)) for (?:everything|every \w+|all of it)\b",
    _I,
)
_NO_OPTIONS = re.compile(
    r"\bstop giving me (?:three |two |several |multiple |so many |lots of |\d+ )?options\b", _I
)


def content_wish(s: str) -> str | None:
    """The rule ``s`` asks for about what an answer holds ("please give just the code"), or
    None."""
    if (convention := _CODE_CONVENTION.match(s)) is not None:
        return f"please use {convention['what'].lower()} everywhere"
    if (stop := _STOP_USING.match(s)) is not None:
        thing = stop["thing"].lower()
        return f"please use fewer {thing}" if thing != "jargon" else "please use no jargon"
    if (only := _JUST_CODE.match(s)) is not None:
        refused = (only["not"] or "").strip(" ,").replace("without ", "no ")
        return "please give just the code" + (f", {refused}" if refused else "")
    if (first := _CODE_FIRST.match(s)) is not None:
        return f"please give the code first{first['rest']}"
    if _SHOW_WORKINGS.search(s) is not None:
        return "please show the workings"
    if (skipped := _SKIP_BASICS.search(s)) is not None:
        if skipped["what"].lower().endswith(" know"):
            return "please skip the basics"  # "the prose explaining things I obviously know"
        return f"please skip the {skipped['what'].lower().replace(' i ', ' I ')}"
    if (wanted := _FOR_EVERYTHING.match(s)) is not None:
        return f"please give {wanted['what'].lower()} for everything"
    if _NO_OPTIONS.search(s) is not None:
        return "please recommend one option, not several"
    return None
