#!/usr/bin/env bash
# conformance.sh: the OpenACC V&V suite (github OpenACCUserGroup/OpenACCV-V,
# its Tests/ folder, which is never part of this repository) built and run
# with bin/accc on each target, as `make conformance` does.
#
#   scripts/conformance.sh TESTS_DIR [TARGET...]     (targets: emulate by default)
#
# For each target, scripts/vv-check.sh builds and runs every C test in
# parallel; .cache/conformance/TARGET/results holds one line per test
# ("NAME pass", "NAME build", "NAME rc=N"), NAME.build and NAME.log its
# compiler and program output. One summary line per target follows:
# "conformance: emulate 229/441 passed (floor 225)". The floors in
# testdata/conformance/floors ("TARGET N") guard against regressions: a
# target below its floor fails the run. Raise a floor when accc passes more.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tests=${1:?usage: conformance.sh TESTS_DIR [TARGET...]}
shift
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(emulate)
[[ -d $tests ]] || { echo "conformance: error: $tests is not a directory" >&2; exit 2; }
make -s build
status=0
for t in "${targets[@]}"; do
    out=.cache/conformance/$t
    rm -rf "$out"
    mkdir -p "$out"
    scripts/vv-check.sh "$tests" "$t" "$out" >"$out/summary.log" 2>&1 || true
    total=$(wc -l <"$out/results")
    passed=$(grep -c ' pass$' "$out/results" || true)
    floor=$(awk -v t="$t" '$1 == t { print $2 }' testdata/conformance/floors)
    line="conformance: $t $passed/$total passed"
    [[ -n $floor ]] && line+=" (floor $floor)"
    echo "$line; results in $out/results"
    if [[ -n $floor && $passed -lt $floor ]]; then
        echo "conformance: error: $t passes fewer tests than its floor; see $out/results" >&2
        status=1
    fi
done
exit $status
