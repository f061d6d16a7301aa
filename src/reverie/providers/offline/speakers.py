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
  ("morning Tomás!", "LEYLA!!!", read by :mod:`.vocatives`); a laugh, chat
  shorthand ("ffs", "bet") or a word said with "the" is never a name.

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
from reverie.providers.offline.everyday_words import is_everyday_word
from reverie.providers.offline.transcript import Turn
from reverie.providers.offline.vocabulary import words
from reverie.providers.offline.vocatives import (
    AFTER_DETERMINER,
    NOT_NAMES,
    SELF_INTRO,
    rarely_capitalises,
    trailing_vocative,
    vocatives,
)

__all__ = ["Speakers", "identify_speakers", "is_home_talk", "is_work_talk"]

_I = re.IGNORECASE

_AI_NAMES = re.compile(
    r"^(?:assistant|ai|bot|chatgpt|gpt[\w.-]*|claude[\w .-]*|gemini[\w .-]*|copilot|"
    r"llama[\w.-]*|mistral[\w.-]*|model|system|tool)$",
    _I,
)
_AI_MARKS = re.compile(
    r"```|^\s*[-*•]\s+\S|\*\*\S|^\s*\|.*\|\s*$|^#{1,4} "
    # a numbered list: two items ("38. My instructor says …" answers "how many?")
    r"|^[ \t]*\d+[.)][ \t]+\S[^\n]*\n(?:[^\n]*\n){0,20}?[ \t]*\d+[.)][ \t]+\S"
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
    r"(?<!\w)(?:lol+|haha\w*|jaja\w*|omg|lmao|xd|brb)(?!\w)|[\U0001f300-\U0001faff\u2600-\u27bf]"
    # "BBC Scotland!! Sound engineer!!", "I GOT THE JOB": excitement an assistant never types
    r"|!!|^(?-i:[^a-z]*[A-Z]{2,}[^a-z]*\s[^a-z]*[A-Z]{2,}[^a-z]*)$",
    _I,
)

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
# "easyJet moved our flights", "my iPhone": a brand written in camel case, not code
_BRAND = re.compile(r"(?:i|e|easy)[A-Z][a-z]+$")


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
    r"cat|wedding|garden)|bedtimes?|nursery pick-?ups?|childcare|moved house"
    # ("we're away 21-28 mar, texel with maaike and fenna": a family trip)
    r"|we(?:'re| are) (?:away|on holiday)(?! at\b))\b",
    _I,
)


def is_home_talk(text: str) -> bool:
    """True when ``text`` speaks of home life (so "we" is a household, not a team)."""
    return _HOME_LIFE.search(text) is not None and not is_work_talk(text)


def is_work_talk(text: str) -> bool:
    """True when ``text`` uses work or technical vocabulary (so "we" is a team)."""
    # ("Príncipe Real" holds no "pr": a word runs on through its accented letters)
    words = re.findall(r"[^\W\d_][\w+#-]*", text.lower())
    return any(word in _WORK_WORDS for word in words) or any(
        not _BRAND.match(token[0]) for token in _TECH_TOKEN.finditer(text)
    )


def _names(turns: Sequence[Turn], role: str) -> Counter[str]:
    return Counter(t.name for t in turns if t.role == role and t.name)


_TEXTS_FOR_LENGTH = 8
_TEXTED_LENGTH = 60


