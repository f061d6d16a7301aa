"""Cut a message into the clauses the rules classify, one statement each.

Code blocks, tables, quoted lines (``> …``) and long quoted passages are not
the speaker's own statements and are left out (:mod:`.pasted`). A line is split into sentences
(not after "St." or "e.g."), and a sentence into clauses where a new subject
starts ("I live in Lisbon, I hate meetings"; "… but we use Go"; at "and",
:mod:`.and_clauses`). Who a clause's "he", "she" or "it" is, :mod:`.pronouns` works out.
"""

from __future__ import annotations

import re

from reverie.providers.offline.and_clauses import MIN_CLAUSE_WORDS, split_at_and
from reverie.providers.offline.normalise import normalise_chat
from reverie.providers.offline.pasted import drop_code, is_table_row, not_the_speakers
from reverie.providers.offline.vocabulary import COMMON_WORDS, is_name, words

__all__ = ["dashed_apposition", "known_names", "split_sentences"]

_I = re.IGNORECASE
_BULLET = re.compile(r"^\s*(?:[-*•]+|\d+[.)])\s+")
# A quoted passage of eight words or more is someone else's text (an email to
# rewrite, a message to answer), not what the speaker says about themselves.
_QUOTED = re.compile(r"[\"“][^\"”\n]*[\"”]")
# 'This is the job:\n\n"Accounts Payable Clerk – …\nFull-time, …\nRequirements: …"': a quote of
# several lines, from a line's start to a line's end
_QUOTED_LINES = re.compile(r"^[ \t]*[\"“][^\"”]*\n[^\"”]*[\"”][ \t]*$", re.MULTILINE)
# "Here it is. … \n\n"Thank you all for coming …"": the speaker's own text, quoted to be read
_OWN_TEXT = re.compile(
    r"\b(?:here it is|here(?:'s| is) (?:my|what I)|my (?:draft|speech|eulogy|toast|letter|email|"
    r"post|story|poem|answer)|I(?:'ve| have)? (?:wrote|written|drafted))\b",
    re.IGNORECASE,
)
_LONG_QUOTE_WORDS = 8
# "Can you check the beginning of my personal statement? "I am qualified teacher …"": a
# draft of the speaker's own words about themselves, quoted to be checked
_OWN_DRAFT = re.compile(
    r"\bmy (?:own )?(?:personal statement|supporting statement|bio|about me|profile|"
    r"self[- ]introduction|introduction)\b",
    re.IGNORECASE,
)
# "I made a fly app, it's called fernweh-search": the name belongs to the app.
_ITS_CALLED = re.compile(
    r",?\s+(?:and )?(?:it's|its|it is|which is|that's|they're)\s+(called|named)\b", _I
)
# "Paragraphs, please, not bullets!": one request, however many commas it was typed with.
_PLEASE_APART = re.compile(
    r"(?:^|(?<=[.!?]\s))(?P<what>\w+(?: \w+){0,2}), (?P<please>please|pls|plz),", re.IGNORECASE
)
# "Plain numbered lists, please.": the "please" ends what is asked, it starts nothing
_PLEASE_AT_END = re.compile(r",\s*(?P<please>please|pls|plz)(?P<end>[.!]*)$", re.IGNORECASE)
# "we can pay until 2000 euro. Not 1800.": the old value put right, said on its own
_NOT_THE_OLD_VALUE = re.compile(
    r"(?P<new>\d[^.!?]*?)[.!]\s+not (?P<old>(?:the )?[£$€]?\d[\w,:/-]*(?: [a-z]+)?)(?=[.!]|$)",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.!?]+[\"')\]]*\s+")
