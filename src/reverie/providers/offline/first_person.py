"""Statements in the first person: "I …" and "my name is …".

:func:`first_person` tags a clause the speaker said about themselves: a
trait ("I'm allergic to cats", "I'm Jo"), a taste ("I prefer tabs"), a habit
("I run Home Assistant on a Pi"), a life event ("I moved to Oslo"; a step of
work only when it names what it made), a plan ("I'm writing a novel", "I'll be
in Kyoto"), or a commitment with a date. Moods, hedges and requests for help
hold nothing.
"""

from __future__ import annotations

import re

from reverie.providers.offline.everyday_words import is_everyday_word
from reverie.providers.offline.frame_words import DATE, JOB, MONTH
from reverie.providers.offline.milestones import milestone
from reverie.providers.offline.predicates import (
    ADV,
    EVENT,
    HABIT,
    NEG,
    PREF,
    PROG,
    STATE,
    TIME_BOUND,
    Tag,
    event_worth_keeping,
    light_verb_ok,
    progressive_ok,
)
from reverie.providers.offline.standing import standing
from reverie.providers.offline.vocabulary import (
    CONDITION_STATES,
    CONDITION_WORDS,
    alternation,
    is_name,
)

__all__ = ["first_person"]

_I = re.IGNORECASE

_I_PREF = re.compile(
    rf"^I {ADV}(?:{NEG} {ADV})?(?:{PREF}|can't stand|cannot stand|don't mind)\s+"
    r"(?!it\b|that\b|this\b|them\b|you\b|those\b|these\b|when (?:that|it|this)\b)\S",
    _I,
)

_I_HABIT = re.compile(rf"^I {ADV}(?:{NEG} {ADV})?(?P<verb>{HABIT})\s+(?P<rest>\S.*)$", _I)

_I_EVENT = re.compile(
    rf"^I(?:'ve| have)? {ADV}(?:just |finally |recently |already )*(?P<verb>{EVENT})"
    rf"(?:\s+(?:up|on|to|for|in|from))?\s+(?P<rest>\S.*)$",
    _I,
)

# "I'm aiming for the skills test by the end of August 2026": a goal, with when it is due
_I_AIM = re.compile(
    r"^I(?:'m| am) (?:now |still )?(?:aiming|planning|hoping) (?:for|to) \S.*? (?:by|before|in) "
    rf"(?:the (?:end|start|middle) of )?(?:{MONTH}|\d{{4}}|next (?:year|month|spring|summer|"
    r"autumn|winter)|christmas|easter)\b",
    _I,
)

# "I will apply to Hospitality Management diploma at Langara College": a named course or
# place applied to, a plan worth keeping without a date
_I_WILL_APPLY = re.compile(
    r"^I(?:'ll| will| am going to|'m going to|'m gonna) (?:now )?apply (?:to|for) (?:the |a )?"
    r"(?-i:[A-ZÀ-Þ])",
    _I,
)

# "last July from being head of a primary school": when, then what (three words or more).
_WHEN_THEN_WHAT = re.compile(
    r"^(?:last|this) (?:week|month|year|summer|spring|autumn|winter|\w+day|jan\w*|feb\w*|"
    r"mar\w*|apr\w*|may|june?|july?|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*),? "
    r"(?=(?:from|to|at|in|as|with) \S+ \S+ \S+)",
    _I,
)

# "im saving 250 a week now for level 4 stuff": money put by, week by week.
_I_SAVING = re.compile(
    r"^I(?:'m| am) (?:now )?(?:saving|putting (?:away|aside)) (?:up )?[£$€]?\d[\d,.]*k? "
    r"(?:a|per|each|every) (?:week|month|fortnight|payday|pay ?check)\b",
    _I,
)

_I_AM = re.compile(rf"^I(?:'m| am) {ADV}(?P<not>not {ADV})?(?P<rest>\S.*)$", _I)

_I_HAVE = re.compile(
    rf"^I(?:'ve| have)(?: got)? {ADV}(?:a|an|two|three|four|five|\d+|my|some|several|many|"
    rf"one|no (?!idea|clue|time|problem|worries))\s+\S",
    _I,
)

