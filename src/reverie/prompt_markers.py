"""The markers and delimiters reverie's own prompts use.

They are shared by the side that writes a prompt (the Consolidator's archive
request) and the side that reads one (the offline provider recognises an archive
request and finds the conversation in it), so they live below both.

Text embedded in a delimited block (a conversation, a previous summary, a
history entry) is passed through :func:`defuse_tags` first: a user who pastes
``</conversation>`` must not end the block early and have the rest read as
instructions, and a reader of the prompt must find the real delimiters only.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

__all__ = [
    "ARCHIVE_REQUEST_MARKER",
    "ARCHIVE_TAGS",
    "CONVERSATION_CLOSE",
    "CONVERSATION_OPEN",
    "NOTHING_ANSWER",
    "PREVIOUS_SUMMARY_CLOSE",
    "PREVIOUS_SUMMARY_OPEN",
    "defuse_tags",
]

ARCHIVE_REQUEST_MARKER = "reverie-archive/1"
"""Text present in the archive prompt, and nowhere in an ordinary chat prompt."""

ARCHIVE_TAGS = ("permanent", "durable", "ephemeral", "correction", "skip")
"""The tags a fact line may start with (``[permanent] …``)."""

NOTHING_ANSWER = "(nothing)"
"""The whole answer when nothing in the conversation is worth keeping."""

CONVERSATION_OPEN = "<conversation>"
CONVERSATION_CLOSE = "</conversation>"
PREVIOUS_SUMMARY_OPEN = "<previous_summary>"
PREVIOUS_SUMMARY_CLOSE = "</previous_summary>"


@functools.cache
def _tag_pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(name) for name in names)
    return re.compile(rf"<(/?)({alternatives})\b", re.IGNORECASE)


def defuse_tags(text: str, names: Iterable[str]) -> str:
    """``text`` that can neither open nor close a block named in ``names``.

    ``</conversation>`` becomes ``<\\/conversation>`` and ``<conversation>``
    becomes ``<\\conversation>``: still readable as what the user wrote, but no
    longer the delimiter, for a model or for a parser looking for it.
    """
    return _tag_pattern(tuple(names)).sub(lambda m: f"<\\{m[1]}{m[2]}", text)
