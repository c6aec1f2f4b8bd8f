#!/usr/bin/env bash
# test.sh: the project's test command, run by `make test` (and so by CI).
#
#   scripts/test.sh [--short] [go test packages/flags...]   (default ./...)
#
# 1. Finds nvcc (ACCC_NVCC, PATH, CUDA_HOME, CUDA_PATH, /usr/local/cuda); if
#    there is none, installs the project-local CUDA 13.0 compiler from PyPI
#    (scripts/install-cuda.sh; skipped with --short, which only uses an
#    existing install) and exports it as ACCC_NVCC for the tests.
#    With CI=true a failed install is fatal: the nvcc tests must run there.
#    Likewise finds mpicc and mpirun, or installs Open MPI from the
#    distribution's packages (scripts/install-mpi.sh; not with --short), for
#    the MPI example's test; with CI=true a failed install is fatal.
# 2. Runs go test -json and prints plain go test output (ok/FAIL lines,
#    failed tests' output) plus a closing "tests: N passed, N failed, N
#    skipped" line (scripts/testsum.go). Exits non-zero if anything failed.
# 3. Runs the OpenACC V&V suite on the CPU targets when it is present (below).
#
# GOTESTFLAGS adds go test flags (e.g. GOTESTFLAGS='-race -count=1').
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

short=false
if [[ ${1:-} == --short ]]; then
    short=true
    shift
fi
pkgs=("$@")
[[ ${#pkgs[@]} -gt 0 ]] || pkgs=(./...)
ci=false
[[ ${CI:-} == true || ${CI:-} == 1 ]] && ci=true

# An explicit ACCC_NVCC must work: it is never silently replaced.
if [[ -n ${ACCC_NVCC:-} ]] && ! command -v "$ACCC_NVCC" >/dev/null; then
    echo "test: error: ACCC_NVCC=$ACCC_NVCC not found or not executable" >&2
    exit 1
fi

# find_nvcc: the same order as internal/driver.FindNVCC before its pip layouts.
find_nvcc() {
    [[ -n ${ACCC_NVCC:-} ]] && { command -v "$ACCC_NVCC"; return; }
    command -v nvcc && return
    local d
    for d in "${CUDA_HOME:-}" "${CUDA_PATH:-}" /usr/local/cuda; do
        [[ -n $d && -x $d/bin/nvcc ]] && { echo "$d/bin/nvcc"; return; }
    done
    return 1
}

if nvcc=$(find_nvcc) || nvcc=$(scripts/install-cuda.sh --check); then
    :
elif $short; then
    nvcc=""
    echo "test: no nvcc (make cuda installs one); nvcc tests will skip" >&2
elif nvcc=$(scripts/install-cuda.sh); then
    :
elif $ci; then
    echo "test: error: CI=true and the project-local nvcc could not be installed" >&2
    exit 1
else
    nvcc=""
    echo "test: warning: no nvcc and the install failed; nvcc tests will skip" >&2
fi
if [[ -n $nvcc ]]; then
    export ACCC_NVCC
    ACCC_NVCC=$(cd "$(dirname "$nvcc")" && pwd)/$(basename "$nvcc")
    echo "test: nvcc: $ACCC_NVCC ($("$ACCC_NVCC" --version | grep -o 'release [^,]*' || echo 'version unknown'))"
fi

# MPI for examples/mpi-jacobi's test (internal/driver TestMPIExample).
if mpicc=$(scripts/install-mpi.sh --check); then
    :
elif $short; then
    echo "test: no mpicc (scripts/install-mpi.sh installs Open MPI); the MPI tests will skip" >&2
elif mpicc=$(scripts/install-mpi.sh); then
    :
elif $ci; then
    echo "test: error: CI=true and Open MPI could not be installed" >&2
    exit 1
else
    echo "test: warning: no mpicc and the install failed; the MPI tests will skip" >&2
fi
[[ -n ${mpicc:-} ]] && echo "test: mpicc: $mpicc ($(mpirun --version 2>/dev/null | head -1))"

# The summariser, built once (go run would add an "exit status 1" line).
mkdir -p .cache/bin
go build -o .cache/bin/testsum scripts/testsum.go

short_flag=()
$short && short_flag=(-short)
# internal/driver builds and runs every program on each CPU target: on a
# 2-core machine that takes many minutes, and several times longer beside
# other work, so go test's default 10-minute limit per package is raised to
# 2 hours. It is only a backstop: each program's build and run has a limit
# of its own that grows with the load (internal/acctest.Limit), and a hang
# fails that test alone. ACCC_TEST_TIMEOUT_SCALE multiplies every limit
# (a slow machine, a race build); GOTESTFLAGS may set -timeout again.
scale=${ACCC_TEST_TIMEOUT_SCALE:-1}
if [[ ! $scale =~ ^([0-9]+\.?[0-9]*|\.[0-9]+)$ ]] ||
    ! timeout=$(awk -v s="$scale" 'BEGIN { if (!(s > 0 && s <= 1000)) exit 1; printf "%dm", int(120 * s + 0.999) }'); then
    echo "test: error: ACCC_TEST_TIMEOUT_SCALE=$scale: want a positive number such as 2 or 0.5" >&2
    exit 1
fi
# shellcheck disable=SC2086 # GOTESTFLAGS is a list of flags
go test -json -timeout "$timeout" "${short_flag[@]}" ${GOTESTFLAGS:-} "${pkgs[@]}" | .cache/bin/testsum

# 3. With the whole suite (no packages named, not --short), the OpenACC V&V
#    suite on the CPU targets when it is present: ACCC_VV, or
#    ../OpenACCV-V/Tests beside the checkout (the suite is never part of the
#    repository). scripts/conformance.sh fails a target below its floor.
if ! $short && [[ $# -eq 0 ]]; then
    vv=${ACCC_VV:-../OpenACCV-V/Tests}
    if [[ -d $vv ]]; then
        scripts/conformance.sh "$vv" emulate host
    else
        echo "conformance: skipped (no OpenACC V&V suite at $vv; set ACCC_VV to its Tests directory)"
    fi
fi
