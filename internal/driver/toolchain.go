package driver

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"time"
)

// Toolchain is the set of external tools the driver runs. Discover fills it
// in (FindCC and FindNVCC only find paths); nothing else in accc looks for tools.
type Toolchain struct {
	CC        string   // host C compiler, absolute path
	CCArgs    []string // the words after it in $CC ("ccache gcc", "gcc -m64"); nil when none
	CCVersion string   // e.g. "gcc 12.2.0", "clang 16.0.6"; the first line of --version if unrecognised

	NVCC            string   // absolute path of nvcc; "" when not looked for or not found
	NVCCVersion     string   // release, e.g. "13.0"
	NVCCFullVersion string   // e.g. "13.0.88"
	NVCCFrom        string   // where it was found: "ACCC_NVCC", "PATH", "CUDA_HOME", "CUDA_PATH", "/usr/local/cuda", "ACCC_CUDA_WHEELS", "VIRTUAL_ENV", "project"
	CUDAHome        string   // the toolkit root (nvcc's bin/..)
	CUDALibDir      string   // the directory holding libcudart (for a link done by cc), "" if not seen
	NVCCArgs        []string // extra nvcc arguments this toolkit needs (a pip-installed one may need -L)
}

// ErrNoNVCC is returned by FindNVCC when no CUDA compiler is found. Its text
// is the one line accc prints for -acc=gpu (DESIGN.md §1).
var ErrNoNVCC = errors.New("nvcc not found: install the CUDA toolkit, set CUDA_HOME, or use -acc=multicore")

// Hooks for tests: where the standard toolkit lives, how to find accc's own
// executable (its ../.cache/cuda holds the project-local toolkit), and the
// user accc runs for, who must own the runtime cache and that toolkit.
var (
	defaultCUDAHome = "/usr/local/cuda"
	selfExecutable  = os.Executable
	userID          = os.Getuid
)

// versionTimeout bounds each version query; a hung tool must not hang accc.
const versionTimeout = 30 * time.Second

// Discover finds the host compiler and, when gpu is set, nvcc, and asks
// each for its version (for `accc info`, the runtime cache key and the nvcc
// command line). Errors are those of FindCC and FindNVCC.
func Discover(gpu bool) (*Toolchain, error) {
	tc := &Toolchain{}
	cc, err := FindCC()
	if err != nil {
		return tc, err
	}
	tc.setCC(cc)
	if !gpu {
		return tc, nil
	}
	from, nvcc, err := findNVCC()
	if err != nil {
		return tc, err
	}
	return tc, tc.useNVCC(from, nvcc)
}

// FindCC returns the host C compiler as a command: the absolute path of a
// program and the words that follow it. $CC is split into words as a shell
// splits it (splitWords), so CC="ccache gcc" and CC="gcc -m64" work as they
// do in make; without $CC it is cc, else gcc, on PATH. A $CC that cannot be
// found is an error (an explicit choice is not silently replaced), but a $CC
// that is accc itself (a Makefile's CC=accc exported to us) is skipped so
// accc never calls itself, and so is an MPI compiler wrapper that runs accc
// (`make CC=mpicc` with OMPI_CC=accc exports CC=mpicc to the mpicc that runs
// accc: see wrapperRunsSelf).
func FindCC() ([]string, error) {
	names := []string{"cc", "gcc"}
	if env := os.Getenv("CC"); strings.TrimSpace(env) != "" {
		words, err := splitWords(env)
		if err != nil {
			return nil, fmt.Errorf("CC=%s: %v", env, err)
		}
		p, err := lookAbs(words[0])
		if err != nil {
			return nil, fmt.Errorf("CC=%s: %v", env, err)
		}
		if !isSelf(p) && !wrapperRunsSelf(p) {
			return append([]string{p}, words[1:]...), nil
		}
	}
	for _, name := range names {
		if p, err := lookAbs(name); err == nil && !isSelf(p) {
			return []string{p}, nil
		}
	}
	return nil, errors.New("no C compiler found: install gcc or clang, or set CC")
}

// splitWords splits a command such as $CC into words as a POSIX shell does,
// without expansions: blanks separate words, 'single quotes' keep what they
// hold, "double quotes" too but for \", \\, \$ and \` (the backslash goes),
// and a backslash outside quotes keeps the next character.
func splitWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; ch {
		case ' ', '\t', '\n':
			if inWord {
				words, inWord = append(words, w.String()), false
				w.Reset()
			}
			continue
		case '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, errors.New("unterminated quote")
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case '"':
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				}
				w.WriteByte(s[i])
			}
			if i == len(s) {
				return nil, errors.New("unterminated quote")
			}
		case '\\':
			if i+1 < len(s) {
				i++
				w.WriteByte(s[i])
			}
		default:
			w.WriteByte(ch)
		}
		inWord = true
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

