#!/bin/bash
# ctime.sh: accc's own compile time (issue 28), next to the host
# compiler's -O2 on the same files. No GPU needed.
#
#   scripts/ctime.sh [options] [NPB_DIR]
#
# Times `accc -acc=gpu --emit=source` (the frontend, the directives, every
# lowering and analysis pass and the code generators: what accc adds to a
# compilation; no nvcc runs) and `$CC -O2 -c` on:
#   - nest-D.c: one parallel loop around a D-deep loop nest, for each D of
#     --depths (default "100 200 400 1000"): the time must grow linearly;
#   - region-N.c: a parallel loop whose body is N statements (--stmts,
#     default 100000);
#   - with NPB_DIR (NPB-ACC's C sources: BT/BT, SP/SP, LU/LU-HP, ...), each
#     of its C files with OpenACC directives (with --all, every C file of
#     the benchmarks and their common/ directories), after the suite's
#     setparams wrote npbparams.h for --class (default B) in a copy under
#     --out.
# Generated and copied files go to --out (default /tmp/accc-ctime); none is
# kept in the repository. Each time is the median of --runs runs (default
# 3), the two commands run in turn, of their CPU time (user + system),
# which holds on a loaded machine better than the wall clock: for accc its
# own, without the host compiler's preprocessing it runs (the line
# ACCC_TIME_PASSES=1 ends with), for gcc with its children (cc1, as).
# --wall reports both commands' wall clock instead (accc's then includes
# the preprocessor). The table (markdown) gives both medians and their
# ratio; a ratio above 1 means accc took longer than the host compiler's
# -O2.
# ACCC_CPUPROFILE=FILE on one accc command writes its Go CPU profile
# (`go tool pprof bin/accc FILE`); ACCC_TIME_PASSES=1 prints the time of
# each lowering pass (both documented in docs/architecture.md).
# Options:
#   --runs N        runs per measurement (default 3)
#   --depths "D..." nest depths (default "100 200 400 1000")
#   --stmts N       statements of the large region (default 100000)
#   --class C       NPB class for setparams (default B)
#   --out DIR       generated files (default /tmp/accc-ctime)
#   --all           every NPB C file, not only those with directives
#   --acc TARGET    accc's target (default gpu)
#   --wall          wall-clock seconds instead of CPU seconds
#   --limit S       the limit of one command (default 120; gcc -O2 takes
#                   more than ten minutes on the 100,000-statement region):
#                   a command past it shows as ">S"
# Needs bin/accc (make build; or $ACCC) and $CC (default gcc).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
accc=${ACCC:-$root/bin/accc}
cc=${CC:-gcc}
limit=120 runs=3 depths="100 200 400 1000" stmts=100000 class=B out=/tmp/accc-ctime wall=0 all=0 npb="" target=gpu
while [ $# -gt 0 ]; do
    case $1 in
    --runs) runs=$2; shift ;;
    --depths) depths=$2; shift ;;
    --stmts) stmts=$2; shift ;;
    --class) class=$2; shift ;;
    --out) out=$2; shift ;;
    --acc) target=$2; shift ;;
    --wall) wall=1 ;;
    --all) all=1 ;;
    --limit) limit=$2; shift ;;
    -h | --help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "ctime.sh: unknown option $1" >&2; exit 2 ;;
    *) npb=$1 ;;
    esac
    shift
done
[ -x "$accc" ] || { echo "ctime.sh: $accc missing (make build)" >&2; exit 2; }
mkdir -p "$out"
out=$(cd "$out" && pwd)

# nest D: a parallel loop around D-1 loops without directives.
nest() {
    awk -v d="$1" 'BEGIN {
        print "void nest(int n, double *restrict a) {"
        print "#pragma acc parallel loop copy(a[0:n])"
        for (i = 0; i < d; i++) printf "%*sfor (int i%d = 0; i%d < n; i%d++)\n", i, "", i, i, i
        printf "%*sa[i0] += i%d;\n}\n", d, "", d - 1
    }'
}

# region N: a parallel loop whose body is N statements.
region() {
    awk -v m="$1" 'BEGIN {
        print "void region(int n, double *restrict a, const double *restrict b) {"
        print "#pragma acc parallel loop copy(a[0:n]) copyin(b[0:n])"
        print "for (int i = 0; i < n; i++) {"
        print "    double x = b[i] + a[i];"
        for (k = 0; k < m; k++) printf "    x = x * 0.999 + %d.0;\n", k % 97
        print "    a[i] = x;"
        print "}}"
    }'
}

