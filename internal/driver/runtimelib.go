package driver

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/runtime"
)

// The runtime cache holds the runtime's headers and libraries, built on
// first use and then compiled and linked into every program, so it is the
// user's alone: its directory is created with mode 0700, and a directory or
// file in it that belongs to another user, is writable by group or others
// or is a symbolic link is never used (checkPrivate). An entry is built in
// a temporary directory beside it and renamed into place, so concurrent
// invocations (make -j) never see half-written files; the first rename
// wins and the others use its result. An entry that fails the check is
// moved aside and built again.

// runtimeCache picks the cache directory: $ACCC_CACHE_DIR, else
// $XDG_CACHE_HOME/accc, else ~/.cache/accc. Each build is keyed by the
// runtime sources' hash, so a new accc never uses an old library. An
// $ACCC_CACHE_DIR that is not private is an error (an explicit choice is
// never replaced); when the default one cannot be created or is not
// private, the cache is $TMPDIR/accc-cache-UID if that is the user's own
// private directory, else a directory in work (for this invocation only),
// and warning says so.
func runtimeCache(work string) (root, warning string, err error) {
	if d := os.Getenv("ACCC_CACHE_DIR"); d != "" {
		if err := privateDir(d, true); err != nil {
			return "", "", fmt.Errorf("ACCC_CACHE_DIR=%s: %v", d, err)
		}
		return d, "", nil
	}
	d, why := os.UserCacheDir()
	if why == nil {
		d = filepath.Join(d, "accc")
		if why = privateDir(d, true); why == nil {
			return d, "", nil
		}
	}
	// The user's name in a shared directory: another user may have taken
	// it first, so it is not followed if it is a link and must be private.
	root = filepath.Join(os.TempDir(), fmt.Sprintf("accc-cache-%d", userID()))
	if privateDir(root, false) != nil {
		root = filepath.Join(work, "cache")
		if err := os.Mkdir(root, 0o700); err != nil {
			return "", "", err
		}
	}
	return root, fmt.Sprintf("cannot use the runtime cache: %v; using %s (set ACCC_CACHE_DIR to a private directory)", why, root), nil
}

// cacheRoot returns the invocation's cache directory (runtimeCache),
// reporting its warning once.
func (c *compilation) cacheRoot() (string, error) {
	if c.cache != "" {
		return c.cache, nil
	}
	root, warning, err := runtimeCache(c.work)
	if err != nil {
		return "", err
	}
	if warning != "" {
		c.diags.Report(diag.Diagnostic{Severity: diag.Warning, Code: diag.CodeDriver, Msg: warning})
	}
	c.cache = root
	return root, nil
}

// privateDir creates dir (mode 0700) if it does not exist and checks that
// it is a private directory of the user; follow says whether a symbolic
// link to one will do.
func privateDir(dir string, follow bool) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	stat := os.Lstat
	if follow {
		stat = os.Stat
	}
	fi, err := stat(dir)
	if err != nil {
		return err
	}
	if err := checkPrivate(dir, fi); err != nil {
		return err
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	return nil
}

// checkPrivate says why the file or directory at path, of which fi is the
// Lstat, cannot be part of the cache: a symbolic link or another special
// file, another user's, or writable by group or others.
func checkPrivate(path string, fi fs.FileInfo) error {
	switch uid := fileOwner(fi); {
	case !fi.IsDir() && !fi.Mode().IsRegular():
		return fmt.Errorf("%s is not a regular file or directory", path)
	case uid != userID():
		return fmt.Errorf("%s belongs to another user (uid %d)", path, uid)
	case fi.Mode().Perm()&0o022 != 0:
		return fmt.Errorf("%s is writable by group or others (mode %04o)", path, fi.Mode().Perm())
	}
	return nil
}

// checkEntry says why the cache entry dir cannot be used: it lacks its
// marker file (a path in it), or something in it is not private.
func checkEntry(dir, marker string) error {
	if _, err := os.Lstat(filepath.Join(dir, marker)); err != nil {
		return err
	}
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		return checkPrivate(path, fi)
	})
}

// privateSubdir returns dir/name, a private directory, creating it or
// replacing what is there if that is not one.
func privateSubdir(dir, name string) (string, error) {
	p := filepath.Join(dir, name)
	for retried := false; ; retried = true {
		if err := os.Mkdir(p, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
			return "", err
		}
		fi, err := os.Lstat(p)
		if err != nil {
			return "", err
		}
		bad := checkPrivate(p, fi)
		if bad == nil && !fi.IsDir() {
			bad = fmt.Errorf("%s is not a directory", p)
		}
		if bad == nil || retried {
			return p, bad
		}
		discard(p)
	}
}

