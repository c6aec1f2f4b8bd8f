#!/bin/bash
# bench.sh: the benchmarks of bench/programs (bench/ and the shared
# benchmark directory), each OpenACC program next to its hand-written CUDA
# reference. docs/performance.md describes the programs and the table.
#
#   scripts/bench.sh [options] [NAME...]     all programs, or the NAMEs
#
# Two modes:
#   --gpu    (default where nvidia-smi sees a GPU) builds each program with
#            bin/accc -acc=gpu -O2 and its reference with nvcc -O3
#            -arch=sm_90, runs each pair alternately --runs times (default 5),
#            checks that each pair's results agree, and prints the device and
#            a markdown table of medians: accc ms, reference ms, their ratio,
#            GB/s or GFLOP/s (or microseconds per launch) and the fraction of
#            the device's peak (bench/devinfo.cu reads the peaks). With
#            --gcc "CMD" (e.g. "gcc -fopenacc -foffload=nvptx-none -O2") the
#            OpenACC programs are also built with CMD and timed in the same
#            rounds; with --gcc-bin DIR, GCC's builds come from the bundle
#            that scripts/gcc-offload.sh made (unpacked at DIR), where the
#            GPU machine has no GCC offload compiler.
#   --check  (default elsewhere) runs every program with a small size (the
#            last column of bench/programs) built with accc on each CPU
#            target (--targets, default "multicore emulate host") and
#            compares its results with the same source built by plain cc
#            (directives ignored); where nvcc is found, also builds each
#            program with -acc=gpu and each reference (not run). With
#            --gcc or --gcc-bin, GCC's builds run too (on libgomp's host
#            fallback, ACC_DEVICE_TYPE=host), in a column of their own whose
#            failures are noted without failing the check.
# Options:
#   --runs N         rounds in --gpu mode (default 5)
#   --budget S       --gpu: no new round after S seconds of rounds (the
#                    medians are then of the rounds done; default: no limit)
#   --timeout S      the limit of one run (default 120)
#   --gcc "CMD"      also GCC's OpenACC (CMD source -o out -lm)
#   --gcc-bin DIR    also GCC's OpenACC, prebuilt: DIR/run.sh NAME runs the
#                    bundle's build of program NAME (scripts/gcc-offload.sh);
#                    --gpu first checks with DIR/run.sh --check that it
#                    runs on the GPU
#   --acc-target T   accc's target in --gpu mode (default gpu; another target
#                    tries the harness on a machine without a GPU)
#   --small          --gpu: the small sizes
#   --targets "T..." --check: the accc targets
#   --no-gpu-build   --check: no gpu builds even where nvcc is found
#   --shared DIR     the shared benchmarks (default ../shared/bench beside
#                    the checkout; missing: their programs are left out)
#   --out DIR        builds and outputs (default /tmp/accc-bench)
#   --tol T          the relative tolerance of result comparisons (default
#                    1e-6); results are the numbers of the output lines other
#                    than time_ms, total_ms and work
# Needs bin/accc (make build; or $ACCC) and, for --gpu, nvcc ($NVCC, PATH or
# scripts/install-cuda.sh's). Exits 1 when a build of accc's program or of
# its reference fails or their results differ.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
accc=${ACCC:-$root/bin/accc}
mode="" runs=5 shared=$root/../shared/bench out=/tmp/accc-bench tol=1e-6
targets="multicore emulate host" gcc="" gccbin="" names="" acctarget=gpu small=0 nogpubuild=0 tmo=120 budget=0
while [ $# -gt 0 ]; do
    case $1 in
    --gpu | --check) mode=${1#--} ;;
    --runs) runs=$2; shift ;;
    --shared) shared=$2; shift ;;
    --out) out=$2; shift ;;
    --tol) tol=$2; shift ;;
    --targets) targets=$2; shift ;;
    --gcc) gcc=$2; shift ;;
    --gcc-bin) gccbin=$2; shift ;;
    --acc-target) acctarget=$2; shift ;;
    --small) small=1 ;;
    --timeout) tmo=$2; shift ;;
    --budget) budget=$2; shift ;;
    --no-gpu-build) nogpubuild=1 ;;
    -h | --help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "bench.sh: unknown option $1" >&2; exit 2 ;;
    *) names="$names $1" ;;
    esac
    shift