_ABBREVIATIONS = frozenset(
    words("st dr mr mrs ms prof vs etc approx inc ltd jr sr no e.g i.e fig mt ca cf aka")
)
# "my"/"our" after a comma is usually an aside ("I booked a photographer, my
# friend Deniz"), so it does not start a new clause.
# ("That's really helpful but could you keep answers shorter": a wish of its own)
_SUBJECT_AHEAD = (
    # ("…, sometime I use google translate": how often, before the new subject)
    r"(?=(?:(?:sometimes?|usually|often|normally|mostly) )?(?:i|i'm|i've|i'll|i'd|we|we're|"
    r"we'll|we've|let's|please|call me|he|she|he's|she's|(?:could|can|would) you)\b)"
)
# What the speaker is, given as a reason: "… because I'm allergic to penicillin".
# ("good because i'm allergic to the little orange menace": a cat, teased)
REASON_STATE = (
    r"(?:i'm|i am) (?:\w+ )?(?:intolerant|allergic(?! to the\b)|vegetarian|vegan|coeliac|"
    r"celiac|diabetic|pregnant|pescatarian)\b"
)
_CLAUSE = re.compile(
    rf";\s+|,\s*(?:and |but |so |because |cause |though |as )?{_SUBJECT_AHEAD}"
    # "soup without the cream because I am lactose intolerant": the reason is a state of one's own
    rf"|\s+because\s+(?={REASON_STATE})"
    # "my hours change — now I do 24 hour a week not 20": what holds now, after a dash
    r"|\s+[—–]\s+(?=now,? I\b)"
    # "I have Hashimoto, the thyroid, and when I am stressed I am very tired": a fact, then when
    r"|,\s*(?=and (?:when|whenever|if) (?:i|i'm)\b)"
    # "I always use Figma, can I export from figma to html?": the question is apart.
    r"|,\s*(?=(?:can|could|should|would|will|do|does|did|is|are|how|what|why|where|when|which)"
    r"\s+(?:i|you|we|it|they|he|she|there|that|this)\b)"
    rf"|\s+(?:but|so)\s+{_SUBJECT_AHEAD}"
    # "… too early with the embassy wait, so my start date is moved to 4 may"
    # (only a new value, with its number: "…, so my operation has been moved" says none)
    r"|,\s*(?=(?:so |and |but )?(?:our|the) (?:[\w'-]+ ){1,3}(?:is|was) (?:now |on |the )*[£$€]?\d)"
    # "mum said she'd chuck in 3k so budget is 12k now": what follows is the new value
    r"|\s+so\s+(?=(?:my |the |our )?[\w'-]+ (?:is|are) (?:now )?[£$€]?\d)"
    # "I live in Portishead so the Severn estuary is at the end of my road": what comes of it
    r"|,?\s+so\s+(?=the (?:[\w'-]+ ){1,2}(?:is|are|was|were)\b)"
    # "one month notice so last day at halden whitlock is 24th oct": the day it comes to
    r"|,?\s+so\s+(?=(?:my )?(?:last|first) day\b)"
    r"|,\s*(?:so |and |but )?now (?=my (?:[\w'-]+ ){1,2}(?:is|are|was)\b[^,.;!?]*\d)"
    r"|,\s*(?=(?:so |and |but )?my (?:[\w'-]+ ){1,2}(?:is|are|was|has|got|moved|changed)\b"
    r"[^,.;!?]*\d)"
    # "I'm a freelance illustrator and a publisher is 47 days late paying me": someone else,
    # a clause of their own
    r"|\s+and\s+(?=(?:a|an) [\w-]+ (?:is|was|has been|owes|hasn't|still hasn't)\b)"
    # "My birthday is the 9th, and Aled already has something planned": someone named,
    # a clause of their own
    r"|,\s*and\s+(?=(?-i:[A-Z])[a-z]+ (?:already |also |just )?(?:has|is|was|says|said|wants|"
    r"thinks)\b)"
    # "I'm staying put at the hospice, the commute is fine": a new subject, a new clause
    r"|,\s*(?=the [\w'-]+ (?:is|are|was|were) (?!not\b)[a-z])"
    # "I'm cycling in three days a week, and my knees are complaining": a thing of one's own,
    # doing something, begins a clause
    r"|,\s*(?:and|but)\s+(?=my [\w'-]+(?: [\w'-]+)? (?:is|are|was|were|has been|have been) "
    r"\w+ing\b)"
    # "im a blocker for the tron town rollers and coach wants us doing …": someone else's say
    # (not "got a brace and my doctor wants me to do PT": advice on the speaker's health)
    r"|\s+and\s+(?=(?:my )?(?:coach|boss|manager|mum|mom|dad|teacher|tutor|captain|landlord) "
    r"(?:wants|says|thinks|reckons|said|told)\b)"
    # "im sound op at the theatre so in the booth every night": where that puts the speaker,
    # its subject and verb left out (not "I'm so in the zone": "so" as "very")
    # (the lookahead first: the words before are read only where " so " stands)
    r"|(?=\s+so\s)(?<!\bi'm)(?<!\bim)(?<!\bam)(?<!\bis)(?<!\bare)(?<!\bwas)(?<!\bfeel)"
    r"(?<!\bget)\s+so\s+(?=(?:in|at) the [a-z]+\b"
    # ("turning 30 in november so made it": what the speaker did, said without "I")
    r"|(?:made|got|did|took|had|[a-z]{3,}ed) (?:it|that|this|the|a|an|my|our|me)\b)"
    # "I'm veggie but mum's a meat and two veg woman", "… so his shifts are all over the place"
    r"|\s+(?:but|so)\s+(?=(?:my \w+|mum|mom|dad|his \w+|her \w+|their \w+)(?:'s| is| are| was|"
    r" has| \w+s)\b)"
    # "I don't drink, 3 years sober in Jan": how long, said as a clause of its own
    r"|,\s*(?=\d+ (?:years?|yrs?|months?) (?:sober|clean|smoke-free|vegan|vegetarian|"
    r"off (?:it|the (?:booze|drink|smokes)|alcohol|booze|cigarettes|smoking))\b)"
    # "I get motion sick on boats so skip the ferry": the reason is a fact, the rest a request.
    r"|,?\s+so\s+(?=(?:please\s+)?(?:skip|avoid|don't|do not|keep|make sure|book|pick|choose|"
    r"use|remove|swap|leave out|no|none of (?:those|them|that|it))\b"
    # ("mum's flying over on the 14th so she'll be here for my first day": what comes of it)
    r"|(?:she|he|they)(?:'?ll| will) be\b"
    # ("I get horribly seasick so any ferry needs to be short": what it asks of the plan)
    r"|(?:any|every|all|each) (?:[\w-]+ ){1,2}(?:needs|need|must|should|has to|have to)\b"
    # ("brew day is sat 15th so want it working by then": what the speaker needs of it)
    r"|(?:need|want|have to|gotta|got to) (?:it|them|the|my|to)\b)"
    # "swap quinoa for couscous, Ruben hates quinoa": a named subject starts a clause.
    # ("…, all stairs, and Dad wanders at night, and Graham had a bypass": three facts)
    r"|,\s*(?:and |but )?(?=(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+ (?:is|was|has|had|hates|loves|likes|"
    r"prefers|lives|works|"
    r"can't|doesn't|won't|isn't|\w+s)\b)"
    # "…, tomasz is head baker full time, leanne runs front of house": a roster in one line
    r"|,\s*(?=(?-i:[a-zà-ÿ][\wà-ÿ'-]+) (?:(?:runs|does|works|handles|manages|owns|leads|covers)"
    r" (?!of\b|out\b|fine\b|well\b)\w|is (?:our|the|a|an|head|lead|chief|senior|junior) \w))"
    # "postdoc for 4 years in a cattle genomics group, PhD in Utrecht before that": a degree
    # after the job, apart
    r"|,\s*(?=(?:a )?(?:phd|msc|bsc|ma|ba|mba|masters?|degree|doctorate) (?:in|at|from) "
    r"[^,.;]{2,40}? before that\b)"
    # "college tomorrow though, wednesdays are my arb diploma day": the days of a habit, apart
    r"|,\s*(?=(?:mon|tues|wednes|thurs|fri|satur|sun)days (?:are|r) my\b)"
    # "still see a physio every other wk at the dri ill ask her": a run-on, typed without
    # stops, where the next thought begins
    r"|\s+(?:[–—-]+\s+)?(?=(?:i'll|ill) (?:ask|tell|check|try|let|see|get|do|text|ring|call|send|"
    r"look)\b)"
    # "lsp for go in vs code — wait no, switched to neovim": the correction is apart.
    r"|\s+[-–—]+\s+(?=(?:wait|no|nope|actually|sorry|correction|scratch that)\b)"
    # "please add type hints to everything, and don't use any Jupyter-specific stuff": two
    # rules asked in one breath
    r"|,\s*and\s+(?=(?:please\s+)?(?:don't|do not|never|always)\s+(?:use|add|give|write|put|"
    r"include|suggest|start|end)\b|never\s+[\"“])"
    # "scratch what I said about Overleaf — I moved the thesis to VS Code": a new statement.
    # ("… for the damp stuff — that's actually my MSc topic, I'm doing …": said of it after)
    r"|\s+[–—]\s+(?=(?:i|i'm|i've|we|we're|we've|my|our|that's|that is)\s|and (?:please|pls)\b"
    r"|me and (?:my|our)\b)"
    # ("it's 1.7.5, not 1.5.7 - I had the digits swapped": a hyphen typed for the dash)
    r"|\s+-\s+(?=(?:i|i'd|i've|my)\s)"
    # ("Just checked the paperwork — the rate is 4.4%, not 4.1": what was found, after it;
    # "correction — the ferry is …" is one correction)
    r"|(?<!correction)(?<!update)(?<!actually)(?<!sorry)(?<!wait)(?<!change)"
    r"\s+[–—]\s+(?=the [\w-]+ (?:is|are|was|were) )"
    # "One further piece of background, so that you understand my timetable: I am the
    # practice manager at …": what the speaker is, after a preface
    # ("I want ask: in Turkey I was pharmacist, 11 years")
    r"|:\s+(?=(?:in (?-i:[A-ZÀ-Þ])\w+,? )?(?:I am|I'm|I was|I work|I worked|I live|I have lived|"
    r"I've lived)\s)",
    _I,
)
_SHORT_QUESTION_WORDS = 6
_TAG_QUESTION = re.compile(
    r"^(?:right|no|correct|yes|yeah|ok|okay|true|isn't it|aren't (?:we|you|they)|"
    r"don't (?:we|you|they)|didn't (?:we|you|they)|or not|or did i \w+ (?:it|that))\W*$"
    # ("So I should answer all, even I dont know?": a concession, so the statement is asked)
    r"|^(?:even|even if|even though|though|although)\b",
    _I,
)
# "I'm coeliac, how hard is gluten free going to be there?": a question of any length
# after a statement of the speaker's own, at a comma (or a dash: "I do have mild asthma though
# — is the smoke from the smoker going to be an issue?").
_ASKED = (
    r"\s+(?=(?:so\s+|and\s+|but\s+)?(?:how|what|what's|where|which|who|why|should|can|could|"
    r"would|will|is|are|do|does|any)\s)"
)
_ASKED_AFTER = re.compile(rf",{_ASKED}", _I)
_ASKED_AFTER_DASH = re.compile(rf"\s[—–]{_ASKED}", _I)
_OWN_STATEMENT = re.compile(r"^(?:\W*\w+\W+){0,2}?(?:i|i'm|im|i've|my|we|we're|our)\b", _I)
# A head that opens with one of these is half of a condition or a time: "when I'm in Lisbon,
# where should I eat?"
_SUBORDINATE = re.compile(
    r"^\W*(?:and\s+|but\s+|so\s+)?(?:if|when|while|since|because|as|once|before|after|"
    r"assuming|say|suppose|whether|unless|until)\b",
    _I,
)
# "I walk the dog, well": the next clause says it again, mended.
# "… — that's actually my MSc topic": a comment after a dash, which ends a hypothetical
_COMMENT_AFTER_DASH = re.compile(r"(?:that's|that is|which is)\b", _I)
_MENDED_NEXT = re.compile(r",\s*(?:well|i mean|or rather)$", _I)
# A condition, or a dream ("when I win the lottery"): what follows it is no fact.
_CONDITION = re.compile(
    r"^(?:(?:and|but|so|also|then),?\s+)?(?:(?:even )?if(?! (?:so|not|anything|only|needed|"
    r"(?:that|it|this) (?:helps|matters|makes sense)|you(?:'re| are)? (?:need|want|must|"
    r"wondering|care|ask|curious|like|prefer)))|unless|"
    r"(?:when|once|if) (?:i|we) (?:will |'ll )?(?:win|won|get rich|am rich|'m rich|retire rich))\b",
    _I,
)
# "she says as long as im back by the 5th and i dont eat a full breakfast": what follows
# is a condition to the end of the sentence, however many clauses it runs to.
# ("I am the practice manager at a surgery, which means I can only reply in the evenings": what
# follows from the fact is the speaker's reasoning, not a fact of its own)
_ONLY_IF = re.compile(
    r",?\s*\b(?:as|so) long as\b.*$|,\s*provided (?:that )?(?=\w).*$"
    r"|,\s*which (?:means|meant|has made|has meant|made)\b.*$",
    _I,
)
# "Says the knee is fine but my glutes are 'asleep'": what someone else said runs on through
# a clause joined by "but" or "and" about a thing ("…, so budget is 12k now" is the
# speaker's own, and so is a clause with a subject of its own: "he is 12").
_REPORTED = re.compile(
    r"^(?:(?:he|she|they|(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+|(?:my|the|our|his|her) [\w-]+) )?"
    r"(?:says|said|reckons|reckoned|told me)\b(?! (?:no|yes|hi|hello|thanks)\b)",
    _I,
)
_REPORT_GOES_ON = re.compile(r"^(?:my|the|his|her|their|its|our) ", _I)
# A correction cue on its own belongs to the clause after it.
_CUE_ONLY = re.compile(
    r"^(?:(?:no|nope|wait|oh|actually|correction|sorry|oops|update|hmm|ah|scratch that)"
    r"[,.!]?\s*){1,3}$",
    _I,
)


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


