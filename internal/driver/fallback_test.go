package driver_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
)

// fallbackPrograms are the run programs TestRunFallback builds with
// -acc=gpu,multicore: reductions, routines, async queues and waits, data
// regions and directives, if and self clauses, kernels constructs with
// host loops and versioned kernels, atomics, tiles, private arrays and
// the device type routines.
var fallbackPrograms = []string{
	"run/reduction_add.c", "run/reduction_arrays.c", "run/reduction_maxmin.c", "run/reduction_gang.c",
	"run/reduction_members.c", "run/kernels_reduce.c",
	"run/routine_levels.c", "run/routine_params.c", "run/routine_global.c", "run/routine_implicit_levels.c",
	"run/async_wait.c", "run/async_queues.c", "run/async_data_region.c", "run/enter_exit_async.c", "run/wait_devnum.c",
	"run/data_clauses.c", "run/data_if.c", "run/update_if_present.c", "run/declare_global_copyin.c",
	"run/declare_func_copy.c", "run/hostdata_deviceptr.c",
	"run/clause_if.c", "run/clause_self.c", "run/if_truth.c",
	"run/kernels_hostloop.c", "run/kernels_versioned.c", "run/atomic_update.c", "run/loop_tile.c",
	"run/private_array.c", "run/private_section.c", "run/seed_laplace.c", "run/jacobi_convergence.c",
	"run/device_type_switch.c", "run/goto_iteration.c",
	"acc/api_device_type.c", "acc/api_async.c", "acc/api_on_device.c", "acc/api_default_async.c",
	"acc/api_malloc_memcpy.c", "acc/api_update.c", "acc/routine_bind.c", "acc/routine_nohost_calls.c", "run/openmp_off.c",
}

// TestRunFallback builds run programs with -acc=gpu,multicore, one binary
// with the GPU and the multicore version of each compute construct, and
// runs each twice: as it starts (on the GPU where there is one, else on
// the multicore code) and with ACC_DEVICE_TYPE=multicore (the multicore
// code). Both runs must print NAME.out. Building needs nvcc; running on a
// machine without a GPU (and without the CUDA driver) is the fallback's
// own case.
func TestRunFallback(t *testing.T) {
	acctest.NeedCC(t)
	nvcc := acctest.NeedNVCC(t)
	t.Setenv("ACCC_NVCC", nvcc)
	accc := acctest.Accc(t)
	root := filepath.Join(acctest.RepoRoot(t), "testdata")
	for _, p := range fallbackPrograms {
		f := filepath.Join(root, p)
		if _, err := os.Stat(f); err != nil {
			t.Errorf("fallbackPrograms: %v", err)
			continue
		}
		t.Run(p, func(t *testing.T) {
			t.Parallel()
			r := acctest.ProgramRecipe(t, f)
			envs := [][]string{nil, {"ACC_DEVICE_TYPE=multicore"}}
			cpuKnownFailures.RunProgramEnvs(t, f, envs, []string{accc, "-acc=gpu,multicore", "-gpu=cc90", "-O2"}, r.Args...)
		})
	}
}

// fallbackDeviceType is a program whose output says where its compute
// construct ran: the device type at start, and whether the construct
// found itself on the host.
const fallbackDeviceType = `#include <openacc.h>
#include <stdio.h>
int main(void) {
    int on_host = 0;
#pragma acc parallel loop reduction(+:on_host)
    for (int i = 0; i < 64; i++)
        on_host += acc_on_device(acc_device_host);
    printf("type host: %d, construct on the host: %d\n", acc_get_device_type() == acc_device_host, on_host == 64);
    return 0;
}
`

// TestFallbackDeviceType checks that ACC_DEVICE_TYPE=multicore (and host)
// starts a -acc=gpu,multicore program on the host, whose compute
// constructs then run their multicore versions (OpenACC 3.4 §4.1,
// §3.2.2): acc_get_device_type() is acc_device_host, and NV_ACC_NOTIFY
// reports the multicore kernel (main_N_cpu) launched on the host. Where
// the program starts on the host without ACC_DEVICE_TYPE (no GPU), asking
// for the GPU (ACC_DEVICE_TYPE=nvidia) is an error, not the fallback.
func TestFallbackDeviceType(t *testing.T) {
	acctest.NeedCC(t)
	t.Setenv("ACCC_NVCC", acctest.NeedNVCC(t))
	accc := acctest.Accc(t)
	dir := t.TempDir()
	src, exe := filepath.Join(dir, "types.c"), filepath.Join(dir, "types")
	if err := os.WriteFile(src, []byte(fallbackDeviceType), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(accc, "-acc=gpu,multicore", "-gpu=cc90", src, "-o", exe).CombinedOutput(); err != nil {
		t.Fatalf("accc -acc=gpu,multicore: %v\n%s", err, out)
	}
	for _, typ := range []string{"multicore", "host", "MULTICORE"} {
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), "ACC_DEVICE_TYPE="+typ, "NV_ACC_NOTIFY=1")
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("ACC_DEVICE_TYPE=%s: %v\n%s", typ, err, stderr.String())
		}
		if want := "type host: 1, construct on the host: 1\n"; stdout.String() != want {
			t.Errorf("ACC_DEVICE_TYPE=%s: the program prints %q, want %q", typ, stdout.String(), want)
		}
		if !strings.Contains(stderr.String(), "launch host kernel") || !strings.Contains(stderr.String(), "kernel=main_5_cpu") {
			t.Errorf("ACC_DEVICE_TYPE=%s: NV_ACC_NOTIFY does not report the multicore kernel main_5_cpu on the host:\n%s", typ, stderr.String())
		}
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "ACC_DEVICE_TYPE=")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("without ACC_DEVICE_TYPE: %v", err)
	}
	if string(out) != "type host: 1, construct on the host: 1\n" {
		t.Skipf("the program starts on the GPU here (%q): ACC_DEVICE_TYPE=nvidia is not checked", out)
	}
	cmd = exec.Command(exe)
	cmd.Env = append(os.Environ(), "ACC_DEVICE_TYPE=nvidia")
	msg, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(msg), "no CUDA device available") {
		t.Errorf("ACC_DEVICE_TYPE=nvidia without a GPU: %v, want the error that there is no CUDA device; output:\n%s", err, msg)
	}
}
