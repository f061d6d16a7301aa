"""News under a topic's name ("party update: Sky High is booked"), and a label and its value.

People give news about one thing of theirs with a lead-in naming it ("knee
update:", "trip update:", "rds upgrade:"). What follows is terse and leans on
the lead-in ("sept 2 confirmed"), so the line keeps it: "Rds upgrade: sept 2
confirmed." Only the first two sentences after the lead-in are kept, and only
while they speak of no one by "I" or "you"; a bare "update:" is a correction,
read by :mod:`.corrections`.

A line that is a label and its value ("hotels: Amsterdam 2 nights, Cologne 1
night") is kept as it stands when the label names an arrangement
(:func:`label_line`; work talk has its own labels, see :mod:`.work_frames`).
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import SPEAKER_OR_LISTENER, FrameFact, sentences
from reverie.providers.offline.normalise import drop_noise, normalise_chat
from reverie.providers.offline.pasted import drop_code
from reverie.providers.offline.vocabulary import words

__all__ = ["PERSONAL_LABELS", "label_line", "topic_news"]

_I = re.IGNORECASE

_LEAD = re.compile(
    r"^(?:(?:ok|okay|so|also|and|quick|small|big)[,]?\s+)?(?P<topic>(?:[a-z][\w'&-]* ){0,2}?"
    r"[a-z][\w'&-]*)(?: (?:update|news)| (?P<kind>progress|upgrade))\s*:\s+(?P<news>\S.*)$",
    _I,
)
# "bad news:", "quick update:", "my news:": a lead-in that names no topic.
_NO_TOPIC = re.compile(
    r"^(?:good|bad|big|small|quick|sad|great|some|more|other|the|any|my|our|status|daily|weekly|"
    # ("Monday update: Friday to today, 14 runs …": when the news is given, not what it is of)
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|tonight|yesterday|morning|evening|"
    r"weekend)$",
    _I,
)
_MAX_WORDS = 40
_SHE = re.compile(r"^(?:she|he)\s+(?=[a-z])", _I)


def topic_news(text: str, subject: str = "User") -> list[FrameFact]:
    """ "trip update: bus booked, $1,450" → "Trip: bus booked, $1,450."; "hotels: …" as it is."""
    found: list[FrameFact] = []
    if (dotted := _DOT_LABEL.match(text.strip())) is not None:
        return _dotted_label(dotted["label"], dotted["value"], subject)
    if ":" not in text and "=" not in text:
        return found  # no lead-in, no label: most messages
    # (a pasted "Date: Mon Nov 10 15:02:44 2025" in a code block is the log's, not news)
    for line in normalise_chat(drop_code(text)).splitlines():
        lead = _LEAD.match(line.strip())
        if lead is None or _NO_TOPIC.match(lead["topic"]):
            labelled = (
                label_line(sentence, PERSONAL_LABELS, subject) for sentence in sentences(line)
            )
            found += [fact for fact in labelled if fact is not None]
            continue
        said: list[str] = []
        for sentence in sentences(lead["news"])[:2]:
            sentence = sentence.rstrip(".!; ")
            if (
                not sentence
                or sentence.endswith(("?", ":"))
                or SPEAKER_OR_LISTENER.search(sentence)
            ):
                break
            said.append(sentence)
        news = ", ".join(said)
        if not said or len(news.split()) > _MAX_WORDS or len(news.split()) < 2:
            continue
        topic = " ".join(part for part in (lead["topic"].lower(), lead["kind"]) if part)
        titled = topic[:1].upper() + topic[1:]
        if " " not in topic and (she := _SHE.match(news)) is not None:
            line = f"{titled} {news[she.end() :]}."  # "margaret update: she wants …"
        else:
            line = f"{titled}: {news}."
        found.append(FrameFact(line, (topic, "news"), durable=True))
    return found


def _dotted_label(label: str, value: str, subject: str) -> list[FrameFact]:
    """ "goal. west highland way. may 2026.": a label, then its value in fragments."""
    said: list[str] = []
    for part in sentences(value)[:_DOT_PARTS]:
        part = drop_noise(part).rstrip(".!; ")
        if not part or part.endswith("?") or _NOT_SETTLED.search(part):
            break  # "w my brother", "maybe 5": the value ends where the talk starts
        said.append(part)
    fact = label_line(f"{label}: {', '.join(said)}", PERSONAL_LABELS, subject) if said else None
    return [fact] if fact is not None else []


_LABEL = re.compile(
    r"^(?:(?:ok|okay|so|right|alright)[,.!]?\s+)?(?P<label>[a-z][a-z0-9 /-]{2,30}?)"
    r"(?:\s*:|\s+=)\s+"  # "currencies: …", "physio = ruth"
    r"(?P<value>(?:[^:=?]|(?<=\d):(?=\d)){2,200})$",
    _I,
)
_DOT_LABEL = re.compile(
    r"^(?:(?:ok|okay|so|also|right)[,.!]?\s+)?(?P<label>[a-z]{3,})\.\s+(?P<value>[^?]{3,200})$", _I
)
_DOT_PARTS = 3
_NOT_SETTLED = re.compile(
    rf"{SPEAKER_OR_LISTENER.pattern}|\b(?:maybe|probably|perhaps|i think|idk|not sure)\b"
    # "insurance. which kind": a question asked without its question mark
    r"|^(?:which|what|how|who|where|when|why|whether|any|anything)\b"
    # "flights. two options realistically": still being weighed up
    r"|\b(?:options|choices|alternatives)\b",
    SPEAKER_OR_LISTENER.flags | _I,
)
_ALTERNATIVES = re.compile(r"\b(?:vs\.?|versus)\s", _I)
PERSONAL_LABELS = frozenset(
    words(
        """
        budget dates date venue guests hotel hotels flights flight menu cake dress rings
        goal goals client clients terms retainer salary wage mortgage loan target deadline
        photographer dj music catering car insurance rent deposit school nursery childcare
        hours shifts rota schedule diet allergies meds medication dose appointment surgery
        address commute gym pets vet doctor dentist physio gp therapist landlord accountant
        """
    )
)
"""Labels of a person's own arrangements ("hotels: Amsterdam 2 nights, Cologne 1")."""


