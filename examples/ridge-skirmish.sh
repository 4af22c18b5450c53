#!/usr/bin/env bash
# Ridge Skirmish played to the end: every unit holds its ground and fires every
# weapon each turn at the first enemy it can hit, until a side has lost half its
# units or the turn limit is reached.
#
#   examples/ridge-skirmish.sh [GAME_FILE]      (default: ridge-game.toml)
#
# It shows the scripting pattern for combat: `attack --dry-run` checks range,
# arc and line of sight without rolling anything, so the script only declares
# attacks that the rules allow. The seed is fixed: every run gives the same game.
set -euo pipefail

BTCLI=${BTCLI:-btcli}
HERE=$(cd "$(dirname "$0")" && pwd)
GAME=${1:-ridge-game.toml}

$BTCLI init "$HERE/../scenarios/ridge-skirmish.toml" -o "$GAME" --seed 4117 --force

declare -A WEAPONS=(
    [hunchback]="-w AC/20 -w ML@LA -w ML@RA -w SL"
    [commando]="-w ML -w SRM-4 -w SRM-6"
    [scorpion]="-w AC/5 -w MG"
    [wasp]="-w ML -w SRM-2"
    [locust]="-w ML -w MG@LA -w MG@RA"
    [edgar]="-w ML -w SRM-2 -w SRM-2"
    [savannah]="-w ML"
)
# shellcheck source=lib/skirmish.bash
. "$HERE/lib/skirmish.bash"
plan_for() { echo "--mode stand"; }   # every unit holds its ground

play_to_the_end
