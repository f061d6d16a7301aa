"""News under a topic's name: "party update: Sky High is booked. Saturday 4 October, 2pm".

People give news about one thing of theirs with a lead-in naming it ("knee
update:", "trip update:", "rds upgrade:"). What follows is terse and leans on
the lead-in ("sept 2 confirmed"), so the line keeps it: "Rds upgrade: sept 2
confirmed." Only the first two sentences after the lead-in are kept, and only
while they speak of no one by "I" or "you"; a bare "update:" is a correction,
read by :mod:`.corrections`.
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import SPEAKER_OR_LISTENER, FrameFact, sentences
from reverie.providers.offline.normalise import normalise_chat

__all__ = ["topic_news"]

_LEAD = re.compile(
    r"^(?:(?:ok|okay|so|also|and|quick|small|big)[,]?\s+)?(?P<topic>(?:[a-z][\w'&-]* ){0,2}?"
    r"[a-z][\w'&-]*)(?: (?:update|news)| (?P<kind>progress|upgrade))\s*:\s+(?P<news>\S.*)$",
    re.IGNORECASE,
)
# "bad news:", "quick update:": a lead-in that names no topic.
_NO_TOPIC = re.compile(r"^(?:good|bad|big|small|quick|sad|great|some|more|other|the|any)$", re.I)
_MAX_WORDS = 40
_SHE = re.compile(r"^(?:she|he)\s+(?=[a-z])", re.IGNORECASE)


def topic_news(text: str) -> list[FrameFact]:
    """ "trip update: bus booked, $1,450" → "Trip: bus booked, $1,450." (one per lead-in)."""
    found: list[FrameFact] = []
    for line in normalise_chat(text).splitlines():
        lead = _LEAD.match(line.strip())
        if lead is None or _NO_TOPIC.match(lead["topic"]):
            continue
        said: list[str] = []
        for sentence in sentences(lead["news"])[:2]:
            sentence = sentence.rstrip(".!; ")
            if not sentence or sentence.endswith("?") or SPEAKER_OR_LISTENER.search(sentence):
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
