# Shared by the example scripts that fight a game to the end (source it; not an example itself).
# Expects BTCLI, GAME and an associative array WEAPONS (unit -> "-w ..." options).

enemy() { if [ "$1" = blue ]; then echo red; else echo blue; fi; }

fire() {  # fire every weapon of $1 (side $2) at the first enemy that a dry run accepts
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

move_unit() {  # the planned move $2 for unit $1, or standing still when there is none or the rules refuse it
    local unit=$1 plan=${2:-}
    # shellcheck disable=SC2086
    if [ -n "$plan" ] && $BTCLI move "$GAME" "$unit" $plan 2>/dev/null; then
        return
    fi
    $BTCLI move "$GAME" "$unit" --mode stand
}

play_to_the_end() {  # each turn: moves from plan_for TURN UNIT, every unit fires, the phases close
    local turn=1 side unit phase
    while [ "$($BTCLI report "$GAME" --field game_over)" = false ]; do
        $BTCLI resolve-phase "$GAME"                               # initiative
        while side=$($BTCLI report "$GAME" --field next_to_move) && [ "$side" != null ]; do
            unit=$($BTCLI report "$GAME" --field "unmoved.$side" | cut -d' ' -f1)
            move_unit "$unit" "$(plan_for "$turn" "$unit")"
        done
        $BTCLI resolve-phase "$GAME"                               # movement ends
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
}
