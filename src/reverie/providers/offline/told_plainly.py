"""Facts told in a roundabout way, put as the plain statement the rules read.

"bc im allergic to penicillin" said alone is "im allergic to penicillin"; "you try
being coeliac in a house that …" says the speaker is coeliac; "coach moved me from
blocker to jammer" says what the speaker is now, and what they no longer are; "for
the past twenty-two years I have worked as a conservator" puts how long after the
job; "boss bumped me to 28 an hr" is the speaker's pay; "methotrexate up from 15mg to 20mg"
says the dose taken now; "the budget — let's say $7,500" is the budget; "going to keep my
Tuesday and Saturday swims" says when the speaker swims. Facts said sideways are put
plainly too: "the GP put me on propranolol" → "I'm on propranolol", "I am seventy-two"
→ "I am 72", "I'm in a shared house in Mutley" and "We're in Observatory in Cape Town,
small semi with a back yard" → where they live. :mod:`.fillers` calls these while it
strips a sentence's fillers and lead-ins.
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import JOB
from reverie.providers.offline.predicates import DOSE, WEEKDAY
from reverie.providers.offline.roles_said_plainly import roles_said_plainly
from reverie.providers.offline.sentences import REASON_STATE
from reverie.providers.offline.terse import indefinite_article
from reverie.providers.offline.vocabulary import CONDITION_WORDS, COUNT_WORDS, TENS, alternation

__all__ = ["message_said_plainly", "said_sideways_plainly", "told_plainly"]

_I = re.IGNORECASE

# "how i like answers: commands first, explanation after", "One more thing about how I like
# answers: code first, …": a taste, given as a heading.
_HOW_I_LIKE = re.compile(
    r"^(?:(?:one more thing|one thing|also|and|a (?:quick )?note) )?(?:(?:about|on) )?"
    r"how i (?P<verb>like|want|prefer) (?:my |the )?(?P<what>answers|replies|responses|"
    r"explanations|code|messages)\s*:\s*(?=\w)",
    _I,
)
# "coach moved me from blocker to jammer at practice tonight": the speaker's new role, and the
# old one it replaces.
_MOVED_ME = re.compile(
    r"^(?:my |the )?(?:coach|boss|manager|captain|teacher|director|conductor|gaffer) "
    r"(?:has )?(?:moved|switched|put|promoted|bumped|changed) me (?:up )?from (?:an? |the )?"
    r"(?P<old>[\w-]+(?: [\w-]+)?) to (?:an? |the )?(?P<new>[\w-]+(?: (?!(?:at|in|on|for|"
    r"tonight|today|yesterday|last|this|after|during|now)\b)[\w-]+)?)\b.*$",
    _I,
)
# "you try being lactose intolerant in a family that …": the speaker's own lot.
_YOU_TRY_BEING = re.compile(r"^you try being (?=\w)", _I)
# "doxy something. bc im allergic to penicillin": the reason, said alone, is the fact.
_OWN_REASON = re.compile(rf"^(?:because|cause|cos)\s+(?={REASON_STATE})", _I)
# "for the past twenty-two years I have worked as a conservator": how long goes after it.
_FOR_HOW_LONG = re.compile(
    r"(?:^|(?<=\band ))(?P<long>for the (?:past|last) [\w-]+ (?:years|months|decades)),?\s+"
    r"(?P<fact>I (?:have|'ve) (?:worked|lived|been)\b[^,;]*?)(?P<stop>[.!]?)(?=[,;]|$)",
    _I,
)
# "boss bumped me to 28 an hr", "pay went up to $31 an hour": a new wage.
_RATE = (
    r"[£$€]?\d+(?:[.,]\d\d)?k?(?: (?:dollars|pounds|euros|bucks|quid))? (?:an?|per|/) ?"
    r"(?:hr|hour|year|yr|week|month)\b"
)
_PAY_NOW = re.compile(
    # ("My boss give me raise, now I am 26 dollars per hour": the news, then the wage)
    # ("which is better now bc boss bumped me to 28 an hr": the reason is the news)
    r"^(?:[^,]*\braise\b[^,]*,\s*|[^,]*?\bbecause\s+)?"
    r"(?:(?:my )?boss (?:bumped|put|moved|raised) me (?:up )?to|"
    r"(?:my )?(?:pay|wage|rate) (?:went up|got bumped|was bumped|was raised|rose|is going up) to|"
    # (what one is paid, said without news of a change, "I'm on 28 an hour", is read by
    # :mod:`.owners`)
    rf"now I(?:'m| am)(?: on)?)\s+(?={_RATE})",
    _I,
)
# "methotrexate up from 15mg to 20mg", "Dr Okafor upped my sertraline to 100mg": a dose
# changed, which is what the speaker now takes (and a correction of the old dose).
_DOSE_CHANGED = re.compile(
    rf"^(?:(?:my )?(?P<med>[a-z][\w-]{{3,}})(?: dose)? (?:is |has |was )?"
    r"(?:gone |going |went |been )?"
    r"(?:up|down|increased|decreased|reduced|raised|lowered|dropped|upped)"
    r"|(?:(?:the |my )?(?:doctor|gp|consultant|nurse|psychiatrist|rheumatologist)|dr \w+|she|he|"
    r"they) (?:has |have |just )?(?:upped|increased|raised|reduced|lowered|cut|dropped|put) my "
    rf"(?P<med2>[a-z][\w-]{{3,}})(?: dose)?(?: up| down)?)"
    rf" (?:from (?P<old>{DOSE}) )?to (?P<new>{DOSE})"
    # (when it changed is history's; memory says what is taken now)
    r"(?: (?:last|this) (?:week|month)| yesterday| today| on \w+day)?",
    _I,
)
# "Going to keep my Tuesday and Saturday swims though, Maindy pool, 7am": a habit kept up,
# named by its days.
_KEEP_MY_DAYS = re.compile(
    r"^(?:(?:I'm |I am )?(?:going to|gonna) keep|I'm keeping|I am keeping|keeping|I'll keep) my "
    rf"(?P<days>{WEEKDAY}(?:(?:, | and | & ){WEEKDAY})*) "
    r"(?P<what>swims|runs|walks|rides|climbs|swim|run|walk|ride|climb)(?: though| still)?\b",
    _I,
)
# "And the budget — let's say $7,500, not $6,000": a figure settled on.
_LETS_SAY = re.compile(
    r"^(?:and |so |ok )?(?P<what>(?:the|my|our) (?:[\w-]+ )?(?:budget|goal|target|limit|price|"
    r"rent|deposit))\s*(?:—|–|-|,|:)?\s*(?:let's say|lets say|say|make it|call it)\s+(?=[£$€]?\d)",
    _I,
)
# "We're in Observatory in Cape Town, small semi with a back yard": where one lives, said with
# the home ("we're in Lisbon for a week" says no home).
_HOME_IN = re.compile(
    r"^(?:I(?:'m| am)|we(?:'re| are)) in (?=(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)?"
    r"(?:,| in) (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)?[,.;:]\s+(?:a |an |our |my )?"
    r"(?:small |tiny |little |big |rented |old )?(?:semi|terrace|flat|house|apartment|bungalow|"
    r"cottage|studio|\d-bed|two-bed|three-bed)\b)",
    _I,
)

# "the GP put me on propranolol", "she's started me on methotrexate": what the speaker now
# takes, said through whoever prescribed it.
_PUT_ON = re.compile(
    r"^(?:(?:the |my )?(?:gp|doctor|doc|consultant|nurse|physio|rheumatologist|specialist|"
    r"psychiatrist|dermatologist|cardiologist|she|he|they)(?:'s|'ve| has| have)? )?"
    r"(?:put|started|switched) me (?:on|onto) (?=\S)",
    _I,
)
_PAST_TIME = re.compile(
    r"\b(?:last (?:week|month|year|spring|summer|autumn|winter)|yesterday|\w+ (?:days|weeks|"
    r"months|years) ago|a (?:week|month|year) ago)\b",
    _I,
)
# "I take apixaban for it": what "it" is was said just before; the medicine is the fact.
_TAKEN_FOR_IT = re.compile(
    r"^(?P<taken>I (?:take|'m on|am on|use) [\w -]+?) for (?:it|that|this|them)\b", _I
)
# "Maya's 8 today!!", "my son is 4 today": a birthday, said on the day.
_AGE_TODAY = re.compile(
    r"^(?P<who>(?:my (?:\w+ )?\w+|(?-i:[A-ZÀ-Þ])[\wÀ-ÿ-]+))(?:'s| is) (?P<age>\d{1,2}) today\b", _I
)
# "My own operation has at last been confirmed: a left knee replacement on the 12th of May":
# what it is, on its date.
_CONFIRMED_AS = re.compile(
    r"^my (?:own )?(?:operation|op|surgery|procedure|appointment)(?: date)? (?:has |is )?"
    r"(?:at last |now |finally )?(?:been )?(?:confirmed|booked|scheduled|fixed)(?: as)?:\s+"
    r"(?:a |an |the )?(?P<what>[\w' -]{3,40}?) (?:on|for) "
    r"(?=(?:the )?\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day)",
    _I,
)
# "I have finally had a date for my cataract operation — the left eye — at the Royal
# Shrewsbury Hospital, on Tuesday the 22nd of July": the operation, where and when.
_GIVEN_A_DATE = re.compile(
    r"^I(?:'ve| have)? (?:finally |now |at last |just )?(?:had|got|been given|received) a date "
    r"for my (?P<what>[\w' -]{3,40}?)(?:\s+[—–]\s+[^—–]{2,30}?\s+[—–])?,?\s+(?=(?:at|on|in) )"
    # ("it's my 40th on the 3rd of December": the day of one's own occasion)
    r"|^it(?:'s| is) my (?P<occasion>\d{1,3}(?:st|nd|rd|th)|birthday|bday|anniversary) (?=on )",
    _I,
)
# "I do week on week off", "I do 4 on 4 off": a shift pattern, worked.
_DO_SHIFTS = re.compile(
    r"^I (?:do|'m on|am on) "
    r"(?=(?:a )?(?:week|\d+(?: days?)?) on,? (?:a )?(?:week|\d+(?: days?)?) off\b)",
    _I,
)
# "I'm going to a bereavement group at St Chad's on Thursday afternoons now": a habit, said
# as what one is doing these weeks.
_GOING_WEEKLY = re.compile(
    r"^I(?:'m| am) (?:now )?going to (?P<what>(?:a|an|the|my) [^,;]{2,60}? on "
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:s| (?:mornings|afternoons|evenings|nights)))"
    r"(?: now)?(?=\s*(?:[,.;!]|$))",
    _I,
)
# "My arthritis is playing up in my hands tonight": a condition one has, said by how it is.
_CONDITION_ACTING_UP = re.compile(
    # ("the tinnitus in my left ear is bad this week": where, kept)
    rf"^(?:my|the) (?P<condition>{alternation(CONDITION_WORDS)})"
    r"(?P<where> in my [a-z]+(?: [a-z]+)?)?(?: is| has been|['’]s) (?:really )?"
    r"(?:playing up|acting up|flaring(?: up)?|bad|worse|awful|killing me)\b.*$",
    _I,
)
# "asthma playing up tonight": the same, typed without "my" and "is".
_CONDITION_ACTING_UP_TERSE = re.compile(
    rf"^(?P<condition>{alternation(CONDITION_WORDS)}) "
    r"(?:playing up|acting up|flaring(?: up)?)\b.*$",
    _I,
)
# "I'm on nights at the DHL warehouse": a shift worked, said as the shift one is on.
_ON_SHIFTS = re.compile(
    r"^I(?:'m| am) (?:on|working) (?P<shift>nights|night shifts|days|day shifts|earlies|lates|"
    r"the night shift|the day shift|weekends) (?=(?:at|in|for) \w)",
    _I,
)
# "the GP upped my levothyroxine last month": the medicine is taken, whatever the dose.
_DOSE_UPPED = re.compile(
    r"^(?:(?:the |my )?(?:doctor|gp|consultant|nurse|psychiatrist|rheumatologist)|dr \w+) "
    r"(?:has |have |just )?(?:upped|increased|raised|reduced|lowered|changed) my "
    r"(?P<med>[a-z][\w-]{3,})(?: dose)?(?: (?:last|this) (?:week|month)| yesterday| today)?"
    r"(?=\s*(?:[,.;!]|$| so\b| and\b))",
    _I,
)
# "Tuesdays are my early swim at the Quarry before work": a habit, named by its day.
_DAYS_ARE_MY = re.compile(
    rf"^(?P<day>{WEEKDAY})s (?:are|is) my "
    r"(?P<what>(?!day off\b)[^,;.!?]{3,60}?)(?=\s*(?:[,;.!]|$))",
    _I,
)
# "physio reckons its a disc bulge, L5": a diagnosis, told through whoever made it.
_THEY_SAY_ITS = re.compile(
    r"^(?:the |my )?(?:physio|physiotherapist|doctor|doc|gp|consultant|specialist|surgeon|"
    r"dentist|osteo|osteopath|chiro|chiropractor|nurse) (?:reckons|says|said|thinks|thought|"
    r"confirmed|reckoned)(?: that)?,? (?:it's|its|it is|it was|it's probably|its probably) "
    r"(?P<what>(?:a |an )?(?:[\w-]+ ){0,3}?(?:bulge|bulging disc|tear|fracture|sprain|strain|"
    rf"hernia|slipped disc|torn [\w-]+|{alternation(CONDITION_WORDS)}))\b",
    _I,
)
# "sunday dinner at mum's in paisley": where she lives, said as where one goes.
_AT_KINS_IN = re.compile(
    r"^.*?\b(?:at|to) (?:my )?(?P<kin>mum|mom|mam|dad|nan|nana|gran|granny|grandma|grandad|"
    r"grandpa|parents|folks|in-laws)(?:'s|’s|(?<=s)') (?:place |house )?in "
    r"(?P<place>(?-i:[A-ZÀ-Þ])?[a-zà-ÿ'-]{3,}(?: (?-i:[A-ZÀ-Þ])[a-zà-ÿ'-]+)?)"
    # ("… in Leeds for christmas": when, left with the visit)
    r"(?:\s+(?:for|on|this|next|over|after|before|tonight|tomorrow)\b[^,.;!?]*)?(?=\s*(?:[,.;!]|$))",
    _I,
)
# "the dutch exam is moved, not 5 March anymore but 12 March": the new day, the old one after.
_NOT_ANYMORE_BUT = re.compile(
    r"^(?P<what>(?:the|my|our) [^,;]{2,40}?) (?:is|has been|got|was) (?:moved|changed|pushed back|"
    r"pushed|postponed|rescheduled|brought forward),? not (?P<old>[^,;]{2,25}?) any ?more,? "
    r"(?:but|it's|its|it is|now) (?P<new>[^,;.!?]{2,25}?)(?=\s*(?:[,;.!?]|$))",
    _I,
)
# "handing in notice at dhl today": done today, so done.
_NOTICE_TODAY = re.compile(
    r"^(?:I(?:'m| am) )?(?:handing|putting|giving) in (?:my )?notice"
    r"(?P<where> (?:at|to) [^,.;!?]+?)?"
    r"(?= today\b| this (?:morning|afternoon)\b)",
    _I,
)
# "Planning a family trip to Croatia next June: me, Femi, and Alfie": who is going.
_ME_AND_OTHERS = re.compile(
    r":\s*me,? (?:and )?"
    r"(?P<others>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+(?:,? (?:and )?(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)*)"
    r"(?: \([^)]*\))?\s*[.!]*$",
    _I,
)
# "I have atrial fibrillation and take apixaban for it": "it" is the condition just named.
_CONDITION_AND_ITS_MEDICINE = re.compile(
    rf"^(?P<said>I have (?:{alternation(CONDITION_WORDS)}) and (?:take|am on|use) "
    r"[\w -]+?) for (?:it|that|this)\b",
    _I,
)
# "I am architect in Brazil", "she is nurse in the Mater": a job, its article left out the way
# many languages leave it.
_JOB_NO_ARTICLE = re.compile(
    rf"^(?P<who>I am|I'm|she is|he is|she's|he's|(?:and |but )?(?:she|he) is) (?=(?P<job>{JOB})\b)",
    _I,
)
# "Account's in my name, address is Horsforth, Leeds": a town given as the address
_ADDRESS_IS_A_TOWN = re.compile(
    r"(?:^|,\s+|(?<=[.!?]\s))(?:my )?address(?:'s|’s| is) "
    r"(?=(?-i:[A-Z])[a-z]+(?:[ -](?-i:[A-Z])[a-z]+)?(?:, (?-i:[A-Z])[a-z]+)?(?:[.!]|$))",
    _I,
)
# "dont want unwrap everywhere pls": asked of the assistant, as "no unwrap everywhere pls"
_DONT_WANT_PLEASE = re.compile(
    r"^(?:i )?(?:dont|don't|don’t|do not) want (?P<what>(?!to\b|you\b|u\b|it\b|that\b)"
    r"[^,.;!?]{2,40}?),? (?=(?:pls|please|plz)\b)",
    _I,
)
# "after six years renting a flat in Bedminster I've finally decided to …": how long, said
# as the way into the news
_AFTER_YEARS = re.compile(
    r"\bafter (?P<n>\d+|a few|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|"
    r"twenty) years (?P<doing>renting|living|working|teaching|nursing|studying) "
    r"(?P<what>[^,;.!?]{3,60}?),? (?=I(?:'ve| have)\b)",
    _I,
)
# "I am here with Skilled Worker visa", "I'm in the UK on a student visa": the visa held
_ON_A_VISA = re.compile(
    r"\bI(?:'m|’m| am) (?:here |in (?:the )?(?-i:[A-Z])[\w]+(?: (?-i:[A-Z])\w+)? )?(?:on|with) "
    r"(?:an? |my )?(?=(?:[\w-]+ ){0,3}visa\b)",
    _I,
)
# "I'm allergic: nuts, kiwi and latex": the colon stands for "to".
_ALLERGIC_COLON = re.compile(r"\ballergic\s*:\s*(?=\w)", _I)
# "I'm in Levenshulme so honestly Oxford Road is easy": home, said by how far things are.
_IN_SO_NEAR = re.compile(
    r"^I(?:'m| am) in (?P<place>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)?),? so "
    r"[^,.;]*\b(?:easy|close|near|nearby|handy|convenient|far|a trek|a pain|miles away|"
    r"walking distance|round the corner|down the road)\b.*$",
    _I,
)
# "We're in Stroud so we'll get the train up to Paddington first": a trip starts from home
_IN_SO_TRAVEL = re.compile(
    r"(?:^|(?<=[.!?]\s))(?:I(?:'m| am)|we(?:'re| are)) in "
    r"(?P<place>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)?),? so (?=(?:we|I)"
    r"(?:'ll| will| would| can| could| need to| have to| must)? "
    r"(?:(?:get|take|catch) (?:the |a )?(?:train|bus|coach|ferry|plane|flight)s?|drive|fly|head|"
    r"travel) (?:up |down |over |across )?(?:to|into)\b)",
    _I,
)
# "I'm in a shared house in Mutley": where one lives, said as where one is.
_LIVING_IN = re.compile(
    r"^I(?:'m| am) in (?=(?:a|an|my|our) (?:\w+ )?(?:shared house|house ?share|flat ?share|flat|"
    r"apartment|studio|bedsit|dorm|halls|house|terrace|cottage)\b[^,.;!?]* in (?-i:[A-Z]))",
    _I,
)
# "I am living in Burnaby and I study …": where one lives, said as what one is doing
_LIVING_NOW = re.compile(
    r"^I(?:'m| am) (?:currently |now )?living in (?=(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+(?: (?-i:[A-ZÀ-Þ])"
    r"[\wÀ-ÿ'-]+)?\s*(?:[,.;!?]|and\b|$))",
    _I,
)
_UNITS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9,
}  # fmt: skip
# "I am seventy-two and a retired librarian": an age written out.
_SPELLED_AGE = re.compile(
    rf"^(?P<lead>I(?:'m| am) )(?P<tens>{'|'.join(TENS)})(?:[- ](?P<unit>{'|'.join(_UNITS)}))?\b",
    _I,
)


def _age_in_digits(match: re.Match[str]) -> str:
    age = TENS[match["tens"].lower()] + (_UNITS[match["unit"].lower()] if match["unit"] else 0)
    return f"{match['lead']}{age}"


def message_said_plainly(message: str) -> str:
    """A whole message, before it is cut into sentences, with how long said first and a town
    given as an address put plainly: "after six years renting a flat in Bedminster I've
    finally decided …" → "I've been renting a flat in Bedminster for six years. I've finally
    decided …"; "Account's in my name, address is Horsforth, Leeds." → "Account's in my name.
    I live in Horsforth, Leeds."
    """
    if "years" in message:
        message = _AFTER_YEARS.sub(
            lambda said: f"I've been {said['doing']} {said['what']} for {said['n']} years. ",
            message,
        )
    if " so " in message:
        message = _IN_SO_TRAVEL.sub(lambda said: f"I live in {said['place']}, so ", message)
    if "ddress" in message:
        message = _ADDRESS_IS_A_TOWN.sub(
            lambda said: ". I live in " if said.group(0).startswith(",") else "I live in ",
            message,
        )
    return message


def told_plainly(text: str) -> str:
    """``text`` with a reason, a lot, a role moved, a taste, a career, a wage, a dose
    changed, a figure settled on, a habit kept up or the size of one's team said plainly."""
    text = _YOU_TRY_BEING.sub("I'm ", _OWN_REASON.sub("", text))
    text = _DONT_WANT_PLEASE.sub(r"no \g<what> ", text)
    text = _MOVED_ME.sub(
        lambda moved: (
            f"I'm {indefinite_article(moved['new'])}{moved['new']}, "
            f"not {indefinite_article(moved['old'])}{moved['old']}"
        ),
        text,
    )
    text = _HOW_I_LIKE.sub(lambda said: f"I {said['verb'].lower()} my {said['what']}: ", text)
    text = _FOR_HOW_LONG.sub(
        lambda said: f"{said['fact']} {said['long'][:1].lower()}{said['long'][1:]}{said['stop']}",
        text,
    )
    text = _DOSE_CHANGED.sub(_on_the_new_dose, text)
    if " in " in text and ("'" in text or "’" in text):
        text = _AT_KINS_IN.sub(_kin_lives_in, text)
    text = _THEY_SAY_ITS.sub(lambda said: f"I have {said['what']}", text)
    text = _NOT_ANYMORE_BUT.sub(
        lambda moved: f"{moved['what']} is moved to {moved['new']}, not {moved['old']}", text
    )
    text = _DAYS_ARE_MY.sub(
        lambda day: f"I have my {day['what']} on {day['day'].capitalize()}s", text
    )
    text = _NOTICE_TODAY.sub(lambda notice: f"I handed in my notice{notice['where'] or ''}", text)
    text = _ME_AND_OTHERS.sub(
        lambda going: " with " + re.sub(r",? and ", " and ", going["others"]), text
    )
    text = _LETS_SAY.sub(r"\g<what> is ", text)
    text = roles_said_plainly(text)
    text = _NOT_MYSELF.sub(
        lambda said: said["said"] + (f" and haven't for {said['long']}" if said["long"] else ""),
        text,
    )
    text = _N_OF_US_ON.sub(
        lambda us: f"I work on {us['team']}, a team of {us['n']}",
        text,
    )
    text = _KEEP_MY_DAYS.sub(_days_kept, text)
    return _PAY_NOW.sub("my pay is now ", text)


