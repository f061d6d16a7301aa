"""Irregular English verb forms, so "When did Maya go…" finds "I went…".

Questions about the past ask with the base form ("did she buy", "did they
meet"); people tell it in the past tense ("I bought", "we met"). Stemming
joins "adopted" to "adopt", but not "bought" to "buy": for the irregular
verbs, a query's base form also searches its past forms.
"""

from __future__ import annotations

__all__ = ["past_forms"]

_IRREGULAR = """
arise arose arisen | awake awoke awoken | bear bore borne | beat beat beaten |
become became | begin began begun | bend bent | bite bit bitten | bleed bled |
blow blew blown | break broke broken | breed bred | bring brought | build built |
burn burnt | buy bought | catch caught | choose chose chosen | come came |
creep crept | deal dealt | dig dug | draw drew drawn | dream dreamt |
drink drank drunk | drive drove driven | eat ate eaten | fall fell fallen |
feed fed | feel felt | fight fought | find found | flee fled | fly flew flown |
forbid forbade forbidden | forget forgot forgotten | forgive forgave forgiven |
freeze froze frozen | give gave given | go went gone | grow grew grown |
hang hung | hear heard | hide hid hidden | hold held | keep kept | kneel knelt |
know knew known | lay laid | lead led | leap leapt | learn learnt | leave left |
lend lent | lie lay lain | light lit | lose lost | make made | mean meant |
meet met | overcome overcame | pay paid | ride rode ridden | ring rang rung |
rise rose risen | run ran | see saw seen | seek sought | sell sold | send sent |
shake shook shaken | shine shone | shoot shot | show shown | shrink shrank shrunk |
sing sang sung | sink sank sunk | sit sat | sleep slept | slide slid |
speak spoke spoken | speed sped | spend spent | spill spilt | spin spun |
spring sprang sprung | stand stood | steal stole stolen | stick stuck |
sting stung | strike struck | swear swore sworn | sweep swept | swim swam swum |
swing swung | take took taken | teach taught | tear tore torn | think thought |
throw threw thrown | undergo underwent undergone | understand understood |
wake woke woken | wear wore worn | weave wove woven | weep wept | win won |
withdraw withdrew withdrawn | write wrote written
"""

_FORMS: dict[str, tuple[str, ...]] = {
    words[0]: tuple(words[1:]) for entry in _IRREGULAR.split("|") if (words := entry.split())
}


def past_forms(word: str) -> tuple[str, ...]:
    """The irregular past forms of base form ``word`` (lower case); () for any other word."""
    return _FORMS.get(word, ())
