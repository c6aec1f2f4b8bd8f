package frontend

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/internal/diag"
)

// Unit is one translation unit after Load.
type Unit struct {
	File    string            // the main source file, as named on the command line
	AST     *cc.AST           // the type-checked translation unit
	Src     map[string][]byte // file name → contents, for every user file read
	Pragmas []*Pragma         // OpenACC directives in source order
	Funcs   []*FunctionExtent // function definitions of the main file, in source order
	// OpenMP are the byte ranges of the main file's omp directives.
	OpenMP [][2]int
	// Lines is set for a preprocessed unit (LoadPreprocessed): positions
	// are lines of its text, which Lines maps to where they were written.
	Lines *diag.LineMap
	// Omitted are the functions declared in system headers whose
	// declarations the C frontend did not read, since nothing names them
	// (omitUnused): names the unit declares that AST.Scope lacks.
	Omitted []string
}

// ErrRejected is returned by Load when the input has errors; they have been
// reported to the sink.
var ErrRejected = errors.New("translation unit rejected")

// Load reads, preprocesses, parses and type-checks file, then captures,
// parses, attaches and checks its OpenACC directives. Problems in the input
// are reported to sink; Load then returns ErrRejected. Other errors (the host
// compiler cannot be run, the file cannot be read) are returned as they are.
func Load(cfg *Config, file string, sink diag.Sink) (*Unit, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return LoadSource(cfg, file, src, sink)
}

// LoadSource is Load with the main file's contents given.
func LoadSource(cfg *Config, file string, src []byte, sink diag.Sink) (*Unit, error) {
	return load(cfg, file, src, nil, sink)
}

// LoadPreprocessed is Load for a translation unit the host compiler has
// preprocessed (cc -E, with the -D, -U, -include and -I options applied
// and the acc pragmas macro-expanded where they stand, OpenACC §2.1):
// every header's text and every directive is in text, whose line markers
// say where each line was written. Positions reported to sink and kept in
// the Unit are lines of text under the name file; Unit.Lines maps them.
func LoadPreprocessed(cfg *Config, file string, text []byte, sink diag.Sink) (*Unit, error) {
	return load(cfg, file, text, diag.ParseLineMarkers(file, text), sink)
}

// LoadPreprocessedLines is LoadPreprocessed with the LineMap of text
// (diag.ParseLineMarkers(file, text)) given, for a caller that has it.
func LoadPreprocessedLines(cfg *Config, file string, text []byte, lines *diag.LineMap, sink diag.Sink) (*Unit, error) {
	return load(cfg, file, text, lines, sink)
}

func load(cfg *Config, file string, src []byte, lines *diag.LineMap, sink diag.Sink) (*Unit, error) {
	ccfg, err := newCCConfig(cfg)
	if err != nil {
		return nil, err
	}
	u := &Unit{File: file, Src: map[string][]byte{file: src}, Lines: lines}
	rep := &reporter{sink: sink}
	cap := &capture{unit: u, sink: rep, onceSeen: map[string]bool{}, fsys: cfg.FS}
	ccfg.PragmaHandler = cap.handle

	sources := []cc.Source{
		{Name: "<predefined>", Value: ccfg.Predefined},
		{Name: "<builtin>", Value: cc.Builtin},
	}
	if cl := commandLineSource(cfg); cl != "" && lines == nil {
		sources = append(sources, cc.Source{Name: "<command-line>", Value: cl})
	}
	mainSource := len(sources)
	ccsrc := src
	if lines != nil {
		ccsrc, u.Omitted = omitUnused(src, ccfg.Predefined, cc.Builtin)
	}
	sources = append(sources, cc.Source{Name: file, Value: blankEmptyPragmaOperators(ccsrc)}, endSentinel)

	if pos, c, ok := unclosedBracket(file, src); ok {
		rep.errorf(pos, diag.CodeCError, "'%c' is never closed before the end of the file", c)
		return nil, ErrRejected
	}
	if pos, what, ok := unterminatedPragmaOperand(file, src); ok {
		rep.errorf(pos, diag.CodeCError, "the operand of _Pragma ends inside %s", what)
		return nil, ErrRejected
	}
	ast, err := translateGuarded(ccfg, sources)
	var fp *frontendPanic
	if errors.As(err, &fp) {
		pos := panicPosition(ccfg, sources, mainSource, file, src)
		rep.errorf(pos, diag.CodeCError, "the C frontend (cc/v4) failed on this declaration: %v; please report it as a bug", fp.v)
		return nil, ErrRejected
	}
	if err == errTranslateTimeout {
		rep.errorf(diag.Pos{File: file}, diag.CodeCError, "the C frontend did not finish within %v; please report this input as a bug", translateTimeout)
		return nil, ErrRejected
	}
	if err != nil {
		if !reportCCErrors(err, rep, file, src) {
			return nil, err
		}
	}
	if ast == nil || rep.errors > 0 {
		return nil, ErrRejected
	}
	u.AST = ast
	cap.resolvePragmaOperators()
	if rep.errors > 0 {
		return nil, ErrRejected
	}
	newAttacher(u, rep).attachAll()
	if rep.errors > 0 {
		return nil, ErrRejected
	}
	return u, nil
}