// setCC fills in the host compiler's fields from the command cc.
func (tc *Toolchain) setCC(cc []string) {
	tc.CC, tc.CCVersion = cc[0], ccVersion(cc)
	if len(cc) > 1 {
		tc.CCArgs = cc[1:]
	}
}

// lookAbs is exec.LookPath with an absolute result.
func lookAbs(name string) (string, error) {
	p, err := exec.LookPath(name)
	if err != nil {
		return "", err
	}
	return filepath.Abs(p)
}

// isSelf reports whether path is the running accc executable.
func isSelf(path string) bool {
	self, err := selfExecutable()
	if err != nil {
		return false
	}
	a, errA := os.Stat(self)
	b, errB := os.Stat(path)
	return errA == nil && errB == nil && os.SameFile(a, b)
}

// mpiCompilerVars are the variables that name the C compiler an MPI
// wrapper runs: Open MPI's mpicc (OMPI_CC), MPICH's and MVAPICH's
// (MPICH_CC) and Intel MPI's mpicc and mpiicc (I_MPI_CC).
var mpiCompilerVars = []string{"OMPI_CC", "MPICH_CC", "I_MPI_CC"}

// wrapperRunsSelf reports whether path is an MPI compiler wrapper (its name
// starts with "mpi": mpicc, mpigcc, mpiicc, ...) while one of
// mpiCompilerVars names accc: that wrapper would run accc again, without
// end, if accc took it for its host compiler.
func wrapperRunsSelf(path string) bool {
	if !strings.HasPrefix(filepath.Base(path), "mpi") {
		return false
	}
	for _, v := range mpiCompilerVars {
		if f := strings.Fields(os.Getenv(v)); len(f) > 0 {
			if p, err := lookAbs(f[0]); err == nil && isSelf(p) {
				return true
			}
		}
	}
	return false
}

// NestedEnv is set in the environment of every tool accc runs. An accc
// that starts with it set was run by one of its own tools, which can only
// be a host compiler that leads back to accc (CC=a script that runs accc):
// it stops with an error instead of starting a new accc at every level.
const NestedEnv = "ACCC_NESTED"

// nvccCandidate is one place FindNVCC looks, in order.
type nvccCandidate struct {
	from string // for NVCCFrom and messages
	path string // "" when the source is not set
	// untrusted, when not nil, says why an nvcc found there is not used.
	untrusted func() error
}

// nvccCandidates lists the places to look, in order: only those the user
// names and the one the project's installer fills:
//
//	$ACCC_NVCC (findNVCC), nvcc on PATH, $CUDA_HOME/bin/nvcc,
//	$CUDA_PATH/bin/nvcc, /usr/local/cuda/bin/nvcc, then pip layouts
//	(nvidia/cu13/bin/nvcc) under $ACCC_CUDA_WHEELS and $VIRTUAL_ENV's
//	site-packages, and <accc>/../.cache/cuda, what scripts/install-cuda.sh
//	makes in a checkout, for accc at <accc>/bin/accc.
//
// Nothing is looked up relative to the current directory: a PATH entry
// that is not absolute is skipped (exec.ErrDot), and so is a variable that
// holds a relative directory. The project's toolkit is used only with the
// installer's stamp and when nothing on the way to its nvcc can be
// changed by another user (projectToolkit): accc in /tmp/bin, say, must
// not run a /tmp/.cache/cuda that anyone could have made.
func nvccCandidates() []nvccCandidate {
	var c []nvccCandidate
	add := func(from, path string) { c = append(c, nvccCandidate{from: from, path: path}) }
	if p, err := exec.LookPath("nvcc"); err == nil {
		add("PATH", p)
	}
	for _, env := range []string{"CUDA_HOME", "CUDA_PATH"} {
		if d := os.Getenv(env); filepath.IsAbs(d) {
			add(env, filepath.Join(d, "bin", "nvcc"))
		}
	}
	add("/usr/local/cuda", filepath.Join(defaultCUDAHome, "bin", "nvcc"))
	if d := os.Getenv("ACCC_CUDA_WHEELS"); filepath.IsAbs(d) {
		// A pip --target or site-packages dir, or the nvidia/cu13 dir itself.
		add("ACCC_CUDA_WHEELS", filepath.Join(d, pipNVCC))
		add("ACCC_CUDA_WHEELS", filepath.Join(d, "bin", "nvcc"))
	}
	if d := os.Getenv("VIRTUAL_ENV"); filepath.IsAbs(d) {
		m, _ := filepath.Glob(filepath.Join(d, "lib", "python3*", "site-packages", pipNVCC))
		for _, p := range m {
			add("VIRTUAL_ENV", p)
		}
	}
	if self, err := selfExecutable(); err == nil {
		if s, err := filepath.EvalSymlinks(self); err == nil {
			self = s
		}
		dir := filepath.Join(filepath.Dir(filepath.Dir(self)), ".cache", "cuda")
		c = append(c, nvccCandidate{"project", filepath.Join(dir, pipNVCC), func() error { return projectToolkit(dir) }})
	}
	return c
}

