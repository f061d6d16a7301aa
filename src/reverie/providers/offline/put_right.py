"""Slips put right inside the message that makes them.

"Our social worker is Karen — sorry, Karin", "Sorry! I made a mistake. Seo-ah is 8.", "we
don't move 1 October. It is 15 October", "I want to change the goal. under 40 minutes.":
each is rewritten to what the speaker means, before the message is cut into clauses, so
the rules read one plain statement (or a "Correction:" for Dream to apply). A name said
wrong (:func:`name_slip`) or a value said wrong before (:func:`value_put_right`) is put
right once, on the whole turn, by :mod:`.extract`, since the frames read the turn too;
:func:`put_right` does the rest, for the clause rules.
"""

from __future__ import annotations

import re

from reverie.providers.offline.corrections import same_kind_of_value
from reverie.providers.offline.frame_words import MONTH, ordinal_suffix
from reverie.providers.offline.vocabulary import TENS

__all__ = ["name_slip", "put_right", "value_put_right"]


def put_right(text: str) -> str:
    """``text`` with every slip it puts right replaced by what is meant."""
    text = _MEANT_TO_GO.sub(r"\g<who> cancelled going to \g<where>.", text)
    lower = text.lower()
    if "it wasn" in lower or "it was not" in lower:
        text = _NOT_WHO_BUT.sub(_who_it_was, text)
    if "left" in lower or "right" in lower:
        text = _OTHER_SIDE.sub(_not_the_other_side, text)
    if " not " in lower:
        text = _ON_A_CODE.sub(r"it's \g<new>, not \g<old>", text)
    if _NOT_A_NUMBER.search(text) is not None:
        text = _ORDINAL_NOT_BARE.sub(_ordinal_both, _SPELLED_ORDINAL.sub(_ordinal_in_digits, text))
    return _denied_then_said(_owned_mistake(text))


# "It wasn't grandad that was the platelayer, it was his brother, my great-uncle Tommy": who
# did or was it, said wrong before, then who it was
_NOT_WHO_BUT = re.compile(
    r"\bit (?:wasn't|wasnt|was not|wasn’t) (?P<old>(?:my |our )?[\w'’-]+(?: (?-i:[A-Z])[\w'’-]+)?)"
    r" (?:that|who) (?P<did>[^,.;!?]{3,80}?)\s*[,.;—–-]+\s*it was (?:actually |really )?"
    r"(?:(?:his|her|their|my|our) [a-z-]+, )?(?P<new>(?:my |our )?[\w'’-]+(?: [\w'’-]+){0,2}?)"
    r"(?=\s*(?:[.;!?]|$))",
    re.IGNORECASE,
)


# "actually it's the left thumb": a side put right says which side it is not
_OTHER_SIDE = re.compile(
    r"\b(?:actually|no|sorry|oops|wait)[,!]?\s+(?:it['’]?s|it is) (?:actually )?"
    # (the side's noun is taken whenever it is there: "it's my right heel, not left" says both)
    r"(?P<the>the |my )?(?P<side>left|right)(?P<what> (?!side\b|one\b|way\b|not\b|and\b)"
    r"[a-z]+)?+(?![\w-]|,? (?:not|and|or)\b| (?:hand|handed|one|side|way)\b)",
    re.IGNORECASE,
)


def _not_the_other_side(match: re.Match[str]) -> str:
    other = "right" if match["side"].lower() == "left" else "left"
    return f"{match[0]}, not {match['the'] or ''}{other}{match['what'] or ''}"


