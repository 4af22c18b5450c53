#!/usr/bin/env bash
# A drop turn played by email: two players, two git clones, one shared game file.
#
#   examples/pbem/drop-turn.sh [GAME_FILE]   (copies the final game to GAME_FILE; default pbem-game.toml)
#
# Works in ./pbem: a bare repository stands for the shared remote, blue/ and red/
# are the players' clones. Each player commits a secret landing hex in their own
# commit: the game file (and so the diff the opponent sees) gains only a salted
# hash, while the hex stays in the player's own game.SIDE.secrets.toml, which
# .gitignore keeps out of git. After the ground moves, the players reveal and
# land in initiative order, each in their own clone, and both verify the result.
set -euo pipefail

BTCLI=${BTCLI:-btcli}
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$(pwd)/${1:-pbem-game.toml}

# Reproducible git: fixed identity and dates, no user or system configuration.
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export GIT_AUTHOR_DATE="2025-01-01T12:00:00Z" GIT_COMMITTER_DATE="2025-01-01T12:00:00Z"

rm -rf pbem && mkdir pbem && cd pbem
git init -q --bare -b main remote.git
for player in blue red; do
    git clone -q remote.git "$player" 2>/dev/null
    git -C "$player" config user.name "$player player"
    git -C "$player" config user.email "$player@example.com"
    git -C "$player" config pull.ff only
done

as() {  # as PLAYER MESSAGE BTCLI-ARGS...: pull, run one btcli command in PLAYER's clone, commit, push
    local player=$1 message=$2
    shift 2
    echo "[$player] btcli $*"
    (cd "$player" && git pull -q && $BTCLI "$@" && git add game.toml && git commit -qm "$message" && git push -q)
}

# Blue sets the game up; the secrets and seed files are never committed.
(cd blue && printf '*.secrets.toml\n*.seed\n' > .gitignore && printf '*.toml -text\n' > .gitattributes \
    && $BTCLI init "$HERE/../../scenarios/drop-duel.toml" -o game.toml -q \
    && git add .gitignore .gitattributes game.toml && git commit -qm "Drop Duel set up" && git push -q -u origin main)

# Start of turn 1: each player commits a secret landing hex in their own commit; btcli
# draws a random salt for each (leave --salt out: it is all that hides the hex).
as red "red commits its landing hex" drop game.toml wasp --hex 0707 --facing SW
as red "red commits its second landing hex" drop game.toml commando-2 --hex 1010 --facing N
as blue "blue commits its landing hex" drop game.toml hunchback --hex 0909 --facing S

echo "--- what red sees of blue's commitment (git diff of game.toml):"
(cd red && git pull -q && git diff HEAD~1 -U0 -- game.toml | grep '^[-+][^-+]')
salt=$(grep '^salt = ' blue/game.blue.secrets.toml | cut -d'"' -f2)
if (cd red && git diff HEAD~1 -- game.toml | grep -q -e 0909 -e "$salt"); then
    echo "the landing hex leaked into the game file"; exit 1
fi
echo "(no landing hex and no salt in the diff)"
echo "--- blue's landing hex is only in blue's own secrets file, which git ignores:"
(cd blue && git status --porcelain --ignored game.blue.secrets.toml)
(cd red && ls game.*.secrets.toml)

as blue "initiative" resolve-phase game.toml
# Ground units move in initiative order; then the dropping 'Mechs land, alternating the same way.
declare -A MOVES=([commando]="--path F,F" [locust]="--mode stand")
declare -A OWNER=([commando]=blue [hunchback]=blue [locust]=red [wasp]=red [commando-2]=red)
while side=$(cd blue && git pull -q && $BTCLI report game.toml --field next_to_move) && [ "$side" != null ]; do
    unit=$(cd blue && $BTCLI report game.toml --field "unmoved.$side" | cut -d' ' -f1)
    if [ -n "$unit" ]; then
        # shellcheck disable=SC2086
        as "${OWNER[$unit]}" "$unit moves" move game.toml "$unit" ${MOVES[$unit]}
    else
        unit=$(cd blue && $BTCLI report game.toml --field "dropping.$side" | cut -d' ' -f1)
        as "${OWNER[$unit]}" "$unit lands" drop game.toml "$unit" --reveal
    fi
done
as red "movement ends" resolve-phase game.toml

echo "--- both players verify the shared game:"
(cd blue && git pull -q && $BTCLI verify game.toml)
(cd red && git pull -q && $BTCLI verify game.toml)
(cd red && $BTCLI report game.toml)
echo "--- the history: one commit per step, the landing hexes public only from the reveals"
(cd red && git log --format='%an: %s' | cat)
cp red/game.toml "$OUT"
