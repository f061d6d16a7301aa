"""Standing facts in the first person that the verb lists of :mod:`.first_person` miss.

People say what lasts about them in shapes no single verb gives away: what
they cannot do ("I can't drive"), what they have done for years ("I've lived
in Hull my whole life", "I haven't eaten meat since I was 15"), their days
("I'm off fridays", "I'm in the glasgow office"), what they do each week
("I do bandoneon lessons at the Musikschule"), where they sell or buy ("I sell
on insta and at the sunday market"), what they are registered or enrolled in,
an appointment or a weekly fixture with its day ("I have choir every Wednesday"),
what they are into or weighing up, money that goes out every month, money owed
or put by ("our mortgage has about £212,000 left"), a journey's day ("I made it
to Santiago on the 7th of August"), an age they are turning, a medicine they
take, a deadline, and an ache they have now. :func:`standing` tags such a
clause; anything else is left to the other rules.
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import DATE, MONTH
from reverie.providers.offline.predicates import ADV, STATE, WEEKDAY, Tag

__all__ = ["standing"]

_I = re.IGNORECASE

_POINTER = r"(?!it\b|that\b|this\b|them\b|you\b|those\b|these\b|one\b)"
_WEEKDAY = r"(?:mon|tue|tues|wed|wednes|thu|thur|thurs|fri|sat|satur|sun)"  # "wednes"+"day"
_DAY = rf"(?:every )?(?:{_WEEKDAY}(?:day)?s?|weekends|weekdays)(?=\b|-)"
# Every week, not this week: "fridays", "every friday", "mon-thu" ("I'm off wed" is this week).
_DAYS = rf"(?:every {_WEEKDAY}\w*|{_WEEKDAY}(?:day)?s\b|weekends|weekdays)"

# "I can't drive", "I never learned to swim": what someone cannot do, not what they can't
# wait for or believe.
_CANNOT = re.compile(
    rf"^I {ADV}(?:can't|cannot|can not|don't know how to|never learn(?:ed|t) to) "
    r"(?:drive|swim|cook|ride(?: a bike)?|read music|speak \w+|eat \w+|drink \w+|digest \w+|"
    r"tolerate \w+|have (?!a\b|an\b|the\b|to\b)\w+)\b",
    _I,
)
# "I haven't eaten meat since I was 15": a long abstinence.
_NOT_SINCE = re.compile(
    rf"^I {ADV}(?:haven't|have not|'ve not|have never) (?:[\w-]+ ){{1,5}}since "
    r"(?:I was \d+|\d{4}|(?-i:[A-ZÀ-Þ])\w+|(?:uni|school|college|university|my \w+)\b)",
    _I,
)
# "I've lived in Hull my whole life", "I have knitted for years".
_FOR_YEARS = re.compile(
    rf"^I(?:'ve| have) {ADV}(?:lived|worked|taught|played|studied|knitted|knit|run|coached|"
    r"owned|volunteered|sung|danced|climbed|cycled|painted|kept|grown|used|driven|baked|"
    r"written|fished|sailed|trained|collected|been (?:a |an )?[\w-]+)\b.*"
    r"\b(?:for (?:the (?:past|last) )?(?:\d+|many|a few|some|several|ten|twenty|thirty|forty|"
    r"fifty|[a-z]+-[a-z]+) (?:years|decades)"
    r"|for years|for decades|for ages|since (?:\d{4}|I was|uni|school|college)"
    # "I've been in Leicester 6 years": how long, without its "for"
    r"|(?<=[a-z] )(?<!\bhere )(?<!\bthere )(?:\d+|ten|twenty|thirty|forty) years"
    r"(?! old| ago| of| younger| older)"
    r"|my whole life|all my life|forever)\b",
    _I,
)
# "I'm off fridays", "I'm only in mon-thu", "I'm on nights on weekends": the speaker's days.
# A range says the days worked ("I'm only in mon-thu"); days off in a range are this week's.
_MY_DAYS = re.compile(
    rf"^I(?:'m| am) {ADV}(?:(?:in|working|at work|in the office|wfh|working from home|remote|"
    rf"at the \w+) (?:on )?(?:{_DAYS}|{_WEEKDAY}\w*\s*[-–]\s*{_WEEKDAY}\w*)"
    rf"|(?:off|on shift|on nights|on days|on call) (?:on )?{_DAYS})",
    _I,
)
# "I'm in the glasgow office": where someone works.
_MY_OFFICE = re.compile(
    rf"^I(?:'m| am) {ADV}(?:based )?in the (?:[\w-]+ ){{1,2}}"
    r"(?:office|branch|team|department|lab|hub|site|store|depot|studio|ward|unit)\b",
    _I,
)
# "I do bandoneon lessons at the Musikschule", "I do compressed hours", "I do lunchboxes".
_I_DO = re.compile(
    rf"^I {ADV}do (?:the |my |all the |most of the )?(?:[\w-]+ ){{0,2}}"
    r"(?:lessons|classes|class|hours|shifts|nights|lunchboxes|school run|cooking|shopping|"
    r"laundry|bins|books|accounts|payroll|rota|ordering|admin|invoices|yoga|pilates|parkrun|"
    r"crossfit|jiu-jitsu|bjj|karate|swimming|volunteering|markets|deliveries|pickups?|"
    r"drop-?offs?)\b",
    _I,
)
# "I sell on insta and at the sunday market", "I get tyres from Calder Distribution".
_TRADE = re.compile(
    rf"^I {ADV}(?:sell|source|buy|order|get) {_POINTER}(?:[\w&'-]+ ){{0,4}}?"
    r"(?:on|at|from|through|via) (?:the )?(?:(?-i:[A-ZÀ-Þ])|insta\w*|etsy|ebay|amazon|"
    r"vinted|depop|markets?\b|\w+ market\b)",
    _I,
)
# "I'm registered with the HSE as a home food business", "I'm enrolled at the OU".
_ENROLLED = re.compile(
    rf"^I(?:'m| am) {ADV}(?:registered|enrolled|certified|qualified|licensed|insured|"
    r"signed up|vaccinated) (?:with|as|at|in|on|for|to) \S",
    _I,
)
# "I've entered the Dublin Marathon", "I've pulled out of Belfast".
_SIGNED_UP = re.compile(
    rf"^I(?:'ve| have)? {ADV}(?:entered|signed up for|registered for|pulled out of|"
    r"withdrawn from|withdrew from|dropped out of|enrolled (?:in|on|at)) (?:the )?"
    r"(?:(?-i:[A-ZÀ-Þ])|\w+ (?:race|marathon|course|class|programme|program|degree))",
    _I,
)
# "I'm into bouldering", "I'm interested in cycling".
_INTO = re.compile(
    rf"^I(?:'m| am) {ADV}(?:very |quite |really )?(?:interested in|into|passionate about) "
    rf"{_POINTER}(?!the idea\b|doing\b)\w+",
    _I,
)
# "I have the notice appointment at Leeds register office on 29 April", "I have puppy class
# starting march 15": an appointment, with its date or day.
_APPOINTMENT = re.compile(
    rf"^I {ADV}have (?:a |an |the |my |our )?(?:[\w-]+ ){{0,2}}"
    r"(?:class|classes|lesson|lessons|appointment|appt|interview|exam|test|surgery|operation|"
    r"scan|check-?up|recheck|hearing|viva|induction|course|session|sessions|"
    # ("I have physio every friday morning at the hallamshire", "I have choir on Wednesdays")
    r"physio|physiotherapy|therapy|counselling|choir|yoga|pilates|rehearsals?|dialysis|chemo|"
    r"tutoring|band practice|football practice|swimming)\b"
    rf"(?=.*(?:{DATE}|\bon {_DAY}|\b{_DAY}\b|\bat \d))",
    _I,
)
# "I made it to Santiago on the 7th of August", "I flew Manchester to Porto on the 25th of
# July": a journey's day, named with its place (not "I arrived late today").
_JOURNEY_DAY = re.compile(
    r"^I (?:arrived|landed|flew|made it|got) (?:(?:in|into|to|back to|home to|from) )?"
    r"(?-i:[A-ZÀ-Þ])[\w'’-]+(?: (?-i:[A-ZÀ-Þ])[\w'’-]+)*(?: to (?-i:[A-ZÀ-Þ])[\w'’-]+)?"
    rf",? on (?:the )?(?:{DATE})",
    _I,
)
# "I'm due 3rd march now", "I'm due in June": a baby on its way.
_DUE = re.compile(
    rf"^I'?m (?:now )?due (?:on |in )?(?:the )?(?:{DATE}|\d{{1,2}}(?:st|nd|rd|th)? (?:of )?"
    rf"{MONTH}|{MONTH})\b",
    _I,
)
# "I have this little side hustle baking filipino stuff": something the speaker runs.
_SIDELINE = re.compile(
    rf"^I {ADV}(?:have|run|own) (?:this |a |an |my own )?(?:little |small |tiny )?"
    r"(?:side hustle|side business|side gig|small business|business|stall|podcast|blog|"
    r"youtube channel|newsletter|band|allotment|etsy shop|online shop)\b",
    _I,
)

# "I'm a bit lactose intolerant": a mild trait is still one.
_MILD_TRAIT = re.compile(
    rf"^I(?:'m| am) {ADV}(?:a bit|a little|slightly|mildly|a tiny bit) {STATE}\b", _I
)
# "I'm seriously looking at moving into data analysis": a change being weighed up.
_WEIGHING = re.compile(
    rf"^I(?:'m| am) {ADV}(?:seriously |actually )?(?:looking at|looking into|considering) "
    r"(?:moving|switching|changing|retraining|applying|going back|buying|selling|"
    r"getting|adopting|renting|doing an?)\b",
    _I,
)
# "I'm sending an extra €300 a month to my mum": money that goes out every month.
_EVERY_MONTH = re.compile(
    rf"^I(?:'m| am) {ADV}(?:sending|paying|saving|putting (?:away|aside)|giving|lending) "
    r"(?:an extra |another |about |around )?(?:[£$€]\s?[\d,.]+k?|[\d,.]+k?\s?(?:eur|euros?|"
    r"pounds|dollars|quid|gbp|usd))\b.*\b(?:a|per|each|every) (?:month|week|year)\b",
    _I,
)
# (hundreds at least: "£12 in my account until payday" is how the week is going)
_SUM = (
    r"(?:about |around |roughly |approx\.? |just under |just over )?[£$€]\s?"
    r"(?:\d{1,3}(?:,\d{3})+|\d{3,}|\d+(?:\.\d+)?k)\b"
)
# "our mortgage has about £212,000 left, fixed at 4.1% until March 2027", "I have £8,000 in an
# easy-access savings account": money owed or put by, as a figure.
_MONEY_HELD = re.compile(
    r"^my (?:[\w-]+ )?(?:mortgage|loan|student loan|car loan|debt|overdraft|credit card|"
    rf"finance) has {_SUM} (?:left|remaining|outstanding|to go|on it)\b"
    rf"|^I(?: have|'ve got| still have) {_SUM} (?:saved|put by|in (?:savings|(?:an? |my )"
    r"(?:[\w-]+ ){0,3}?(?:account|isa|pot|pension|fund)))\b",
    _I,
)
# "I'm cycling in to Peterborough now three days a week", "I'm doing pilates every Tuesday":
# something done, said with how often (not a plan weighed, nor a worry).
_DOING_WEEKLY = re.compile(
    rf"^I(?:'m| am) {ADV}(?!(?:thinking|hoping|wondering|worrying|planning|trying|struggling|"
    r"dreading|considering|waiting|gonna|going to (?:be|start|try|do|have|get|keep|make|stay))"
    r"\b)\w+ing\b[^,.;()]*?\b(?:(?:once|twice|(?:two|three|four|five|six|\d) "
    r"(?:days|times|mornings|evenings|nights)) (?:a|per|each) week|every (?:day|morning|"
    rf"evening|night|weekday|weekend|{WEEKDAY})|on {WEEKDAY}s)\b",
    _I,
)
# "my asthma has been bad lately", "my sciatica has flared up again": a condition acting up.
_FLARING = re.compile(
    r"^my (?:asthma|eczema|back|migraines?|sciatica|ibs|crohn'?s|colitis|anxiety|depression|"
    r"hay ?fever|arthritis|psoriasis|endometriosis|endo|tinnitus|gout|allergies|rosacea|acne|"
    r"insomnia|long covid|fibro|fibromyalgia|ms|epilepsy|blood pressure) "
    r"(?:has been|'s been|is|keeps|has|'s) (?:really |so |quite |a bit )?(?:bad|awful|worse|"
    r"terrible|playing up|flaring|flared(?: up)?|acting up|back|worse than usual)\b",
    _I,
)
# "I'm scared of motorways", "I'm terrified of flying": a fear that lasts.
_AFRAID = re.compile(
    rf"^I(?:'m| am) {ADV}(?:scared|afraid|terrified|frightened|phobic) of "
    # a thing feared in general, not "the apartment search" this month
    r"(?!it\b|that\b|this\b|them\b|you\b|him\b|her\b|what\b|how\b|the\b|my\b|a\b|an\b)\w+",
    _I,
)
_BODY_PART = (
    r"(?:knee|knees|back|shoulder|hip|ankle|wrist|neck|foot|feet|elbow|hand|finger|ring finger|"
    r"thumb|toe|hamstring|calf|achilles|shin|tooth|jaw|it band|heel|arch|groin|ribs?)"
)
# "my left knee has been aching since sunday", "my ring finger hurts": an ailment now.
# ("I've had pain in my right heel for about three weeks", "I have lower back pain")
_ACHING = re.compile(
    rf"^my (?:left |right |lower |upper )?{_BODY_PART}s? (?:has been |have been |is |are |keeps "
    r"|started |still )?(?:aching|hurting|hurts?|sore|swollen|stiff|painful|playing up|clicking|"
    r"numb|giving me (?:trouble|grief))\b"
    r"|^I(?:'ve| have)(?: had| been having)? (?:(?:a |some )?(?:bad |sharp |dull |constant "
    rf"|chronic |nagging )?(?:pain|ache) in my (?:left |right |lower |upper )?{_BODY_PART}s?\b"
    rf"|(?:bad |constant |chronic |nagging )?(?:left |right |lower |upper )?{_BODY_PART} pain\b)",
    _I,
)

# "I'm turning 30 in october": an age.
_TURNING = re.compile(rf"^I(?:'m| am) {ADV}turning (?:[2-9]\d|1[6-9])\b", _I)
# "my thesis has to be submitted by end of january": a deadline.
_DUE_BY = re.compile(
    r"^my (?:[\w-]+ ){0,2}?[\w-]+ (?:has to|must|needs to|is due to|should) be "
    r"(?:submitted|done|finished|handed in|filed|paid|renewed|sent|in) (?:by|before) \S",
    _I,
)

# "I'm on naproxen", "I take levothyroxine", "started on 50mg sertraline": a medicine.
_MEDICINE = (
    r"(?:[a-z-]+(?:xen|pril|olol|statin|mab|prazole|cillin|mycin|cycline|triptan|azepam|oxetine|"
    r"aline|opram|sartan|dipine|formin|thyroxine|pentin|gabalin|semide|tidine|floxacin|olone|"
    r"asone|amine|azine|idone|apine|inib)|insulin|lithium|warfarin|apixaban|paracetamol|"
    r"ibuprofen|codeine|co-codamol|tramadol|melatonin|salbutamol|methotrexate|humira|"
    r"azathioprine|mesalazine|hrt|adderall|ritalin|vyvanse|elvanse|concerta|lamotrigine|"
    r"lactase(?: pills| tablets)?|iron tablets|vitamin d|b12 injections|the pill|"
    r"antidepressants|antibiotics|steroids|beta blockers|blood thinners|an inhaler|inhalers)"
)
_ON_MEDICINE = re.compile(
    rf"^I(?:'m| am| have been|'ve been) {ADV}(?:now |still |back )?(?:on|taking) "
    rf"(?:a |the |my )?(?:low dose of |\d+\s?mg (?:of )?)?{_MEDICINE}\b"
    rf"|^I {ADV}(?:take|started|started taking|switched to|have started|'ve started|got put on) "
    rf"(?:on )?(?:a |my )?(?:low dose of |\d+\s?mg (?:of )?)?{_MEDICINE}\b",
    _I,
)

# "I've been with Dev 6 years": a partner, and for how long.
_BEEN_WITH = re.compile(
    rf"^I(?:'ve| have) {ADV}been (?:with|married to|together with) (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+ "
    r"(?:for )?(?:\d+|a few|many|two|three|four|five|six|seven|eight|nine|ten|twenty) "
    r"(?:years|yrs|months)\b",
    _I,
)

_PERMANENT = (
    _AFRAID,
    _ON_MEDICINE,
    _BEEN_WITH,
    _TURNING,
    _MILD_TRAIT,
    _WEIGHING,
    _EVERY_MONTH,
    _DOING_WEEKLY,
    _CANNOT,
    _NOT_SINCE,
    _FOR_YEARS,
    _MY_DAYS,
    _MY_OFFICE,
    _I_DO,
    _TRADE,
    _ENROLLED,
    _INTO,
    _SIDELINE,
)


def standing(s: str) -> Tag | None:
    """The tag of a first-person clause of one of the shapes above, or None."""
    if any(pattern.match(s) for pattern in _PERMANENT):
        return "permanent"
    if (
        _SIGNED_UP.match(s)
        or _APPOINTMENT.match(s)
        or _DUE.match(s)
        or _MONEY_HELD.match(s)
        or _JOURNEY_DAY.match(s)
    ):
        return "durable"
    return "ephemeral" if _ACHING.match(s) or _FLARING.match(s) or _DUE_BY.match(s) else None
