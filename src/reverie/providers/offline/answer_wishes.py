"""How every answer should look, asked the many ways people ask it.

:mod:`.answer_style` reads the wishes said in set phrases ("plain English
please", "keep answers short"). This module reads the open shapes: a form
named with "please" ("Plain numbered or lettered lists, please."), a wish
asked formally ("may I ask that you number your answers … and that you use
British spelling throughout"), a request for each part of every answer
("please put the pronunciation in brackets after each phrase") and a trade
("less talking, more yaml"). Each must name a part or a form of an answer, so
"please put the bins out" and "less sugar, more fibre" stay what they are.
"""

from __future__ import annotations

import re

__all__ = ["answer_wish", "of_every_answer"]

_I = re.IGNORECASE

# What an answer is made of, and how it is written.
_FORM_WORD = (
    r"(?:answers?|repl(?:y|ies)|responses?|lists?|bullets?|bullet points|numbered|number|"
    r"spelling|english|prose|paragraphs|essays|emojis?|symbols|tick ?boxes|headings|headers|"
    r"tables|jargon|yaml|diffs|pronunciation|brackets|sentences|explanations|summar(?:y|ies)|"
    r"markdown|translations?|quotes|talking|waffle|code)"
)
_FORM = re.compile(rf"\b{_FORM_WORD}\b", _I)

# "Plain numbered or lettered lists, please.": a form named, and asked for.
_FORM_PLEASE = re.compile(
    r"^(?P<form>(?:[\w-]+ ){0,4}?(?:lists|answers|replies|bullet points|paragraphs|sentences|"
    r"spelling|english))(?:,)? (?:please|pls|plz)[.!]*$",
    _I,
)
# "may I ask that you number your answers …, and that you use British spelling throughout"
_MAY_I_ASK = re.compile(
    r"\b(?:may|might|can|could) I (?:ask|request) that you (?P<wish>[^.;!?]{6,200})", _I
)
_AND_THAT_YOU = re.compile(r",? and that you ", _I)
# "…, as you have done here": the way already shown
_AS_SHOWN = re.compile(
    r",? (?:as|like) you (?:have |did )?(?:just )?(?:done|did)(?: here| above)?", _I
)
# "please put the pronunciation in brackets after each phrase": a part of every answer
_EACH_PART = re.compile(
    r"^(?:please|pls|plz|kindly) (?P<wish>(?:put|give|add|include|number|write|show|mark|spell)"
    r"\b[^.;!?]{6,120}?\b(?:each|every|all)\b[^.;!?,]{0,60}?)(?=\s*(?:[,.;!]|$))",
    _I,
)
# "less talking, more yaml": the trade every answer should make
_LESS_MORE = re.compile(
    r"^(?:[\w ]{1,20}:\s*)?less (?P<less>[\w-]+(?: [\w-]+)?),? (?:and )?more (?P<more>[\w-]+"
    r"(?: [\w-]+)?)[.!]*$",
    _I,
)
# "Please drop the emojis from your slide suggestions, if you add any": a form never wanted
_DROP_FORM = re.compile(
    r"^(?:please |pls |plz )?(?:drop|lose|ditch|skip|leave out|cut) (?:the |all |any )?"
    r"(?P<what>emojis|exclamation marks|headings|headers|jargon)\b"
    r"(?=[^.;!?]*\b(?:your|if you add any|from now on|in future|going forward)\b)",
    _I,
)
_YOUR = re.compile(r"\byour (answers|replies|responses|lists)\b", _I)


def of_every_answer(wish: str) -> str:
    """ "number your answers" → "number the answers": said of every answer, whoever reads it."""
    return _YOUR.sub(r"the \1", wish)


def answer_wish(sentence: str) -> str | None:
    """The rule ``sentence`` asks of every answer ("please use plain numbered lists"), or None."""
    s = sentence.strip()
    if (form := _FORM_PLEASE.match(s)) is not None:
        return f"please use {form['form'][:1].lower()}{form['form'][1:]}"
    if (asked := _MAY_I_ASK.search(s)) is not None:
        wishes = [
            of_every_answer(_AS_SHOWN.sub("", wish)).strip(" ,")
            for wish in _AND_THAT_YOU.split(asked["wish"])
        ]
        wishes = [wish for wish in wishes if _FORM.search(wish)]
        if wishes:
            return "please " + ", and to ".join(wishes)
    if (dropped := _DROP_FORM.match(s)) is not None:
        return f"please use no {dropped['what'].lower()}"
    if (part := _EACH_PART.match(s)) is not None and _FORM.search(part["wish"]):
        return f"please {part['wish']}"
    if (trade := _LESS_MORE.match(s)) is not None and _FORM.search(
        f"{trade['less']} {trade['more']}"
    ):
        return f"please answer with less {trade['less']}, more {trade['more']}"
    return None
