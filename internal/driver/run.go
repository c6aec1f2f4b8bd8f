package driver

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/lower"
)

// Version is accc's version, printed by `accc version` and used to key the
// runtime build cache.
var Version = "0.1.0-dev"

// Exit statuses of an invocation.
const (
	exitOK       = 0
	exitRejected = 1 // bad input, or a tool failed
	exitUsage    = 2
	exitInternal = 3
)

// Run carries out cfg, writing diagnostics and tool messages to stderr and
// preprocessed text (-E without -o) to stdout. It returns the process exit
// status.
func Run(cfg *Config, stdout, stderr io.Writer) (status int) {
	c := &compilation{
		cfg:    cfg,
		stdout: stdout,
		stderr: stderr,
		diags:  &diag.List{Policy: cfg.WarnCodes},
		run:    &runner{verbose: cfg.Verbose, dryRun: cfg.DryRun, stdout: stdout, stderr: stderr},
	}
	defer func() {
		if r := recover(); r != nil {
			status = c.internalError(r)
		}
	}()
	for _, w := range cfg.Warnings {
		c.diags.Report(diag.Diagnostic{Severity: diag.Warning, Code: diag.CodeDriver, Msg: w})
	}
	status = c.compile()
	if c.flush() && status == exitOK {
		status = exitRejected
	}
	return status
}

// compilation is the state of one invocation.
type compilation struct {
	cfg      *Config
	stdout   io.Writer
	stderr   io.Writer
	diags    *diag.List
	run      *runner
	cc       []string // host C compiler: its program and the words after it in $CC (FindCC)
	nvcc     string   // nvcc, for -acc=gpu
	cudaLib  string   // the directory of libcudart, for -acc=gpu
	nvccArgs []string
	rtDir    string           // the runtime build, once known
	hdrDir   string           // openacc.h and the runtime headers, with -acc
	cache    string           // the runtime cache directory, once known (cacheRoot)
	work     string           // private temporary directory
	current  string           // the C file being compiled, for internal errors
	times    *lower.PassTimes // with ACCC_TIME_PASSES=1 (timepasses.go)
	probed   probeResult      // the host compiler's answers, once asked (probecache.go)
}

// ccArgv is the command line that runs the host compiler with args.
func (c *compilation) ccArgv(args ...string) []string {
	return append(c.cc[:len(c.cc):len(c.cc)], args...)
}

// errorf reports an error without a source position ("accc: error: ...").
func (c *compilation) errorf(format string, args ...any) {
	c.diags.Report(diag.Diagnostic{Severity: diag.Error, Code: diag.CodeDriver, Msg: fmt.Sprintf(format, args...)})
}

func (c *compilation) compile() int {
	if err := c.checkInputs(); err != nil {
		c.errorf("%v", err)
		return exitRejected
	}
	if c.cfg.Mode == ModeLink || c.cfg.Mode == ModeCompile || c.cfg.Mode == ModePreprocess {
		if err := c.notAnInput(c.cfg.Output); err != nil {
			c.errorf("%v", err)
			return exitRejected
		}
	}
	if os.Getenv(NestedEnv) != "" {
		c.errorf("accc was run by a tool that accc itself started: the host compiler leads back to accc "+
			"(CC=%s); set CC to a C compiler such as gcc", os.Getenv("CC"))
		return exitRejected
	}
	cc, err := FindCC()
	if err != nil {
		c.errorf("%v", err)
		return exitRejected
	}
	c.cc = cc
	work, cleanup, err := newWorkDir()
	if err != nil {
		c.errorf("%v", err)
		return exitRejected
	}
	defer cleanup()
	c.work = work
	if c.cfg.ACC {
		if c.hdrDir, err = c.headerDir(); err != nil {
			c.errorf("writing the OpenACC headers: %v", err)
			return exitRejected
		}
	}

	switch c.cfg.Mode {
	case ModePrintLibs:
		return c.printLibs()
	case ModePreprocess:
		return c.forEachC(c.preprocess)
	case ModeSyntax:
		return c.forEachC(c.syntaxOnly)
	case ModeEmitSource:
		return c.forEachC(c.emitSource)
	case ModeCompile:
		return c.forEachC(func(in string) error {
			out := c.objectName(in)
			if err := c.notAnInput(out); err != nil {
				return err
			}
			return c.compileC(in, out)
		})
	default:
		return c.link()
	}
}

