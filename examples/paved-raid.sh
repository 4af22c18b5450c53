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
enemy() { if [ "$1" = blue ]; then echo red; else echo blue; fi; }

move_unit() {  # the turn's plan for $1, or standing still if the rules refuse it
    local unit=$1 plan=$2
    # shellcheck disable=SC2086
    $BTCLI move "$GAME" "$unit" $plan 2>/dev/null || $BTCLI move "$GAME" "$unit" --mode stand
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
            1) move_unit "$unit" "${PLAN1[$unit]}" ;;
            2) move_unit "$unit" "${PLAN2[$unit]}" ;;
            *) $BTCLI move "$GAME" "$unit" --mode stand ;;
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