// discard moves path, a cache entry that cannot be used, into a new
// directory beside it and removes that (whatever of another user's cannot
// be removed stays there, under a name nothing looks up).
func discard(path string) {
	trash, err := os.MkdirTemp(filepath.Dir(path), ".discard")
	if err != nil {
		return
	}
	os.Rename(path, filepath.Join(trash, filepath.Base(path)))
	os.RemoveAll(trash)
}

// cachedBuild returns the directory root/key/name, a cache entry whose
// marker file (a path in it) shows that it is complete, building it with
// build on first use (see the top of this file). With dryRun the entry is
// only built, in a directory that is gone when cachedBuild returns (-###).
func cachedBuild(root, key, name, marker string, dryRun bool, build func(dir string) error) (string, error) {
	parent, err := privateSubdir(root, key)
	if err != nil {
		return "", err
	}
	final := filepath.Join(parent, name)
	if _, err := os.Lstat(final); err == nil {
		if checkEntry(final, marker) == nil {
			return final, nil
		}
		discard(final)
	}
	tmp, release, err := cleanups.tempDir(parent, name+".tmp")
	if err != nil {
		return "", err
	}
	defer release()
	if err := build(tmp); err != nil {
		return "", err
	}
	if dryRun {
		return tmp, nil
	}
	if err := restrict(tmp); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, final); err != nil {
		// Another invocation built it first: its entry is complete.
		if checkEntry(final, marker) != nil {
			return "", err
		}
	}
	return final, nil
}

// restrict clears the group and others' write permission of everything
// under dir: ar and cc create files with the user's umask, which may let
// the group write them.
func restrict(dir string) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil || fi.Mode().Perm()&0o022 == 0 {
			return err
		}
		return os.Chmod(path, fi.Mode().Perm()&^0o022)
	})
}

// runtimeDir returns the directory of the runtime build for the target's
// backend, building it on first use: include/ (accrt.h and friends) and
// lib/libaccrt-<backend>.a.
func (c *compilation) runtimeDir() (string, runtime.Backend, error) {
	be, ok := runtime.ForTarget(string(c.cfg.Target))
	if !ok {
		return "", be, fmt.Errorf("no runtime for target %q", c.cfg.Target)
	}
	if c.rtDir != "" {
		return c.rtDir, be, nil
	}
	root, err := c.cacheRoot()
	if err != nil {
		return "", be, err
	}
	key := runtime.Hash()[:16]
	if be.Name == "cuda" {
		key += "-" + c.arch()
	}
	dir, err := cachedBuild(root, key, be.Name, filepath.Join("lib", be.Library()), c.cfg.DryRun, func(dir string) error {
		if err := c.buildRuntime(dir, be); err != nil {
			return fmt.Errorf("building the accc runtime: %v", err)
		}
		return nil
	})
	if err != nil {
		return "", be, err
	}
	c.rtDir = dir
	return dir, be, nil
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
	if be.MemorySource != "" {
		for _, mode := range slices.Sorted(maps.Keys(runtime.MemoryModes)) {
			argv := append(c.ccArgv("-c"), be.CFlags(inc)...)
			argv = append(argv, fmt.Sprintf("-DACCRT_MEMORY_MODE=%d", runtime.MemoryModes[mode]), "-fPIC",
				filepath.Join(dir, be.MemorySource), "-o", filepath.Join(dir, be.MemoryObject(mode)))
			if err := c.run.run(argv, nil); err != nil {
				return err
			}
		}
	}
	return c.run.run(append([]string{"ar", "rcs", filepath.Join(dir, "lib", be.Library())}, objs...), nil)
}

// headerDir returns a directory holding the runtime's headers (openacc.h
// for user code, accrt.h for generated code), writing them on first use
// into the cache under the sources' hash. The frontend and the host
// compiler search it after the system directories, as nvc does its own.
func (c *compilation) headerDir() (string, error) {
	root, err := c.cacheRoot()
	if err != nil {
		return "", err
	}
	return cachedBuild(root, runtime.Hash()[:16], runtime.IncludeDir, "openacc.h", false, func(dir string) error {
		names, err := fs.Glob(runtime.Files, runtime.IncludeDir+"/*")
		if err != nil {
			return err
		}
		for _, name := range names {
			data, err := runtime.Files.ReadFile(name)
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dir, filepath.Base(name)), data, 0o644); err != nil {
				return err
			}
		}
		return nil
	})
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
