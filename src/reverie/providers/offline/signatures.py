"""Who the user is, read from their own signature (or git config) pasted into a message.

"Here's my current signature so you can see my role:\\n\\nHanne Vestergaard\\nHighly
Specialist Speech and Language Therapist (Band 7)\\nStroke Unit, Southmead Hospital"
gives the name, the job and the workplace. Only a block the user calls their own
signature is read: the signature under a pasted email from someone else names them,
not the user.
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import FrameFact

__all__ = ["signature_frames"]

_I = re.IGNORECASE

# "here's my current signature:", "my email sig is below:", "this is my signature block -"
_MY_SIGNATURE = re.compile(
    r"\bmy (?:current |usual |work |email |e-mail |old |new )*(?:signature|sig)(?: block)?\b"
    r"[^\n:]{0,60}[:\-–—]?\s*\n"
    # ("Perfect. Sign-off is:\n\nYours sincerely,\nTamsin Greaves": how a letter of theirs ends)
    r"|(?:^|[.!]\s+|\bmy )sign[- ]?off(?: is| should be| will be)?\s*[:\-–—]\s*\n"
    # ("this is my usual sign-off, please use it:\n\nBest wishes,\nEsther Mwangi MRICS")
    r"|\bmy (?:usual |normal |work |email )?sign[- ]?off\b[^\n:]{0,40}:\s*\n",
    _I,
)
# How a letter ends ("Yours sincerely,", "Kind regards"): opening the block, the name is on the
# line after it; after the name, no role
_SIGN_OFF = (
    r"(?:yours (?:sincerely|faithfully|truly)|(?:kind|best|warm|many) (?:regards|wishes|thanks)|"
    r"regards|best|thanks(?: so much| again)?|thank you|cheers|with thanks|all the best)"
)
# "Can you tighten this email up? It's to my manager …": a draft of the user's own, to edit,
# whose sign-off names them
_DRAFT_TO_POLISH = re.compile(
    r"\b(?:tighten|improve|check|polish|proofread|edit|fix|rewrite|look over|shorten|soften)"
    r"(?: up)? (?:this|my) (?:draft )?(?:email|e-mail|letter|message|cover letter)\b",
    _I,
)
# "Can you tidy this up so it sounds friendly but firm?": only one's own words are tidied
_TIDY_UP = re.compile(
    r"\b(?:tidy|clean|neaten|smarten) (?:this|it) up\b|\btidy up (?:this|my)\b", _I
)
_DRAFT_WORDS = ("mail", "letter", "message")
# The paragraphs of a pasted draft, the last of which may be its signature.
_PARAGRAPH = re.compile(r"(?:^|\n[ \t]*\n)(?=[ \t]*\S)")
_VALEDICTION_LINE = re.compile(rf"^[ \t>]*{_SIGN_OFF}[,.!]*[ \t]*$", _I | re.MULTILINE)
_VALEDICTION = re.compile(rf"^{_SIGN_OFF}[,.!]*$", _I)
_NAME_LINE = re.compile(
    r"^(?P<name>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+){0,2})"
    # ("Hanne Vestergaard, MSc" or "Dr Ana Ruiz": letters after a name are not the name)
    r"(?:,\s*[A-Z][\w .]{1,12})?$"
)
# "Esther Mwangi MRICS", "Olu Adebayo CEng": the letters after a name are not the name
# ("Ewan McKay" keeps his)
_LETTERS_AFTER = re.compile(
    r"(?: (?!(?:Mc|Mac|De|Di|Da|La|Le|Du|O)[A-Z])(?=[A-Z]\w*[A-Z])[A-Za-z]{2,6})+$"
)
_TITLE = re.compile(r"^(?:dr|prof|mr|mrs|ms|mx|miss)\.? ", _I)
# A line that is contact details, not a role or a place.
_CONTACT = re.compile(
    r"@|https?://|www\.|\+?\d[\d ()-]{6,}|^(?:tel|mob|phone|email|e|t|m)\b[:.]", _I
)
_NOT_A_ROLE = re.compile(rf"^(?:{_SIGN_OFF}|sent from)\b", _I)
_MAX_LINE = 80
_MAX_LINES = 4


# "$ git config --list | grep user\nuser.name=Bram Hoekstra": the name on the user's commits
_GIT_NAME = re.compile(
    r"^\s*user\.name\s*=\s*[\"']?"
    r"(?P<name>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+){1,2})[\"']?\s*$",
    _I | re.MULTILINE,
)


def signature_frames(text: str) -> list[FrameFact]:
    """The user's name, role and workplace from a pasted signature of their own (or the
    name from their own git config, pasted)."""
    low = text.lower()
    if "user.name" in low and "git config" in low and (named := _GIT_NAME.search(text)):
        return [FrameFact(f"User is {named['name']}.", ("User", "called"))]
    draft = "\n" in text and (
        (
            any(word in low for word in _DRAFT_WORDS)  # (a search costs more than a look)
            and _DRAFT_TO_POLISH.search(text) is not None
        )
        or ("up" in low and _TIDY_UP.search(text) is not None)
    )
    if " sig" not in low and "sign" not in low and not draft:
        return []  # (most messages hold no signature, and the search costs time)
    cue = _MY_SIGNATURE.search(text)
    if cue is not None:
        start = cue.end()
    elif draft and (ends := list(_VALEDICTION_LINE.finditer(text))):
        start = ends[-1].start()
    elif draft:
        # ("Gemma\n\nGemma Whitlock\nPractice Manager": no "regards", the name block last)
        start = _last_paragraph(text)
    else:
        return []
    lines = [line.strip(" \t*_>") for line in text[start:].split("\n")]
    block: list[str] = []
    for line in lines:
        if not line:
            if block:
                break
            continue
        if not block and _VALEDICTION.match(line):
            continue
        if not line.strip("-–—_= "):
            break  # ("---" closes a pasted draft)
        block.append(line)
        if len(block) > _MAX_LINES:
            break
    if not block:
        return []
    name = _NAME_LINE.match(_TITLE.sub("", block[0]))
    if name is None or len(name["name"].split()) < 2:
        return []  # a full name opens a signature; one word may be a heading
    called = _LETTERS_AFTER.sub("", name["name"])
    found = [FrameFact(f"User is {called}.", ("User", "called"))]
    rest = [
        part.strip().rstrip(".")
        for line in block[1:_MAX_LINES]
        if len(line) <= _MAX_LINE and not _CONTACT.search(line) and not _NOT_A_ROLE.match(line)
        # ("Quantity Surveyor | Hallbrook Construction Ltd": the role and where, on one line)
        for part in line.split(" | ")
    ]
    if rest:
        found.append(FrameFact(f"User's job title is {rest[0]}.", ("User", "job")))
    if len(rest) > 1:
        found.append(FrameFact(f"User works at {', '.join(rest[1:])}.", ("User", "workplace")))
    return found


def _last_paragraph(text: str) -> int:
    """Where the last paragraph of ``text`` starts, a closing "---" not counted."""
    starts = [match.end() for match in _PARAGRAPH.finditer(text)]
    for start in reversed(starts):
        if text[start:].strip().strip("-–—_= \n"):
            return start
    return 0
