"""The markers and delimiters reverie's own prompts use.

They are shared by the side that writes a prompt (the Consolidator's archive
request) and the side that reads one (the offline provider recognises an archive
request and finds the conversation in it), so they live below both.
"""

from __future__ import annotations

__all__ = [
    "ARCHIVE_REQUEST_MARKER",
    "ARCHIVE_TAGS",
    "CONVERSATION_CLOSE",
    "CONVERSATION_OPEN",
    "NOTHING_ANSWER",
    "PREVIOUS_SUMMARY_CLOSE",
    "PREVIOUS_SUMMARY_OPEN",
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
