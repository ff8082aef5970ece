#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# hostile: gen verify, check and merge on directories made by someone who wants
# them to misbehave, and the write paths that could lose a user's files.  One
# section per item of issue 10; each asserts a clear message, the documented exit
# code, no crash, bounded memory (ulimit -v, when the build allows it), nothing
# read or written outside the directory, and the previous dataset intact.
set -u
GEN=$(realpath "$1")
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hostile_lib.sh" # also makes $WORK and enters it

no_tmp() { # DIR WHAT
    if ls -A "$1" | grep -q '^\.gen-'; then fail "$2: left $(ls -A "$1" | grep '^\.gen-' | head -1)"; else ok; fi
}
small() { "$GEN" "$1" --num_images 1 --num_sizes "$2" --seed 1 --out "$3" --quiet || fail "making $3"; }
# forge FROM TO SED: TO is shard FROM with data.json edited by SED and its hash in
# gen.json updated to match (a forgery consistent with itself).
forge() {
    local was now
    rm -rf "$2" && cp -r "$1" "$2"
    was=$(sha256sum <"$1/data.json" | cut -c1-64)
    sed -i "$3" "$2/data.json"
    now=$(sha256sum <"$2/data.json" | cut -c1-64)
    sed -i "s/$was/$now/" "$2/gen.json"
}

# ---- 1. verify range-checks every option of gen.json before any generator runs
small cross_and_knots 3 ck
cp -r ck ck0
for v in 1000 0; do
    rm -rf ck && cp -r ck0 ck
    sed -i "s/\"grid_size\":\t6/\"grid_size\":\t$v/" ck/gen.json
    run verify ck
    expect 1 "gen.json: grid_size $v is out of range \(2 \.\. 26\)" "1: verify with grid_size $v"
    no_tmp ck "1: verify with grid_size $v"
done
small grid_path 3 gp
sed -i 's/"levels":\t\[3\]/"levels":\t[100000]/' gp/gen.json
run verify gp
expect 1 "grid_path: level 100000" "1: grid_path levels [100000]"
small locate_circles_colour 3 lc
sed -i 's/"grid_size":\t6/"grid_size":\t1000/' lc/gen.json
run verify lc
expect 1 "grid_size 1000 is out of range" "1: locate_circles_colour grid_size 1000"
small counting_circles 1 cm
sed -i 's/"levels":\t\[1\]/"levels":\t[-1]/' cm/gen.json
run verify cm
expect 1 "level -1 is below the lowest level" "1: levels [-1]"
no_tmp cm "1: levels [-1]"

# ---- 2. verify reads only the run's own files, and no more work than DIR holds
small counting_circles 1 pw
cp -r pw pw0
H=0000000000000000000000000000000000000000000000000000000000000000
for key in ../../../../../../etc/passwd ../../../../../../dev/zero /etc/passwd data/../../x.png; do
    rm -rf pw && cp -r pw0 pw
    sed -i "s|\"files\":\t{|\"files\":\t{\n\t\t\"$key\":\t\"$H\",|" pw/gen.json
    run verify pw
    expect 1 "is not a file of this run" "2: gen.json lists '$key'"
done
rm -rf pw && cp -r pw0 pw
sed -i 's/"num_images":\t1,/"num_images":\t1e7,/' pw/gen.json
run verify pw
expect 1 "lists 5 files, the run's options make 10000004" "2: num_images 1e7"
[ "$(ls pw/data | wc -l)" -eq 1 ] && ok || fail "2: num_images 1e7 wrote images"
no_tmp pw "2: num_images 1e7"
run check pw
expect 1 "lists 5 files, the run's options make 10000004" "2: check trusts no gen.json whose files disagree"