# "I have decided — and this is the first time I have put it in writing — that the tour will
# be my last": an aside between two dashes, inside one sentence.
_DASH_ASIDE = re.compile(r"\s+[—–]\s+(?P<inner>[^—–.!?\n]{3,120}?)\s+[—–]\s+(?=\w)")
_NEXT_END = re.compile(r"[.!?](?=\s|$)|$")
_JOINED_ON = re.compile(r"(?:and|but|so|or|then)\b")
# "… at Liftwise — we make software … — half the time they're in a lift pit": after the
# aside, a clause of its own begins, with a subject of its own
_NEW_CLAUSE_AFTER = re.compile(
    r"(?!(?:because|since|as|when|if|which|that|who|where|while|until|unless)\b)"
    r"(?:[a-z]+ ){0,3}(?:they|they're|it's|we|we're|i|i'm|he|she|he's|she's)\b",
    _I,
)
_WHO_THEY_ARE = re.compile(r"(?:my|our) [\w-]+(?: [\w-]+)?$", _I)
_NAMED_BEFORE = re.compile(r"(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+$")


def dashed_apposition(line: str) -> str:
    """ "Pilot — our greyhound — has decided …" said with commas: who Pilot is, in passing."""
    if "—" not in line and "–" not in line:
        return line  # (most lines have no dash: the cheap test first)
    for match in reversed(list(_DASH_ASIDE.finditer(line))):
        if _WHO_THEY_ARE.match(match["inner"]) and _NAMED_BEFORE.search(line, 0, match.start()):
            line = f"{line[: match.start()]}, {match['inner'].strip()}, {line[match.end() :]}"
    return line


