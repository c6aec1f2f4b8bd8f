package driver

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

const nvcc130 = `nvcc: NVIDIA (R) Cuda compiler driver
Copyright (c) 2005-2025 NVIDIA Corporation
Built on Wed_Aug_20_01:58:59_PM_PDT_2025
Cuda compilation tools, release 13.0, V13.0.88
Build cuda_13.0.r13.0/compiler.36424714_0
`

func TestParseNVCCVersion(t *testing.T) {
	tests := []struct {
		name, out, release, full string
	}{
		{"13.0", nvcc130, "13.0", "13.0.88"},
		{"12.4", "Cuda compilation tools, release 12.4, V12.4.131\nBuild cuda_12.4.r12.4/compiler.34097967_0\n", "12.4", "12.4.131"},
		{"no V part", "Cuda compilation tools, release 11.8\n", "11.8", "11.8"},
		{"not nvcc", "gcc (Debian 12.2.0-14) 12.2.0\n", "", ""},
		{"empty", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rel, full := parseNVCCVersion(tt.out)
			if rel != tt.release || full != tt.full {
				t.Errorf("parseNVCCVersion = %q, %q; want %q, %q", rel, full, tt.release, tt.full)
			}
		})
	}
}

func TestParseCCVersion(t *testing.T) {
	const fsf = "\nCopyright (C) 2022 Free Software Foundation, Inc.\n"
	tests := []struct{ name, out, want string }{
		{"debian gcc", "gcc (Debian 12.2.0-14+deb12u1) 12.2.0" + fsf, "gcc 12.2.0"},
		{"debian cc", "cc (Debian 12.2.0-14+deb12u1) 12.2.0" + fsf, "gcc 12.2.0"},
		{"ubuntu gcc-13", "gcc-13 (Ubuntu 13.3.0-6ubuntu2~24.04.1) 13.3.0" + fsf, "gcc 13.3.0"},
		{"fedora gcc", "gcc (GCC) 14.2.1 20240912 (Red Hat 14.2.1-3)" + fsf, "gcc 14.2.1"},
		{"clang", "clang version 16.0.6\nTarget: x86_64-pc-linux-gnu\n", "clang 16.0.6"},
		{"ubuntu clang", "Ubuntu clang version 14.0.0-1ubuntu1.1\nTarget: x86_64-pc-linux-gnu\n", "clang 14.0.0"},
		{"apple clang", "Apple clang version 15.0.0 (clang-1500.3.9.4)\nTarget: arm64-apple-darwin23\n", "clang 15.0.0"},
		{"other", "tcc version 0.9.27 (x86_64 Linux)\n", "tcc version 0.9.27 (x86_64 Linux)"},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := parseCCVersion(tt.out); got != tt.want {
				t.Errorf("parseCCVersion = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestParseGPUList(t *testing.T) {
	tests := []struct {
		name, out string
		want      []string
	}{
		{"one", "GPU 0: NVIDIA H200 (UUID: GPU-004aac95-a5b9-6746-d15d-dff93aa9ecc9)\n", []string{"NVIDIA H200"}},
		{"two", "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-1)\nGPU 1: NVIDIA H100 80GB HBM3 (UUID: GPU-2)\n",
			[]string{"NVIDIA H100 80GB HBM3", "NVIDIA H100 80GB HBM3"}},
		{"mig", "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-1)\n  MIG 1g.10gb     Device  0: (UUID: MIG-2)\n",
			[]string{"NVIDIA H100 80GB HBM3"}},
		{"no uuid", "GPU 0: Tesla V100-SXM2-16GB\n", []string{"Tesla V100-SXM2-16GB"}},
		{"no devices", "No devices were found\n", nil},
		{"empty", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := parseGPUList(tt.out); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("parseGPUList = %q, want %q", got, tt.want)
			}
		})
	}
}

// fakeTool writes an executable shell script at dir/rel that prints out.
func fakeTool(t *testing.T, dir, rel, out string) string {
	t.Helper()
	p := filepath.Join(dir, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	// Builtins only: the tests run with PATH pointing at a bare directory.
	script := "#!/bin/sh\nwhile IFS= read -r l; do printf '%s\\n' \"$l\"; done <<'EOF'\n" + out + "EOF\n"
	if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// projectTool installs a fake nvcc where scripts/install-cuda.sh puts it for
// the accc of isolate (root/repo/bin/accc), with the installer's stamp.
func projectTool(t *testing.T, root string) string {
	t.Helper()
	touch(t, root, "repo/.cache/cuda/"+installStamp)
	return fakeTool(t, root, "repo/.cache/cuda/nvidia/cu13/bin/nvcc", nvcc130)
}

// touch creates an empty file at dir/rel.
func touch(t *testing.T, dir, rel string) {
	t.Helper()
	p := filepath.Join(dir, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, nil, 0o644); err != nil {
		t.Fatal(err)
	}
}

// isolate clears every variable the search reads, points PATH at an empty
// directory, and redirects the default toolkit and accc's own location into
// root, so only what a test creates can be found.
func isolate(t *testing.T, root string) {
	t.Helper()
	for _, v := range []string{"ACCC_NVCC", "CUDA_HOME", "CUDA_PATH", "ACCC_CUDA_WHEELS", "VIRTUAL_ENV", "CC"} {
		t.Setenv(v, "")
	}
	path := filepath.Join(root, "path")
	if err := os.MkdirAll(path, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", path)
	oldHome, oldSelf := defaultCUDAHome, selfExecutable
	t.Cleanup(func() { defaultCUDAHome, selfExecutable = oldHome, oldSelf })
	defaultCUDAHome = filepath.Join(root, "usr-local-cuda")
	self := filepath.Join(root, "repo", "bin", "accc")
	selfExecutable = func() (string, error) { return self, nil }
}

func TestFindNVCCOrder(t *testing.T) {
	// Each place FindNVCC looks, in its order, and how to put a fake nvcc there.
	type place struct {
		from  string
		setup func(t *testing.T, root string) // creates a fake nvcc there
	}
	places := []place{
		{"ACCC_NVCC", func(t *testing.T, root string) {
			t.Setenv("ACCC_NVCC", fakeTool(t, root, "explicit/nvcc", nvcc130))
		}},
		{"PATH", func(t *testing.T, root string) { fakeTool(t, root, "path/nvcc", nvcc130) }},
		{"CUDA_HOME", func(t *testing.T, root string) {
			fakeTool(t, root, "cuda-home/bin/nvcc", nvcc130)
			t.Setenv("CUDA_HOME", filepath.Join(root, "cuda-home"))
		}},
		{"CUDA_PATH", func(t *testing.T, root string) {
			fakeTool(t, root, "cuda-path/bin/nvcc", nvcc130)
			t.Setenv("CUDA_PATH", filepath.Join(root, "cuda-path"))
		}},
		{"/usr/local/cuda", func(t *testing.T, root string) {
			fakeTool(t, root, "usr-local-cuda/bin/nvcc", nvcc130)
			defaultCUDAHome = filepath.Join(root, "usr-local-cuda")
		}},
		{"ACCC_CUDA_WHEELS", func(t *testing.T, root string) {
			fakeTool(t, root, "wheels/nvidia/cu13/bin/nvcc", nvcc130)
			t.Setenv("ACCC_CUDA_WHEELS", filepath.Join(root, "wheels"))
		}},
		{"VIRTUAL_ENV", func(t *testing.T, root string) {
			fakeTool(t, root, "venv/lib/python3.11/site-packages/nvidia/cu13/bin/nvcc", nvcc130)
			t.Setenv("VIRTUAL_ENV", filepath.Join(root, "venv"))
		}},
		{"project", func(t *testing.T, root string) { projectTool(t, root) }},
	}
	// Place a fake nvcc at places[i:] for each i: the first one must win.
	for i := range places {
		t.Run(places[i].from, func(t *testing.T) {
			root := t.TempDir()
			isolate(t, root)
			for _, p := range places[i:] {
				p.setup(t, root)
			}
			from, path, err := findNVCC()
			if err != nil {
				t.Fatalf("findNVCC: %v", err)
			}
			if from != places[i].from {
				t.Errorf("found %s through %s, want %s", path, from, places[i].from)
			}
			if !filepath.IsAbs(path) {
				t.Errorf("path %q is not absolute", path)
			}
		})
	}
	t.Run("wheels dir is cu13 itself", func(t *testing.T) {
		root := t.TempDir()
		isolate(t, root)
		want := fakeTool(t, root, "cu13/bin/nvcc", nvcc130)
		t.Setenv("ACCC_CUDA_WHEELS", filepath.Join(root, "cu13"))
		if got, err := FindNVCC(); err != nil || got != want {
			t.Errorf("FindNVCC = %q, %v; want %q", got, err, want)
		}
	})
	t.Run("CUDA_HOME without nvcc falls through", func(t *testing.T) {
		root := t.TempDir()
		isolate(t, root)
		t.Setenv("CUDA_HOME", filepath.Join(root, "empty"))
		want := fakeTool(t, root, "usr-local-cuda/bin/nvcc", nvcc130)
		if got, err := FindNVCC(); err != nil || got != want {
			t.Errorf("FindNVCC = %q, %v; want %q", got, err, want)
		}
	})
}

func TestFindNVCCErrors(t *testing.T) {
	tests := []struct {
		name    string
		setup   func(t *testing.T, root string)
		wantErr string // substring; "" means ErrNoNVCC
	}{
		{"nothing anywhere", func(t *testing.T, root string) {}, ""},
		{"not executable", func(t *testing.T, root string) {
			touch(t, root, "path/nvcc")
			touch(t, root, "usr-local-cuda/bin/nvcc")
		}, ""},
		{"directory named nvcc", func(t *testing.T, root string) {
			os.MkdirAll(filepath.Join(root, "path", "nvcc"), 0o755)
		}, ""},
		{"ACCC_NVCC missing", func(t *testing.T, root string) {
			fakeTool(t, root, "path/nvcc", nvcc130) // must not be used instead
			t.Setenv("ACCC_NVCC", filepath.Join(root, "nope", "nvcc"))
		}, "ACCC_NVCC="},
		{"ACCC_NVCC name not on PATH", func(t *testing.T, root string) {
			t.Setenv("ACCC_NVCC", "nvcc-13")
		}, "ACCC_NVCC=nvcc-13"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			isolate(t, root)
			tt.setup(t, root)
			p, err := FindNVCC()
			switch {
			case err == nil:
				t.Fatalf("FindNVCC = %q, want an error", p)
			case tt.wantErr == "" && !errors.Is(err, ErrNoNVCC):
				t.Errorf("err = %v, want ErrNoNVCC", err)
			case tt.wantErr != "" && !strings.Contains(err.Error(), tt.wantErr):
				t.Errorf("err = %v, want it to mention %q", err, tt.wantErr)
			}
		})
	}
	if want := "nvcc not found: install the CUDA toolkit, set CUDA_HOME, or use -acc=multicore"; ErrNoNVCC.Error() != want {
		t.Errorf("ErrNoNVCC = %q, want %q", ErrNoNVCC, want)
	}
}

func TestACCCNVCCByName(t *testing.T) {
	root := t.TempDir()
	isolate(t, root)
	want := fakeTool(t, root, "path/nvcc-13", nvcc130)
	t.Setenv("ACCC_NVCC", "nvcc-13")
	if got, err := FindNVCC(); err != nil || got != want {
		t.Errorf("FindNVCC = %q, %v; want %q", got, err, want)
	}
}

func TestDiscoverNVCCLayout(t *testing.T) {
	const cc = "gcc (Debian 12.2.0-14+deb12u1) 12.2.0\nCopyright (C) 2022 Free Software Foundation, Inc.\n"
	tests := []struct {
		name       string
		files      []string // under the toolkit root
		wantLibDir string   // relative to the toolkit root
		wantArgs   []string // with {} for the toolkit root
	}{
		{"full toolkit", []string{"targets/x86_64-linux/lib/libcudart_static.a", "lib64/libcudart_static.a"}, "lib64", nil},
		{"pip wheels as installed", []string{"lib/libcudart_static.a", "lib/libcudart.so.13"}, "lib", []string{"-L{}/lib"}},
		{"pip wheels fixed by install-cuda.sh", []string{"lib/libcudart_static.a", "lib64/libcudart_static.a"}, "lib64", nil},
		{"no cudart", nil, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			isolate(t, root)
			fakeTool(t, root, "path/cc", cc)
			home := filepath.Join(root, "wheels", "nvidia", "cu13")
			fakeTool(t, home, "bin/nvcc", nvcc130)
			for _, f := range tt.files {
				touch(t, home, f)
			}
			t.Setenv("ACCC_CUDA_WHEELS", filepath.Join(root, "wheels"))
			tc, err := Discover(true)
			if err != nil {
				t.Fatalf("Discover: %v", err)
			}
			var wantLib string
			if tt.wantLibDir != "" {
				wantLib = filepath.Join(home, tt.wantLibDir)
			}
			var wantArgs []string
			for _, a := range tt.wantArgs {
				wantArgs = append(wantArgs, strings.ReplaceAll(a, "{}", home))
			}
			want := Toolchain{
				CC: filepath.Join(root, "path", "cc"), CCVersion: "gcc 12.2.0",
				NVCC: filepath.Join(home, "bin", "nvcc"), NVCCVersion: "13.0", NVCCFullVersion: "13.0.88",
				NVCCFrom: "ACCC_CUDA_WHEELS", CUDAHome: home, CUDALibDir: wantLib, NVCCArgs: wantArgs,
			}
			if !reflect.DeepEqual(*tc, want) {
				t.Errorf("Discover =\n%+v\nwant\n%+v", *tc, want)
			}
		})
	}
}

func TestDiscoverNotNVCC(t *testing.T) {
	root := t.TempDir()
	isolate(t, root)
	fakeTool(t, root, "path/cc", "cc (Debian 12.2.0-14) 12.2.0\n")
	t.Setenv("ACCC_NVCC", fakeTool(t, root, "bin/nvcc", "hello\n"))
	if _, err := Discover(true); err == nil || !strings.Contains(err.Error(), "is not nvcc") {
		t.Errorf("Discover with a fake that is not nvcc: err = %v", err)
	}
	if tc, err := Discover(false); err != nil || tc.NVCC != "" {
		t.Errorf("Discover(false) = %+v, %v; want no nvcc and no error", tc, err)
	}
}

func TestFindCC(t *testing.T) {
	tests := []struct {
		name    string
		tools   []string // fakes created in the PATH dir
		cc      string   // $CC
		self    string   // the name of the fake that is "accc itself"
		want    string   // the name found in the PATH dir
		args    []string // the words after it
		wantErr string
	}{
		{"cc first", []string{"cc", "gcc"}, "", "", "cc", nil, ""},
		{"gcc fallback", []string{"gcc"}, "", "", "gcc", nil, ""},
		{"CC wins", []string{"cc", "gcc", "clang"}, "clang", "", "clang", nil, ""},
		// $CC is a command, split as make's shell splits it.
		{"CC with an option", []string{"cc", "clang"}, "clang -std=c11", "", "clang", []string{"-std=c11"}, ""},
		{"CC with a launcher", []string{"cc", "ccache", "gcc"}, " ccache\tgcc  -m64 ", "", "ccache", []string{"gcc", "-m64"}, ""},
		{"CC with quotes", []string{"cc", "gcc"}, `gcc '-DS=a b' "-DT=\"x\"" -DU=c\ d`, "", "gcc", []string{"-DS=a b", `-DT="x"`, "-DU=c d"}, ""},
		{"CC with an open quote", []string{"cc", "gcc"}, "gcc '-DS=a", "", "", nil, "unterminated quote"},
		{"CC missing is an error", []string{"cc", "gcc"}, "icx", "", "", nil, "CC=icx"},
		{"CC launcher missing is an error", []string{"cc", "gcc"}, "ccache gcc", "", "", nil, "CC=ccache gcc"},
		{"CC is accc itself", []string{"cc", "accc"}, "accc", "accc", "cc", nil, ""},
		{"none", nil, "", "", "", nil, "no C compiler found"},
		// `make CC=mpicc` exports CC=mpicc to the mpicc that runs accc
		// (OMPI_CC=accc): taking it would run accc again without end.
		{"CC is Open MPI's mpicc running accc", []string{"cc", "accc", "mpicc"}, "mpicc", "accc", "cc", nil, ""},
		{"CC is MPICH's mpicc running accc", []string{"gcc", "accc", "mpicc"}, "mpicc", "accc", "gcc", nil, ""},
		{"CC is Intel MPI's mpiicc running accc", []string{"cc", "accc", "mpiicc"}, "mpiicc", "accc", "cc", nil, ""},
		// A wrapper that runs another compiler is a host compiler.
		{"CC is mpicc running gcc", []string{"cc", "gcc", "accc", "mpicc"}, "mpicc", "accc", "mpicc", nil, ""},
	}
	wrapperVar := map[string]string{ // the variable each MPI case sets, and its value
		"CC is Open MPI's mpicc running accc":   "OMPI_CC=accc",
		"CC is MPICH's mpicc running accc":      "MPICH_CC=accc -acc=gpu",
		"CC is Intel MPI's mpiicc running accc": "I_MPI_CC=accc",
		"CC is mpicc running gcc":               "OMPI_CC=gcc",
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			isolate(t, root)
			for _, v := range mpiCompilerVars {
				t.Setenv(v, "")
			}
			if kv, ok := wrapperVar[tt.name]; ok {
				k, v, _ := strings.Cut(kv, "=")
				t.Setenv(k, v)
			}
			for _, n := range tt.tools {
				fakeTool(t, root, "path/"+n, "")
			}
			t.Setenv("CC", tt.cc)
			if tt.self != "" {
				self := filepath.Join(root, "path", tt.self)
				selfExecutable = func() (string, error) { return self, nil }
			}
			got, err := FindCC()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("FindCC = %q, %v; want error containing %q", got, err, tt.wantErr)
				}
				return
			}
			want := append([]string{filepath.Join(root, "path", tt.want)}, tt.args...)
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("FindCC = %q, %v; want %q", got, err, want)
			}
		})
	}
}