_A_CHANGE = re.compile(r"\b(?:change|changes|changed|question|re)\b", _I)
# "Add Prometheus metrics: received, rejected, …": a task set, not what is settled
_ASKED_TO_DO = re.compile(
    # (not "update on hours: …", "move: 8th nov": words that are news as nouns)
    r"^(?:add|make|use|put|show|give|write|create|remove|include|drop|rename|implement|"
    r"expose)\b",
    _I,
)
_PUT_FORWARD = re.compile(
    r"\b(?:proposes|proposed|suggests|suggested|recommends|recommended|offers|offered)\b", _I
)


def label_line(sentence: str, labels: frozenset[str], subject: str = "User") -> FrameFact | None:
    """ "currencies: EUR, GBP and USD only" → "Currencies: EUR, GBP and USD only."

    The label must end with one of ``labels`` (things that are settled, not a
    topic to ask about: "postgres: partial index syntax" is a request for
    help), and the value must not speak of "I" or "you": it is stored as it stands.
    Who looks after ``subject``, named alone ("physio = ruth"), is theirs: "User's
    physio is Ruth."
    """
    label = _LABEL.match(sentence.strip())
    if label is None:
        return None
    name, value = label["label"].strip(), label["value"].strip().rstrip(".! ")
    if name.lower().split()[-1] not in labels or _ALTERNATIVES.search(value):
        return None
    if _PUT_FORWARD.search(name) or _ASKED_TO_DO.match(name):
        return None  # "Senhor Teixeira proposes a menu: …": an idea, not what was settled
    if _A_CHANGE.search(name) or value.lower().endswith("instead"):
        return None  # "Change of plan on dates: 19–26 June instead": what changed, not of what
    if (
        SPEAKER_OR_LISTENER.search(value)
        or SPEAKER_OR_LISTENER.search(name)
        or not _least_words(name, value) <= len(value.split()) <= 30
    ):
        return None
    if _least_words(name, value) == 1:  # "physio = ruth": who it is, by name
        role = name.lower()
        line = f"{subject}'s {role} is {value[:1].upper()}{value[1:]}."
        return FrameFact(line, (subject, role))
    return FrameFact(f"{name[:1].upper()}{name[1:]}: {value}.", (name.lower(), "label"), True)


# Who looks after someone: a name alone is the whole value ("physio = ruth").
_PERSON_LABELS = frozenset(words("physio gp doctor dentist vet therapist landlord accountant"))


def _least_words(label: str, value: str) -> int:
    return 1 if label.lower().split()[-1] in _PERSON_LABELS and value.isalpha() else 2
