"""Who someone is, said in a list or an introduction: "- Beata: our baker", "so im kai, …".

Two frames (see :mod:`.frames`) that read a message as a whole rather than
sentence by sentence:

- :func:`roster_frames`: a list of people and what they do ("- Ollie: head
  barista, full time", "- me: rota and ordering"), kept up to the first part
  that speaks of "me" or "you";
- :func:`introduction_frames`: the name the user gives in their first
  messages, typed in lower case ("hey. so im kai, 2nd yr psych") or signed
  ("Dana here — …"); a state after "I'm" ("im starving") is not a name. A
  number alone beside the name is the user's age ("im rafael. lisbon. 29.").
"""

from __future__ import annotations

import re

from reverie.providers.offline.everyday_words import is_everyday_word
from reverie.providers.offline.frame_words import (
    BARE_AGE,
    JOB,
    RELATION,
    SPEAKER_OR_LISTENER,
    TOKEN,
    FrameFact,
    bare_age,
    relation_line,
)
from reverie.providers.offline.name_lexicon import NameLexicon
from reverie.providers.offline.pasted import drop_code
from reverie.providers.offline.quality import reads_alone
from reverie.providers.offline.terse import indefinite_article
from reverie.providers.offline.vocabulary import COMMON_WORDS, STATE_WORDS, words

__all__ = [
    "FIRST_MESSAGES",
    "introduction_frames",
    "relation_equals",
    "roster_frames",
]

_I = re.IGNORECASE

