"""Which kind of memory a sentence the user wrote holds, if any.

Each rule is a small regular expression over one sentence, checked in a fixed
order: a correction first (it overrides what came before), then an open task,
then a stable trait or preference, then a decision or project fact, then
anything else tied to a date. Questions and small talk hold nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "Classification",
    "Tag",
    "classify",
    "is_small_talk",
    "strip_fillers",
]


def _wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())


Tag = Literal["permanent", "durable", "ephemeral", "correction"]

_I = re.IGNORECASE

_FILLERS = re.compile(
    r"^(?:(?:well|so|ok|okay|oh|hey|hi|hello|also|and|but|btw|by the way|anyway|honestly|"
    r"fyi|just so you know|for the record|fwiw|ps|p\.s\.|oh and|one more thing|"
    r"just a note|note that|note|sorry|oops)\b[,!:.\s-]*|(?:please )?(?:remember|keep in mind|"
    r"for future reference|for your information)\s*:\s*"
    # Agreement words count as fillers only when punctuation follows them:
    # "Great, we'll use X" drops "Great,"; "Great Britain is …" stays whole.
    r"|(?:good idea|great idea|sounds good|makes sense|great|perfect|cool|nice|sure|alright|"
    r"right|yes|yeah|yep|thanks|thank you)\s*[,!.]+\s*)+",
    _I,
)

_SMALL_TALK_WORDS = _wordset(
    """
    a about all alright am and any anything appreciate appreciated are awesome bad be bit
    bye cheers cool day doing else everything evening fine for from glad good goodbye
    great ha haha hahaha happy hello help helped helpful hey hi how i i'm idea im is it
    it's its just let's lol lot me morning much my nice night no nope not now ok okay
    perfect pleasure point problem prob question right see so sounds sure talk thank
    thanks that that's thats the there this thx to today too up very was way we well
    what's whats will with wonderful worries would wow yeah yep yes you you're your
    """
)

_CORRECTION_CUES = (
    re.compile(r"^(?:actually|correction|to correct (?:myself|that))\b[,:;!.\s-]*", _I),
    re.compile(r"^i was wrong(?: about (?P<about>[^,.;:]+))?[,:;.!\s-]*", _I),
    re.compile(r"^i meant\b[,:\s]*", _I),
    re.compile(r"^(?:no|nope|wait)\b[,:;!.\s-]+", _I),
)
# "not X but Y" and "X is Y, not Z": a correction without a cue word.
_CORRECTION_SHAPES = re.compile(
    r"\bnot\s+(?:\S+\s+){0,4}?but\s+\S|(?:\bis|\bare|\bwas|'s|'m)\s+[^,;]+,\s*not\s+\S", _I
)
# What follows "no," must state something, or it is just "no, thanks".
_FACTISH = re.compile(
    r"\b(?:is|are|was|were|am|i'm|it's|that's|\w+'s|live|lives|work|works|use|uses|"
    r"prefer|prefers|called|named|on|at|in)\b",
    _I,
)

_TASK = re.compile(
    r"\b(?:i (?:still |really |also )?(?:need|have|want|ought) to|i've got to|i must|i gotta|"
    r"i should|remind me|don'?t (?:let me )?forget|remember to)\b|^(?:todo|to-do|to do)\b[:\s]",
    _I,
)
_REMINDER = re.compile(r"\bremind me\b", _I)

_PERMANENT = re.compile(
    r"^(?:"
    r"i (?:(?:really|strongly|usually|generally|much|definitely|absolutely|totally|kind of|"
    r"also) )?(?:prefer|like|love|hate|dislike|enjoy|adore|detest|can't stand|cannot stand)\b"
    r"|i(?:'m| am) (?:an?|from|allergic|vegetarian|vegan|based in|living in|married|retired|"
    r"fluent in|learning|left-handed|right-handed|colou?r-?blind|\d+ years old)\b"
    r"|my name(?:'s| is)\b|(?:please )?call me\b"
    r"|i (?:live|grew up|was born) in\b|i moved to\b|i work (?:at|for|as|in|on|with)\b"
    r"|i speak\b|i use\b|i always\b|i never\b|i usually\b"
    r"|i(?:'d| would) (?:rather|prefer|like you to)\b"
    # A dislike is a preference too: "I don't like coffee", "I can't eat gluten".
    r"|i (?:(?:really|just|also|still|generally|usually) )?(?:don't|do not|can't|cannot) "
    r"(?:like|love|enjoy|eat|drink|use|stand|speak|drive|tolerate)\b"
    r"|please (?:always|never|don't|do not)\b"
    r"|my (?:favou?rite|preferred|wife|husband|partner|son|daughter|kids?|children|dog|cat|"
    r"birthday|pronouns|time ?zone|email|job|role|title|native language|first language|"
    r"editor|shell|os|team|company|employer)\b"
    r")",
    _I,
)
# "I'm a bit tired" is a mood, not a trait.
_NOT_TRAIT = re.compile(r"^i(?:'m| am) a (?:bit|little|lot|tad|huge fan)\b", _I)
# "I love it" / "I like that idea" hold no preference worth keeping.
_EMPTY_OBJECT = re.compile(
    r"^i (?:[\w']+ ){0,2}(?:like|love|hate|enjoy|prefer) (?:it|that|this|them|you|those|these|"
    r"(?:that|this|the|your) (?:idea|one|answer|suggestion|plan))\b[\s!.,]*(?:thanks?|"
    r"thank you|a lot|so much|very much)?[\s!.]*$",
    _I,
)

_DURABLE = re.compile(
    r"\b(?:we|i) (?:have |had |just |finally )?(?:decided|agreed|chose|picked|settled on)\b"
    r"|\bwe've (?:decided|agreed|chosen|settled on)\b"
    r"|^let'?s (?:use|go with|stick with|switch to|move to|adopt|keep|call|name)\b"
    r"|\bwe(?:'ll| will|'re going to| are going to| shall) (?:use|go with|stick with|"
    r"switch to|move to|adopt|keep|deploy)\b"
    r"|\bwe(?:'re| are) (?:using|building|running|deploying)\b|\bwe (?:use|run|deploy|build)\b"
    r"|\bthe decision is\b"
    r"|\b(?:is|are) (?:written|implemented|built) (?:in|with|on)\b"
    r"|\b(?:the|our|my|this) (?:project|app|application|repo|repository|service|backend|"
    r"frontend|api|codebase|website|site|server|database|db|stack|library|package|tool|bot|"
    r"cli|pipeline|product)\b[^.]*?\b(?:uses|runs on|is hosted on|is deployed (?:on|to|with)|"
    r"depends on|is called|is named|targets|lives (?:at|in)|is at)\b",
    _I,
)

_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_TIME_BOUND = re.compile(
    rf"\b(?:tomorrow|tonight|today|this (?:morning|afternoon|evening|week|weekend|month)|"
    rf"next (?:week|month|year|{_WEEKDAY})|(?:on|by|before|until|till|after) (?:{_WEEKDAY}|"
    rf"the \d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}[/.-]\d{{1,2}}|{_MONTH} \d{{1,2}}|"
    rf"\d{{4}}-\d{{2}}-\d{{2}})|"
    rf"deadline|due|appointment|interview|exam|flight|at \d{{1,2}}(?::\d{{2}})? ?(?:am|pm))\b",
    _I,
)
# How the user feels right now is not worth keeping, whatever the day.
_MOOD = re.compile(
    r"^i(?:'m| am) (?:a (?:bit|little|tad) |so |very |really |pretty |quite |kind of )?"
    r"(?:tired|sleepy|bored|hungry|happy|sad|fine|good|great|ok|okay|well|busy|exhausted|"
    r"stressed|excited|back|here|done|ready)\b",
    _I,
)
_OWN_SUBJECT = re.compile(r"^(?:i|i'm|i've|i'll|i'd|we|we're|we'll|we've|my|our|the)\b", _I)
_FAREWELL = re.compile(
    r"\b(?:see you|talk (?:to you )?(?:later|soon|tomorrow)|good ?night|have a (?:good|nice|"
    r"great)|bye)\b",
    _I,
)


@dataclass(frozen=True)
class Classification:
    """What a sentence holds.

    Attributes:
        tag: The memory tag.
        body: The part of the sentence that states the fact (for a correction,
            what follows the cue word; the whole sentence otherwise).
        cued: True when a correction cue ("actually", "no,") was removed, so the
            body may need a "User corrected:" lead-in.
        about: What the correction is about, when the user named it ("I was
            wrong about the budget, …" → ``"the budget"``).
    """

    tag: Tag
    body: str
    cued: bool = False
    about: str | None = None


def strip_fillers(sentence: str) -> str:
    """Drop leading discourse fillers ("So, btw, …") and surrounding space."""
    return _FILLERS.sub("", sentence.strip()).strip()


def is_small_talk(sentence: str) -> bool:
    """True when every word is greeting, thanks or agreement vocabulary."""
    words = re.findall(r"[a-z]+(?:'[a-z]+)?", sentence.lower().replace("’", "'"))
    return all(word in _SMALL_TALK_WORDS for word in words)


def _correction(sentence: str) -> Classification | None:
    for index, cue in enumerate(_CORRECTION_CUES):
        match = cue.match(sentence)
        if match is None:
            continue
        rest = sentence[match.end() :].strip()
        if not rest:
            # "I was wrong about the date." states the correction itself.
            return Classification("correction", sentence) if index == 1 else None
        if is_small_talk(rest) or (index == 3 and not _FACTISH.search(rest)):
            return None
        inner = classify(rest)
        body = inner.body if inner is not None and inner.tag == "correction" else rest
        about = match.groupdict().get("about")
        return Classification("correction", body, cued=True, about=about)
    if _CORRECTION_SHAPES.search(sentence):
        return Classification("correction", sentence)
    return None


def classify(sentence: str) -> Classification | None:
    """Decide whether one sentence holds a memory, and which kind.

    Args:
        sentence: One sentence the user wrote, fillers already stripped.

    Returns:
        The classification, or None for questions, small talk and sentences
        that hold no fact about the user or their work.
    """
    if not sentence or is_small_talk(sentence):
        return None
    if sentence.rstrip().endswith("?"):
        if _REMINDER.search(sentence):
            return Classification("ephemeral", sentence)
        return None
    correction = _correction(sentence)
    if correction is not None:
        return correction
    if _TASK.search(sentence):
        return Classification("ephemeral", sentence)
    if (
        _PERMANENT.match(sentence)
        and not _NOT_TRAIT.match(sentence)
        and not _EMPTY_OBJECT.match(sentence)
    ):
        return Classification("permanent", sentence)
    if _DURABLE.search(sentence):
        return Classification("durable", sentence)
    if (
        _TIME_BOUND.search(sentence)
        and _OWN_SUBJECT.match(sentence)
        and not _MOOD.match(sentence)
        and not _FAREWELL.search(sentence)
    ):
        return Classification("ephemeral", sentence)
    return None
