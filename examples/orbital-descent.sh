#!/usr/bin/env bash
# Orbital Descent (seed 001, issue #13): a Corsair pair and a Battle Taxi come down out of
# orbit toward a ground battle, scripted from the shell.
#
#   examples/orbital-descent.sh [GAME_FILE]      (default: orbital-descent-game.toml)
#
# Units on the space map move only in the space movement phase of turns 6, 12, ... (TURN-02),
# so turns 1-5 pass with the ground 'Mechs standing still. In turn 6 the taxi moves in the
# small craft subphase, then the fighters (TURN-04): corsair-1 makes a high-G velocity change
# (7 thrust in one hex, over its SI 6: a control roll, failed here, costs 1 SI), makes its
# re-entry roll and dives into the ground row; corsair-2's re-entry roll fails (10 damage to the
# nose, and a control roll for reaching the nose's damage threshold). In the End Phase gravity
# pulls corsair-2 and the taxi into the interface, each with its re-entry roll (AERO-GRAV-03);
# the taxi's controller chooses its hex with resolve-phase --gravity taxi=0610.
# In turn 7 corsair-1 arrives on the low-altitude map and flies down over the ground board.
# Rolls that matter for the story are given with --dice; the rest come from the fixed seed.
set -euo pipefail

BTCLI=${BTCLI:-btcli}
HERE=$(cd "$(dirname "$0")" && pwd)
GAME=${1:-orbital-descent-game.toml}

$BTCLI init "$HERE/../scenarios/orbital-descent.toml" -o "$GAME" --seed 1001 --force

ground_turn() {  # initiative, the ground 'Mechs stand still in movement order, the movement phase ends
    $BTCLI resolve-phase "$GAME" -q
    local side
    while side=$($BTCLI report "$GAME" --field next_to_move) && [ "$side" != null ]; do
        $BTCLI move "$GAME" "$($BTCLI report "$GAME" --field "unmoved.$side" | cut -d' ' -f1)" --mode stand -q
    done
    $BTCLI resolve-phase "$GAME" -q                 # movement -> aerospace movement
}

end_turn() {  # the phases after movement, up to the next turn's initiative
    for phase in weapon physical heat end; do
        $BTCLI resolve-phase "$GAME" -q
    done
}

echo "== turns 1-5: nothing moves on the space map (TURN-02)"
for turn in 1 2 3 4 5; do
    ground_turn
    $BTCLI resolve-phase "$GAME" -q                 # aerospace movement: nobody on the low-altitude map
    end_turn
done

echo "== turn 6: the space turn"
ground_turn
$BTCLI resolve-phase "$GAME"                        # aerospace movement -> space movement
$BTCLI report "$GAME" --field next_to_move
$BTCLI move "$GAME" taxi --mode safe --path "+ F F"
$BTCLI move "$GAME" corsair-1 --mode max --path "7+ F F F F F F F" --dry-run
$BTCLI move "$GAME" corsair-1 --mode max --path "7+ 7F" --dice 4,8
$BTCLI move "$GAME" corsair-2 --mode safe --path "F F" --dice 3,8
for phase in space-movement weapon physical heat; do
    $BTCLI resolve-phase "$GAME" -q
done
# End Phase (AMB-54): gravity could pull the taxi into 0610 or 0611; its controller picks 0610
# (AERO-GRAV-02); corsair-2 goes where btcli's default takes it. corsair-1 leaves the space map.
$BTCLI resolve-phase "$GAME" --gravity taxi=0610
$BTCLI report "$GAME"

echo "== turn 7: down to the low-altitude map"
ground_turn
$BTCLI report "$GAME" --field maps
$BTCLI move "$GAME" corsair-1 --mode safe --path "2- F 2D F 2D F 2D F D F F F"
$BTCLI resolve-phase "$GAME"
$BTCLI report "$GAME"
$BTCLI verify "$GAME"
