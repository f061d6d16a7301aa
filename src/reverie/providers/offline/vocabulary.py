"""Word lists the offline rules share: which verbs state a fact, which words need context.

They are closed lists on purpose: a sentence is kept only when its verb is one
that states something lasting about someone ("lives", "switched to", "is
allergic to"); anything else — moods, reactions, reports of what someone said
— is left out. Precision over recall.
"""

from __future__ import annotations

import re

__all__ = [
    "COMMON_WORDS",
    "CONDITION_STATES",
    "DEMONYMS",
    "EVENT_VERBS",
    "HABIT_VERBS",
    "LASTING_ALONE",
    "NOT_NAMES",
    "PREFERENCE_VERBS",
    "PROGRESSIVE_OK",
    "STATE_WORDS",
    "TENS",
    "TRANSIENT_COMPLEMENT",
    "WORK_LOG_VERBS",
    "alternation",
    "is_name",
    "words",
]


def words(text: str) -> tuple[str, ...]:
    """The whitespace-separated words of ``text`` (word lists read best as prose)."""
    return tuple(text.split())


TENS: dict[str, int] = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}  # fmt: skip
"""The tens written out ("seventy-two", "the seventy-fifth"), with their values."""
CONDITION_STATES = (
    *words(
        "claustrophobic dyslexic allergic asthmatic deaf short-sighted long-sighted hypermobile"
    ),
    "intolerant",
    r"colou?r-?blind",
    r"(?:lactose|gluten|dairy) intolerant",
)
"""A lasting condition said of someone ("claustrophobic", "lactose intolerant"), which "very"
or "horribly" before it grades and does not make a mood (patterns, for :func:`alternation`)."""
COUNT_WORDS = r"two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
"""A count of people or things written out ("we're five now"); never "one", a word for anything."""


def alternation(words: tuple[str, ...]) -> str:
    """A regex group matching any of ``words`` (longest first, spaces as ``\\s+``)."""
    ordered = sorted(words, key=len, reverse=True)
    return "(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in ordered) + ")"


IRREGULAR_PAST = frozenset(
    words(
        """
    was were had did went got made chose took said told thought knew left bought found
    began became came felt kept met ran saw sent spent wrote gave put set let lost won sold
    paid built taught caught brought fought held led fled heard meant slept stood
    understood sat spoke broke woke drove rode froze flew grew threw drew withdrew wore forgot
    shot fell dealt learnt burnt sang drank swam ate forgave quit hurt cut hit shut split tore
    """
    )
)
"""Past tenses that do not end in "-ed" (a few, like "put" and "quit", are presents too)."""

PAST_OF = {
    "apply for": "applied for",
    "accept": "accepted",
    "adopt": "adopted",
    "begin": "began",
    "book": "booked",
    "buy": "bought",
    "call": "called",
    "do": "did",
    "eat": "ate",
    "enter": "entered",
    "finish": "finished",
    "get": "got",
    "get divorced": "got divorced",
    "get engaged": "got engaged",
    "get married": "got married",
    "go": "went",
    "graduate": "graduated",
    "hand in": "handed in",
    "join": "joined",
    "leave": "left",
    "make": "made",
    "meet": "met",
    "move": "moved",
    "order": "ordered",
    "pass": "passed",
    "pay": "paid",
    "practice": "practiced",
    "practise": "practised",
    "qualify": "qualified",
    "quit": "quit",
    "record": "recorded",
    "register for": "registered for",
    "retire": "retired",
    "see": "saw",
    "sell": "sold",
    "send": "sent",
    "sign up for": "signed up for",
    "speak": "spoke",
    "split up": "split up",
    "start": "started",
    "stop": "stopped",
    "take": "took",
    "try": "tried",
    "visit": "visited",
    "watch": "watched",
    "write": "wrote",
}
"""The past of verbs (and phrasal verbs) the rules turn from a present or a question into a
deed done: "did you book …?" — "yes" is "booked"; "I do the test yesterday" is "I did"."""

PREFERENCE_VERBS = words("prefer like love hate dislike enjoy adore detest loathe")
"""Verbs of taste, after "I" (also negated: "I don't like")."""

HABIT_VERBS = words(
    """
    live work speak use run write teach drink eat cook bake play study go cycle bike swim grow
    earn weigh
    knit sew
    read own have keep commute drive code program train climb boulder walk practice
    practise volunteer wear wake get take do make meditate ride attend lead manage handle
    maintain host shoot paint draw sing knit garden hike ski surf dance sail fish commute
    mentor coach tutor support cover report own rent share celebrate fast avoid want
    start know turn move
    """
)
"""Present-tense verbs that state a habit or a standing fact after "I" or a name."""

