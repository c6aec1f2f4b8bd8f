package driver

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/accc-compiler/accc/runtime"
)

// runtimeCache is where built runtimes live: $ACCC_CACHE_DIR, else
// $XDG_CACHE_HOME/accc, else ~/.cache/accc. Each build is keyed by the
// runtime sources' hash, so a new accc never uses an old library.
func runtimeCache() (string, error) {
	if d := os.Getenv("ACCC_CACHE_DIR"); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return filepath.Join(os.TempDir(), "accc-cache"), nil
	}
	return filepath.Join(d, "accc"), nil
}

// runtimeDir returns the directory of the runtime build for the target's
// backend, building it on first use: include/ (accrt.h and friends) and
// lib/libaccrt-<backend>.a. Concurrent builds (make -j) each build in a
// private directory and rename it into place; the first one wins.
func (c *compilation) runtimeDir() (string, runtime.Backend, error) {
	be, ok := runtime.ForTarget(string(c.cfg.Target))
	if !ok {
		return "", be, fmt.Errorf("no runtime for target %q", c.cfg.Target)
	}
	if c.rtDir != "" {
		return c.rtDir, be, nil
	}
	root, err := runtimeCache()
	if err != nil {
		return "", be, err
	}
	key := runtime.Hash()[:16]
	if be.Name == "cuda" {
		key += "-" + c.arch()
	}
	final := filepath.Join(root, key, be.Name)
	if _, err := os.Stat(filepath.Join(final, "lib", be.Library())); err == nil {
		c.rtDir = final
		return final, be, nil
	}
	if err := os.MkdirAll(filepath.Dir(final), 0o755); err != nil {
		return "", be, err
	}
	tmp, release, err := cleanups.tempDir(filepath.Dir(final), be.Name+".tmp")
	if err != nil {
		return "", be, err
	}
	defer release()
	if err := c.buildRuntime(tmp, be); err != nil {
		return "", be, fmt.Errorf("building the accc runtime: %v", err)
	}
	if c.cfg.DryRun {
		c.rtDir = tmp
		return tmp, be, nil
	}
	if err := os.Rename(tmp, final); err != nil {
		if _, serr := os.Stat(filepath.Join(final, "lib", be.Library())); serr != nil {
			return "", be, err
		}
	}
	c.rtDir = final
	return final, be, nil
}

// buildRuntime writes the runtime sources under dir and builds the
// backend's library there.
func (c *compilation) buildRuntime(dir string, be runtime.Backend) error {
	err := fs.WalkDir(runtime.Files, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := runtime.Files.ReadFile(path)
		if err != nil {
			return err
		}
		out := filepath.Join(dir, path)
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		return os.WriteFile(out, data, 0o644)
	})
	if err != nil {
		return err
	}
	inc := filepath.Join(dir, runtime.IncludeDir)
	var objs []string
	for _, src := range be.CSources {
		obj := filepath.Join(dir, strings.TrimSuffix(src, filepath.Ext(src))+".o")
		argv := append(c.ccArgv("-c"), be.CFlags(inc)...)
		argv = append(argv, "-fPIC", filepath.Join(dir, src), "-o", obj)
		if err := c.run.run(argv, nil); err != nil {
			return err
		}
		objs = append(objs, obj)
	}
	for _, src := range be.CUDASources {
		obj := filepath.Join(dir, strings.TrimSuffix(src, filepath.Ext(src))+".o")
		argv := append([]string{c.nvcc, "-c"}, be.NVCCFlags(inc, c.arch())...)
		argv = append(argv, "-Xcompiler", "-fPIC", filepath.Join(dir, src), "-o", obj)
		if err := c.run.run(argv, nil); err != nil {
			return err
		}
		objs = append(objs, obj)
	}
	if err := os.MkdirAll(filepath.Join(dir, "lib"), 0o755); err != nil {
		return err
	}
	return c.run.run(append([]string{"ar", "rcs", filepath.Join(dir, "lib", be.Library())}, objs...), nil)
}

// headerDir returns a directory holding the runtime's headers (openacc.h
// for user code, accrt.h for generated code), writing them on first use
// into the cache under the sources' hash. The frontend and the host
// compiler search it after the system directories, as nvc does its own.
func headerDir() (string, error) {
	root, err := runtimeCache()
	if err != nil {
		return "", err
	}
	final := filepath.Join(root, runtime.Hash()[:16], runtime.IncludeDir)
	if _, err := os.Stat(final); err == nil {
		return final, nil
	}
	if err := os.MkdirAll(filepath.Dir(final), 0o755); err != nil {
		return "", err
	}
	tmp, release, err := cleanups.tempDir(filepath.Dir(final), "include.tmp")
	if err != nil {
		return "", err
	}
	defer release()
	names, err := fs.Glob(runtime.Files, runtime.IncludeDir+"/*")
	if err != nil {
		return "", err
	}
	for _, name := range names {
		data, err := runtime.Files.ReadFile(name)
		if err != nil {
			return "", err
		}
		if err := os.WriteFile(filepath.Join(tmp, filepath.Base(name)), data, 0o644); err != nil {
			return "", err
		}
	}
	if err := os.Rename(tmp, final); err != nil {
		if _, serr := os.Stat(final); serr != nil {
			return "", err
		}
	}
	return final, nil
}

// arch is the nvcc -arch value for the first -gpu=ccNN (sm_90 by default).
func (c *compilation) arch() string {
	if len(c.cfg.GPUArchs) > 0 {
		return "sm_" + strings.TrimPrefix(c.cfg.GPUArchs[0], "cc")
	}
	return "sm_90"
}

// gencode returns nvcc's options for every -gpu=ccNN asked for.
func (c *compilation) gencode() []string {
	if len(c.cfg.GPUArchs) <= 1 {
		return []string{"-arch=" + c.arch()}
	}
	var args []string
	for _, a := range c.cfg.GPUArchs {
		n := strings.TrimPrefix(a, "cc")
		args = append(args, fmt.Sprintf("-gencode=arch=compute_%s,code=sm_%s", n, n))
	}
	return args
}
