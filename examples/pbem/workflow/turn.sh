#!/usr/bin/env bash
# One play-by-email turn, run in your clone of the game's repository (README, "Play by email: hooks and CI"):
#
#   turn.sh GAME [ORDERS]    ORDERS: a file of btcli orders, one a line (as `btcli play` reads them);
#                            without it, the orders are read from standard input (none: just look)
#
# 1. pull (fast-forward only) and verify the game: the opponent's entries follow from the rules and dice;
# 2. say what happened since your last pull, in words (`btcli report GAME --since REVISION`);
# 3. play your orders (`btcli play GAME --script ORDERS`);
# 4. commit the game with what your orders did as the message (`btcli report GAME --since HEAD`), and push.
set -euo pipefail
# shellcheck disable=SC2086  # $BTCLI may be a command with its arguments ("python3 -m btcli")

BTCLI=${BTCLI:-btcli}
GAME=${1:?usage: turn.sh GAME [ORDERS]}
ORDERS=${2:-/dev/stdin}

before=$(git rev-parse HEAD)
git pull -q --ff-only
$BTCLI verify "$GAME" -q
if [ "$(git rev-parse HEAD)" != "$before" ] && git cat-file -e "$before:./$GAME" 2>/dev/null; then
    echo "--- since your last turn:"
    $BTCLI report "$GAME" --since "$before"
fi

orders=$(grep -v '^[[:space:]]*\(#.*\)\?$' "$ORDERS" || true)  # blank lines and comments are not orders
if [ -z "$orders" ]; then
    echo "--- no orders: nothing to commit"
    exit 0
fi
printf '%s\n' "$orders" | $BTCLI play "$GAME" --quiet
message=$($BTCLI report "$GAME" --since HEAD)
git commit -q -m "$message" -- "$GAME"
git push -q
echo "--- committed and pushed:"
git log -1 --pretty=format:%B
