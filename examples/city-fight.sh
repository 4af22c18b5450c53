#!/usr/bin/env bash
# City Fight played to the end: the Commando ducks into a shed too flimsy for
# it (the shed collapses on it), the Hunchback forces its way into the
# hardened bunker (an entry PSR at +5; its basement is rolled), the Atlas
# drives onto the light bridge (15 tons of CF under 100 tons: it falls into
# the river), and the garrison comes down the road through the woods.
#
#   examples/city-fight.sh [GAME_FILE]      (default: city-game.toml)
set -euo pipefail

BTCLI=${BTCLI:-btcli}
HERE=$(cd "$(dirname "$0")" && pwd)
GAME=${1:-city-game.toml}

$BTCLI init "$HERE/../scenarios/city-fight.toml" -o "$GAME" --seed 3003 --force

declare -A WEAPONS=(
    [atlas]="-w AC/20 -w LRM-20 -w SRM-6 -w ML@LA -w ML@RA"
    [hunchback]="-w AC/20 -w ML@LA -w ML@RA -w SL"
    [commando]="-w SRM-6 -w SRM-4 -w ML"
    [scorpion]="-w AC/5 -w MG"
    [manticore]="-w PPC -w LRM-10 -w SRM-6 -w ML"
    [wasp]="-w ML -w SRM-2"
    [hunchback-2]="-w AC/20 -w ML@LA -w ML@RA -w SL"
)
declare -A PLAN1=(
    [commando]="--path F"         # from the rise into level 1 of the warehouse at 0402
    [hunchback]="--path F"       # into the hardened bunker at 0408
    [atlas]="--path F"           # onto the light bridge at 0705
    [scorpion]="--path F,F"      # west along the road through the woods
    [wasp]="--path F"
)
declare -A PLAN2=(
    [scorpion]="--path F,F"
    [manticore]="--path F"
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
