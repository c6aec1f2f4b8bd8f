#!/bin/bash
# gcc-offload.sh: build the benchmark programs with GCC 12's OpenACC
# (nvptx offloading) and bundle them, with the libgomp they need, for a GPU
# machine that has no GCC offload compiler. docs/performance.md describes
# how the bundle feeds the GCC column of scripts/bench.sh.
#
#   scripts/gcc-offload.sh [options] [NAME...]   all programs, or the NAMEs
#
# It installs Debian's gcc-12-offload-nvptx where the offload compiler is
# missing (apt-get, through sudo when not root), builds every program of
# bench/programs (and, with --npb, NPB-ACC through its own Makefiles) with
#
#     gcc-12 -fopenacc -foffload=nvptx-none
#            -foffload-options=nvptx-none=-misa=sm_80
#            -foffload-options=nvptx-none=-lm -O2 SRC init.o -o NAME -lm
#
# where init.o initialises the device before main (acc_init in a
# constructor), as accc's runtime does: libgomp would otherwise create the
# CUDA context and load the program's code at its first construct, which
# laplace, gol and mm time (--no-early-init leaves it out);
# strips them and writes the bundle: a directory OUT/gcc-bundle and its
# tar.xz (--bundle FILE, default OUT/gcc-bundle.tar.xz), which holds
#   run.sh     runs a program with the carried libgomp (scripts/gcc-bundle-run.sh)
#   bin/NAME   the programs of bench/programs, and probe (run.sh --check)
#   npb/B.C.x  NPB-ACC's benchmarks of class C (with --npb)
#   lib/       libgomp.so.1 and its nvptx plugin libgomp-plugin-nvptx.so.1
#              (the plugin dlopens the driver's libcuda.so.1 at run time)
#   MANIFEST   the compiler, its flags, the packages and the glibc needed.
# The PTX that GCC's mkoffload puts in each program is JIT-compiled by the
# driver when the program starts. Where ptxas and nvlink are found (beside
# $ACCC_NVCC or $NVCC, on PATH, or scripts/install-cuda.sh's), each
# program's PTX modules are compiled for --check-arch (default sm_90) and
# linked, as the driver will. Finally the probe runs here through run.sh
# with ACC_DEVICE_TYPE=host (libgomp's host fallback) to check the bundle.
#
# On the GPU machine, with the bundle unpacked at DIR:
#   DIR/run.sh --check                    the probe ran on the GPU, or exit 1
#   scripts/bench.sh --gpu --gcc-bin DIR  the table with the GCC column
#   DIR/run.sh --npb                      NPB: verification and time
# Options:
#   --out DIR         the builds and the bundle (default /tmp/accc-gcc)
#   --bundle FILE     the tar.xz (default OUT/gcc-bundle.tar.xz)
#   --isa SM          GCC's -misa for the device code (default sm_80, the
#                     newest GCC 12 knows; the driver compiles it for the GPU)
#   --opt "FLAGS"     the optimisation flags (default -O2, as bench.sh --gcc)
#   --shared DIR      the shared benchmarks (as bench.sh's --shared)
#   --npb DIR         also build NPB-ACC (uhhpctools/openacc-npb) from DIR
#   --class C         NPB's class (default B)
#   --npb-benches "B..." the NPB benchmarks (default "EP CG FT MG LU SP BT")
#   --check-arch SM   the architecture of the PTX check (default sm_90)
#   --no-install      do not install the compiler (exit 2 when missing)
#   --no-early-init   build the programs without init.o
# Environment: GCC (default gcc-12), the compiler to use.
# Exits 1 when a program does not build or its PTX fails the check (the
# others are bundled), 2 when there is no usable compiler.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
gcc=${GCC:-gcc-12}
out=/tmp/accc-gcc bundle="" isa=sm_80 opt=-O2 shared=$root/../shared/bench
npb="" class=B npbbenches="EP CG FT MG LU SP BT" arch=sm_90 install=1 early=1 names=""
while [ $# -gt 0 ]; do
    case $1 in
    --out) out=$2; shift ;;
    --bundle) bundle=$2; shift ;;
    --isa) isa=$2; shift ;;
    --opt) opt=$2; shift ;;
    --shared) shared=$2; shift ;;
    --npb) npb=$2; shift ;;
    --class) class=$2; shift ;;
    --npb-benches) npbbenches=$2; shift ;;
    --check-arch) arch=$2; shift ;;
    --no-install) install=0 ;;
    --no-early-init) early=0 ;;
    -h | --help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "gcc-offload.sh: unknown option $1" >&2; exit 2 ;;
    *) names="$names $1" ;;
    esac
    shift