// checkInputs reports the first input file that cannot be read.
func (c *compilation) checkInputs() error {
	for _, in := range c.cfg.Inputs {
		if in.Kind != InputC && in.Kind != InputObject {
			continue
		}
		f, err := os.Open(in.Path)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return fmt.Errorf("%s: No such file or directory", in.Path)
			}
			return fmt.Errorf("%s: %v", in.Path, errors.Unwrap(err))
		}
		st, err := f.Stat()
		f.Close()
		if err == nil && st.IsDir() {
			return fmt.Errorf("%s: is a directory", in.Path)
		}
	}
	return nil
}

// notAnInput reports an error when the file out exists and is one of the
// input files (by identity, not name: ./x.c, x.c and a link to it are one
// file), which writing out would destroy, as gcc does.
func (c *compilation) notAnInput(out string) error {
	if out == "" || out == "-" {
		return nil
	}
	o, err := os.Stat(out)
	if err != nil {
		return nil
	}
	for _, in := range c.cfg.Inputs {
		if in.Kind != InputC && in.Kind != InputObject {
			continue
		}
		if i, err := os.Stat(in.Path); err == nil && os.SameFile(i, o) {
			return fmt.Errorf("input file '%s' is the same as output file", in.Path)
		}
	}
	return nil
}

// writing registers out as an output the invocation is about to write
// (cleanups.output); done(ok) removes it unless ok, so that a failure in a
// later step (the dependency file, objcopy) leaves no object that make
// would take for up to date. Nothing is registered for -###.
func (c *compilation) writing(out string) (done func(ok bool)) {
	if c.cfg.DryRun {
		return func(bool) {}
	}
	return cleanups.output(out)
}

// forEachC runs fn on every C input and reports whether all succeeded.
func (c *compilation) forEachC(fn func(string) error) int {
	status := exitOK
	for _, in := range c.cfg.Inputs {
		if in.Kind != InputC {
			continue
		}
		c.current = in.Path
		if err := fn(in.Path); err != nil {
			c.reportErr(err)
			status = exitRejected
		}
		c.current = ""
	}
	return status
}

// errRejected means the input had errors that are already reported.
var errRejected = errors.New("input rejected")

func (c *compilation) reportErr(err error) {
	var te *toolError
	switch {
	case errors.Is(err, errRejected), errors.Is(err, frontend.ErrRejected):
	case errors.As(err, &te):
		c.errorf("%v", err)
	default:
		c.errorf("%v", err)
	}
}

// objectName is the object file for a C input in -c mode: -o if given, else
// the input's base name with .o in the current directory (as gcc does).
func (c *compilation) objectName(in string) string {
	if c.cfg.Output != "" {
		return c.cfg.Output
	}
	return strings.TrimSuffix(filepath.Base(in), filepath.Ext(in)) + ".o"
}

// link compiles the C inputs into the work directory and links everything:
// the objects, libraries and linker options in command-line order (objs),
// of which files are the object files, for the device link.
// printLibs prints the arguments a link line needs for objects accc built
// for the target (its runtime library and what that needs), one line,
// quoted for a shell, so that a Makefile can link with its own compiler:
// LDLIBS += $(shell accc -acc=gpu --print-libs). Objects whose routines
// call one another across files need accc's link (nvlink's device link).
func (c *compilation) printLibs() int {
	args, err := c.runtimeLinkArgs()
	if err != nil {
		c.errorf("%v", err)
		return exitRejected
	}
	fmt.Fprintln(c.stdout, shellQuote(args))
	return exitOK
}

