#!/bin/bash
# GPU checks of the memory modes (-gpu=mem:managed, unified,
# separate:pinnedalloc; issue 27 item 1). Run from the worktree root on
# the GPU machine after `make build` (scripts/gpu-check.sh runs it):
#   scripts/gpu-managed.sh            # the checks and the timing (~1 min)
#   MANAGED_RUN_ALL=1 scripts/gpu-managed.sh  # also every testdata/run and
#                                             # testdata/acc program under managed
# Prints one "ok NAME" or "FAIL NAME" line per check, then the timing.
set -u
ACCC=${ACCC:-$PWD/bin/accc}
T=$(mktemp -d)
M=testdata/memory
fails=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fails=$((fails + 1)); }
build() { # out src flags...
    local out=$1 src=$2
    shift 2
    "$ACCC" -acc=gpu -O2 -Wno-data-stale "$@" -o "$out" "$src" -lm >"$out.build" 2>&1 || { cat "$out.build"; return 1; }
}
# check NAME EXE WANTFILE: stdout equals WANTFILE, exit 0
check() {
    local name=$1 exe=$2 want=$3
    if timeout 120 "$exe" >"$exe.out" 2>"$exe.err" && cmp -s "$exe.out" "$want"; then ok "$name"; else
        bad "$name"; diff "$want" "$exe.out" | head -5; head -5 "$exe.err"; fi
}

echo "== device"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null

# 1. managed and unified: heap data shared, globals copied, refcounts, capture
for mode in mem:managed managed mem:unified; do
    if build "$T/heap-$mode" $M/managed_heap.c -gpu=$mode; then
        check "managed_heap.c -gpu=$mode" "$T/heap-$mode" $M/managed_heap.out
        if [ "$mode" = mem:unified ]; then
            n=$(grep -c "no HMM or ATS" "$T/heap-$mode.err")
            echo "     unified message lines on stderr: $n (1 without HMM, 0 with HMM)"
        fi
    else bad "managed_heap.c -gpu=$mode (build)"; fi
done
# 2. separate memory (and pinnedalloc): heap data copied; stops at present on unmapped heap data
printf '1: heap 0 global 0\n2: refcount 2 then 1, present 1, device address is host address 0\n3: kernel saw 0, b[5] 6\n' >"$T/separate.want"
for mode in mem:separate mem:separate:pinnedalloc; do
    if build "$T/sep-$mode" $M/managed_heap.c -gpu=$mode; then
        timeout 120 "$T/sep-$mode" >"$T/sep-$mode.out" 2>"$T/sep-$mode.err"
        if cmp -s "$T/sep-$mode.out" "$T/separate.want" && grep -q "data in PRESENT clause was not found" "$T/sep-$mode.err"; then
            ok "managed_heap.c -gpu=$mode (separate semantics)"
        else bad "managed_heap.c -gpu=$mode (separate semantics)"; cat "$T/sep-$mode.out"; head -3 "$T/sep-$mode.err"; fi
    else bad "managed_heap.c -gpu=$mode (build)"; fi
done
# 3. the allocator in every mode
for mode in mem:managed mem:unified mem:separate:pinnedalloc pinned mem:separate; do
    if build "$T/stress-$mode" $M/alloc_stress.c -gpu=$mode; then
        check "alloc_stress.c -gpu=$mode" "$T/stress-$mode" $M/alloc_stress.out
    else bad "alloc_stress.c -gpu=$mode (build)"; fi
done
# 4. a library built by plain gcc allocates the blocks
gcc -O2 -c $M/lib/buffer.c -o "$T/buffer.o" && ar rcs "$T/libbuffer.a" "$T/buffer.o"
printf 'shared 1\nseen 70 sum 499563\n' >"$T/lib-managed.want"
printf 'shared 0\nseen 7 sum 499500\n' >"$T/lib-separate.want"
for mode in managed separate; do
    if "$ACCC" -acc=gpu -O2 -gpu=mem:$mode -o "$T/lib-$mode" $M/lib/main.c -L"$T" -lbuffer >"$T/lib-$mode.build" 2>&1; then
        check "gcc-built library -gpu=mem:$mode" "$T/lib-$mode" "$T/lib-$mode.want"
    else bad "gcc-built library -gpu=mem:$mode (build)"; cat "$T/lib-$mode.build"; fi
done
# 5. capture on globals, unchanged by managed
if build "$T/capture" testdata/acc/modifiers_capture.c -gpu=mem:managed; then
    check "modifiers_capture.c -gpu=mem:managed" "$T/capture" testdata/acc/modifiers_capture.out
