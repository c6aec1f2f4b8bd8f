package main

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/accc-compiler/accc/internal/driver"
)

// Requests that stop parsing and are answered by the root command itself.
var (
	errHelp        = errors.New("help requested")         // --help, or -h as the first argument
	errVersion     = errors.New("version requested")      // --version, -V
	errDumpVersion = errors.New("dump version requested") // -dumpversion
)

// A cmdlineError is a usage error, worded as gcc words it. Error returns the
// complete line that accc prints, "accc: error: ..." or "accc: fatal error: ...".
type cmdlineError struct {
	fatal bool
	msg   string
}

func (e *cmdlineError) Error() string {
	if e.fatal {
		return "accc: fatal error: " + e.msg
	}
	return "accc: error: " + e.msg
}

func errorf(format string, args ...any) error {
	return &cmdlineError{msg: fmt.Sprintf(format, args...)}
}

func fatalf(format string, args ...any) error {
	return &cmdlineError{fatal: true, msg: fmt.Sprintf(format, args...)}
}

func unrecognized(arg string) error {
	return errorf("unrecognized command-line option '%s'", arg)
}

// Sub-option vocabularies. Each list is what accc accepts; the error for
// anything else names the list.
var (
	accTargets = map[string]driver.Target{
		"gpu":       driver.TargetGPU,
		"multicore": driver.TargetMulticore,
		"host":      driver.TargetHost,
		"emulate":   driver.TargetEmulate,
	}
	// nvc -acc= sub-options that do not pick a target. accc accepts them and,
	// for now, ignores them: its behaviour is the nvc default for each pair.
	accSubOptions = []string{"autopar", "noautopar", "sync", "wait", "nowait", "strict", "verystrict"}

	// -Minfo families as nvc spells them ("data" is accc's own).
	minfoFamilies = []string{"accel", "all", "ccff", "data", "inline", "intensity", "ipa", "loop",
		"lre", "mp", "opt", "par", "pfo", "stat", "stdpar", "time", "unroll", "vect"}

	// nvc -gpu= (and PGI -ta=tesla:) sub-options other than ccNN. accc
	// rejects them by name rather than ignore them: managed and unified change
	// what a program means, the others only how nvcc is run.
	nvcGPUSubOptions = []string{"autocompare", "cuda", "debug", "deepcopy", "fastmath", "flushz", "fma",
		"keep", "lineinfo", "managed", "maxregcount", "mem", "nodebug", "noflushz", "nofma", "nolineinfo",
		"nomanaged", "nordc", "nounified", "pinned", "ptxinfo", "rdc", "safecache", "tripcount", "unified",
		"zeroinit"}

	// -std= values gcc accepts for C.
	cStandards = []string{"c89", "c90", "c99", "c9x", "c11", "c1x", "c17", "c18", "c2x", "c23",
		"gnu89", "gnu90", "gnu99", "gnu9x", "gnu11", "gnu1x", "gnu17", "gnu18", "gnu2x", "gnu23",
		"iso9899:1990", "iso9899:199409", "iso9899:1999", "iso9899:2011", "iso9899:2017", "iso9899:2018"}

	// Suffixes gcc hands to a compiler other than cc1 (C++, CUDA, Fortran,
	// Objective-C, assembler) or treats as headers to precompile. accc
	// compiles C only, so these are errors rather than linker inputs.
	foreignSuffixes = []string{".h", ".hh", ".H", ".hp", ".hxx", ".hpp", ".HPP", ".h++", ".tcc",
		".cc", ".cp", ".cxx", ".cpp", ".CPP", ".c++", ".C", ".ii", ".cu", ".m", ".mi", ".mm", ".M",
		".f", ".for", ".ftn", ".F", ".FOR", ".fpp", ".FPP", ".FTN", ".f90", ".f95", ".f03", ".f08",
		".F90", ".F95", ".F03", ".F08", ".s", ".S", ".sx"}

	ccArch  = regexp.MustCompile(`^cc[0-9]{2,3}[af]?$`)
	optimum = regexp.MustCompile(`^-O([0-9]+|s|z|g|fast)?$`)
	gLevel  = regexp.MustCompile(`^-g(gdb)?[0-3]?$|^-gdwarf(-[0-9])?$`)
)

