#!/bin/bash
# polybench.sh: build the unmodified PolyBench-ACC suite (cavazos-lab/
# PolyBench-ACC, its OpenACC directory: 33 programs, each one C file with
# the suite's utilities) with accc and with a serial `cc -O2`, run both and
# report, per program, the serial and accc times (the seconds
# -DPOLYBENCH_TIME prints), the speed-up, and whether accc's results (the
# arrays -DPOLYBENCH_DUMP_ARRAYS dumps) match the serial build's; then the
# geometric mean of the speed-ups of the programs whose results match.
#
# Usage: scripts/polybench.sh [--pb DIR] [--target gpu|multicore|host|emulate]
#                             [--dataset MINI|SMALL|STANDARD|LARGE] [--out DIR]
#                             [--no-run | --run-only] [--timeout S] [PROGRAM...]
#
#   --pb DIR     the suite's OpenACC directory (default $POLYBENCH_ACC); it
#                is only read
#   --target     accc's -acc= target (default gpu)
#   --dataset    the suite's dataset (default STANDARD)
#   --out DIR    binaries, outputs and logs (default /tmp/polybench-accc)
#   --no-run     build only (to carry OUT/bin to a GPU machine)
#   --run-only   run the binaries already in OUT/bin (no compiler needed)
#   --timeout S  seconds each run may take (default 900: correlation.c
#                defines EXTRALARGE_DATASET itself, so its arrays are
#                4000x4000 whatever --dataset says, and its serial run
#                takes minutes)
#   PROGRAM      program names (e.g. gemm syrk); default: all
#
# Needs bin/accc (make build; ACCC=PATH names another) and cc to build;
# -acc=gpu needs nvcc as accc finds it. The suite stays outside the
# repository. Results compare to the last digit the dumps print (two
# decimals) or to a relative 1e-3. Exits 1 if a program fails to build.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
accc=${ACCC:-$root/bin/accc}
pb=${POLYBENCH_ACC:-} target=gpu dataset=STANDARD out=/tmp/polybench-accc mode=all tmo=900 names=""
while [ $# -gt 0 ]; do
    case $1 in
    --pb) pb=$2; shift ;;
    --target) target=$2; shift ;;
    --dataset) dataset=$2; shift ;;
    --out) out=$2; shift ;;
    --no-run) mode=build ;;
    --run-only) mode=run ;;
    --timeout) tmo=$2; shift ;;
    -h | --help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "polybench.sh: unknown option $1" >&2; exit 2 ;;
    *) names="$names $1" ;;
    esac
    shift
done
mkdir -p "$out/bin" "$out/run"
status=0