else bad "modifiers_capture.c (build)"; fi
# 6. a kernel writes heap data no clause names; the host reads it with no update
cat >"$T/noclause.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    int n = 1 << 20;
    float *x = malloc(n * sizeof *x);
    for (int i = 0; i < n; i++) x[i] = 1;
    for (int r = 0; r < 10; r++) {
#pragma acc parallel loop
        for (int i = 0; i < n; i++) x[i] = 2 * x[i] + 1;
        x[r] = 0; /* the host writes between kernels: managed memory needs no update */
    }
    double s = 0;
    for (int i = 0; i < n; i++) s += x[i];
    printf("%.0f\n", s);
    free(x);
    return 0;
}
C
if build "$T/noclause" "$T/noclause.c" -gpu=mem:managed; then
    # host reference: the same program without OpenACC
    gcc -O2 -o "$T/noclause-host" "$T/noclause.c" && "$T/noclause-host" >"$T/noclause.want"
    check "kernel on heap data without clauses -gpu=mem:managed" "$T/noclause" "$T/noclause.want"
else bad "noclause (build)"; fi

# 7. separate memory: a deviceptr to memory of cudaMallocManaged, read by
# the host right after synchronous constructs (no copyout waits for them)
cat >"$T/dptr.c" <<'C'
#include <stdio.h>
int cudaMallocManaged(void **p, size_t bytes, unsigned flags);
int main(void) {
    int n = 1 << 22;
    double *x, s = 0;
    if (cudaMallocManaged((void **)&x, n * sizeof *x, 1) != 0) return 2;
    for (int i = 0; i < n; i++) x[i] = 1;
    for (int r = 0; r < 20; r++) {
#pragma acc parallel loop deviceptr(x)
        for (int i = 0; i < n; i++) x[i] = 2 * x[i] + 1;
        x[r] += 1; /* the host reads and writes at once */
    }
    for (int i = 0; i < n; i++) s += x[i];
    printf("%.0f\n", s);
    return 0;
}
C
if build "$T/dptr" "$T/dptr.c"; then
    sed -e 's/int cudaMallocManaged.*//' -e 's/if (cudaMallocManaged.*/x = malloc(n * sizeof *x);/' -e '1i #include <stdlib.h>' "$T/dptr.c" >"$T/dptr-host.c"
    gcc -O2 -o "$T/dptr-host" "$T/dptr-host.c" && "$T/dptr-host" >"$T/dptr.want"
    check "deviceptr to cudaMallocManaged memory, read by the host after each construct" "$T/dptr" "$T/dptr.want"
else bad "dptr (build)"; fi

# 8. optionally, every run program under managed memory
if [ "${MANAGED_RUN_ALL:-0}" = 1 ]; then
    pass=0 total=0
    for f in testdata/run/*.c testdata/acc/*.c; do
        args=$(head -1 "$f" | sed -n 's|^// run||p')
        [ "$(head -1 "$f" | cut -c1-6)" = "// run" ] || continue
        total=$((total + 1))
        exe="$T/all-$(basename "$f" .c)"
        if "$ACCC" -acc=gpu -O2 -gpu=mem:managed $args -o "$exe" "$f" -lm >/dev/null 2>&1 &&
            timeout 120 "$exe" >"$exe.out" 2>/dev/null && cmp -s "$exe.out" "${f%.c}.out"; then
            pass=$((pass + 1))
        else echo "FAIL run program $f under -gpu=mem:managed"; fails=$((fails + 1)); fi
    done
    echo "run programs under managed: $pass/$total"
fi

# 9. timing: a malloc-heavy loop (allocations of 16 B to 4 KiB, freed in
# another order) with a kernel over a heap array every 1000 iterations
cat >"$T/timing.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(void) {
    enum { SLOTS = 4096, ITERS = 2000000 };
    static void *slot[SLOTS];
    unsigned r = 1;
    int n = 1 << 16;
    double *a = malloc(n * sizeof *a), s = 0;
    for (int i = 0; i < n; i++) a[i] = i;
    double t0 = now();
    for (int it = 0; it < ITERS; it++) {
        r = r * 1103515245u + 12345u;
        int k = (r >> 8) % SLOTS;
        free(slot[k]);
        slot[k] = malloc(16 + (r >> 20) % 4080);
        if (it % 1000 == 0) {
#pragma acc parallel loop copy(a[0:n])
            for (int i = 0; i < n; i++) a[i] += 1;
        }
    }
    double t1 = now();
    for (int i = 0; i < n; i++) s += a[i];
    printf("%.3f s (check %.0f)\n", t1 - t0, s);
    for (int k = 0; k < SLOTS; k++) free(slot[k]);
    free(a);
    return 0;
}
C
echo "== timing: 2e6 malloc/free + 2000 kernels with copy(a[0:65536])"
for mode in mem:separate mem:managed mem:separate:pinnedalloc; do
    if build "$T/timing-$mode" "$T/timing.c" -gpu=$mode; then
        printf '%-26s ' "-gpu=$mode"; timeout 300 "$T/timing-$mode"
    else bad "timing -gpu=$mode (build)"; fi
done
echo "== $fails failures"
rm -rf "$T"
[ $fails = 0 ]
