#!/usr/bin/env bash
# Drop Zone: Davion 'Mechs drop onto a Kurita-held field (seed 002, 'Mech drops).
#
#   examples/drop-zone.sh [GAME_FILE]      (default: drop-game.toml)
#
# Turn 1 the ground units hold. Turn 2 Blue's Alpha lance arrives: in the
# initiative phase each dropping 'Mech commits a secret landing hex (the game
# file gets only a salted hash; the hex stays in GAME.blue.secrets.toml, which the
# script lists in .gitignore). The Hunchback aims at the Locust's hex on
# purpose (a stacking violation, DROP-14); the Wasp aims at open ground. Once
# every ground unit has moved, the droppers reveal and land in initiative order,
# the script asking btcli whose turn it is. Red's reinforcement arrives 1D6-1
# turns after Alpha, rolled when turn 1's initiative is resolved.
set -euo pipefail

BTCLI=${BTCLI:-btcli}
HERE=$(cd "$(dirname "$0")" && pwd)
GAME=${1:-drop-game.toml}

# The landing hexes are secret: keep the secrets file out of git.
printf '*.secrets.toml\n*.seed\n' > .gitignore
rm -f "${GAME%.toml}".*.secrets.toml  # one secrets file a side: GAME.blue.secrets.toml
$BTCLI init "$HERE/../scenarios/drop-zone.toml" -o "$GAME" --seed 7 --force

movement_phase() {  # ground units move (or stand), then the dropping 'Mechs land, as btcli says
    local side unit
    while side=$($BTCLI report "$GAME" --field next_to_move) && [ "$side" != null ]; do
        unit=$($BTCLI report "$GAME" --field "unmoved.$side" | cut -d' ' -f1)
        if [ -n "$unit" ]; then
            # shellcheck disable=SC2086
            $BTCLI move "$GAME" "$unit" ${MOVES[$unit]:---mode stand}
        else
            unit=$($BTCLI report "$GAME" --field "dropping.$side" | cut -d' ' -f1)
            $BTCLI drop "$GAME" "$unit" --reveal
        fi
    done
    $BTCLI resolve-phase "$GAME"
}

# Turn 1: nobody has arrived yet; the garrison holds its ground.
$BTCLI resolve-phase "$GAME"                                   # initiative (and the reinforcement's arrival roll)
declare -A MOVES=([commando]="--path F,F")
movement_phase
for phase in weapon physical heat end; do $BTCLI resolve-phase "$GAME"; done

# Turn 2: Alpha lance arrives. Commitments at the start of the turn; each drop draws
# a random salt (leave --salt out: it is all that hides the hex).
$BTCLI drop "$GAME" hunchback --hex 0810 --facing N
$BTCLI drop "$GAME" wasp --hex 0606 --facing S
echo "--- the game file holds only the commitments:"
grep '^commitment = ' "$GAME"
$BTCLI resolve-phase "$GAME"                                   # initiative
declare -A MOVES=([commando]="--path F,F" [scorpion]="--mode stand" [locust]="--mode stand")
movement_phase
$BTCLI report "$GAME"
# The Scorpion fires at the Hunchback:
# +3 for a 'Mech in its landing turn (DROP-10).
$BTCLI attack "$GAME" scorpion hunchback -w AC/5 --dry-run
$BTCLI attack "$GAME" scorpion hunchback -w AC/5
for phase in weapon physical heat end; do $BTCLI resolve-phase "$GAME"; done
$BTCLI report "$GAME"
$BTCLI verify "$GAME"