if [ "$mode" != run ]; then
    [ -d "$pb/utilities" ] || { echo "polybench.sh: --pb must name PolyBench-ACC's OpenACC directory (with utilities/)" >&2; exit 2; }
    pb=$(cd "$pb" && pwd)
    find "$pb" -name '*.c' ! -path '*/utilities/*' ! -name '*.acc.c' | sort >"$out/sources"
    build() { # build SOURCE
        local f=$1 n d fl
        n=$(basename "$f" .c) d=$(dirname "$f")
        fl="-O2 -I$pb/utilities -I$d -DPOLYBENCH_TIME -DPOLYBENCH_DUMP_ARRAYS -D${dataset}_DATASET $pb/utilities/polybench.c -lm"
        cc "$f" $fl -o "$out/bin/$n.ser" >"$out/bin/$n.ser.build" 2>&1 || echo "$n: serial build failed"
        (cd "$out/bin" && "$accc" -acc="$target" "$f" $fl -o "$out/bin/$n.accc" >"$out/bin/$n.accc.build" 2>&1) ||
            echo "$n: accc build failed ($out/bin/$n.accc.build)"
    }
    export -f build
    export pb out accc target dataset
    if [ -n "$names" ]; then
        for n in $names; do grep "/$n\.c$" "$out/sources"; done >"$out/selected"
    else cp "$out/sources" "$out/selected"; fi
    jobs=$(nproc)
    xargs -P "$jobs" -I{} bash -c 'build {}' <"$out/selected" | tee "$out/build.log"
    grep -q "build failed" "$out/build.log" && status=1
    rm -f "$out/bin"/*.acc.c "$out/bin"/*.acc.cu
    [ "$mode" = build ] && exit $status
fi

# Run: the serial builds several at once (the CPU), accc's one at a time.
# The dumps go to stderr, which stdio leaves unbuffered: one write(2) per
# number (fdtd-apml prints 68 million, about two minutes of system time),
# so stderr gets a buffer (stdbuf; the times the programs print are not
# affected, the dump comes after the timer). A failed run records its exit
# status: 124 is the timeout, 139 a segmentation fault.
progs=$(cd "$out/bin" && ls *.accc 2>/dev/null | sed 's/\.accc$//')
[ -n "$names" ] && progs=$names
buf=""; command -v stdbuf >/dev/null && buf="stdbuf -e 1048576"
par=$(($(nproc) / 2)); [ $par -lt 1 ] && par=1
echo $progs | tr ' ' '\n' | xargs -P $par -I{} sh -c \
    "timeout $tmo $buf '$out/bin/{}.ser' >'$out/run/{}.ser.t' 2>'$out/run/{}.ser.d' || echo \"failed (\$?)\" >'$out/run/{}.ser.t'"
for n in $progs; do
    timeout "$tmo" $buf "$out/bin/$n.accc" >"$out/run/$n.accc.t" 2>"$out/run/$n.accc.d" || echo "failed ($?)" >"$out/run/$n.accc.t"
done

# same A B: the dumps agree, number by number
same() {
    paste -d' ' <(tr -s ' \t' '\n\n' <"$1" | grep -v '^$') <(tr -s ' \t' '\n\n' <"$2" | grep -v '^$') | awk '
        NF != 2 { bad = 1; exit }
        { a = $1 + 0; b = $2 + 0; d = a - b; if (d < 0) d = -d; m = a < 0 ? -a : a; if (b > m) m = b; if (-b > m) m = -b
          if ($1 != $2 && d > 0.0101 && d > 1e-3 * m) { bad = 1; exit } n++ }
        END { exit bad || n == 0 }'
}
echo "| program | serial s | accc s | serial/accc | results |"
echo "|---|---:|---:|---:|---|"
logsum=0 nok=0 slower=""
for n in $progs; do
    ts=$(awk 'NR == 1 { print $1 }' "$out/run/$n.ser.t") ta=$(awk 'NR == 1 { print $1 }' "$out/run/$n.accc.t")
    if [ "$ts" = failed ]; then res="serial run failed $(awk 'NR == 1 { print $2 }' "$out/run/$n.ser.t")"
    elif [ "$ta" = failed ]; then res="accc run failed $(awk 'NR == 1 { print $2 }' "$out/run/$n.accc.t")"
    elif same "$out/run/$n.ser.d" "$out/run/$n.accc.d"; then res=ok
    else res=differ; fi
    sp=$(awk -v s="$ts" -v a="$ta" 'BEGIN { if (s + 0 > 0 && a + 0 > 0) printf "%.2f", s / a; else print "-" }')
    echo "| $n | $ts | $ta | $sp | $res |"
    if [ "$res" = ok ] && [ "$sp" != - ]; then
        logsum=$(awk -v l="$logsum" -v s="$sp" 'BEGIN { print l + log(s) }') nok=$((nok + 1))
        awk -v s="$sp" 'BEGIN { exit !(s < 1) }' && slower="$slower $n"
    fi
done
geo=$(awk -v l="$logsum" -v n="$nok" 'BEGIN { if (n) printf "%.1f", exp(l / n); else print "-" }')
echo
echo "geomean serial/accc over the $nok programs with matching results: $geo; slower than serial:${slower:- none}"
exit $status
