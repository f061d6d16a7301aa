"""The last check before a fact is stored: does it read on its own?

A memory line is read months later, without the conversation. It must not lean
on it: no "it", "that" or "there" pointing back, no "he" without a name, no
"I" or "you" left over, no chat noise, a whole sentence of sensible length.
:func:`fit_fact` keeps a line that passes, or the longest leading part of it
that does ("User needs to finish the key rotation by Thursday, compliance wants
it documented" → "User needs to finish the key rotation by Thursday."), and
drops the rest.
"""

from __future__ import annotations

import re

from reverie.providers.offline.person import finish_sentence
from reverie.providers.offline.vocabulary import IRREGULAR_PAST, alternation, is_name

__all__ = ["COUNTED_US", "fit_fact", "reads_alone", "speaks_to_someone"]

_I = re.IGNORECASE
_MIN_WORDS = 3
_MAX_WORDS = 40

# (single quotes too: "skip the 'get it checked' bits"; an apostrophe sits inside a word)
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”|‘[^’]*’|`[^`]*`|(?<![\w'])'[^'\n]{2,40}'(?![\w'])")
_FIRST_PERSON = re.compile(
    r"\bI\b|\b(?i:I'm|I've|I'll|I'd|me|my|mine|myself|we|we're|we've|we'll|our|ours|"
    # ("us-east-2", "me-central-1": a region's name)
    r"ourselves)\b(?!-\w)|\bus\b(?!-\w)"
)
_SECOND_PERSON = re.compile(r"\b(?:you|your|yours|yourself|you're|youre|you'll|you've|u|ur)\b", _I)
_POINTING_BACK = re.compile(
    # ("the only IT person": the trade, not a pointer; "made it to Santiago": got there)
    r"\b(?-i:[iI]t)\b(?<!\bmade it)|\bmade it\b(?! to\b| into\b| home\b| back\b)|\bits\b(?! own)"
    r"|\bthem\b(?= ?[.,;!]?$)"
    r"|\b(?:this|that|these|those)\b(?=\s*(?:[,.;!?)]|$|is\b|are\b|was\b|one\b|ones\b|"
    r"means\b|too\b|thing\b|stuff\b|again\b|instead\b|first\b|later\b|on\b|in\b|at\b|"
    r"to\b|for\b|with\b|by\b|from\b|after\b|before\b|until\b|tomorrow\b|today\b|kind\b|"
    r"sort\b|type\b))"
    r"|\bthat(?:'s| is| was)\b|\bthere\b(?!\s+(?:is|are|was|were|will|has|have|had)\b)"
    r"|\bhere\s*[.!]?$"  # "MAPE is useless here": here in the talk
    # "the person who asks for one", "the one with the llama": which one, the talk says
    r"|\b(?:for|get|buy|need|want|have|got|take|booked|bought|ordered|found) (?:already )?(?:one|1)"
    r"(?:\s*[.!]?$|\s+(?:for|at|in|on|from|already|yet)\b)|\bthe one (?:with|who|that)\b"
    r"|\boption (?:\d|[a-c]|one|two|three)\b"  # "going with option 1": which one, the talk says
    r"|\b(?:the same|the other one|the first one|the other|both|either|neither|theirs|mine|"
    r"yours|ours|hers|his)\s*[.,;!]?$",
    _I,
)
# The speaker's own pronouns that point back ("I want to rename them").
_THEIR_POINTER = re.compile(
    r"\b(?:(?-i:[iI]t)(?<!\bmade it)|its|them|they|their|theirs|these|those)\b"
    r"|\bmade it\b(?! to\b| into\b| home\b| back\b)",
    _I,
)
_WITH_THEM = re.compile(r"\b(?P<with>with|to|for) them(?=\s*[.!]?$)")
_PRONOUN_SET = re.compile(
    r"\b(?:he|she|they|xe|ze|it)/(?:him|her|them|hers|theirs|xem|zir|its)\b", _I
)
_RELATIVE = re.compile(
    r"\b\w+'s (?:grand(?:mother|father|ma|pa)|mother|mom|mum|father|dad|sister|brother|wife|"
    r"husband|partner|boyfriend|girlfriend|son|daughter|boss|manager|friend|colleague|cousin|"
    r"aunt|uncle|niece|nephew|supervisor|advisor|mentor|accountant|doctor|teacher)\b",
    _I,
)
_THIRD_PERSON = re.compile(r"\b(?:he|she|him|his|her|hers|himself|herself)\b", _I)
_NOISE = re.compile(
    r"(?<!\w)(?:lol|lmao|haha\w*|jaja\w*|omg|brb|idk|tbh|rn|pls|plz|thx|ugh|meh|hmm+)(?!\w)"
    r"|[\U0001f300-\U0001faff\u2600-\u27bf]|[!?]{2,}|\.\.\.|…",
    _I,
)
_DANGLING = re.compile(
    # "… with the New Architecture turned on." ends a phrasal verb, not a sentence cut short.
    r"(?<!\bturned )(?<!\bswitched )(?<!\bsigned )(?<!\blogged )(?<!\bkept )"
    r"\b(?:and|or|but|with|to|of|for|the|a|an|because|so|then|when|if|than|as|at|in|on|"
    r"from|by|like|about|into|my|your|their|his|her|is|are|was|not|just|also|very|"
    r"which|who|that|this)\s*[.!]?$",
    _I,
)
# "neither of User wants …", "it's 9 of User now": "us" read as the user alone
COUNTED_US = re.compile(
    r"\b(?:neither|both|all|none|either|each|\d+|two|three|four|five|six) of User\b"
)
_UNFINISHED = re.compile(
    r"\b(?:etc|e\.g|i\.e)\.?$|[:(\[{,;-]\s*\.?$"
    # "User is in Levenshulme in Manchester, so Chorlton.": a thought broken off
    r"|, so \w+(?: \w+)?\.?$"
    # "User reads music fine slowly but anything at speed.": the verb of the end was cut off
    r"|\bbut (?:anything|everything|nothing|something|anyone|everyone)(?: [a-z]+){0,5}\.?$"
    # "User wants their name." (on the commits): what for was said before
    r"|\bwants? (?:their|his|her) (?:name|number|email)\.?$"
    # "New date is 28 February.": a new date, without what it is of
    r"|^(?i:(?:the )?new (?:date|day|time) (?:is|was|will be))\b"
    # "Salford was before.": when it was, without what
    r"|^[\w'’-]+(?: [\w'’-]+){0,2} (?:was|were) (?:before|earlier|first)\.?$"
    # "User confirmed works on 2.": what was checked has lost its subject
    r"|^User (?:confirmed|checked|tested|found|noticed|realised|realized|saw) (?:works|runs|"
    r"fits|boots|compiles|looks|seems|is|was|has|does)\b"
    # "User must do this week.": "do", and no word of what
    r"|\b(?:must|need to|needs to|have to|has to|should|will|gonna|going to) do (?:this|next|"
    r"today|tomorrow|tonight|now|soon|later|asap)\b"
    # "The team doesn't.", from "But we don't, and …": a subject and its auxiliary alone
    r"|^(?i:the )?[\w'’-]+ (?:(?:does|do|did|is|are|was|were|has|have|had|could|would|should)"
    r"(?:n['’]t)?|can|can['’]t|will|won['’]t)\.?$"
)
_CLAUSE_CUTS = re.compile(
    r",\s+|:\s+|\s+\(|\s+[-–—]\s+|;\s+|\s+(?=(?:but|so|because|since|although|though|unless|"
    r"which|when|while|whereas|cause)\b"
    # ("… runs a podiatry practice and cannot leave it": what she does reads alone)
    r"|and (?:cannot|can't|can|won't|will|would|doesn't|does|didn't|did|isn't|is|hasn't|has|"
    # (not "… and says it's fine": what someone says of it is chat about the thing)
    r"had|loves|hates|likes|wants|needs)\b)",
    _I,
)
# A verb anywhere in the line: an auxiliary, a present that ends in no "s" here ("read",
# "cost"), any irregular past, or a word ending in -s, -ed or -ing.
_VERB = re.compile(
    r"\b(?:is|are|be|been|has|have|will|would|can|could|should|must|may|might|does|do|'s|'re|"
    rf"read|cost|{alternation(tuple(IRREGULAR_PAST))})\b"
    r"|\b[a-z]{2,}(?:s|ed|ing)\b"
    # "User and their husband run a B&B": the verb of two, which ends in no "s"
    r"|\band (?:their|his|her) [\w-]+ (?:run|own|live|rent|share|work|foster|keep|grow|love|hate|"
    r"met|want|plan|split|got|bought)\b"
    # "doesn't drink alcohol" states a habit; "doesn't think so", "doesn't want to go" a mood
    r"|\b(?:does|do|did|is|are|was|were|has|have|had|ca|wo|would|could|should)n['’]t\b"
    r"(?! (?:think|know|feel|care|remember|understand|get|see|mind|need|want to|wanna)\b)",
    _I,
)
# Words that only made sense in the chat: "Monday the 6th actually, not Oct 1",
# "a consultancy here in Madrid", "switch date is 7 April apparently".
_CHAT_ONLY = re.compile(
    # ("…, and Saturday same as before": it stays, which the line says by being there)
    r"\s+(?:(?:the )?same as (?:before|usual|always)|as before)(?=\s*[.!]?$)|"
    r"\s+(?:actually|apparently|obviously|honestly|basically)(?=\s*(?:[,;.!]|$))"
    r"|\s+if (?:that|it) (?:matters|helps)\b"  # "User is 34 if that matters"
    # ("… who somehow ended up owning the e2e tests": how it came about, which says nothing)
    r"|\s+somehow(?=\s+(?:ended|got|managed|became|wound)\b)"
    # ("I live here in Leeds"; "born a mile from here in 1936" keeps where it was from)
    r"|(?<=\s)(?<!from )(?<!to )(?<!near )(?<!of )here (?=in\b)",
    _I,
)
# "at the grammar school here": the speaker's own town, which the line need not name.
_PLACE_HERE = re.compile(
    r"\b(?P<place>(?:at|in|near|from|to) (?:the|a|an|our|my) [\w-]+(?: [\w-]+)?) here(?=\s*[.!]?$)",
    _I,
)
# "pay is like 1900 a month": in chat, "like" before a number is "about".
_ABOUT = re.compile(r"(?<=\s)like (?=[£$€]?\d)", _I)
_LABELLED = re.compile(
    r"^(?:Decision|To do|Plan|Rule):\s"
    # "Ollie: head barista, full time.": a person and what they do, from a list
    r"|^(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+(?: \([^)]{1,30}\))?: "
    r"(?!(?:not|no|yes|to|and|or|the|a|an|is|it|so|but|of|for|with|in|on|at)\W)\w",
    _I,
)
_ASSISTANT = re.compile(r"\bthe assistant\b", _I)
# A request to the assistant, or a preference about what it writes, may name it.
_ASSISTANT_RULE = re.compile(
    r"^User (?:(?:wants|asked|asks|expects|would like|would rather|tells|told|lets) the assistant\b"
    r"|(?:prefers|likes|hates|dislikes|loves|wants|does not want|doesn't want)\b.*\bthe "
    r"assistant (?:writes|answers|replies|says|suggests|sends|uses|gives|makes|can)\b)",
    _I,
)


def _names_someone_first(text: str) -> bool:
    """True when someone is named before the first "he"/"she"/"her" of ``text``."""
    pronoun = _THIRD_PERSON.search(text)
    before = text[: pronoun.start()] if pronoun else text
    if _RELATIVE.search(before):
        return True  # "User's grandmother … her garden"
    words = re.findall(r"[A-ZÀ-Þ][\wÀ-ÿ'’-]+", before)
    return any(is_name(word) and word != "User" for word in words[1:] or words)


def reads_alone(text: str, *, other_is_person: bool = False) -> bool:
    """True when ``text`` is a whole, self-contained memory line.

    Args:
        text: The candidate line, already in the third person.
        other_is_person: The conversation is between two people, so no line
            may speak of "the assistant".
    """
    stripped = text.strip()
    words = stripped.split()
    least = 2 if _LABELLED.match(stripped) else _MIN_WORDS  # "Jade: Saturdays." from a list
    if not (least <= len(words) <= _MAX_WORDS) or stripped.endswith("?"):
        return False
    bare = _PRONOUN_SET.sub("pronouns", _QUOTED.sub('"…"', stripped))
    if bare.startswith("User wants the assistant to "):
        # ("… to be blunt with them.": the user, who wants it, is "them")
        bare = _WITH_THEM.sub(r"\g<with> User", bare)
    if _FIRST_PERSON.search(bare) or _SECOND_PERSON.search(bare):
        return False
    if _POINTING_BACK.search(bare) or _NOISE.search(bare.replace('"…"', "")):
        return False
    if _THIRD_PERSON.search(bare) and not _names_someone_first(bare):
        return False
    if _DANGLING.search(stripped) or _UNFINISHED.search(stripped) or COUNTED_US.search(stripped):
        return False
    if stripped.count("(") != stripped.count(")") or stripped.count("[") != stripped.count("]"):
        return False  # a piece cut out of a parenthesis
    if not _LABELLED.match(stripped) and not _VERB.search(" ".join(words[1:])):
        return False  # "Quick personal thing." says nothing
    # "the assistant" belongs only in a request to it, and never in a chat between people.
    return not (_ASSISTANT.search(bare) and (other_is_person or not _ASSISTANT_RULE.match(bare)))


def speaks_to_someone(text: str) -> bool:
    """True when a line still says "you" (or "ur"): words of a question, not a stored fact."""
    return _SECOND_PERSON.search(text) is not None


def fit_fact(
    text: str, *, original: str | None = None, other_is_person: bool = False
) -> str | None:
    """``text`` as a finished sentence, or its longest leading part that reads alone.

    Args:
        text: The line, in the third person.
        original: The clause as the speaker wrote it. Its own "it", "them" or
            "they" point back to something said before ("I want to rename them");
            a part that keeps one is not kept. (The third-person "they" of
            ``text`` may be the speaker, so only the original can tell.)
        other_is_person: See :func:`reads_alone`.

    Returns:
        The sentence (capitalised, one full stop), or None when no leading
        part of three words or more reads alone.
    """
    text = _ABOUT.sub("about ", _PLACE_HERE.sub(r"\g<place>", _CHAT_ONLY.sub("", text)))
    cuts = [match.start() for match in _CLAUSE_CUTS.finditer(text)]
    source_cuts = [match.start() for match in _CLAUSE_CUTS.finditer(original or "")]
    aligned = original is not None and len(cuts) == len(source_cuts)
    candidates = [(len(text), len(original or ""))]
    candidates += [
        (cut, source_cuts[index] if aligned else len(original or ""))
        for index, cut in reversed(list(enumerate(cuts)))
    ]
    for end, source_end in candidates:
        if original is not None and _THEIR_POINTER.search(
            _PRONOUN_SET.sub("pronouns", _QUOTED.sub('"…"', original[:source_end]))
        ):
            continue
        head = finish_sentence(text[:end])
        if head and reads_alone(head, other_is_person=other_is_person):
            return head
    return None
