package driver

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/runtime"
)

// preprocessorFlags are the -D/-U/-I/-include/-std options, in order.
func (c *compilation) preprocessorFlags() []string {
	var args []string
	if c.cfg.Std != "" {
		args = append(args, "-std="+c.cfg.Std)
	}
	for _, d := range c.cfg.IncludeDirs {
		args = append(args, "-I"+d)
	}
	for _, d := range c.cfg.SysIncludeDirs {
		args = append(args, "-isystem", d)
	}
	for _, d := range c.cfg.AfterIncludeDirs {
		args = append(args, "-idirafter", d)
	}
	for _, d := range c.cfg.Defines {
		if strings.HasPrefix(d, "-") {
			args = append(args, "-U"+d[1:])
		} else {
			args = append(args, "-D"+d)
		}
	}
	for _, f := range c.cfg.PreIncludes {
		args = append(args, "-include", f)
	}
	if c.cfg.ACC {
		// After the user's -D, as nvc: a user's -D_OPENACC=... is
		// overridden with a warning by the host compiler.
		args = append(args, fmt.Sprintf("-D_OPENACC=%d", runtime.OpenACCVersion))
		if c.hdrDir != "" {
			// Before every system directory: gcc ships an openacc.h
			// of its own, with other values (and some gcc builds put
			// their own directories ahead of -isystem).
			args = append(args, "-I", c.hdrDir)
		}
	}
	return args
}

// codeFlags are the options that affect code generation and linking.
func (c *compilation) codeFlags() []string {
	var args []string
	if c.cfg.OptLevel != "" {
		args = append(args, c.cfg.OptLevel)
	}
	if c.cfg.Debug {
		args = append(args, "-g")
	}
	if c.cfg.NoWarnings {
		args = append(args, "-w")
	}
	args = append(args, c.cfg.WarnFlags...)
	args = append(args, c.cfg.HostFlags...)
	return args
}

// frontendConfig is the frontend's view of the preprocessor options.
func (c *compilation) frontendConfig() *frontend.Config {
	fc := &frontend.Config{
		// The frontend searches -I, -isystem and -idirafter in that order,
		// all before the host compiler's directories.
		IncludeDirs: slices.Concat(c.cfg.IncludeDirs, c.cfg.SysIncludeDirs, c.cfg.AfterIncludeDirs),
		Defines:     c.cfg.Defines,
		PreIncludes: c.cfg.PreIncludes,
		Std:         c.cfg.Std,
		CC:          c.cc[0],
		CCArgs:      c.cc[1:],
	}
	// Without an answer (the compiler failed) the frontend asks the
	// compiler itself, and reports why it cannot be configured.
	if p, err := c.probes(); err == nil {
		fc.Host = p.Host
	}
	if c.cfg.ACC {
		fc.OpenACC = runtime.OpenACCVersion
		if c.hdrDir != "" {
			fc.SysIncludeDirs = []string{c.hdrDir}
		}
	}
	return fc
}

// load runs the frontend and, when code is to be generated, the target
// checks on one C file.
func (c *compilation) load(in string) (*frontend.Unit, error) {
	var u *frontend.Unit
	var err error
	c.startTimes()
	defer c.timePhase("frontend", time.Now(), 0)
	if c.preprocessed() {
		u, err = c.loadPreprocessed(in)
	} else {
		u, err = frontend.Load(c.frontendConfig(), in, c.diags)
	}
	if err != nil {
		return nil, err
	}
	if c.cfg.Mode == ModeCompile || c.cfg.Mode == ModeLink {
		// Only building needs the target's tools: -fsyntax-only and
		// --emit=source stop before nvcc would run.
		c.checkTarget()
	}
	if c.diags.HasErrors() {
		return nil, errRejected
	}
	return u, nil
}

