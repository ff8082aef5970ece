#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# manpage: docs/gen.1 stays in step with the program.
#  - every option `gen --help` names has an entry in the man page's OPTIONS, and
#    every entry there is named by `gen --help`;
#  - every subcommand of the usage has an entry in COMMANDS, and the reverse;
#  - EXIT STATUS lists exactly the codes of common/engine/errors.h, which are also the
#    codes `gen --help` lists; GEN_FONT is in both;
#  - groff formats the page without a warning, as a printed page and as man shows it on
#    an 80-column terminal (where groff is installed).
set -u
GEN=$1
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(dirname "$HERE")
MAN=$SRC/docs/gen.1
. "$HERE/lib.sh"
scratch

help=$("$GEN" --help) && ok || fail "gen --help exited $?"
# The text of one section (.SH NAME up to the next .SH), escapes resolved.
section() {
    awk -v want="$1" '/^\.SH / { s = $0; sub(/^\.SH +"?/, "", s); sub(/"$/, "", s); on = (s == want); next } on' "$MAN" |
        sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g'
}
options_of() { grep -oE -- '(^|[^A-Za-z0-9_-])(--[a-z][a-z_-]*[a-z]|-[a-z])([^A-Za-z0-9_]|$)' |
    grep -oE -- '--?[a-z][a-z_-]*[a-z]|-[a-z]' | sort -u; }

help_opts=$(options_of <<<"$help")
# OPTIONS entries: the first word of the line after each .TP.
man_opts=$(section OPTIONS | awk 'prev == ".TP" { print $2 } { prev = $1 }' | sort -u)
[ "$(wc -l <<<"$help_opts")" -ge 17 ] && ok || fail "gen --help names only $(wc -l <<<"$help_opts") options"
missing=$(comm -23 <(echo "$help_opts") <(echo "$man_opts"))
[ -z "$missing" ] && ok || fail "gen --help names options the man page's OPTIONS lacks: $missing"
extra=$(comm -13 <(echo "$help_opts") <(echo "$man_opts"))
[ -z "$extra" ] && ok || fail "the man page's OPTIONS has entries gen --help does not name: $extra"
# The SYNOPSIS names no option that OPTIONS does not explain.
syn_extra=$(comm -13 <(echo "$man_opts") <(section SYNOPSIS | options_of))
[ -z "$syn_extra" ] && ok || fail "SYNOPSIS names options OPTIONS lacks: $syn_extra"

# Subcommands: the words after "gen" in the usage that are not placeholders.
help_cmds=$(grep -oE '^ *(usage: )?gen [a-z]+' <<<"$help" | awk '{ print $NF }' | sort -u)
man_cmds=$(section COMMANDS | awk 'prev == ".TP" && $2 == "gen" && $3 ~ /^[a-z]+$/ { print $3 } { prev = $1 }' | sort -u)
[ "$(wc -l <<<"$help_cmds")" -eq 13 ] && ok || fail "gen --help shows $(wc -l <<<"$help_cmds") subcommands, not 13"
[ "$help_cmds" = "$man_cmds" ] && ok || fail "subcommands differ: help: $(echo $help_cmds); man: $(echo $man_cmds)"
section COMMANDS | grep -q '^\.B gen TASK' && ok || fail "COMMANDS has no entry for gen TASK"

# Exit codes: errors.h, gen --help and EXIT STATUS agree.
h_codes=$(grep -oE 'GEN_EXIT_[A-Z]+ = [0-9]+' "$SRC/common/engine/errors.h" | awk '{ print $3 }' | sort -n)
man_codes=$(section "EXIT STATUS" | awk 'prev == ".TP" && $1 == ".B" { print $2 } { prev = $1 }' | sort -n)
help_codes=$(sed -n '/^exit codes:/,/^[a-z]*:/p' <<<"$help" | grep -oE '(^|[ ,:]) *[0-9]+ [a-z]' | grep -oE '[0-9]+' | sort -n)
[ "$(wc -l <<<"$h_codes")" -ge 7 ] && ok || fail "found only $(wc -l <<<"$h_codes") codes in errors.h"
[ "$h_codes" = "$man_codes" ] && ok || fail "EXIT STATUS lists $(echo $man_codes), errors.h defines $(echo $h_codes)"
[ "$h_codes" = "$help_codes" ] && ok || fail "gen --help lists codes $(echo $help_codes), errors.h defines $(echo $h_codes)"

grep -q GEN_FONT <<<"$help" && ok || fail "gen --help does not mention GEN_FONT"
section ENVIRONMENT | grep -q '^\.B GEN_FONT' && ok || fail "ENVIRONMENT has no GEN_FONT entry"
grep -q '^\.TH GEN 1 ' "$MAN" && ok || fail "docs/gen.1 has no .TH GEN 1 line"
version=$("$GEN" --version | head -n 1 | awk '{ print $2 }')
grep -q "^\.TH GEN 1 .*\"gen $version\"" "$MAN" && ok || fail "the man page's .TH does not say gen $version"

if command -v groff >/dev/null; then
    warnings=$(groff -man -ww -z "$MAN" 2>&1)
    [ -z "$warnings" ] && ok || fail "groff warns: $warnings"
    # man on an 80-column terminal: line length 78 (a word longer than a line warns)
    warnings=$(groff -man -Tutf8 -rLL=78n -ww -z "$MAN" 2>&1)
    [ -z "$warnings" ] && ok || fail "groff warns at man's 80 columns: $warnings"
    groff -man -Tascii -P-c -P-b -P-u "$MAN" 2>/dev/null | grep -q "EXIT STATUS" && ok || fail "groff does not render the page"
else
    echo "manpage: groff is not installed, formatting not checked"
fi
finish manpage
