"""Decisions in terse work talk: "postmark then, not sendgrid", "currencies: EUR, GBP and USD".

At work people settle things in a few words, without a subject or a verb the
clause rules (:mod:`.rules`) could read. Six shapes are clear enough to keep,
and only in talk about work:

- a choice against an alternative: "postmark then, not sendgrid", "so
  weasyprint, not reportlab" → "Decision: postmark, not sendgrid.";
- a conclusion after "so:" or "decision:": "so: arq with redis for background
  jobs" → "Decision: arq with redis for background jobs.";
- a requirement: "I want cursor pagination" → "User wants cursor pagination.";
- a tool and the part of the stack it serves: "terraform for infra." → "The
  team uses terraform for infra." (a later tool for the same part replaces it);
- the tools a project is built on, listed: "django 4.2, python 3.11." → "The
  stack: django 4.2, python 3.11." (two of the items must name a tool);
- a label and its value: "currencies: EUR, GBP and USD only at launch" →
  "Currencies: EUR, GBP and USD only at launch." The label must name
  something a team settles (a scope, a deadline, conventions — not a tool,
  which makes "postgres: partial index syntax" a request for help), and the
  value must not speak of "I" or "you" — it is stored as it stands.

A later choice between the same two options replaces the earlier one (its
slot is the pair).
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import (
    AUXILIARY,
    SPEAKER_OR_LISTENER,
    FrameFact,
    sentences,
)
from reverie.providers.offline.name_lexicon import FUNCTION_WORDS
from reverie.providers.offline.topic_news import label_line
from reverie.providers.offline.vocabulary import COMMON_WORDS, words

__all__ = ["is_a_tool", "work_frames"]

_I = re.IGNORECASE

_OPTION = r"[\w.+#/-]+(?: [\w.+#/-]+){0,2}"
_CHOICE = re.compile(
    rf"^(?:(?:ok|okay|fine|right|so|then|yeah|yes|alright|actually|no|nope|wait)[,.!]?\s+)*"
    rf"(?:let's go with |going with |"
    rf"we'll use |use )?(?P<chosen>{_OPTION})(?: then| it is| for sure| wins)?,?\s+"
    rf"(?:not|instead of|over|rather than) (?P<other>{_OPTION})[.!]*$",
    _I,
)
_CONCLUSION = re.compile(
    r"^(?:ok |okay )?(?:so|decision|decided|verdict|final answer)\s*:\s+(?P<what>.+)$", _I
)
# What a team settles: a label ends with one of these ("beta scope", "commit convention").
# A tool's name is a topic, not a slot: "postgres: partial index syntax" asks for help.
_SLOT_LABELS = frozenset(
    words(
        """
        deadline deadlines launch scope currencies currency stack hosting deploys deployment
        database backend frontend auth login payments email queue jobs linting lint
        formatting tests testing budget timeline release releases naming convention
        conventions style rules policy owner owners owns ownership languages framework infra
        region versioning branching reviews hours prices pricing rates schedule suppliers
        supplier staff dates venue storage monitoring logging alerting retention backups
        sla slas targets stakeholders cadence date window project dataset region definition
        metric metrics version versions cluster broker cache runtime orm editor
        """
    )
)
# "I want cursor pagination", "I want idempotency keys": a requirement, said at work.
_WANT = re.compile(
    r"(?:^|[,.;]\s+|\bso\s+)i (?:want|need) "
    r"(?P<what>(?![a-z]+ing\b)[a-z][\w-]*(?: [a-z][\w-]*){1,2})\s*[.!]*$",
    _I,
)
# "terraform for infra.", "kustomize now for everything": a tool and the part it serves.
_TOOL_FOR = re.compile(
    r"^(?:(?:ok|okay|so|yeah|yes)[,.!]?\s+)?(?P<tool>[a-z][\w.+#-]*(?: ?\+ ?[a-z][\w.+#-]*)?)"
    r"(?: now)? for (?P<part>infra|infrastructure|ci|cd|ci/cd|monitoring|alerting|deploys|"
    r"deployments|secrets|state|frontend|backend|auth|payments|emails?|queues?|the db|db|"
    r"database|cache|caching|logging|logs|tracing|tests|testing|builds|hosting|dns|cdn|search|"
    r"analytics|metrics|background jobs|jobs|migrations|everything)(?: now)?[.!]*$",
    _I,
)
# Names of tools a stack is listed with. A version ("postgres 16", "v2") or a capital
# inside a word ("FastAPI", "PostGIS") marks a tool this list does not hold.
_TOOLS = frozenset(
    words(
        """
        python django flask fastapi pydantic sqlalchemy alembic celery dramatiq rq arq redis
        postgres postgresql mysql mariadb sqlite mongodb mongo dynamodb cassandra elasticsearch
        opensearch kafka rabbitmq sqs sns nats clickhouse snowflake bigquery redshift duckdb
        pandas polars numpy jupyter airflow dbt spark mlflow lightgbm xgboost pytorch tensorflow
        node nodejs deno bun typescript javascript react nextjs vue nuxt svelte angular expo
        zustand redux tailwind nativewind vite webpack prisma drizzle graphql grpc rest trpc
        go golang rust java kotlin scala swift ruby rails php laravel elixir phoenix dotnet
        aws gcp azure fly.io heroku vercel netlify render cloudflare ecs eks fargate lambda rds
        s3 r2 ec2 gke aks k8s kubernetes docker podman helm kustomize terraform pulumi ansible
        argocd argo flux jenkins github gitlab bitbucket circleci prometheus grafana loki
        datadog sentry otel opentelemetry honeycomb newrelic pagerduty stripe resend postmark
        sendgrid twilio supabase firebase auth0 clerk keycloak nginx caddy traefik gunicorn
        uvicorn pytest jest vitest playwright cypress selenium poetry uv pip npm pnpm yarn
        tanstack react-query asyncpg psycopg sqlx
        linux ubuntu debian arch macos windows neovim vim emacs vscode
        """
    )
)
_VERSIONED = re.compile(
    r"^[a-z][\w.+#-]* v?\d+(?:\.\d+)*$|\bv\d+$|^[a-z]{2}-[a-z]+-\d$",
    _I,  # "eu-west-1"
)
# "redis down, celery too": how the tools are doing today, not what the stack is.
_STATE = re.compile(
    r"\b(?:down|up|broken|failing|failed|dead|slow|again|too|also|still|fixed|done|crashing|"
    r"flaky|timing out|out|off|on fire|first|later|wait|if|maybe)\b",
    _I,
)
_INNER_CAPITAL = re.compile(r"[a-z][A-Z]|^[A-Z]{2,}[a-z]")
_LIST_SPLIT = re.compile(r"\s*(?:,|\s\+\s|\+|;|\band\b|&)\s*")
_CLAUSE_WORD = re.compile(
    rf"\b(?:{AUXILIARY}|could|should|don't|doesn't|gonna|need|needs|want|wants|think|thinks|"
    r"it's|that's)\b",
    _I,
)
# "stack = airflow 2.9 on k8s, snowflake": a label written with "=" (only the labels
# label_line knows are read, so "x = 5" stays code).
_EQUALS_LABEL = re.compile(r"^(?P<label>[a-z][a-z ]{1,30}?) = (?=[\w£$€])", _I)
_CODEISH = re.compile(r"[`{}<>=;]|\(\)|\w\.\w+\(|^\s*[-*]")
_TIME_WORDS = frozenset(
    words(
        """
        today tomorrow tonight yesterday now later soon monday tuesday wednesday thursday
        friday saturday sunday morning afternoon evening weekend week month year this that
        """
    )
)


# "im not rewriting": a subject typed without its apostrophe, not an option
_SUBJECTS = frozenset(words("im ive id ill were youre theyre hes shes its thats whats theres"))


def is_a_tool(word: str) -> bool:
    """True for a tool a stack is built with ("Snowflake", "kubernetes"), never a place."""
    return word.lower() in _TOOLS


def _option_ok(option: str) -> bool:
    parts = option.lower().split()
    if not parts or len(option) < 2 or parts[0] in _SUBJECTS:
        return False
    return not any(
        part in FUNCTION_WORDS or part in COMMON_WORDS or part in _TIME_WORDS for part in parts
    )


def _decision(chosen: str, other: str) -> FrameFact:
    slot = ("Decision", "|".join(sorted((chosen.lower(), other.lower()))))
    return FrameFact(f"Decision: {chosen}, not {other}.", slot, durable=True)


def _a_tool(item: str) -> bool:
    words_in = item.split()
    head = words_in[0].lower().strip("`") if words_in else ""
    return (
        head in _TOOLS
        or _VERSIONED.search(item) is not None
        or (_INNER_CAPITAL.search(words_in[0]) is not None if words_in else False)
    )


def _stack(sentence: str) -> FrameFact | None:
    """ "django 4.2, python 3.11.", "zustand + tanstack query": the tools a project is built on.

    Each item is a few words; at least two of them name a tool, and no item says
    something with a verb ("redis is down, celery too" is news of the day).
    """
    said = sentence.strip().rstrip(".!")
    items = [item for item in _LIST_SPLIT.split(said) if item]
    if not 2 <= len(items) <= 10 or any(len(item.split()) > 5 for item in items):
        return None
    if _CLAUSE_WORD.search(said) or SPEAKER_OR_LISTENER.search(said) or _STATE.search(said):
        return None
    tools = sum(_a_tool(item) for item in items)
    named = any(item.split()[0].lower().strip("`") in _TOOLS for item in items)
    if tools < 2 or tools * 2 < len(items) or not named:
        return None
    return FrameFact(f"The stack: {said}.", ("stack", said.lower()), durable=True)


def work_frames(text: str) -> list[FrameFact]:
    """The decisions one message of work talk states (see the module docstring)."""
    found: list[FrameFact] = []
    for sentence in sentences(text):
        sentence = _EQUALS_LABEL.sub(r"\g<label>: ", sentence.strip())
        if "?" in sentence or _CODEISH.search(sentence):
            continue
        if (wanted := _WANT.search(sentence)) is not None and _option_ok(wanted["what"]):
            what = wanted["what"]
            found.append(FrameFact(f"User wants {what}.", ("User wants", what.lower()), True))
            continue
        if (choice := _CHOICE.match(sentence)) is not None:
            chosen = re.sub(r"\s+(?:then|it is|for sure|wins)$", "", choice["chosen"], flags=_I)
            other = choice["other"].rstrip(".!")
            if _option_ok(chosen) and _option_ok(other) and chosen.lower() != other.lower():
                found.append(_decision(chosen, other))
            continue
        if (tool := _TOOL_FOR.match(sentence)) is not None and _option_ok(tool["tool"]):
            used, part = tool["tool"], tool["part"].lower()
            line = f"The team uses {used} for {part}."
            found.append(FrameFact(line, ("The team uses", part), durable=True))
            continue
        if (conclusion := _CONCLUSION.match(sentence)) is not None:
            what = conclusion["what"].rstrip(".! ")
            if 2 <= len(what.split()) <= 30 and not SPEAKER_OR_LISTENER.search(what):
                slot = ("Decision", what.lower())
                found.append(FrameFact(f"Decision: {what}.", slot, durable=True))
            continue
        labelled = label_line(sentence, _SLOT_LABELS)
        if labelled is not None:
            found.append(labelled)
        elif (stack := _stack(sentence)) is not None:
            found.append(stack)
    return found