# ---- 3. a directory gen did not make: no name of the layout replaced without --force
mkdir -p u1/prompts
echo x >u1/prompts/mine.txt
echo '{}' >u1/annotations.json
echo '{}' >u1/gen.json
echo p >u1/swatches.png
before=$(listing u1)
run counting_circles --num_images 1 --num_sizes 1,2 --seed 1 --out u1
expect 5 "already holds .* that gen did not write; use another --out, or --force" "3: foreign directory"
[ "$before" = "$(listing u1)" ] && ok || fail "3: a refused run changed the foreign directory"
[ -z "$(ls -A u1 | grep '^\.gen-')" ] && ok || fail "3: a refused run left gen's files in the foreign directory"
mkdir -p cwd/data && echo mine >cwd/data/photo.jpg
out=$(cd cwd && "$GEN" counting_circles --num_images 1 --num_sizes 1 --seed 1 2>&1)
rc=$?
expect 5 "already holds a data/ directory" "3: default --out . with a data/ of the user's"
[ "$(cat cwd/data/photo.jpg)" = mine ] && ok || fail "3: default --out . lost the user's file"
run counting_circles --num_images 1 --num_sizes 1 --seed 1 --out u1 --force --quiet
expect 0 "" "3: --force replaces the foreign files"
[ -e u1/annotations.json ] && fail "3: --force kept a stale annotations.json" || ok

# ---- 4. a commit that fails partway keeps the previous dataset whole
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
    chmod 755 "$WORK"
    mkdir perm && chown nobody:nogroup perm
    AS_NOBODY=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
    "${AS_NOBODY[@]}" "$GEN" counting_circles --num_images 2 --num_sizes 1,2 --seed 1 --out perm/cf --quiet ||
        fail "4: first run as nobody"
    "${AS_NOBODY[@]}" chmod 555 perm/cf/prompts
    before=$(listing perm/cf)
    out=$("${AS_NOBODY[@]}" "$GEN" counting_circles --num_images 2 --num_sizes 1,2 --seed 2 --out perm/cf 2>&1)
    rc=$?
    expect 4 "cannot move '.*prompts' aside: Permission denied.*is as it was" "4: unwritable prompts/"
    [ "$before" = "$(listing perm/cf)" ] && ok || fail "4: a failed commit changed the previous dataset"
    no_tmp perm/cf "4: failed commit"
    "$GEN" check perm/cf >/dev/null && ok || fail "4: the kept dataset does not check"
    "${AS_NOBODY[@]}" chmod 755 perm/cf/prompts
else
    echo "hostile: item 4 skipped: needs root to run as the unprivileged user nobody"
fi

# ---- 5. two runs into one directory: the second is refused at once
small counting_circles 1 race
before=$(listing race)
flock race/.gen-lock -c "touch held; while [ ! -e release ]; do sleep 0.05; done" &
holder=$!
for _ in $(seq 400); do [ -e held ] && break; sleep 0.05; done
run counting_circles --num_images 1 --num_sizes 1 --seed 2 --out race
expect 75 "'race' is in use by another gen" "5: run into a locked directory"
run verify race
expect 75 "in use by another gen" "5: verify of a locked directory"
[ "$before" = "$(listing race)" ] && ok || fail "5: a refused run changed the locked directory"
touch release
wait "$holder"
run counting_circles --num_images 1 --num_sizes 1 --seed 2 --out race --quiet
expect 0 "" "5: run after the lock is released"

# ---- 6. merge checks each shard's data.json against its gen.json
for k in 1 2; do
    "$GEN" counting_circles --num_images 2 --num_sizes 1,2 --seed 5 --shard $k/2 --out s$k --quiet