done
[ -x "$accc" ] || { echo "bench.sh: $accc missing (make build)" >&2; exit 2; }
if [ -n "$gccbin" ]; then
    [ -z "$gcc" ] || { echo "bench.sh: --gcc and --gcc-bin exclude each other" >&2; exit 2; }
    gccbin=$(cd "$gccbin" 2>/dev/null && pwd)
    [ -x "$gccbin/run.sh" ] || { echo "bench.sh: --gcc-bin: no run.sh in the directory (scripts/gcc-offload.sh makes the bundle)" >&2; exit 2; }
fi
withgcc=0
[ -n "$gcc$gccbin" ] && withgcc=1
if [ -z "$mode" ]; then
    if nvidia-smi -L >/dev/null 2>&1; then mode=gpu; else mode=check; fi
fi
nvcc=${NVCC:-$(command -v nvcc || "$root/scripts/install-cuda.sh" --check 2>/dev/null)}
[ -n "$nvcc" ] && export PATH="$(dirname "$nvcc"):$PATH"
mkdir -p "$out"
out=$(cd "$out" && pwd)
shared=$(cd "$shared" 2>/dev/null && pwd)

# The program table: name acc ref ldflags gpuargs smallargs, paths resolved;
# programs of a missing shared directory are left out.
table=$out/programs
: >"$table"
while read -r name acc ref ld gargs sargs; do
    case $name in '' | '#'*) continue ;; esac
    [ -z "$names" ] || [[ " $names " == *" $name "* ]] || continue
    for v in acc ref; do
        p=${!v}
        case $p in
        @shared/*) [ -n "$shared" ] || continue 2; p=$shared/${p#@shared/} ;;
        *) p=$root/bench/$p ;;
        esac
        [ -e "$p" ] || { echo "bench.sh: $name: $p missing, left out" >&2; continue 2; }
        printf -v "$v" %s "$p"
    done
    [ "$mode$small$sargs" = gpu1- ] && continue
    echo "$name $acc $ref $ld $gargs $sargs" >>"$table"
done < <(sed 's/#.*//' "$root/bench/programs" | awk 'NF >= 6 {
    printf "%s %s %s %s %s ", $1, $2, $3, $4, $5; s = ""
    for (i = 6; i <= NF; i++) s = s (i > 6 ? "," : "") $i; print s }')
# (gpu-args and small-args travel comma-separated; "-" is empty)
args() { [ "$1" = - ] && return; echo "${1//,/ }"; }
[ -s "$table" ] || { echo "bench.sh: no programs" >&2; exit 2; }

