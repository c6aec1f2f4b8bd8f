#!/usr/bin/env bash
# difftest-gpu.sh: a batch of generated programs on the GPU target, on a
# machine with an NVIDIA GPU and nvcc (accc finds nvcc as usual):
#
#   scripts/difftest-gpu.sh [-n 500] [-seed 1] [-j 16] [-findings dir] [accc-difftest flags...]
#
# Builds bin/accc and bin/accc-difftest when Go is there (else uses the
# binaries already in bin/), then compiles each program with accc -acc=gpu,
# runs it on the GPU and compares its output with the plain compiler's.
# Findings are saved and reduced under -findings (default
# difftest-findings-gpu). Exits 1 when any program failed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if command -v go >/dev/null; then
    go build -o bin/accc ./cmd/accc
    go build -o bin/accc-difftest ./cmd/accc-difftest
fi
for b in bin/accc bin/accc-difftest; do
    [[ -x $b ]] || { echo "difftest-gpu: $b missing (build it with Go first)" >&2; exit 2; }
done
jobs=$(nproc 2>/dev/null || echo 4)
exec bin/accc-difftest -targets gpu -j "$jobs" -findings difftest-findings-gpu -reduce "$@"
