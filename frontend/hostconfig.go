package frontend

import (
	"fmt"
	"runtime"
	"slices"
	"strings"

	"modernc.org/cc/v4"
)

// HostConfig is what the C frontend learns from the host compiler: cc/v4's
// NewConfig runs it twice, for its predefined macros (cc -dM -E) and its
// include directories (cc -v -E). ProbeHost gets it; the driver keeps it
// in its cache, keyed by the compiler's file, and hands it back in
// Config.Host, so that a compilation need not run the compiler for it.
type HostConfig struct {
	CC              string   // the compiler cc/v4 ran, by its path
	Predefined      string   // its predefined macros, #define lines
	IncludePaths    []string // its directories for #include "..."
	SysIncludePaths []string // its directories for #include <...>
}

// ProbeHost runs the host compiler of cfg (CC, CCArgs and Std) as the
// frontend does without Config.Host.
func ProbeHost(cfg *Config) (*HostConfig, error) {
	c, err := probedCCConfig(cfg)
	if err != nil {
		return nil, err
	}
	return &HostConfig{CC: c.CC, Predefined: c.Predefined,
		IncludePaths: slices.Clone(c.HostIncludePaths), SysIncludePaths: slices.Clone(c.HostSysIncludePaths)}, nil
}

// ccOptions are the options cc/v4 configures itself from: the words of
// the host compiler's command after its name, and -std.
func ccOptions(cfg *Config) []string {
	opts := cfg.CCArgs[:len(cfg.CCArgs):len(cfg.CCArgs)]
	if cfg.Std != "" {
		opts = append(opts, "-std="+cfg.Std)
	}
	return opts
}

// ccConfig returns the configuration cc.NewConfig would build from h
// with the options opts, or false where NewConfig also sets what only it
// can (its unexported keyword table and builtin switches): -ansi,
// -fno-asm, -std= of ISO C, -ffreestanding, -fno-builtin, cc/v4's long
// double option, and C23 (the predefined __STDC_VERSION__), which add or
// remove keywords. TestHostConfigExact compares the two.
func (h *HostConfig) ccConfig(opts []string) (*cc.Config, bool) {
	for _, o := range opts {
		switch {
		case o == "-ansi", o == "-fno-asm", o == "-ffreestanding", o == "-fno-builtin",
			o == cc.LongDouble64Flag(runtime.GOOS, runtime.GOARCH),
			strings.HasPrefix(o, "-std") && !strings.HasPrefix(o, "-std=gnu"):
			return nil, false
		}
	}
	if stdcVersion(h.Predefined) >= 202000 {
		return nil, false
	}
	abi, err := cc.NewABI(runtime.GOOS, runtime.GOARCH)
	if err != nil {
		return nil, false
	}
	inc, sys := slices.Clone(h.IncludePaths), slices.Clone(h.SysIncludePaths)
	return &cc.Config{
		ABI:                 abi,
		CC:                  h.CC,
		HostIncludePaths:    inc,
		HostSysIncludePaths: sys,
		IncludePaths:        slices.Concat([]string{""}, inc, sys),
		Predefined:          h.Predefined,
		SysIncludePaths:     sys,
	}, true
}

// stdcVersion is the value of __STDC_VERSION__ in the predefined macros,
// as cc/v4 reads it.
func stdcVersion(predefined string) int64 {
	const prefix = "#define __STDC_VERSION__ "
	for _, l := range strings.Split(predefined, "\n") {
		if v, ok := strings.CutPrefix(l, prefix); ok {
			var n int64
			fmt.Sscan(strings.TrimSuffix(strings.TrimSpace(v), "L"), &n)
			return n
		}
	}
	return 0
}