# "- Beata: our baker, mornings 6 till 11", "- Kwame, our baker": a list of the people in
# someone's life or work.
_ROSTER = re.compile(
    r"^\s*(?:[-*•]|\d+[.)])\s+(?P<name>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+|me|you)"
    r"(?: \((?P<aside>[^)]{1,30})\))?"
    r"\s*(?::|\s[-–—]\s|,)\s*(?P<desc>\S.*)$"  # "- Kwame, our baker, starts at 6am"
)
_ASKS_TO_CHOOSE = re.compile(
    r"\bwhich (?:one|of (?:them|these|those)|would you|should i|do you)\b"
    r"|\bwhat would you (?:go|pick)|\bhelp me (?:choose|pick|decide)\b",
    _I,
)
# Someone else's pronoun too: "she's a student" needs to know who "she" is.
_THIRD_PERSON = re.compile(r"\b(?:he|he's|she|she's|they|they're|his|her|it|it's)\b", _I)
_OWN = re.compile(r"^(?:our|my) (?P<what>.+)$", _I)
# Labels a list item starts with that are not people.
_NOT_A_PERSON = frozenset(
    words(
        """
        budget total cost costs price prices plan plans goal goals note notes step steps todo
        pros cons summary status update context background question answer problem issue idea
        ideas option options pro con risk risks deadline deadlines scope owner owners timeline
        agenda action actions decision decisions next result results output input example
        weekdays weekends hours rent deposit bills food transport flights hotel total
        """
    )
)
# "hey. so im kai, 2nd yr psych": how someone introduces themselves, typed in lower case.
_INTRO = re.compile(
    rf"(?:^|[.!]\s+)(?:(?:so|ok|okay|also|oh|and|btw|hi|hey|hello|well|ciao|hola|salut|"
    rf"bonjour|hallo|olá|ola)[,.!]?\s+)*(?:i'm|im|i am|my name's|my name is|name's|"
    # "Mi chiamo Gabrielle ma …": an introduction in the language being learnt
    rf"mi chiamo|me llamo|mi nombre es|je m'appelle|ich heiße|ich heisse|meu nome é|"
    rf"mijn naam is|jag heter) (?P<name>{TOKEN})"
    # ("I'm Debra — Deb is fine": a dash ends the name too)
    r"(?=\s*(?:[,.!—–]|$| and | here\b| btw\b| by the way\b| - "
    r"| ma | pero | mais | aber | mas | maar | men ))",
    _I,
)
# "hey, it's Ngozi.", "Hi. This is Lukas, …": a capitalised name, at the start of a sentence.
_ITS_ME = re.compile(
    r"(?:^|[.!]\s+)(?:(?:hi|hey|hello|morning)[,.!]?\s+)*(?:it's|it is|this is) "
    r"(?P<name>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+)(?=\s*(?:[,.!]|$))",
    _I,
)
# "hi Marcus! 👋 Dana here — …", "Lukas again.": a signature at the start of a first message.
_HERE = re.compile(
    r"(?:^(?:(?i:hey|hi|hello|hiya|morning)[,!.]?\s+)?|[!.]\s+\S*\s*)"
    r"(?P<name>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+) (?:here\b(?! is\b)|again[.!])"
    # typed in lower case: "hey, matt here.", "kasia here. building a home gym"
    r"|^(?:(?:hey|hi|hello|hiya|yo|morning)[,!.]?\s+)?(?P<lower>[a-zà-ÿ]{2,}) here\b(?! is\b)"
    r"(?=\s*[,.!—-]|\s*$)"
)
# "aoife btw. 31.", "hey. ben, backend dev at cragline": a terse first message that opens
# with the writer's name, then "btw" or what they do.
_NAME_FIRST = re.compile(
    rf"^(?:(?:hi|hey|hello|hiya|yo|morning|ok|so)[,.!]?\s+)*(?P<name>{TOKEN})"
    r"(?:,? (?:btw|by the way)\s*[.!,]"
    r"|, (?:here, )?(?P<job>(?:an? )?(?:(?!(?:the|my|our|your|this|that|his|her)\b)[\w&-]+ ){0,2}?"
    rf"{JOB}(?: (?:at|for) [\w&.'-]+(?: [\w&.'-]+){{0,2}}?)?)(?=\s*[,.(;!]|\s*$))",
    _I,
)
# "back on truck now ta im dez btw": a name given as one, wherever the message says it.
_NAME_BTW = re.compile(
    rf"\b(?:i'm|im|i am) (?P<name>{TOKEN}),? (?:btw|by the way)\b(?!\s+(?:i|i'm|im)\b)", _I
)
# "its lottie btw. dont call me charlotte": a name given as one, wherever the message says it
# (not "its raining btw": an everyday word).
_ITS_NAME_BTW = re.compile(
    rf"(?:^|[.!]\s+)(?:it's|its|it is) (?P<name>{TOKEN}),? (?:btw|by the way)\b", _I
)
# "sign it as me: Ilse Vermeulen, Team Billing": the name to put under what is drafted.
_SIGN_AS = re.compile(
    # ("sign it Camila Ferreira Duarte, that's how it is on the contract")
    r"\bsign (?:it |this |them |the \w+ |off )?(?:as(?: me)?[:,]? |(?<=it )|(?<=this ))"
    # ('Sign it "Dana Whitlock, Whitlock Illustration".': the signature quoted)
    r"[\"“]?(?P<name>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+)",
    _I,
)
# "perfect. that's everything. thanks — Lukas", "Kind regards,\nRosalind": a message signed
# at its end.
_SIGNED_OFF = re.compile(
    r"(?:(?:^|[.!?]\s+|\n)(?:thanks|thank you|many thanks|cheers|ta|best|regards|"
    r"kind regards|best wishes|all the best)[,!.]?\s*(?:—|–|--?)\s*"
    # (an em dash alone: "- SumUp" ending a list is an option, not a signature)
    # ("— Oz", a message that is only a signature)
    r"|(?:^\s*|[.!?]\s+|\n\s*)(?:—|–)\s*"
    r"|(?:^|\n)\s*(?:thanks|thank you|many thanks|cheers|best|regards|kind regards|"
    r"best wishes|warm regards|all the best|yours|love)[,!.]?\s*\n+\s*)"
    r"(?P<name>(?-i:[A-ZÀ-Þ])[a-zà-ÿ'’-]+)\s*$",
    _I,
)
# "That's the UAT scope covered. Cheers, Ewan": a letter's sign-off and a name, ending a
# message to an assistant ("Thanks, Sam" thanks Sam; to a friend, "cheers, Ruth" is to her)
_CHEERS_SIGNED = re.compile(
    r"[.!?]\s+(?:cheers|best|regards|kind regards|best wishes|all the best|many thanks|ta),\s*"
    # ("Cheers, Kyle." with its full stop thanks Kyle; a name signed stands bare)
    r"(?P<name>(?-i:[A-ZÀ-Þ])[a-zà-ÿ'’-]+)\s*$",
    _I,
)
# "See you tomorrow. Lena x": a name and a kiss, ending the message
_KISSED_OFF = re.compile(r"(?:[.!?]\s+|\n\s*)(?P<name>(?-i:[A-ZÀ-Þ])[a-zà-ÿ'’-]+),? x{1,3}\s*$", _I)
# "ok that's all for now\n- Lena": a hyphen and a name on the last line, when no other line
# is a list item ("- SumUp" ending a list of options names no one)
_HYPHEN_SIGNED = re.compile(r"\n\s*-\s?(?P<name>(?-i:[A-ZÀ-Þ])[a-zà-ÿ'’-]+)\s*$")
_LIST_LINE = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s", re.MULTILINE)
# "Swap the team for just my name, Kofi Mensah, since …": the name, said beside the words.
_MY_NAME_BESIDE = re.compile(
    r"\bmy (?:full |own )?name,\s+(?P<name>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+)"
    r"(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+)?(?=\s*(?:[,.;!)]|$))",
    _I,
)
# Read in any message, not only the first few.
_SAID_AS_A_NAME = (
    _NAME_BTW,
    _ITS_NAME_BTW,
    _SIGN_AS,
    _SIGNED_OFF,
    _MY_NAME_BESIDE,
    _KISSED_OFF,
    _HYPHEN_SIGNED,
    _CHEERS_SIGNED,
)
# "my name's Kai", "im callum btw": a name given as one, whenever it comes.
_GIVEN_AS_A_NAME = re.compile(r"\bmy name(?:'s| is)\b|\w+,?\s+(?:btw|by the way)\b", _I)
# Words that follow "I'm" but describe a state, not a name.
_STATES = frozenset(
    words(
        """
        hungry sleepy happy sorry busy ready back home done fine late new here glad sure
        starving exhausted stressed bored confused excited nervous scared worried upset angry
        annoyed tired sick ill freezing cold hot broke single vegan vegetarian allergic okay
        alright good great lost stuck curious honest serious kidding joking dying obsessed
        deceased dead crying screaming weak shook shaking living thriving wheezing sobbing
        fuming livid gutted buzzing knackered wrecked shattered stoked chuffed buzzed gassed hyped
        pumped skint vego veggie pescatarian coeliac celiac diabetic pregnant sober teetotal
        """
    )
)


