#!/usr/bin/env bash
# Paved Raid played to the end: the raiders dash across the paved square at
# flank speed, turning toward the patrol (skid and sideslip rolls), and every
# unit fires at the first enemy a dry run says it can hit.
#
#   examples/paved-raid.sh [GAME_FILE]      (default: raid-game.toml)
set -euo pipefail

BTCLI=${BTCLI:-btcli}
HERE=$(cd "$(dirname "$0")" && pwd)
GAME=${1:-raid-game.toml}

$BTCLI init "$HERE/../scenarios/paved-raid.toml" -o "$GAME" --seed 7301 --force

declare -A WEAPONS=(
    [scorpion]="-w AC/5 -w MG"
    [manticore]="-w PPC -w LRM-10 -w SRM-6 -w ML"
    [savannah]="-w ML"
    [edgar]="-w ML -w SRM-2 -w SRM-2"
    [scout-car]="-w ML -w SRM-2"
)
# Each turn's intended move per unit; a unit that cannot make it (immobilized,
# blocked) stands still instead.
declare -A PLAN1=(
    [savannah]="--path 6F,R,F,F --mode flank"
    [edgar]="--path 5F,L,F,F --mode flank"
    [scout-car]="--path 5F,L,F,F,F --mode flank"
    [scorpion]="--mode stand"
    [manticore]="--path F,R --mode cruise"
)
declare -A PLAN2=(
    [savannah]="--path F,F,L,F,F --mode flank"
    [edgar]="--path F,F,R,F,F --mode flank"
    [scout-car]="--path F,F,R,F --mode flank"
    [scorpion]="--path L --mode cruise"
    [manticore]="--mode stand"
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
