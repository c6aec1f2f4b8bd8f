package driver

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/accc-compiler/accc/frontend"
)

// A compilation asks the host compiler what it is: whether it expands
// macros in acc pragmas (expandsAccPragmas) and, for the C frontend, its
// predefined macros and include directories (frontend.ProbeHost): three
// runs of the compiler, more than accc's own work on a small file. The
// answers are kept in the runtime cache (runtimelib.go), one entry per
// compiler command and -std, named by a hash of what decides them: each
// word of the command and the file it names (path, size, modification
// time: a new compiler, an upgraded one or another one behind the same
// name gets an entry of its own), -std, the environment variables the
// compiler reads its directories from, and the version of cc/v4, which
// reads the answers. An entry is written once (cachedBuild) and then
// only read.

// hostProbes are the host compiler's answers.
type hostProbes struct {
	AccPragmas bool                 // expandsAccPragmas
	Host       *frontend.HostConfig // frontend.ProbeHost
}

// probeFormat changes whenever hostProbes or what fills it does.
const probeFormat = 1

// probeEnv are the environment variables that change what gcc's probes
// answer (its include directories).
var probeEnv = []string{"CPATH", "C_INCLUDE_PATH", "GCC_EXEC_PREFIX", "COMPILER_PATH"}

// probeKey names the cache entry of the probes of the command cc with
// -std=std; "" when the compiler's file cannot be found (nothing is
// cached then).
func probeKey(cc []string, std string) string {
	h := sha256.New()
	fmt.Fprintf(h, "accc host probes %d, cc/v4 %s\nstd %q\n", probeFormat, ccVersionOfBuild(), std)
	for i, w := range cc {
		fmt.Fprintf(h, "word %q\n", w)
		if strings.HasPrefix(w, "-") || strings.Contains(w, "=") {
			continue
		}
		// The compiler, or a program a launcher runs (ccache gcc,
		// env LC_ALL=C gcc).
		p, err := exec.LookPath(w)
		if err == nil {
			p, err = filepath.Abs(p)
		}
		var fi os.FileInfo
		if err == nil {
			fi, err = os.Stat(p)
		}
		if err != nil {
			if i == 0 {
				return ""
			}
			continue
		}
		real, _ := filepath.EvalSymlinks(p)
		fmt.Fprintf(h, "file %q %q %d %d\n", p, real, fi.Size(), fi.ModTime().UnixNano())
	}
	for _, e := range probeEnv {
		v, ok := os.LookupEnv(e)
		fmt.Fprintf(h, "env %s %v %q\n", e, ok, v)
	}
	return hex.EncodeToString(h.Sum(nil))[:24]
}

// ccVersionOfBuild is the version of modernc.org/cc/v4 accc was built
// with ("" where the build does not say).
var ccVersionOfBuild = sync.OnceValue(func() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, m := range bi.Deps {
			if m.Path == "modernc.org/cc/v4" {
				return m.Version
			}
		}
	}
	return ""
})

// probeResult is a compilation's hostProbes, once known.
type probeResult struct {
	p    hostProbes
	err  error
	done bool
}

// probes returns the host compiler's answers for this compilation (the
// command c.cc, -std), from the cache or, on first use, from the
// compiler; the compilation asks once. On an error of the compiler (err;
// Host is nil) AccPragmas is still its answer, and nothing is cached.
func (c *compilation) probes() (hostProbes, error) {
	if !c.probed.done {
		c.probed.p, c.probed.err = c.cachedProbes()
		c.probed.done = true
	}
	return c.probed.p, c.probed.err
}

func (c *compilation) cachedProbes() (hostProbes, error) {
	std := c.cfg.Std
	key := probeKey(c.cc, std)
	// With -acc the runtime's headers have found the cache (and said why
	// when it is not the usual one); without, only the usual one is
	// used, and a compilation without -acc warns of none.
	root := c.cache
	if root == "" {
		r, warning, err := runtimeCache(c.work)
		if err == nil && warning == "" {
			root = r
		}
	}
	if key == "" || root == "" {
		return runProbes(c.cc, std)
	}
	var p hostProbes
	var probeErr error
	built := false
	const name = "probes.json"
	dir, err := cachedBuild(root, "probe-"+key, "host", name, c.cfg.DryRun, func(dir string) error {
		built = true
		if p, probeErr = runProbes(c.cc, std); probeErr != nil {
			return probeErr
		}
		data, err := json.Marshal(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, name), data, 0o600)
	})
	if built {
		return p, probeErr
	}
	if err == nil {
		var data []byte
		if data, err = os.ReadFile(filepath.Join(dir, name)); err == nil {
			var cached hostProbes
			if err = json.Unmarshal(data, &cached); err == nil && cached.Host != nil {
				return cached, nil
			}
		}
	}
	// The cache could not be written or read: the compiler's answers
	// without it.
	return runProbes(c.cc, std)
}

// runProbes runs the probes of the host compiler cc, at the same time.
func runProbes(cc []string, std string) (hostProbes, error) {
	var p hostProbes
	var wg sync.WaitGroup
	wg.Go(func() { p.AccPragmas = expandsAccPragmas(cc) })
	host, err := frontend.ProbeHost(&frontend.Config{CC: cc[0], CCArgs: cc[1:], Std: std})
	wg.Wait()
	p.Host = host
	return p, err
}
