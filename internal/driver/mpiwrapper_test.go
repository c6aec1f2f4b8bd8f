package driver_test

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
)

// MPI compiler wrappers run accc with their own options added: Open MPI's
// mpicc with OMPI_CC=accc, MPICH's and MVAPICH's with MPICH_CC=accc, Intel
// MPI's with I_MPI_CC=accc. These tests stand in for the MPI library with
// a small shared library, libfakempi.so, and build a program with each
// wrapper's options as `mpicc -showme` / `mpicc -show` prints them (paths
// replaced by the test's), for compile (-c) and link, on every target.

// wrapperFlags are the options of real wrappers; INC and LIB stand for the
// include and library directories.
var wrapperFlags = []struct {
	name          string
	compile, link string
	rpath         bool // the program finds the library without LD_LIBRARY_PATH
	static        bool // the library is linked in from libfakempi.a
}{
	// Open MPI 4.1 from Debian's packages (libopenmpi-dev).
	{"openmpi-debian", "-IINC -IINC/openmpi", "-IINC -IINC/openmpi -LLIB -lfakempi", false, false},
	// Open MPI built from source (--enable-wrapper-rpath, the default).
	{"openmpi-source", "-IINC -pthread",
		"-IINC -pthread -Wl,-rpath -Wl,LIB -Wl,--enable-new-dtags -LLIB -lfakempi", true, false},
	// MPICH from Debian's packages: the link adds its hardening flags.
	{"mpich-debian", "-IINC", "-Wl,-z,relro -IINC -LLIB -lfakempi", false, false},
	// MPICH or MVAPICH built from source: the -I comes after the user's options.
	{"mpich-source", "-IINC",
		"-IINC -LLIB -Wl,-rpath -Wl,LIB -Wl,--enable-new-dtags -lfakempi", true, false},
	// Intel MPI: -Xlinker forms and system libraries.
	{"intel-mpi", "-IINC",
		"-IINC -LLIB -Xlinker --enable-new-dtags -Xlinker -rpath -Xlinker LIB -lfakempi -lrt -lpthread " +
			"-Wl,-z,now -Wl,-z,relro -Wl,-z,noexecstack -Xlinker --enable-new-dtags -ldl", true, false},
	// Cray's compiler wrappers: a library inside -Wl, between --as-needed
	// and --no-as-needed, which must stay in place after the objects.
	{"cray", "-IINC", "-IINC -LLIB -Wl,-rpath,LIB -Wl,--as-needed,-lfakempi,--no-as-needed", true, false},
	// A static MPI library between -Bstatic and -Bdynamic: the linker
	// options must keep their place around the library.
	{"static", "-IINC", "-IINC -LLIB -Wl,-Bstatic -lfakempi -Wl,-Bdynamic", false, true},
}

// fakeMPI writes libfakempi.so and fakempi.h under dir and returns the
// include and library directories.
func fakeMPI(t *testing.T, cc, dir string) (inc, lib string) {
	t.Helper()
	inc, lib = filepath.Join(dir, "include"), filepath.Join(dir, "lib")
	for _, d := range []string{inc, lib} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeText(t, filepath.Join(inc, "fakempi.h"), "int fake_mpi_size(void);\n")
	// Open MPI's second include directory.
	writeText(t, filepath.Join(inc, "openmpi", "fakempi_types.h"), "typedef int fake_mpi_int;\n")
	src := filepath.Join(dir, "fakempi.c")
	writeText(t, src, "int fake_mpi_size(void) { return 3; }\n")
	if out, err := exec.Command(cc, "-shared", "-fPIC", src, "-o", filepath.Join(lib, "libfakempi.so")).CombinedOutput(); err != nil {
		t.Fatalf("building libfakempi.so: %v\n%s", err, out)
	}
	o := filepath.Join(dir, "fakempi.o")
	if out, err := exec.Command(cc, "-c", "-fPIC", src, "-o", o).CombinedOutput(); err != nil {
		t.Fatalf("building fakempi.o: %v\n%s", err, out)
	}
	if out, err := exec.Command("ar", "rcs", filepath.Join(lib, "libfakempi.a"), o).CombinedOutput(); err != nil {
		t.Fatalf("building libfakempi.a: %v\n%s", err, out)
	}
	return inc, lib
}