# seconds KIND CMD...: the time of one run of CMD (run in the current
# directory; output discarded): KIND accc reads accc's own CPU time from
# its ACCC_TIME_PASSES=1 line, KIND cc takes the command's; ">$limit" when
# the run takes longer, "fail" when it fails.
seconds() {
    local kind=$1 rc TIMEFORMAT="%3R %3U %3S"
    shift
    { time ACCC_TIME_PASSES=1 timeout "$limit" "$@" >/dev/null 2>"$out/ctime.err"; } 2>"$out/ctime.time"
    rc=$?
    case $rc in
    0) ;;
    124) echo ">$limit"; return ;;
    *) echo fail; return ;;
    esac
    if [ $wall = 1 ]; then
        awk '{ printf "%.3f\n", $1 }' "$out/ctime.time"
    elif [ $kind = accc ]; then
        awk '/^accc: CPU time: accc / { sub(/s,$/, "", $5); printf "%.3f\n", $5 }' "$out/ctime.err"
    else
        awk '{ printf "%.3f\n", $2 + $3 }' "$out/ctime.time"
    fi
}

# median T...: the median of the times, or the first that is not one.
median() {
    local t
    for t in "$@"; do
        case $t in [0-9]*) ;; *) echo "$t"; return ;; esac
    done
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# row LABEL DIR FILE [FLAGS...]: one line of the table; accc and the host
# compiler run in turn, so that both meet the same load.
row() {
    local label=$1 dir=$2 file=$3 a g r as=() gs=()
    shift 3
    for _ in $(seq "$runs"); do
        as+=("$(cd "$dir" && seconds accc "$accc" -acc="$target" --emit=source -o "$out/ctime-out.c" "$@" "$file")")
        gs+=("$(cd "$dir" && seconds cc "$cc" -O2 -c "$@" "$file" -o "$out/ctime.o")")
    done
    a=$(median "${as[@]}") g=$(median "${gs[@]}")
    r=$(awk -v a="$a" -v g="$g" 'BEGIN { if (a ~ /^[0-9.]+$/ && g ~ /^[0-9.]+$/ && g + 0 > 0) printf "%.2f", a / g; else print "-" }')
    printf '| %s | %s | %s | %s | %s |\n' "$label" "$(wc -l <"$dir/$file")" "$a" "$g" "$r"
}

unit=CPU
[ $wall = 1 ] && unit=wall
echo "accc: $accc ($("$accc" --version 2>/dev/null | head -1)); host compiler: $cc; medians of $runs runs, $unit seconds"
echo
own="accc's own"
[ $wall = 1 ] && own=accc
echo "| file | lines | $own (-acc=$target --emit=source) | $cc -O2 -c | ratio |"
echo "|---|---:|---:|---:|---:|"
for d in $depths; do
    nest "$d" >"$out/nest-$d.c"
    row "nest-$d.c" "$out" "nest-$d.c"
done
region "$stmts" >"$out/region-$stmts.c"
row "region-$stmts.c" "$out" "region-$stmts.c"

[ -z "$npb" ] && exit 0
[ -d "$npb" ] || { echo "ctime.sh: $npb: no such directory" >&2; exit 2; }
rm -rf "$out/npb" && cp -r "$npb" "$out/npb"
for sys in "$out"/npb/*/sys; do
    (cd "$sys" && "$cc" -o setparams setparams.c 2>/dev/null)
done
for f in "$out"/npb/*/*/*.c; do
    case $f in */sys/*) continue ;; esac
    [ $all = 1 ] || grep -q '#pragma acc' "$f" || continue
    dir=$(dirname "$f") bench=$(basename "$(dirname "$dir")")
    if [ ! -f "$dir/npbparams.h" ]; then
        lower=$(echo "$bench" | tr 'A-Z' 'a-z')
        (cd "$dir" && ../sys/setparams "$lower" "$class" >/dev/null 2>&1)
    fi
    row "${f#"$out"/npb/}" "$dir" "$(basename "$f")" -I../common
done