# "I don't drink myself, haven't for 12 years now": "myself" says it of me, as against others;
# how long after it is said without its verb
_NOT_MYSELF = re.compile(
    r"^(?P<said>I (?:don't|do not|never) [a-z]+) myself\b(?:,? (?:haven't|have not) (?:for|in) "
    r"(?P<long>(?:\d+|a few|many|two|three|four|five|six|seven|eight|nine|ten) years)"
    r"(?: now)?)?"
    # ("…, but folk might like a glass": what others do, as against me)
    r"(?:,? but (?!I\b)[^.!?;]*)?",
    _I,
)


# "There's four of us on the booking platform team": a team and its size
_N_OF_US_ON = re.compile(
    rf"^there(?:'s|’s| is| are|'re) (?P<n>{COUNT_WORDS}|\d{{1,2}}) of us (?:on|in) "
    # (what all of them think, after it, is no fact of the speaker's)
    r"(?P<team>the [\w -]{2,40}? team)\b"
    r"(?:,? and (?!I\b|I'm\b).*$)?",
    _I,
)


def _kin_lives_in(said: re.Match[str]) -> str:
    kin = said["kin"].lower()
    lives = "live" if kin in ("parents", "folks", "in-laws") else "lives"
    return f"my {kin} {lives} in {said['place']}"