EVENT_VERBS = (
    *words(
        """
    moved switched started bought ordered booked joined left quit married adopted upgraded
    sold signed finished graduated passed made created built installed rotated migrated
    changed renamed deployed found rented hired lost broke sprained injured hurt fell
    applied enrolled registered subscribed cancelled canceled retired visited learned
    learnt completed published launched released won received submitted paid decided
    agreed chose picked settled downgraded replaced dropped stopped gave got confirmed
    accepted declined resigned tore twisted fractured broken torn chosen fallen deferred
    """
    ),
    "turned down",
    "handed in",
)
"""Past-tense verbs that report something that changed ("I moved to Oslo")."""

WORK_LOG_VERBS = frozenset(
    words(
        """
        made created built installed rotated migrated changed renamed deployed released
        launched submitted paid published replaced dropped stopped upgraded downgraded
        confirmed got gave found received sent fixed merged pushed ran wrote set
        """
    )
)
"""Past-tense verbs that log an everyday step of work ("I created the role"): kept only
when the object names something (a name, a number, a path, "called …")."""

PROGRESSIVE_OK = words(
    """
    writing learning studying building working planning training moving renovating
    preparing applying taking using switching starting leaving visiting organising
    organizing trying saving raising developing migrating rotating doing teaching coaching
    volunteering expecting flying travelling traveling running meeting coming
    interviewing hiring launching releasing upgrading relocating retiring thinking booking
    handling leading managing owning maintaining covering saving presenting sticking
    staying getting dropping quitting having keeping registering going breastfeeding
    fostering commuting freelancing renting giving restoring converting turning
    """
)
"""Verbs whose "-ing" form states a plan or a long activity, not a passing moment."""

LASTING_ALONE = words("breastfeeding freelancing fostering volunteering retiring")
"""Of those, the ones that say it all without an object: "I'm breastfeeding"."""

DEMONYMS = words(
    """
    american british english scottish welsh irish canadian australian brazilian portuguese
    spanish french german dutch italian polish swedish norwegian danish finnish greek
    turkish indian pakistani bangladeshi chinese japanese korean vietnamese thai filipino
    mexican argentinian chilean colombian peruvian nigerian ghanaian kenyan egyptian
    moroccan russian ukrainian romanian hungarian czech austrian swiss belgian lebanese
    iranian israeli
    """
)
"""Where someone is from, as a word ("I'm brazilian"); written with a capital in a fact."""

CONDITION_WORDS = (
    *words(
        """
        diabetes asthma eczema epilepsy colitis coeliac celiac ibs ibd pcos endometriosis adhd
        autism dyslexia arthritis psoriasis lupus fibromyalgia migraines hypertension
        hypothyroidism hyperthyroidism depression anxiety afib copd gout tinnitus sciatica
        crohn's crohns shingles anaemia anemia angina dementia alzheimer's parkinson's
        parkinsons alzheimers cancer leukaemia leukemia lymphoma osteoporosis glaucoma
        osteoarthritis ptsd ocd cataracts tendonitis tendinitis vertigo insomnia hypermobility
        rhinitis sinusitis rosacea scoliosis gastritis hashimoto's hashimotos hashimoto
        graves' thalassemia thalassaemia rsi
        """
    ),
    "repetitive strain injury",
    "motion sickness",
    "travel sickness",
    "rheumatoid arthritis",
    "plantar fasciitis",
    "shin splints",
    "frozen shoulder",
    "tennis elbow",
    "carpal tunnel",
    "high blood pressure",
    "sleep apnoea",
    "sleep apnea",
    "hay fever",
    "macular degeneration",
    "heart failure",
    "kidney disease",
    "long covid",
    "multiple sclerosis",
    "atrial fibrillation",
    "type 1 diabetes",
    "type 2 diabetes",
    "carpal tunnel syndrome",
    "carpal tunnel",
    "plantar fasciitis",
    "tennis elbow",
    "acid reflux",
    "crohn's disease",
    "coeliac disease",
    "celiac disease",
    "high cholesterol",
    "an underactive thyroid",
    "motor neurone disease",
    "breast cancer",
    "prostate cancer",
    "allergic rhinitis",
    "a slipped disc",
    "a bulging disc",
    "a herniated disc",
)
"""Conditions someone lives with ("I have type 2 diabetes", "asthma, diagnosed at 12")."""

