"""Cut a message into the clauses the rules classify, one statement each.

Code blocks, tables, quoted lines (``> …``) and long quoted passages are not
the speaker's own statements and are left out. A line is split into sentences
(not after "St." or "e.g."), and a sentence into clauses where a new subject
starts ("I live in Lisbon, I hate meetings"; "… but we use Go"). A clause that
starts with "he"/"she" or "it" is given back its subject when the clause
before names it ("my son Elias is 9, he plays football" → "Elias plays
football"; "our booking API. it's Django" → "our booking API is Django").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import partial

from reverie.providers.offline.normalise import normalise_chat
from reverie.providers.offline.vocabulary import COMMON_WORDS, is_name, words

__all__ = ["drop_code", "known_names", "resolve_pronouns", "split_sentences"]

_I = re.IGNORECASE
_CODE_FENCE = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)
_BULLET = re.compile(r"^\s*(?:[-*•]+|\d+[.)])\s+")
_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
_QUOTE_LINE = re.compile(r"^\s*>")
# A quoted passage of eight words or more is someone else's text (an email to
# rewrite, a message to answer), not what the speaker says about themselves.
_QUOTED = re.compile(r"[\"“][^\"”\n]*[\"”]")
_LONG_QUOTE_WORDS = 8
# "I made a fly app, it's called fernweh-search": the name belongs to the app.
_ITS_CALLED = re.compile(r",?\s+(?:it's|its|it is|which is|that's|they're)\s+(called|named)\b", _I)
_SENTENCE_END = re.compile(r"[.!?]+[\"')\]]*\s+")
_ABBREVIATIONS = frozenset(
    words("st dr mr mrs ms prof vs etc approx inc ltd jr sr no e.g i.e fig mt ca cf aka")
)
# "my"/"our" after a comma is usually an aside ("I booked a photographer, my
# friend Deniz"), so it does not start a new clause.
_SUBJECT_AHEAD = (
    r"(?=(?:i|i'm|i've|i'll|i'd|we|we're|we'll|we've|let's|please|call me|he|she|"
    r"he's|she's)\b)"
)
_CLAUSE = re.compile(
    rf";\s+|,\s*(?:and |but |so |because |cause |though )?{_SUBJECT_AHEAD}"
    # "I always use Figma, can I export from figma to html?": the question is apart.
    r"|,\s*(?=(?:can|could|should|would|will|do|does|did|is|are|how|what|why|where|when|which)"
    r"\s+(?:i|you|we|it|they|he|she|there|that|this)\b)"
    rf"|\s+(?:but|so)\s+{_SUBJECT_AHEAD}"
    # "… too early with the embassy wait, so my start date is moved to 4 may"
    # (only a new value, with its number: "…, so my operation has been moved" says none)
    r"|,\s*(?=(?:so |and |but )?(?:our|the) (?:[\w'-]+ ){1,3}(?:is|was) (?:now |on |the )*[£$€]?\d)"
    r"|,\s*(?=(?:so |and |but )?my (?:[\w'-]+ ){1,2}(?:is|are|was|has|got|moved|changed)\b"
    r"[^,.;!?]*\d)"
    # "I'm veggie but mum's a meat and two veg woman", "… so his shifts are all over the place"
    r"|\s+(?:but|so)\s+(?=(?:my \w+|mum|mom|dad|his \w+|her \w+|their \w+)(?:'s| is| are| was|"
    r" has| \w+s)\b)"
    # "I get motion sick on boats so skip the ferry": the reason is a fact, the rest a request.
    r"|,?\s+so\s+(?=(?:please\s+)?(?:skip|avoid|don't|do not|keep|make sure|book|pick|choose|"
    r"use|remove|swap|leave out|no)\b)"
    # "swap quinoa for couscous, Ruben hates quinoa": a named subject starts a clause.
    r"|,\s*(?=(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+ (?:is|was|has|hates|loves|likes|prefers|lives|works|"
    r"can't|doesn't|won't|isn't|\w+s)\b)"
    # "…, tomasz is head baker full time, leanne runs front of house": a roster in one line
    r"|,\s*(?=(?-i:[a-zà-ÿ][\wà-ÿ'-]+) (?:(?:runs|does|works|handles|manages|owns|leads|covers)"
    r" (?!of\b|out\b|fine\b|well\b)\w|is (?:our|the|a|an|head|lead|chief|senior|junior) \w))"
    # "lsp for go in vs code — wait no, switched to neovim": the correction is apart.
    r"|\s+[-–—]+\s+(?=(?:wait|no|nope|actually|sorry|correction|scratch that)\b)"
    # "scratch what I said about Overleaf — I moved the thesis to VS Code": a new statement.
    r"|\s+[–—]\s+(?=(?:i|i'm|i've|we|we're|we've|my|our)\s)",
    _I,
)
# "I live in Lisbon and I hate meetings" is two facts; "my wife and I live in
# Lisbon" is one: split at "and I" only after a clause of three words or more.
_AND_SUBJECT = re.compile(r"\s+and\s+(?=(?:i|i'm|i've|we|we're)\b)", _I)
_MIN_CLAUSE_WORDS = 3
_SHORT_QUESTION_WORDS = 6
_TAG_QUESTION = re.compile(
    r"^(?:right|no|correct|yes|yeah|ok|okay|true|isn't it|aren't (?:we|you|they)|"
    r"don't (?:we|you|they)|didn't (?:we|you|they)|or not|or did i \w+ (?:it|that))\W*$",
    _I,
)
# A correction cue on its own belongs to the clause after it.
_CUE_ONLY = re.compile(
    r"^(?:(?:no|nope|wait|oh|actually|correction|sorry|oops|update|hmm|ah|scratch that)"
    r"[,.!]?\s*){1,3}$",
    _I,
)
_HE_SHE = re.compile(r"^(?:he|she)(?P<rest>(?:'s|\s).*)$", _I)
_HIS_HER = re.compile(r"^(?:his|her)\s+(?P<rest>.*)$", _I)
_IT = re.compile(r"^it(?P<verb>'s| is| uses| runs| was| has)\b(?P<rest>.*)$", _I)
_BARE_NP = re.compile(r"^(?:our|my|the)\s+(?:[\w'./-]+\s+){0,3}[\w'./-]+[.!]?$", _I)
_VERBISH = re.compile(
    r"\b(?:is|are|was|were|has|have|had|do|does|did|will|would|can)\b|\w+ed\b", _I
)


# "- Anna (CEO): we need 2M ARR" in pasted notes is Anna speaking, not the user.
_SPEAKER_LINE = re.compile(
    r"^\s*(?:[-*•]\s*)?(?:\[[^\]]{1,20}\]\s*)?(?P<label>[A-ZÀ-Þ][\wÀ-ÿ'-]*"
    r"(?: [A-ZÀ-Þ][\wÀ-ÿ'-]*)?)(?: \([^)]{1,30}\))?:\s+\S"
)
_LABEL_WORDS = frozenset(
    words(
        """
        context background edit subject question answer plan goal decision idea problem issue
        summary status example tldr re note todo update correction reminder ps fyi important
        warning error info tip hint step result output input nb bug fix feature reason
        """
    )
)


def drop_code(text: str) -> str:
    """``text`` with its fenced code blocks replaced by a line break (code states no fact)."""
    return _CODE_FENCE.sub("\n", text)


def _someone_elses_line(line: str) -> bool:
    match = _SPEAKER_LINE.match(line)
    if match is None:
        return False
    first = match["label"].split()[0]
    return is_name(first) and first.lower() not in _LABEL_WORDS


# "at Fernhill Energy (uk energy supplier, i'm in the glasgow office) and …": an aside
# that is a clause of its own, not a label such as "my garmin (forerunner 255)".
_ASIDE = re.compile(r"\s*\((?P<inner>[^()]*(?:,|\bi'm\b|\bi\b|\bmy\b)[^()]*)\)[.,;]?", _I)
# "my mum (she's from valencia) has been telling me": an aside about the person just named.
_ASIDE_ABOUT = re.compile(
    r"\b(?P<who>(?i:my) (?:\w+ )?\w+|[A-ZÀ-Þ][\wÀ-ÿ'-]+) \((?i:she|he)"
    r"(?P<verb>'s| is| (?!was\b)\w+s) (?P<rest>[^()]{3,60})\)",
)


def _aside_about(line: str) -> str:
    """ "my mum (she's from valencia) cooks" → "my mum cooks. my mum is from valencia."

    Also after a name: "Fiona (she leads pricing)" → "… Fiona leads pricing."
    """
    match = _ASIDE_ABOUT.search(line)
    if match is None:
        return line
    who = match["who"]
    if not who.lower().startswith("my ") and (not is_name(who) or who.lower() in COMMON_WORDS):
        return line
    verb = match["verb"].strip()
    verb = "is" if verb in ("'s", "is") else verb
    said = line[: match.end("who")] + line[match.end() :]
    return f"{said.rstrip(' .')}. {who} {verb} {match['rest'].strip()}."


def _sentences(line: str) -> list[str]:
    line = _ASIDE.sub(lambda match: f". {match['inner'].strip()}. ", _aside_about(line))
    out: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(line):
        before = line[start : match.start()].split()
        last = before[-1].lower().rstrip(".") if before else ""
        # "J. Smith" is an initial; "staying with R. the dinosaur lives" ends a sentence.
        following = line[match.end() :].lstrip()[:1]
        initial = len(last) == 1 and last.isalpha() and following.isupper()
        if match.group(0).startswith(".") and (last in _ABBREVIATIONS or initial):
            continue  # "St. Olav's", "J. Smith"
        out.append(line[start : match.end()].strip())
        start = match.end()
    out.append(line[start:].strip())
    return [sentence for sentence in out if sentence]


def _question_apart(sentence: str) -> str:
    """ "I'm on macOS, launchd for autostart?": a short question tail after a statement.

    The tail gets its own clause (joined by ";"), so the statement is not taken
    for part of the question.
    """
    if not sentence.rstrip().endswith("?") or "," not in sentence:
        return sentence
    head, tail = sentence.rsplit(",", 1)
    if len(tail.split()) > _SHORT_QUESTION_WORDS or len(head.split()) < _MIN_CLAUSE_WORDS:
        return sentence
    if _TAG_QUESTION.match(tail.strip()):
        return sentence  # "we agreed to move it, right?": the statement itself is asked
    return f"{head}; {tail.strip()}"


def _split_and(sentence: str) -> list[str]:
    parts: list[str] = []
    rest = sentence
    while (match := _AND_SUBJECT.search(rest)) is not None:
        head = rest[: match.start()]
        if len(head.split()) < _MIN_CLAUSE_WORDS:
            break
        subject = head.rsplit(":", 1)[-1].split()
        if subject and len(subject) <= 2 and (is_name(subject[-1]) or subject[0].lower() == "my"):
            break  # "Sofie and I are …", "topic: my wife and I live …": one subject
        parts.append(head)
        rest = rest[match.end() :]
    parts.append(rest)
    return parts


def _short_quote(match: re.Match[str]) -> str:
    """A quoted passage of eight words or more becomes ``"…"`` (someone else's text)."""
    quoted = match.group(0)
    return '"…"' if len(quoted.split()) >= _LONG_QUOTE_WORDS else quoted


def split_sentences(text: str) -> list[str]:
    """Split a message into clauses; code, tables, quotes and bullet marks are dropped."""
    text = drop_code(text)
    text = _ITS_CALLED.sub(r" \1", text)
    text = _QUOTED.sub(_short_quote, text)
    clauses: list[str] = []
    for raw in text.splitlines():
        if _TABLE_ROW.match(raw) or _QUOTE_LINE.match(raw) or _someone_elses_line(raw):
            continue
        line = normalise_chat(_BULLET.sub("", raw).strip())
        for sentence in _sentences(line):
            parts = [p.strip() for p in _CLAUSE.split(_question_apart(sentence)) if p and p.strip()]
            for index, part in enumerate(parts):
                if _CUE_ONLY.match(part) and index + 1 < len(parts):
                    parts[index + 1] = f"{part}, {parts[index + 1]}"  # "No wait, I switched …"
                    continue
                clauses.extend(p.strip() for p in _split_and(part) if p.strip())
    return clauses


_RELATION = re.compile(
    r"\b(?:my|the) (?:grand(?:mother|father|ma|pa)|mother|mom|mum|father|dad|sister|brother|wife|"
    r"husband|partner|boyfriend|girlfriend|son|daughter|boss|manager|friend|colleague|cousin|"
    r"aunt|uncle|niece|nephew|neighbou?r|landlord|landlady|roommate|flatmate|doctor|"
    r"therapist|teacher|coach|accountant|supervisor|advisor|mentor)\b(?!(?-i: [A-ZÀ-Þ]))",
    _I,
)
_LOOK_BACK = 6
# "him"/"her"/"his" inside a clause (not its subject), with what follows it.
# Only in a clause about the speaker ("I need to find her a hotel"): in "Mila gets her
# own room" the "her" is Mila.
_OBJECT_PRONOUN = re.compile(r"(?<=\w) (?P<word>him|her|his)(?! own\b)(?P<after>\W\S*|$)", _I)
_SPEAKER_SUBJECT = re.compile(r"^(?:i|i'm|i'll|i've|i'd|my|we|we're|we'll|our)\b", _I)
# What follows "her" as an object ("find her a hotel", "i like her already"); any other
# word makes it the possessive ("her flight").
_OBJECT_FOLLOWERS = frozenset(
    ["", ".", ",", "!", " a", " an", " the", " to", " some", " and", " up", " in", " on", " at"]
    + [
        f" {word}"
        for word in words(
            """
            already too so now again back more tomorrow today tonight later soon for with about
            from if when but or out off over round around yet though tho
            """
        )
    ]
)


# Before a place, not a person: "a flat in Leith", "moving to Berlin", "back from Lagos"
# ("tell it to Brenda", "a text from Ana" are people).
_PLACE_BEFORE = re.compile(
    r"(?:^|\s)(?:in|near|around|via|into|outside|across|towards"
    r"|(?:move|moving|moved|fly|flying|flew|flight|flights|drive|driving|drove|trip|"
    r"travel\w*|going|go|went|back|home|road|train|visit|visiting|visited|relocat\w+) "
    r"(?:to|from))$",
    _I,
)


_SENTENCE_OPENERS = COMMON_WORDS | frozenset(
    words("of in on at for with by from to as course sure oh no yes")
)


def _referents(clause: str, speaker: str, own: bool) -> tuple[set[str], set[str]]:
    """Who a clause names (names, and "my sister" when the speaker said it), and which of
    them are places ("moving to Berlin"), never the "she" of the next clause."""
    said = clause.split()
    bare = [word.rstrip(".,;:!?").removesuffix("'s") for word in said]
    # An acronym ("the UX course") is a thing, never the "he" of the next clause.
    named = [
        (index, word)
        for index, word in enumerate(bare)
        if is_name(word)
        and not word.isupper()
        and word not in (speaker, "User")
        and not (index == 0 and word.lower() in _SENTENCE_OPENERS)  # "Of course."
    ]
    found = {word for _, word in named}
    for match in _RELATION.finditer(clause):
        if own or not match.group(0).lower().startswith("my "):
            found.add(match.group(0).lower())
    places = {w for i, w in named if _PLACE_BEFORE.search(" ".join(said[max(0, i - 2) : i]))}
    return found, places


def _referent(before: Sequence[tuple[str, str]], speaker: str) -> str | None:
    """The one person the nearest clause naming anyone names, or None if it names two,
    or only a place ("we're moving to Berlin. she's never been" leaves "she" unknown)."""
    for clause, said_by in list(before)[-_LOOK_BACK:][::-1]:
        found, places = _referents(clause, speaker, said_by == speaker)
        if found:
            return found.pop() if len(found) == 1 and not places else None
    return None


def _as_object(match: re.Match[str], who: str) -> str:
    """ "find her a hotel" → "find my mom a hotel"; "her flight" → "my mom's flight"."""
    if match["word"].lower() == "his" or match["after"] not in _OBJECT_FOLLOWERS:
        return f" {who}'s{match['after']}"
    return f" {who}{match['after']}"


def _expand_s(rest: str) -> str:
    """ "'s a data analyst" → " is a data analyst"; "'s got swimming" → " has got swimming"."""
    if not rest.startswith("'s"):
        return rest
    # "she's bought a new swimming costume": "has" before a past participle that is not
    # also an adjective ("she's tired", "she's married" stay "is").
    has = (
        re.match(
            r"'s (?:just |already |finally |never |also )?(?:got|been|bought|made|done|gone|"
            r"had|seen|taken|given|found|lost|won|told|sent|spent|paid|kept|brought|taught|"
            r"written|booked|started|ordered|signed|moved|decided|applied|joined|quit|"
            r"asked|offered|agreed|promised|invited|sold|left)\b",
            rest,
        )
        is not None
    )
    return (" has" if has else " is") + rest[2:]


# Someone the clause itself names, whom its "his"/"her" may mean.
_OWN_PERSON = re.compile(
    r"\bmy (?:little |big |older |younger )?(?:brother|sister|son|daughter|dad|father|mum|mom|"
    r"mother|husband|wife|partner|boyfriend|girlfriend|friend|boss|manager|colleague|flatmate|"
    r"roommate|cousin|uncle|aunt|auntie|grand\w+|nephew|niece|kid|baby)\b",
    re.IGNORECASE,
)


def resolve_pronouns(
    clauses: list[str], speaker: str = "User", context: Sequence[tuple[str, str]] = ()
) -> list[str]:
    """Give "he"/"she"/"it" at the start of a clause the subject said before.

    "he"/"she" become the one person the nearest earlier clause names (a name,
    or the speaker's "my sister"); "it's" after a bare noun phrase ("our
    booking API. it's Django") becomes that phrase. Nothing is guessed when two
    people are named.

    Args:
        clauses: The clauses of one message, in order.
        speaker: Who wrote them (never the one "he"/"she" refers to).
        context: Earlier clauses ``(clause, who said it)``, oldest first, for a
            message that starts with "she": "Hi Kasia!" → "she works at a bank".
    """
    out: list[str] = []
    before = list(context)
    previous = ""
    for clause in clauses:
        resolved = clause
        if (he := _HE_SHE.match(clause)) is not None:
            who = _referent(before, speaker)
            if who is not None:
                rest = he["rest"]
                # "she's a data analyst": "is" far more often than "has" before a noun.
                resolved = who + _expand_s(rest)
        elif (his := _HIS_HER.match(clause)) is not None:
            who = _referent(before, speaker)
            if who is not None:
                resolved = f"{who}'s {his['rest']}"
        elif (
            _SPEAKER_SUBJECT.match(clause)
            and _OBJECT_PRONOUN.search(clause)
            and not _OWN_PERSON.search(clause)  # "when my brother finishes his boards"
            and (who := _referent(before, speaker))
        ):
            resolved = _OBJECT_PRONOUN.sub(partial(_as_object, who=who), clause)
        elif (
            (it := _IT.match(clause)) is not None
            and _BARE_NP.match(previous)
            and not _VERBISH.search(previous)
        ):
            verb = " is" if it["verb"] == "'s" else it["verb"]
            resolved = previous.rstrip(".!") + verb + it["rest"]
            out = out[:-1] if out and out[-1] == previous else out
        out.append(resolved)
        before.append((resolved, speaker))
        previous = resolved
    return out


_CAPITALISED = re.compile(r"(?<=[\w,;:)] )[A-ZÀ-Þ][\wÀ-ÿ'’-]+")


def known_names(texts: list[str]) -> frozenset[str]:
    """Words written with a capital letter in the middle of a sentence: likely names.

    A capital at the start of a sentence proves nothing ("Timeline is roughly a
    year"); "with Priya", "called Harbor", "morning Tomás" do.
    """
    found: set[str] = set()
    for text in texts:
        for line in drop_code(text).splitlines():
            if _TABLE_ROW.match(line):
                continue  # "| Landlord Gas Safety Certificate | £70 |": a table's title case
            for match in _CAPITALISED.finditer(line):
                word = match.group(0).removesuffix("'s").removesuffix("’s")
                if is_name(word):
                    found.add(word)
    return frozenset(found)