# "I've had Crohn's since I was 22", "I've had asthma for twenty years": a long-standing
# condition or thing (not "this cough for 3 days", nor "it for ages").
_I_HAVE_HAD = re.compile(
    r"^I(?:'ve| have) had (?!it\b|this\b|that\b|them\b|enough\b|a (?:bad|rough|long)\b)"
    r"(?:[\w'’-]+ ){0,5}?[\w'’-]+ (?:since (?:I was|I were|\d|childhood|birth|I was a|"
    # ("since March": a month gone by, not "since Monday", a week's cold)
    r"(?:last )?(?:january|february|march|april|may|june|july|august|september|october|"
    r"november|december|year)\b|(?:uni|school|my teens|my twenties|my thirties)\b)|"
    r"for (?:about |over |nearly |almost |around )?(?:\d+|two|three|four|five|six|seven|eight|"
    r"nine|ten|twenty|many|a few) years|for years)",
    _I,
)

# "I have type 2 diabetes", "I've got asthma": a condition someone lives with.
_I_HAVE_CONDITION = re.compile(
    # ("I get really bad motion sickness", "I suffer from hay fever")
    rf"^I(?:(?:'ve| have)(?: got)?| get| suffer from) {ADV}"
    r"(?:(?:really |very )?(?:early|mild|severe|chronic|bad|terrible|awful|slight|early-onset) )?"
    rf"{alternation(CONDITION_WORDS)}\b"
    r"(?! (?:test|appointment|clinic|again|today|this week|at the moment|right now)\b)",
    _I,
)

# "I have about £186,000 left on my mortgage", "I owe 12k on the car": a debt one carries.
_I_OWE = re.compile(
    r"^I (?:(?:still )?(?:have|'ve got|have got)|owe|still owe) (?:about |around |roughly |nearly "
    r"|over |just over |just under |under )?[£$€]?\s?\d[\d,.]*k? (?:left )?(?:on|of) "
    r"(?:my|the|our) (?:mortgage|loan|student loan|car loan|car finance|car|credit card|"
    r"overdraft|remortgage)\b",
    _I,
)
_I_HAVE_BEEN = re.compile(rf"^I(?:'ve| have) been {ADV}(?:a|an|{PROG}|{STATE})\b", _I)

# "I didn't take the veltrix job in the end": an offer turned down, a decision that lasts.
_I_DECLINED = re.compile(
    r"^I (?:didn't|did not|won't|will not|'m not going to|am not going to) (?:take|accept) "
    r"(?:the|that|their|his|her) (?:[\w-]+ ){0,3}?(?:job|offer|role|position|place|promotion)\b",
    _I,
)
# "I still see a physio every other wk": care one goes back to, a habit ("I see your point"
# is not one).
_I_SEE_REGULARLY = re.compile(
    r"^I (?:still |also |now )?see (?:a|an|my|the) (?:physio|physiotherapist|therapist|counsell?or|"
    r"psychologist|psychiatrist|chiropractor|chiro|osteopath|osteo|dietitian|nutritionist|"
    r"podiatrist|speech therapist|personal trainer|pt|tutor|specialist|consultant|nurse)\b"
    r"(?=.*\b(?:every|each|weekly|fortnightly|monthly|once a|twice a|regularly)\b)",
    _I,
)
# "I read again the email", "I work since 6 in the morning": what happened today, told in the
# present the way another language tells it (a habit is never "again" or since an hour).
_ONCE_NOT_A_HABIT = re.compile(
    r"\bagain\b|\bsince (?:\d{1,2}(?::\d\d)? ?(?:[ap]\.?m\.?|o'clock|in the (?:morning|"
    r"afternoon|evening))|this (?:morning|afternoon|evening))",
    _I,
)
# "I'll be in Kyoto then" says where; "I'll be in meetings all day" only how busy.
_I_WILL_BE = re.compile(
    rf"^I(?:'ll| will) be {ADV}(?:(?:a|an|the|working|moving|travel\w*|flying|based|living|"
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
    r"^I(?:'ll| will|'m going to| am going to|'m planning to| am planning to| plan to) "
    r"(?!the\b|a\b|an\b|my\b|his\b|her\b|their\b|our\b|your\b|bed\b|work\b|school\b|"
    r"try\b|see\b|check\b|think\b|ask\b|let\b|get back\b|be back\b|"
    r"look\b|tell\b|have a look\b|figure\b|keep you\b|let you\b)[a-z]+ "
    r"(?!it\b|that\b|this\b|them\b|you\b)\S+",
    _I,
)

# "i'm gonna propose to ffion": a life event planned is kept with or without its day.
_I_WILL_PROPOSE = re.compile(
    r"^I(?:'m going to| am going to|'m gonna| am gonna|'ll| will|'m planning to| am planning to) "
    r"(?:propose to|marry|ask (?:\w+ )?to marry me)\b",
    _I,
)

