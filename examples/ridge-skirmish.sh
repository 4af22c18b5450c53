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
    [manticore]="-w PPC -w LRM-10 -w SRM-6 -w ML"
    [scorpion]="-w AC/5 -w MG"
    [wasp]="-w ML -w SRM-2"
    [locust]="-w ML -w MG@LA -w MG@RA"
    [edgar]="-w ML -w SRM-2 -w SRM-2"
    [savannah]="-w ML"
)
enemy() { if [ "$1" = blue ]; then echo red; else echo blue; fi; }

fire() {  # fire every weapon of $1 at the first enemy that a dry run accepts
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

while [ "$($BTCLI report "$GAME" --field game_over)" = false ]; do
    $BTCLI resolve-phase "$GAME"                                   # initiative
    while side=$($BTCLI report "$GAME" --field next_to_move) && [ "$side" != null ]; do
        unit=$($BTCLI report "$GAME" --field "unmoved.$side" | cut -d' ' -f1)
        $BTCLI move "$GAME" "$unit" --mode stand
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
done

$BTCLI report "$GAME"
