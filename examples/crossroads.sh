#!/usr/bin/env bash
# Three full turns of the Crossroads scenario, scripted from the shell.
#
#   examples/crossroads.sh [GAME_FILE]      (default: crossroads-game.toml)
#
# Each side's moves for a turn are listed below; the script asks btcli whose
# turn it is to move (initiative decides, and the side with more units left
# moves more of them per impulse), plays that side's next move, and closes each
# phase with resolve-phase. The seed is fixed, so every run gives the same file.
set -euo pipefail

BTCLI=${BTCLI:-btcli}
HERE=$(cd "$(dirname "$0")" && pwd)
GAME=${1:-crossroads-game.toml}

$BTCLI init "$HERE/../scenarios/crossroads.toml" -o "$GAME" --seed 3025 --force

play_turn() {
    local -n blue_moves=$1 red_moves=$2
    local b=0 r=0 side
    $BTCLI resolve-phase "$GAME"                       # initiative
    while side=$($BTCLI report "$GAME" --field next_to_move) && [ "$side" != "null" ]; do
        if [ "$side" = blue ]; then
            $BTCLI move "$GAME" ${blue_moves[$b]}; b=$((b + 1))
        else
            $BTCLI move "$GAME" ${red_moves[$r]}; r=$((r + 1))
        fi
    done
    for phase in movement weapon physical heat end; do
        $BTCLI resolve-phase "$GAME"
    done
}

# Turn 1: both sides close on the river. The Manticore drives the road through
# the woods and keeps its pavement bonus (cruise 4 + 1 = 5 MP); the Wasp jumps.
# The Locust's --to runs round the building in 1013 (8 MP instead of 6, no
# entry or basement roll: a found path takes up to 2 MP more to make fewer rolls).
blue1=("hunchback --path F,F,F,F"
       "commando --to 1105 --facing S"
       "manticore --path F,F,F,F,F"
       "edgar --to 0609")
red1=("wasp --mode jump --to 0613 --facing N"
      "locust --to 1012 --mode run"
      "scorpion --path F,F,F,F"
      "savannah --to 1211"
      "hunchback-2 --path F,F,F,F")
play_turn blue1 red1

# Turn 2: the hover tank crosses the river on the water; the Scorpion reaches
# the bridge approach; the Commando turns in place on its hill.
blue2=("hunchback --to 0709"
       "commando --path R,R"
       "manticore --path F,F,F"
       "edgar --path F,F")
red2=("wasp --mode stand"
      "locust --path L,F"
      "scorpion --path F,F"
      "savannah --to 1208 --facing NW"
      "hunchback-2 --path F,F,F")
play_turn blue2 red2

# Turn 3: the Hunchback wades into the river, the Locust backs away.
blue3=("hunchback --path F"
       "commando --mode stand"
       "manticore --mode stand"
       "edgar --to 0712 --facing SE")
red3=("wasp --to 0513"
      "locust --path B"
      "scorpion --mode stand"
      "savannah --to 1307"
      "hunchback-2 --mode stand")
play_turn blue3 red3

$BTCLI report "$GAME"
