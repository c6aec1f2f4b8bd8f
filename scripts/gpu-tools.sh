#!/usr/bin/env bash
# gpu-tools.sh: checks of the GPU runtime's run-time tools (issue 27 item 2)
# on a machine with a GPU: NV_ACC_NOTIFY=31, NV_ACC_DEBUG=1/2,
# NV_ACC_CUDA_HEAPSIZE/STACKSIZE, NVTX ranges filtered by ncu (and nsys
# if present), and cuda-gdb stopping at a user line in a kernel. Run
# from the repository root after `go build -o bin/accc ./cmd/accc`:
#   scripts/gpu-tools.sh            (CUDA=/usr/local/cuda by default)
# Prints "ok <check>" or "FAIL <check>" per check and exits 1 if any failed.
set -u
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
accc=$root/bin/accc
CUDA=${CUDA:-/usr/local/cuda}
export PATH=$CUDA/bin:$PATH
w=$(mktemp -d /tmp/accc-tools.XXXXXX)
fails=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fails=$((fails + 1)); [ -n "${2:-}" ] && sed 's/^/     | /' "$2" | head -40; }
check() { # check NAME FILE PATTERN...: every pattern (grep -E) occurs in FILE
    local name=$1 f=$2; shift 2
    for p in "$@"; do grep -Eq -- "$p" "$f" || { bad "$name: no /$p/" "$f"; return; }; done
    ok "$name"
}

echo "nvcc: $(command -v nvcc) ($(nvcc --version | grep -o 'release [0-9.]*'))"
command -v ncu >/dev/null && echo "ncu: $(ncu --version | tail -1)"
ls "$CUDA/include/nvtx3/nvToolsExt.h" >/dev/null 2>&1 && echo "nvtx3 headers: $CUDA/include/nvtx3" ||
    echo "nvtx3 headers: MISSING under $CUDA/include (the runtime has no NVTX ranges)"

cat >"$w/tools.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
size_t cuda_heap_limit(void), cuda_stack_limit(void);
int main(int argc, char **argv) {
    int n = 1 << 20, fails = 0, m = 1 << 14;
    double *a = malloc(n * sizeof *a), s = 0;
    for (int i = 0; i < n; i++) a[i] = i;
#pragma acc data copy(a[0:n])
    {
#pragma acc parallel loop
        for (int i = 0; i < n; i++) a[i] = 2 * a[i];
#pragma acc parallel loop reduction(+:s)
        for (int i = 0; i < n; i++) s += a[i];
#pragma acc update self(a[0:n])
    }
#pragma acc enter data copyin(a[0:n])
#pragma acc parallel loop async(1)
    for (int i = 0; i < n; i++) a[i] += 1;
#pragma acc wait(1)
#pragma acc exit data copyout(a[0:n])
    if (argc > 1) { /* 16384 threads hold 32 KB of device heap each: 512 MB (default heap: 8 MB) */
#pragma acc parallel loop reduction(+:fails) vector_length(128)
        for (int i = 0; i < m; i++) {
            char *p = malloc(32768);
            if (!p) {
                fails++;
            } else {
                p[32767] = (char)i;
                fails += p[32767] != (char)i;
                free(p);
            }
        }
        printf("malloc failures: %d\n", fails);
    }
    printf("heap limit: %zu\nstack limit: %zu\n", cuda_heap_limit(), cuda_stack_limit());
    printf("sum %.0f last %.0f\n", s, a[n - 1]);
    return s != (double)n * (n - 1) || a[n - 1] != 2.0 * (n - 1) + 1;
}
C
cat >"$w/limits.c" <<'C'
#include <cuda_runtime.h>
size_t cuda_heap_limit(void) { size_t v = 0; cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize); return v; }
size_t cuda_stack_limit(void) { size_t v = 0; cudaDeviceGetLimit(&v, cudaLimitStackSize); return v; }
C
L1=$(grep -n 'pragma acc parallel loop$' "$w/tools.c" | head -1 | cut -d: -f1)
L2=$(grep -n 'reduction(+:s)' "$w/tools.c" | cut -d: -f1)
cd "$w" || exit 1
gcc -O2 -I"$CUDA/include" -c limits.c -o limits.o || { echo "FAIL build limits.c"; exit 1; }
if ! "$accc" -acc=gpu -O2 -o tools tools.c limits.o >build.log 2>&1; then bad "build" build.log; exit 1; fi
ok build

# 1. NV_ACC_NOTIFY=31: every bit's lines
NV_ACC_NOTIFY=31 ./tools >out 2>notify.err && grep -q '^sum' out || bad "notify run" notify.err
check "NV_ACC_NOTIFY=31" notify.err \
    "^launch CUDA kernel  file=.*tools.c function=main line=$L1 device=0 threadid=1 kernel=" \
    '^upload CUDA data  file=.*variable=a\[0:n\] bytes=8388608' '^download CUDA data  file=' \
    "^Enter compute region file=.*line=$L1 " "^Leave compute region .*tools.c main:$L1 device=0 threadid=1" \
    '^Enter data region ' '^Leave data region ' '^Enter enter data construct ' '^Leave exit data ' \
    '^Wait  file=.*queue=1$' '^alloc  CUDA data  devaddr=0x[0-9a-f]+ bytes=8388608 file=' '^delete CUDA data  devaddr=0x'
NVCOMPILER_ACC_NOTIFY=4 ./tools >out 2>n4.err
if grep -qv -E '^(Enter|Leave) ' n4.err; then bad "NV_ACC_NOTIFY=4: other lines" n4.err; else ok "NV_ACC_NOTIFY=4 only regions"; fi