# "We're eu-west-1, not eu-central-1", "I'm on 3.12, not 3.10": a version, a region or a
# code put right, said of oneself (never an age: "I'm 34, not 35" keeps whose it is)
_A_CODE = r"(?=[\w.-]*\d)(?=[\w.-]*[a-z.-])[\w-]+(?:\.[\w-]+)*"
_ON_A_CODE = re.compile(
    rf"\b(?:we|I)(?:'re|'m|’re|’m| are| am) (?:on |using |in )?(?P<new>{_A_CODE}),? "
    rf"not (?:on )?(?P<old>{_A_CODE})\b",
    re.IGNORECASE,
)
# "it's his SEVENTIETH. Not 75.": a birthday or an anniversary put right, written out, and
# the number it is not, said bare
_NOT_A_NUMBER = re.compile(r"\bnot (?:the )?\d", re.IGNORECASE)
_TENS_ORDINAL = {
    "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50,
    "sixtieth": 60, "seventieth": 70, "eightieth": 80, "ninetieth": 90,
}  # fmt: skip
_UNIT_ORDINAL = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5,
    "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
}  # fmt: skip
_SPELLED_ORDINAL = re.compile(
    rf"\b(?:(?P<round>{'|'.join(_TENS_ORDINAL)})"
    rf"|(?P<tens>{'|'.join(TENS)})[- ](?P<unit>{'|'.join(_UNIT_ORDINAL)}))\b",
    re.IGNORECASE,
)
_ORDINAL_NOT_BARE = re.compile(
    r"\b(?P<new>\d{1,3})(?P<suffix>st|nd|rd|th)\b(?P<between>[^.!?\d]{0,30}?[.,;!]*\s+)"
    r"(?P<not>not (?:the |his |her |their |my )?)(?P<old>\d{1,3})\b(?!st|nd|rd|th|[.,]\d)",
    re.IGNORECASE,
)


def _ordinal_in_digits(match: re.Match[str]) -> str:
    if match["round"]:
        return f"{_TENS_ORDINAL[match['round'].lower()]}th"
    number = TENS[match["tens"].lower()] + _UNIT_ORDINAL[match["unit"].lower()]
    return f"{number}{ordinal_suffix(number)}"


def _ordinal_both(match: re.Match[str]) -> str:
    """ "his 70th. Not 75" → "his 70th, not 75th": the number it is not is an ordinal too."""
    old = int(match["old"])
    return f"{match['new']}{match['suffix']}, {match['not'].lower()}{old}{ordinal_suffix(old)}"


def _who_it_was(match: re.Match[str]) -> str:
    return f"Correction: {match['new']} {match['did']}, not {match['old']}"


# "we were meant to be going to Ffion's in Aberystwyth for Christmas but we've cancelled": a
# plan told only to say it is off.
_MEANT_TO_GO = re.compile(
    r"\b(?:I was|we were) (?:meant|supposed|due|going) to (?:be )?(?:going|go|fly|flying|drive|"
    r"driving|head|heading) to (?P<where>[^,.;!?]+?),? but (?P<who>I|we)(?:'ve| have)? "
    r"(?:cancell?ed|called it off|pulled out)(?: it| the trip)?\b[,.;!]*",
    re.IGNORECASE,
)


# "Karen — sorry, Karin, with an i", "Tom, I mean Tim,", "unit 402 — sorry, 204": a name or
# a number said wrong, then the right one; the aside on how to spell it goes too.
_SLIP_SAID = r"\s*(?:—|–|-|,|\.\.\.)\s*(?:sorry|I mean|I meant|or rather)[,:]?\s+"
_NAME_SLIP = re.compile(
    rf"\b(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+{_SLIP_SAID}(?P<right>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)"
    r"(?:,?\s+with an? \w\b(?:\s*(?:—|–|-))?)?(?=[\s,.;!?]|$)"
    rf"|(?<![\d,.])\d+{_SLIP_SAID}(?P<number>\d+)(?![\d,.]\d)(?=[\s,.;!?]|$)",
    re.IGNORECASE,
)


def name_slip(text: str) -> str:
    """ "our social worker is Karen — sorry, Karin, with an i" → "… is Karin"."""
    return _NAME_SLIP.sub(lambda slip: slip["right"] or slip["number"], text)