done
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)
[ -n "$bundle" ] || bundle=$out/gcc-bundle.tar.xz
shared=$(cd "$shared" 2>/dev/null && pwd)
flags="-fopenacc -foffload=nvptx-none -foffload-options=nvptx-none=-misa=$isa -foffload-options=nvptx-none=-lm"

# The probe: how many NVIDIA devices libgomp sees, and where a parallel
# region ran (acc_on_device is true in code running on that device type).
probe_c='#include <stdio.h>
#include <openacc.h>
int main(void) {
    int on = -1, n = acc_get_num_devices(acc_device_nvidia);
#pragma acc parallel num_gangs(1) copyout(on)
    on = acc_on_device(acc_device_nvidia);
    printf("nvidia devices %d\non_nvidia %d\n", n, on);
    return 0;
}'

# usable: the compiler builds an offloaded program.
usable() {
    command -v "$gcc" >/dev/null 2>&1 || return 1
    printf '%s\n' "$probe_c" >"$out/probe.c"
    # shellcheck disable=SC2086
    "$gcc" $flags -O2 "$out/probe.c" -o "$out/probe" >"$out/probe.build" 2>&1
}
if ! usable; then
    pkgs="gcc-12 gcc-12-offload-nvptx libgomp-plugin-nvptx1"
    if [ $install = 0 ] || [ "$gcc" != gcc-12 ] || ! command -v apt-get >/dev/null 2>&1; then
        echo "gcc-offload.sh: $gcc cannot build OpenACC for nvptx-none (see $out/probe.build); install Debian's or Ubuntu's $pkgs" >&2
        exit 2
    fi
    sudo=""
    if [ "$(id -u)" != 0 ]; then
        if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo -n"
        else
            echo "gcc-offload.sh: $gcc has no nvptx offload compiler and installing it needs root: run  sudo apt-get install $pkgs" >&2
            exit 2
        fi
    fi
    echo "gcc-offload.sh: installing $pkgs" >&2
    export DEBIAN_FRONTEND=noninteractive
    # shellcheck disable=SC2086
    $sudo apt-get install -y $pkgs >"$out/apt.log" 2>&1 ||
        { $sudo apt-get update >>"$out/apt.log" 2>&1 && $sudo apt-get install -y $pkgs >>"$out/apt.log" 2>&1; } ||
        { echo "gcc-offload.sh: apt-get install $pkgs failed (see $out/apt.log)" >&2; exit 2; }
    usable || { echo "gcc-offload.sh: $gcc still cannot build for nvptx-none:" >&2; cat "$out/probe.build" >&2; exit 2; }
fi

status=0
b=$out/gcc-bundle
rm -rf "$b"
mkdir -p "$b/bin" "$b/lib" "$out/build"

# init.o: the device initialised before main (acc_init, OpenACC §3.2.7),
# so that no program's timed part pays for it.
init=""
if [ $early = 1 ]; then
    printf '%s\n' '#include <openacc.h>' \
        '__attribute__((constructor)) static void gcc_bundle_init(void) { acc_init(acc_device_default); }' >"$out/init.c"
    # shellcheck disable=SC2086
    "$gcc" $flags -O2 -c "$out/init.c" -o "$out/init.o" || exit 2
    init=$out/init.o
fi

