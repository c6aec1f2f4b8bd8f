#!/bin/bash
# vv-check.sh: build and run the C tests of the OpenACC V&V suite
# (github OpenACCUserGroup/OpenACCV-V, its Tests/ folder; it is not part of
# this repository) with accc for one target, and count them. A test passes
# when it builds and exits with status 0 within 60 seconds.
#
#   scripts/vv-check.sh TESTS_DIR [TARGET] [OUT_DIR]     (TARGET: gpu by default)
#
# Prints one line per test that fails ("NAME build" or "NAME rc=N") and a
# closing "vv: N passed, N failed" line; OUT_DIR/results lists every test.
set -u
tests=$(cd "${1:?usage: vv-check.sh TESTS_DIR [TARGET] [OUT_DIR]}" && pwd)
target=${2:-gpu}
out=${3:-/tmp/vv-check-$target}
root=$(cd "$(dirname "$0")/.." && pwd)
accc=${ACCC:-$root/bin/accc}
mkdir -p "$out"
: >"$out/results"
# Build the runtime once, then the tests in parallel.
"$accc" -acc="$target" -O2 "$root/testdata/run/parallel_loop.c" -o "$out/warm" -lm || exit 1
ls "$tests"/*.c | xargs -P "$(nproc)" -I{} sh -c \
    'b=$(basename {} .c); "$1" -acc="$2" -O2 -I"$3" {} -o "$4/$b" -lm >"$4/$b.build" 2>&1 || touch "$4/$b.nobuild"' \
    _ "$accc" "$target" "$tests" "$out"
pass=0 fail=0
for f in "$tests"/*.c; do
    b=$(basename "$f" .c)
    if [ -e "$out/$b.nobuild" ]; then
        echo "$b build" | tee -a "$out/results"
        fail=$((fail + 1))
        continue
    fi
    (cd "$out" && timeout 60 "./$b" >"$b.log" 2>&1)
    rc=$?
    if [ $rc -eq 0 ]; then
        echo "$b pass" >>"$out/results"
        pass=$((pass + 1))
    else
        echo "$b rc=$rc" | tee -a "$out/results"
        fail=$((fail + 1))
    fi
done
echo "vv: $pass passed, $fail failed"