# "I'll go home in july": a plan with its month is a commitment too.
_IN_A_MONTH = re.compile(
    r"\bin (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b"
    r"|\bin (?:the )?(?:spring|summer|autumn|fall|winter)\b|\bin 20\d\d\b",
    _I,
)

_I_WOULD = re.compile(
    r"^I(?:'d| would) (?:rather|prefer|like you to|love you to|like it if you)\b", _I
)

_I_WANT_TO = re.compile(
    rf"^I {ADV}(?:want|wanna|would like|'d like|plan|hope|intend|aim) to "
    r"(?!know\b|ask\b|see\b|check\b|try\b|say\b|tell\b|make sure\b|understand\b|be sure\b)"
    r"\w+ \S+",
    _I,
)

_I_CAN = re.compile(
    r"^I (?:can|could) (?:only )?(?:speak|eat|drink|cook|drive|swim|play|code|program|read|"
    r"write|study|work|run)\b",
    _I,
)

# "I was a librarian for thirty-one years": a past career says who someone is.
_I_WAS_A = re.compile(
    r"^I was an? (?:\w+ ){0,2}\w+ (?:for (?:\d+|\w+(?:-\w+)?) (?:years|decades)\b|"
    r"until \d|(?:at|in) (?-i:[A-ZÀ-Þ]))",
    _I,
)
# "I don't drink", "I'm off dairy": what one keeps away from, said in a few words.
_I_ABSTAIN = re.compile(
    r"^I (?:don't|do not|never) (?:drink|smoke|vape|drive|eat meat|eat pork|eat fish)"
    r"(?: alcohol| at all| anymore| any more)?[.!]*$"
    r"|^I(?:'m| am) (?:off|avoiding|cutting out) (?:dairy|sugar|gluten|alcohol|booze|caffeine|"
    r"coffee|meat|carbs|the drink|the booze)\b",
    _I,
)
# "I worked at Google for 5 years", "I used to work for Ocado", "I worked as a nurse": a past
# job (not "I worked at the weekend", "I worked late").
_I_WORKED = re.compile(
    r"^I (?:worked|used to work|spent (?:\d+|\w+) years working|(?:have|'ve) worked) "
    r"(?:(?:at|for|in) (?-i:[A-ZÀ-Þ])|as an? \w+|(?:at|for|in) [\w &'-]+ for (?:\d+|\w+) "
    r"(?:years|decades)\b)",
    _I,
)
# "I will not use slug pellets, not ever", "I won't fly": a standing refusal.
_I_WONT = re.compile(
    r"^I (?:will not|won't|shall not|refuse to) (?!be\b|have\b|forget\b|let\b|tell\b|say\b|"
    r"lie\b|bother\b|know\b|make it\b)\w+ (?!it\b|that\b|this\b|them\b|you\b)\S+.*"
    r"\b(?:ever|never|again|any more|anymore|at all)\b",
    _I,
)

# "I won't do gambling ads", "I don't take crypto sponsors": a refusal of a whole kind
# (a plural ends the clause), which stands without an "ever".
_I_REFUSE_KIND = re.compile(
    r"^I (?:will not|won't|refuse to|don't|do not|never) (?:do|take|accept|run|work with|"
    r"sell|promote|advertise) (?:any )?"
    r"(?!sides\b|risks\b|chances\b|orders\b|it\b|that\b|this\b|them\b|those\b|these\b|you\b)"
    r"(?:[\w-]+ ){0,2}[\w-]+[^s\W]s(?:[.!]?$|,\s)",
    _I,
)

# "i went veggie in january": a change of diet.
_I_WENT = re.compile(
    r"^I(?: (?:went|became|turned|have gone|have been)|'ve gone|'ve been) (?:fully |full )?"
    r"(?:veggie|vegetarian|vegan|pescatarian|gluten-free|dairy-free|teetotal|sober|keto|"
    r"plant-based|"
    # "I've been smoke free since the 1st": a habit given up, and when
    r"(?:smoke|vape|alcohol|booze|nicotine)[- ]free(?= since\b| for \d))\b",
    _I,
)

# "I went with octopus 12M fixed", "I settled on the Fabia": a choice made ("I'll switch to
# whatsapp business": a change decided).
_I_CHOSE = re.compile(
    r"^I(?: (?:went with|settled on|opted for|ended up (?:going )?with|decided on)|"
    r"(?:'ll| will) (?:switch|change|move over|go over|migrate) to) "
    r"(?!it\b|that\b|this\b|them\b|one\b|the one\b|the other\b|the same\b|you\b)\S",
    _I,
)

