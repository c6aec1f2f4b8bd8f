package codegen_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/accc-compiler/accc/codegen/cuda"
	"github.com/accc-compiler/accc/codegen/host"
	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/acctest"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/lower"
)

func TestMain(m *testing.M) { acctest.Main(m) }

// TestGolden generates the files of each testdata/*.txtar program (section
// t.c) and compares them with the want/ sections: want/host-<target>.c
// for the host file of each CPU target and the GPU (and want/host-gpu-multicore.c
// for -acc=gpu,multicore's), want/kernels.cu for
// the CUDA file, want/diagnostics for what the compiler reported.
func TestGolden(t *testing.T) {
	acctest.NeedCC(t)
	files, _ := filepath.Glob("testdata/*.txtar")
	if len(files) == 0 {
		t.Fatal("no testdata/*.txtar")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			acctest.Golden(t, file, func(ar *txtar.Archive) map[string]string {
				return generate(t, ar)
			})
		})
	}
}

func generate(t *testing.T, ar *txtar.Archive) map[string]string {
	src, ok := acctest.Section(ar, "t.c")
	if !ok {
		t.Fatal("archive has no t.c")
	}
	fsys, err := acctest.ArchiveFS(ar)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	var diags diag.List
	u, err := frontend.LoadSource(&frontend.Config{FS: fsys}, "t.c", src, &diags)
	if err != nil {
		t.Fatalf("frontend: %v\n%v", err, diags.Sorted())
	}
	for _, target := range []string{"gpu", "multicore", "host", "emulate"} {
		var tdiags diag.List
		prog := lower.Build(u, lower.Options{Target: target, VerifyIR: true}, &tdiags)
		var b strings.Builder
		for _, d := range tdiags.Sorted() {
			b.WriteString(d.String() + "\n")
		}
		if target == "gpu" {
			out["diagnostics"] = b.String()
		}
		if tdiags.HasErrors() {
			continue
		}
		out["host-"+target+".c"] = string(host.Generate(prog, host.Options{Target: target}))
		if target == "gpu" {
			out["kernels.cu"] = string(cuda.Generate(prog, cuda.Options{}))
		}
	}
	// -acc=gpu,multicore: the GPU build's host file with the multicore
	// versions.
	var gd, md diag.List
	gpu := lower.Build(u, lower.Options{Target: "gpu", VerifyIR: true, OpenMPOff: true}, &gd)
	mc := lower.Build(u, lower.Options{Target: "multicore", VerifyIR: true, OpenMPOff: true}, &md)
	if !gd.HasErrors() && !md.HasErrors() {
		out["host-gpu-multicore.c"] = string(host.Generate(gpu, host.Options{Target: "gpu", Multicore: mc}))
	}
	return out
}