// installStamp is the file scripts/install-cuda.sh writes last into the
// toolkit directory it installs.
const installStamp = ".accc-installed"

// projectToolkit says why the toolkit directory dir (<accc>/../.cache/cuda)
// is not one to use: it lacks the installer's stamp, or one of the
// directories from dir/.. down to its nvcc, or nvcc itself, belongs to
// another user than the user and root, or others may write it (or a group
// other than the user's own: a umask of 002 makes the user's files
// group-writable).
func projectToolkit(dir string) error {
	if _, err := os.Stat(filepath.Join(dir, installStamp)); err != nil {
		return fmt.Errorf("%s has no %s: scripts/install-cuda.sh did not install it", dir, installStamp)
	}
	top := filepath.Dir(dir)
	for p := filepath.Join(dir, pipNVCC); ; p = filepath.Dir(p) {
		fi, err := os.Stat(p)
		if err != nil {
			return err
		}
		if uid := fileOwner(fi); uid != userID() && uid != 0 {
			return fmt.Errorf("%s belongs to another user (uid %d)", p, uid)
		}
		if perm := fi.Mode().Perm(); perm&0o002 != 0 || perm&0o020 != 0 && fileGroup(fi) != os.Getgid() {
			return fmt.Errorf("%s is writable by others (mode %04o)", p, perm)
		}
		if p == top {
			return nil
		}
	}
}

// pipNVCC is where the nvidia-cuda-nvcc 13 wheel puts nvcc.
var pipNVCC = filepath.Join("nvidia", "cu13", "bin", "nvcc")

// FindNVCC returns the absolute path of nvcc (see nvccCandidates for the
// order), or ErrNoNVCC when there is none. A $ACCC_NVCC that is set but
// unusable is an error of its own: an explicit choice is never replaced.
func FindNVCC() (string, error) {
	_, p, err := findNVCC()
	return p, err
}

// findNVCC is FindNVCC that also says where nvcc was found.
func findNVCC() (from, path string, err error) {
	if p := os.Getenv("ACCC_NVCC"); p != "" {
		if !strings.ContainsRune(p, os.PathSeparator) {
			if p, err = exec.LookPath(p); err != nil { // ACCC_NVCC=nvcc-13: a name
				return "", "", fmt.Errorf("ACCC_NVCC=%s: %v", os.Getenv("ACCC_NVCC"), err)
			}
		}
		if p, err = filepath.Abs(p); err != nil {
			return "", "", err
		}
		if !isExecutable(p) {
			return "", "", fmt.Errorf("ACCC_NVCC=%s: not an executable file", os.Getenv("ACCC_NVCC"))
		}
		return "ACCC_NVCC", p, nil
	}
	var skipped error
	for _, c := range nvccCandidates() {
		if !isExecutable(c.path) {
			continue
		}
		if c.untrusted != nil {
			if err := c.untrusted(); err != nil {
				skipped = fmt.Errorf("%w (%s is not used: %v)", ErrNoNVCC, c.path, err)
				continue
			}
		}
		p, err := filepath.Abs(c.path)
		return c.from, p, err
	}
	if skipped != nil {
		return "", "", skipped
	}
	return "", "", ErrNoNVCC
}

// useNVCC fills in tc's CUDA fields from the nvcc at abs (an absolute path).
func (tc *Toolchain) useNVCC(from, abs string) error {
	out, err := toolOutput(abs, "--version")
	if err != nil {
		return fmt.Errorf("cannot run %s --version (found through %s): %v", abs, from, err)
	}
	rel, full := parseNVCCVersion(out)
	if rel == "" {
		return fmt.Errorf("%s (found through %s) is not nvcc: no CUDA release in its --version output", abs, from)
	}
	tc.NVCC, tc.NVCCVersion, tc.NVCCFullVersion, tc.NVCCFrom = abs, rel, full, from
	// The toolkit root is bin/.. of the real file (a /usr/bin/nvcc symlink
	// into a toolkit must give that toolkit).
	real := abs
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		real = r
	}
	tc.CUDAHome = filepath.Dir(filepath.Dir(real))
	tc.CUDALibDir, tc.NVCCArgs = cudaLibLayout(tc.CUDAHome)
	return nil
}

