#!/usr/bin/env bash
# install-cuda.sh: install NVIDIA's CUDA 13.0 compiler (nvcc) from PyPI into
# a project-local directory, so the nvcc tests run on machines without a CUDA
# toolkit (CI, laptops). Nothing is installed globally.
#
#   scripts/install-cuda.sh            install if needed; print nvcc's path on stdout
#   scripts/install-cuda.sh --force    reinstall from scratch
#   scripts/install-cuda.sh --check    print nvcc's path if installed, else exit 1
#
# Environment: ACCC_CUDA_DIR (default <repo>/.cache/cuda), PYTHON (default
# python3), and pip's own variables (PIP_INDEX_URL, ...).
#
# Result: $ACCC_CUDA_DIR/nvidia/cu13/bin/nvcc, usable as is:
#   nvcc -arch=sm_90 -c k.cu -o k.o && nvcc -arch=sm_90 k.o main.o -o prog
# Progress goes to stderr; stdout gets only nvcc's path.
set -euo pipefail

# Pinned to the toolkit of the GPU machines (CUDA 13.0: nvcc V13.0.88), so
# code that compiles here compiles there. All six are needed:
#   nvcc     nvcc, ptxas, cudafe++, fatbinary, nvlink, nvcc.profile
#   nvvm     cicc and libdevice (nvcc's front end)
#   crt      crt/host_config.h and the other crt/ headers
#   runtime  cuda_runtime.h and friends, libcudart_static.a, libcudart.so.13
#   cccl     include/cccl (<nv/target>, needed by cuda_fp16.h, cooperative_groups.h)
#   nvtx     include/nvtx3 (the GPU runtime's NVTX ranges, runtime/src/tools.cu)
PACKAGES=(
    nvidia-cuda-nvcc==13.0.88
    nvidia-nvvm==13.0.88
    nvidia-cuda-crt==13.0.88
    nvidia-cuda-runtime==13.0.88
    nvidia-cuda-cccl==13.0.85
    nvidia-nvtx==13.0.85
)

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dest=${ACCC_CUDA_DIR:-$root/.cache/cuda}
python=${PYTHON:-python3}
nvcc=$dest/nvidia/cu13/bin/nvcc
stamp=$dest/.accc-installed

log() { echo "install-cuda: $*" >&2; }
die() { log "error: $*"; exit 1; }

# installed: the stamp names exactly the pinned packages and nvcc runs.
installed() {
    [[ -f $stamp && "$(cat "$stamp")" == "${PACKAGES[*]}" && -x $nvcc ]] &&
        "$nvcc" --version >/dev/null 2>&1
}

force=false
case "${1:-}" in
"") ;;
--force) force=true ;;
--check) installed && { echo "$nvcc"; exit 0; }; exit 1 ;;
-h | --help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
*) die "unknown argument: $1 (try --help)" ;;
esac

# Fast path: nothing to do.
if ! $force && installed; then
    echo "$nvcc"
    exit 0
fi

# One installer at a time (two `make test` runs may start together).
mkdir -p "$(dirname "$dest")"
exec 9>"$dest.lock"
flock 9 2>/dev/null || true
if ! $force && installed; then # someone else just finished
    echo "$nvcc"
    exit 0
fi

"$python" -m pip --version >/dev/null 2>&1 ||
    die "'$python -m pip' does not work: install Python 3 with pip, or set PYTHON"

# Install into a fresh staging directory in ONE pip call (pip --target skips a
# package whose top-level dir, here nvidia/, already exists), fix it up, test
# it, and only then move it into place: an interrupted run leaves no half tree.
stage=$dest.tmp.$$
trap 'rm -rf "$stage"' EXIT
rm -rf "$stage"
start=$SECONDS
log "installing ${PACKAGES[*]} into $dest (about 110 MB download, 270 MB on disk)"
PIP_ROOT_USER_ACTION=ignore "$python" -m pip install \
    --quiet --disable-pip-version-check --no-warn-script-location \
    --no-deps --only-binary=:all: --target "$stage" "${PACKAGES[@]}" >&2 ||
    die "pip install failed (is PyPI reachable?)"

# Fix-ups for the wheel layout. nvcc.profile adds -L$TOP/lib64, but the wheels
# put the libraries in lib/, and ship only libcudart.so.13 (no libcudart.so
# for -cudart shared); relative symlinks keep the tree relocatable.
cu=$stage/nvidia/cu13
[[ -e $cu/lib64 ]] || ln -s lib "$cu/lib64"
[[ -e $cu/lib/libcudart.so ]] || ln -s libcudart.so.13 "$cu/lib/libcudart.so"

# Smoke test: compile a kernel with the runtime header, a warp shuffle and an
# atomic, then link it with a C object (static cudart, nvcc's default; nvcc
# compiles .c files with the host gcc).
t=$stage/.smoke
mkdir -p "$t"
cat >"$t/k.cu" <<'EOF'
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <nvtx3/nvToolsExt.h>
__global__ void k(float *s, const float *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? x[i] : 0.0f;
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(s, v);
}
extern "C" int launch(float *s, const float *x, int n) {
    nvtxRangePushA("smoke");
    k<<<(n + 127) / 128, 128>>>(s, x, n);
    nvtxRangePop();
    return (int)cudaGetLastError();
}
EOF
printf 'int launch(float *, const float *, int);\nint main(void) { return launch(0, 0, 0) != 0; }\n' >"$t/main.c"
"$cu/bin/nvcc" -arch=sm_90 -c "$t/k.cu" -o "$t/k.o" >&2 || die "smoke test: nvcc -c failed"
"$cu/bin/nvcc" -c "$t/main.c" -o "$t/main.o" >&2 || die "smoke test: nvcc -c main.c failed"
"$cu/bin/nvcc" -arch=sm_90 "$t/k.o" "$t/main.o" -o "$t/prog" -ldl >&2 || die "smoke test: nvcc link failed"
rm -rf "$t"

# Into place.
echo "${PACKAGES[*]}" >"$stage/.accc-installed"
rm -rf "$dest"
mv "$stage" "$dest"
trap - EXIT
log "done in $((SECONDS - start))s: $("$nvcc" --version | grep -o 'release .*')"
echo "$nvcc"
