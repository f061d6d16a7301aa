#!/bin/sh
# reverie quick start: build long-term memory from an example conversation.
#
# Uses the offline provider: no model, no API key, no network. It creates a
# workspace (default ./quickstart-workspace, or the folder given as $1),
# imports examples/maya.jsonl (a user over four days: preferences, a project
# with decisions, a correction, tool calls), and shows what memory Dream wrote
# and the commit it made.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
workspace=${1:-quickstart-workspace}

# Use $REVERIE, else `reverie` on PATH, else the project's .venv.
if [ -z "${REVERIE:-}" ]; then
    if command -v reverie >/dev/null 2>&1; then
        REVERIE=reverie
    else
        REVERIE="$here/../.venv/bin/reverie"
    fi
fi

# Bold headings only on a terminal that takes colour: piped output stays plain text.
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ] && [ "${TERM:-}" != dumb ]; then
    step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
else
    step() { printf '\n== %s\n' "$*"; }
fi

step "reverie init --workspace $workspace"
"$REVERIE" init --workspace "$workspace"

step "reverie ingest examples/maya.jsonl (offline provider)"
"$REVERIE" ingest "$here/maya.jsonl" --workspace "$workspace" --provider offline

for file in user memory soul; do
    step "reverie memory show $file"
    "$REVERIE" memory show "$file" --workspace "$workspace"
done

step "reverie dream log"
"$REVERIE" dream log --workspace "$workspace"

step "Try next"
# Show the command as a person would type it from the project folder.
case "$REVERIE" in
    */.venv/bin/reverie) shown=.venv/bin/reverie ;;
    *) shown=$REVERIE ;;
esac
cat <<NEXT
  $shown blame "Redpanda" --workspace $workspace       # where a memory line came from
  $shown history search "deadline" --workspace $workspace
  $shown chat --workspace $workspace                   # talk (set a model for real answers)
NEXT
