"""Who is talking: an assistant, or another person (an imported chat between two people).

A conversation imported from WhatsApp or Slack puts the other person in the
``assistant`` role. What they say about themselves is worth keeping — under
their name, never as "the assistant" — and "you" in the user's words means
them. :func:`identify_speakers` tells the two cases apart from the messages:

- a ``name`` on the other side's messages (``ASSISTANT (Kai)``) that is not an
  assistant's product name settles it;
- otherwise an assistant writes like one (tool calls, code, lists, long
  answers, always a capital letter first) and a person does not (lower-case
  starts, "lol", emoji), and their name is what the user calls them
  ("morning Tomás!", "LEYLA!!!"); a laugh, chat shorthand ("ffs", "bet") or a
  word said with "the" is never a name.

A chunk of a long chat may be told who an earlier chunk found talking
(:mod:`.speaker_note`); the names it settled stand.

It also decides whether "we" means a team at work (tools, code, or work words
in the conversation), the two people talking when both speak of "our flat" or
"our cat", or someone's household (said to an assistant, the user's; see
:mod:`.owners`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from reverie.providers.offline.addressed import addressed_by_assistant
from reverie.providers.offline.everyday_words import is_acronym, is_everyday_word
from reverie.providers.offline.transcript import Turn
from reverie.providers.offline.vocabulary import COMMON_WORDS, words

__all__ = ["Speakers", "identify_speakers", "is_home_talk", "is_work_talk"]

_I = re.IGNORECASE

_AI_NAMES = re.compile(
    r"^(?:assistant|ai|bot|chatgpt|gpt[\w.-]*|claude[\w .-]*|gemini[\w .-]*|copilot|"
    r"llama[\w.-]*|mistral[\w.-]*|model|system|tool)$",
    _I,
)
_AI_MARKS = re.compile(
    r"```|^\s*(?:[-*•]|\d+[.)])\s+\S|\*\*\S|^\s*\|.*\|\s*$|^#{1,4} "
    r"|\b(?:as an ai|i'm an ai|language model|happy to help|let me know if|here's an?\b|"
    r"here is an?\b|i can help|hope this helps)",
    re.MULTILINE | _I,
)
_PEOPLE = (
    r"(?:mum|mom|mam|dad|sister|brother|wife|husband|girlfriend|boyfriend|gf|bf|partner|boss|"
    r"manager|kids?|son|daughter|cousin|gran|nan|grandma|grandad|nana|mates?)"
)
# An assistant "had a look" and "went through" things; it has no mum and never slept.
_OWN_LIFE = re.compile(
    rf"\bmy {_PEOPLE}\b|\bi (?:had|went|paid|slept|worked|cried|got home|just got)\b"
    r"(?! (?:a look|a go|a think|through|over|ahead)\b)",
    _I,
)
# What a user never asks an assistant: "have you told derek", "your mum", "your shift".
_ASKS_ABOUT_THEIR_LIFE = re.compile(
    rf"\byour {_PEOPLE}\b|\byour (?:notice|interview|shift|new job|exams?|flight)\b"
    r"|\b(?:have|did) you (?:told|eaten|slept)\b",
    _I,
)
_NOISE = re.compile(
    r"(?<!\w)(?:lol+|haha\w*|jaja\w*|omg|lmao|xd|brb)(?!\w)|[\U0001f300-\U0001faff\u2600-\u27bf]",
    _I,
)
# Words that start a message with a capital letter but are not anyone's name.
_NOT_NAMES = frozenset(
    words(
        """
    yes no ok okay sure well so and but also anyway honestly btw wait hmm hm update
    morning evening night hey hi hello thanks thank sorry actually great nice cool
    perfect awesome good bad oh ah yeah yep nope right done fine true lol omg wow
    what why how when where who which whose please help stop listen look guys
    congrats congratulations cheers welcome dear today tomorrow yesterday tonight
    monday tuesday wednesday thursday friday saturday sunday i im the a an this that
    it we you they he she my our your his her their random quick big small new old
    first next last same other another yup yesss nooo ugh meh fyi ps obvs obvi defo probs
    """
    )
    # What family and friends call each other: "nana no you sent money!!", "love you mum"
    + words(
        """
    nana nanna nan gran granny grandma grandad grandpa gramps mum mom mam mummy mommy mama
    dad daddy papa babe baby hun honey love darling sweetie sweetheart bro sis bruv auntie
    aunty uncle kiddo
    """
    )
)
# Laughter and sounds drawn out: "hahaha", "hehe", "ahhh", "ughhh", "lolll", "jajaja".
_SOUND = re.compile(
    r"(?:h*a+h+)+a*|(?:h+e+)+h*|l+o+l+|(?:ja)+j?|a+h+|o+h+|u+g+h+|h+m+|w+o+w+|y+a+y+|a+w+|e+k+|"
    r"o+m+g+|n+o+|y+e+s+"
)
# Words that open a message like a name would ("ugh, …", "dude!", "rude. accurate",
# "vale, …") but are not names.
_INTERJECTIONS = frozenset(
    words(
        """
        ugh yay wow omg lol lmao ok okay hey yo bro dude babe hun guys hello hi yes nope yep
        sure thanks cool nice great wait look listen well hmm ah oh damn shit fuck ha haha
        aww ooh oooh whoa huh right true fine done deal perfect same update btw also anyway
        honestly seriously really please sorry congrats yess yesss noo nooo rip ouch oops
        amazing awesome cheers morning night bye thx ty agreed exactly totally literally
        enjoy welcome careful hurry relax chill stop man mate girl buddy pal sweetie honey
        love darling boss team everyone everybody folks yikes nah meh sigh
        rude savage brutal harsh fair accurate valid iconic tragic cute gross weird creepy
        jesus christ god lord gosh heavens blimey crikey
        bold classy cringe lame correct noted agreed facts mood bless typical classic wild
        insane brilliant lovely gorgeous stunning hilarious ridiculous unreal rough
        vale venga dale bueno claro genial vamos hala oye mira nein genau tja allez bref
        ciao ecco dai boh basta beleza tá pronto nossa caramba uau
        grabe hala naku nako sige ayy ayo aiyo aiya walao alamak yalla wallah habibi boo
        ffs smh wtf omfg fml istg ngl imo imho afaik tbf lmk ikr jfc smdh
        ttyl ttys brb gtg g2g gn gm hbu wbu nvm np tysm omw irl idc ily ilysm xoxo xx xo bet
        """
    )
)
_GREETING = (
    r"(?:hey|hi|hello|hiya|yo|morning|good morning|good evening|evening|thanks|thank you|"
    r"thx|cheers|danke|gracias|merci|grazie|obrigad[oa]|ok|okay|sorry|congrats|dear|"
    r"bye|night|good night|oh|aw+|ah)"
)
_NAME = r"[A-ZÀ-Þ][a-zà-ÿ'-]+"
_VOCATIVE_PATTERNS = (
    re.compile(rf"^{_GREETING}[,!]?\s+(?P<name>{_NAME})(?=\s*(?:[,.!?:]|$))", _I),
    re.compile(rf"^(?P<name>{_NAME}),\s+\w"),
    # "Tobi!! Have you been to a doctor?"
    re.compile(rf"^(?P<name>{_NAME})!+(?=\s|$)"),
    re.compile(r"^(?P<name>[A-ZÀ-Þ]{3,})(?=\s*(?:[!.?]|$))"),
    re.compile(
        rf"\b(?:thanks|thank you|thx|danke|gracias|love you|miss you),?\s+(?P<name>{_NAME})"
        r"(?=\s*(?:[,.!?]|$))",
        _I,
    ),
)
# "oh my god. Tomasz. yes.": a name written as one, a sentence of its own, mid-message.
_NAME_ALONE = re.compile(r"(?<=[.!?]\s)(?P<name>[A-ZÀ-Þ][a-zà-ÿ]{2,})[.!]+(?=\s|$)")
_WORD_ENDINGS = ("able", "ible", "ly", "ed", "ing", "tion", "tions", "ness", "ment", "ful", "ous")
# Typed all in lower case: "jonas!! the landlord answered". Only read in the user's
# messages, for the other person's name: "enjoy! I'll be around" names nobody.
_LOWERCASE_VOCATIVE = re.compile(
    # "kuya miggy!! have u talked to …": a family title may come first
    r"^(?:(?:kuya|ate|tita|tito|auntie|aunty|uncle|cuz|bro|sis|dear|tía|tia|tío|tio|nonna|"
    r"zia|zio)\s+)?(?P<name>[a-zà-ÿ]{3,})(?=(?:!+|,|\.)\s)"
)
# "he's an orange cat maya", "shut up danny": a name at the end of what is said to someone.
# A place ends sentences too ("the drive from manchester"): not after a preposition.
_TRAILING_VOCATIVE = re.compile(
    r"(?<!\bfrom)(?<!\bin)(?<!\bto)(?<!\bat)(?<!\bnear)(?<!\bof)(?<!\bfor)(?<!\bwith)"
    r"(?<!\bby)(?<!\bon)(?<!\babout)(?<!\bthe)(?<!\ba)(?<!\bmy)(?<!\byour)"
    r"(?:,\s*|\s)(?P<name>[A-Za-zÀ-ÿ]{3,})(?:[.!?]*\s*$|,\s)",
    _I,
)
_SELF_INTRO = re.compile(rf"\b(?:i'm|i am|this is|it's)\s+(?P<name>{_NAME})(?=\s*(?:[,.!]|$))")

# Words that only come up at work. Words with an everyday sense too ("library",
# "test", "keys", "team", "project", "app") are left out: "we meet Sundays at the
# library" is not a team at work.
_WORK_WORDS = frozenset(
    words(
        """
        api apis backend frontend database db deploy deployed deploying deployment deploys
        repo repos repository codebase bugs ci pipeline pipelines sprint sprints migration
        migrations schema endpoint endpoints cluster staging production prod docker
        kubernetes k8s python rust java typescript javascript golang kotlin swift django
        fastapi flask rails sql postgres postgresql mysql sqlite redis kafka aws gcp
        azure webhook webhooks infra terraform git github gitlab pr prs refactor refactoring
        microservice microservices on-call oncall incident incidents retro standup roadmap
        okr okrs kpi kpis stakeholder stakeholders runbook runbooks jira confluence epic
        epics q1 q2 q3 q4 arr mrr saas b2b reorg all-hands offsite onboarding customers
        suppliers supplier payroll invoices invoicing inventory margin margins revenue
        turnover wholesale stocktake vat
        """
    )
)
# File names, paths, domains, camelCase: code talk. ("B1", "Q3", "M3" are not.)
_TECH_TOKEN = re.compile(r"\b[A-Za-z]\w*[._/][A-Za-z]\w*|\b[a-z]+[A-Z]\w*")


@dataclass(frozen=True)
class Speakers:
    """Who talks in a conversation.

    Attributes:
        other_is_person: The ``assistant`` side is a person, not an assistant.
        other_name: That person's name, when it is known.
        user_name: The user's name, when a ``name`` field or the other person
            gives it.
        work: The conversation is about work, so "we" means the user's team.
        shared_home: Two people who live together ("our flat", "our cat" on
            both sides), so outside work "we" means the two of them.
    """

    other_is_person: bool = False
    other_name: str | None = None
    user_name: str | None = None
    work: bool = False
    shared_home: bool = False


# "we alternate school runs", "we moved house in August": a household, even in a work chat.
_HOME_LIFE = re.compile(
    r"\b(?:school runs?|the kids|our (?:kids|son|daughter|baby|boys|girls|house|flat|home|dog|"
    r"cat|wedding|garden)|bedtimes?|nursery pick-?ups?|childcare|moved house)\b",
    _I,
)


def is_home_talk(text: str) -> bool:
    """True when ``text`` speaks of home life (so "we" is a household, not a team)."""
    return _HOME_LIFE.search(text) is not None and not is_work_talk(text)


def is_work_talk(text: str) -> bool:
    """True when ``text`` uses work or technical vocabulary (so "we" is a team)."""
    words = re.findall(r"[a-z][a-z0-9+#-]*", text.lower())
    return any(word in _WORK_WORDS for word in words) or _TECH_TOKEN.search(text) is not None


def _names(turns: Sequence[Turn], role: str) -> Counter[str]:
    return Counter(t.name for t in turns if t.role == role and t.name)


def _looks_like_a_person(replies: Sequence[Turn], users: Sequence[Turn]) -> bool:
    texts = [t.text for t in replies if t.text.strip()]
    if len(texts) < 2 or any(t.used_tools for t in replies):
        return False
    if any(_AI_MARKS.search(text) or len(text) > 500 for text in texts):
        return False
    casual = sum(1 for text in texts if text[:1].islower() or _NOISE.search(text))
    if casual >= max(2, 0.3 * len(texts)):
        return True
    # Written with capitals and full stops, a person still has a life an assistant has not:
    # "I paid you that!", "have you told your mum?".
    return any(_OWN_LIFE.search(text) for text in texts) or any(
        _ASKS_ABOUT_THEIR_LIFE.search(t.text) for t in users
    )


_LINES_READ = 3
_ABOUT_SOMEONE_ELSE = re.compile(r"[.!?,\s]*(?:she|he|her|his|him)\b", _I)


def _vocatives(texts: Sequence[str], *, lower_case: bool = False) -> Counter[str]:
    found: Counter[str] = Counter()
    patterns = (*_VOCATIVE_PATTERNS, _LOWERCASE_VOCATIVE) if lower_case else _VOCATIVE_PATTERNS
    for index, text in enumerate(texts):
        # "AHHHHH\nKOFI!!!!! i knew it": each line of a chat message is a text of its own.
        lines = text.strip().split("\n")[:_LINES_READ]
        for match in _NAME_ALONE.finditer(text):
            name = match["name"]
            low = name.lower()
            if (
                low not in COMMON_WORDS
                and low not in _NOT_NAMES
                and not low.endswith(_WORD_ENDINGS)  # "Understandable.", "Congratulations!"
            ):
                found[_tidy_name(name)] += 2  # written as a name, said to them
        for pattern, line in ((p, line) for p in patterns for line in lines):
            for match in pattern.finditer(line):
                name = match["name"]
                low = name.lower()
                if (
                    low in _NOT_NAMES
                    or low in _INTERJECTIONS
                    or _SOUND.fullmatch(low)
                    or low in COMMON_WORDS
                    or len(name) < 2
                    # "sending.", "crying."; "ok ayo's.": a place, not a person
                    or low.endswith(("ed", "ing", "ly", "'s", "’s"))
                    or (name.islower() and is_everyday_word(low))  # "fancy. better than …"
                ):
                    continue
                if _ABOUT_SOMEONE_ELSE.match(line, match.end()):
                    continue  # "LINDA. she has no discipline": said about her, not to her
                if re.search(rf"\b(?:i|we) \w+ {re.escape(name)}\b", line[match.end() :], _I):
                    continue  # "gerald. i miss gerald": a topic, then said about him
                if name.isupper() and not lower_case and not _shouted_name(name, texts):
                    continue  # "GARDEN. pepper's dream" shouts a word, "NHS." an acronym
                # "MARK. just saw ur post": a chat opens with whom it is said to
                found[_tidy_name(name)] += 2 if index == 0 and line is lines[0] else 1
    return found


def _shouted_name(word: str, texts: Sequence[str]) -> bool:
    """ "IMMY. amazing." and "FREYA." shout a name; "GARDEN." a word, "NHS." an acronym.

    A name is written plainly elsewhere ("oh immy"), or its capitals are not a
    token of their own in the tokenizer's table, as an acronym's are.
    """
    if is_everyday_word(word):
        return False
    plain = re.compile(rf"\b{re.escape(word)}\b", _I)
    if any(not match[0].isupper() for text in texts for match in plain.finditer(text)):
        return True
    return not is_acronym(word)


def _tidy_name(word: str) -> str:
    """ "LEOOOO" → "Leo": a name shouted or drawn out, written plainly."""
    plain = re.sub(r"(\w)\1{2,}", r"\1", word.lower())
    return plain[:1].upper() + plain[1:]


def identify_speakers(turns: Sequence[Turn], carried: Speakers | None = None) -> Speakers:
    """Work out who talks in ``turns`` (see the module docstring).

    Args:
        turns: The conversation (one consolidation chunk of it, often).
        carried: Who an earlier chunk of the same conversation found talking.
            A chunk of a few messages rarely names both people, and may take
            a word for a name: the names an earlier chunk settled stand.
    """
    found = _identify(turns)
    if carried is None or not carried.other_is_person:
        return found
    if not found.other_is_person and (
        any(t.used_tools for t in turns)
        or any(_AI_MARKS.search(t.text) for t in turns if t.role == "assistant")
    ):
        return found  # an assistant answers here, whatever was said before
    # What earlier chunks settled stands: a few messages name someone by chance ("ffs!").
    return Speakers(
        True,
        carried.other_name or found.other_name,
        carried.user_name or found.user_name,
        found.work,
        found.shared_home or carried.shared_home,
    )


def _identify(turns: Sequence[Turn]) -> Speakers:
    work = (
        any(t.used_tools or "```" in t.text for t in turns)
        or sum(is_work_talk(t.text) for t in turns if t.role == "user") >= 2
    )
    replies = [t for t in turns if t.role == "assistant"]
    users = [t for t in turns if t.role == "user"]
    said = [t.text for t in users]
    named = _names(turns, "assistant")
    user_names = _names(turns, "user")
    user_name = user_names.most_common(1)[0][0] if user_names else None
    if named:
        name = named.most_common(1)[0][0]
        if not _AI_NAMES.match(name):
            return Speakers(True, name, user_name, work)
        return Speakers(False, None, user_name, work)
    if not _looks_like_a_person(replies, users):
        return Speakers(False, None, user_name or addressed_by_assistant(replies, said), work)
    candidates = _vocatives(said, lower_case=True)
    # "interview!! got the email": a word either side puts after "the" or "my" is a thing.
    things = {w.lower() for w in _AFTER_DETERMINER.findall(" ".join(t.text for t in turns))}
    # "ok valencia. BOOKED. edi to valencia": a word said after "in" or "fly to" is a place.
    places = {w.lower() for w in _AFTER_PLACE_WORD.findall(" ".join(t.text for t in turns))}
    for name in [n for n in candidates if n.lower() in things | places]:
        del candidates[name]
    for text in (t.text for t in replies):
        for match in _SELF_INTRO.finditer(text):
            if match["name"].lower() not in _NOT_NAMES:
                candidates[match["name"]] += 1
    # What the other person writes is rarely their own name: "amara." there names the
    # user. (Once, in a quote, it may: 'he calls me "el gringo" marcus'.)
    written_by_them = Counter(
        w.lower() for t in replies for w in re.findall(r"[A-Za-zÀ-ÿ]+", t.text)
    )
    for name in [n for n, k in candidates.items() if written_by_them[n.lower()] > k]:
        del candidates[name]
    other = candidates.most_common(1)[0][0] if candidates else None
    if other is None:
        other = _trailing_vocative(said, [t.text for t in replies], None)
    if user_name is None:
        called = _vocatives([t.text for t in replies])
        called.pop(other or "", None)
        user_name = called.most_common(1)[0][0] if called else None
    if user_name is None:
        user_name = _trailing_vocative([t.text for t in replies], said, other)
    shared = all(any(_OUR_HOME.search(t.text) for t in side) for side in (replies, users))
    return Speakers(True, other, user_name, work, shared_home=shared)


# "our flat", "our landlord", "our cat": said by both, the two share a home.
_OUR_HOME = re.compile(
    r"\bour (?:new )?(?:flat|apartment|place|house|home|room|kitchen|garden|landlord|landlady|"
    r"rent|bills?|cat|dog|puppy|kitten|lease|tenancy|street|neighbou?rs?|sofa|couch|bed)\b",
    _I,
)
_AFTER_PLACE_WORD = re.compile(
    r"\b(?:in|near|via|(?:i'm|im|i am|is|are|was|comes?|came) from"
    r"|(?:move|moving|moved|fly|flying|flew|flights?|drive|driving|drove|"
    r"trip|going|go|went|back|staying|stay|live|lives|living|based|landing|landed|visit|"
    r"visiting) (?:to|from|in))\s+([A-Za-zÀ-ÿ]{3,})\b(?!['’])",
    _I,
)
_TRAILING_VOCATIVES_NEEDED = 3
_AFTER_DETERMINER = re.compile(
    r"\b(?:a|an|the|this|that|these|those|some|my|your|his|her|our|their)\s+([a-zà-ÿ]+)"
    # ("who's this mark lad": a person, however "this" puts it)
    r"(?!\s+(?:lad|guy|girl|bloke|fella|fellow|woman|man|kid|chap|dude|person)\b)",
    _I,
)


def _trailing_vocative(
    replies: Sequence[str], said: Sequence[str], other: str | None
) -> str | None:
    """The word the other person ends sentences with, at least twice, that the user never writes.

    A common word ends sentences on both sides; the user's name ends only the
    other person's ("it's BROWN danny", "he's SO fat danny").
    """
    found: Counter[str] = Counter()
    for text in replies:
        for sentence in re.split(r"(?<=[.!?])\s+|\n", text):
            for match in _TRAILING_VOCATIVE.finditer(sentence):
                found[match["name"].lower()] += 1
    own = set(re.findall(r"[a-zà-ÿ]+", " ".join(said).lower()))
    # A name is written with a capital, or shouted, at least once ("maya. MAYA.").
    capitalised = {w.lower() for w in re.findall(r"\b[A-ZÀ-Þ][\wÀ-ÿ]+", " ".join(replies))}
    # "the girls", "my mates": a word used with a determiner is a common noun.
    own |= {m.lower() for m in _AFTER_DETERMINER.findall(" ".join([*replies, *said]))}
    for word, count in found.most_common():
        if count < _TRAILING_VOCATIVES_NEEDED:
            break
        if word in own or is_everyday_word(word) or word in _NOT_NAMES or word in _INTERJECTIONS:
            continue
        if _SOUND.fullmatch(word):
            continue
        if word not in capitalised:
            continue
        if word.endswith(("ed", "ing", "ly")) or (word.endswith("s") and not word.endswith("ss")):
            continue  # "flower girls" ends sentences too; a plural is rarely a name
        if other is not None and word == other.lower():
            continue
        return word[:1].upper() + word[1:]
    return None
