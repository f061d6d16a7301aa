"""Decisions in terse work talk: "postmark then, not sendgrid", "currencies: EUR, GBP and USD".

At work people settle things in a few words, without a subject or a verb the
clause rules (:mod:`.rules`) could read. Five shapes are clear enough to keep,
and only in talk about work:

- a choice against an alternative: "postmark then, not sendgrid", "so
  weasyprint, not reportlab" → "Decision: postmark, not sendgrid.";
- a conclusion after "so:" or "decision:": "so: arq with redis for background
  jobs" → "Decision: arq with redis for background jobs.";
- a requirement: "I want cursor pagination" → "User wants cursor pagination.";
- a tool and the part of the stack it serves: "terraform for infra." → "The
  team uses terraform for infra." (a later tool for the same part replaces it);
- a label and its value: "currencies: EUR, GBP and USD only at launch" →
  "Currencies: EUR, GBP and USD only at launch." The label must name
  something a team settles (a scope, a deadline, conventions — not a tool,
  which makes "postgres: partial index syntax" a request for help), and the
  value must not speak of "I" or "you" — it is stored as it stands.

A later choice between the same two options replaces the earlier one (its
slot is the pair).
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import SPEAKER_OR_LISTENER, FrameFact, sentences
from reverie.providers.offline.name_lexicon import FUNCTION_WORDS
from reverie.providers.offline.vocabulary import COMMON_WORDS, words

__all__ = ["work_frames"]

_I = re.IGNORECASE

_OPTION = r"[\w.+#/-]+(?: [\w.+#/-]+){0,2}"
_CHOICE = re.compile(
    rf"^(?:(?:ok|okay|fine|right|so|then|yeah|yes|alright|actually|no|nope|wait)[,.!]?\s+)*"
    rf"(?:let's go with |going with |"
    rf"we'll use |use )?(?P<chosen>{_OPTION})(?: then| it is| for sure| wins)?,?\s+"
    rf"(?:not|instead of|over|rather than) (?P<other>{_OPTION})[.!]*$",
    _I,
)
_CONCLUSION = re.compile(
    r"^(?:ok |okay )?(?:so|decision|decided|verdict|final answer)\s*:\s+(?P<what>.+)$", _I
)
_LABEL = re.compile(r"^(?P<label>[a-z][a-z0-9 /-]{2,30}?)\s*:\s+(?P<value>[^:?]{3,200})$", _I)
# What a team settles: a label ends with one of these ("beta scope", "commit convention").
# A tool's name is a topic, not a slot: "postgres: partial index syntax" asks for help.
_SLOT_LABELS = frozenset(
    words(
        """
        deadline deadlines launch scope currencies currency stack hosting deploys deployment
        database backend frontend auth login payments email queue jobs linting lint
        formatting tests testing budget timeline release releases naming convention
        conventions style rules policy owner owners owns ownership languages framework infra
        region versioning branching reviews hours prices pricing rates schedule suppliers
        supplier staff dates venue storage monitoring logging alerting retention backups
        sla slas targets stakeholders cadence
        """
    )
)
# "I want cursor pagination", "I want idempotency keys": a requirement, said at work.
_WANT = re.compile(
    r"(?:^|[,.;]\s+|\bso\s+)i (?:want|need) "
    r"(?P<what>(?![a-z]+ing\b)[a-z][\w-]*(?: [a-z][\w-]*){1,2})\s*[.!]*$",
    _I,
)
# "terraform for infra.", "kustomize now for everything": a tool and the part it serves.
_TOOL_FOR = re.compile(
    r"^(?:(?:ok|okay|so|yeah|yes)[,.!]?\s+)?(?P<tool>[a-z][\w.+#-]*(?: ?\+ ?[a-z][\w.+#-]*)?)"
    r"(?: now)? for (?P<part>infra|infrastructure|ci|cd|ci/cd|monitoring|alerting|deploys|"
    r"deployments|secrets|state|frontend|backend|auth|payments|emails?|queues?|the db|db|"
    r"database|cache|caching|logging|logs|tracing|tests|testing|builds|hosting|dns|cdn|search|"
    r"analytics|metrics|background jobs|jobs|migrations|everything)(?: now)?[.!]*$",
    _I,
)
_ALTERNATIVES = re.compile(r"\b(?:vs\.?|versus)\s", _I)
_CODEISH = re.compile(r"[`{}<>=;]|\(\)|\w\.\w+\(|^\s*[-*]")
_TIME_WORDS = frozenset(
    words(
        """
        today tomorrow tonight yesterday now later soon monday tuesday wednesday thursday
        friday saturday sunday morning afternoon evening weekend week month year this that
        """
    )
)


def _option_ok(option: str) -> bool:
    parts = option.lower().split()
    if not parts or len(option) < 2:
        return False
    return not any(
        part in FUNCTION_WORDS or part in COMMON_WORDS or part in _TIME_WORDS for part in parts
    )


def _decision(chosen: str, other: str) -> FrameFact:
    slot = ("Decision", "|".join(sorted((chosen.lower(), other.lower()))))
    return FrameFact(f"Decision: {chosen}, not {other}.", slot, durable=True)


def work_frames(text: str) -> list[FrameFact]:
    """The decisions one message of work talk states (see the module docstring)."""
    found: list[FrameFact] = []
    for sentence in sentences(text):
        sentence = sentence.strip()
        if "?" in sentence or _CODEISH.search(sentence):
            continue
        if (wanted := _WANT.search(sentence)) is not None and _option_ok(wanted["what"]):
            what = wanted["what"]
            found.append(FrameFact(f"User wants {what}.", ("User wants", what.lower()), True))
            continue
        if (choice := _CHOICE.match(sentence)) is not None:
            chosen = re.sub(r"\s+(?:then|it is|for sure|wins)$", "", choice["chosen"], flags=_I)
            other = choice["other"].rstrip(".!")
            if _option_ok(chosen) and _option_ok(other) and chosen.lower() != other.lower():
                found.append(_decision(chosen, other))
            continue
        if (tool := _TOOL_FOR.match(sentence)) is not None and _option_ok(tool["tool"]):
            used, part = tool["tool"], tool["part"].lower()
            line = f"The team uses {used} for {part}."
            found.append(FrameFact(line, ("The team uses", part), durable=True))
            continue
        if (conclusion := _CONCLUSION.match(sentence)) is not None:
            what = conclusion["what"].rstrip(".! ")
            if 2 <= len(what.split()) <= 30 and not SPEAKER_OR_LISTENER.search(what):
                slot = ("Decision", what.lower())
                found.append(FrameFact(f"Decision: {what}.", slot, durable=True))
            continue
        label = _LABEL.match(sentence)
        if label is None:
            continue
        name, value = label["label"].strip(), label["value"].strip().rstrip(".! ")
        if name.lower().split()[-1] not in _SLOT_LABELS or _ALTERNATIVES.search(value):
            continue
        if (
            SPEAKER_OR_LISTENER.search(value)
            or SPEAKER_OR_LISTENER.search(name)
            or not 2 <= len(value.split()) <= 30
        ):
            continue
        line = f"{name[:1].upper()}{name[1:]}: {value}."
        found.append(FrameFact(line, (name.lower(), "label"), durable=True))
    return found
