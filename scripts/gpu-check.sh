#!/bin/bash
# gpu-check.sh: run every testdata/run program built with accc -acc=gpu on
# the GPU of this machine, then time the benchmarks of ../shared/bench (or
# bench/ beside the repository, as on the device machine) next to their
# hand-written CUDA references. Usage: scripts/gpu-check.sh [bench-dir]
# Needs bin/accc (make build) and nvcc. Prints a summary; exits 1 on a
# failed program.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bench=${1:-$root/../shared/bench}
accc=$root/bin/accc
out=${OUT:-/tmp/gpu-check}
mkdir -p "$out/run"
export ACCC_CACHE_DIR=${ACCC_CACHE_DIR:-/tmp/accc-cache}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
pass=0 fail=0 failed=""
for f in "$root"/testdata/run/*.c; do
    b=$(basename "$f" .c)
    if ! "$accc" -acc=gpu -O2 "$f" -o "$out/run/$b" -lm 2>"$out/run/$b.err"; then
        fail=$((fail + 1)); failed="$failed $b(compile)"; continue
    fi
    if timeout 60 "$out/run/$b" >"$out/run/$b.got" 2>>"$out/run/$b.err" && cmp -s "$out/run/$b.got" "${f%.c}.out"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1)); failed="$failed $b"
        echo "--- $b"; head -5 "$out/run/$b.err"; diff "$out/run/$b.got" "${f%.c}.out" | head -5
    fi
done
echo "gpu run: pass=$pass fail=$fail:$failed"
[ -d "$bench" ] || exit 0
cd "$out"
for p in laplace gol; do
    "$accc" -acc=gpu -O2 "$bench/${p}_acc.c" -o "${p}_accc" -lm || echo "build ${p}_accc failed"
    nvcc -O3 -arch=sm_90 "$bench/${p}_cuda.cu" -o "${p}_cuda" || echo "build ${p}_cuda failed"
done
for i in 1 2 3 4 5; do
    for p in laplace gol; do
        for v in accc cuda; do
            t=$(./${p}_$v | tee "${p}_$v.log" | awk '/time_ms/ {print $2}')
            echo "$p $v $i $t"
        done
    done
done | tee times.txt
for p in laplace gol; do
    for v in accc cuda; do
        echo "$p $v median $(awk -v p=$p -v v=$v '$1==p && $2==v {print $4}' times.txt | sort -n | sed -n 3p) ms: $(grep -v time_ms ${p}_$v.log | head -1)"
    done
done