# The programs of bench/programs (as bench.sh reads them), built in parallel.
jobs=$out/jobs
: >"$jobs"
while read -r name acc _; do
    case $name in '' | '#'*) continue ;; esac
    [ -z "$names" ] || [[ " $names " == *" $name "* ]] || continue
    case $acc in
    @shared/*) [ -n "$shared" ] || { echo "gcc-offload.sh: $name: no shared directory, left out" >&2; continue; }
        acc=$shared/${acc#@shared/} ;;
    *) acc=$root/bench/$acc ;;
    esac
    [ -e "$acc" ] || { echo "gcc-offload.sh: $name: $acc missing, left out" >&2; continue; }
    echo "$name $acc" >>"$jobs"
done < <(sed 's/#.*//' "$root/bench/programs" | awk 'NF >= 6')
export gcc flags opt out init
# shellcheck disable=SC2016
xargs -P "$(nproc)" -L 1 bash -c '"$gcc" $flags $opt "$2" $init -o "$out/build/$1" -lm >"$out/build/$1.log" 2>&1 ||
    { echo "--- $1: build failed: $gcc $flags $opt $2 -lm" >&2; grep -v "warning" "$out/build/$1.log" | head -5 >&2; }' _ <"$jobs"
while read -r name _; do
    if [ -x "$out/build/$name" ]; then cp "$out/build/$name" "$b/bin/$name"; else status=1; fi
done <"$jobs"
cp "$out/probe" "$b/bin/probe"

# NPB-ACC through its own Makefiles (as scripts/npb.sh builds it with
# accc): the suite's gcc flags -O3 -mcmodel=medium, and -fgnu89-inline
# for EP's and MG's non-static inline functions.
if [ -n "$npb" ]; then
    npb=$(cd "$npb" 2>/dev/null && pwd) || { echo "gcc-offload.sh: no NPB-ACC checkout at $npb" >&2; exit 2; }
    mkdir -p "$b/npb"
    for bm in $npbbenches; do
        sub=$bm
        [ "$bm" = LU ] && sub=LU-HP
        d=$out/npb/$bm
        rm -rf "$d"
        mkdir -p "$out/npb"
        cp -r "$npb/$bm" "$d" || { status=1; continue; }
        find "$d" \( -name '*.o' -o -name '*.x' -o -name npbparams.h \) -exec rm -f {} +
        cf="$flags -O3 -mcmodel=medium -fgnu89-inline"
        exe=$d/$sub/$(echo "$bm" | tr A-Z a-z).$class.x
        if make -C "$d/$sub" -j"$(nproc)" CC="$gcc" CLINK="$gcc" UCC=cc CFLAGS="$cf" CLINKFLAGS="$cf" \
            CLASS="$class" >"$out/npb/$bm.build.log" 2>&1 && [ -x "$exe" ]; then
            cp "$exe" "$b/npb/"
        else
            echo "--- NPB $bm: build failed (see $out/npb/$bm.build.log)" >&2; status=1
        fi
    done
fi

# ptxcheck BINARY: compile its PTX modules for $arch and link them, as the
# driver's JIT will when the program starts.
ptxas="" nvlink=""
for c in "${ACCC_NVCC:-}" "${NVCC:-}" "$(command -v ptxas)" "$("$root/scripts/install-cuda.sh" --check 2>/dev/null)"; do
    [ -n "$c" ] || continue
    c=$(dirname "$c")
    [ -x "$c/ptxas" ] && [ -x "$c/nvlink" ] && { ptxas=$c/ptxas nvlink=$c/nvlink; break; }
