package driver

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/runtime"
)

// cacheEnv points every variable runtimeCache reads into root: no
// ACCC_CACHE_DIR, XDG_CACHE_HOME=root/xdg, HOME=root/home, TMPDIR=root/tmp.
func cacheEnv(t *testing.T, root string) {
	t.Helper()
	for _, d := range []string{"home", "tmp"} {
		if err := os.Mkdir(filepath.Join(root, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("ACCC_CACHE_DIR", "")
	t.Setenv("XDG_CACHE_HOME", filepath.Join(root, "xdg"))
	t.Setenv("HOME", filepath.Join(root, "home"))
	t.Setenv("TMPDIR", filepath.Join(root, "tmp"))
}

// asOtherUser makes the cache checks take the files the test creates for
// another user's.
func asOtherUser(t *testing.T) {
	old := userID
	t.Cleanup(func() { userID = old })
	userID = func() int { return old() + 1 }
}

func TestRuntimeCacheExplicitDirMustBePrivate(t *testing.T) {
	tests := []struct {
		name    string
		mode    fs.FileMode
		other   bool   // the directory belongs to another user
		wantErr string // "" when the directory is used
	}{
		{"private", 0o700, false, ""},
		{"readable by all", 0o755, false, ""},
		{"group-writable", 0o770, false, "writable by group or others (mode 0770)"},
		{"world-writable", 0o777, false, "writable by group or others (mode 0777)"},
		{"sticky like /tmp", 0o1777, false, "writable by group or others"},
		{"another user's", 0o700, true, "belongs to another user"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			cacheEnv(t, root)
			dir := filepath.Join(root, "cache")
			if err := os.Mkdir(dir, 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(dir, tt.mode); err != nil {
				t.Fatal(err)
			}
			if tt.other {
				asOtherUser(t)
			}
			t.Setenv("ACCC_CACHE_DIR", dir)
			got, warning, err := runtimeCache(t.TempDir())
			if tt.wantErr == "" {
				if err != nil || got != dir || warning != "" {
					t.Errorf("runtimeCache = %q, %q, %v; want %q", got, warning, err, dir)
				}
				return
			}
			// An explicit choice is refused, never replaced.
			if err == nil || !strings.Contains(err.Error(), "ACCC_CACHE_DIR="+dir) || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("runtimeCache = %q, %v; want an error naming ACCC_CACHE_DIR and %q", got, err, tt.wantErr)
			}
		})
	}
	t.Run("created private", func(t *testing.T) {
		root := t.TempDir()
		cacheEnv(t, root)
		dir := filepath.Join(root, "new", "cache")
		t.Setenv("ACCC_CACHE_DIR", dir)
		if _, _, err := runtimeCache(t.TempDir()); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o700 {
			t.Errorf("ACCC_CACHE_DIR created with %v, %v; want mode 0700", fi.Mode(), err)
		}
	})
}

func TestRuntimeCacheFallback(t *testing.T) {
	perUser := func(root string) string {
		return filepath.Join(root, "tmp", fmt.Sprintf("accc-cache-%d", userID()))
	}
	inTmp := func(root, _ string) string { return perUser(root) }
	tests := []struct {
		name  string
		setup func(t *testing.T, root string)
		want  func(root, work string) string // the cache directory
		why   string                         // in the warning; "" for none
	}{
		{"default", func(t *testing.T, root string) {},
			func(root, _ string) string { return filepath.Join(root, "xdg", "accc") }, ""},
		{"HOME without XDG_CACHE_HOME", func(t *testing.T, root string) { t.Setenv("XDG_CACHE_HOME", "") },
			func(root, _ string) string { return filepath.Join(root, "home", ".cache", "accc") }, ""},
		{"HOME is a file", func(t *testing.T, root string) {
			t.Setenv("XDG_CACHE_HOME", "")
			t.Setenv("HOME", filepath.Join(root, "file"))
			os.WriteFile(filepath.Join(root, "file"), nil, 0o644)
		}, inTmp, "not a directory"},
		{"no HOME", func(t *testing.T, root string) {
			t.Setenv("XDG_CACHE_HOME", "")
			t.Setenv("HOME", "")
		}, inTmp, "$HOME"},
		{"default is world-writable", func(t *testing.T, root string) {
			os.MkdirAll(filepath.Join(root, "xdg", "accc"), 0o700)
			os.Chmod(filepath.Join(root, "xdg", "accc"), 0o777)
		}, inTmp, "writable by group or others"},
		{"default is a link to a world-writable dir", func(t *testing.T, root string) {
			os.MkdirAll(filepath.Join(root, "xdg"), 0o700)
			os.MkdirAll(filepath.Join(root, "shared"), 0o777)
			os.Chmod(filepath.Join(root, "shared"), 0o777)
			os.Symlink(filepath.Join(root, "shared"), filepath.Join(root, "xdg", "accc"))
		}, inTmp, "writable by group or others"},
		// The per-user name in $TMPDIR is predictable: whatever another
		// user put there first is not used.
		{"per-user fallback taken by a link", func(t *testing.T, root string) {
			t.Setenv("XDG_CACHE_HOME", "")
			t.Setenv("HOME", "")
			os.Mkdir(filepath.Join(root, "mine"), 0o700)
			os.Symlink(filepath.Join(root, "mine"), perUser(root))
		}, func(_, work string) string { return filepath.Join(work, "cache") }, "$HOME"},
		{"per-user fallback world-writable", func(t *testing.T, root string) {
			t.Setenv("XDG_CACHE_HOME", "")
			t.Setenv("HOME", "")
			os.Mkdir(perUser(root), 0o700)
			os.Chmod(perUser(root), 0o777)
		}, func(_, work string) string { return filepath.Join(work, "cache") }, "$HOME"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			cacheEnv(t, root)
			tt.setup(t, root)
			work := t.TempDir()
			got, warning, err := runtimeCache(work)
			if err != nil {
				t.Fatalf("runtimeCache: %v", err)
			}
			if want := tt.want(root, work); got != want {
				t.Errorf("cache = %q, want %q", got, want)
			}
			switch {
			case tt.why == "" && warning != "":
				t.Errorf("unexpected warning %q", warning)
			case tt.why != "" && (!strings.Contains(warning, tt.why) || !strings.Contains(warning, "using "+got) ||
				strings.Contains(warning, "\n")):
				t.Errorf("warning = %q; want one line with %q and the cache used", warning, tt.why)
			}
			fi, err := os.Lstat(got)
			if err != nil || !fi.IsDir() || fi.Mode().Perm()&0o077 != 0 {
				t.Errorf("cache %s: %v, %v; want a directory only its user may use", got, fi.Mode(), err)
			}
		})
	}
	if os.Geteuid() != 0 { // root may write anywhere
		t.Run("read-only HOME", func(t *testing.T) {
			root := t.TempDir()
			cacheEnv(t, root)
			t.Setenv("XDG_CACHE_HOME", "")
			os.Chmod(filepath.Join(root, "home"), 0o500)
			t.Cleanup(func() { os.Chmod(filepath.Join(root, "home"), 0o700) })
			got, warning, err := runtimeCache(t.TempDir())
			if err != nil || got != perUser(root) || !strings.Contains(warning, "permission denied") {
				t.Errorf("runtimeCache = %q, %q, %v; want %q and a warning", got, warning, err, perUser(root))
			}
		})
	}
}

// testCompilation is a compilation for the cache functions, with its
// diagnostics in diags.
func testCompilation(t *testing.T, target Target) *compilation {
	cc, err := FindCC()
	if err != nil {
		t.Skip(err)
	}
	return &compilation{cfg: &Config{ACC: true, Target: target}, diags: &diag.List{}, work: t.TempDir(),
		cc: cc, run: &runner{stderr: io.Discard}}
}

func TestCacheEntryIsCheckedAndRebuilt(t *testing.T) {
	header := filepath.Join(runtime.Hash()[:16], runtime.IncludeDir, "openacc.h")
	want, err := runtime.Files.ReadFile(runtime.IncludeDir + "/openacc.h")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		tamper func(t *testing.T, cache string) // after a first build
	}{
		{"group-writable header", func(t *testing.T, cache string) {
			p := filepath.Join(cache, header)
			os.WriteFile(p, []byte("#error planted\n"), 0o644)
			os.Chmod(p, 0o664)
		}},
		{"world-writable include dir", func(t *testing.T, cache string) {
			p := filepath.Join(cache, header)
			os.WriteFile(p, []byte("#error planted\n"), 0o644)
			os.Chmod(filepath.Dir(p), 0o777)
		}},
		{"world-writable key dir", func(t *testing.T, cache string) {
			p := filepath.Join(cache, header)
			os.WriteFile(p, []byte("#error planted\n"), 0o644)
			os.Chmod(filepath.Dir(filepath.Dir(p)), 0o777)
		}},
		{"header is a link", func(t *testing.T, cache string) {
			p := filepath.Join(cache, header)
			planted := filepath.Join(t.TempDir(), "planted.h")
			os.WriteFile(planted, []byte("#error planted\n"), 0o644)
			os.Remove(p)
			os.Symlink(planted, p)
		}},
		{"key is a file", func(t *testing.T, cache string) {
			p := filepath.Join(cache, runtime.Hash()[:16])
			os.RemoveAll(p)
			os.WriteFile(p, nil, 0o644)
		}},
		{"incomplete entry", func(t *testing.T, cache string) {
			os.Remove(filepath.Join(cache, header))
		}},
		{"another user's header", func(t *testing.T, cache string) {
			if os.Geteuid() != 0 {
				t.Skip("only root can give a file to another user")
			}
			p := filepath.Join(cache, header)
			os.WriteFile(p, []byte("#error planted\n"), 0o644)
			if err := os.Chown(p, 4242, 4242); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cache := t.TempDir()
			t.Setenv("ACCC_CACHE_DIR", cache)
			if _, err := testCompilation(t, TargetHost).headerDir(); err != nil {
				t.Fatal(err)
			}
			tt.tamper(t, cache)
			c := testCompilation(t, TargetHost)
			dir, err := c.headerDir()
			if err != nil {
				t.Fatalf("headerDir after tampering: %v", err)
			}
			if dir != filepath.Join(cache, filepath.Dir(header)) {
				t.Errorf("headerDir = %q, want the entry in %s", dir, cache)
			}
			if got, err := os.ReadFile(filepath.Join(dir, "openacc.h")); err != nil || !bytes.Equal(got, want) {
				t.Errorf("openacc.h was not rebuilt: %.40q, %v", got, err)
			}
			if err := checkEntry(dir, "openacc.h"); err != nil {
				t.Errorf("rebuilt entry: %v", err)
			}
			if err := checkPrivate(filepath.Dir(dir), lstat(t, filepath.Dir(dir))); err != nil {
				t.Errorf("rebuilt key dir: %v", err)
			}
			leftovers(t, cache)
		})
	}
}

