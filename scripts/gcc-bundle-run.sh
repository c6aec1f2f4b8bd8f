#!/bin/bash
# run.sh of a GCC OpenACC bundle (scripts/gcc-offload.sh builds the bundle
# and copies this script into it): runs the bundle's programs with the
# libgomp and nvptx plugin carried in its lib/, on a machine without GCC's
# offload packages.
#
#   run.sh NAME [ARGS...]    run bin/NAME (a program of bench/programs)
#   run.sh --check           run the probe: exit 0 when libgomp found an
#                            NVIDIA device and a parallel region ran on it
#   run.sh --npb [B...]      run NPB's benchmarks (npb/, all or the Bs, e.g.
#                            CG FT) with an unlimited stack, each for at most
#                            $NPB_TIMEOUT seconds (default 1800), its output
#                            in $NPB_LOGS (default $TMPDIR or /tmp); one line
#                            each: bench, result, NPB's "Time in seconds"
#   run.sh --list            the programs
#
# ACC_DEVICE_TYPE is nvidia unless set: libgomp then stops with "device
# type nvidia not supported" where it would otherwise fall back to the host
# without a word (ACC_DEVICE_TYPE=host runs the host fallback on purpose).
# GOMP_DEBUG=1 shows libgomp loading the plugin and the plugin the driver's
# libcuda.so.1. Needs glibc at least the version MANIFEST names.
set -u
here=$(cd "$(dirname "$0")" && pwd)
export LD_LIBRARY_PATH=$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export ACC_DEVICE_TYPE=${ACC_DEVICE_TYPE:-nvidia}

need=$(awk '$1 == "glibc" {print $2}' "$here/MANIFEST" 2>/dev/null)
have=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{print $2}')
if [ -n "$need" ] && [ -n "$have" ] && [ "$(printf '%s\n%s\n' "$need" "$have" | sort -V | head -1)" != "$need" ]; then
    echo "run.sh: this machine's glibc is $have; the bundle needs $need" >&2
    exit 2
fi

case ${1:-} in
--check)
    o=$("$here/bin/probe" 2>&1)
    rc=$?
    echo "$o"
    if [ $rc = 0 ] && echo "$o" | grep -q '^on_nvidia 1'; then
        echo "run.sh: GCC's OpenACC runs on the GPU"
        exit 0
    fi
    echo "run.sh: the probe did not run on an NVIDIA GPU (rc $rc; GOMP_DEBUG=1 $0 --check shows why)" >&2
    exit 1
    ;;
--list)
    ls "$here/bin" | grep -vx probe
    [ -d "$here/npb" ] && ls "$here/npb"
    exit 0
    ;;
--npb)
    shift
    status=0
    printf '%-4s %-12s %s\n' bench result "time (s)"
    for x in "$here"/npb/*.x; do
        [ -e "$x" ] || { echo "run.sh: no NPB benchmarks in the bundle" >&2; exit 2; }
        bm=$(basename "$x" | cut -d. -f1 | tr a-z A-Z)
        [ $# = 0 ] || [[ " ${*^^} " == *" $bm "* ]] || continue
        log=${NPB_LOGS:-${TMPDIR:-/tmp}}/gcc-npb-$(basename "$x").log
        # SP and BT keep their work arrays on the stack (scripts/npb.sh).
        (ulimit -s unlimited 2>/dev/null || ulimit -s "$(ulimit -H -s)" 2>/dev/null
            exec timeout "${NPB_TIMEOUT:-1800}" "$x") >"$log" 2>&1
        rc=$?
        t=$(sed -n 's/^ *Time in seconds *= *//p' "$log" | head -1)
        if grep -qE '^ *Verification *= *SUCCESSFUL' "$log"; then res=SUCCESSFUL
        elif [ $rc = 124 ]; then res=TIMEOUT status=1
        elif grep -qE '^ *Verification *= *UNSUCCESSFUL' "$log"; then res=UNSUCCESSFUL status=1
        else res="FAIL(rc=$rc)" status=1; fi
        printf '%-4s %-12s %s\n' "$bm" "$res" "${t:--}"
        [ "$res" = SUCCESSFUL ] || echo "     log: $log"
    done
    exit $status
    ;;
'' | -*)
    sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'
    exit 2
    ;;
esac
name=$1
shift
[ -x "$here/bin/$name" ] || { echo "run.sh: no program $name in $here/bin" >&2; exit 2; }
exec "$here/bin/$name" "$@"
