#!/bin/bash
# vv-check.sh: build and run the C tests of the OpenACC V&V suite
# (github OpenACCUserGroup/OpenACCV-V, its Tests/ folder; it is not part of
# this repository) with accc for one target, and count them. A test passes
# when it builds and exits with status 0 within 60 seconds, times
# ACCC_TEST_TIMEOUT_SCALE (default 1) on a slow or busy machine. The emulate
# target runs with two emulated devices (ACCC_EMULATE_DEVICES, default 2).
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
scale=${ACCC_TEST_TIMEOUT_SCALE:-1}
if [[ ! $scale =~ ^([0-9]+\.?[0-9]*|\.[0-9]+)$ ]] ||
    ! limit=$(awk -v s="$scale" 'BEGIN { if (!(s > 0 && s <= 1000)) exit 1; printf "%d", int(60 * s + 0.999) }'); then
    echo "vv-check: error: ACCC_TEST_TIMEOUT_SCALE=$scale: want a positive number such as 2 or 0.5" >&2
    exit 2
fi
mkdir -p "$out"
: >"$out/results"
# The emulate target stands in for a machine with two GPUs: two emulated
# devices, each with its own memory and present table, so that the tests
# that use several devices (acc_memcpy_d2d, set device_num over every
# device) run on both.
if [ "$target" = emulate ]; then
    export ACCC_EMULATE_DEVICES=${ACCC_EMULATE_DEVICES:-2}
fi
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
    (cd "$out" && timeout "$limit" "./$b" >"$b.log" 2>&1)
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
