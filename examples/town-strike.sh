#!/usr/bin/env bash
# Town Strike (seed 001, issue #14): a Sparrowhawk pair and a Union DropShip come in low over a
# town held by a Kurita garrison, scripted from the shell.
#
#   examples/town-strike.sh [GAME_FILE]      (default: town-strike-game.toml)
#
# Turn 1: the garrison stands; the three aircraft fly north into the low-altitude hex holding
# the ground board (their flight paths cross it). In the weapon attack phase hawk-1 strikes the
# Hunchback (air-to-ground, +2) and hawk-2 strafes the main street (+4); the garrison fires back
# (ground-to-air: range twice the altitude, -3 at an aircraft attacking the ground): the
# Manticore's PPC hits hawk-2, the Hunchback's AC/20 the Union. As the phase is resolved both
# fail the control rolls the damage forces, lose 6 altitudes out of control and come down
# (AERO-LALT-08): hawk-2 crashes into the medium building in 1610 and brings it down
# (AERO-CRASH-10); the out-of-control Union is destroyed (AERO-CRASH-02) in 1618 on the main
# street, crushing the Manticore there (AERO-CRASH-12), destroying the light building in 1617
# (AERO-CRASH-11), striking the Commando and pushing the Wasp aside (AERO-CRASH-14, 15) and
# lowering the ground two levels (AERO-CRASH-13). Turn 2: hawk-1 slows to a stop, comes down
# and lands on the road south of town (a LAND step, TW p.87 UNVERIFIED).
# Rolls that matter for the story are given with --dice; the rest come from the fixed seed.
set -euo pipefail

BTCLI=${BTCLI:-btcli}
HERE=$(cd "$(dirname "$0")" && pwd)
GAME=${1:-town-strike-game.toml}

$BTCLI init "$HERE/../scenarios/town-strike.toml" -o "$GAME" --seed 1414 --force

ground_turn() {  # initiative, the garrison's units still in action stand, the movement phase ends
    local side unit
    $BTCLI resolve-phase "$GAME" -q
    while side=$($BTCLI report "$GAME" --field next_to_move) && [ "$side" != null ]; do
        unit=$($BTCLI report "$GAME" --field "unmoved.$side" | cut -d' ' -f1)
        $BTCLI move "$GAME" "$unit" --mode stand -q
    done
    $BTCLI resolve-phase "$GAME" -q                 # movement -> aerospace movement
}

echo "== turn 1: over the town"
ground_turn
$BTCLI move "$GAME" union --mode safe --path F     # DropShips first (TURN-04)
$BTCLI move "$GAME" hawk-1 --mode safe --path F
$BTCLI move "$GAME" hawk-2 --mode safe --path F
$BTCLI resolve-phase "$GAME"                        # aerospace movement -> weapon attack

$BTCLI attack "$GAME" hawk-1 hunchback --weapon "Medium Laser" --weapon "Medium Laser" --strike --dry-run
$BTCLI attack "$GAME" hawk-1 hunchback --weapon "Medium Laser" --weapon "Medium Laser" --strike
$BTCLI attack "$GAME" hawk-2 --weapon "Medium Laser" --weapon "Small Laser@left" --strafe 1620,1619,1618 \
    --dice 9,7,5,4,6
$BTCLI attack "$GAME" manticore hawk-2 --weapon PPC --dry-run
$BTCLI attack "$GAME" manticore hawk-2 --weapon PPC --dice 10,7
$BTCLI attack "$GAME" hunchback union --weapon AC/20 --dice 8,4
# The phase's end: critical checks (2, 2: none), hawk-2's control roll 2 (fails, 6 altitudes lost),
# the Union's 2 (fails, 6); hawk-2's crash: 3 random-movement rolls of 3 (straight on, 8 hexes each)
# from 1634 to 1610, 70 damage (7 x 10), its 10-point groups on the nose (7, checks 2); the
# Union's: 2 rolls of 3 to 1618, 50 damage; the Wasp avoids it (1), the Commando does not (5) and
# takes 25 in 5-point groups on the punch table (3, 4, 6, 2, 5; checks 2); the Wasp's PSR.
$BTCLI resolve-phase "$GAME" --dice 2,2,2,6,2,6,3,3,3,3,7,7,2,7,2,7,2,7,2,3,3,5,1,5,4,4,2,4,4,4,2,11,7,7
$BTCLI report "$GAME"
$BTCLI report "$GAME" --map town-strike-map.svg --force > /dev/null
for phase in physical heat end; do
    $BTCLI resolve-phase "$GAME" -q
done

echo "== turn 2: hawk-1 lands"
ground_turn
$BTCLI move "$GAME" hawk-1 --mode safe --path "- D D LAND:1630" --dry-run
$BTCLI move "$GAME" hawk-1 --mode safe --path "- D D LAND:1630" --dice 8
$BTCLI resolve-phase "$GAME"
$BTCLI report "$GAME"
$BTCLI verify "$GAME"