def _joint_after_aside(line: str, at: int) -> str:
    """How the sentence goes on after an aside taken out of it at ``at``."""
    if _JOINED_ON.match(line, at):
        return ", "
    return ". " if _NEW_CLAUSE_AFTER.match(line, at) else " "


def _dash_aside_after(line: str) -> str:
    """The sentence read without its dashed aside, and the aside as a sentence after it."""
    line = dashed_apposition(line)
    while (match := _DASH_ASIDE.search(line)) is not None:
        end = _NEXT_END.search(line, match.end())
        stop = end.end() if end is not None else len(line)
        # ("… in British English — you wrote 'organize' — and please continue …": a clause
        # of its own after the aside)
        joint = _joint_after_aside(line, match.end())
        host = line[: match.start()] + joint + line[match.end() : stop]
        line = f"{host.rstrip(' .')}. {match['inner'].strip()}.{line[stop:]}"
    return line


_PRONOUN_I = re.compile(r"I(?:['’]\w+|\s+[a-z])")


def _sentences(line: str) -> list[str]:
    line = _dash_aside_after(line)
    line = _ASIDE.sub(lambda match: f". {match['inner'].strip()}. ", _aside_about(line))
    out: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(line):
        before = line[start : match.start()].split()
        last = before[-1].lower().rstrip(".") if before else ""
        # "J. Smith" is an initial; "staying with R. the dinosaur lives" ends a sentence.
        rest = line[match.end() :].lstrip()
        following = rest[:1]
        # ("layout q. I use colemak": a lone letter before "I" ends a sentence)
        pronoun = _PRONOUN_I.match(rest) is not None
        initial = len(last) == 1 and last.isalpha() and following.isupper() and not pronoun
        # ("No. 5" is a number; "Physio says no. I've …" ends a sentence)
        numbered = last != "no" or following.isdigit()
        if match.group(0).startswith(".") and ((last in _ABBREVIATIONS and numbered) or initial):
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
    if not sentence.rstrip().endswith("?"):
        return sentence
    asked = _ASKED_AFTER.search(sentence)
    if asked is None and ("—" in sentence or "–" in sentence):
        asked = _ASKED_AFTER_DASH.search(sentence)
    if asked is not None:
        head = sentence[: asked.start()]
        if (
            len(head.split()) >= 2
            and _OWN_STATEMENT.match(head)
            and not _SUBORDINATE.match(head)
            and "?" not in head
        ):
            return f"{head}; {sentence[asked.end() :]}"
    if "," not in sentence:
        return sentence
    head, tail = sentence.rsplit(",", 1)
    if len(tail.split()) > _SHORT_QUESTION_WORDS or len(head.split()) < MIN_CLAUSE_WORDS:
        return sentence
    if _TAG_QUESTION.match(tail.strip()):
        return sentence  # "we agreed to move it, right?": the statement itself is asked
    return f"{head}; {tail.strip()}"