// parseArgs turns a gcc/pgcc-style argument list (without the program name)
// into a driver configuration. It never touches the file system: inputs
// that do not exist are the driver's to report. The grammar is in doc.go and
// usage.go.
func parseArgs(args []string) (*driver.Config, error) {
	p := &argParser{args: args, cfg: &driver.Config{DiagFmt: "text"}}
	for p.i < len(p.args) {
		arg := p.args[p.i]
		p.i++
		if err := p.arg(arg); err != nil {
			return nil, err
		}
	}
	return p.finish()
}

// An argParser holds the state of one parseArgs call.
type argParser struct {
	args []string
	i    int // index of the next argument
	cfg  *driver.Config

	sysIncludes   []string // -isystem, searched after -I
	afterIncludes []string // -idirafter, searched last
	langC         bool     // -x c is in force
	onlyInputs    bool     // after --

	// Mode requests, resolved in finish: -E (or -M, -MM) > -fsyntax-only >
	// --emit=source > -c > link.
	preprocess, syntaxOnly, emitSource, compileOnly bool
}

// value returns the argument of option name, given either joined to it
// (-Idir: arg is longer than name) or as the next argument (-I dir).
func (p *argParser) value(name, arg string) (string, error) {
	if len(arg) > len(name) {
		return arg[len(name):], nil
	}
	if p.i >= len(p.args) {
		return "", errorf("missing argument to '%s'", name)
	}
	v := p.args[p.i]
	p.i++
	return v, nil
}

// longValue is value for GNU long options: --name=value or --name value.
func (p *argParser) longValue(name, arg string) (string, error) {
	if v, ok := strings.CutPrefix(arg, name+"="); ok {
		if v == "" {
			return "", errorf("missing argument to '%s='", name)
		}
		return v, nil
	}
	return p.value(name, arg)
}

func (p *argParser) arg(arg string) error {
	cfg := p.cfg
	switch {
	case p.onlyInputs:
		return p.input(arg)
	case arg == "--":
		p.onlyInputs = true
		return nil
	case arg == "-":
		return errorf("reading a source from standard input ('-') is not supported; pass a file name")
	case !strings.HasPrefix(arg, "-") || arg == "":
		return p.input(arg)
	case strings.HasPrefix(arg, "--"):
		return p.long(arg)
	}

	// Options without a value.
	switch arg {
	case "-h":
		if p.i == 1 {
			return errHelp
		}
		return unrecognized(arg)
	case "-V":
		return errVersion
	case "-dumpversion":
		return errDumpVersion
	case "-c":
		p.compileOnly = true
	case "-E":
		p.preprocess = true
	case "-S":
		return errorf("-S is not supported; use --emit=source to see generated code")
	case "-fsyntax-only":
		p.syntaxOnly = true
	case "-v":
		cfg.Verbose = true
	case "-###":
		cfg.DryRun = true
	case "-w":
		cfg.NoWarnings = true
	case "-g":
		cfg.Debug = true
	case "-keep":
		cfg.Keep = true
	case "-acc", "-fopenacc":
		p.setACC()
	case "-noacc":
		cfg.ACC, cfg.Target = false, driver.TargetNone
	case "-fast": // nvc's "good optimisation" switch
		cfg.OptLevel = "-O3"
	case "-mp": // nvc's OpenMP switch
		cfg.HostFlags = append(cfg.HostFlags, "-fopenmp")
	case "-pthread", "-pipe":
		cfg.HostFlags = append(cfg.HostFlags, arg)
	case "-ansi":
		cfg.Std = "c90"
	case "-c89", "-c90", "-c99", "-c11", "-c17": // pgcc spellings of -std=
		cfg.Std = arg[1:]
	case "-pedantic", "-pedantic-errors":
		cfg.WarnFlags = append(cfg.WarnFlags, arg)
	case "-static", "-shared", "-rdynamic", "-s":
		cfg.LinkArgs = append(cfg.LinkArgs, arg)
	case "-M", "-MM": // dependencies only: implies -E, as in gcc
		p.preprocess = true
		cfg.DepFlags = append(cfg.DepFlags, arg)
	case "-MD", "-MMD", "-MP", "-MG":
		cfg.DepFlags = append(cfg.DepFlags, arg)
	case "-Xlinker":
		v, err := p.value(arg, arg)
		if err != nil {
			return err
		}
		cfg.LinkArgs = append(cfg.LinkArgs, arg, v)
	default:
		return p.withValue(arg)
	}
	return nil
}

