package main

import "github.com/accc-compiler/accc/internal/driver"

// checkFallback refuses the options that -acc=gpu,multicore does not
// build yet: autocompare (the multicore version takes the place of the
// host version it compares with) and the memory modes other than
// separate (their heaps are the CUDA runtime's, which a run without a GPU
// does not have).
func checkFallback(cfg *driver.Config) error {
	if !cfg.Fallback || !cfg.ACC || cfg.Target != driver.TargetGPU {
		cfg.Fallback = false
		return nil
	}
	if cfg.Autocompare {
		return errorf("'-gpu=autocompare' is not supported with -acc=gpu,multicore yet; build with -acc=gpu")
	}
	if cfg.Memory != driver.MemSeparate {
		mode := "mem:" + string(cfg.Memory)
		if cfg.Memory == driver.MemPinned {
			mode = "mem:separate:pinnedalloc"
		}
		return errorf("-gpu=%s is not supported with -acc=gpu,multicore yet: its heap needs a GPU, which the multicore fallback runs without; use -gpu=mem:separate (the default)", mode)
	}
	return nil
}