_A_DAY = (
    rf"(?:on )?(?:the )?(?:\d{{1,2}}(?:st|nd|rd|th)?(?: of)? (?:{MONTH})|(?:{MONTH}) \d{{1,2}}"
    r"(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)|(?:mon|tues|wednes|thurs|fri|satur|sun)day)"
)
# "we don't move 1 October. It is 15 October": the day denied, then the day it is
_DENIED_THEN_SAID = re.compile(
    r"\b(?P<who>I|we|they|he|she|(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+) (?P<neg>don't|do not|doesn't|does not) "
    rf"(?P<verb>[a-z]+) (?P<old>{_A_DAY})\s*[.,;]\s+it(?:'s| is) (?P<new>{_A_DAY})\b",
    re.IGNORECASE,
)


# "hazards is NOT on the 13th. its the 16th": a day denied of something, then its day
_NOT_ON_THEN_SAID = re.compile(
    r"\b(?P<what>(?!(?:it|that|this|he|she|they|which|there)\b)[a-z][\w&'-]*(?: [\w&'-]+){0,3}) "
    r"(?:is|'s) not (?:on )?(?P<old>(?:the )?\d{1,2}(?:st|nd|rd|th)(?: of [a-z]+)?)\s*[.,;]\s+"
    r"(?:it(?:'s|s| is)|(?:it's|its) on) (?:on )?(?P<new>(?:the )?\d{1,2}(?:st|nd|rd|th)"
    r"(?: of [a-z]+)?)\b",
    re.IGNORECASE,
)


# "sry its not 2.9 its the 4.2in": a value denied, then the one it is, of the same kind
_IT_NOT_THEN_IT = re.compile(
    r"\b(?:it's|its|it is|it’s) not (?:the |a |an )?(?P<old>[£$€]?[\w.]*\w)\s*[.,;:—–-]*\s+"
    r"(?:it's|its|it is|it’s) (?:actually |really )?(?P<new>(?:the |a |an )?[£$€]?[\w.]*\w)"
    r"(?=[\s.,;!?]|$)",
    re.IGNORECASE,
)


# "hx is NOT on ch 1. checked and its ch 2": a numbered place denied, then the one it is
_NOT_ON_NUMBERED = re.compile(
    r"\b(?P<what>(?!(?:it|that|this|he|she|they|which|there)\b)[a-z][\w&'-]*(?: [\w&'-]+){0,3}) "
    r"(?:is|'s) not (?P<prep>on|in|at) (?P<old>(?:the )?(?P<noun>[a-z]+) \d+[a-z]?)\s*[.,;]\s+"
    r"(?:(?:(?:i've |i have |i )?(?:just )?(?:checked|looked)(?: again)?(?:,| and)?"
    r"|actually,?)\s+)?"
    r"(?:it(?:'s|s| is)|(?:it's|its) (?:on|in|at)) (?:(?:on|in|at) )?(?P<new>(?:the )?(?P=noun) "
    r"\d+[a-z]?)\b",
    re.IGNORECASE,
)


def _denied_then_said(text: str) -> str:
    """ "we don't move 1 October. It is 15 October" → "we move 15 October, not 1 October"."""
    said = _DENIED_THEN_SAID.sub(_said_instead, text)
    if " not " in said:
        said = _IT_NOT_THEN_IT.sub(_it_is_instead, said)
    if " not " in said.lower():
        said = _NOT_ON_NUMBERED.sub(r"\g<what> is \g<prep> \g<new>, not \g<old>", said)
    return _NOT_ON_THEN_SAID.sub(r"\g<what> is on \g<new>, not \g<old>", said)


def _it_is_instead(match: re.Match[str]) -> str:
    new, old = match["new"], match["old"]
    bare = new.split()[-1]
    figure = re.match(r"^[£$€]?\d[\d.,]*", bare)
    if bare.lower() == old.lower() or not (
        same_kind_of_value(bare, old) or (figure is not None and figure.group(0) != bare)
    ):
        return match.group(0)
    return f"it's {new}, not {old}"


