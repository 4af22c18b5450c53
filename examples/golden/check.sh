#!/usr/bin/env bash
# A golden check of a scenario's scripted game, for scenario designers and their CI (README, "Golden
# scenario checks"):
#
#   check.sh SCENARIO ORDERS SEED EXPECTED            compare: one OK line (exit 0), or a diff (exit 1)
#   check.sh SCENARIO ORDERS SEED EXPECTED --record   write EXPECTED (review its diff like code)
#
# Plays ORDERS (btcli orders, one a line, as `btcli play` reads them) on a new game of SCENARIO with
# dice seed SEED, verifies it, and writes what the game came to: the final state hash (the `state` of
# the last log entry), the whole log in words (`report --since 0`) and the report, both in Markdown.
# EXPECTED is that text as recorded. The work happens in a temporary folder (under $TMPDIR).
set -euo pipefail
# shellcheck disable=SC2086  # $BTCLI may be a command with its arguments ("python3 -m btcli")

BTCLI=${BTCLI:-btcli}
usage="usage: check.sh SCENARIO ORDERS SEED EXPECTED [--record]"
[ $# -eq 4 ] || { [ $# -eq 5 ] && [ "$5" = --record ]; } || { echo "$usage" >&2; exit 2; }
scenario=$1 orders=$2 seed=$3 expected=$4 record=${5:-}
[ -f "$orders" ] || { echo "Error: $orders: no such file" >&2; exit 2; }
orders=$(cd "$(dirname "$orders")" && pwd)/$(basename "$orders")
case $scenario in  # a file (made absolute: the game is played in another folder), or a shipped scenario's name
    */* | *.toml) scenario=$(cd "$(dirname "$scenario")" && pwd)/$(basename "$scenario") ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(
    cd "$work"  # the reports name the game as given: "game.toml" wherever the check runs
    $BTCLI init "$scenario" -o game.toml --seed "$seed" -q
    $BTCLI play game.toml --script "$orders" --quiet
    $BTCLI verify game.toml -q
    printf 'final state hash: %s\n\n' "$(grep '^state = ' game.toml | tail -n 1 | cut -d'"' -f2)"
    $BTCLI report game.toml --since 0 --format markdown
    echo
    $BTCLI report game.toml --format markdown
) > "$work/actual.md"

if [ -n "$record" ]; then
    cp "$work/actual.md" "$expected"
    echo "recorded $expected ($(head -n 1 "$expected"))"
    exit 0
fi
[ -f "$expected" ] || { echo "Error: $expected: no such file (record it first with --record)" >&2; exit 2; }
if cmp -s "$expected" "$work/actual.md"; then
    echo "OK: $(basename "$scenario" .toml) with $(basename "$orders"), seed $seed: $(head -n 1 "$expected")"
    exit 0
fi
if [ "$(head -n 1 "$expected")" = "$(head -n 1 "$work/actual.md")" ]; then
    echo "DIFFERS: the same final state hash, so the game played the same; only the wording or the report differs:"
else
    echo "DIFFERS: the final state hash changed, so the game played differently:"
fi
diff -u --label "$expected (recorded)" --label "now" "$expected" "$work/actual.md" || true
exit 1