// cudaLibLayout finds libcudart under home. nvcc's own profile adds
// -L<home>/lib64 (and targets/<arch>/lib for a full toolkit); when cudart is
// only in <home>/lib, as in an unfixed pip install, nvcc needs -L<home>/lib.
func cudaLibLayout(home string) (libDir string, nvccArgs []string) {
	arch := map[string]string{"amd64": "x86_64", "arm64": "sbsa"}[runtime.GOARCH]
	dirs := []string{
		filepath.Join(home, "lib64"),
		filepath.Join(home, "targets", arch+"-linux", "lib"),
		filepath.Join(home, "lib"),
	}
	for i, d := range dirs {
		if hasCudart(d) {
			if i == len(dirs)-1 && !hasCudart(dirs[0]) {
				nvccArgs = []string{"-L" + d}
			}
			return d, nvccArgs
		}
	}
	return "", nil
}

func hasCudart(dir string) bool {
	for _, n := range []string{"libcudart_static.a", "libcudart.so"} {
		if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
			return true
		}
	}
	return false
}

func isExecutable(path string) bool {
	if path == "" {
		return false
	}
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
}

// toolOutput runs path args with a timeout and a C locale and returns its
// combined output.
func toolOutput(path string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), versionTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	err := cmd.Run()
	if ctx.Err() != nil {
		err = fmt.Errorf("timed out after %v", versionTimeout)
	}
	return buf.String(), err
}

var nvccVersionRE = regexp.MustCompile(`release (\d+\.\d+)(?:, V(\d+(?:\.\d+)*))?`)

// parseNVCCVersion reads "Cuda compilation tools, release 13.0, V13.0.88"
// from nvcc --version: release "13.0" and full version "13.0.88" (the full
// version falls back to the release when the V part is missing).
func parseNVCCVersion(out string) (release, full string) {
	m := nvccVersionRE.FindStringSubmatch(out)
	if m == nil {
		return "", ""
	}
	if m[2] == "" {
		return m[1], m[1]
	}
	return m[1], m[2]
}

// ccVersion runs the command cc with --version and describes the compiler
// (see parseCCVersion); "" when it does not answer.
func ccVersion(cc []string) string {
	out, err := toolOutput(cc[0], append(cc[1:len(cc):len(cc)], "--version")...)
	if err != nil {
		return ""
	}
	return parseCCVersion(out)
}

var (
	clangVersionRE = regexp.MustCompile(`clang version (\d+(?:\.\d+)*)`)
	gccVersionRE   = regexp.MustCompile(`^\S+ \(.*\) (\d+\.\d+(?:\.\d+)?)`)
)

// parseCCVersion turns the output of cc --version into "gcc 12.2.0" or
// "clang 16.0.6"; for another compiler it gives the first line as it is.
func parseCCVersion(out string) string {
	first, _, _ := strings.Cut(strings.TrimSpace(out), "\n")
	first = strings.TrimSpace(first)
	if m := clangVersionRE.FindStringSubmatch(first); m != nil {
		return "clang " + m[1]
	}
	if m := gccVersionRE.FindStringSubmatch(first); m != nil &&
		(strings.Contains(out, "Free Software Foundation") || strings.Contains(first, "GCC")) {
		return "gcc " + m[1]
	}
	return first
}

var gpuLineRE = regexp.MustCompile(`^GPU \d+: (.*?)(?: \(UUID: [^)]*\))?$`)

// parseGPUList reads nvidia-smi -L lines such as
// "GPU 0: NVIDIA H200 (UUID: GPU-004a...)"; MIG lines and others are skipped.
func parseGPUList(out string) []string {
	var names []string
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		if m := gpuLineRE.FindStringSubmatch(strings.TrimSpace(sc.Text())); m != nil {
			names = append(names, m[1])
		}
	}
	return names
}

// HostQuery answers a question about the toolchain (-dumpmachine,
// -print-search-dirs, -print-file-name=NAME, ...) with the host
// compiler's answer, which build systems (CMake, libtool) read from a
// gcc-like compiler; it returns the exit status.
func HostQuery(arg string, stdout, stderr io.Writer) int {
	cc, err := FindCC()
	if err != nil {
		fmt.Fprintf(stderr, "accc: error: %v\n", err)
		return exitRejected
	}
	cmd := exec.Command(cc[0], append(cc[1:], arg)...)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Run(); err != nil {
		fmt.Fprintf(stderr, "accc: error: %s %s: %v\n", strings.Join(cc, " "), arg, err)
		return exitRejected
	}
	return exitOK
}