done
ptxcheck() {
    local f=$1 d
    d=$(mktemp -d "$out/ptx.XXXXXX")
    python3 - "$f" "$d" <<'EOF' || return 1
import re, sys
data = open(sys.argv[1], "rb").read()
mods = re.findall(rb"// BEGIN PREAMBLE[^\0]*", data)
for i, m in enumerate(mods):
    open("%s/m%d.ptx" % (sys.argv[2], i), "wb").write(m)
sys.exit(0 if mods else 1)
EOF
    for p in "$d"/*.ptx; do
        "$ptxas" -c -arch="$arch" "$p" -o "${p%.ptx}.cubin" >>"$d/log" 2>&1 || return 1
    done
    "$nvlink" -arch="$arch" "$d"/*.cubin -o "$d/linked.cubin" >>"$d/log" 2>&1 || return 1
    rm -rf "$d"
}

strip "$b"/bin/* "$b"/npb/* 2>/dev/null
if [ -n "$ptxas" ] && command -v python3 >/dev/null 2>&1; then
    for f in "$b"/bin/* "$b"/npb/*; do
        [ -f "$f" ] || continue
        ptxcheck "$f" || { echo "--- $(basename "$f"): its PTX does not compile or link for $arch (kept in $out/ptx.*)" >&2; status=1; }
    done
    checked="the PTX of every program compiles and links for $arch with $ptxas"
else
    checked="PTX not checked (no ptxas and nvlink, or no python3)"
    echo "gcc-offload.sh: $checked" >&2
fi

# The libgomp the programs link and its nvptx plugin, which must come from
# the same GCC (libgomp dlopens the plugin by its soname).
gomp=$(ldd "$out/probe" | awk '$1 == "libgomp.so.1" {print $3}')
plugin=$(dirname "$gomp")/libgomp-plugin-nvptx.so.1
[ -f "$gomp" ] && [ -f "$plugin" ] ||
    { echo "gcc-offload.sh: libgomp.so.1 ($gomp) or its nvptx plugin ($plugin) not found" >&2; exit 2; }
cp -L "$gomp" "$plugin" "$b/lib/"
strip --strip-unneeded "$b"/lib/*
cp "$root/scripts/gcc-bundle-run.sh" "$b/run.sh"
chmod +x "$b/run.sh"

# The newest glibc symbol version anything in the bundle needs.
glibc=$(for f in "$b"/bin/* "$b"/npb/* "$b"/lib/*; do [ -f "$f" ] && objdump -T "$f"; done 2>/dev/null |
    grep -oE 'GLIBC_[0-9]+\.[0-9]+' | sed 's/GLIBC_//' | sort -uV | tail -1)
{
    echo "compiler $("$gcc" --version | head -1)"
    echo "flags $flags $opt$([ -n "$init" ] && echo ", the device initialised before main") (NPB: $flags -O3 -mcmodel=medium -fgnu89-inline, class $class)"
    echo "built $(date -u '+%Y-%m-%d %H:%M UTC') from $(git -C "$root" rev-parse --short HEAD 2>/dev/null) on $(. /etc/os-release 2>/dev/null; echo "${PRETTY_NAME:-unknown}")"
    command -v dpkg-query >/dev/null &&
        dpkg-query -W -f='package ${Package} ${Version}\n' gcc-12-offload-nvptx libgomp1 libgomp-plugin-nvptx1 2>/dev/null
    echo "glibc $glibc"
    echo "ptx $checked"
    echo "programs $(cd "$b/bin" && ls | grep -vx probe | tr '\n' ' ')"
    [ -d "$b/npb" ] && echo "npb $(cd "$b/npb" && ls | tr '\n' ' ')"
} >"$b/MANIFEST"

# The bundle runs here on libgomp's host fallback.
if ! ACC_DEVICE_TYPE=host "$b/run.sh" probe >"$out/probe.out" 2>&1 || ! grep -q '^on_nvidia 0' "$out/probe.out"; then
    echo "gcc-offload.sh: the bundle's probe did not run here:" >&2; cat "$out/probe.out" >&2; status=1
fi

mkdir -p "$(dirname "$bundle")"
tar -C "$out" -cJf "$bundle" gcc-bundle || exit 2
size=$(stat -c %s "$bundle")
echo "$bundle: $(awk -v s="$size" 'BEGIN {printf "%.2f MiB", s / 1048576}'), $(ls "$b/bin" | grep -vxc probe) programs$([ -d "$b/npb" ] && echo ", $(ls "$b/npb" | wc -l) NPB benchmarks"); needs glibc >= $glibc; $checked"
[ "$size" -le $((60 * 1048576)) ] || { echo "gcc-offload.sh: the bundle is over 60 MiB" >&2; status=1; }
exit $status
