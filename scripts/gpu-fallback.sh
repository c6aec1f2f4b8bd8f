#!/bin/bash
# GPU checks of -acc=gpu,multicore (issue 27 item 6): every testdata/run
# program built once with -acc=gpu,multicore must print NAME.out three
# times: on the GPU (NV_ACC_NOTIFY=1 reports CUDA launches), with
# ACC_DEVICE_TYPE=multicore and with no GPU visible (CUDA_VISIBLE_DEVICES
# empty), both on its multicore code (host launches, no CUDA kernel).
# Run from the worktree root on the GPU machine after `make build`
# (scripts/gpu-check.sh runs it). Prints one "ok NAME" or "FAIL NAME: how"
# line per program and a summary; exits 1 if one failed. PROGS="FILES"
# checks those instead.
set -u
ACCC=${ACCC:-$PWD/bin/accc}
T=$(mktemp -d)
export ACCC_CACHE_DIR=${ACCC_CACHE_DIR:-/tmp/accc-cache}
progs=${PROGS:-$(ls testdata/run/*.c)}
"$ACCC" -acc=gpu,multicore -O2 testdata/run/parallel_loop.c -o "$T/warm" -lm || exit 1
printf "%s\n" $progs | xargs -P "$(nproc)" -I{} sh -c \
    'b=$(basename {} .c); flags=$(sed -n "1s|^// run||p" {}); "$1" -acc=gpu,multicore -O2 $flags {} -o "$2/$b" -lm 2>"$2/$b.build" || touch "$2/$b.nobuild"' \
    _ "$ACCC" "$T"
pass=0 fail=0
for f in $progs; do
    b=$(basename "$f" .c) why=""
    env=$(sed -n 's|^// env: *||p' "$f" | tr '\n' ' ')
    if [ -e "$T/$b.nobuild" ]; then
        why="build: $(head -1 "$T/$b.build")"
    else
        for mode in gpu multicore novisible; do
            case $mode in
            gpu) set -- ;;
            multicore) set -- ACC_DEVICE_TYPE=multicore ;;
            novisible) set -- CUDA_VISIBLE_DEVICES= ;;
            esac
            if ! timeout 60 env $env NV_ACC_NOTIFY=1 "$@" "$T/$b" >"$T/$b.$mode.out" 2>"$T/$b.$mode.err" ||
                ! cmp -s "$T/$b.$mode.out" "${f%.c}.out"; then
                why="$why $mode: wrong output or status;"
            elif [ $mode = gpu ] && grep -q "launch host kernel" "$T/$b.$mode.err" &&
                ! grep -Eq 'device_type\((host|multicore)\)|acc_device_(host|multicore)' "$f"; then
                # (a program that makes the host its device runs host code)
                why="$why gpu: ran its multicore code;"
            elif [ $mode != gpu ] && grep -q "launch CUDA kernel" "$T/$b.$mode.err"; then
                why="$why $mode: launched a CUDA kernel;"
            fi
        done
    fi
    if [ -z "$why" ]; then pass=$((pass + 1)); echo "ok   $b"; else fail=$((fail + 1)); echo "FAIL $b:$why"; fi
done
echo "gpu,multicore: pass=$pass fail=$fail"
rm -rf "$T"
[ $fail -eq 0 ]