def _said_instead(match: re.Match[str]) -> str:
    verb = match["verb"]
    if match["neg"].lower().startswith("does"):
        verb += "es" if verb.endswith(("s", "sh", "ch", "x", "o")) else "s"
    return f"{match['who']} {verb} {match['new']}, not {match['old']}"


# "Ah sorry!! I make mistake. Seo-ah is 8.", "Also I must correct — …": a slip owned, then
# what is right.
_OWNED_MISTAKE = re.compile(
    r"(?:^|(?<=[.!?]\s))(?:(?:ah|oh|oops|whoops|sorry|so sorry|also|and)\b[,!.\s]*)*"
    r"(?:I (?:make|made) (?:a |one )?(?:mistake|typo)|my (?:mistake|bad)|typo"
    r"|I (?:must|have to|need to|want to|should) correct(?: (?:something|one thing|myself))?)"
    r"(?:[.!:]+|\s*[—–-])\s+(?=\S)",
    re.IGNORECASE,
)


# "I want to change the goal. under 40 minutes.", "I put my callout fee up. $120 to $140": a
# value of one's own changed, then the new value said alone.
_CHANGED_THEN_SAID = re.compile(
    r"(?:^|(?<=[.!?]\s))(?:(?:yeah|ok|okay|so|also|and)[,]?\s+)*I (?:(?:want to|'m going to|"
    r"am going to|'ll|will|have to|need to|just) )?(?:change|changed|'m changing|am changing|"
    r"'ve changed|have changed|raise|raised|lower|lowered|put|bumped|bump|up|upped) "
    r"(?P<what>(?:my|the) (?:[\w-]+ )?(?:goal|target|budget|fee|rate|price|prices))"
    r"(?: up| down)?[.!:]+\s+"
    r"(?:(?P<old>[£$€]?\d[\d,.]*k?) to )?(?P<new>(?:under |sub |below |over |about |around )?"
    r"[£$€]?\d[^.!?\n]*?)(?=\s*(?:[.!?]|$))",
    re.IGNORECASE,
)


_FIGURE = r"[£$€]?\d[\d,]*(?:\.\d+)?(?:k|m|%)?(?![\w£$€])"
# "Oops, I said £58k — it's actually £61k", "I said 1.5 yesterday but IT upgraded …, it's pandas
# 2.2 now", "Last time I say I am 41 but I write wrong, I am 43", "I said £600 but we upped it
# to £750": a figure said before, then the figure that is right.
_SAID_THEN_PUT_RIGHT = re.compile(
    # ("Whoops, I said …": the cry goes with it)
    r"(?:\b(?:oops|whoops|ugh|argh|ah|oh|sorry|my bad)\b[,!.]*\s+(?:[–—-]\s+)?)*"
    r"\bI (?:think I )?(?:said|say|wrote|write|told you|put|keep saying|kept saying)"
    r"(?: (?:before|earlier|yesterday|last time))?(?: (?:that )?(?:I(?:'m| am| was)(?: turning)?|"
    # ("I say Taras is 8, but he is 9 already")
    r"it(?:'s| is| was)|we(?:'re| are| were)|(?:my|our|the) [\w-]+ (?:is|was)|"
    r"(?P<who>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+) (?:is|was)))?"
    rf" (?P<old>{_FIGURE})(?: [a-z]+)?(?: (?:before|earlier|yesterday|last time))?"
    r"\s*(?:[—–-]+|[,.;:!]|\bbut\b|\s)+"
    r"(?P<between>(?:(?!\bI (?:said|say)\b)[^?\n]){0,90}?)"
    r"(?<![\w£$€])(?:it['’]?s|its|it is|is|I(?:'m| am)|we(?:'re| are)|(?:he|she)(?:['’]s| is)|"
    r"(?:upped|raised|moved|changed|put|increased|bumped|dropped|cut|lowered) it (?:up )?to|"
    # ("I said 3.11 — we actually moved to 3.12 in September")
    r"(?:we|I)(?: actually| now)?(?:'ve| have)? (?:moved|switched|upgraded|went|bumped|"
    r"updated|changed)(?: up| over)? to)"
    rf"(?: actually| really| now)? (?:[A-Za-z][\w-]* )?(?P<new>{_FIGURE})"
    r"(?:,? (?:already|now|actually|really)\b)?(?:,(?= ))?",
    re.IGNORECASE,
)