def _short_quote(match: re.Match[str], *, own: bool = False) -> str:
    """A quoted passage of eight words or more becomes ``"…"`` (someone else's text), or,
    with ``own`` (the speaker's draft about themselves), the words unquoted."""
    quoted = match.group(0)
    if len(quoted.split()) < _LONG_QUOTE_WORDS:
        return quoted
    return quoted[1:-1] if own else '"…"'


def _goes_on(sentence: str, following: list[str]) -> bool:
    """Whether the clause after a report ("Says the knee is fine") is still what was said."""
    if not following or _REPORT_GOES_ON.match(following[0]) is None:
        return False
    joined = rf"\b(?:but|and)\s+{re.escape(following[0][:16])}"
    return re.search(joined, sentence, re.IGNORECASE) is not None


def elide_quotes(text: str) -> str:
    """Someone else's quoted passage (an email pasted to be answered) as ``"…"``; the
    speaker's own draft, quoted to be checked, as its words."""
    if '"' not in text and "“" not in text:
        return text
    own = _OWN_DRAFT.search(text) is not None
    own_lines = own or ("\n" in text and _OWN_TEXT.search(text) is not None)
    return _QUOTED.sub(
        lambda quoted: _short_quote(quoted, own=own),
        _QUOTED_LINES.sub(lambda quoted: _short_quote(quoted, own=own_lines), text),
    )