def _looks_like_a_person(replies: Sequence[Turn], users: Sequence[Turn]) -> bool:
    texts = [t.text for t in replies if t.text.strip()]
    if len(texts) < 2 or any(t.used_tools for t in replies):
        return False
    if any(_AI_MARKS.search(text) or len(text) > 500 for text in texts):
        return False
    if _explains_at_length(texts, [t.text for t in users]):
        return False
    casual = sum(1 for text in texts if text[:1].islower() or _NOISE.search(text))
    if casual >= max(2, 0.3 * len(texts)):
        return True
    if len(texts) >= _TEXTS_FOR_LENGTH and casual >= 2:
        # A friend texts back a line at a time ("Failed 😭", "Rebooked for 22 January"); an
        # assistant's typical answer is a paragraph.
        lengths = sorted(len(text) for text in texts)
        if lengths[len(lengths) // 2] <= _TEXTED_LENGTH:
            return True
    # Written with capitals and full stops, a person still has a life an assistant has not:
    # "I paid you that!", "have you told your mum?".
    return any(_OWN_LIFE.search(text) for text in texts) or any(
        _ASKS_ABOUT_THEIR_LIFE.search(t.text) for t in users
    )


def _explains_at_length(replies: Sequence[str], said: Sequence[str]) -> bool:
    """Paragraphs answering quick lines: "It can be a few things, so it's worth getting a vet
    to look. In ferrets, …" to "my ferret is losing fur on his tail??". A friend texting back
    writes about as much as they are sent."""
    long = [r for r in replies if len(r) >= 300 and r[:1].isupper()]
    if not long or not said:
        return False
    mean_reply = sum(map(len, replies)) / len(replies)
    mean_said = sum(map(len, said)) / len(said)
    return mean_reply >= 2 * mean_said


def identify_speakers(turns: Sequence[Turn], carried: Speakers | None = None) -> Speakers:
    """Work out who talks in ``turns`` (see the module docstring).

    Args:
        turns: The conversation (one consolidation chunk of it, often).
        carried: Who an earlier chunk of the same conversation found talking.
            A chunk of a few messages rarely names both people, and may take
            a word for a name: the names an earlier chunk settled stand.
    """
    found = _identify(turns)
    if carried is None:
        return found
    if not carried.other_is_person:
        # An assistant answered the chunks before: a few short, friendly replies here ("😄 Say
        # hello to Murat!") do not make it a person, unless someone is named.
        if found.other_is_person and found.other_name is None:
            return _with_an_assistant(turns, found.work)
        return found
    if not found.other_is_person and (
        any(t.used_tools for t in turns)
        or any(_AI_MARKS.search(t.text) for t in turns if t.role == "assistant")
    ):
        return found  # an assistant answers here, whatever was said before
    # What earlier chunks settled stands: a few messages name someone by chance ("ffs!").
    return Speakers(
        True,
        _in_full(carried.other_name, found.other_name),
        _in_full(carried.user_name, found.user_name),
        found.work,
        found.shared_home or carried.shared_home,
    )


def _in_full(settled: str | None, found: str | None) -> str | None:
    """The name an earlier chunk settled, or the same name in full found here ("Tull", then
    "TULLY!!!!"; "Nads", then "NADIA")."""
    if settled is None or found is None:
        return settled or found
    stem = settled[:-1] if settled.endswith("s") and not settled.endswith("ss") else settled
    longer = found.lower().startswith(stem.lower()) and 0 < len(found) - len(stem) <= 3
    longer = longer and len(found) > len(settled)
    return found if longer and len(stem) >= 3 else settled


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
        return _with_an_assistant(turns, work)
    candidates = vocatives(_not_echoes(turns), lower_case=True)
    # "interview!! got the email": a word either side puts after "the" or "my" is a thing.
    # (not when shouted: "I LOVE THAT ANJ" says it to her)
    things = {
        w.lower()
        for w in AFTER_DETERMINER.findall(" ".join(t.text for t in turns))
        if not w.isupper()
    }
    # "ok valencia. BOOKED. edi to valencia": a word said after "in" or "fly to" is a place.
    places = {w.lower() for w in _AFTER_PLACE_WORD.findall(" ".join(t.text for t in turns))}
    for name in [n for n in candidates if n.lower() in things | places]:
        del candidates[name]
    for text in (t.text for t in replies):
        for match in SELF_INTRO.finditer(text):
            if match["name"].lower() not in NOT_NAMES:
                candidates[match["name"]] += 1
    # What the other person writes is rarely their own name: "amara." there names the
    # user. (Once, in a quote, it may: 'he calls me "el gringo" marcus'.)
    _drop_written_more_than_heard(candidates, [t.text for t in replies])
    other = _most_called(candidates, [t.text for t in replies])
    if other is None:
        other = trailing_vocative(said, [t.text for t in replies], None)
    if user_name is None:
        said_back = [t.text for t in replies]
        called = vocatives(said_back)
        if rarely_capitalises(said_back):
            # "PRI", then "the bollard didnt move pri": a name once written as one is called
            # in lower case too by who types so
            lower = vocatives(said_back, lower_case=True)
            called = Counter({name: max(times, lower[name]) for name, times in called.items()})
        called.pop(other or "", None)
        # Nor is the user's name one the user writes more often than hears: "rich's dad
        # phil wants to come" — "aw phil. yes of course" answers about Phil, not to him.
        # A place the two just shouted ("PERTH????" / "perth!! bluegum hydrology") is
        # written by the user as often as heard; their own name the user seldom writes.
        _drop_written_more_than_heard(called, said, ties=True)
        for name in [n for n in called if n.lower() in places]:
            del called[name]
        user_name = called.most_common(1)[0][0] if called else None
    if user_name is None:
        user_name = trailing_vocative([t.text for t in replies], said, other)
    shared = all(any(_OUR_HOME.search(t.text) for t in side) for side in (replies, users))
    return Speakers(True, other, user_name, work, shared_home=shared)


def _with_an_assistant(turns: Sequence[Turn], work: bool) -> Speakers:
    user_names = _names(turns, "user")
    user_name = user_names.most_common(1)[0][0] if user_names else None
    replies = [t for t in turns if t.role == "assistant"]
    said = [t.text for t in turns if t.role == "user"]
    return Speakers(False, None, user_name or addressed_by_assistant(replies, said), work)


def _not_echoes(turns: Sequence[Turn]) -> list[str]:
    """The user's messages, but for those opening with a word the other just wrote: "GERALD
    😂😂" after "it was called gerald", "ye walkley sorry" after "you said walkley?" say it back,
    not to anyone."""
    kept: list[str] = []
    heard: set[str] = set()
    for turn in turns:
        if turn.role != "user":
            heard = {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ]{3,}", turn.text)}
            continue
        opening = re.findall(r"[A-Za-zÀ-ÿ]{3,}", turn.text[:40])[:2]
        # (a greeting or an everyday word said back — "hey anna!" after "hey!" — calls her)
        echoed = [w for w in opening if w.lower() in heard and not is_everyday_word(w.lower())]
        if not echoed:
            kept.append(turn.text)
    return kept


def _most_called(called: Counter[str], written: Sequence[str]) -> str | None:
    """The name said to the other person most often; of two said as often, the one they
    write less ("wait i thought you said walkley?" repeats a place, not their name)."""
    if not called:
        return None
    words = Counter(w.lower() for text in written for w in re.findall(r"[A-Za-zÀ-ÿ]+", text))
    return max(called, key=lambda name: (called[name], -words[name.lower()]))


def _drop_written_more_than_heard(
    called: Counter[str], written: Sequence[str], *, ties: bool = False
) -> None:
    """Leave out of ``called`` the names the called one writes more often than hears.

    With ``ties``, also those written as often as heard.
    """
    words = Counter(
        w.lower()
        for text in written
        for w in re.findall(r"[A-Za-zÀ-ÿ]+", _NAMING_ONESELF.sub("", text))
    )
    for name in [n for n, k in called.items() if words[n.lower()] + ties > k]:
        del called[name]


# "i'm your auntie bridie", "it's ros": one's own name, which does not make it someone else's
_NAMING_ONESELF = re.compile(
    r"\b(?:i'm|im|i am|it's|this is)\s+(?:your\s+(?:[a-z]+\s+){0,2})?[A-Za-zÀ-ÿ]+"
    r"(?=\s*(?:[.,!?]|$)|\s+and\b)",
    _I,
)


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
    r"visiting) (?:to|from|in))\s+"
    # ("flying to new zealand": the place is both words, and the second is no name)
    r"(?:(?:new|san|santa|los|las|saint|st|port|fort|mount|lake|north|south|east|west)\s+)?"
    r"([A-Za-zÀ-ÿ]{3,})\b(?!['’])",
    _I,
)
