package acctest

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeExe(t *testing.T, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"), 0o777); err != nil {
		t.Fatal(err)
	}
}

func TestFindNVCC(t *testing.T) {
	dir := t.TempDir()
	noPath := func(string) (string, error) { return "", errors.New("not found") }
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }

	// Nothing anywhere: the places looked at are listed.
	p, tried, err := findNVCC(getenv, noPath, dir)
	if p != "" || err != nil || len(tried) != 4 || tried[0] != "PATH" ||
		tried[3] != filepath.Join(dir, LocalNVCC) {
		t.Errorf("nothing: %q %q %v", p, tried, err)
	}

	// The project-local install is the last resort.
	local := filepath.Join(dir, LocalNVCC)
	writeExe(t, local)
	if p, _, _ := findNVCC(getenv, noPath, dir); p != local {
		t.Errorf("local: %q", p)
	}
	// $CUDA_PATH, then $CUDA_HOME, then PATH come before it.
	cudaPath := filepath.Join(dir, "cp")
	writeExe(t, filepath.Join(cudaPath, "bin", "nvcc"))
	env["CUDA_PATH"] = cudaPath
	if p, _, _ := findNVCC(getenv, noPath, dir); p != filepath.Join(cudaPath, "bin", "nvcc") {
		t.Errorf("CUDA_PATH: %q", p)
	}
	cudaHome := filepath.Join(dir, "ch")
	writeExe(t, filepath.Join(cudaHome, "bin", "nvcc"))
	env["CUDA_HOME"] = cudaHome
	if p, _, _ := findNVCC(getenv, noPath, dir); p != filepath.Join(cudaHome, "bin", "nvcc") {
		t.Errorf("CUDA_HOME: %q", p)
	}
	onPath := func(string) (string, error) { return "/usr/bin/nvcc", nil }
	if p, _, _ := findNVCC(getenv, onPath, dir); p != "/usr/bin/nvcc" {
		t.Errorf("PATH: %q", p)
	}
	// $ACCC_NVCC comes first, and must be right.
	explicit := filepath.Join(dir, "x", "nvcc")
	writeExe(t, explicit)
	env["ACCC_NVCC"] = explicit
	if p, _, _ := findNVCC(getenv, onPath, dir); p != explicit {
		t.Errorf("ACCC_NVCC: %q", p)
	}
	env["ACCC_NVCC"] = filepath.Join(dir, "nope")
	if _, _, err := findNVCC(getenv, onPath, dir); err == nil {
		t.Error("a bad $ACCC_NVCC is not an error")
	}
	// A file that is not executable does not count.
	os.Chmod(local, 0o644)
	delete(env, "ACCC_NVCC")
	delete(env, "CUDA_HOME")
	delete(env, "CUDA_PATH")
	if p, _, _ := findNVCC(getenv, noPath, dir); p != "" {
		t.Errorf("non-executable: %q", p)
	}
}

func TestMissingTool(t *testing.T) {
	t.Setenv("CI", "true")
	f := capture(t, func(tb testing.TB) { missingTool(tb, "no frob") })
	if !f.fatal || len(f.errs) != 1 || !strings.Contains(f.errs[0], "no frob (CI=true") {
		t.Errorf("in CI: %+v", f)
	}
	t.Setenv("CI", "")
	f = capture(t, func(tb testing.TB) { missingTool(tb, "no frob") })
	if f.fatal || f.skipped != "no frob" {
		t.Errorf("outside CI: %+v", f)
	}
}

func TestNeedGPU(t *testing.T) {
	t.Setenv("ACCC_TEST_GPU", "0")
	t.Setenv("CI", "true") // skips even in CI
	f := capture(t, func(tb testing.TB) { NeedGPU(tb) })
	if f.skipped == "" || len(f.errs) != 0 {
		t.Errorf("ACCC_TEST_GPU=0: %+v", f)
	}
	t.Setenv("ACCC_TEST_GPU", "maybe")
	f = capture(t, func(tb testing.TB) { NeedGPU(tb) })
	if !f.fatal {
		t.Errorf("ACCC_TEST_GPU=maybe: %+v", f)
	}
}

func TestCountGPUs(t *testing.T) {
	out := "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-0d3c)\n  MIG 1g.10gb Device 0: (UUID: MIG-x)\nGPU 1: NVIDIA H100 (UUID: GPU-1)\n"
	if n := countGPUs(out); n != 2 {
		t.Errorf("countGPUs = %d", n)
	}
	if n := countGPUs("No devices were found\n"); n != 0 {
		t.Errorf("countGPUs(none) = %d", n)
	}
}

func TestRepoRoot(t *testing.T) {
	root := RepoRoot(t)
	if _, err := os.Stat(filepath.Join(root, "internal", "acctest", "doc.go")); err != nil {
		t.Errorf("RepoRoot = %s: %v", root, err)
	}
}

func TestGoBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 1.22\n"), 0o666)
	os.MkdirAll(filepath.Join(dir, "cmd", "ok"), 0o777)
	os.WriteFile(filepath.Join(dir, "cmd", "ok", "main.go"), []byte("package main\nfunc main() {}\n"), 0o666)
	os.MkdirAll(filepath.Join(dir, "cmd", "bad"), 0o777)
	os.WriteFile(filepath.Join(dir, "cmd", "bad", "main.go"), []byte("package main\nfunc main() { undefined() }\n"), 0o666)
	t.Setenv("GOFLAGS", "-mod=mod")

	out := filepath.Join(dir, "ok.exe")
	if err := goBuild(dir, "./cmd/ok", out); err != nil {
		t.Fatal(err)
	}
	if !isExecutable(out) {
		t.Errorf("%s was not built", out)
	}
	err := goBuild(dir, "./cmd/bad", filepath.Join(dir, "bad.exe"))
	if err == nil || !strings.Contains(err.Error(), "undefined") {
		t.Errorf("bad build: %v", err)
	}
}

func TestAccc(t *testing.T) {
	if testing.Short() {
		t.Skip("builds accc")
	}
	matches, _ := filepath.Glob(filepath.Join(RepoRoot(t), "cmd", "accc", "*.go"))
	if len(matches) == 0 {
		t.Skip("cmd/accc has no Go files yet")
	}
	p := Accc(t)
	if !isExecutable(p) {
		t.Errorf("Accc() = %s, not an executable", p)
	}
	if p2 := Accc(t); p2 != p {
		t.Errorf("second Accc() = %s, want %s", p2, p)
	}
}

func TestMain(m *testing.M) { Main(m) }