# "so im kai, 2nd yr psych" goes on; "I'm veggie." ends where a name would be introduced.
_ENDS_THERE = re.compile(r"^\s*(?:[.!]+\s*)?$")
_CUT_SHORT = re.compile(
    r"\b(?:to|of|for|with|at|in|on|from|by|and|or|but|the|a|an|my|our|is|are|was)\s*$", _I
)


def _pronoun(text: str) -> bool:
    return bool(SPEAKER_OR_LISTENER.search(text) or _THIRD_PERSON.search(text))


FIRST_MESSAGES = 3
"""How many of the user's messages may introduce them ("so im kai, …")."""


def roster_frames(
    text: str, subject: str, lexicon: NameLexicon, listener: str | None
) -> list[FrameFact]:
    """ "- Beata: our baker, mornings 6 till 11" → "Beata is User's baker, mornings 6 till 11."

    Only names the conversation writes as names elsewhere; the description
    stops at the first part that speaks of "me" or "you".
    """
    found: list[FrameFact] = []
    if _ASKS_TO_CHOOSE.search(text):
        return found  # "- Yopa: £380k, £1,299 up front … which one would you go with?": options
    for line in drop_code(text).splitlines():
        match = _ROSTER.match(line)
        if match is None or match["name"].lower() in _NOT_A_PERSON:
            continue
        said = match["name"]
        if said in ("me", "you"):  # "- me: launch checklist", "- you: the sync backend"
            name: str | None = subject if said == "me" else listener
        elif said.lower() in COMMON_WORDS and not lexicon.written_as_a_name(said):
            continue
        else:
            name = lexicon.name(said)
            name = None if name == subject else name
        if name is None:
            continue
        first_sentence = re.split(r"(?<=[.!?])\s", match["desc"], maxsplit=1)[0]
        parts = [p.strip() for p in re.split(r",\s+|\s+[-–—]\s+|;\s+", first_sentence)]
        parts = [p for p in parts if re.search(r"\w", p)]  # '- Kai - "' says nothing of Kai
        kept: list[str] = []
        for index, part in enumerate(parts):
            own = _OWN.match(part) if index == 0 else None
            if own is not None and not _pronoun(own["what"]):
                kept.append(f"{subject}'s {own['what']}")
                continue
            if _pronoun(part) or "?" in part:
                break
            kept.append(part)
        if not kept or _CUT_SHORT.search(kept[-1]):
            continue  # "- Kai - switched to": the item stops mid-phrase
        who = f"{name} ({match['aside']})" if match["aside"] else name
        if len(kept) == 1 and BARE_AGE.fullmatch(kept[0]):  # "- Ruby, 19, just finished her …"
            found.append(FrameFact(f"{who} is {kept[0]}.", (name, "age"), durable=True))
            continue
        joined = ", ".join(kept).rstrip(".!")
        line_text = f"{who} is {joined}." if kept[0].startswith(subject) else f"{who}: {joined}."
        if reads_alone(line_text) or line_text.startswith(f"{who} is "):
            # not "- Kai - not": a list item with nothing said
            found.append(FrameFact(line_text, (name, "roster"), durable=name != "User"))
    return found


def _late_name(text: str, match: re.Match[str], lexicon: NameLexicon) -> bool:
    """ "im tobi, senior backend" when the chat writes Tobi as a name too ("Thanks, Tobi");
    "I'm Kai btw", given as a name ("im skint btw" gives a word)."""
    name = match["name"]
    if lexicon.written_as_a_name(name):
        return True
    given = _GIVEN_AS_A_NAME.search(text, match.start(), match.end() + 30)
    return given is not None and not name.islower()


