"""How the offline Dream lets a plan given up, or a job left, replace the line that held it.

"User withdrew their application for that manager job." makes "User is applying for a
Clinical Manager position at Harbourview Dental Group." stale; "User cancelled the trip to
Aberystwyth." makes "User is going to Aberystwyth for Christmas." stale; "User handed in
their notice at the bookshop." makes "User works Saturdays at a bookshop in the west end."
stale; "User switched from thonny to vscode." makes "User is using thonny from apt." stale.
The newest line that states the plan (or the job, the tool) and shares a word with what was
given up is replaced, whole, by the line that gives it up: memory says what is true now,
and history keeps what was.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from reverie.providers.offline.dream_correct import fact_lines, key_words, line_fact, line_prefix
from reverie.providers.offline.markdown_doc import MarkdownDoc

__all__ = ["apply_called_off"]

_I = re.IGNORECASE

# "User withdrew their application for …", "User cancelled the trip to …", "User is not
# applying after all."
_CALLED_OFF = re.compile(
    r"^User (?:has )?(?:withdrew|withdrawn|pulled out of|backed out of|dropped out of|"
    r"cancell?ed|called off|deferred)\s+(?P<what>\S.*)$"
    r"|^User (?:is not|isn't|is no longer) (?P<doing>\w+ing)\b",
    _I,
)
# A line that holds a plan: what the user is about to do, or has set in motion.
_PLAN = re.compile(
    r"^User (?:is|'s) (?:going|applying|flying|moving|visiting|travell?ing|driving|planning|"
    r"hoping|thinking|booked|signed up|entered|entering|doing|running|taking|starting|"
    r"training)\b"
    r"|^User (?:will|plans|wants to|has booked|booked|signed up|has signed up|applied|"
    r"has applied|entered|has entered)\b",
    _I,
)
# "User handed in their notice at the bookshop.", "User quit the climbing gym.": something
# kept up, ended; it makes the line that says it goes on stale.
_ENDED = re.compile(
    r"^User (?:has |is )?(?:(?:handed|handing) in (?:their|his|her) notice (?:at|to)|"
    r"resigned from|quit|"
    r"stopped going to|gave up|left (?:their|his|her) job at)\s+(?P<what>\S.*)$",
    _I,
)
# "User switched from thonny to vscode.": the tool left makes the line that uses it stale
_SWITCHED_FROM = re.compile(
    r"^User (?:has )?(?:switched|moved|changed|gone over) from (?P<what>\S.*?) to \S", _I
)
_USES = re.compile(r"^User (?:is using|uses|is on|runs|codes in|writes in|works in)\b", _I)
_ONGOING = re.compile(
    r"^User (?:works|is working|goes|volunteers|plays|attends|teaches|coaches|is a member|"
    r"has a (?:job|weekend job|part-time job|saturday job))\b"
    # ("User is a nurse at St James's.": a job held at a place)
    r"|^User is (?:an? |the )?[\w' -]{2,40}? (?:at|for) \S",
    _I,
)
# Words of a plan too general to say which plan it was.
_GENERAL = frozenset(("trip", "plan", "plans", "thing", "job", "go", "going"))
# Enough letters to tell "application" and "applying" for one word.
_SAME_ROOT = 5


def apply_called_off(docs: Mapping[str, MarkdownDoc], files: Sequence[str], text: str) -> bool:
    """Replace the line of the plan (or the job, the club) ``text`` gives up with ``text``.

    Returns:
        True when a line was replaced.
    """
    if (called_off := _CALLED_OFF.match(text)) is not None:
        given_up, stale = called_off["what"] or called_off["doing"], _PLAN
    elif (ended := _ENDED.match(text)) is not None:
        given_up, stale = ended["what"], _ONGOING
    elif (switched := _SWITCHED_FROM.match(text)) is not None:
        given_up, stale = switched["what"], _USES
    else:
        return False
    words = key_words(given_up) - _GENERAL
    if not words:
        return False
    for doc, index in reversed(fact_lines(docs, files)):
        line = line_fact(doc.lines[index])
        if stale.match(line) and _shares_a_root(words, key_words(line)):
            doc.lines[index] = line_prefix(doc.lines[index]) + text
            return True
    return False


def _shares_a_root(these: frozenset[str], those: frozenset[str]) -> bool:
    roots = {word[:_SAME_ROOT] for word in those if len(word) >= _SAME_ROOT}
    return bool(these & those) or any(
        len(word) >= _SAME_ROOT and word[:_SAME_ROOT] in roots for word in these
    )