def _days_kept(kept: re.Match[str]) -> str:
    days = re.sub(rf"({WEEKDAY})", r"\1s", kept["days"], flags=_I)
    return f"I {kept['what'].lower().removesuffix('s')} on {days}"


def _on_the_new_dose(changed: re.Match[str]) -> str:
    old = f", not {changed['old']}" if changed["old"] else ""
    return f"I'm on {changed['med'] or changed['med2']} {changed['new']} now{old}"


def said_sideways_plainly(text: str) -> str:
    """``text`` with a medicine, an age, a shift pattern, a condition, a date given, a job
    without its article or a home said as the plain fact ("the GP put me on propranolol" →
    "I'm on propranolol", "I am seventy-two" → "I am 72", "I'm in a shared house in Mutley"
    → "I live in a shared house in Mutley").
    """
    # "… put me on propranolol last month": when it started, not how things stand
    text = _PUT_ON.sub("I started on " if _PAST_TIME.search(text) else "I'm on ", text)
    text = _TAKEN_FOR_IT.sub(r"\g<taken>", text)
    text = _SPELLED_AGE.sub(_age_in_digits, _LIVING_IN.sub("I live in ", text))
    text = _LIVING_NOW.sub("I live in ", text)
    text = _DO_SHIFTS.sub("I work ", _GOING_WEEKLY.sub(r"I go to \g<what>", text))
    text = _CONDITION_ACTING_UP.sub(r"I have \g<condition>\g<where>", text)
    text = _CONDITION_ACTING_UP_TERSE.sub(r"I have \g<condition>", text)
    text = _ON_SHIFTS.sub(lambda on: f"I work {on['shift'].lower()} ", text)
    text = _DOSE_UPPED.sub(lambda upped: f"I take {upped['med']}", text)
    text = _ALLERGIC_COLON.sub("allergic to ", _CONFIRMED_AS.sub(r"my \g<what> is on ", text))
    text = _AGE_TODAY.sub(r"\g<who> turned \g<age> today", text)
    text = _GIVEN_A_DATE.sub(lambda given: f"my {given['what'] or given['occasion']} is ", text)
    text = _JOB_NO_ARTICLE.sub(
        lambda said: f"{said['who']} {'an' if said['job'][0] in 'aeiouAEIOU' else 'a'} ", text
    )
    text = _CONDITION_AND_ITS_MEDICINE.sub(r"\g<said>", text)
    text = _IN_SO_NEAR.sub(r"I live in \g<place>", text)
    if "visa" in text:
        text = _ON_A_VISA.sub(lambda held: f"I have {indefinite_article(text[held.end() :])}", text)
    return _HOME_IN.sub("I live in ", text)
