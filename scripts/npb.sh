#!/bin/bash
# npb.sh: build NPB-ACC benchmarks (uhhpctools/openacc-npb: EP CG FT MG LU
# SP BT, each a standalone make tree) with accc for one target and class,
# run them and report each one's verification and time.
#
# Usage: scripts/npb.sh [--npb DIR] [--target gpu|multicore|host|emulate]
#                       [--class S|W|A|B|C] [--out DIR] [--flags "..."]
#                       [--timeout SECONDS] [--jobs N] [--no-run] [BENCH...]
#
#   --npb DIR   the suite's checkout (default $NPB, else ../npb beside the
#               repository); it is only read: each benchmark's tree (its
#               sources, common/, config/, sys/) is copied to
#               OUT/TARGET-CLASS/BENCH and built there with the suite's own
#               Makefile, CC=accc
#   --target    accc's -acc= target (default gpu)
#   --class     the NPB problem class (default S)
#   --out DIR   where builds and logs go (default /tmp/npb-accc)
#   --flags     more accc flags (the suite's pgcc flags are used: -O3
#               -mcmodel=medium, -Msafeptr where its make.def has it;
#               and -fgnu89-inline)
#   --timeout   seconds each benchmark may run (default 1800)
#   --jobs N    make -j N (default: the number of cores)
#   --no-run    build only
#   BENCH       benchmarks to build (default: MG LU EP CG FT SP BT)
#
# Needs bin/accc (make build; ACCC=PATH names another), cc and make;
# -acc=gpu needs nvcc (ACCC_NVCC, PATH or CUDA_HOME, as accc finds it).
# Downloads nothing. Prints one line per benchmark (its log's path when it
# failed) and exits 1 if one did not build or verify.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
npb=${NPB:-$root/../npb}
target=gpu class=S out=/tmp/npb-accc flags="" limit=1800 run=1
jobs=$(nproc 2>/dev/null || echo 2)
benches=()
while [ $# -gt 0 ]; do
    case $1 in
    --npb) npb=$2; shift ;;
    --target) target=$2; shift ;;
    --class) class=$2; shift ;;
    --out) out=$2; shift ;;
    --flags) flags=$2; shift ;;
    --timeout) limit=$2; shift ;;
    --jobs) jobs=$2; shift ;;
    --no-run) run=0 ;;
    -h | --help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "npb.sh: unknown option $1" >&2; exit 2 ;;
    *) benches+=("$(echo "$1" | tr a-z A-Z)") ;;
    esac
    shift
done
[ ${#benches[@]} -gt 0 ] || benches=(MG LU EP CG FT SP BT)
accc=${ACCC:-$root/bin/accc}
[ -x "$accc" ] || { echo "npb.sh: $accc missing: run make build" >&2; exit 2; }
npb=$(cd "$npb" 2>/dev/null && pwd) || { echo "npb.sh: no NPB-ACC checkout at ${NPB:-$root/../npb} (--npb DIR or NPB=DIR)" >&2; exit 2; }
build=$out/$target-$class
mkdir -p "$build"
# One run at a time in a build directory.
exec 9>"$build/.lock"
flock -n 9 || { echo "npb.sh: another run uses $build" >&2; exit 2; }
export ACCC_CACHE_DIR=${ACCC_CACHE_DIR:-/tmp/accc-cache}

# The directory of a benchmark's Makefile inside its tree.
srcdir() {
    case $1 in
    LU) echo LU-HP ;;
    *) echo "$1" ;;
    esac
}

status=0
printf '%-4s %-10s %-6s %-10s %s\n' bench target class result "time (s)"
for b in "${benches[@]}"; do
    sub=$(srcdir "$b")
    if [ ! -f "$npb/$b/$sub/Makefile" ]; then
        printf '%-4s %-10s %-6s %s\n' "$b" "$target" "$class" "no $npb/$b/$sub/Makefile"
        status=1; continue
    fi
    rm -rf "${build:?}/$b"
    cp -r "$npb/$b" "$build/$b"
    # Leftovers of other builds in the checkout must not be linked.
    find "$build/$b" \( -name '*.o' -o -name '*.x' -o -name npbparams.h \) -exec rm -f {} +
    # The suite's pgcc settings, less its target (-acc, -ta=) and -Minfo.
    pgi=$(sed -n '/ifeq ($(CC), pgcc)/,/endif/s/^CFLAGS *= *//p' "$build/$b/config/make.def" |
        tr ' ' '\n' | grep -E '^-(O[0-9s]?|Msafeptr|mcmodel=.*)$' | tr '\n' ' ')
    # -fgnu89-inline: EP and MG define functions "inline" without
    # "static" and call them from host code, which links only under the
    # gnu89 rule pgcc follows (in C99 such a definition is not external).
    cflags="-acc=$target $pgi -fgnu89-inline $flags"
    log=$build/$b.build.log
    if ! make -C "$build/$b/$sub" -j"$jobs" CC="$accc" CLINK="$accc" UCC=cc \
        CFLAGS="$cflags" CLINKFLAGS="$cflags" CLASS="$class" >"$log" 2>&1; then
        printf '%-4s %-10s %-6s %-10s %s\n' "$b" "$target" "$class" "BUILD-FAIL" "$log"
        status=1; continue
    fi
    exe=$build/$b/$sub/$(echo "$b" | tr A-Z a-z).$class.x
    if [ $run = 0 ]; then
        printf '%-4s %-10s %-6s %-10s\n' "$b" "$target" "$class" built; continue
    fi
    rlog=$build/$b.run.log
    # SP and BT keep their work arrays on the stack (about 180 MB and 1 GB
    # in class B): as with any compiler, they need a stack that large.
    (cd "$(dirname "$exe")" || exit 1
        ulimit -s unlimited 2>/dev/null || ulimit -s "$(ulimit -H -s)" 2>/dev/null
        timeout "$limit" "$exe") >"$rlog" 2>&1
    rc=$?
    t=$(sed -n 's/^ *Time in seconds *= *//p' "$rlog" | head -1)
    if grep -qE '^ *Verification *= *SUCCESSFUL' "$rlog"; then
        res=SUCCESSFUL
    elif [ $rc = 124 ]; then
        res=TIMEOUT status=1
    elif grep -qE '^ *Verification *= *UNSUCCESSFUL' "$rlog"; then
        res=UNSUCCESSFUL status=1
    else
        res="FAIL(rc=$rc)" status=1
    fi
    printf '%-4s %-10s %-6s %-10s %s\n' "$b" "$target" "$class" "$res" "${t:--}"
    [ "$res" = SUCCESSFUL ] || echo "     log: $rlog"
done
exit $status