# "When I say I come to UK in 2023, it is wrong — it was May 2022": a figure said before,
# owned as wrong, then what it was
_SAID_WRONG = re.compile(
    r"\bwhen I (?:say|said|wrote|told you) (?:that )?[^,.;!?]{3,80}? "
    rf"(?P<old>{_FIGURE}),? (?:it is|it's|that is|that's|this is|it was) (?:wrong|not right|"
    r"not correct|a mistake)\b[\s,.;:—–-]*(?:it was|it's|it is|actually)\s+"
    r"(?P<new>(?:(?:in|on) )?[^,.;!?]{2,30}?\d[^,.;!?]{0,10}?)(?=\s*[,.;!?]|$)",
    re.IGNORECASE,
)


def _owned_mistake(text: str) -> str:
    """ "Sorry! I made a mistake. Seo-ah is 8." → "Correction: Seo-ah is 8."."""
    return _CHANGED_THEN_SAID.sub(_changed_to, _OWNED_MISTAKE.sub("Correction: ", text))


# "I think I told you I got a merit in grade 3 — correction, … it was actually a distinction":
# a word said before, then the one that is right, of the same kind
_WORD_SAID_THEN_PUT_RIGHT = re.compile(
    r"\bI (?:think I )?(?:said|told you)(?: (?:before|earlier|last time))? (?:that )?"
    r"I (?:got|had|have|was|am|drive|own)(?: an?)? (?P<old>[a-z]+)\b"
    r"(?P<between>(?:(?!\bI (?:said|told you)\b)[^?\n]){0,90}?)"
    r"\b(?:it was|it's|it is) (?:actually |really )?(?:an? )?(?P<new>[a-z]+)\b",
    re.IGNORECASE,
)


def value_put_right(text: str) -> str:
    """ "Oops, I said £58k — it's actually £61k" → "Correction: it's £61k, not £58k."; a word
    of a known kind likewise ("I told you I got a merit … it was actually a distinction")."""
    if "I " not in text and "i " not in text:
        return text
    text = _SAID_THEN_PUT_RIGHT.sub(_said_then_put_right, text)
    if "wrong" in text or "mistake" in text or "not right" in text or "not correct" in text:
        text = _SAID_WRONG.sub(r". Correction: it was \g<new>, not \g<old>", text)
    if " told you " in text or " said " in text:
        text = _WORD_SAID_THEN_PUT_RIGHT.sub(_word_put_right, text)
    return text


def _word_put_right(match: re.Match[str]) -> str:
    old, new = match["old"], match["new"]
    if old.lower() == new.lower() or not same_kind_of_value(new, old):
        return match.group(0)
    return f". Correction: it was {new}, not {old}. "


def _said_then_put_right(match: re.Match[str]) -> str:
    old, new = match["old"], match["new"]
    if old == new or (old[0] in "£$€") != (new[0] in "£$€"):
        return match.group(0)  # not the same kind of figure
    # (a sentence of its own: "Last time", "Sorry –" before it are no part of it)
    said = f"{match['who']} is" if match["who"] else "it's"  # ("Taras is 9, not 8")
    return f". Correction: {said} {new}, not {old}. "


def _changed_to(match: re.Match[str]) -> str:
    what = re.sub(r"^the ", "my ", match["what"], flags=re.IGNORECASE)
    old = f", not {match['old']}" if match["old"] else ""
    return f"Correction: {what} is now {match['new']}{old}"
