package driver_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
)

// TestRunTimeTools builds a program with -acc=emulate and runs it under
// NV_ACC_NOTIFY=31 and NV_ACC_DEBUG=1: the region lines name each
// construct as the compiler's sites do (a compute construct is a compute
// region, data a data region, enter data and update by name, with
// line and function), and the debug trace names the directive. A
// declare at file scope is a region that ends where it starts: the
// trace of main is not inside it.
func TestRunTimeTools(t *testing.T) {
	acctest.NeedCC(t)
	dir := t.TempDir()
	writeFile(t, dir, "t.c", `#include <stdio.h>
static double g[4];
#pragma acc declare create(g)
int main(void) {
    static double a[64];
    double s = 0;
#pragma acc data copy(a)
    {
#pragma acc parallel loop
        for (int i = 0; i < 64; i++) a[i] = i;
#pragma acc serial
        a[0] = 1;
    }
#pragma acc enter data copyin(a)
#pragma acc update device(a[0:8])
#pragma acc kernels loop reduction(+:s) async(2)
    for (int i = 0; i < 64; i++) s += a[i];
#pragma acc wait(2)
#pragma acc exit data delete(a)
    printf("%g\n", s);
    return 0;
}
`)
	if _, stderr, status := accc(t, dir, "-acc=emulate", "-O1", "-o", "t", "t.c"); status != 0 {
		t.Fatalf("accc failed (%d):\n%s", status, stderr)
	}
	run := func(env string) string {
		t.Helper()
		cmd := exec.Command(filepath.Join(dir, "t"))
		cmd.Env = append(os.Environ(), env)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil || string(out) != "2017\n" {
			t.Fatalf("%s: %v, stdout %q\nstderr:\n%s", env, err, out, stderr.String())
		}
		return stderr.String()
	}
	got := run("NV_ACC_NOTIFY=31")
	for _, want := range []string{
		"Enter data region file=t.c line=3 device=0 threadid=1\n",
		"Leave data region t.c (file scope):3 device=0 threadid=1\nEnter data region file=t.c function=main line=7 ",
		"Enter data region file=t.c function=main line=7 device=0 threadid=1\n",
		"alloc  host data  devaddr=0x",
		"Enter compute region file=t.c function=main line=9 device=0 threadid=1\n",
		"launch host kernel  file=t.c function=main line=9 device=0 threadid=1 kernel=main_9_",
		"Leave compute region t.c main:9 device=0 threadid=1\n",
		"Enter compute region file=t.c function=main line=11 device=0 threadid=1\n",
		"Leave data region t.c main:7 device=0 threadid=1\n",
		"Enter enter data construct file=t.c function=main line=14 device=0 threadid=1\n",
		"Leave enter data t.c main:14 device=0 threadid=1\n",
		"Enter update construct file=t.c function=main line=15 device=0 threadid=1\n",
		"upload host data  file=t.c function=main line=15 device=0 threadid=1 variable=a[0:8] bytes=64\n",
		"Leave compute region t.c main:16 device=0 threadid=1\n",
		"Wait  file=t.c function=main line=18 device=0 threadid=1 queue=2\n",
		"Leave exit data t.c main:19 device=0 threadid=1\n",
		"delete host data  devaddr=0x",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("NV_ACC_NOTIFY=31: stderr lacks %q:\n%s", want, got)
		}
	}
	got = run("NVCOMPILER_ACC_DEBUG=1")
	for _, want := range []string{
		"ACC: leave declare file=t.c line=3 device=0 threadid=1 queue=acc_async_sync\nACC: enter data file=t.c function=main line=7 ",
		"ACC:   enter parallel loop file=t.c function=main line=9 ",
		"ACC:   enter serial file=t.c function=main line=11 ",
		"ACC: enter enter data file=t.c function=main line=14 ",
		"ACC: enter update file=t.c function=main line=15 ",
		"ACC: enter kernels loop file=t.c function=main line=16 device=0 threadid=1 queue=2\n",
		"ACC: wait queue=2 file=t.c function=main line=18 ",
		"ACC: enter exit data file=t.c function=main line=19 ",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("NV_ACC_DEBUG=1: stderr lacks %q:\n%s", want, got)
		}
	}
}