# same A B: the numbers of two outputs agree within the relative tolerance
# (a NaN or an infinity agrees with nothing).
nums() { grep -Ev '^(time_ms|total_ms|work) ' "$1" | grep -oE '[-+]?[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?'; }
same() {
    [ -s "$1" ] && [ -s "$2" ] || return 1
    ! grep -Ev '^(time_ms|total_ms|work) ' "$1" "$2" | grep -Eiq '(^|[^a-z])(nan|inf)'
    [ $? = 0 ] || return 1
    paste -d' ' <(nums "$1") <(nums "$2") | awk -v tol="$tol" '
        NF != 2 { bad = 1; next }
        { a = $1 + 0; b = $2 + 0; d = a - b; if (d < 0) d = -d
          m = a < 0 ? -a : a; if ((b < 0 ? -b : b) > m) m = b < 0 ? -b : b
          if (d > tol * m + 1e-300) bad = 1 }
        END { exit bad }'
}
median() { sort -g | awk '{ a[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print a[(NR + 1) / 2]; else printf "%.3f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# build LABEL OUTPUT CMD...: run a build, its messages in OUTPUT.build.
build() {
    local label=$1 o=$2; shift 2
    "$@" >"$o.build" 2>&1 && return 0
    echo "--- build $label failed: $*"; head -5 "$o.build"; return 1
}
export -f build

# gccjob NAME SOURCE: GCC's build of a program, $NAME.gcc: a job line for
# --gcc; for --gcc-bin a script that runs the bundle's program, or, where
# the bundle has none, NAME.gcc.nobuild saying so.
gccjob() {
    rm -f "$1.gcc.nobuild"
    if [ -n "$gcc" ]; then echo "$1.gcc $1.gcc $gcc $2 -o $1.gcc -lm"
    elif [ -x "$gccbin/bin/$1" ]; then
        printf '#!/bin/sh\nexec "%s/run.sh" "%s" "$@"\n' "$gccbin" "$1" >"$1.gcc"
        chmod +x "$1.gcc"
    else echo "not in $gccbin/bin" >"$1.gcc.nobuild"; fi
}

status=0

if [ "$mode" = check ]; then
    cd "$out"
    gpubuild=0
    [ -n "$nvcc" ] && [ $nogpubuild = 0 ] && gpubuild=1
    # Builds, in parallel (the first accc build alone: it builds the runtime).
    jobs=$out/jobs
    : >"$jobs"
    first=1
    while read -r name acc ref ld gargs sargs; do
        [ "$sargs" = - ] && continue
        echo "$name.serial $name.serial cc -O2 -Wno-unknown-pragmas $acc -o $name.serial -lm" >>"$jobs"
        for t in $targets; do
            if [ $first = 1 ]; then
                build "$name.$t" "$name.$t" "$accc" -acc=$t -O2 "$acc" -o "$name.$t" -lm || touch "$name.$t.nobuild"
                first=0; continue
            fi
            echo "$name.$t $name.$t $accc -acc=$t -O2 $acc -o $name.$t -lm" >>"$jobs"
        done
        if [ $gpubuild = 1 ]; then
            echo "$name.gpu $name.gpu $accc -acc=gpu -O2 $acc -o $name.gpu -lm" >>"$jobs"
            echo "$name.ref $name.ref $nvcc -O3 -arch=sm_90 $ref -o $name.ref $(args "$ld")" >>"$jobs"
        fi
        [ $withgcc = 1 ] && gccjob "$name" "$acc" >>"$jobs"
    done <"$table"
    sed 's/[[:space:]]*$//' "$jobs" | xargs -P "$(nproc)" -L 1 bash -c 'build "$@" || touch "$2.nobuild"' _
    printf '| program | %s |%s%s\n' "$(echo $targets | sed 's/ / | /g')" "$([ $gpubuild = 1 ] && echo ' gpu build | reference build |')" \
        "$([ $withgcc = 1 ] && echo ' gcc (host fallback) |')"
    printf '|---|%s\n' "$(for t in $targets; do printf -- '---|'; done; [ $gpubuild = 1 ] && printf -- '---|---|'; [ $withgcc = 1 ] && printf -- '---|')"
    while read -r name acc ref ld gargs sargs; do
        [ "$sargs" = - ] && continue
        row="| $name |"
        ok=1
        if [ -e "$name.serial.nobuild" ] || ! timeout "$tmo" "./$name.serial" $(args "$sargs") >"$name.serial.out" 2>&1; then
            row="$row serial build or run failed |"; ok=0; status=1
        fi
        for t in $targets; do
            [ $ok = 1 ] || break
            if [ -e "$name.$t.nobuild" ]; then r="build failed"
            elif ! timeout "$tmo" "./$name.$t" $(args "$sargs") >"$name.$t.out" 2>&1; then r="run failed"
            elif same "$name.serial.out" "$name.$t.out"; then r=pass
            else r="results differ"; fi
            row="$row $r |"
            [ "$r" = pass ] || { status=1; echo "--- $name $t: $r" >&2; diff "$name.serial.out" "$name.$t.out" | grep -v _ms >&2; }
        done
        if [ $gpubuild = 1 ]; then
            for v in gpu ref; do
                if [ ! -e "$name.$v.nobuild" ]; then row="$row ok |"
                elif [ $v = ref ] && [ "$ld" != - ] && grep -q 'No such file\|cannot find -l' "$name.$v.build"; then
                    row="$row not built: needs $ld |"
                else row="$row failed |"; status=1; fi
            done
        fi
        if [ $withgcc = 1 ] && [ $ok = 1 ]; then
            if [ -e "$name.gcc.nobuild" ]; then r="not built${gccbin:+: $(head -1 "$name.gcc.nobuild")}"
            elif ! ACC_DEVICE_TYPE=host timeout "$tmo" "./$name.gcc" $(args "$sargs") >"$name.gcc.out" 2>&1; then r="run failed"
            elif same "$name.serial.out" "$name.gcc.out"; then r=pass
            else r="results differ"; fi
            row="$row $r |"
        fi
        echo "$row"
    done <"$table"
    [ $gpubuild = 1 ] || echo "(gpu builds not tried: no nvcc, or --no-gpu-build)"
    echo "results compared with the plain cc build, small sizes, relative tolerance $tol"
    exit $status
fi

# GPU mode.
export ACCC_CACHE_DIR=${ACCC_CACHE_DIR:-/tmp/accc-cache}
cd "$out"
"$nvcc" -O2 -o devinfo "$root/bench/devinfo.cu" && ./devinfo >devinfo.txt || { echo "bench.sh: devinfo failed" >&2; exit 1; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
cat devinfo.txt
peak_gbs=$(awk '/^peak_gbs/ {print $2}' devinfo.txt)
peak_gflops=$(awk '/^peak_gflops/ {print $2}' devinfo.txt)
vs="accc ref"
[ $withgcc = 1 ] && vs="accc ref gcc"
jobs=$out/jobs
: >"$jobs"
read -r first acc _ <"$table"
build "$first.accc" "$first.accc" "$accc" -acc=$acctarget -O2 "$acc" -o "$first.accc" -lm || touch "$first.accc.nobuild"
while read -r name acc ref ld gargs sargs; do
    [ "$name" = "$first" ] || echo "$name.accc $name.accc $accc -acc=$acctarget -O2 $acc -o $name.accc -lm" >>"$jobs"
    echo "$name.ref $name.ref $nvcc -O3 -arch=sm_90 $ref -o $name.ref $(args "$ld")" >>"$jobs"
    [ $withgcc = 1 ] && gccjob "$name" "$acc" >>"$jobs"
done <"$table"
sed 's/[[:space:]]*$//' "$jobs" | xargs -P "$(nproc)" -L 1 bash -c 'build "$@" || touch "$2.nobuild"' _
# A bundle whose probe does not run on the GPU would time libgomp's host
# fallback (or nothing): then GCC's column stays empty.
if [ -n "$gccbin" ] && ! "$gccbin/run.sh" --check >gcc-check.txt 2>&1; then
    echo "bench.sh: $gccbin/run.sh --check failed, GCC left out:" >&2; cat gcc-check.txt >&2
    while read -r name _; do echo "not run: run.sh --check failed" >"$name.gcc.nobuild"; done <"$table"
fi

# Rounds: each program's versions one after the other, runs times; with a
# budget, no new round starts once the budget's time has passed.
: >times.txt
start=$SECONDS done=0
for r in $(seq "$runs"); do
    if [ "$budget" -gt 0 ] && [ $done -gt 0 ] && [ $((SECONDS - start)) -ge "$budget" ]; then
        echo "bench.sh: budget of ${budget}s spent after $done rounds" >&2; break
    fi
    while read -r name acc ref ld gargs sargs; do
        for v in $vs; do
            [ -e "$name.$v.nobuild" ] && continue
            a=$gargs
            [ $small = 1 ] && a=$sargs
            timeout "$tmo" "./$name.$v" $(args "$a") >"$name.$v.$r.out" 2>&1
            t=$(awk '/^time_ms/ {print $2}' "$name.$v.$r.out")
            echo "$name $v $r ${t:--}" >>times.txt
        done
    done <"$table"
    done=$r
    echo "round $r of $runs done ($((SECONDS - start)) s)" >&2
done
runs=$done

# work NAME: the nominal work of a run and its unit, from the accc (else the
# reference) output; the shared programs print none, so it is computed from
# their sizes: laplace moves 5 doubles an interior point a sweep (stencil: 1
# read, 1 write; max-difference and copy: 2 reads, 1 write), gol 4 ints a
# cell a generation, mm 2n^3 flop.
work() {
    local f=$1.accc.1.out
    [ -s "$f" ] || f=$1.ref.1.out
    case $1 in
    laplace) awk '/^iterations/ {printf "%.6e byte\n", $2 * 5 * 8 * 1024 * 1024}' "$f" ;;
    gol) echo "$(awk 'BEGIN {printf "%.6e", 1024 * 4 * 4 * 1024 * 1024}') byte" ;;
    mm) awk '$1 == "n" {printf "%.6e flop\n", 2 * $2 * $2 * $2}' "$f" ;;
    *) awk '/^work/ {print $2, $3}' "$f" ;;
    esac
}
rate() { # rate MS WORK UNIT -> "value unit %peak"
    awk -v ms="$1" -v w="$2" -v u="$3" -v pb="$peak_gbs" -v pf="$peak_gflops" 'BEGIN {
        if (ms == "-" || w == "" || ms <= 0) { print "- - -"; exit }
        if (u == "flop") { r = w / (ms * 1e6); printf "%.1f GFLOP/s %s\n", r, (pf > 0 ? sprintf("%.1f%%", 100 * r / pf) : "-") }
        else if (u == "byte") { r = w / (ms * 1e6); printf "%.1f GB/s %s\n", r, (pb > 0 ? sprintf("%.1f%%", 100 * r / pb) : "-") }
        else if (u == "xfer-byte") printf "%.1f GB/s(link) -\n", w / (ms * 1e6)
        else if (u == "launch") printf "%.2f us/launch -\n", ms * 1e3 / w
        else print "- - -" }'
}

