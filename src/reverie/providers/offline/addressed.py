"""The name an assistant calls the user by: "Hi Ollie.", "Thanks, Nik.", "… though, Dez!".

An assistant greets the user by the name it read, even where the rules did
not read one ("context btw. nik. sre at trackly"). Only its own lines count:
a drafted letter's "Hi Graham," ends its line, and a quoted draft speaks to
someone else.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from reverie.providers.offline.transcript import Turn
from reverie.providers.offline.vocabulary import COMMON_WORDS, is_name

__all__ = ["addressed_by_assistant"]

_I = re.IGNORECASE

# "Hi Ollie. £15k all-in …", "Nice to meet you, Ngozi.", "You're welcome, Priya.": an
# assistant addressing the user by name, in a line of its own text (a letter's "Hi Graham,"
# ends its line; a quoted draft is someone else's words).
_ADDRESSED = re.compile(
    r"(?:^|(?<=[.!?]\s))(?:(?:hi|hey|hello|thanks|thank you|welcome|bye|goodbye|good luck|"
    r"congratulations|congrats|well done|nice to meet you|noted|any time|anytime|sorry|"
    r"you're welcome|good night|goodnight|great to meet you|lovely to meet you|welcome back|"
    r"good morning|morning|happy birthday)[,!]?\s+|(?:ha|ah|oh)\s*[–—-]\s*noted,\s+)"
    r"(?P<name>(?-i:[A-ZÀ-Þ][a-zà-ÿ'-]+))(?=\s*[.!—–]|,\s+\S)",
    _I,
)
# "Enjoy it, Ilse.", "Good luck on Wednesday, Saoirse.": a wish that ends with the name.
_WISHED = re.compile(
    r"(?:^|(?<=[.!?]\s))(?:good luck|best of luck|enjoy|have fun|take care|safe travels|"
    r"well done)\b[^.!?\n,]{0,30},\s+(?P<name>(?-i:[A-ZÀ-Þ][a-zà-ÿ'-]+))[.!]",
    _I,
)
# "Easy to get hooked on looking though, Dez!": a name called out to end a sentence.
_CALLED_OUT = re.compile(r",\s+(?P<name>(?-i:[A-ZÀ-Þ][a-zà-ÿ'-]+))!")
_ADDRESSED_NEEDED = 2


_QUOTED = re.compile(r"\"[^\"\n]*\"|“[^”\n]*”")


def addressed_by_assistant(replies: Sequence[Turn], said: Sequence[str]) -> str | None:
    """The name an assistant calls the user by: in two replies, or in one when the user wrote it.

    "Thanks, Nik." after "context btw. nik. sre at trackly": the assistant read a name the
    rules did not.
    """
    found: Counter[str] = Counter()
    for reply in replies:
        names = set()
        for line in reply.text.split("\n"):
            if line.lstrip().startswith((">", '"', "“")):
                continue  # a draft or a quote: its greeting is to someone else
            # ('read "Oh Shit, Git!?"': a title quoted, not a name called)
            line = _QUOTED.sub('"…"', line)
            matches = (
                *_ADDRESSED.finditer(line.strip()),
                *_CALLED_OUT.finditer(line),
                *_WISHED.finditer(line.strip()),
            )
            for match in matches:
                name = match["name"]
                if name.lower() not in COMMON_WORDS and is_name(name):
                    names.add(name)
        found.update(names)
    typed = set(re.findall(r"[a-zà-ÿ]+", " ".join(said).lower()))
    for name, count in found.most_common():
        if _someone_of_theirs(name, said):
            continue  # "My daughter Priya is …", then "Well done, Priya!": praise of her
        if count >= _ADDRESSED_NEEDED or (name.lower() in typed and not _talked_about(name, said)):
            return name
    return None


def _talked_about(name: str, said: Sequence[str]) -> bool:
    """ "tash made him do 4950": the user wrote the name as someone else doing something."""
    subject = re.compile(rf"\b{re.escape(name)}\s+{_THIRD_PERSON_VERB}", _I)
    return any(subject.search(text) for text in said)


def _someone_of_theirs(name: str, said: Sequence[str]) -> bool:
    """ "my daughter Priya", "my friend Tom": the user named them as one of their people."""
    # ("my name is Priya", "my name's Priya" name the user)
    theirs = re.compile(
        rf"\bmy (?!name|nickname)(?:(?!is\b|was\b)[\w-]+ ){{1,2}}{re.escape(name)}\b", _I
    )
    return any(theirs.search(text) for text in said)


# (Not "dez stop opening that hive", a quoted call to the user, nor "Ife is fine", a name
# given.)
_THIRD_PERSON_VERB = r"(?:\w+ed|made|said|says|got|gets|went|came|thinks|wants|told|took|gave)\b"
