#!/usr/bin/env bash
# River Strike played to the end: the VTOLs climb above the treetops (A),
# fly up the valley (F), and then hover and fire; the road column holds and
# shoots back. Every unit fires at the first enemy a dry run accepts.
#
#   examples/river-strike.sh [GAME_FILE]      (default: strike-game.toml)
set -euo pipefail

BTCLI=${BTCLI:-btcli}
HERE=$(cd "$(dirname "$0")" && pwd)
GAME=${1:-strike-game.toml}

$BTCLI init "$HERE/../scenarios/river-strike.toml" -o "$GAME" --seed 5150 --force

declare -A WEAPONS=(
    [scorpion]="-w AC/5 -w MG"
    [edgar]="-w ML -w SRM-2 -w SRM-2"
    [savannah]="-w ML"
    [warrior-1]="-w AC/2 -w SRM-4"
    [warrior-2]="-w AC/2 -w SRM-4"
    [warrior-3]="-w AC/2 -w SRM-4"
)
declare -A PLAN1=(   # climb three levels, then fly north up the valley
    [warrior-1]="--path A,A,A,6F"
    [warrior-2]="--path A,A,A,6F"
    [warrior-3]="--path A,A,A,6F"
)
declare -A PLAN2=(
    [warrior-1]="--path F,F"
    [warrior-2]="--path F"
    [warrior-3]="--path F,F,F"
)
# shellcheck source=lib/skirmish.bash
. "$HERE/lib/skirmish.bash"
plan_for() {  # the planned move of unit $2 in turn $1 (none: hold position)
    case $1 in
        1) echo "${PLAN1[$2]:-}" ;;
        2) echo "${PLAN2[$2]:-}" ;;
    esac
}

play_to_the_end