_NAME_CALL = re.compile(r"^(?:my name(?:'s| is)\b|(?:please )?call me\b|my pronouns are\b)", _I)

_NO_OBJECT = re.compile(
    # ("started at Deloitte" names a place: "at" before a capital is not a time)
    r"^(?:at(?! (?!(?:Easter|Christmas|Xmas|New Year|Halloween|Eid|Diwali|Thanksgiving|Mon|"
    r"Tue|Wed|Thu|Fri|Sat|Sun|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
    r")(?-i:[A-Z])[a-z])|last|yesterday|today|tonight|this|that|it|them|earlier|"
    r"already|again|too|back|"
    r"home|early|late|recently|a while|anyway|now|then|there|here)\b",
    _I,
)
# "registered feb", "bought oct 24": the verb and when, nothing else ("started sept 2024" and
# "moved in March" say enough: a beginning, a move).
_ONLY_WHEN = re.compile(
    r"^I (?!started|began|finished|graduated|retired|moved|quit|left)\w+ "
    rf"(?:{MONTH}|{DATE})(?:\s+\d{{1,4}})?\W*$",
    _I,
)

# "quit 2022": the verb and a year, and what was quit only the question says ("retired
# 2019", "graduated 2015" say enough).
_ONLY_YEAR = re.compile(
    r"^I (?!started|began|finished|graduated|retired|moved|married|emigrated)\w+ (?:in )?"
    r"(?:19|20)\d\d\W*$",
    _I,
)

# "I'm a native speaker" of what? These nouns mean nothing without their "of …".
_NEEDS_OF = re.compile(r"^an? (?:native speaker|fan|member|part|big fan|huge fan)\b(?! of\b)", _I)

_I_AM_TRAIT = re.compile(
    rf"^(?:an?\s+(?!bit\b|little\b|lot\b|tad\b)|{STATE}\b|\d+\b|the\s+\S+|"
    r"on (?:vacation|holiday|call|sabbatical|(?:(?:maternity|paternity|mat|pat|sick|parental|"
    r"shared parental|study|compassionate|garden(?:ing)?|unpaid) )?leave)\b|in charge of\b|"
    # "I'm horribly claustrophobic", "I'm very allergic to cats": how much, then the condition
    r"(?:very|really|horribly|terribly|badly|extremely|quite|severely|mildly|super|so) "
    rf"(?:{'|'.join(CONDITION_STATES)})\b|"
    # "I'm off to Japan in April", "I'm type 1 diabetic"
    r"off to (?-i:[A-ZÀ-Þ])\w+|type [12] diabetic\b|"
    # "I'm red-green colourblind", "I'm profoundly deaf": the kind, then the condition
    r"(?:red-green|red green|blue-yellow|partially|profoundly|severely|mildly|totally) "
    r"(?:colou?r-?blind|colou?r blind|deaf|sighted|dyslexic)\b|"
    # "I'm on a Mac", "I'm on Android": what the speaker's computer or phone runs
    r"on (?:an? )?(?:mac|macbook|pc|windows|linux|ubuntu|fedora|chromebook|iphone|android|"
    r"pixel|ipad)\b(?! (?:call|meeting)\b)|"
    # "I'm looking for a new job": a search that lasts, not "looking at it"
    r"looking (?:for|to buy|to rent) (?:a|an) (?:new |bigger |smaller |cheaper )?"
    r"(?:job|flat|house|place|home|room|flatshare|role|apartment|car|van|school|nursery)\b|"
    r"going to be (?:a|an|the)\b|(?:now )?(?:in|at|on) (?-i:[A-ZÀ-Þ])\w+|"
    # "im away 12-19 oct, lisbon": away for days of a month named
    rf"away (?=[^.;!?]*\b(?:{MONTH})\b)(?=[^.;!?]*\d)|"
    # "im off nights from 3rd nov", "I'm on earlies from Monday": a change of shifts, from a day
    r"(?:on|off) (?:nights|earlies|lates|days|(?:the )?(?:night|early|late|day) shifts?) "
    r"(?:from|starting|as of) \S|"
    # "I'm on the crew systems team at Skerry Air": the team one works in
    r"(?:now |still )?on the (?:[\w&-]+ ){1,3}team\b|"
    # "I'm partway through Deafblind guide/communicator training, finishing in october"
    r"(?:partway|part way|halfway|half way|midway) through [^,.;]{0,40}\b(?:training|course|"
    r"degree|apprenticeship|qualification|programme|program|bootcamp|masters|phd|diploma|"
    r"certificate)\b|"
    # "I'm booked in for a total hip replacement on the 14th of October": a dated appointment
    r"booked (?:in )?(?:for|on|onto) \S(?=.*\b(?:\d{1,2}(?:st|nd|rd|th)\b|(?:jan|feb|mar|apr|may|"
    r"jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b))|"
    # "I'm going with polars for the pipeline": a choice (not company, nor the flow)
    r"going with (?!the flow\b|my\b|his\b|her\b|their\b|our\b|mum\b|mom\b|dad\b|friends?\b)\S|"
    r"(?:staying|sticking) on (?-i:[A-ZÀ-Þ])\w|"  # "staying on Buzzsprout": a product kept
    r"(?:now |still )?on (?:macos|mac|windows|linux|ubuntu|android|ios|iphone|arch|fedora|debian|"
    r"chromeos|[\w.-]+ v?\d[\w.]*)\b|"
    # "i'm on zed now, switched from pycharm": the editor the speaker writes in
    r"(?:now |still )?on (?:zed|neovim|nvim|vim|emacs|vscode|vs code|pycharm|intellij|cursor|"
    r"sublime|sublime text|helix|webstorm|goland|rider|xcode|android studio)\b"
    # "I am practice manager at Balmore Park Surgery": a post, named without "a"
    # ("im sound op at the theatre": an operator, at a place not named)
    rf"|(?:[a-z-]+ ){{0,2}}(?:{JOB}|(?<=\w )op) (?:at|for|with) (?:(?-i:[A-ZÀ-Þ])|the [a-z]{{3}}))",
    _I,
)


