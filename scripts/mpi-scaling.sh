#!/usr/bin/env bash
# mpi-scaling.sh: strong and weak scaling of examples/mpi-jacobi on 1..N
# ranks for one accc target, as a table: time, speedup, efficiency, and the
# share of time in the halo exchange and in the allreduce.
#
#   scripts/mpi-scaling.sh TARGET [NX [ROWS [ITERS]]]
#
# TARGET is gpu, multicore, host or emulate. Strong scaling solves an NX x NX
# grid on every rank count; weak scaling gives each rank ROWS rows of NX
# points (NY = ROWS * ranks + 2). ITERS sweeps each (tolerance 0: all of
# them). Defaults: NX=1024, ROWS=1024, ITERS=200 (CPU), 4096/4096/1000 (gpu).
#
# Environment:
#   NPS="1 2"       the rank counts (the first is the baseline)
#   HALO=auto       the example's -H: device (CUDA-aware MPI), host, auto
#   REPS=3          runs per point; the table has the fastest
#   THREADS=1       OMP_NUM_THREADS of each rank on multicore
#   ACCC=bin/accc   the compiler (built with `make build` when missing)
#   BIN=path        a jacobi_mpi already built for TARGET: no build
#   MPIRUN=mpirun   MPIRUNFLAGS=... (default for Open MPI: --oversubscribe,
#                   --allow-run-as-root as root, --bind-to none)
# The example is built into .cache/mpi-scaling/TARGET with OMPI_CC=accc mpicc.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

target=${1:?usage: scripts/mpi-scaling.sh gpu|multicore|host|emulate [NX [ROWS [ITERS]]]}
case $target in
gpu) nx=${2:-4096} rows=${3:-4096} iters=${4:-1000} ;;
multicore | host | emulate) nx=${2:-1024} rows=${3:-1024} iters=${4:-200} ;;
*) echo "mpi-scaling: unknown target '$target' (gpu, multicore, host, emulate)" >&2; exit 2 ;;
esac
read -r -a nps <<<"${NPS:-1 2}"
halo=${HALO:-auto}
reps=${REPS:-3}
export OMP_NUM_THREADS=${THREADS:-1}
mpirun=${MPIRUN:-mpirun}
command -v "$mpirun" >/dev/null || { echo "mpi-scaling: $mpirun not found (scripts/install-mpi.sh, or scripts/mpi-portable.sh's env.sh)" >&2; exit 1; }
if [[ -z ${MPIRUNFLAGS+x} ]]; then
    MPIRUNFLAGS=""
    if "$mpirun" --version 2>&1 | grep -q "Open MPI"; then
        MPIRUNFLAGS="--oversubscribe --bind-to none"
        [[ $(id -u) -eq 0 ]] && MPIRUNFLAGS+=" --allow-run-as-root"
    fi
fi
read -r -a runflags <<<"$MPIRUNFLAGS"

bin=${BIN:-}
if [[ -z $bin ]]; then
    accc=${ACCC:-$root/bin/accc}
    [[ -x $accc ]] || make -C "$root" -s build
    out=$root/.cache/mpi-scaling/$target
    mkdir -p "$out"
    bin=$out/jacobi_mpi
    OMPI_CC=$accc MPICH_CC=$accc I_MPI_CC=$accc mpicc -acc="$target" -O2 \
        -o "$bin" "$root/examples/mpi-jacobi/jacobi_mpi.c" -lm
fi

# run NP NY: the fastest of REPS runs' "timing:" line, as "total halo reduce iters".
run() {
    local np=$1 ny=$2 best="" line
    for ((r = 0; r < reps; r++)); do
        line=$("$mpirun" "${runflags[@]}" -np "$np" "$bin" -x "$nx" -y "$ny" -i "$iters" -t 0 -H "$halo" | grep '^timing:') ||
            { echo "mpi-scaling: $mpirun -np $np $bin failed" >&2; exit 1; }
        line=$(sed -E 's/.*iters=([0-9]+) total=([0-9.]+) halo=([0-9.]+) reduce=([0-9.]+).*/\2 \3 \4 \1/' <<<"$line")
        if [[ -z $best ]] || awk -v a="${line%% *}" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then
            best=$line
        fi
    done
    echo "$best"
}

mode_line=$("$mpirun" "${runflags[@]}" -np 1 "$bin" -x 8 -y 8 -i 1 -H "$halo" | head -1)
echo "# examples/mpi-jacobi, -acc=$target, $(date -u +%Y-%m-%d), $(uname -n): $(getconf _NPROCESSORS_ONLN) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'))"
echo "# ${mode_line#*halo exchange: }; $iters sweeps; fastest of $reps runs; OMP_NUM_THREADS=$OMP_NUM_THREADS; load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '| %-6s | %5s | %-11s | %8s | %7s | %10s | %6s | %9s |\n' scaling ranks grid "time (s)" speedup efficiency halo allreduce
printf '|%s|\n' "--------|-------|-------------|----------|---------|------------|--------|-----------"
for mode in strong weak; do
    base=""
    for np in "${nps[@]}"; do
        if [[ $mode == strong ]]; then ny=$nx; else ny=$((rows * np + 2)); fi
        read -r total halo_t reduce_t _ < <(run "$np" "$ny")
        [[ -n $base ]] || base=$total
        awk -v mode="$mode" -v np="$np" -v grid="${nx}x${ny}" -v t="$total" -v h="$halo_t" -v r="$reduce_t" -v b="$base" 'BEGIN {
            # strong: speedup T1/Tn, efficiency T1/(n Tn); weak: efficiency
            # T1/Tn, scaled speedup n T1/Tn.
            if (mode == "strong") { s = b / t; e = s / np } else { e = b / t; s = np * e }
            printf "| %-6s | %5d | %-11s | %8.3f | %7.2f | %9.0f%% | %5.1f%% | %8.1f%% |\n", mode, np, grid, t, s, 100 * e, 100 * h / t, 100 * r / t
        }'
    done
done