def split_sentences(text: str) -> list[str]:
    """Split a message into clauses; code, tables, quotes and bullet marks are dropped."""
    text = drop_code(text)
    text = _PLEASE_APART.sub(r"\g<what> \g<please>,", _ITS_CALLED.sub(r" \1", text))
    text = elide_quotes(text)
    clauses: list[str] = []
    for raw in text.splitlines():
        if not_the_speakers(raw):
            continue
        line = normalise_chat(_BULLET.sub("", raw).strip())
        line = _NOT_THE_OLD_VALUE.sub(r"\g<new>, not \g<old>", line)
        for sentence in _sentences(line):
            sentence = _PLEASE_AT_END.sub(r" \g<please>\g<end>", _ONLY_IF.sub("", sentence))
            parts = [p.strip() for p in _CLAUSE.split(_question_apart(sentence)) if p and p.strip()]
            read_up_to = 0  # parts before this were read with an "if" before them
            for index, part in enumerate(parts):
                if index < read_up_to:
                    continue
                if _MENDED_NEXT.search(part) and index + 1 < len(parts):
                    continue  # "I walk the dog, well, I walked the neighbour's": taken back
                if _CUE_ONLY.match(part) and index + 1 < len(parts):
                    parts[index + 1] = f"{part}, {parts[index + 1]}"  # "No wait, I switched …"
                    continue
                if _REPORTED.match(part) and _goes_on(sentence, parts[index + 1 : index + 2]):
                    clauses.append(f"{part}, {parts[index + 1]}")
                    read_up_to = index + 2
                    continue
                if _CONDITION.match(part) and index + 1 < len(parts):
                    # "when I win the lottery, I buy a villa and I never move again": what
                    # would follow stays with its "if", and is read as one, up to a comment
                    # after a dash ("… for the damp stuff — that's actually my MSc topic, I'm
                    # doing …"), after which the speaker says what is so
                    ends = next(
                        (
                            after
                            for after in range(index + 1, len(parts))
                            if _COMMENT_AFTER_DASH.match(parts[after])
                            and re.search(rf"[—–]\s+{re.escape(parts[after][:12])}", sentence)
                        ),
                        len(parts),
                    )
                    clauses.append(", ".join(parts[index:ends]))
                    read_up_to = ends
                    continue
                clauses.extend(p.strip() for p in split_at_and(part) if p.strip())
    return clauses