func (c *compilation) link() int {
	var objs, files []string
	status := exitOK
	for i, in := range c.cfg.Inputs {
		switch in.Kind {
		case InputC:
			c.current = in.Path
			obj := filepath.Join(c.work, fmt.Sprintf("%d-%s.o", i, strings.TrimSuffix(filepath.Base(in.Path), filepath.Ext(in.Path))))
			if err := c.compileC(in.Path, obj); err != nil {
				c.reportErr(err)
				status = exitRejected
			}
			c.current = ""
			objs, files = append(objs, obj), append(files, obj)
		case InputObject:
			objs, files = append(objs, in.Path), append(files, in.Path)
		case InputLib:
			objs = append(objs, "-l"+in.Path)
		case InputLinkOption:
			objs = append(objs, in.Path)
		case InputXlinker:
			objs = append(objs, "-Xlinker", in.Path)
		}
	}
	if status != exitOK {
		return status
	}
	out := c.cfg.Output
	if out == "" {
		out = "a.out"
	}
	if c.cfg.ACC && c.cfg.Target == TargetGPU && !c.cfg.DryRun {
		dlink, err := c.deviceLink(files)
		if err != nil {
			c.reportErr(err)
			return exitRejected
		}
		if dlink != "" {
			objs = append(objs, dlink)
		}
	}
	argv := c.ccArgv()
	argv = append(argv, c.codeFlags()...)
	for _, d := range c.cfg.LibDirs {
		argv = append(argv, "-L"+d)
	}
	argv = append(argv, objs...)
	argv = append(argv, c.cfg.LinkArgs...)
	rtArgs, err := c.runtimeLinkArgs()
	if err != nil {
		c.errorf("%v", err)
		return exitRejected
	}
	argv = append(argv, rtArgs...)
	argv = append(argv, "-o", out)
	done := c.writing(out)
	err = c.run.run(argv, nil)
	done(err == nil)
	if err != nil {
		c.reportErr(err)
		return exitRejected
	}
	return exitOK
}

// flush renders the collected diagnostics and reports whether any was an
// error.
func (c *compilation) flush() bool {
	ds := c.diags.Sorted()
	hasErr := false
	for _, d := range ds {
		if d.Severity == diag.Error {
			hasErr = true
		}
	}
	limit := c.cfg.ErrorLimit
	if limit == 0 {
		limit = 10
	}
	ds, truncated := diag.Limit(ds, limit)
	ds = c.selectRemarks(ds)
	switch c.cfg.DiagFmt {
	case "json":
		diag.WriteJSON(c.stderr, ds)
	case "sarif":
		diag.WriteSARIF(c.stderr, ds, Version)
	default:
		var remarks, others []diag.Diagnostic
		for _, d := range ds {
			if d.Severity == diag.Remark {
				remarks = append(remarks, d)
			} else {
				others = append(others, d)
			}
		}
		diag.WriteMinfo(c.stderr, c.inInputOrder(remarks))
		diag.WriteText(c.stderr, others)
		if truncated {
			fmt.Fprintf(c.stderr, "accc: fatal error: too many errors emitted, stopping now [-fmax-errors=%d]\n", limit)
		}
	}
	return hasErr
}

// inInputOrder orders ds by the command line's order of their files (a
// stable sort: each file's keep their order); files not on the command
// line (headers) keep their place after those that are.
func (c *compilation) inInputOrder(ds []diag.Diagnostic) []diag.Diagnostic {
	order := map[string]int{}
	for i, in := range c.cfg.Inputs {
		order[in.Path] = i + 1
	}
	rank := func(f string) int {
		if r, ok := order[f]; ok {
			return r
		}
		return len(order) + 1
	}
	out := slices.Clone(ds)
	slices.SortStableFunc(out, func(a, b diag.Diagnostic) int { return rank(a.Pos.File) - rank(b.Pos.File) })
	return out
}

// selectRemarks drops the remarks that -Minfo and -Mneginfo did not ask
// for (Config.Minfo holds the values of both; see diag.MinfoSelector):
// all of them when neither was given.
func (c *compilation) selectRemarks(ds []diag.Diagnostic) []diag.Diagnostic {
	keep := diag.MinfoSelector(c.cfg.Minfo)
	out := ds[:0:0]
	for _, d := range ds {
		if d.Severity == diag.Remark && (c.cfg.Minfo == nil || !keep(d)) {
			continue
		}
		out = append(out, d)
	}
	return out
}

// internalError reports a panic as an internal compiler error: one that a
// pass turned into a diag.InternalError names the pass and the construct
// ("x.c:12:5: internal error in pass schedule: ..."), with the stack of
// the panic when ACCC_DEBUG=1.
func (c *compilation) internalError(r any) int {
	where := "accc"
	if c.current != "" {
		where = c.current
	}
	stack := debug.Stack()
	if ie, ok := r.(*diag.InternalError); ok {
		fmt.Fprintln(c.stderr, ie.Error())
		stack = ie.Stack
	} else {
		fmt.Fprintf(c.stderr, "%s: internal compiler error: %v\n", where, r)
	}
	fmt.Fprintln(c.stderr, "Please report this bug with the input file and the command line.")
	if os.Getenv("ACCC_DEBUG") == "1" {
		c.stderr.Write(stack)
	}
	return exitInternal
}