func TestGPUs(t *testing.T) {
	root := t.TempDir()
	isolate(t, root)
	if got := GPUs(); got != nil {
		t.Errorf("GPUs without nvidia-smi = %q, want nil", got)
	}
	p := filepath.Join(root, "path", "nvidia-smi")
	os.WriteFile(p, []byte(`#!/bin/sh
case "$1" in
--query-gpu=name,compute_cap) echo 'NVIDIA H200, 9.0'; echo 'NVIDIA A100-SXM4-80GB, 8.0' ;;
-L) echo 'GPU 0: NVIDIA H200 (UUID: GPU-004aac95)' ;;
*) exit 2 ;;
esac
`), 0o755)
	want := []GPU{{"NVIDIA H200", "9.0"}, {"NVIDIA A100-SXM4-80GB", "8.0"}}
	if got := GPUs(); !reflect.DeepEqual(got, want) {
		t.Errorf("GPUs = %q, want %q", got, want)
	}
	// A driver without the compute_cap field: the names of nvidia-smi -L.
	os.WriteFile(p, []byte(`#!/bin/sh
case "$1" in
-L) echo 'GPU 0: Tesla V100-SXM2-16GB (UUID: GPU-1)' ;;
*) echo 'Field "compute_cap" is not a valid field to query.'; exit 2 ;;
esac
`), 0o755)
	if got, want := GPUs(), []GPU{{Name: "Tesla V100-SXM2-16GB"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("GPUs with an old driver = %q, want %q", got, want)
	}
	// A failing nvidia-smi (driver not loaded) means no GPUs.
	os.WriteFile(p, []byte("#!/bin/sh\necho 'NVIDIA-SMI has failed'\nexit 9\n"), 0o755)
	if got, why := queryGPUs(); got != nil || why != "nvidia-smi: NVIDIA-SMI has failed" {
		t.Errorf("queryGPUs with a failing nvidia-smi = %q, %q; want nil and the reason", got, why)
	}
}

func TestParseGPUQuery(t *testing.T) {
	tests := []struct {
		name, out string
		want      []GPU
	}{
		{"one", "NVIDIA H200, 9.0\n", []GPU{{"NVIDIA H200", "9.0"}}},
		{"two", "NVIDIA H100 80GB HBM3, 9.0\nNVIDIA GeForce RTX 2080, 7.5\n",
			[]GPU{{"NVIDIA H100 80GB HBM3", "9.0"}, {"NVIDIA GeForce RTX 2080", "7.5"}}},
		{"comma in the name", "NVIDIA X, rev 2, 12.0\n", []GPU{{"NVIDIA X, rev 2", "12.0"}}},
		{"not a capability", "NVIDIA H200, [N/A]\n", nil},
		{"no devices", "No devices were found\n", nil},
		{"empty", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := parseGPUQuery(tt.out); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("parseGPUQuery = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestRealNVCC checks the real toolkit when one is found (make test exports
// the project-local one as ACCC_NVCC); without one it skips, except in CI.
func TestRealNVCC(t *testing.T) {
	tc, err := Discover(true)
	if errors.Is(err, ErrNoNVCC) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true but %v (make test installs it with scripts/install-cuda.sh)", err)
		}
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", *tc)
	if tc.NVCCVersion == "" || tc.CUDALibDir == "" {
		t.Errorf("incomplete toolchain: %+v", *tc)
	}
}

// TestFindNVCCNotFromUnexpectedPlaces: nvcc is never looked up relative to
// the current directory, and the project's toolkit is used only as its
// installer made it, where no other user can change it.
func TestFindNVCCNotFromUnexpectedPlaces(t *testing.T) {
	tests := []struct {
		name    string
		setup   func(t *testing.T, root string) // the current directory is root/cwd
		wantErr string                          // beside ErrNoNVCC; "" for none
	}{
		{"PATH entry .", func(t *testing.T, root string) {
			fakeTool(t, root, "cwd/nvcc", nvcc130)
			t.Setenv("PATH", ".:"+filepath.Join(root, "path"))
		}, ""},
		{"empty PATH entry", func(t *testing.T, root string) {
			fakeTool(t, root, "cwd/nvcc", nvcc130)
			t.Setenv("PATH", ":"+filepath.Join(root, "path"))
		}, ""},
		{"relative PATH entry", func(t *testing.T, root string) {
			fakeTool(t, root, "cwd/bin/nvcc", nvcc130)
			t.Setenv("PATH", "bin:"+filepath.Join(root, "path"))
		}, ""},
		{"relative CUDA_HOME", func(t *testing.T, root string) {
			fakeTool(t, root, "cwd/cuda/bin/nvcc", nvcc130)
			t.Setenv("CUDA_HOME", "cuda")
		}, ""},
		{"relative CUDA_PATH", func(t *testing.T, root string) {
			fakeTool(t, root, "cwd/cuda/bin/nvcc", nvcc130)
			t.Setenv("CUDA_PATH", "cuda")
		}, ""},
		{"relative ACCC_CUDA_WHEELS", func(t *testing.T, root string) {
			fakeTool(t, root, "cwd/w/nvidia/cu13/bin/nvcc", nvcc130)
			t.Setenv("ACCC_CUDA_WHEELS", "w")
		}, ""},
		{"relative VIRTUAL_ENV", func(t *testing.T, root string) {
			fakeTool(t, root, "cwd/venv/lib/python3.11/site-packages/nvidia/cu13/bin/nvcc", nvcc130)
			t.Setenv("VIRTUAL_ENV", "venv")
		}, ""},
		{"project toolkit without the installer's stamp", func(t *testing.T, root string) {
			fakeTool(t, root, "repo/.cache/cuda/nvidia/cu13/bin/nvcc", nvcc130)
		}, "no .accc-installed"},
		{"project toolkit writable by others", func(t *testing.T, root string) {
			projectTool(t, root)
			os.Chmod(filepath.Join(root, "repo", ".cache", "cuda", "nvidia"), 0o777)
		}, "writable by others (mode 0777)"},
		{"project nvcc writable by another group", func(t *testing.T, root string) {
			p := projectTool(t, root)
			os.Chmod(p, 0o775)
			if err := os.Chown(p, -1, os.Getgid()+1); err != nil {
				t.Skipf("cannot give the file to another group: %v", err)
			}
		}, "writable by others (mode 0775)"},
		{"project .cache writable by others", func(t *testing.T, root string) {
			projectTool(t, root)
			os.Chmod(filepath.Join(root, "repo", ".cache"), 0o777)
		}, "writable by others"},
		{"project toolkit of another user", func(t *testing.T, root string) {
			projectTool(t, root)
			p := filepath.Join(root, "repo", ".cache", "cuda")
			if os.Geteuid() == 0 {
				if err := os.Chown(p, 4242, 4242); err != nil {
					t.Fatal(err)
				}
				return
			}
			old := userID
			t.Cleanup(func() { userID = old })
			userID = func() int { return old() + 1 }
		}, "belongs to another user"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			isolate(t, root)
			os.Mkdir(filepath.Join(root, "cwd"), 0o755)
			t.Chdir(filepath.Join(root, "cwd"))
			tt.setup(t, root)
			p, err := FindNVCC()
			switch {
			case err == nil:
				t.Fatalf("FindNVCC = %q, want ErrNoNVCC", p)
			case !errors.Is(err, ErrNoNVCC):
				t.Errorf("err = %v, want ErrNoNVCC", err)
			case tt.wantErr != "" && !strings.Contains(err.Error(), tt.wantErr):
				t.Errorf("err = %v, want it to say %q", err, tt.wantErr)
			}
		})
	}
	// The project's toolkit as scripts/install-cuda.sh leaves it, with a
	// umask of 002 too (the user's own group may write it).
	for _, mode := range []os.FileMode{0o755, 0o775} {
		t.Run(fmt.Sprintf("project toolkit %04o", mode), func(t *testing.T) {
			root := t.TempDir()
			isolate(t, root)
			want := projectTool(t, root)
			for p := want; p != filepath.Join(root, "repo"); p = filepath.Dir(p) {
				os.Chmod(p, mode)
				os.Chown(p, -1, os.Getgid())
			}
			if from, got, err := findNVCC(); err != nil || got != want || from != "project" {
				t.Errorf("findNVCC = %s, %q, %v; want project, %q", from, got, err, want)
			}
		})
	}
}