def _i_am(rest: str, negated: bool) -> bool:
    if negated:
        # "I'm not allergic to dogs" states a trait; "I'm not a biologist, but …" hedges.
        return re.match(rf"^{STATE}\b", rest, _I) is not None
    first = rest.split()[0] if rest.split() else ""
    if _NEEDS_OF.match(rest):
        return False
    # ("I'm STILL CRYING": a word shouted, not a name)
    shouted = first.isupper() and is_everyday_word(first)
    if (is_name(first) and not shouted) or _I_AM_TRAIT.match(rest):
        return True
    return progressive_ok(rest) or _PLANNED_FOR_A_MONTH.match(rest) is not None


# "I'm walking the Thames Path in June", "I'm painting the hall on the 3rd of May": a plan of
# one's own for a month or a day of the calendar (a weekday alone may be this week's errand)
_PLANNED_FOR_A_MONTH = re.compile(
    rf"^[a-z]+ing (?:the|a|an|my|our) [^.;!?]{{1,50}}?\b(?:in (?:early |mid-?|late )?(?:{MONTH})"
    rf"|on (?:the )?(?:{DATE}))\b",
    re.IGNORECASE,
)


# "I fly out on 15 December", "I leave 3rd jan": a journey on a day, said in the present.
_I_TRAVEL_ON = re.compile(
    r"^I (?:(?:only|finally|now) )?(?:fly|leave|land|arrive|depart|return|travel|head|go|come)"
    r"(?: (?:out|back|home|off|over|up|down|abroad))?(?: to (?-i:[A-ZÀ-Þ])[\w-]+)?"
    rf"(?: on)?(?: the)? (?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,? )?(?:the )?(?:{DATE}"
    # ("we go on the 4th now instead of the 3rd": a day alone, put right)
    r"|\d{1,2}(?:st|nd|rd|th)(?= (?:now )?instead of (?:the )?\d| ?(?:now)?,? not (?:the )?\d))",
    re.IGNORECASE,
)
# "we get the keys on the 5th", "I move in on 1 March": a home's day, said in the present
_HOME_DAY = re.compile(
    r"^I (?:get (?:the|my|our) keys|move in|move out|complete|exchange(?: contracts)?)"
    rf"(?: on)?(?: the)? (?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,? )?(?:the )?(?:{DATE}"
    r"|\d{1,2}(?:st|nd|rd|th)\b)",
    re.IGNORECASE,
)
# "i'm offline after 17:30 most days", "I'm usually free on Fridays": when one can be
# reached, as a habit (a habit word says so; "I'm free on Friday" is one day).
_I_AVAILABLE = re.compile(
    r"^I(?:'m| am) (?P<usually>(?:usually|normally|always|mostly|generally) )?(?:offline|"
    r"unavailable|unreachable|afk|busy|free|online|reachable|around|off) (?:after|before|until|"
    r"till|from|on|at|between) [^,.;]{1,25}?"
    r"(?(usually)|(?: (?:most days|every day|every \w+|on weekdays|weekdays)|(?<=days)))"
    r"(?=[,.;!]|$)",
    re.IGNORECASE,
)
# "im off 22 dec to 5 jan, visiting my parents in groningen": time off, from a day to a day.
_I_AM_OFF = re.compile(
    r"^I(?:'m| am) (?:off|away|on (?:holiday|leave|annual leave|vacation|hols))(?: work)? "
    rf"(?:from )?(?:the )?(?:{DATE})\s*(?:-|–|to|until|till)\s*(?:the )?(?:{DATE})"
    # ("I'm off 20–24 Nov": the month said once, for both days)
    rf"|^I(?:'m| am) off(?: work)? \d{{1,2}}(?:st|nd|rd|th)?\s*(?:-|–|to)\s*(?:{DATE})",
    re.IGNORECASE,
)
_I_TURNED = re.compile(
    r"^I (?:(?:just|only|finally|recently|officially) )?turned \d{1,3}(?!\d|[.,:]\d)"
    r"(?! (?:minutes?|hours?|days?|weeks?|months?|degrees?|percent|%|pages?|km|miles?)\b)",
    re.IGNORECASE,
)