// preprocess runs the host preprocessor (-E); -M and -MM write the
// dependencies instead, and -MD and -MMD write them too (see deps.go).
func (c *compilation) preprocess(in string) (err error) {
	if parseDepFlags(c.cfg.DepFlags).only {
		return c.writeDeps(in, false)
	}
	if c.cfg.Output != "" {
		done := c.writing(c.cfg.Output)
		defer func() { done(err == nil) }()
	}
	argv := c.ccArgv("-E")
	argv = append(argv, c.preprocessorFlags()...)
	argv = append(argv, c.cfg.HostFlags...)
	argv = append(argv, in)
	if c.cfg.Output != "" {
		argv = append(argv, "-o", c.cfg.Output)
	}
	if err := c.run.run(argv, c.stdout); err != nil {
		return err
	}
	return c.writeDeps(in, false)
}

// syntaxOnly checks the C code and the directives (-fsyntax-only): the
// frontend, then the lowering of the directives for the chosen target, which
// finds the errors a full compile finds there (collapse depth, default(none),
// loop levels, ...) and the -Minfo remarks; no code is generated and no nvcc
// is needed. The host compiler checks the C code too, so its warnings appear
// as usual.
func (c *compilation) syntaxOnly(in string) error {
	u, err := c.load(in)
	if err != nil {
		return err
	}
	if c.accelerated(u) {
		if _, _, err := c.lower(u); err != nil {
			return err
		}
	}
	argv := c.ccArgv("-fsyntax-only")
	argv = append(argv, c.preprocessorFlags()...)
	argv = append(argv, c.codeFlags()...)
	argv = append(argv, c.pragmaFlags(u)...)
	if err := c.run.run(append(argv, in), nil); err != nil {
		return err
	}
	return c.writeDeps(in, false)
}

// generatedName is where --keep and --emit=source put a generated file:
// beside the output (or the input), with the given suffix.
func (c *compilation) generatedName(in, suffix string) string {
	base := in
	if c.cfg.Output != "" && c.cfg.Mode != ModeLink {
		base = c.cfg.Output
	}
	return strings.TrimSuffix(base, filepath.Ext(base)) + suffix
}

// emitSource writes the generated files and stops (--emit=source).
func (c *compilation) emitSource(in string) error {
	u, err := c.load(in)
	if err != nil {
		return err
	}
	return c.writeGenerated(in, u)
}

func (c *compilation) writeGenerated(in string, u *frontend.Unit) error {
	if !c.accelerated(u) {
		src := u.Src[u.File]
		if u.Lines != nil {
			// The file itself, not its preprocessed text: no directive
			// means no change.
			var err error
			if src, err = os.ReadFile(in); err != nil {
				return err
			}
		}
		return c.write(c.generatedName(in, ".acc.c"), src)
	}
	g, err := c.generate(in, u)
	if err != nil {
		return err
	}
	if err := c.write(c.generatedName(in, ".acc.c"), g.host); err != nil {
		return err
	}
	if g.cu != nil {
		return c.write(c.generatedName(in, ".acc.cu"), g.cu)
	}
	return nil
}

// compileC compiles one C file to the object file out, and writes its
// dependency file when asked (-MD, -MMD). When a step after the load
// fails, out is removed.
func (c *compilation) compileC(in, out string) (err error) {
	u, err := c.load(in)
	if err != nil {
		return err
	}
	done := c.writing(out)
	defer func() { done(err == nil) }()
	if c.accelerated(u) {
		if err := c.compileAccel(in, out, u); err != nil {
			return err
		}
		return c.writeDeps(in, true)
	}
	if c.cfg.Keep {
		if err := c.writeGenerated(in, u); err != nil {
			return err
		}
	}
	argv := c.ccArgv("-c")
	argv = append(argv, c.preprocessorFlags()...)
	argv = append(argv, c.codeFlags()...)
	argv = append(argv, c.pragmaFlags(u)...)
	argv = append(argv, in, "-o", out)
	if err := c.run.run(argv, nil); err != nil {
		return err
	}
	return c.writeDeps(in, false)
}

// pragmaFlags silences the host compiler about the acc pragmas that accc
// has consumed (gcc's -Wall would warn "ignoring #pragma acc").
func (c *compilation) pragmaFlags(u *frontend.Unit) []string {
	if len(u.Pragmas) == 0 {
		return nil
	}
	return []string{"-Wno-unknown-pragmas"}
}