func lstat(t *testing.T, path string) fs.FileInfo {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi
}

// leftovers fails the test when a temporary or discarded directory is left
// in the cache.
func leftovers(t *testing.T, cache string) {
	t.Helper()
	filepath.WalkDir(cache, func(path string, d fs.DirEntry, err error) error {
		if err == nil && (strings.Contains(d.Name(), ".tmp") || strings.HasPrefix(d.Name(), ".discard")) {
			t.Errorf("left in the cache: %s", path)
		}
		return err
	})
}

func TestRuntimeLibraryIsPrivateUnderAnyUmask(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("ACCC_CACHE_DIR", cache)
	c := testCompilation(t, TargetHost)
	// With a umask of 0, ar makes a world-writable archive: the cache
	// must not keep it so, or every later run would refuse the entry.
	old := syscall.Umask(0)
	dir, _, err := c.runtimeDir()
	syscall.Umask(old)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkEntry(dir, filepath.Join("lib", "libaccrt-shared.a")); err != nil {
		t.Errorf("runtime entry: %v", err)
	}
	again, _, err := testCompilation(t, TargetHost).runtimeDir()
	if err != nil || again != dir {
		t.Errorf("second runtimeDir = %q, %v; want %q", again, err, dir)
	}
}

// TestCachedBuildConcurrent builds one entry from many goroutines at once
// while others read it: a reader that finds the entry's marker must find
// every file complete, every builder must get the same complete entry,
// and no temporary directory may stay.
func TestCachedBuildConcurrent(t *testing.T) {
	cache := t.TempDir()
	const builders, chunks = 8, 64
	chunk := bytes.Repeat([]byte("accc"), 1024)
	full := bytes.Repeat(chunk, chunks)
	final := filepath.Join(cache, "key", "be")
	build := func(dir string) error {
		os.MkdirAll(filepath.Join(dir, "lib"), 0o755)
		f, err := os.Create(filepath.Join(dir, "lib", "lib.a"))
		if err != nil {
			return err
		}
		for i := range chunks { // written piece by piece, as ar does
			if _, err := f.Write(chunk); err != nil {
				return err
			}
			if i == chunks/2 {
				// Half written: the entry must not show it.
				if fi, err := os.Stat(filepath.Join(final, "lib", "lib.a")); err == nil && fi.Size() != int64(len(full)) {
					t.Errorf("the entry shows a half-written library (%d bytes)", fi.Size())
				}
			}
		}
		if err := f.Close(); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, "done"), nil, 0o644)
	}
	stop := make(chan struct{})
	var readers sync.WaitGroup
	for range 2 {
		readers.Add(1)
		go func() {
			defer readers.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := os.Stat(filepath.Join(final, "done")); err != nil {
					continue
				}
				if got, err := os.ReadFile(filepath.Join(final, "lib", "lib.a")); err != nil || !bytes.Equal(got, full) {
					t.Errorf("a reader saw a half-written entry: %d bytes, %v", len(got), err)
					return
				}
			}
		}()
	}
	var wg sync.WaitGroup
	dirs := make([]string, builders)
	errs := make([]error, builders)
	for i := range builders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dirs[i], errs[i] = cachedBuild(cache, "key", "be", "done", false, build)
		}()
	}
	wg.Wait()
	close(stop)
	readers.Wait()
	for i := range builders {
		if errs[i] != nil || dirs[i] != final {
			t.Errorf("builder %d: %q, %v; want %q", i, dirs[i], errs[i], final)
		}
	}
	if got, err := os.ReadFile(filepath.Join(final, "lib", "lib.a")); err != nil || !bytes.Equal(got, full) {
		t.Errorf("the entry is not complete: %d bytes, %v", len(got), err)
	}
	leftovers(t, cache)
}

func TestCachedBuildHeadersConcurrent(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("ACCC_CACHE_DIR", cache)
	var wg sync.WaitGroup
	dirs := make([]string, 6)
	errs := make([]error, len(dirs))
	for i := range dirs {
		c := testCompilation(t, TargetHost)
		wg.Add(1)
		go func() {
			defer wg.Done()
			dirs[i], errs[i] = c.headerDir()
		}()
	}
	wg.Wait()
	for i := range dirs {
		if errs[i] != nil || dirs[i] != dirs[0] {
			t.Errorf("headerDir %d = %q, %v; want %q", i, dirs[i], errs[i], dirs[0])
		}
	}
	if err := checkEntry(dirs[0], "openacc.h"); err != nil {
		t.Error(err)
	}
	leftovers(t, cache)
}