def first_person(s: str) -> Tag | None:
    """The tag of a clause about the speaker ("I …", "my name is …"), or None."""
    if _NAME_CALL.match(s):
        return "permanent"
    if (lasting := standing(s)) is not None:
        return lasting
    if _I_PREF.match(s) or _I_WOULD.match(s) or _I_CAN.match(s):
        return "permanent"
    if (step := milestone(s)) is not None:
        return step
    if _I_WAS_A.match(s) or _I_WONT.match(s) or _I_REFUSE_KIND.match(s):
        return "permanent"
    if _I_WORKED.match(s) or _I_ABSTAIN.match(s) or _I_SAVING.match(s):
        return "permanent"
    if _I_WENT.match(s) or _I_CHOSE.match(s):
        return "permanent"
    if _I_TRAVEL_ON.match(s) or _I_AIM.match(s) or _I_WILL_APPLY.match(s):
        return "durable"
    if _HOME_DAY.match(s):
        return "ephemeral"
    if _I_AM_OFF.match(s):
        return "ephemeral"
    if _I_AVAILABLE.match(s):
        return "permanent"
    if _I_TURNED.match(s):
        return "durable"  # "I just turned 40 last week": an age
    if (am := _I_AM.match(s)) is not None and _i_am(am["rest"], am["not"] is not None):
        return "permanent"
    if _I_HAVE_BEEN.match(s) or _I_HAVE.match(s) or _I_HAVE_HAD.match(s) or _I_WILL_BE.match(s):
        return "permanent"
    if _I_HAVE_CONDITION.match(s) or _I_OWE.match(s):
        return "permanent"
    if _I_WILL_FROM_NOW.match(s) or _I_WANT_TO.match(s):
        return "permanent"
    if _I_WILL_PROPOSE.match(s):
        return "durable"
    if _I_WILL_TASK.match(s) and (TIME_BOUND.search(s) or _IN_A_MONTH.search(s)):
        return "ephemeral"
    if (event := _I_EVENT.match(s)) is not None:
        # "I upgraded at christmas" says when, not what: no object, no fact ("I retired last
        # July from being head of a primary school" says what, after when).
        rest = event["rest"]
        if (when := _WHEN_THEN_WHAT.match(rest)) is not None:
            rest = rest[when.end() :]
        if _NO_OBJECT.match(rest) or _ONLY_WHEN.match(s) or _ONLY_YEAR.match(s):
            return None
        return "durable" if event_worth_keeping(event["verb"], event["rest"]) else None
    if _I_SEE_REGULARLY.match(s):
        return "permanent"
    if _I_DECLINED.match(s):
        return "durable"
    if (habit := _I_HABIT.match(s)) is not None:
        if _ONCE_NOT_A_HABIT.search(habit["rest"]):
            return None
        verb = habit["verb"].lower().split()[-1]
        return "permanent" if light_verb_ok(verb, habit["rest"]) else None
    return None
