#!/bin/bash
# gpu-check.sh: build every run program (testdata/run, testdata/acc,
# testdata/discrete) with accc -acc=gpu and run it on the GPU of this
# machine, comparing its output with NAME.out; run the testdata/fatal
# programs, which must stop with exit status 1 and the error of their
# "// stderr:" lines; with MEMCHECK=1 run every passing program again under
# compute-sanitizer memcheck; run scripts/gpu-managed.sh,
# scripts/gpu-fallback.sh and scripts/gpu-tools.sh; then time the laplace and gol benchmarks of
# ../shared/bench (or the directory given) next to their hand-written CUDA
# references with scripts/bench.sh (which runs the whole set; its table does
# not change the exit status). Usage: [MEMCHECK=1] scripts/gpu-check.sh [bench-dir]
# Needs bin/accc (make build) and nvcc. Prints summaries; exits 1 if a
# program failed.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bench=$(cd "${1:-$root/../shared/bench}" 2>/dev/null && pwd)
accc=$root/bin/accc
out=${OUT:-/tmp/gpu-check}
mkdir -p "$out/run"
export ACCC_CACHE_DIR=${ACCC_CACHE_DIR:-/tmp/accc-cache}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
progs=$(ls "$root"/testdata/run/*.c "$root"/testdata/acc/*.c "$root"/testdata/discrete/*.c "$root"/testdata/fatal/*.c)

# Build in parallel (the runtime is built once first).
"$accc" -acc=gpu -O2 "$root/testdata/run/parallel_loop.c" -o "$out/run/warm" -lm
echo "$progs" | xargs -P "$(nproc)" -I{} sh -c \
    'b=$(basename {} .c); flags=$(sed -n "1s|^// run||p" {}); "$1" -acc=gpu -O2 $flags {} -o "$2/run/$b" -lm 2>"$2/run/$b.build" || touch "$2/run/$b.nobuild"' \
    _ "$accc" "$out"

pass=0 fail=0 failed="" passed=""
for f in $progs; do
    b=$(basename "$f" .c)
    if [ -e "$out/run/$b.nobuild" ]; then
        fail=$((fail + 1)); failed="$failed $b(build)"
        echo "--- $b (build)"; head -5 "$out/run/$b.build"; continue
    fi
    if head -1 "$f" | grep -q '^// fatal'; then
        # A kernel's own check reports through printf, which CUDA prints
        # on standard output, before it stops the kernel.
        timeout 60 "$out/run/$b" >"$out/run/$b.err" 2>&1
        rc=$? ok=1
        [ $rc -eq 1 ] || ok=0
        while IFS= read -r want; do
            grep -qF -- "$want" "$out/run/$b.err" || ok=0
        done < <(sed -n 's|^// stderr: *||p' "$f")
        if [ $ok = 1 ]; then pass=$((pass + 1)); else
            fail=$((fail + 1)); failed="$failed $b"; echo "--- $b (rc $rc)"; head -3 "$out/run/$b.err"
        fi
        continue
    fi
    # The program's "// env: NAME=VALUE ..." lines (internal/acctest).
    env=$(sed -n 's|^// env: *||p' "$f" | tr '\n' ' ')
    if timeout 60 env $env "$out/run/$b" >"$out/run/$b.got" 2>"$out/run/$b.err" && cmp -s "$out/run/$b.got" "${f%.c}.out"; then
        pass=$((pass + 1)); passed="$passed $b"
    else
        fail=$((fail + 1)); failed="$failed $b"
        echo "--- $b"; head -5 "$out/run/$b.err"; diff "$out/run/$b.got" "${f%.c}.out" | head -5
    fi
done
echo "gpu run: pass=$pass fail=$fail:$failed"
status=0
[ $fail -eq 0 ] || status=1

if [ "${MEMCHECK:-0}" = 1 ]; then
    clean=0 dirty=0 list=""
    for b in $passed; do
        if compute-sanitizer --tool memcheck --error-exitcode 99 "$out/run/$b" >"$out/run/$b.mc" 2>&1; then
            clean=$((clean + 1))
        else
            dirty=$((dirty + 1)); list="$list $b"; grep -m3 "=========" "$out/run/$b.mc"
        fi
    done
    echo "memcheck: clean=$clean with-errors=$dirty:$list"
    [ $dirty -eq 0 ] || status=1
fi

# The multi-file programs, each built by its own Makefile (nvhpc: the
# NVHPC options of a Makefile, managed memory, a separate library) and
# run, once more with NV_ACC_TIME=1 for NVHPC's timing report.
for d in "$root"/testdata/multifile/*/; do
    b=$(basename "$d") w="$out/multifile/$b"
    rm -rf "$w" && mkdir -p "$w" && cp "$d"* "$w"/
    if (cd "$w" && make -s CC="$accc" ACCFLAGS=-acc=gpu >build.log 2>&1) && timeout 60 "$w/$b" >"$w/got" 2>"$w/err" &&
        cmp -s "$w/got" "$d/expected.out" && NV_ACC_TIME=1 timeout 60 "$w/$b" 2>&1 | grep -q "Accelerator Kernel Timing data"; then
        echo "multifile $b: ok"
    else status=1; echo "multifile $b: FAIL"; tail -5 "$w/build.log" "$w/got" 2>/dev/null; fi
done

# The memory modes and the run-time tools (NV_ACC_NOTIFY/DEBUG, heap and
# stack sizes, NVTX ranges under ncu).
echo "== memory modes"
(cd "$root" && ACCC="$accc" scripts/gpu-managed.sh) >"$out/managed.log" 2>&1 || status=1
grep -Ev '^ok ' "$out/managed.log"
echo "== gpu,multicore"
(cd "$root" && ACCC="$accc" scripts/gpu-fallback.sh) >"$out/fallback.log" 2>&1 || status=1
grep -Ev '^ok ' "$out/fallback.log"
echo "== run-time tools"
"$root/scripts/gpu-tools.sh" >"$out/tools.log" 2>&1 || { status=1; cat "$out/tools.log"; }
grep -E '^(ok|FAIL|skip)' "$out/tools.log" | grep -c '^ok' | sed 's/^/run-time tools ok: /'

if [ -n "$bench" ] && [ -d "$bench" ]; then
    "$root/scripts/bench.sh" --gpu --shared "$bench" --out "$out/bench" laplace gol
fi
exit $status