# 2. NV_ACC_DEBUG
NV_ACC_DEBUG=1 ./tools >out 2>debug1.err || bad "debug run" debug1.err
check "NV_ACC_DEBUG=1" debug1.err '^ACC: enter data file=' '^ACC:   present\? a\[0:n\] host=0x[0-9a-f]+ bytes=8388608: absent' \
    '^ACC:   alloc a\[0:n\] host=0x[0-9a-f]+ dev=0x' '^ACC:   upload a\[0:n\] host=0x[0-9a-f]+ -> dev=0x[0-9a-f]+ bytes=8388608' \
    "^ACC:     launch main_${L1}_gpu gangs=[0-9]+ workers=1 vector_length=128 queue=acc_async_sync" '^ACC: wait queue=1 '
grep -q 'present table' debug1.err && bad "NV_ACC_DEBUG=1 has present table changes" || ok "NV_ACC_DEBUG=1 without table changes"
NV_ACC_DEBUG=2 ./tools >out 2>debug2.err
check "NV_ACC_DEBUG=2" debug2.err '^ACC:   present table \+ a\[0:n\] host=0x' '^ACC:   present table - a\[0:n\]'

# 3. heap and stack
./tools heap >heap0.out 2>heap0.err
check "default heap too small (device malloc fails)" heap0.out '^malloc failures: [1-9]'
NV_ACC_CUDA_HEAPSIZE=1G NV_ACC_CUDA_STACKSIZE=64K ./tools heap >heap1.out 2>heap1.err || bad "heap run" heap1.err
check "NV_ACC_CUDA_HEAPSIZE=1G NV_ACC_CUDA_STACKSIZE=64K" heap1.out '^malloc failures: 0$' '^heap limit: 1073741824$' '^stack limit: 65536$'
NVCOMPILER_ACC_CUDA_HEAPSIZE=512Mb ./tools >heap2.out 2>&1
check "NVCOMPILER_ACC_CUDA_HEAPSIZE=512Mb" heap2.out '^heap limit: 536870912$'
NV_ACC_CUDA_HEAPSIZE=lots ./tools >bad.out 2>&1; rc=$?
[ $rc = 1 ] && grep -q '^FATAL ERROR: NV_ACC_CUDA_HEAPSIZE=lots is not a size' bad.out && ok "bad size: FATAL ERROR" || bad "bad size (rc $rc)" bad.out

# 4. NVTX: ncu profiles only the kernel of the construct named by the filter
if command -v ncu >/dev/null; then
    ncu --nvtx --nvtx-include "tools.c:$L1 parallel loop/" --metrics gpu__time_duration.sum ./tools >ncu.out 2>&1
    prof=$(grep -o 'Profiling "[^"]*"' ncu.out | sort | uniq -c)
    echo "$prof" | sed 's/^/     ncu: /'
    # ncu names a kernel by its demangled signature ("main_10(int, double *)")
    if [ -n "$prof" ] && ! grep -o 'Profiling "[^"]*"' ncu.out | grep -Evq "\"main_${L1}(_gpu)?\("; then
        ok "ncu --nvtx-include \"tools.c:$L1 parallel loop/\" profiles only the kernel of line $L1"
    else bad "ncu NVTX filter" ncu.out; fi
    ncu --nvtx --nvtx-include "tools.c:$L2 parallel loop/" ./tools >ncu2.out 2>&1
    if grep -o 'Profiling "[^"]*"' ncu2.out | grep -q . && ! grep -o 'Profiling "[^"]*"' ncu2.out | grep -Eq "\"main_${L1}(_gpu)?\("; then
        ok "ncu filter on line $L2 leaves out the kernel of line $L1"
    else bad "ncu NVTX filter line $L2" ncu2.out; fi
else echo "skip ncu (not found)"; fi
if command -v nsys >/dev/null; then
    nsys profile -q -t nvtx,cuda -o nsys-rep -f true ./tools >/dev/null 2>nsys.err
    nsys stats -q -r nvtx_sum nsys-rep.nsys-rep >nsys.out 2>&1 || nsys stats -r nvtxsum nsys-rep.nsys-rep >nsys.out 2>&1
    check "nsys NVTX ranges" nsys.out "tools.c:$L1 parallel loop" 'tools.c:[0-9]+ data' 'upload a\[0:n\]'
else echo "skip nsys (not found)"; fi

# 5. cuda-gdb: a breakpoint on a user line inside a kernel stops there
# once, with the line's variables in scope (-gpu=debug: nvcc -G; -g maps
# the kernels' own code to the .acc.cu, see codegen/cuda Options.Debug)
if command -v cuda-gdb >/dev/null; then
    cat >gd.c <<'C'
#include <stdio.h>
int main(void) {
    double a[256];
#pragma acc parallel loop copyout(a)
    for (int i = 0; i < 256; i++) {
        double v = i * 2.0;
        a[i] = v + 1;
    }
    printf("%g\n", a[255]);
    return 0;
}
C
    "$accc" -acc=gpu -gpu=debug -g -O0 -keep gd.c -o gd >gd.build 2>&1 || bad "cuda-gdb: build" gd.build
    timeout 120 cuda-gdb -batch -ex "break gd.c:7" -ex run -ex "print i" -ex "print v" -ex "print v == i * 2.0" ./gd >gdb.out 2>&1
    check "cuda-gdb: break gd.c:7 stops in the kernel, prints i and v" gdb.out \
        'Breakpoint 1.* main_4_gpu.* at .*gd\.c:7' '^\$1 = [0-9]+$' '^\$2 = [0-9.e+]+$' '^\$3 = (true|1)$'
else echo "skip cuda-gdb (not found)"; fi

echo "files in $w"
[ $fails = 0 ] && echo "tools.sh: all ok" || echo "tools.sh: $fails FAILED"
[ $fails = 0 ]