// withValue handles the options that carry a value or are families.
func (p *argParser) withValue(arg string) error {
	cfg := p.cfg
	// Options whose value may be joined or separate. Longer names first
	// where one is a prefix of another.
	for _, name := range []string{"-include", "-isystem", "-idirafter", "-MF", "-MT", "-MQ",
		"-o", "-I", "-D", "-U", "-L", "-l", "-x"} {
		if !strings.HasPrefix(arg, name) {
			continue
		}
		v, err := p.value(name, arg)
		if err != nil {
			return err
		}
		switch name {
		case "-include":
			cfg.PreIncludes = append(cfg.PreIncludes, v)
		case "-isystem":
			p.sysIncludes = append(p.sysIncludes, v)
		case "-idirafter":
			p.afterIncludes = append(p.afterIncludes, v)
		case "-MF", "-MT", "-MQ":
			cfg.DepFlags = append(cfg.DepFlags, name, v)
		case "-o":
			cfg.Output = v
		case "-I":
			cfg.IncludeDirs = append(cfg.IncludeDirs, v)
		case "-D":
			if v == "" || strings.HasPrefix(v, "=") {
				return errorf("macro name missing after '-D'")
			}
			cfg.Defines = append(cfg.Defines, v)
		case "-U":
			if v == "" {
				return errorf("macro name missing after '-U'")
			}
			cfg.Defines = append(cfg.Defines, "-"+v)
		case "-L":
			cfg.LibDirs = append(cfg.LibDirs, v)
		case "-l":
			cfg.Inputs = append(cfg.Inputs, driver.Input{Path: v, Kind: driver.InputLib})
		case "-x":
			switch v {
			case "c":
				p.langC = true
			case "none":
				p.langC = false
			default:
				return errorf("language '%s' is not supported; accc compiles C only (-x c or -x none)", v)
			}
		}
		return nil
	}

	switch {
	case strings.HasPrefix(arg, "-std="):
		v := arg[len("-std="):]
		if !slices.Contains(cStandards, v) {
			return errorf("'-std=%s' is not a C standard accc knows (e.g. -std=c11, -std=gnu17)", v)
		}
		cfg.Std = v
	case strings.HasPrefix(arg, "-O"):
		if !optimum.MatchString(arg) {
			return unrecognized(arg)
		}
		cfg.OptLevel = arg
	case arg == "-gpu" || strings.HasPrefix(arg, "-gpu="):
		return p.gpu(arg)
	case strings.HasPrefix(arg, "-g"):
		if !gLevel.MatchString(arg) {
			return unrecognized(arg)
		}
		cfg.Debug = arg != "-g0" && arg != "-ggdb0"
		cfg.HostFlags = append(cfg.HostFlags, arg)
	case strings.HasPrefix(arg, "-acc="):
		return p.acc(arg)
	case strings.HasPrefix(arg, "-ta="):
		return p.ta(arg)
	case arg == "-Minfo" || strings.HasPrefix(arg, "-Minfo="):
		fams, err := minfoList(arg, "-Minfo")
		if err != nil {
			return err
		}
		for _, f := range fams {
			p.addMinfo(f)
		}
	case arg == "-Mneginfo" || strings.HasPrefix(arg, "-Mneginfo="):
		if _, err := minfoList(arg, "-Mneginfo"); err != nil {
			return err
		}
		p.addMinfo("neginfo")
	case strings.HasPrefix(arg, "-M"):
		return errorf("PGI option '%s' is not supported; accc accepts -Minfo[=...] and -Mneginfo", arg)
	case strings.HasPrefix(arg, "-Wl,"):
		cfg.LinkArgs = append(cfg.LinkArgs, arg)
	case strings.HasPrefix(arg, "-Wa,"):
		cfg.HostFlags = append(cfg.HostFlags, arg)
	case strings.HasPrefix(arg, "-Wp,"):
		return errorf("'%s' is not supported; give preprocessor options (-D, -U, -I) directly", arg)
	case strings.HasPrefix(arg, "-W"):
		cfg.WarnFlags = append(cfg.WarnFlags, arg)
	case strings.HasPrefix(arg, "-fmax-errors="), strings.HasPrefix(arg, "-ferror-limit="):
		name, v, _ := strings.Cut(arg, "=")
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return errorf("argument to '%s=' should be a non-negative integer", name)
		}
		if n == 0 { // gcc and clang: no limit
			n = math.MaxInt32
		}
		cfg.ErrorLimit = n
	case strings.HasPrefix(arg, "-f") && len(arg) > 2, strings.HasPrefix(arg, "-m") && len(arg) > 2:
		cfg.HostFlags = append(cfg.HostFlags, arg)
	default:
		return unrecognized(arg)
	}
	return nil
}

