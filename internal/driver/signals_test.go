package driver

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

func TestCleanupOutput(t *testing.T) {
	dir := t.TempDir()
	s := newCleanupSet()
	ok := filepath.Join(dir, "ok.o")
	failed := filepath.Join(dir, "failed.o")
	fifo := filepath.Join(dir, "fifo")
	link := filepath.Join(dir, "link")
	for _, p := range []string{ok, failed} {
		os.WriteFile(p, []byte("obj"), 0o644)
	}
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(ok, link); err != nil {
		t.Fatal(err)
	}
	s.output(ok)(true)
	s.output(failed)(false)
	s.output(fifo)(false) // like -o /dev/null: not an ordinary file
	s.output(link)(false) // like -o /dev/stdout: a link
	for p, want := range map[string]bool{ok: true, failed: false, fifo: true, link: true} {
		if _, err := os.Lstat(p); (err == nil) != want {
			t.Errorf("%s: exists = %v, want %v", filepath.Base(p), err == nil, want)
		}
	}
	if len(s.outputs) != 0 {
		t.Errorf("outputs still registered: %v", s.outputs)
	}
}

// TestCleanupStop is what an interrupt does, without the exit: the tool
// gets the signal, the temporary directories and the outputs being written
// go, and no tool starts any more.
func TestCleanupStop(t *testing.T) {
	dir := t.TempDir()
	s := newCleanupSet()
	tmp, _, err := s.tempDir(dir, "accc-")
	if err != nil {
		t.Fatal(err)
	}
	kept, release, err := s.tempDir(dir, "accc-")
	if err != nil {
		t.Fatal(err)
	}
	release()
	out := filepath.Join(dir, "x.o")
	os.WriteFile(out, []byte("partial"), 0o644)
	s.output(out)
	done := filepath.Join(dir, "done.o")
	os.WriteFile(done, []byte("obj"), 0o644)
	s.output(done)(true)

	cmd := exec.Command("sleep", "60")
	if err := s.start(cmd); err != nil {
		t.Skip(err)
	}
	waited := make(chan error)
	go func() { waited <- s.wait(cmd) }()
	s.stop(syscall.SIGTERM)
	var ee *exec.ExitError
	if err := <-waited; !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGTERM {
		t.Errorf("the tool ended with %v, want SIGTERM", err)
	}
	for p, want := range map[string]bool{tmp: false, kept: false, out: false, done: true} {
		if _, err := os.Lstat(p); (err == nil) != want {
			t.Errorf("%s: exists = %v, want %v", filepath.Base(p), err == nil, want)
		}
	}
	if s.mu.TryLock() {
		t.Errorf("stop released its lock: tools could start after the clean-up")
	}
}