done
rm -rf t2 && cp -r s2 t2
sed -i '0,/"num_objects": *[0-9]*/s//"num_objects": 99/' t2/data.json
run merge m s1 t2
expect 1 "data.json' does not match its gen.json" "6: a changed answer"
[ ! -e m ] && ok || fail "6: a refused merge wrote OUT"
rm -rf t2 && cp -r s2 t2
{ echo "["; sed -n 3p s2/data.json | sed 's/,$//' | sed 's/$/,/'; sed -n 2p s2/data.json | sed 's/,$//'; echo "]"; } >t2/data.json
run merge m s1 t2
expect 1 "does not match its gen.json" "6: swapped records"
# A shard forged consistently (data.json and its hash in gen.json both changed):
# its records must still be the shard's own.
forge s2 t2 '0,/"id": *"[^"]*"/s//"id": "..\/..\/etc\/passwd"/'
run merge m s1 t2
expect 1 "id is not of the form" "6: an id '../../etc/passwd'"
[ ! -e m ] && ok || fail "6: a refused merge wrote OUT"
# An answer that contradicts the level, forged consistently, is refused too.
forge s2 t2 '0,/"num_objects": *[0-9]*/s//"num_objects": 99/'
run merge m s1 t2
expect 1 "field 'num_objects' is 99, expected level 1" "6: a forged answer that contradicts its level"
[ ! -e m ] && ok || fail "6: a refused merge wrote OUT"

# ---- 7. check reads data.json strictly (as Python would, or refuses)
small counting_circles 1 js
good=$(cat js/data.json)
strict() { # WHAT REGEX
    run check js
    expect 1 "$2" "7: $1"
}
printf '%s x\n' "$good" >js/data.json && strict "trailing garbage" "more after the end of the document"
printf '%s\n%s\n' "$good" "$good" >js/data.json && strict "two documents" "more after the end of the document"
printf '[{"id": "1\0.png", "num_objects": 1}]' >js/data.json && strict "a raw NUL" "raw control character 0x00"
printf '[{"id": "1.png\\u0000/../../etc/passwd", "num_objects": 1}]' >js/data.json &&
    strict "\\u0000 in an id" "u0000 in a string"
printf '[{"id": "1.png", "num_objects": 1, "num_objects": 2}]' >js/data.json &&
    strict "duplicate keys" "duplicate key 'num_objects'"
printf '\xef\xbb\xbf%s' "$good" >js/data.json && strict "a BOM" "byte-order mark"
printf '[{"id": "1\xff.png", "num_objects": 1}]' >js/data.json && strict "invalid UTF-8" "invalid UTF-8"
printf '[{"id": "1.png", "num_objects": 1.0}]' >js/data.json && strict "1.0 for an integer" "'1.0' is not a whole number"
printf '[{"id": "1.png", "num_objects": 12345678901234567890}]' >js/data.json && strict "a huge integer" "beyond 2\^53"
printf '%0200d' 0 | sed 's/0/[/g' >js/data.json && strict "deep nesting" "nested deeper than 16"
printf '%s' "$good" >js/data.json
run check js
expect 0 "valid" "7: the untouched data.json checks"

# ---- 8. check on special files: no link followed, no FIFO read, no huge image decoded
small counting_circles 1 sp
cp -r sp sp0
ln -sf /dev/zero sp/data.json
run check sp
expect 4 "refused to read 'sp/data.json'" "8: data.json a link to /dev/zero"
rm -rf sp && cp -r sp0 sp && ln -sf /dev/zero sp/gen.json
run check sp --task counting_circles
expect 1 "refused to read 'sp/gen.json'" "8: gen.json a link to /dev/zero"
rm -rf sp && cp -r sp0 sp && rm sp/data.json && mkfifo sp/data.json
run check sp
expect 4 "refused to read 'sp/data.json': not a regular file" "8: data.json a FIFO"
rm -rf sp && cp -r sp0 sp && rm sp/data/1.png && mkfifo sp/data/1.png
run check sp
expect 1 "image data/1.png does not decode: refused to read .*not a regular file" "8: an image that is a FIFO"
rm -rf sp && cp -r sp0 sp
# A PNG whose header declares 20000x20000 (chunks with valid CRCs, a few bytes of data).
perl -e '
    sub crc { my $c = 0xFFFFFFFF; for my $b (unpack "C*", $_[0]) { $c ^= $b;
        for (1 .. 8) { $c = ($c >> 1) ^ (($c & 1) ? 0xEDB88320 : 0) } } $c ^ 0xFFFFFFFF }
    sub chunk { my ($t, $d) = @_; pack("N", length $d) . $t . $d . pack("N", crc($t . $d)) }
    print "\x89PNG\r\n\x1a\n", chunk("IHDR", pack("NNCCCCC", 20000, 20000, 8, 2, 0, 0, 0)),
        chunk("IDAT", "\x78\x9c" . ("\0" x 48000)), chunk("IEND", "");' >sp/data/1.png