// long handles options spelled with two dashes.
func (p *argParser) long(arg string) error {
	cfg := p.cfg
	name, _, _ := strings.Cut(arg, "=")
	switch name {
	case "--help":
		return errHelp
	case "--version":
		return errVersion
	case "--keep":
		if name != arg {
			return unrecognized(arg)
		}
		cfg.Keep = true
	case "--emit":
		v, err := p.longValue(name, arg)
		if err != nil {
			return err
		}
		if v != "source" {
			return errorf("unknown --emit kind '%s' (want --emit=source)", v)
		}
		p.emitSource = true
	case "--diag-format":
		v, err := p.longValue(name, arg)
		if err != nil {
			return err
		}
		if v != "text" && v != "json" && v != "sarif" {
			return errorf("unknown --diag-format '%s' (want text, json or sarif)", v)
		}
		cfg.DiagFmt = v
	default:
		return unrecognized(arg)
	}
	return nil
}

// input records one operand. With -x c every operand is C; otherwise the
// suffix decides, and what gcc would not compile as C goes to the linker.
func (p *argParser) input(path string) error {
	kind := driver.InputObject
	switch ext := filepath.Ext(path); {
	case p.langC || ext == ".c" || ext == ".i":
		kind = driver.InputC
	case slices.Contains(foreignSuffixes, ext):
		return errorf("%s: accc compiles C only (.c, .i); build this file with its own compiler and pass the object file", path)
	}
	p.cfg.Inputs = append(p.cfg.Inputs, driver.Input{Path: path, Kind: kind})
	return nil
}

func (p *argParser) setACC() {
	p.cfg.ACC = true
	if p.cfg.Target == driver.TargetNone {
		p.cfg.Target = driver.TargetGPU
	}
}

// acc handles nvc's -acc=LIST: at most one target and any of accSubOptions.
func (p *argParser) acc(arg string) error {
	v := arg[len("-acc="):]
	if v == "" {
		return errorf("missing argument to '-acc='")
	}
	var target driver.Target
	for _, opt := range strings.Split(v, ",") {
		if t, ok := accTargets[opt]; ok {
			if target != driver.TargetNone && target != t {
				return errorf("'%s' names two targets ('%s' and '%s'); accc builds for one", arg, target, t)
			}
			target = t
			continue
		}
		if !slices.Contains(accSubOptions, opt) {
			return errorf("unknown -acc sub-option '%s' (want gpu, multicore, host, emulate or %s)",
				opt, strings.Join(accSubOptions, ", "))
		}
	}
	if target != driver.TargetNone {
		p.cfg.Target = target
	}
	p.setACC()
	return nil
}

