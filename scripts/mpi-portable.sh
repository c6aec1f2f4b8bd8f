#!/usr/bin/env bash
# mpi-portable.sh: prepare a relocatable Open MPI (mpirun and the libraries
# an MPI program needs at run time) in one folder, to carry to a machine that
# has no MPI and no network (the GPU machines): Debian's packages, unpacked
# with dpkg -x (nothing is installed), and an env.sh that points PATH,
# LD_LIBRARY_PATH and Open MPI's OPAL_PREFIX at the folder.
#
#   scripts/mpi-portable.sh [DIR]     (default <repo>/.cache/mpi-portable)
#
# Then, on the other machine, with DIR at the same or another place:
#   source DIR/env.sh && mpirun --allow-run-as-root -np 2 ./jacobi_mpi ...
# Programs are built here (OMPI_CC=accc mpicc, -acc=gpu builds without a
# GPU) and carried too: they need libmpi.so.40 from DIR and the GPU driver's
# libcuda there. The libraries need glibc 2.34 or newer (Debian 12, Ubuntu
# 22.04 and later). Packages come with apt-get download (no root needed).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=${1:-$root/.cache/mpi-portable}

# Open MPI's run-time packages and the libraries they load (found with ldd
# over every ELF file of openmpi-bin, libopenmpi3 and libpmix2), less those
# of every glibc system (libc6, libgcc-s1, libstdc++6, zlib1g).
PACKAGES=(openmpi-bin libopenmpi3 openmpi-common libpmix2 libhwloc15 libevent-core-2.1-7
    libevent-pthreads-2.1-7 libfabric1 libucx0 libpsm2-2 libpsm-infinipath1 librdmacm1 libibverbs1
    ibverbs-providers libnl-3-200 libnl-route-3-200 libmunge2 libnuma1 libatomic1 libudev1 libuuid1)

log() { echo "mpi-portable: $*" >&2; }
die() { log "error: $*"; exit 1; }
command -v apt-get >/dev/null && command -v dpkg >/dev/null || die "needs apt-get and dpkg (a Debian or Ubuntu machine)"

debs=$dir/debs
mkdir -p "$debs"
(
    cd "$debs"
    if ! apt-get download -qq "${PACKAGES[@]}" 2>/dev/null; then
        [[ $(id -u) -eq 0 ]] || die "apt-get download failed; run apt-get update (as root) and try again"
        apt-get update -qq
        apt-get download -qq "${PACKAGES[@]}"
    fi
)
rm -rf "$dir/root"
for d in "$debs"/*.deb; do dpkg -x "$d" "$dir/root"; done
rm -rf "$dir/root/usr/share/doc" "$dir/root/usr/share/man" "$debs"

arch=$(dpkg --print-architecture | sed 's/amd64/x86_64/; s/arm64/aarch64/')-linux-gnu
[[ -f $dir/root/usr/lib/$arch/libmpi.so.40 ]] || die "no libmpi.so.40 under $dir/root/usr/lib/$arch"
# Debian's mpirun is an alternatives link made at install time: make it here.
mkdir -p "$dir/bin"
for t in mpirun mpiexec; do ln -sf ../root/usr/bin/orterun "$dir/bin/$t"; done
ln -sf ../root/usr/bin/ompi_info "$dir/bin/ompi_info"

cat >"$dir/env.sh" <<EOF
# Source this file (bash): the relocatable Open MPI of scripts/mpi-portable.sh.
_d=\$(cd "\$(dirname "\${BASH_SOURCE[0]}")" && pwd)
export OPAL_PREFIX=\$_d/root/usr                       # Open MPI finds its components and help files here
export PMIX_INSTALL_PREFIX=\$_d/root/usr               # PMIx likewise
export PMIX_MCA_pcompress_base_silence_warning=1
export PATH=\$_d/bin:\$_d/root/usr/bin:\$PATH
export LD_LIBRARY_PATH=\$_d/root/usr/lib/$arch/openmpi/lib:\$_d/root/usr/lib/$arch:\$_d/root/lib/$arch\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}
# Open MPI 4.1's defaults that need a system install: no ssh for local
# ranks (plm rsh with a missing agent is fine), shared memory between ranks.
export OMPI_MCA_plm_rsh_agent=
unset _d
EOF
# The example built for the GPU here (nvcc needs no GPU), to run there.
accc=${ACCC:-$root/bin/accc}
[[ -x $accc ]] || make -C "$root" -s build
if command -v mpicc >/dev/null; then
    OMPI_CC=$accc MPICH_CC=$accc mpicc -acc=gpu -O2 -o "$dir/jacobi_mpi-gpu" "$root/examples/mpi-jacobi/jacobi_mpi.c" -lm ||
        log "warning: building examples/mpi-jacobi for -acc=gpu failed (no nvcc? make cuda installs one)"
else
    log "warning: no mpicc here (scripts/install-mpi.sh): examples/mpi-jacobi not built for the GPU"
fi
size=$(du -sm "$dir" | cut -f1)
log "Open MPI ready in $dir (${size} MiB): source $dir/env.sh"
echo "$dir"