run check sp
expect 1 "declares 20000x20000 pixels" "8: a PNG declaring 20000x20000"
rm -rf sp && cp -r sp0 sp && rm -r sp/data && ln -s /etc sp/data
run check sp
expect 1 "data/: missing, or not a directory" "8: data/ a link out of the directory"

# ---- 9. many --num_sizes ranges: refused early, in bounded memory
ranges=()
for _ in $(seq 11000); do ranges+=(1..99999); done
run counting_circles --num_sizes "${ranges[@]}" --num_sizes "${ranges[@]}" --out nine
expect 2 "more than 10000000 levels in --num_sizes" "9: 22,000 ranges of 1..99999"
run counting_circles --num_sizes "${ranges[@]:0:2000}" --out nine
expect 2 "more than 10000000 levels" "9: 2,000 ranges"
[ ! -e nine ] && ok || fail "9: a refused run made its directory"

# ---- 10. merge of many shards (linear time is measured by bench/merge_scaling.sh)
for k in $(seq 16); do
    "$GEN" sort_lines --num_images 3 --num_sizes 1..4 --seed 3 --shard $k/16 --out sh$k --quiet
done
"$GEN" sort_lines --num_images 3 --num_sizes 1..4 --seed 3 --out one --quiet
run merge merged $(for k in $(seq 16 -1 1); do echo sh$k; done) --quiet
expect 0 "" "10: merge of 16 shards"
diff -r -x gen.json merged one >/dev/null && ok || fail "10: 16 merged shards differ from one run"
# A shard forged consistently (an answer and its hash in gen.json) merges: merge
# trusts a self-consistent shard (docs/cli.md); verify of the result, which makes
# every sample again, names it.
forge sh2 fsh2 '0,/"Gold_output": *\[[^]]*\]/s//"Gold_output": [9, 9]/'
run merge forged fsh2 $(for k in 1 $(seq 3 16); do echo sh$k; done) --quiet
expect 0 "" "10: a self-consistent forged shard merges"
run verify forged
expect 1 "data.json: differs" "10: verify names the forged answer"

# ---- 11. kill -9 at every step of a commit: the next command restores a whole dataset
"$GEN" counting_circles --num_images 2 --num_sizes 1,2 --seed 21 --out new --quiet
"$GEN" counting_circles --num_images 2 --num_sizes 1,2 --seed 20 --out kd0 --quiet
old=$(listing kd0)
newl=$(listing new | grep -v ' ./gen.json$')
for step in $(seq 12); do
    rm -rf kd && cp -r kd0 kd
    (GEN_TEST_KILL_AT=$step "$GEN" counting_circles --num_images 2 --num_sizes 1,2 --seed 21 --out kd --quiet
        exit $?) 2>/dev/null # a subshell that reports the kill to /dev/null
    krc=$?
    if [ -e kd/data.json ]; then # at every instant: no data.json, or one that fits its files
        "$GEN" check kd >/dev/null && ok || fail "11: killed at step $step: data.json does not fit its files"
    fi
    if [ $krc -eq 0 ]; then # the commit has fewer steps: it finished
        [ "$(listing kd | grep -v ' ./gen.json$')" = "$newl" ] && ok || fail "11: run not killed at step $step, but not the new dataset"
        break
    fi
    [ $krc -eq 137 ] && ok || fail "11: step $step: exit $krc, expected to be killed"
    run verify kd --quiet
    expect 0 "" "11: killed at step $step: verify after recovery"
    now=$(listing kd)
    [ "$now" = "$old" ] || [ "$(grep -v ' ./gen.json$' <<<"$now")" = "$newl" ] && ok || fail "11: killed at step $step: neither dataset"
    no_tmp kd "11: killed at step $step"
    run counting_circles --num_images 2 --num_sizes 1,2 --seed 21 --out kd --quiet
    expect 0 "" "11: killed at step $step: rerun without --force"
    [ "$(listing kd | grep -v ' ./gen.json$')" = "$newl" ] && ok || fail "11: killed at step $step: the rerun is not the new dataset"
