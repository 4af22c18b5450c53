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
    [hunchback]="-w AC/20 -w ML@LA -w ML@RA -w SL"
    [edgar]="-w ML -w SRM-2 -w SRM-2"
    [ferret-1]="-w MG"
    [ferret-2]="-w MG"
    [warrior]="-w AC/2 -w SRM-4"
)
declare -A PLAN1=(   # climb three levels, then fly north up the valley
    [ferret-1]="--path A,A,A,9F"
    [ferret-2]="--path A,A,A,10F"
    [warrior]="--path A,A,A,6F"
)
declare -A PLAN2=(
    [ferret-1]="--path F,F"
    [ferret-2]="--path F"
    [warrior]="--path F,F,F"
)
enemy() { if [ "$1" = blue ]; then echo red; else echo blue; fi; }

move_unit() {  # the planned flight, or holding position when there is none or the rules refuse it
    local unit=$1 plan=${2:-}
    # shellcheck disable=SC2086
    if [ -n "$plan" ] && $BTCLI move "$GAME" "$unit" $plan 2>/dev/null; then
        return
    fi
    $BTCLI move "$GAME" "$unit" --mode stand
}

fire() {
    local attacker=$1 side=$2 target
    for target in $($BTCLI report "$GAME" --field "active.$(enemy "$side")"); do
        # shellcheck disable=SC2086
        if $BTCLI attack "$GAME" "$attacker" "$target" ${WEAPONS[$attacker]} --dry-run >/dev/null 2>&1; then
            # shellcheck disable=SC2086
            $BTCLI attack "$GAME" "$attacker" "$target" ${WEAPONS[$attacker]}
            return
        fi
    done
}

turn=1
while [ "$($BTCLI report "$GAME" --field game_over)" = false ]; do
    $BTCLI resolve-phase "$GAME"                                   # initiative
    while side=$($BTCLI report "$GAME" --field next_to_move) && [ "$side" != null ]; do
        unit=$($BTCLI report "$GAME" --field "unmoved.$side" | cut -d' ' -f1)
        case $turn in
            1) move_unit "$unit" "${PLAN1[$unit]:-}" ;;
            2) move_unit "$unit" "${PLAN2[$unit]:-}" ;;
            *) move_unit "$unit" ;;
        esac
    done
    $BTCLI resolve-phase "$GAME"                                   # movement ends
    for side in blue red; do
        for unit in $($BTCLI report "$GAME" --field "active.$side"); do
            fire "$unit" "$side"
        done
    done
    for phase in weapon physical heat end; do
        [ "$($BTCLI report "$GAME" --field game_over)" = false ] || break
        $BTCLI resolve-phase "$GAME"
    done
    turn=$((turn + 1))
done

$BTCLI report "$GAME"
