#!/usr/bin/env bash
# The bash completion (doc/completion/paifu) offers what the built tool says it has: commands,
# a command's options, rule sets, the formats that can be read (--from) and written (--to), and
# an option's fixed values. usage: completion_test.sh PAIFU COMPLETION_FILE
set -u
paifu=$1
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
ln -s "$(cd "$(dirname "$paifu")" && pwd)/$(basename "$paifu")" "$dir/paifu"
PATH=$dir:$PATH
source "$2"
fail=0
comp() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _paifu; echo "${COMPREPLY[*]}"; }
expect() { # WHAT GOT WANT
    if [ "$2" != "$3" ]; then echo "completion: $1: got '$2', want '$3'"; fail=1; fi
}
has() { # WHAT GOT WORD...
    local what=$1 got=" $2 "; shift 2
    for w in "$@"; do
        case $got in *" $w "*) ;; *) echo "completion: $what: '$w' missing from '$got'"; fail=1 ;; esac
    done
}
lacks() {
    local what=$1 got=" $2 "; shift 2
    for w in "$@"; do
        case $got in *" $w "*) echo "completion: $what: '$w' offered in '$got'"; fail=1 ;; esac
    done
}
cmds=$(paifu --help | awk '/^commands:/{c=1; next} c && /^  [a-z]/{print $1} c && !/^  /{c=0}' | tr '\n' ' ')
[ -n "$cmds" ] || { echo "completion: paifu --help lists no commands"; exit 1; }
expect "commands" "$(comp paifu '')" "${cmds}help --help --version"
expect "a command by its start" "$(comp paifu va)" "validate"
has "validate's options" "$(comp paifu validate --)" --rules --rules-file --format --jobs --quiet --help
has "report's options" "$(comp paifu report --)" --format --output --sanction
expect "rule sets" "$(comp paifu validate --rules '')" "$(paifu rules list | awk 'NF{print $1}' | tr '\n' ' ' | sed 's/ $//')"
has "formats read" "$(comp paifu validate --from '')" pantheon majsoul tenhou6
has "formats written" "$(comp paifu convert --to '')" tenhou6 mjai paifu
lacks "formats written" "$(comp paifu convert --to '')" pantheon majsoul
has "an option's values" "$(comp paifu validate --format '')" text json jsonl
expect "rules' subcommands" "$(comp paifu rules '')" "list show params"
[ $fail = 0 ] && echo "completion: ok"
exit $fail