_CAPITALISED = re.compile(r"(?<=[\w,;:)] )[A-ZÀ-Þ][\wÀ-ÿ'’-]+")


# "10 Jan", "the 3rd of May", "Jan 9": a month beside its day, though "Jan" and "May" are names.
# (frame_words' month list reads this module, so the few that are also names are here)
_MONTH_WORD = re.compile(r"Jan|May|June|April|August|Aug|Mar|March")
_BESIDE_A_DAY = re.compile(
    r"\d(?:st|nd|rd|th)?\s+(?:of\s+)?\||\|\s+\d{1,2}(?:st|nd|rd|th)?\b", re.IGNORECASE
)


def known_names(texts: list[str]) -> frozenset[str]:
    """Words written with a capital letter in the middle of a sentence: likely names.

    A capital at the start of a sentence proves nothing ("Timeline is roughly a
    year"); "with Priya", "called Harbor", "morning Tomás" do.
    """
    found: set[str] = set()
    for text in texts:
        for line in drop_code(text).splitlines():
            if is_table_row(line):
                continue  # "| Landlord Gas Safety Certificate | £70 |": a table's title case
            for match in _CAPITALISED.finditer(line):
                word = match.group(0).removesuffix("'s").removesuffix("’s")
                if is_name(word) and not (
                    _MONTH_WORD.fullmatch(word)
                    and _BESIDE_A_DAY.search(
                        f"{line[max(match.start() - 12, 0) : match.start()]}|{line[match.end() :]}"
                    )
                ):
                    found.add(word)
    return frozenset(found)