func writeText(t *testing.T, name, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// mpiProgram calls the library from host code around a compute region.
const mpiProgram = `#include <stdio.h>
#include "fakempi.h"
int main(void) {
    int n = fake_mpi_size(), a[8];
#pragma acc parallel loop copyout(a)
    for (int i = 0; i < 8; i++) a[i] = i * n;
    printf("%d %d\n", n, a[7]);
    return 0;
}
`

func expand(flags, inc, lib string) []string {
	return strings.Fields(strings.NewReplacer("INC", inc, "LIB", lib).Replace(flags))
}

// TestMPIWrapperFlags compiles (-c) and links a program with each
// wrapper's options, as the wrapper runs accc, and runs it on the CPU
// targets: the library is found through the wrapper's run path where it
// gives one (-Wl,-rpath or -Xlinker -rpath, as RUNPATH with
// --enable-new-dtags), else through LD_LIBRARY_PATH.
func TestMPIWrapperFlags(t *testing.T) {
	cc := acctest.NeedCC(t)
	accc := acctest.Accc(t)
	dir := t.TempDir()
	inc, lib := fakeMPI(t, cc, dir)
	src := filepath.Join(dir, "main.c")
	writeText(t, src, mpiProgram)
	for _, w := range wrapperFlags {
		for _, target := range []string{"emulate", "multicore", "host"} {
			t.Run(w.name+"/"+target, func(t *testing.T) {
				t.Parallel()
				work := t.TempDir()
				obj, exe := filepath.Join(work, "main.o"), filepath.Join(work, "main")
				args := append([]string{"-acc=" + target, "-O2", "-c", src, "-o", obj}, expand(w.compile, inc, lib)...)
				if out, err := exec.Command(accc, args...).CombinedOutput(); err != nil {
					t.Fatalf("accc %s: %v\n%s", strings.Join(args, " "), err, out)
				}
				args = append([]string{"-acc=" + target, "-O2", obj, "-o", exe}, expand(w.link, inc, lib)...)
				if out, err := exec.Command(accc, args...).CombinedOutput(); err != nil {
					t.Fatalf("accc %s: %v\n%s", strings.Join(args, " "), err, out)
				}
				run := exec.Command(exe)
				run.Env = append(os.Environ(), "LD_LIBRARY_PATH=")
				if !w.rpath && !w.static {
					run.Env = append(run.Env, "LD_LIBRARY_PATH="+lib)
				}
				out, err := run.CombinedOutput()
				if err != nil || string(out) != "3 21\n" {
					t.Fatalf("%s printed %q, %v; want \"3 21\\n\"", exe, out, err)
				}
				checkELF(t, exe, lib, w.rpath, w.static)
			})
		}
	}
}

// checkELF checks that exe needs libfakempi.so (or, static, does not) and,
// when the wrapper gives a run path, has it as RUNPATH
// (--enable-new-dtags) or RPATH.
func checkELF(t *testing.T, exe, lib string, rpath, static bool) {
	t.Helper()
	f, err := elf.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	needed, _ := f.ImportedLibraries()
	if slices.Contains(needed, "libfakempi.so") == static {
		t.Errorf("%s: needs %v; static library: %v", exe, needed, static)
	}
	if !rpath {
		return
	}
	runpath, _ := f.DynString(elf.DT_RUNPATH)
	old, _ := f.DynString(elf.DT_RPATH)
	if !slices.Contains(strings.Split(strings.Join(append(runpath, old...), ":"), ":"), lib) {
		t.Errorf("%s: RUNPATH %v, RPATH %v; want %s", exe, runpath, old, lib)
	}
}

// TestMPIWrapperFlagsGPU builds the program for the GPU with each
// wrapper's options: the link is the host compiler's, with the CUDA
// runtime, and must keep the wrapper's libraries and run path.
func TestMPIWrapperFlagsGPU(t *testing.T) {
	cc := acctest.NeedCC(t)
	nvcc := acctest.NeedNVCC(t)
	accc := acctest.Accc(t)
	t.Setenv("ACCC_NVCC", nvcc)
	dir := t.TempDir()
	inc, lib := fakeMPI(t, cc, dir)
	src := filepath.Join(dir, "main.c")
	writeText(t, src, mpiProgram)
	for _, w := range wrapperFlags {
		t.Run(w.name, func(t *testing.T) {
			work := t.TempDir()
			obj, exe := filepath.Join(work, "main.o"), filepath.Join(work, "main")
			args := append([]string{"-acc=gpu", "-O2", "-c", src, "-o", obj}, expand(w.compile, inc, lib)...)
			if out, err := exec.Command(accc, args...).CombinedOutput(); err != nil {
				t.Fatalf("accc %s: %v\n%s", strings.Join(args, " "), err, out)
			}
			args = append([]string{"-acc=gpu", "-O2", obj, "-o", exe}, expand(w.link, inc, lib)...)
			if out, err := exec.Command(accc, args...).CombinedOutput(); err != nil {
				t.Fatalf("accc %s: %v\n%s", strings.Join(args, " "), err, out)
			}
			checkELF(t, exe, lib, w.rpath, w.static)
		})
	}
}

// fakeWrappers are shell scripts that do what Open MPI's and MPICH's mpicc
// do with their compiler variable: run $OMPI_CC or $MPICH_CC (default gcc)
// with the user's arguments and the wrapper's options, the link options
// only when linking.
var fakeWrappers = map[string]string{
	"OMPI_CC": `#!/bin/sh
link=yes
for a in "$@"; do case $a in -c|-E|-S) link=no;; esac; done
if [ $link = yes ]; then exec ${OMPI_CC:-gcc} -IINC -pthread "$@" -Wl,-rpath -Wl,LIB -Wl,--enable-new-dtags -LLIB -lfakempi
else exec ${OMPI_CC:-gcc} -IINC -pthread "$@"; fi
`,
	"MPICH_CC": `#!/bin/sh
CC=${MPICH_CC:-gcc}
link=yes
for a in "$@"; do case $a in -c|-E|-S) link=no;; esac; done
if [ $link = yes ]; then exec $CC "$@" -IINC -LLIB -Wl,-rpath -Wl,LIB -Wl,--enable-new-dtags -lfakempi
else exec $CC "$@" -IINC; fi
`,
}

// TestMPIWrapperScripts builds the program as a Makefile does with
// CC=mpicc and OMPI_CC=accc (or MPICH_CC="accc -acc=emulate"): make
// exports CC=mpicc to the commands it runs, so accc, run by mpicc, must not
// take mpicc for its host compiler (that mpicc would run accc again).
func TestMPIWrapperScripts(t *testing.T) {
	cc := acctest.NeedCC(t)
	accc := acctest.Accc(t)
	dir := t.TempDir()
	inc, lib := fakeMPI(t, cc, dir)
	src := filepath.Join(dir, "main.c")
	writeText(t, src, mpiProgram)
	for v, script := range fakeWrappers {
		t.Run(v, func(t *testing.T) {
			work := t.TempDir()
			mpicc := filepath.Join(work, "mpicc")
			writeText(t, mpicc, strings.NewReplacer("INC", inc, "LIB", lib).Replace(script))
			if err := os.Chmod(mpicc, 0o755); err != nil {
				t.Fatal(err)
			}
			env := append(os.Environ(), "CC="+mpicc, v+"="+accc+" -acc=emulate")
			obj, exe := filepath.Join(work, "main.o"), filepath.Join(work, "main")
			for _, args := range [][]string{{"-O2", "-c", src, "-o", obj}, {"-O2", obj, "-o", exe}} {
				cmd := exec.Command(mpicc, args...)
				cmd.Env = env
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("%s=accc mpicc %s: %v\n%s", v, strings.Join(args, " "), err, out)
				}
			}
			out, err := exec.Command(exe).CombinedOutput()
			if err != nil || string(out) != "3 21\n" {
				t.Fatalf("%s printed %q, %v; want \"3 21\\n\"", exe, out, err)
			}
		})
	}
}

// TestNestedAccc: an accc run by a tool of another accc (a host compiler
// that leads back to accc) stops with an error instead of starting accc
// again at every level.
func TestNestedAccc(t *testing.T) {
	acctest.NeedCC(t)
	accc := acctest.Accc(t)
	dir := t.TempDir()
	loop := filepath.Join(dir, "cc-loop")
	writeText(t, loop, "#!/bin/sh\nexec "+accc+" \"$@\"\n")
	if err := os.Chmod(loop, 0o755); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "main.c")
	writeText(t, src, "int main(void) { return 0; }\n")
	cmd := exec.Command(accc, "-c", src, "-o", filepath.Join(dir, "main.o"))
	cmd.Env = append(os.Environ(), "CC="+loop)
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("accc with CC running accc succeeded:\n%s", out)
	}
	if want := "the host compiler leads back to accc"; !strings.Contains(string(out), want) {
		t.Errorf("got:\n%s\nwant a message containing %q", out, want)
	}
}