STATE_WORDS = (
    *words(
        """
    from based living allergic intolerant vegetarian vegan pescatarian married divorced
    single engaged pregnant retired fluent lactose gluten left-handed right-handed colorblind
    colourblind color-blind colour-blind anemic anaemic diabetic celiac coeliac self-employed
    freelance unemployed originally born new native responsible veggie teetotal sober halal
    kosher dyslexic autistic bilingual trilingual deaf blind asthmatic epileptic vegetarians
    deuteranopic protanopic tritanopic dyspraxic claustrophobic short-sighted long-sighted
    hypermobile self-taught
    """
    ),
    "colour blind",
    "color blind",
    "left handed",
    "right handed",
    *DEMONYMS,
)
"""Words after "I'm" that state a trait or situation ("I'm allergic to …", "I'm brazilian")."""

TRANSIENT_COMPLEMENT = re.compile(
    r"^(?:(?:so|too|very|really|pretty|quite|kind of|kinda|a bit|a little|literally|"
    r"totally|super|just|still|honestly|actually|less|more)\s+)*"
    r"(?:fine|ok|okay|alright|good|great|bad|terrible|awful|horrible|amazing|awesome|perfect|dead|"
    r"a mess|killing|the worst|the best|better|worse|done|ready|full|empty|weird|strange|"
    r"annoying|slow|fast|crazy|insane|nuts|sealed|over|gone|back|here|there|sick|tired|"
    r"late|early|busy|free|happy|sad|angry|upset|stressed|exhausted|excited|nervous|"
    r"scared|worried|bored|hungry|sleepy|lost|confused|stuck|sure|right|wrong|correct|"
    r"fun|funny|hilarious|nice|cool|lovely|beautiful|cute|ugly|easy|hard|difficult|"
    r"impossible|possible|true|false|important|interesting|exciting|boring|a nightmare|a disaster|"
    r"a joke|a lot|everything|nothing|acting up|not working|on fire|thriving|alive|broke|"
    r"mine|yours|ours|it|this|that|same|below|above|attached|following|as follows|like this|"
    r"like that|pleased|delighted|thrilled|relieved|impressed|proud|glad|annoyed|cross|"
    r"furious|on crutches|in a cast|in hospital|off sick|on bed rest|soup|mush|fried|toast|"
    r"tiny|huge|massive|enormous|gorgeous|adorable|a menace|a legend|an angel|sweet|grumpy)\b"
    # Place words say where someone is right now only when nothing follows them:
    # "I'm in" is a mood, "the server is in Frankfurt" a fact.
    r"|^(?:in|out|home|away|down|up|off|on|back|here|there)\s*[.!]?$",
    re.IGNORECASE,
)
"""A complement that says how something is right now, not what it is."""

NOT_NAMES = frozenset(
    words(
        """
    yes no ok okay sure well so and but also anyway honestly btw wait hmm update morning
    wi-fi wifi hi-fi bluetooth
    evening night hey hi hello thanks thank sorry actually great nice cool perfect awesome
    good bad oh ah yeah yep nope right done fine true what why how when where who which
    whose please help stop listen look congrats congratulations cheers welcome dear today
    tomorrow oof ooh ouch yikes wow omg lol ugh
    merci danke gracias grazie obrigado obrigada shukran spasibo dziekuje kiitos asante
    yesterday tonight monday tuesday wednesday thursday friday saturday sunday january
    february march april may june july august september october november december i the
    a an this that it we you they he she my our your his her their its random quick big
    small new old first next last same other another every each some any all one two
    three four five maybe perhaps if then now just still only even really very much more
    most less least both either neither not never always sometimes often usually here
    there back fyi ps note todo to-do correction remember reminder also plus can could
    would should will shall may might must do does did is are was were have has had let
    lets let's don't doesn't didn't isn't aren't wasn't i'm i've i'll i'd we're we've
    we'll you're it's that's there's what's nobody everyone someone anyone something
    nothing everything dad mom mum mother father brother sister son daughter wife husband
    boyfriend girlfriend partner kids baby birthday bday b-day
    anyu apu anya apa mutti vati mamá papá mãe maman papa mamma babbo amma appa ammi abbu
    nanay tatay annem babam maminka mamka máma tatínek taťka táta mamusia tata isä äiti
    pappa
    feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thurs fri sat sun
    """
    )
    + DEMONYMS  # "my wife is Polish": where she is from, not her name
)
"""Capitalised words that start sentences or name relations, not people or things."""