// frontendPanic is a panic inside cc/v4, reported as an error at the
// declaration that causes it (panicPosition).
type frontendPanic struct{ v any }

func (p *frontendPanic) Error() string { return fmt.Sprintf("C frontend failure: %v", p.v) }

// hostConfigs caches cc.NewConfig results: each runs the host compiler
// twice, and a build or a fuzzing run loads many files with the same one.
var hostConfigs sync.Map // hostKey → *cc.Config

type hostKey struct{ cc, args, std string } // args: Config.CCArgs joined by NUL

// probedCCConfig returns cc.NewConfig's configuration for cfg's host
// compiler (CC, CCArgs and Std), running it once per process.
func probedCCConfig(cfg *Config) (*cc.Config, error) {
	key := hostKey{cfg.CC, strings.Join(cfg.CCArgs, "\x00"), cfg.Std}
	if base, ok := hostConfigs.Load(key); ok {
		return base.(*cc.Config), nil
	}
	if cfg.CC != "" {
		restore := setEnv("CC", cfg.CC)
		defer restore()
	}
	c, err := cc.NewConfig("", "", ccOptions(cfg)...)
	if err != nil {
		return nil, fmt.Errorf("cannot configure the C frontend from the host compiler: %v", err)
	}
	base, _ := hostConfigs.LoadOrStore(key, c)
	return base.(*cc.Config), nil
}

// newCCConfig builds a cc/v4 configuration with the host compiler's
// predefined macros and include paths (cfg.Host, or from the compiler),
// plus cfg's include directories.
func newCCConfig(cfg *Config) (*cc.Config, error) {
	base, ok := (*cc.Config)(nil), false
	if cfg.Host != nil {
		base, ok = cfg.Host.ccConfig(ccOptions(cfg))
	}
	if !ok {
		var err error
		if base, err = probedCCConfig(cfg); err != nil {
			return nil, err
		}
	}
	c := *base
	ccfg := &c
	// gcc's search order: for "...", the including file's directory ("" to
	// cc/v4), then -I, then the system directories; for <...>, -I then the
	// system directories. accc's own headers (openacc.h) come before the
	// system's, as gcc's -isystem: gcc has an openacc.h of its own.
	user := cfg.IncludeDirs
	ccfg.IncludePaths = concat([]string{""}, user, cfg.SysIncludeDirs, ccfg.HostIncludePaths, ccfg.HostSysIncludePaths)
	ccfg.SysIncludePaths = concat(user, cfg.SysIncludeDirs, ccfg.HostSysIncludePaths)
	ccfg.FS = cfg.FS
	return ccfg, nil
}

// setEnv sets an environment variable and returns a function restoring it.
// cc/v4 finds the host compiler through $CC only.
func setEnv(name, value string) func() {
	old, had := os.LookupEnv(name)
	os.Setenv(name, value)
	return func() {
		if had {
			os.Setenv(name, old)
		} else {
			os.Unsetenv(name)
		}
	}
}

// commandLineSource renders -D, -U and -include as C source, the way gcc's
// <command-line> pseudo-file works.
func commandLineSource(cfg *Config) string {
	var b strings.Builder
	if cfg.OpenACC != 0 {
		fmt.Fprintf(&b, "#define _OPENACC %d\n", cfg.OpenACC)
	}
	for _, d := range cfg.Defines {
		switch {
		case strings.HasPrefix(d, "-"):
			fmt.Fprintf(&b, "#undef %s\n", d[1:])
		case strings.Contains(d, "="):
			name, val, _ := strings.Cut(d, "=")
			fmt.Fprintf(&b, "#define %s %s\n", name, val)
		default:
			fmt.Fprintf(&b, "#define %s 1\n", d)
		}
	}
	for _, f := range cfg.PreIncludes {
		fmt.Fprintf(&b, "#include %q\n", f)
	}
	return b.String()
}

// reporter counts errors on their way to the sink.
type reporter struct {
	sink   diag.Sink
	errors int
}

func (r *reporter) Report(d diag.Diagnostic) {
	if d.Severity == diag.Error {
		r.errors++
	}
	r.sink.Report(d)
}

func (r *reporter) errorf(pos diag.Pos, code diag.Code, format string, args ...any) {
	r.Report(diag.Diagnostic{Pos: pos, Severity: diag.Error, Code: code, Msg: fmt.Sprintf(format, args...)})
}

// directiveName is the name used in messages: "#pragma acc parallel loop".
func directiveName(d *directives.Directive) string {
	return "#pragma acc " + d.Kind.String()
}

func concat(lists ...[]string) []string {
	var r []string
	for _, l := range lists {
		r = append(r, l...)
	}
	return r
}