def introduction_frames(
    text: str, lexicon: NameLexicon, *, late: bool = False, to_a_person: bool = False
) -> list[FrameFact]:
    """ "so im kai, …", "Dana here — …": a name the user gives in their first messages.

    Args:
        text: The message.
        lexicon: The conversation's names.
        late: The message comes after the first few. Then "I'm Kai" is read
            only when the chat writes Kai as a name elsewhere ("Thanks, Kai"),
            or when it is given as one ("my name's Kai", "I'm Kai btw"): a
            later "I'm <word>" is more often a state than a name.
        to_a_person: The message is written to a person, whom "Cheers, Ruth" addresses.
    """
    if first := _name_first(text, lexicon, late=late):
        return first
    for pattern in (_INTRO, _HERE, _ITS_ME, *_SAID_AS_A_NAME):
        if pattern is _CHEERS_SIGNED and (to_a_person or "," not in text[-40:]):
            continue  # (to a friend it is said to them; a sign-off has its comma near the end)
        match = pattern.search(text)
        if match is None:
            continue
        if pattern is _HYPHEN_SIGNED and (
            _LIST_LINE.search(text[: match.start()])
            or text[: match.start()].rstrip().endswith(("?", ":"))
        ):
            continue  # "- Yopa\n- Purplebricks", "Which is better?\n- Monzo": options
        if (
            late
            and pattern not in _SAID_AS_A_NAME
            and not (pattern is _INTRO and _late_name(text, match, lexicon))
        ):
            continue
        said = match["name"] or match.groupdict().get("lower")
        if said is None or said.lower() in _STATES or said.lower() in STATE_WORDS:
            continue
        name = lexicon.name(said, by_shape=True)
        if (
            said.islower()
            and pattern not in _SAID_AS_A_NAME
            and not lexicon.written_as_a_name(said)
            and _ENDS_THERE.match(text[match.end() :])
        ):
            continue  # "I'm veggie.": a word alone after "I'm", never written as a name
        if (
            name is not None
            and said.lower() not in COMMON_WORDS
            # "I am indeed!": an everyday word, unless the chat writes it as a name elsewhere
            # ("deb here." is said only of a name)
            and not (
                pattern in (_INTRO, _ITS_NAME_BTW)
                and said.islower()
                and is_everyday_word(said)
                and not lexicon.written_as_a_name(said)
            )
        ):
            return [
                FrameFact(f"User's name is {name}.", ("User", "called")),
                *bare_age(text, "User"),
            ]
    return []


def _name_first(text: str, lexicon: NameLexicon, *, late: bool) -> list[FrameFact]:
    match = _NAME_FIRST.match(text.strip())
    if match is None:
        return []
    said = match["name"]
    if said.lower() in COMMON_WORDS or said.lower() in _STATES or said.lower() in STATE_WORDS:
        return []
    if late and (
        match["job"]
        or match[0].endswith(",")
        or (is_everyday_word(said) and not lexicon.written_as_a_name(said))
    ):
        # "oskar btw. putting that in the readme", however late, gives a name; a later
        # "rust btw.", "ben, backend dev" or "Malcolm, by the way, has suggested …" is more
        # often a word, a reply or someone talked of than a name
        return []
    name = lexicon.name(said, by_shape=True)
    if name is None:
        return []
    found = [FrameFact(f"User's name is {name}.", ("User", "called")), *bare_age(text, "User")]
    if job := match["job"]:
        job = re.sub(r"^an? ", "", job, flags=_I)
        found.append(FrameFact(f"User is {indefinite_article(job)}{job}.", ("User", "job")))
    return found


# "sister = aaliyah", "my gp = dr patel": a relation and its name, written as a label.
_RELATION_EQUALS = re.compile(
    rf"^(?:my )?(?P<rel>{RELATION}) ?= ?(?P<name>[A-Za-zÀ-ÿ][\wÀ-ÿ'’-]+)[.!]?$"
    # "jess = gf btw": the name first
    rf"|^(?P<name2>[A-Za-zÀ-ÿ][\wÀ-ÿ'’-]+) ?= ?(?:my )?(?P<rel2>{RELATION})(?:,? btw)?[.!]?$",
    re.IGNORECASE,
)


def relation_equals(sentence: str, subject: str, lexicon: NameLexicon) -> list[FrameFact]:
    """ "sister = aaliyah", "jess = gf btw" → "User's sister is Aaliyah.": "=" pairs them."""
    match = _RELATION_EQUALS.match(sentence.strip())
    if match is None:
        return []
    said, rel = match["name"] or match["name2"], match["rel"] or match["rel2"]
    name = lexicon.name(said, by_shape=True)
    if name is None or name == subject or said.lower() in COMMON_WORDS:
        return []
    return [relation_line(subject, rel, name)]
