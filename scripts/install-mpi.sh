#!/usr/bin/env bash
# install-mpi.sh: make sure an MPI (mpicc and mpirun) is there for the MPI
# example's test (examples/mpi-jacobi): when mpicc is not on PATH, install
# Open MPI from the distribution's packages (Debian or Ubuntu: openmpi-bin,
# libopenmpi-dev) with apt-get.
#
#   scripts/install-mpi.sh            install if needed; print mpicc's path on stdout
#   scripts/install-mpi.sh --check    print mpicc's path if there is one, else exit 1
#
# apt-get needs root (or sudo without a password); progress goes to stderr,
# quietly; stdout gets only mpicc's path. Exits 1 with a message saying what
# to install when it cannot install.
set -euo pipefail

PACKAGES=(openmpi-bin libopenmpi-dev)

log() { echo "install-mpi: $*" >&2; }
die() {
    log "error: $*"
    log "install an MPI with its compiler wrapper by hand (Debian/Ubuntu: apt-get install ${PACKAGES[*]}; Fedora: dnf install openmpi-devel); without it the MPI tests skip (outside CI)"
    exit 1
}

# found: mpicc and mpirun on PATH, and mpicc can show its options (Open
# MPI's -showme or MPICH's -show): a working wrapper.
found() {
    local cc
    cc=$(command -v mpicc) && command -v mpirun >/dev/null &&
        { "$cc" -showme >/dev/null 2>&1 || "$cc" -show >/dev/null 2>&1; } &&
        echo "$cc"
}

case "${1:-}" in
"") ;;
--check) found; exit ;;
-h | --help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
*) die "unknown argument: $1 (try --help)" ;;
esac

found && exit 0

command -v apt-get >/dev/null || die "no mpicc, and no apt-get to install Open MPI with"
sudo=()
if [[ $(id -u) -ne 0 ]]; then
    sudo -n true 2>/dev/null || die "no mpicc, and installing Open MPI needs root (or sudo without a password)"
    sudo=(sudo -n)
fi

# One installer at a time (dpkg's lock would make a second one fail).
exec 9>"${TMPDIR:-/tmp}/accc-install-mpi.lock"
flock 9 2>/dev/null || true
found && exit 0

log "installing Open MPI from the distribution's packages (${PACKAGES[*]})"
export DEBIAN_FRONTEND=noninteractive
apt_log=$(mktemp)
trap 'rm -f "$apt_log"' EXIT
# The package lists may be missing (a fresh container) or stale: update
# them when the packages are not known or the install fails once.
install() {
    "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >"$apt_log" 2>&1
}
if ! install; then
    "${sudo[@]}" apt-get update -qq >"$apt_log" 2>&1 || { cat "$apt_log" >&2; die "apt-get update failed"; }
    install || { tail -20 "$apt_log" >&2; die "apt-get install ${PACKAGES[*]} failed"; }
fi
found || die "Open MPI was installed but mpicc or mpirun does not work"
