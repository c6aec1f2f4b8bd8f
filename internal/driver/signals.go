package driver

import (
	"os"
	"os/exec"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// An interrupted accc leaves nothing behind: every temporary directory the
// driver makes (the work directory, a runtime build in progress) and every
// output being written is registered in cleanups, and every tool is started
// through it. HandleSignals, which cmd/accc installs, makes SIGINT, SIGTERM
// and SIGHUP stop the invocation: the running tools get the same signal
// (a shell's Ctrl-C reaches them anyway; kill -TERM reaches only accc), then
// the temporary directories and the unfinished outputs are removed, and
// accc exits with 128 plus the signal's number, as a shell reports it.
var cleanups = newCleanupSet()

// toolGrace is how long the tools have to exit after the signal is passed
// on to them; then they are killed.
const toolGrace = 5 * time.Second

// cleanupSet is what an interrupt must undo. Once stopped, it keeps mu
// locked until the process exits, so no tool starts and no temporary
// directory appears after it has cleaned up.
type cleanupSet struct {
	mu      sync.Mutex
	temps   map[string]bool // directories to remove
	outputs map[string]int  // outputs being written (a count: -c a.c b.c -o x may write one twice)
	pmu     sync.Mutex
	procs   map[*os.Process]bool // running tools
	running sync.WaitGroup
}

func newCleanupSet() *cleanupSet {
	return &cleanupSet{temps: map[string]bool{}, outputs: map[string]int{}, procs: map[*os.Process]bool{}}
}

// tempDir creates a directory as os.MkdirTemp does and registers it; its
// release function removes it.
func (s *cleanupSet) tempDir(dir, pattern string) (string, func(), error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d, err := os.MkdirTemp(dir, pattern)
	if err != nil {
		return "", nil, err
	}
	s.temps[d] = true
	return d, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		os.RemoveAll(d)
		delete(s.temps, d)
	}, nil
}

// output registers path as an output about to be written; done(ok) ends
// that, removing the file (if it is an ordinary file) unless ok, as gcc
// removes an output whose compilation failed.
func (s *cleanupSet) output(path string) (done func(ok bool)) {
	s.mu.Lock()
	s.outputs[path]++
	s.mu.Unlock()
	return func(ok bool) {
		s.mu.Lock()
		defer s.mu.Unlock()
		if !ok {
			removeIfOrdinary(path)
		}
		if s.outputs[path]--; s.outputs[path] == 0 {
			delete(s.outputs, path)
		}
	}
}

// removeIfOrdinary removes path if it is a regular file itself: `-o
// /dev/null` must stay a device, and `-o /dev/stdout` a link.
func removeIfOrdinary(path string) {
	if fi, err := os.Lstat(path); err == nil && fi.Mode().IsRegular() {
		os.Remove(path)
	}
}

// start starts cmd and registers it; wait must follow.
func (s *cleanupSet) start(cmd *exec.Cmd) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := cmd.Start(); err != nil {
		return err
	}
	s.pmu.Lock()
	s.procs[cmd.Process] = true
	s.pmu.Unlock()
	s.running.Add(1)
	return nil
}

// wait waits for a command that start started.
func (s *cleanupSet) wait(cmd *exec.Cmd) error {
	err := cmd.Wait()
	s.pmu.Lock()
	delete(s.procs, cmd.Process)
	s.pmu.Unlock()
	s.running.Done()
	return err
}

// stop passes sig on to the running tools, waits for them (toolGrace at
// most, then kills them) and removes the registered directories and
// outputs. It returns with mu held.
func (s *cleanupSet) stop(sig os.Signal) {
	s.mu.Lock()
	s.pmu.Lock()
	for p := range s.procs {
		p.Signal(sig)
	}
	s.pmu.Unlock()
	exited := make(chan struct{})
	go func() { s.running.Wait(); close(exited) }()
	select {
	case <-exited:
	case <-time.After(toolGrace):
		s.pmu.Lock()
		for p := range s.procs {
			p.Kill()
		}
		s.pmu.Unlock()
	}
	for p := range s.outputs {
		removeIfOrdinary(p)
	}
	for d := range s.temps {
		os.RemoveAll(d)
	}
}

// HandleSignals makes SIGINT, SIGTERM and SIGHUP end the process after
// cleaning up (see cleanups), with exit status 128 plus the signal number.
// Only a command may install it: the process exits.
func HandleSignals() {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		sig := <-ch
		cleanups.stop(sig)
		os.Exit(128 + int(sig.(syscall.Signal)))
	}()
}
