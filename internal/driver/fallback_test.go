package driver_test

import (
	"os"
	"path/filepath"
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
	"acc/api_malloc_memcpy.c", "acc/api_update.c",
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