// ta handles PGI's -ta=TARGET[:SUBOPTIONS].
func (p *argParser) ta(arg string) error {
	v := arg[len("-ta="):]
	name, subs, hasSubs := strings.Cut(v, ":")
	switch name {
	case "":
		return errorf("missing argument to '-ta='")
	case "tesla", "nvidia":
		p.cfg.Target = driver.TargetGPU
		if hasSubs {
			if err := p.gpuSubOptions(arg, subs); err != nil {
				return err
			}
		}
	case "multicore", "host":
		if hasSubs {
			return errorf("'-ta=%s' takes no sub-options", name)
		}
		p.cfg.Target = accTargets[name]
	default:
		return errorf("unknown -ta target '%s' (want tesla[:ccNN,...], nvidia, multicore or host)", name)
	}
	p.setACC()
	return nil
}

// gpu handles nvc's -gpu=ccNN[,ccMM...].
func (p *argParser) gpu(arg string) error {
	v, ok := strings.CutPrefix(arg, "-gpu=")
	if !ok || v == "" {
		return errorf("missing argument to '-gpu='")
	}
	return p.gpuSubOptions(arg, v)
}

// gpuSubOptions adds the compute capabilities of a -gpu= or -ta=tesla:
// list to GPUArchs, as given ("cc90"), without repeats.
func (p *argParser) gpuSubOptions(arg, list string) error {
	for _, opt := range strings.Split(list, ",") {
		name, _, _ := strings.Cut(opt, ":")
		switch {
		case ccArch.MatchString(opt):
			if !slices.Contains(p.cfg.GPUArchs, opt) {
				p.cfg.GPUArchs = append(p.cfg.GPUArchs, opt)
			}
		case opt == "ccall" || opt == "ccnative":
			return errorf("'%s' is not supported in '%s'; list compute capabilities instead (e.g. -gpu=cc80,cc90)", opt, arg)
		case slices.Contains(nvcGPUSubOptions, name) || strings.HasPrefix(name, "cuda"):
			return errorf("GPU sub-option '%s' in '%s' is not supported; accc accepts compute capabilities only (ccNN, e.g. cc90)", opt, arg)
		default:
			return errorf("unknown GPU sub-option '%s' in '%s' (want ccNN, e.g. cc90)", opt, arg)
		}
	}
	return nil
}

// minfoList returns the families of -Minfo[=a,b] or -Mneginfo[=a,b]; a bare
// option means "all".
func minfoList(arg, name string) ([]string, error) {
	if arg == name {
		return []string{"all"}, nil
	}
	v := arg[len(name)+1:]
	if v == "" {
		return nil, errorf("missing argument to '%s='", name)
	}
	fams := strings.Split(v, ",")
	for _, f := range fams {
		if !slices.Contains(minfoFamilies, f) {
			return nil, errorf("unknown %s family '%s' (want %s)", name, f, strings.Join(minfoFamilies, ", "))
		}
	}
	return fams, nil
}

func (p *argParser) addMinfo(fam string) {
	if !slices.Contains(p.cfg.Minfo, fam) {
		p.cfg.Minfo = append(p.cfg.Minfo, fam)
	}
}

// finish resolves what depends on the whole command line.
func (p *argParser) finish() (*driver.Config, error) {
	cfg := p.cfg
	switch {
	case p.preprocess:
		cfg.Mode = driver.ModePreprocess
	case p.syntaxOnly:
		cfg.Mode = driver.ModeSyntax
	case p.emitSource:
		cfg.Mode = driver.ModeEmitSource
	case p.compileOnly:
		cfg.Mode = driver.ModeCompile
	default:
		cfg.Mode = driver.ModeLink
	}
	// gcc's search order: -I, then -isystem, then -idirafter.
	cfg.IncludeDirs = append(append(cfg.IncludeDirs, p.sysIncludes...), p.afterIncludes...)

	if len(cfg.Inputs) == 0 {
		if cfg.Verbose || cfg.DryRun { // gcc -v alone reports the version
			return cfg, nil
		}
		return nil, fatalf("no input files")
	}
	if cfg.Output != "" && cfg.Mode != driver.ModeLink && cfg.Mode != driver.ModeSyntax {
		n := 0
		for _, in := range cfg.Inputs {
			if in.Kind == driver.InputC {
				n++
			}
		}
		if n > 1 {
			return nil, fatalf("cannot specify '-o' with '-c', '-S' or '-E' with multiple files")
		}
	}
	return cfg, nil
}