echo
echo "device: $(awk '/^device/ {sub(/^device /, ""); print}' devinfo.txt) (peak $peak_gbs GB/s, FP64 $peak_gflops GFLOP/s); medians of $runs runs; $(date -u +%Y-%m-%d)"
echo
hdr="| program | accc ms | ref ms | accc/ref | accc rate | accc % peak | ref rate | ref % peak |"
sep="|---|---:|---:|---:|---:|---:|---:|---:|"
[ $withgcc = 1 ] && { hdr="$hdr gcc ms | gcc/accc |"; sep="$sep---:|---:|"; }
echo "$hdr results |"
echo "$sep---|"
while read -r name acc ref ld gargs sargs; do
    declare -A med=()
    for v in $vs; do
        med[$v]=$(awk -v p="$name" -v v="$v" '$1 == p && $2 == v && $4 != "-" {print $4}' times.txt | median)
    done
    read -r wk unit <<<"$(work "$name")"
    read -r ar au ap <<<"$(rate "${med[accc]}" "$wk" "$unit")"
    read -r rr ru rp <<<"$(rate "${med[ref]}" "$wk" "$unit")"
    ratio=$(awk -v a="${med[accc]}" -v b="${med[ref]}" 'BEGIN { if (a == "-" || b == "-" || b <= 0) print "-"; else printf "%.2f", a / b }')
    # results: every run of every version against the reference's first run
    res=ok
    for v in accc ref; do
        [ -e "$name.$v.nobuild" ] && { res="$v build failed"; break; }
        for r in $(seq "$runs"); do
            if [ "$v.$r" != ref.1 ] && ! same "$name.ref.1.out" "$name.$v.$r.out"; then res="$v run $r differs"; break 2; fi
        done
    done
    [ "$res" = ok ] || status=1
    # GCC's failures are noted, not counted against accc
    if [ $withgcc = 1 ]; then
        if [ -e "$name.gcc.nobuild" ]; then res="$res; gcc $(head -1 "$name.gcc.nobuild" | grep . || echo build failed)"
        else
            for r in $(seq "$runs"); do
                same "$name.ref.1.out" "$name.gcc.$r.out" || { res="$res; gcc run $r differs"; break; }
            done
        fi
    fi
    line="| $name | ${med[accc]} | ${med[ref]} | $ratio | $ar $au | $ap | $rr $ru | $rp |"
    if [ $withgcc = 1 ]; then
        line="$line ${med[gcc]} | $(awk -v a="${med[accc]}" -v g="${med[gcc]}" 'BEGIN { if (a == "-" || g == "-" || a <= 0) print "-"; else printf "%.1f", g / a }') |"
    fi
    echo "$line $res |"
    unset med
done <"$table"
echo
echo "ms: median time_ms (each program's timed part; docs/performance.md); rates from the median; results: every run against the reference's first, relative tolerance $tol; outputs in $out"
exit $status
