"""Statements with a subject a reader can identify: the rules for each kind of subject.

Each function takes one clause (fillers stripped, not a question, not a
correction or a task — :mod:`.rules` has handled those) and returns its tag,
or None when the clause says nothing lasting:

- :func:`_first_person` — "I …": traits ("I'm allergic to cats"), tastes,
  habits, changes ("I moved to Oslo"), plans ("I'm writing a novel");
- :func:`_possessive` — "my …": "my manager Tobias wants …", "my exam is on June 12";
- :func:`_team` — "we …" about work, "our …", "let's …";
- :func:`_named` — a named subject: "Priya owns the iOS app";
- :func:`_definite` — "the …" that names what it is about: "the staging app is
  fernweh-api-staging".

Word lists live in :mod:`.vocabulary`.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from typing import Literal

from reverie.providers.offline.vocabulary import (
    EVENT_VERBS,
    HABIT_VERBS,
    PREFERENCE_VERBS,
    PROGRESSIVE_OK,
    STATE_WORDS,
    TRANSIENT_COMPLEMENT,
    WORK_LOG_VERBS,
    alternation,
    is_name,
)

__all__ = ["Classification", "Tag", "is_time_bound", "statement"]

Tag = Literal["permanent", "durable", "ephemeral", "correction"]

_I = re.IGNORECASE

_ADV = (
    r"(?:(?:really|strongly|usually|generally|much|definitely|absolutely|totally|kind of|"
    r"also|still|just|mostly|actually|always|often|sometimes|normally|typically|only|even|"
    r"truly|now|currently|mainly|basically|already|do|does|finally|recently|obviously)\s+)*"
)
_NEG = r"(?:don't|do not|doesn't|does not|never|can't|cannot|won't|no longer)"
_PREF = alternation(PREFERENCE_VERBS)
_HABIT = alternation(HABIT_VERBS)
_EVENT = alternation(EVENT_VERBS)
_PROG = alternation(PROGRESSIVE_OK)
_STATE = alternation(STATE_WORDS)

_I_PREF = re.compile(
    rf"^I {_ADV}(?:{_NEG} {_ADV})?(?:{_PREF}|can't stand|cannot stand|don't mind)\s+"
    r"(?!it\b|that\b|this\b|them\b|you\b|those\b|these\b)\S",
    _I,
)
_I_HABIT = re.compile(rf"^I {_ADV}(?:{_NEG} {_ADV})?(?P<verb>{_HABIT})\s+(?P<rest>\S.*)$", _I)
_I_EVENT = re.compile(
    rf"^I(?:'ve| have)? {_ADV}(?:just |finally |recently |already )*(?P<verb>{_EVENT})"
    rf"(?:\s+(?:up|on|to|for|in|from))?\s+(?P<rest>\S.*)$",
    _I,
)
_I_AM = re.compile(rf"^I(?:'m| am) {_ADV}(?P<not>not {_ADV})?(?P<rest>\S.*)$", _I)
_I_HAVE = re.compile(
    rf"^I(?:'ve| have)(?: got)? {_ADV}(?:a|an|two|three|four|five|\d+|my|some|several|many|"
    rf"one|no (?!idea|clue|time|problem|worries))\s+\S",
    _I,
)
_I_HAVE_BEEN = re.compile(rf"^I(?:'ve| have) been {_ADV}(?:a|an|{_PROG}|{_STATE})\b", _I)
# "I'll be in Kyoto then" says where; "I'll be in meetings all day" only how busy.
_I_WILL_BE = re.compile(
    rf"^I(?:'ll| will) be {_ADV}(?:(?:a|an|the|working|moving|travel\w*|flying|based|living|"
    rf"leading)\s+\S|(?:away|on|in|at|out of)\s+(?-i:[A-ZÀ-Þ]|\d))",
    _I,
)
_I_WILL_FROM_NOW = re.compile(
    r"^I(?:'ll| will) \w+ .*\b(?:from now on|going forward|every (?:day|week|time|morning)|"
    r"always|on weekends|at weekends|on (?:mon|tues|wednes|thurs|fri|satur|sun)days|weekly|"
    r"daily|each (?:day|week|morning|evening))\b",
    _I,
)
# "I'll write the Kündigung this weekend": a commitment with a date is a task.
_I_WILL_TASK = re.compile(
    r"^I(?:'ll| will) (?!try\b|see\b|check\b|think\b|ask\b|let\b|get back\b|be back\b|"
    r"look\b|tell\b|have a look\b|figure\b|keep you\b|let you\b)[a-z]+ "
    r"(?!it\b|that\b|this\b|them\b|you\b)\S+",
    _I,
)
_I_WOULD = re.compile(
    r"^I(?:'d| would) (?:rather|prefer|like you to|love you to|like it if you)\b", _I
)
_I_WANT_TO = re.compile(
    rf"^I {_ADV}(?:want|wanna|would like|'d like|plan|hope|intend|aim) to "
    r"(?!know\b|ask\b|see\b|check\b|try\b|say\b|tell\b|make sure\b|understand\b|be sure\b)"
    r"\w+ \S+",
    _I,
)
_I_CAN = re.compile(
    r"^I (?:can|could) (?:only )?(?:speak|eat|drink|cook|drive|swim|play|code|program|read|"
    r"write|study|work|run)\b",
    _I,
)
_LIGHT_VERBS = {
    "go": re.compile(r"^(?:to\b|\w+ing\b|for a\b)", _I),
    "do": re.compile(r"^(?:a|an|the|my|\d|yoga|pilates|crossfit)\b", _I),
    "get": re.compile(r"^(?:motion|sea|car|air)?sick\b|^(?:up at|paid|migraines|headaches)\b", _I),
    "have": re.compile(r"^(?:a|an|two|three|\d|my|some|no (?!idea|clue|time))\b", _I),
    "take": re.compile(r"^(?:a|an|the|my|\d)\b", _I),
    "make": re.compile(r"^(?:a|an|the|my|\d|\w+ (?:every|on))\b", _I),
    "keep": re.compile(r"^(?:a|an|my|\d)\b", _I),
    # "I want the big room" is a wish; "I want the light to turn on at 30%" a request.
    "want": re.compile(
        r"^(?:(?:a|an|the|my) (?!.*\bto\b)|to \w+ \w+|\w+ (?:anyway|instead)\b)", _I
    ),
    # "I know React and Flask" is a skill; "I know that", "I know right" are not.
    "know": re.compile(
        r"^(?!that\b|what\b|how\b|why\b|who\b|when\b|where\b|if\b|it\b|right\b|you\b|"
        r"i\b|the feeling\b|a lot\b|nothing\b|everything\b|him\b|her\b|them\b|this\b)\S+",
        _I,
    ),
}
_NAME_CALL = re.compile(r"^(?:my name(?:'s| is)\b|(?:please )?call me\b|my pronouns are\b)", _I)

_MY = re.compile(
    r"^my (?P<np>(?:[\w'-]+ ){0,3}?[\w'-]+)(?: (?P<name>[A-ZÀ-Þ][\wÀ-ÿ'-]+))?"
    rf" {_ADV}(?P<verb>is|are|was|'s|{_NEG} \w+|\w+s|will \w+|has been)\b(?P<rest>.*)$",
    _I,
)
_MY_REPORTED = re.compile(r"^(?:says|said|thinks|told|asks|asked|keeps|calls|sent|wrote)$", _I)

_WE = re.compile(
    rf"^we {_ADV}(?:(?:have |'ve |had )?(?:decided|agreed|chose|chosen|picked|settled on|"
    r"went with|switched to|moved to|migrated to|upgraded|adopted)|use|run|deploy|build|"
    r"host|store|version|never|always|stay on|stick with|rotate|ship|release|follow|"
    r"require|support|don't|do not|prototype)\b",
    _I,
)
# "we keep one-off scripts in scripts/", "we pause all DAGs on the 28th": any verb
# that is not talk, thought or a helper verb states how the team works.
_WE_GENERIC = re.compile(
    r"^we (?:also |still |already |usually |always |never |just |now |only )?"
    r"(?!need|have|want|think|know|see|mean|hope|feel|guess|got|get|had|did|do\b|can|could|"
    r"should|would|will|were|are|was|might|must|may|tried|talked|said|told|went|came|saw|"
    r"looked|checked|asked|love|like|miss|wish|thought|found|made it|met|spoke|chatted)"
    # Present tense only: "we merged the fix" logs a step, "we keep scripts in scripts/" a rule.
    r"(?![a-z]+ed\b)(?!(?:ran|wrote|built|made|sent|set|put|took|gave|left|lost|won|broke)\b)"
    r"[a-z]+\s+(?!it\b|that\b|this\b|them\b|you\b)\S+",
    _I,
)
_WE_ARE = re.compile(
    r"^we(?:'re| are) (?:now |currently |still )?(?:going with|using|building|running|"
    r"deploying|rotating|migrating|moving to|switching to|hiring|launching|releasing|"
    r"dropping|adding|replacing|upgrading|prototyping|standardi[sz]ing)\b",
    _I,
)
_WE_WILL = re.compile(
    r"^(?:we(?:'ll| will| shall)|we(?:'re| are) going to) (?!see\b|talk\b|check\b|figure\b|"
    r"try\b|ask\b|let\b|get back\b|be\b|have\b|need\b|do it\b|think\b|look\b|wait\b|"
    r"tell\b|know\b|find out\b|sort\b|deal\b|celebrate\b|meet\b)[a-z]+\s+"
    r"(?!it\b|that\b|this\b|them\b|you\b|both\b)\S+",
    _I,
)
_OUR = re.compile(
    r"^our (?P<np>(?:[\w'/.-]+ ){0,3}?[\w'/.-]+) (?P<verb>is|are|uses|runs on|lives|starts|"
    r"ends|begins|closes|opens|costs|runs|takes|needs|depends on|belongs to)\b(?P<rest>.*)$",
    _I,
)
_LETS = re.compile(
    r"^let'?s (?:use|go with|stick with|switch to|move to|adopt|keep|call|name)\b", _I
)

_NAMED = re.compile(
    r"^(?P<name>[A-ZÀ-Þ][\wÀ-ÿ'-]+(?: [A-ZÀ-Þ][\wÀ-ÿ'-]+)?)"
    # "Marta from platform owns IAM": who they are, between the name and the verb.
    r"(?P<from> (?:from|at|in|on|of) (?:the )?[\w-]+(?: [\w-]+)?)?(?P<poss>'s (?:[\w-]+ ){1,3}?)?"
    rf" {_ADV}(?P<verb>is|are|was|has|will|{_NEG}|\w+s|\w+ed|confirmed:)(?=[\s:])(?P<rest>.*)$"
)
_NAMED_IDIOM = re.compile(r"^(?:works for (?:me|us)|sounds|looks|seems|says|said|thinks)\b", _I)

_THE = re.compile(
    r"^(?:the|this) (?P<np>(?:[\w'/.#-]+ ){0,5}?[\w'/.#-]+) "
    r"(?P<verb>is|are|was|will be|uses|runs on|is called|is named|should be called|will be called|"
    r"is written in|is hosted on|is deployed (?:on|to|with)|depends on|targets|lives (?:at|in)|"
    r"switched (?:from|to)|moved to|is switching|is due|starts|ends|costs|belongs to|wants|"
    r"needs|lives|works|owns|prefers|likes|hates|loves)\b"
    r"(?P<rest>.*)$",
    _I,
)
_GENERIC_NP = re.compile(
    r"^(?:team|club|group|thing|things|stuff|same|other|one|plan|idea|problem|issue|answer|"
    r"question|cost|cost thing|lesson|kids|guys|family|weather|food|result|results|first|"
    r"last|rest|point|reason|worst|best|good news|bad news|whole thing|situation|error|"
    r"output|response|log|logs|traceback|message|code|difference|goal|issue here|problem here|"
    r"script|function|command|query|test|fix|bug|answer here)$",
    _I,
)
_IDENTIFIES = re.compile(r"\d|\b[A-ZÀ-Þ]\w+|\b(?:called|named)\b")

_DROPPED_I_EVENT = re.compile(
    r"^(?:just |finally |also )?(?:booked|bought|ordered|found|rotated|moved|started|"
    r"finished|switched|signed up|joined|made|set up|created|upgraded|migrated|renewed|"
    r"passed|sold|adopted|installed|deployed|shipped|released|launched|submitted|hired|quit)"
    r"\s+(?:a|an|the|my|our|\d|two|three|for|to|up|on|both)\b",
    _I,
)
_DROPPED_I_AM = re.compile(
    r"^(?:married|allergic|based in|originally from|born in|vegetarian|vegan|pescatarian|"
    r"fluent in|retired|divorced|engaged)\b",
    _I,
)

_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_TIME_BOUND = re.compile(
    rf"\b(?:tomorrow|tonight|today|this (?:morning|afternoon|evening|week|weekend|month)|"
    rf"next (?:week|month|year|weekend|{_WEEKDAY})|(?:on|by|before|until|till|after) "
    rf"(?:{_WEEKDAY}|the \d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}[/.-]\d{{1,2}}|{_MONTH} \d{{1,2}}|"
    rf"\d{{1,2}}(?:st|nd|rd|th)? (?:of )?{_MONTH}|\d{{4}}-\d{{2}}-\d{{2}}|end of \w+)|"
    rf"deadline|due|appointment|interview|exam|flight|at \d{{1,2}}(?::\d{{2}})? ?(?:am|pm))\b",
    _I,
)
_FAREWELL = re.compile(
    r"\b(?:see you|talk (?:to you )?(?:later|soon|tomorrow)|good ?night|have a (?:good|nice|"
    r"great)|bye)\b",
    _I,
)


@dataclass(frozen=True)
class Classification:
    """What a sentence holds.

    Attributes:
        tag: The memory tag.
        body: The part of the sentence that states the fact, in the speaker's
            words (for a correction, what follows the cue word; an "I" is put
            back where chat left it out: "booked the flights" → "I booked …").
        cued: True when a correction cue ("actually", "no,") was removed, so the
            body may need a "User corrected:" lead-in.
        about: What the correction is about, when the user named it ("I was
            wrong about the budget, …" → ``"the budget"``).
    """

    tag: Tag
    body: str
    cued: bool = False
    about: str | None = None


def _light_verb_ok(verb: str, rest: str) -> bool:
    check = _LIGHT_VERBS.get(verb.lower())
    return check is None or bool(check.match(rest))


def _stem(verb: str) -> str:
    """The base form of a third-person verb ("lives" → "live", "studies" → "study")."""
    low = verb.lower()
    irregular = {"has": "have", "does": "do", "goes": "go", "is": "be"}
    if low in irregular:
        return irregular[low]
    if low.endswith("ies"):
        return low[:-3] + "y"
    if low.endswith(("ches", "shes", "sses", "xes", "zes", "oes")):
        return low[:-2]
    return low[:-1] if low.endswith("s") else low


def _progressive_ok(rest: str) -> bool:
    """``rest`` starts with an "-ing" verb that states a plan or activity (see vocabulary)."""
    match = re.match(rf"^{_PROG}\b(?P<after>.*)$", rest.strip(), _I)
    if match is None:
        return False
    verb = rest.strip().split()[0].lower()
    after = match["after"].strip()
    needs = {
        "trying": r"^to \w+",
        "doing": r"^(?:\d|a |an |the )",
        "running": r"^(?:a|an|the|my)\b",
        "coming": r"^(?:to|for|from|over)\b",
        "taking": r"^(?:a|an|the|my|\d)\b(?! (?:break|nap|walk|shower|look|sec|second|minute|"
        r"moment|day off|breather)\b)",
        "meeting": r"\S",
        "saving": r"^(?:for|up|money|to)\b",
        "presenting": r"^(?:a|an|the|my|at)\b",
        "thinking": r"^(?:of|about) (?:getting|buying|moving|switching|adopting|having|starting|"
        r"applying|changing|selling|renting|learning|quitting)\b",
    }
    pattern = needs.get(verb)
    return bool(after) and (pattern is None or re.match(pattern, after, _I) is not None)


def _complement_ok(rest: str) -> bool:
    """A complement of "is"/"are" that says what something is, not how it feels now."""
    rest = rest.strip(" ,")
    if not rest or TRANSIENT_COMPLEMENT.match(rest):
        return False
    return not re.match(r"^\w+ing\b", rest) or _progressive_ok(rest)


_NO_OBJECT = re.compile(
    r"^(?:at|last|yesterday|today|tonight|this|that|it|them|earlier|already|again|too|back|"
    r"home|early|late|recently|a while|anyway|now|then|there|here)\b",
    _I,
)
# "I'm a native speaker" of what? These nouns mean nothing without their "of …".
_NEEDS_OF = re.compile(r"^an? (?:native speaker|fan|member|part|big fan|huge fan)\b(?! of\b)", _I)
_I_AM_TRAIT = re.compile(
    rf"^(?:an?\s+(?!bit\b|little\b|lot\b|tad\b)|{_STATE}\b|\d+\b|the\s+\S+|"
    r"on (?:vacation|holiday|leave|call|parental leave|sabbatical)\b|in charge of\b|"
    r"going to be (?:a|an|the)\b|(?:now )?(?:in|at|on) [A-ZÀ-Þ]\w+)",
    _I,
)


def _i_am(rest: str, negated: bool) -> bool:
    if negated:
        # "I'm not allergic to dogs" states a trait; "I'm not a biologist, but …" hedges.
        return re.match(rf"^{_STATE}\b", rest, _I) is not None
    first = rest.split()[0] if rest.split() else ""
    if _NEEDS_OF.match(rest):
        return False
    if is_name(first) or _I_AM_TRAIT.match(rest):
        return True
    return _progressive_ok(rest)


_NAMES_SOMETHING = re.compile(r"\d|\b[A-ZÀ-Þ]\w|[\w-]+[._/][\w-]|\b(?:called|named)\b")


def _event_worth_keeping(verb: str, rest: str) -> bool:
    """A life event always; a step of work only when it names what it made or changed."""
    if verb.lower().split()[-1] not in WORK_LOG_VERBS:
        return True
    return _NAMES_SOMETHING.search(rest) is not None


def _first_person(s: str) -> Tag | None:
    if _NAME_CALL.match(s):
        return "permanent"
    if _I_PREF.match(s) or _I_WOULD.match(s) or _I_CAN.match(s):
        return "permanent"
    if (am := _I_AM.match(s)) is not None:
        return "permanent" if _i_am(am["rest"], am["not"] is not None) else None
    if _I_HAVE_BEEN.match(s) or _I_HAVE.match(s) or _I_WILL_BE.match(s):
        return "permanent"
    if _I_WILL_FROM_NOW.match(s) or _I_WANT_TO.match(s):
        return "permanent"
    if _I_WILL_TASK.match(s) and _TIME_BOUND.search(s):
        return "ephemeral"
    if (event := _I_EVENT.match(s)) is not None:
        # "I upgraded at christmas" says when, not what: no object, no fact.
        if _NO_OBJECT.match(event["rest"]):
            return None
        return "durable" if _event_worth_keeping(event["verb"], event["rest"]) else None
    if (habit := _I_HABIT.match(s)) is not None:
        verb = habit["verb"].lower().split()[-1]
        return "permanent" if _light_verb_ok(verb, habit["rest"]) else None
    return None


# "my question is …", "my code is below": the speaker's message, not a fact about them.
_MY_MESSAGE = re.compile(
    r"^(?:question|problem|issue|guess|point|bad|code|answer|thought|concern|request|prompt|"
    r"text|message|email|draft|output|error|result|input|essay|story|list|idea here|take)$",
    _I,
)


def _possessive(s: str) -> Tag | None:
    match = _MY.match(s)
    if match is None or _MY_MESSAGE.match(match["np"]):
        return None
    verb, rest = match["verb"].lower(), match["rest"]
    if verb in ("is", "are", "was", "'s", "has been"):
        return "permanent" if _complement_ok(rest) else None
    if verb.startswith("will "):
        return "durable" if len(rest.split()) >= 1 else None
    word = verb.split()[-1]
    if _MY_REPORTED.match(word):
        return None
    base = _stem(word)
    if base in HABIT_VERBS or base in PREFERENCE_VERBS:
        return "permanent" if rest.strip() else None
    return None


def _team(s: str, work: bool) -> Tag | None:
    if _LETS.match(s):
        return "durable"
    if not work:
        return None  # "we" at home is a household, and who is in it is unknown
    if _WE.match(s) or _WE_ARE.match(s) or _WE_WILL.match(s) or _WE_GENERIC.match(s):
        return "durable"
    match = _OUR.match(s)
    if match is not None and (
        (match["verb"] != "is" and match["verb"] != "are") or _complement_ok(match["rest"])
    ):
        return "durable"
    return None


def _named(s: str, names: Collection[str] | None) -> Tag | None:
    match = _NAMED.match(s)
    if match is None or not all(is_name(w) for w in match["name"].split()):
        return None
    if names is not None and not any(w in names for w in match["name"].split()):
        return None
    verb, rest = match["verb"].lower(), match["rest"]
    if _NAMED_IDIOM.match(f"{verb}{rest}") or _NAMED_IDIOM.match(verb):
        return None
    if verb in ("is", "are", "was"):
        return "durable" if _complement_ok(rest) else None
    if verb in ("has", "will") or verb.startswith("confirmed"):
        return "durable" if len(rest.split()) >= 2 else None
    if verb.endswith("ed"):
        keep = verb in EVENT_VERBS and rest.strip() and _event_worth_keeping(verb, rest)
        return "durable" if keep else None
    if re.match(_NEG, verb, _I):
        following = rest.split()[0] if rest.split() else ""
        base = following.lower()
        return "durable" if base in HABIT_VERBS or base in PREFERENCE_VERBS else None
    base = _stem(verb)
    return "durable" if (base in HABIT_VERBS or base in PREFERENCE_VERBS) and rest.strip() else None


# "bucket name is lumora-mwaa-dags": chat drops the article before a name's label.
_LABEL = re.compile(
    r"^(?:[a-z][\w-]* ){0,2}(?:name|id|url|address|domain|handle|username|email|repo|bucket|"
    r"branch|port|host|region|version|password manager|timezone|time zone) (?:is|=) "
    r"(?P<value>\S+)",
    _I,
)


def _definite(s: str) -> Tag | None:
    if _LABEL.match(s) and re.search(r"[\d._/-]|\b[A-Z]", s.split(" is ", 1)[-1]):
        return "durable"
    match = _THE.match(s)
    if match is None or _GENERIC_NP.match(match["np"]):
        return None
    verb, rest = match["verb"].lower(), match["rest"]
    copula = verb in ("is", "are", "was", "will be")
    if copula and (not _complement_ok(rest) or not _IDENTIFIES.search(rest)):
        return None  # "the team is going in November": which team, going where?
    return "durable" if rest.strip() else None


# "switching X to Y" changes what was said about X: it corrects the old line.
_SWITCHES = re.compile(
    r"\b(?:is switching|switched|is moving|moved|is changing|changed)\s+(?!to\b|from\b|me\b|us\b)"
    r"(?:[\w'-]+\s+){0,2}?[\w'-]+\s+(?:to|from)\b",
    _I,
)
_AND_I = re.compile(
    r"^(?P<other>(?:my \w+ )?[A-ZÀ-Þ][\wÀ-ÿ'-]+|my \w+) and I (?P<verb>are|have|live|own|got|"
    r"moved|bought|booked|decided|will|just)\b(?P<rest>.*)$"
)


def _compound(s: str) -> Classification | None:
    """ "Sofie and I are thinking of getting a dog": the user and someone they name."""
    match = _AND_I.match(s)
    if match is None:
        return None
    verb, rest = match["verb"], match["rest"]
    alone = ("I'm" if verb == "are" else f"I {verb}") + rest
    tag = _first_person(alone)
    if tag is None:
        return None
    return Classification(tag, f"I and {match['other']} {verb}{rest}")


def is_time_bound(sentence: str) -> bool:
    """True when ``sentence`` names a day, a deadline or an appointment."""
    return _TIME_BOUND.search(sentence) is not None


def statement(
    sentence: str, *, work: bool = True, names: Collection[str] | None = None
) -> Classification | None:
    """Classify a declarative clause by its subject, or None when it holds nothing.

    Args:
        sentence: One clause, fillers stripped (not a question, task or correction).
        work: "we" means the speaker's team (else "we" clauses hold nothing).
        names: Words known to be names in this conversation (seen capitalised
            mid-sentence); a capitalised first word outside it is not taken for
            a name ("Timeline is roughly a year"). None accepts any.
    """
    s = sentence
    if (compound := _compound(s)) is not None:
        return compound
    if _DROPPED_I_EVENT.match(s):
        s = "I " + s
    elif _DROPPED_I_AM.match(s):
        s = "I'm " + s
    tag = _first_person(s) or _possessive(s) or _team(s, work) or _named(s, names) or _definite(s)
    if tag is None:
        return None
    if _SWITCHES.search(s):
        return Classification("correction", s)  # "Elias is switching football to Mondays"
    if tag != "ephemeral" and _TIME_BOUND.search(s) and not _FAREWELL.search(s):
        tag = "ephemeral"
    return Classification(tag, s)