_NAME_SHAPE = re.compile(r"^[A-ZÀ-Þ][\wÀ-ÿ'’.-]*$")


_SHORTENED_VERB = re.compile(r"['’](?:d|ll|re|ve|m)$")


def is_name(word: str) -> bool:
    """True when ``word`` looks like a proper name ("Priya", "João", "Harbor")."""
    bare = word.rstrip(".,;:!?").removesuffix("'s").removesuffix("’s")
    shortened = _SHORTENED_VERB.search(bare) if "'" in bare or "’" in bare else None
    if shortened is not None and bare[: shortened.start()].lower() in NOT_NAMES:
        return False  # "He'd", "She'll", "They're": a pronoun, shortened with its verb
    return bool(_NAME_SHAPE.match(bare)) and bare.lower() not in NOT_NAMES and len(bare) > 1


COMMON_WORDS = frozenset(
    words(
        """
    about above across after again against all almost alone along already also although
    always among another any anybody anyone anything anyway anywhere around away back bad
    badly basically because been before behind being below beside best better between beyond
    big both brief busy but by can cannot cause certainly cheap close come comes coming could
    currently day days definitely did different does doing done down during each early easy
    either else enough especially even evening ever every everyone everything exactly far few
    finally fine first for free from full fully gonna gotta good got great half happy hard
    hardly has have having here high his home honestly hopefully how however huge just kinda
    last late lately later least less let like likely little long lot lots low lowkey made
    mainly many maybe me might mine more morning most mostly much must near nearly need never
    new next nice night no nobody none nope nor not nothing now nowhere of off often old on
    once one only onto or other otherwise our out outside over own perhaps pretty probably
    quite rather real really right round same seriously several she should since slightly
    small so some somebody someone something sometimes somewhat somewhere soon sorta still
    such super sure than thanks that the their them then there these they thing things
    this those though through thus till to today together tomorrow tonight too totally toward
    towards truly under unless until up upon us usually very via wanna want was way we week
    weekend well went were what whatever when where whether which while who whole why will
    with within without won't would yeah yes yesterday yet you your lemme dunno gimme tho
    literally actually obviously apparently absolutely anyways okay ok cool fun funny weird
    instead anymore afterwards again either neither alright though although already soon
    tired sick busy sad mad glad sorry ready able free keen gone stuck broke fine true
    work job stuff place time year month thing bit way life house flat room car bike city
    town area uni school office trip holiday party dinner lunch breakfast coffee tea beer
    bed sofa couch floor garden kitchen shop store bar pub gym park beach road street
    says said say tell told ask asked think thought know knew get gets got make made take
    took see saw come came go goes went leave left keep kept let put set run ran call called
    try tried help helped find found give gave feel felt seem seems look looks looked
    mean means meant fair more less most much many enough plenty loads lots whole half
    quarter double single only own such kind sort type part side end start middle top
    bottom front back left right inside outside north south east west love hate like
    worry mind care hope wish miss need plan idea point problem issue question answer
    reason news story case fact word words name number money cash price cost rent bill
    bills deal luck fun joke mess chaos drama nonsense rubbish crap shit hell heaven god
    lord babe baby honey darling dear love mate bro dude sis guys girls boys kids folks
    people person man woman men women boy girl child friend friends family mum mom dad
    nan gran grandma grandpa auntie uncle cousin neighbour neighbor boss team crew gang
    cat dog pet fish bird horse cow sheep goat pig chicken duck moose bear fox wolf
    food drink water wine beer tea coffee cake bread cheese pizza pasta rice chips soup
    sugar salt pepper milk butter egg eggs meat veg fruit apple orange lemon
    morning noon afternoon evening night midnight dawn today tomorrow tonight
    spring summer autumn fall winter week weekend month year day days hour hours minute
    minutes second seconds moment while ages forever
    big small huge tiny long short tall wide high low hot cold warm cool wet dry new old
    young early late fast slow quick easy hard soft loud quiet light dark heavy clean
    dirty cheap dear rich poor full empty open closed ready sure safe fine well ill sick
    nice lovely great good bad awful terrible amazing awesome perfect brilliant gorgeous
    cute sweet mad crazy weird odd strange funny serious honest real fake true false
    ok okay yes no yeah yep nope nah maybe please thanks cheers sorry hello hi hey bye
    wow oh ah ugh hmm huh lol haha omg idk tbh btw fyi asap rip
    """
    )
)
"""Common English words: never taken for a name a chat typed in lower case."""