done

# A planted "interrupted commit" cannot reach outside DIR: its old/ is a link to
# a directory of the user's.
small counting_circles 1 plant
mkdir -p mine && echo precious >mine/data.json
mkdir plant/.gen-tmp-1 && printf 'data.json\n' >plant/.gen-tmp-1/COMMITTING && ln -s "$WORK/mine" plant/.gen-tmp-1/old
run verify plant --quiet
expect 0 "" "11: verify of a directory with a planted journal"
[ "$(cat mine/data.json 2>/dev/null)" = precious ] && ok || fail "11: a planted journal moved a file from outside DIR"
no_tmp plant "11: planted journal"

# A planted lock that is a FIFO or a link: refused at once, never waited on.
small counting_circles 1 lockp
mkfifo lockp/.gen-lock
run verify lockp
expect 4 "cannot make the lock file '.*lockp/.gen-lock': not a regular file" "11: a FIFO as .gen-lock"
rm lockp/.gen-lock && ln -s "$WORK/mine/data.json" lockp/.gen-lock
run counting_circles --num_images 1 --num_sizes 1 --seed 1 --out lockp
expect 4 "cannot make the lock file" "11: a link as .gen-lock"
[ "$(cat mine/data.json)" = precious ] && ok || fail "11: a linked .gen-lock changed the file it points to"

# ---- 12. one range of file numbers for the command line, check and verify
run counting_circles --file 2000000000 --num_images 2 --num_sizes 1 --seed 1 --out big --quiet
expect 0 "" "12: --file 2000000000"
run check big
expect 0 "valid" "12: check of --file 2000000000"
run verify big --quiet
expect 0 "" "12: verify of --file 2000000000"
run counting_circles --file 1000000000000001 --num_images 1 --num_sizes 1 --out f2
expect 2 "bad --file '1000000000000001'" "12: --file above 10^15"
run counting_circles --file 1000000000000000 --num_images 2 --num_sizes 1 --out f2
expect 2 "file numbers 1000000000000000 \.\. 1000000000000001 are out of range" "12: the last file above 10^15"
[ ! -e f2 ] && ok || fail "12: a refused run made its directory"
run counting_circles --file 1000000000000000 --num_images 1 --num_sizes 1 --seed 1 --out top --quiet
expect 0 "" "12: the highest file number"
run check top
expect 0 "valid" "12: check of the highest file number"
run verify top --quiet
expect 0 "" "12: verify of the highest file number"
sed -i 's/"file":\t2000000000/"file":\t1000000000000001/' big/gen.json
run verify big
expect 1 "file numbers 1000000000000001" "12: gen.json with a file above the range"

# ---- 13. temporaries of a killed verify are cleaned by the next command on DIR
"$GEN" maze_solving --num_images 40 --num_sizes 20 --seed 4 --out vk --quiet
mkdir -p vk/.gen-tmp-999999999-verify/data && head -c 100000 /dev/zero >vk/.gen-tmp-999999999-verify/data/1.png
"$GEN" verify vk &
vpid=$!
for _ in $(seq 2000); do
    ls -A vk | grep -q "^\.gen-tmp-$vpid-verify" && break
    kill -0 $vpid 2>/dev/null || break
    sleep 0.01
done
kill -9 $vpid 2>/dev/null
wait $vpid 2>/dev/null
run verify vk --quiet
expect 0 "" "13: verify after a killed verify"
no_tmp vk "13: verify after a killed verify"

finish hostile
