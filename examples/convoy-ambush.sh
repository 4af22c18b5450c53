#!/usr/bin/env bash
# Convoy Ambush played to the end (seed 004, Battlefield Support assets): the
# deployment phase places every asset first, each side half its assets at a
# time, then the 'Mechs and the Scorpion. Each turn the assets move first in
# alternating halves; every unit fires at the first enemy a dry run accepts
# (an asset with its card, the Long Tom with its artillery at that enemy's
# hex); the End Phase makes the destruction checks.
#
#   examples/convoy-ambush.sh [GAME_FILE]      (default: convoy-game.toml)
set -euo pipefail

BTCLI=${BTCLI:-btcli}
HERE=$(cd "$(dirname "$0")" && pwd)
GAME=${1:-convoy-game.toml}

$BTCLI init "$HERE/../scenarios/convoy-ambush.toml" -o "$GAME" --seed 4004 --force

# Deployment (ASSET-DEP): the convoy's first half, the raiders' first, the convoy's second
# (the gun emplacement 6 hexes from the raiders' zone), the raiders' second; then the rest.
$BTCLI deploy "$GAME" maxim --hex 0805 --facing S
$BTCLI deploy "$GAME" browning --hex 0803 --facing S
$BTCLI deploy "$GAME" tank-1 --hex 0705 --facing S
$BTCLI deploy "$GAME" tank-2 --hex 0905 --facing S
$BTCLI deploy "$GAME" scout --hex 0915 --facing N
$BTCLI deploy "$GAME" emplacement --hex 0906 --facing S
$BTCLI deploy "$GAME" longtom --hex 0802 --facing S
$BTCLI deploy "$GAME" rifles --hex 0705
$BTCLI deploy "$GAME" elementals --hex 1005
$BTCLI deploy "$GAME" jumpers --hex 0713
$BTCLI deploy "$GAME" scorpion --hex 0804 --facing S
$BTCLI deploy "$GAME" hunchback --hex 0813 --facing N
$BTCLI deploy "$GAME" commando --hex 0612 --facing N
$BTCLI deploy "$GAME" locust --hex 1012 --facing N
$BTCLI deploy "$GAME" wasp --hex 1013 --facing N
$BTCLI resolve-phase "$GAME"

declare -A WEAPONS=(
    [scorpion]="-w AC/5 -w MG"
    [hunchback]="-w AC/20 -w ML@LA -w ML@RA -w SL"
    [commando]="-w ML -w SRM-4 -w SRM-6"
    [locust]="-w ML -w MG@LA -w MG@RA"
    [wasp]="-w ML -w SRM-2"
)
declare -A PLAN1=(
    [maxim]="--path F,F"
    [tank-1]="--path F"
    [scout]="--path A,A,3F"
    [hunchback]="--mode walk --path F,F"
    [commando]="--mode walk --path F,F"
    [locust]="--mode run --path L,4F,R,R,F,F"
    [wasp]="--mode walk --path F,F"
)
declare -A PLAN2=(
    [locust]="--mode walk --path F,F"
    [wasp]="--mode walk --path F,F"
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
$BTCLI report "$GAME" --format markdown
