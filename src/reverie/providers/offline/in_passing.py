"""Facts said on the way to something else, given a sentence of their own.

"10 min by bike from our flat in utrecht", "We shared a bedroom growing up in Stroud",
"typing one handed this week btw, broke my pinky at korfbal saturday", "Should I mention
I'm doing the NPQLT?": the fact sits inside a sentence about something else (a distance, a
memory, a complaint, a question). :func:`said_in_passing` adds it after the message as the
plain statement it implies ("I live in Utrecht.", "I grew up in Stroud.") for the statement
rules to read; the sentence itself is left as it was (after :func:`~.put_plainly.put_plainly`
has put the words the rules would misread plainly in place).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from reverie.providers.offline.frame_words import JOB, titled
from reverie.providers.offline.name_lexicon import FUNCTION_WORDS
from reverie.providers.offline.predicates import SHORT_WEEKDAY, WEEKDAY
from reverie.providers.offline.put_plainly import put_plainly
from reverie.providers.offline.systems import SYSTEMS
from reverie.providers.offline.terse import indefinite_article
from reverie.providers.offline.vocabulary import COMMON_WORDS, CONDITION_WORDS, alternation

__all__ = ["said_in_passing"]

_I = re.IGNORECASE
# Where a sentence starts, inside a message.
_STARTS = r"(?:^|(?<=[.!?]\s)|(?<=\n))"
_ENDS = r"(?=\s*(?:[,.;!?)]|$))"

# "from our flat in utrecht": where the speaker lives, said on the way to something else.
# ("our holiday flat in Spain", "my old house in Leeds": another word before it, not home)
_OUR_HOME_IN = re.compile(
    r"\b(?:my|our) (?:flat|house|apartment|bungalow|cottage|maisonette) in "
    r"(?P<place>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)?|[a-zà-ÿ'-]{3,})"
    r"(?=\s*(?:[,.;!?)]|$|\s(?:and|but|so|which|where|is|was|for|with)\b))",
    _I,
)
# "We shared a bedroom growing up in Stroud": where the speaker grew up, told as a memory.
_GROWING_UP_IN = re.compile(
    rf"{_STARTS}(?:when )?(?:we|I)\b[^.!?\n]{{0,80}}?\bgrowing up in "
    r"(?P<place>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)?)",
    _I,
)
# "typing one handed this week btw, broke my pinky at korfbal saturday": an injury after a
# comma, its "I" left out ("Broke my wrist." opening a sentence is read already).
_INJURY_AFTER_COMMA = re.compile(
    r",\s+(?P<said>(?:broke|fractured|sprained|dislocated|tore|cracked) my (?:left |right )?"
    r"[a-z]+(?: (?:at|playing|during|in|while|last|yesterday|on) [^,.;!?\n]{2,40}?)?)" + _ENDS,
    _I,
)
# "I'm on the early rota on the ward at the Northern General — ward clerk, 7 till 3 Monday to
# Friday — so …": the job, said as an aside after where the speaker works.
_JOB_ASIDE = re.compile(
    r"\bI(?:'m| am) (?:on|in|at) [^.!?—–\n]{3,60}? at "
    r"(?P<place>(?:the )?(?-i:[A-Z])[\w'&-]+(?: (?-i:[A-Z])[\w'&-]+){0,3})\s+[—–-]\s+"
    r"(?P<job>[a-z]+(?: [a-z]+)?)(?P<rest>, [^—–.!?\n]{3,40}?)?\s+[—–-]\s",
)
# "Should I mention I'm doing the NPQLT?": what is asked about is the speaker's own fact.
_SHOULD_I_MENTION = re.compile(
    rf"{_STARTS}(?:should|shall|do|can) I (?:mention|say|put|include|add|tell (?:them|him|her|"
    r"the \w+))(?: in (?:the|my) \w+)?(?: that)? (?P<fact>I(?:'m| am|'ve| have) [^?\n]{3,80}?)\?",
    _I,
)
_SYSTEM_WORDS = tuple({name.split()[0] for name in SYSTEMS})
# "Posting it with my name as Leonie Brandt so …": the speaker's name, said on the way
_MY_NAME_AS = re.compile(
    r"\b(?:with|under|using|put) my (?:full |real )?name as "
    r"(?P<name>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+){0,2})\b"
    # ("… a module header with my name and team. Dominik Reiter, Platform team."): the name
    # in full, next
    # ("Add my name as owner contact: Ilse Vos.": the name after the part it plays)
    r"|\b(?:add|put|list) my (?:full )?name as (?:the )?[\w -]{2,25}?:\s+"
    r"(?P<listed>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+ (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+)(?=[,.;]|\s*$)"
    r"|\bwith my (?:full )?name(?: and (?:my )?[\w ]{2,20}?)?[.:]\s+"
    r"(?P<full>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+ (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+)(?=[,.;]|\s*$)",
    _I,
)
# "laptop is fedora, pi is rpi os lite": what the speaker's machine runs, said tersely.
_DEVICE_RUNS = re.compile(
    r"(?:\bmy |(?:^|(?<=[.!?,;]\s)|(?<=\n)))(?P<device>(?:work )?laptop|desktop|pc|"
    r"workstation|home server|vps) (?:is|runs|is on|runs on) "
    rf"(?P<system>{alternation(tuple(SYSTEMS))})(?: (?:btw|now|too|tbh))?" + _ENDS,
    _I,
)
# "arch. thinkpad t480.", "ubuntu 24.04 yes.": the system the speaker is on, as a bare answer
_BARE_SYSTEM = re.compile(
    rf"(?:^|(?<=[.!?]\s)|(?<=\n))(?:on |using )?(?P<system>{alternation(tuple(SYSTEMS))})"
    r"(?P<version> \d+(?:\.\d+)*)?(?: (?:lts|yes|btw|here|obviously|lol))*(?:[.!]+(?=\s|$)|$)",
    _I,
)
# "already selfhost ntfy on my vps": a service the speaker runs for themselves.
_SELF_HOST = re.compile(
    r"\b(?:I )?(?:already |also )?self-?host(?:s|ing)? (?P<what>[\w.-]+(?: and [\w.-]+)?) on "
    r"(?:my|our) (?P<where>(?:own )?(?:vps|server|home server|pi|raspberry pi|nas))\b",
    _I,
)
# "Salary goes up to £46,500.": the speaker's pay, told as news.
_SALARY_UP = re.compile(
    rf"{_STARTS}(?:(?:my|the) )?salary (?:goes|is going|will go|went) up to "
    r"(?P<money>[£$€]\d[\d,]*(?:\.\d+)?(?![\d,])k?)(?! (?:an|a|per) (?:hour|day|week|month))",
    _I,
)
# "I've put aside £1,200 for the whole setup": a budget, said as money kept for it.
_PUT_ASIDE = re.compile(
    r"\bI(?:'ve| have)? (?:put|set) aside (?P<money>[£$€][\d,.]+k?) for "
    r"(?P<what>(?:the|my|a|our) [^.,;!?\n]{3,40}?)" + _ENDS,
    _I,
)
# "tuesdays are my day off now": the speaker's days off, named first.
_DAYS_OFF = re.compile(
    rf"{_STARTS}(?P<days>{WEEKDAY}s?(?:(?:,| and| &) {WEEKDAY}s?)*) (?:are|is) my (?:days?) off\b",
    _I,
)
# "school pickup, Tuesdays are mine", "it's my nursery pick-up day (Zain, he's 3). Tuesdays
# and Thursdays are mine": the days a shared task is the speaker's.
_DAYS_ARE_MINE = re.compile(
    r"\b(?P<what>(?:school|nursery|kita|daycare|creche) (?:pick-?up|run|drop-?off))(?: days?)?\b"
    rf"[^.!?\n]{{0,60}}?[.,;:—–-]\s*(?P<days>{WEEKDAY}s?(?:(?:,| and| &) {WEEKDAY}s?)*) "
    r"(?:are|is) mine\b",
    _I,
)
# "migraine brewing. i get them every few weeks": how often, said of what was just named
_GET_THEM = re.compile(
    r"\b(?P<what>migraines?|headaches?|cluster headaches?|panic attacks?|nosebleeds?|cold sores?|"
    r"flare-?ups?|seizures?|hot flushes|hot flashes)\b[^.!?\n]{0,40}?[.!,;]?\s*(?:and |but )?"
    r"i (?:get|have) them (?P<when>every [^.,;!?\n]{2,20}?|(?:quite )?(?:a lot|often|regularly))"
    r"(?=\s*(?:[,.;!?)]|$|\s(?:and|but|so)\b))",
    _I,
)
# "my wrist is bad. RSI in the right one": a condition, in the part just named
_IN_THE_ONE = re.compile(
    r"\bmy (?P<part>wrist|knee|hip|shoulder|ankle|elbow|hand|foot|eye|ear)s?\b[^.!?\n]{0,40}?"
    rf"[.!,;]\s*(?P<condition>{alternation(CONDITION_WORDS)}) in the (?P<side>right|left) one\b",
    _I,
)
# "I need help turning my garage into a little pottery studio": the project, asked help with
_HELP_WITH_PROJECT = re.compile(
    r"\bI(?: need| want| could use| would like|'d like) (?:some |a bit of )?help (?:with )?"
    r"(?P<doing>(?:turning|converting) (?:my|our) [^.!?\n]{3,40}? into [^.!?,;\n]{3,40}?"
    r"|(?:renovating|restoring|building|training for) (?:my|our|a|an) [^.!?,;\n]{3,50}?)"
    r"(?=\s*(?:[.!?,;]|$))",
    _I,
)
# "office day at parcelwise hq in rotterdam": where the speaker works, said as a day there
_OFFICE_DAY_AT = re.compile(
    r"\b(?:office day|in the office|in office) (?:at|in) (?P<org>[\w&'-]{3,})"
    r" (?:hq|head office|office|offices|headquarters)\b(?: in (?P<town>[a-zà-ÿ'-]{3,}))?",
    _I,
)
# "im more of a bash person, python is new-ish": the kind of person, hedged
_KIND_OF_PERSON = re.compile(
    r"\b(?:I'm|I am|im) (?:more of|much more of|very much|definitely|totally|such) "
    r"an? (?P<kind>[a-z][\w-]{1,20}) person\b",
    _I,
)
# "gitea is on my nas. synology": a service the speaker runs, said by where it runs
_RUNS_ON_MINE = re.compile(
    rf"{_STARTS}(?:(?:and|also|oh|btw),? )?(?P<what>[a-z][\w.-]{{2,20}}) (?:is|runs|lives) on my "
    r"(?P<where>nas|vps|home server|homelab|server|pi|raspberry pi)\b",
    _I,
)
# "using nvim btw so markdown preview is whatever": a tool of the speaker's, said by the way
_USING_BTW = re.compile(
    rf"{_STARTS}(?:(?:also|and|oh|good|ok),? )?using (?P<what>[\w.+-]{{2,20}}) (?:btw|fyi|here)\b",
    _I,
)
# ("my nas": the short names of machines, as they are written)
_WHERE_IT_RUNS = {"nas": "NAS", "vps": "VPS", "pi": "Pi", "raspberry pi": "Raspberry Pi"}
# "(I'm remote from Sheffield the rest of the week, Tuesdays are office days)": where the
# speaker works from, and their office days
_REMOTE_FROM = re.compile(
    r"\bI(?:'m| am) (?:fully |mostly )?remote (?:from|in) "
    r"(?P<place>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)?)",
    _I,
)
_OFFICE_DAYS = re.compile(
    rf"\b(?P<days>{WEEKDAY}s(?:(?:,| and| &) {WEEKDAY}s)*) (?:are|is) (?:my )?office days?\b",
    _I,
)
# "they've moved me to Tue to Sat. so Sundays and Mondays off": the working days, moved by work
_MOVED_ME_TO = re.compile(
    r"\b(?:they(?:'ve| have)?|(?:my )?(?:boss|manager|chef|work)(?: has|'s)?) "
    rf"(?:moved|switched|put) me (?:on)?to (?P<days>{SHORT_WEEKDAY} to {SHORT_WEEKDAY})\b",
    _I,
)
# "they rehearse in Shrewsbury which is where I live": home, said of a place just named
_WHERE_I_LIVE = re.compile(
    r"\bin (?P<place>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)?),? "
    r"(?:which|that)(?:'s| is) (?:where|the town) I live\b",
    _I,
)
# "tell him I'm coeliac, not stupid": what the speaker is, said inside a message to pass on
_TELL_THEM_I_AM = re.compile(
    r"\b(?:tell|told|remind) (?:him|her|them|the \w+) (?:that )?I(?:'m| am) "
    r"(?P<what>coeliac|celiac|diabetic|vegan|vegetarian|pescatarian|asthmatic|epileptic|"
    r"dyslexic|autistic|lactose intolerant|allergic to [a-z]+(?: [a-z]+)?)\b",
    _I,
)


def _runs_on_mine(runs: re.Match[str]) -> str | None:
    what = runs["what"]
    if what.lower() in FUNCTION_WORDS or what.lower() in COMMON_WORDS:
        return None  # "it is on my nas", "everything runs on my pi"
    return f"I run {what} on my {_machine(runs['where'])}."


def _machine(where: str) -> str:
    """ "nas" → "NAS", "home server" as it is: a machine named as it is written."""
    return _WHERE_IT_RUNS.get(where.lower(), where)


_LEFT_IT = re.compile(
    r"\b(?:out of|left|leaving|leave|sold|selling|sell|moved from|used to|until|back then)\b", _I
)
# ("our flat in town": somewhere, not a town)
_NO_TOWN = frozenset(("town", "city", "centre", "center", "village", "suburbs", "country"))


def _home(match: re.Match[str]) -> str | None:
    place = match["place"]
    if place.lower() in FUNCTION_WORDS or place.lower() in COMMON_WORDS:
        return None
    if place.lower() in _NO_TOWN:
        return None  # "our flat in town"
    before = re.split(r"[.!?\n]", match.string[: match.start()])[-1]
    if _LEFT_IT.search(before):
        return None  # "we moved out of our flat in Leeds": home no longer
    return f"I live in {titled(place)}."


def _self_hosted(hosted: re.Match[str]) -> str:
    return f"I run {hosted['what']} on my {_machine(hosted['where'])}, self-hosted."


def _job_aside(aside: re.Match[str]) -> str | None:
    job = aside["job"]
    if re.fullmatch(JOB, job, _I) is None and re.fullmatch(JOB, job.split()[-1], _I) is None:
        return None
    return f"I'm {indefinite_article(job)}{job} at {aside['place']}{aside['rest'] or ''}."


def _often(got: re.Match[str]) -> str:
    what = got["what"].lower()
    what = what if what.endswith("s") else what + "s"
    return f"I get {what} {got['when']}."


def _office_day(day: re.Match[str]) -> str | None:
    org = day["org"]
    if org.lower() in FUNCTION_WORDS or org.lower() in COMMON_WORDS:
        return None  # "in the office at the hq"
    town = f" in {titled(day['town'])}" if day["town"] else ""
    return f"I work at {titled(org) if org.islower() else org}{town}."


def _weekdays(days: str) -> str:
    """ "tuesdays and thursdays" → "Tuesday and Thursday"."""
    days = re.sub(rf"({WEEKDAY})s\b", r"\1", days, flags=_I)
    return " ".join(
        word.capitalize() if re.fullmatch(WEEKDAY, word, _I) else word for word in days.split()
    )


def _days_off(match: re.Match[str]) -> str:
    many = re.search(r",|\band\b|&", match["days"]) is not None
    said = _weekdays(match["days"])
    return f"My days off are {said}." if many else f"My day off is {said}."


def _days_mine(match: re.Match[str]) -> str:
    days = re.sub(rf"\b({WEEKDAY})\b", r"\1s", _weekdays(match["days"]), flags=_I)
    return f"I do the {match['what'].lower()} on {days}."


_Plain = Callable[[re.Match[str]], str | None]
# Each shape with the words it cannot do without: most messages hold none of them, and
# reading a shape costs time.
_ADDED: tuple[tuple[tuple[str, ...], re.Pattern[str], _Plain], ...] = (
    (("flat", "house", "apartment", "bungalow", "cottage", "maisonette"), _OUR_HOME_IN, _home),
    (
        ("growing up",),
        _GROWING_UP_IN,
        lambda grew: f"I grew up in {titled(grew['place'])}.",
    ),
    (
        ("broke", "fractured", "sprained", "dislocated", "tore", "cracked"),
        _INJURY_AFTER_COMMA,
        lambda hurt: f"I {hurt['said']}.",
    ),
    (("?",), _SHOULD_I_MENTION, lambda asked: f"{asked['fact']}."),
    (("—", "–", " - "), _JOB_ASIDE, _job_aside),
    (
        ("laptop", "desktop", "pc ", "workstation", "server", "vps"),
        _DEVICE_RUNS,
        lambda runs: f"My {runs['device'].lower()} runs {SYSTEMS[runs['system'].lower()]}.",
    ),
    (("host",), _SELF_HOST, _self_hosted),
    (
        _SYSTEM_WORDS,
        _BARE_SYSTEM,
        lambda bare: f"I use {SYSTEMS[bare['system'].lower()]}{bare['version'] or ''}.",
    ),
    (("salary",), _SALARY_UP, lambda pay: f"My new salary is {pay['money']}."),
    (
        ("my name as", "my full name as", "my real name as", "with my name", "with my full name"),
        _MY_NAME_AS,
        lambda n: f"My name is {n['name'] or n['listed'] or n['full']}.",
    ),
    (
        ("aside",),
        _PUT_ASIDE,
        lambda kept: f"My budget for {kept['what']} is {kept['money']}.",
    ),
    ((" off",), _DAYS_OFF, _days_off),
    (("mine",), _DAYS_ARE_MINE, _days_mine),
    (("them",), _GET_THEM, _often),
    (
        (" one",),
        _IN_THE_ONE,
        lambda one: f"I have {one['condition']} in my {one['side'].lower()} {one['part'].lower()}.",
    ),
    (("office",), _OFFICE_DAY_AT, _office_day),
    (("help",), _HELP_WITH_PROJECT, lambda project: f"I'm {project['doing']}."),
    (
        (" person",),
        _KIND_OF_PERSON,
        lambda kind: f"I'm {indefinite_article(kind['kind'])}{kind['kind'].lower()} person.",
    ),
    ((" on my ",), _RUNS_ON_MINE, _runs_on_mine),
    (("using ",), _USING_BTW, lambda using: f"I use {using['what']}."),
    (("remote",), _REMOTE_FROM, lambda remote: f"I work remotely from {remote['place']}."),
    (("office day",), _OFFICE_DAYS, lambda days: f"I'm in the office on {days['days']}."),
    (("where i live",), _WHERE_I_LIVE, lambda home: f"I live in {home['place']}."),
    ((" i'm ", " i am "), _TELL_THEM_I_AM, lambda told: f"I'm {told['what']}."),
    ((" me to ", " me onto "), _MOVED_ME_TO, lambda moved: f"I'm on {moved['days']} now."),
)


def said_in_passing(message: str) -> str:
    """``message`` with each fact said in passing added as a sentence of its own (see the
    module docstring)."""
    low = message.lower()
    said = put_plainly(message, low)
    said_low = said.lower()
    added = [
        line
        for needs, pattern, plain in _ADDED
        if any(word in low for word in needs)
        for match in pattern.finditer(said)
        if (line := plain(match)) is not None and line.lower() not in said_low
    ]
    if not added:
        return said
    return (
        said.rstrip()
        + ("" if said.rstrip().endswith((".", "!", "?")) else ".")
        + " "
        + " ".join(added)
    )
