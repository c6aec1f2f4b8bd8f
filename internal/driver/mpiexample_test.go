package driver_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/accc-compiler/accc/internal/acctest"
)

// TestMPIExample builds examples/mpi-jacobi with its Makefile (CC=mpicc,
// OMPI_CC=accc) for -acc=emulate and runs it with mpirun on 1 and 2 ranks,
// with each halo exchange (-H host: update self/device around
// MPI_Sendrecv; -H device: host_data use_device): every run checks its
// grid against a serial Jacobi (-c), and the checksums must be equal.
func TestMPIExample(t *testing.T) {
	acctest.NeedCC(t)
	mpi := acctest.NeedMPI(t)
	accc := acctest.Accc(t)
	root := acctest.RepoRoot(t)
	work := t.TempDir()
	for _, f := range []string{"Makefile", "jacobi_mpi.c"} {
		data, err := os.ReadFile(filepath.Join(root, "examples", "mpi-jacobi", f))
		if err != nil {
			t.Fatal(err)
		}
		writeText(t, filepath.Join(work, f), string(data))
	}
	build := exec.Command("make", "-s", "ACCC="+accc, "ACCFLAGS=-acc=emulate")
	build.Dir = work
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("make: %v\n%s", err, out)
	}

	checksum := regexp.MustCompile(`(?m)^checksum: (\S+)$`)
	var want string
	for _, run := range []struct{ np, halo string }{{"1", "host"}, {"2", "host"}, {"2", "device"}} {
		ctx, cancel := context.WithTimeout(context.Background(), acctest.Limit(t, 2*time.Minute))
		args := []string{"-np", run.np}
		if mpi.OpenMPI { // two ranks on a machine of fewer cores, as root in CI
			args = append(args, "--oversubscribe", "--allow-run-as-root")
		}
		args = append(args, "./jacobi_mpi", "-x", "66", "-y", "50", "-i", "150", "-c", "-H", run.halo)
		cmd := exec.CommandContext(ctx, mpi.Run, args...)
		cmd.Dir = work
		out, err := cmd.CombinedOutput()
		cancel()
		if err != nil {
			t.Fatalf("mpirun -np %s -H %s: %v\n%s", run.np, run.halo, err, out)
		}
		if !regexp.MustCompile(`(?m)^check: matches the serial Jacobi`).Match(out) {
			t.Errorf("mpirun -np %s -H %s: no match with the serial Jacobi:\n%s", run.np, run.halo, out)
		}
		m := checksum.FindSubmatch(out)
		if m == nil {
			t.Fatalf("mpirun -np %s -H %s printed no checksum:\n%s", run.np, run.halo, out)
		}
		if want == "" {
			want = string(m[1])
		} else if string(m[1]) != want {
			t.Errorf("mpirun -np %s -H %s: checksum %s, want %s (1 rank)", run.np, run.halo, m[1], want)
		}
	}
}
