package driver

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeCC writes a C compiler at root/path/cc that answers --version as gcc
// 12.2.0 and fails on -fopenmp unless openmp is set. Shell builtins only:
// the tests run with PATH pointing at a bare directory.
func fakeCC(t *testing.T, root string, openmp bool) {
	t.Helper()
	omp := `printf '%s\n' "cc: error: unrecognized command-line option '-fopenmp'" >&2; exit 1`
	if openmp {
		omp = ":"
	}
	script := `#!/bin/sh
for a in "$@"; do
  case "$a" in
  --version) printf '%s\n' 'cc (Debian 12.2.0-14) 12.2.0' 'Copyright (C) 2022 Free Software Foundation, Inc.'; exit 0 ;;
  -fopenmp) ` + omp + ` ;;
  esac
done
exit 0
`
	p := filepath.Join(root, "path", "cc")
	if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}

// fakeSMI writes an nvidia-smi at root/path that lists the GPUs given as
// "name, N.N" lines.
func fakeSMI(t *testing.T, root string, lines ...string) {
	t.Helper()
	script := "#!/bin/sh\ncase \"$1\" in\n--query-gpu=name,compute_cap)\n"
	for _, l := range lines {
		script += "  echo '" + l + "'\n"
	}
	script += "  ;;\n*) exit 2 ;;\nesac\n"
	if err := os.WriteFile(filepath.Join(root, "path", "nvidia-smi"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}

func TestInfo(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, root string)
		want  []string // lines (or line beginnings) of the report, in order
		not   []string // substrings that must not appear
	}{
		{
			name: "everything",
			setup: func(t *testing.T, root string) {
				fakeCC(t, root, true)
				t.Setenv("ACCC_NVCC", fakeTool(t, root, "cuda/bin/nvcc", nvcc130))
				fakeSMI(t, root, "NVIDIA H200, 9.0", "NVIDIA A100-SXM4-80GB, 8.0")
			},
			want: []string{
				"host C compiler:   ROOT/path/cc (gcc 12.2.0)",
				"  OpenMP:          yes (cc -fopenmp builds and links a test program)",
				"CUDA compiler:     ROOT/cuda/bin/nvcc (release 13.0, V13.0.88, found via ACCC_NVCC)",
				"CUDA toolkit:      ROOT/cuda",
				"GPUs:              2",
				"  device 0:        NVIDIA H200 (compute capability 9.0: build with -gpu=cc90)",
				"  device 1:        NVIDIA A100-SXM4-80GB (compute capability 8.0: build with -gpu=cc80)",
				"targets:",
				"  -acc=host        usable: needs only the C compiler",
				"  -acc=emulate     usable: needs only the C compiler",
				"  -acc=multicore   usable: needs the C compiler with OpenMP (-fopenmp), which works",
				"  -acc=gpu         usable: needs nvcc (release 13.0) to build and an NVIDIA GPU to run (2 found)",
			},
			not: []string{"not yet", "not usable"},
		},
		{
			name:  "C compiler without OpenMP, no nvcc, no nvidia-smi",
			setup: func(t *testing.T, root string) { fakeCC(t, root, false) },
			want: []string{
				"host C compiler:   ROOT/path/cc (gcc 12.2.0)",
				"  OpenMP:          no: cc -fopenmp fails: cc: error: unrecognized command-line option '-fopenmp'",
				"CUDA compiler:     not found: install the CUDA toolkit",
				"GPUs:              no GPU found (nvidia-smi is not installed)",
				"  -acc=host        usable: needs only the C compiler",
				"  -acc=emulate     usable: needs only the C compiler",
				"  -acc=multicore   not usable: needs the C compiler with OpenMP (-fopenmp), which fails here",
				"  -acc=gpu         not usable: needs nvcc to build (not found) and an NVIDIA GPU to run",
			},
			not: []string{"not yet"},
		},
		{
			name: "nvcc without a GPU",
			setup: func(t *testing.T, root string) {
				fakeCC(t, root, true)
				fakeTool(t, root, "path/nvcc", nvcc130)
				fakeSMI(t, root) // driver loaded, no device
			},
			want: []string{
				"CUDA compiler:     ROOT/path/nvcc (release 13.0, V13.0.88, found via PATH)",
				"GPUs:              no GPU found (nvidia-smi lists none)",
				"  -acc=gpu         builds (nvcc 13.0), but no GPU found to run the programs",
			},
		},
		{
			name: "GPU too old for CUDA 13",
			setup: func(t *testing.T, root string) {
				fakeCC(t, root, true)
				fakeTool(t, root, "path/nvcc", nvcc130)
				fakeSMI(t, root, "Tesla K80, 3.7")
			},
			want: []string{
				"  device 0:        Tesla K80 (compute capability 3.7: too old for CUDA 13, which needs 7.5 or newer)",
				"  -acc=gpu         builds (nvcc 13.0), but no GPU here can run the code",
			},
		},
		{
			name:  "no C compiler",
			setup: func(t *testing.T, root string) {},
			want: []string{
				"host C compiler:   not found (no C compiler found: install gcc or clang, or set CC)",
				"  -acc=host        not usable: needs a C compiler, and none was found",
				"  -acc=emulate     not usable: needs a C compiler, and none was found",
				"  -acc=multicore   not usable: needs a C compiler, and none was found",
				"  -acc=gpu         not usable: needs a C compiler, and none was found",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			isolate(t, root)
			tt.setup(t, root)
			var b bytes.Buffer
			if err := Info(&b); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			lines := strings.Split(out, "\n")
			i := 0
			for _, w := range tt.want {
				w = strings.ReplaceAll(w, "ROOT", root)
				for i < len(lines) && !strings.HasPrefix(lines[i], w) {
					i++
				}
				if i == len(lines) {
					t.Errorf("accc info lacks the line %q (or has it out of order):\n%s", w, out)
					break
				}
			}
			for _, n := range tt.not {
				if strings.Contains(out, n) {
					t.Errorf("accc info says %q:\n%s", n, out)
				}
			}
		})
	}
}
