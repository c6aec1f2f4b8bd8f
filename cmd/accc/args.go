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

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/internal/driver"
)

// Requests that stop parsing and are answered by the root command itself.
var (
	errHelp        = errors.New("help requested")         // --help, or -h as the first argument
	errVersion     = errors.New("version requested")      // --version, -V
	errDumpVersion = errors.New("dump version requested") // -dumpversion
)

// A hostQuery asks the host compiler about its toolchain (-dumpmachine,
// -print-file-name=NAME, ...): accc prints its answer, as build systems
// (CMake, libtool) expect of a gcc-like compiler.
type hostQuery struct{ arg string }

func (q hostQuery) Error() string { return "host query " + q.arg }

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
	// nvc -acc= sub-options that do not pick a target. autopar (the
	// default) and noautopar say whether loops without directives inside
	// a loop of a parallel construct may be parallelised; accc accepts
	// the others and behaves as the nvc default of each pair.
	accSubOptions = []string{"autopar", "noautopar", "sync", "wait", "nowait", "strict", "verystrict"}

	// -Minfo families as nvc spells them ("data" is accc's own; "acc" is
	// accel, "opt" loop). diag.MinfoSelector says what each selects.
	minfoFamilies = []string{"acc", "accel", "all", "ccff", "data", "inline", "intensity", "ipa", "loop",
		"lre", "mp", "opt", "par", "pfo", "stat", "stdpar", "time", "unroll", "vect"}
	// -Mneginfo takes the same families and nvc's "concur" (why loops
	// were not auto-parallelised: accc's par).
	neginfoFamilies = append(slices.Clone(minfoFamilies), "concur")

	// nvc -gpu= (and PGI -ta=tesla:) sub-options other than ccNN that only
	// tune how nvc builds GPU code (debug information, register limits,
	// fast math, the CUDA version, pinned staging, ...). accc accepts them
	// with a warning and builds as it always does: they change no result a
	// correct program can observe. A "no" prefix is accepted too; a value
	// after ':' (maxregcount:64, loadcache:L1) is kept in the warning.
	gpuIgnoredSubOptions = []string{"keep", "loadcache", "rdc", "redundant", "safecache", "tripcount"}
	// Sub-options that change what a program means, which accc's runtime
	// does not implement: they are errors rather than ignored.
	gpuOtherRejected = []string{"deepcopy", "zeroinit"}
	// The memory modes of -gpu=mem:MODE and their legacy spellings
	// (-gpu=managed, -ta=tesla:managed, -gpu=unified, -gpu=pinned); the
	// no- forms of the legacy spellings ask for separate memory.
	gpuMemoryModes = map[string]driver.MemoryMode{
		"mem:separate": driver.MemSeparate, "mem:separate:nopinnedalloc": driver.MemSeparate,
		"mem:separate:pinnedalloc": driver.MemPinned, "mem:managed": driver.MemManaged, "mem:unified": driver.MemUnified,
		"managed": driver.MemManaged, "unified": driver.MemUnified, "pinned": driver.MemPinned,
		"nomanaged": driver.MemSeparate, "nounified": driver.MemSeparate, "nopinned": driver.MemSeparate,
	}

	// minCC is the oldest compute capability CUDA 13 (accc's CUDA compiler)
	// builds for: sm_75.
	minCC = 75

	// PGI/NVHPC -M options that only steer nvc's own optimiser or listings
	// (vectoriser, unroller, inliner, IPA, fast-math flavours, alignment,
	// prefetching, message levels). Real Makefiles pass them; accc accepts
	// each, with or without a "no" prefix and any =value, with one warning
	// that it is ignored: the host compiler's -O level does that work.
	pgiIgnored = []string{"autoinline", "builtin", "cache_align", "concur", "daz", "depchk", "dse",
		"fma", "fpapprox", "fpmisalign", "fprelaxed", "flushz", "frame", "inform", "inline", "ipa",
		"keepasm", "list", "loop32", "lre", "movnt", "pfi", "pfo", "pre", "prefetch", "prof",
		"propcond", "smart", "stack_arrays", "unroll", "unsafe_par_align", "vect"}
	// -Msafeptr sub-options; arg, dummy and all cover pointer arguments,
	// which is what Config.NoAlias means.
	safeptrSubOptions = []string{"all", "arg", "auto", "dummy", "local", "static", "global"}

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
	printLibs                                       bool // --print-libs
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
	case "-dumpmachine", "-print-search-dirs", "-print-libgcc-file-name", "-print-multiarch", "-print-sysroot",
		"-print-multi-directory", "-print-multi-lib":
		// Build systems (CMake, libtool) ask the compiler about its
		// toolchain: the host compiler answers for accc.
		return hostQuery{arg}
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
		cfg.WarnCodes.None = true
	case "-g":
		cfg.Debug = true
	case "-keep":
		cfg.Keep = true
	case "-acc", "-fopenacc":
		p.setACC()
	case "-noacc":
		cfg.ACC, cfg.Target, cfg.Fallback = false, driver.TargetNone, false
	case "-fast": // nvc: -O2 plus its own unroll/vector/inline tuning
		cfg.OptLevel = "-O2"
	case "-mp", "-mp=multicore": // nvc's OpenMP switch: OpenMP in host code
		p.addHostFlag("-fopenmp")
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
		// An input, as -Wl, below: the linker reads its options in
		// order with the objects and libraries (-Bstatic,
		// --whole-archive and --as-needed apply to what follows).
		v, err := p.value(arg, arg)
		if err != nil {
			return err
		}
		cfg.Inputs = append(cfg.Inputs, driver.Input{Path: v, Kind: driver.InputXlinker})
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
	case arg == "-dump-ir" || strings.HasPrefix(arg, "-dump-ir="):
		return p.dumpIR("-dump-ir", arg)
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
		fams, err := minfoList(arg, "-Minfo", minfoFamilies)
		if err != nil {
			return err
		}
		for _, f := range fams {
			p.addMinfo(f)
		}
	case arg == "-Mneginfo" || strings.HasPrefix(arg, "-Mneginfo="):
		// Config.Minfo holds -Mneginfo's families as "neginfo=F"
		// (diag.NegPrefix), beside -Minfo's.
		fams, err := minfoList(arg, "-Mneginfo", neginfoFamilies)
		if err != nil {
			return err
		}
		for _, f := range fams {
			p.addMinfo("neginfo=" + f)
		}
	case strings.HasPrefix(arg, "-M"):
		return p.pgiOption(arg)
	case strings.HasPrefix(arg, "-mp="):
		return p.mp(arg)
	case strings.HasPrefix(arg, "-tp="):
		return p.tp(arg)
	case strings.HasPrefix(arg, "-print-file-name="), strings.HasPrefix(arg, "-print-prog-name="):
		return hostQuery{arg}
	case strings.HasPrefix(arg, "-Wl,"):
		cfg.Inputs = append(cfg.Inputs, driver.Input{Path: arg, Kind: driver.InputLinkOption})
	case strings.HasPrefix(arg, "-Wa,"):
		cfg.HostFlags = append(cfg.HostFlags, arg)
	case strings.HasPrefix(arg, "-Wp,"):
		return errorf("'%s' is not supported; give preprocessor options (-D, -U, -I) directly", arg)
	case isWarningOption(arg):
		// -Wno-CODE, -Werror=CODE, -Wno-error=CODE for accc's own
		// warnings (diag.WarningPolicy); the host compiler does not
		// know them.
		code := warningOption(arg)
		switch {
		case strings.HasPrefix(arg, "-Wno-error="):
			delete(cfg.WarnCodes.Error, code)
			cfg.WarnCodes.NoError = addCode(cfg.WarnCodes.NoError, code)
		case strings.HasPrefix(arg, "-Werror="):
			cfg.WarnCodes.Error = addCode(cfg.WarnCodes.Error, code)
			delete(cfg.WarnCodes.Off, code)
			delete(cfg.WarnCodes.NoError, code)
		default:
			cfg.WarnCodes.Off = addCode(cfg.WarnCodes.Off, code)
		}
	case strings.HasPrefix(arg, "-W"):
		// -Werror makes accc's own warnings errors too (and the host
		// compiler's, which it reaches); -Wno-error undoes it.
		switch arg {
		case "-Werror":
			cfg.WarnCodes.Errors = true
		case "-Wno-error":
			cfg.WarnCodes.Errors = false
		}
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
	case "--dump-ir":
		return p.dumpIR(name, arg)
	case "--print-libs":
		if name != arg {
			return unrecognized(arg)
		}
		p.printLibs = true
	case "--verify-ir":
		if name != arg {
			return unrecognized(arg)
		}
		cfg.VerifyIR = true
	default:
		return unrecognized(arg)
	}
	return nil
}

// dumpIR handles --dump-ir=PASS (also -dump-ir=PASS, and PASS as the next
// argument): the IR of each construct after the lowering pass PASS, or
// after every pass for "all", on standard output.
func (p *argParser) dumpIR(name, arg string) error {
	v, err := p.longValue(name, arg)
	if err != nil {
		return err
	}
	passes := driver.IRPasses()
	if !slices.Contains(passes, v) {
		return errorf("unknown pass '%s' for --dump-ir; passes: %s (or all)", v, strings.Join(passes[:len(passes)-1], ", "))
	}
	p.cfg.DumpIR = v
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

// acc handles nvc's -acc=LIST: targets and any of accSubOptions.
func (p *argParser) acc(arg string) error {
	v := arg[len("-acc="):]
	if v == "" {
		return errorf("missing argument to '-acc='")
	}
	var targets []driver.Target
	for _, opt := range strings.Split(v, ",") {
		if t, ok := accTargets[opt]; ok {
			if !slices.Contains(targets, t) {
				targets = append(targets, t)
			}
			continue
		}
		if !slices.Contains(accSubOptions, opt) {
			return errorf("unknown -acc sub-option '%s' (want gpu, multicore, host, emulate or %s)",
				opt, strings.Join(accSubOptions, ", "))
		}
		switch opt {
		case "autopar":
			p.cfg.NoAutopar = false
		case "noautopar":
			p.cfg.NoAutopar = true
		}
	}
	return p.useTargets(arg, targets)
}

// useTargets selects the target of an -acc= or -ta= list. As nvc, accc
// builds one binary for the GPU and multicore (-acc=gpu,multicore, with
// or without host): the GPU, with the multicore code chosen at run time
// when there is no GPU or ACC_DEVICE_TYPE=multicore (Config.Fallback).
// gpu with the host is the GPU build, whose compute constructs keep their
// host versions (run when ACC_DEVICE_TYPE=host or
// acc_set_device_type(acc_device_host) makes the host current), with a
// warning that no GPU is not a fallback; any other pair is an error.
func (p *argParser) useTargets(arg string, targets []driver.Target) error {
	p.cfg.Fallback = false
	switch {
	case len(targets) == 1:
		p.cfg.Target = targets[0]
	case slices.Contains(targets, driver.TargetGPU) && slices.Contains(targets, driver.TargetMulticore) &&
		(len(targets) == 2 || len(targets) == 3 && slices.Contains(targets, driver.TargetHost)):
		p.cfg.Target, p.cfg.Fallback = driver.TargetGPU, true
	case len(targets) == 2 && slices.Contains(targets, driver.TargetGPU) && slices.Contains(targets, driver.TargetHost):
		p.warnf("'%s': the host versions of compute constructs run when ACC_DEVICE_TYPE=host or acc_set_device_type(acc_device_host) selects the host, not when no GPU is present", arg)
		p.cfg.Target = driver.TargetGPU
	case len(targets) > 2:
		return errorf("'%s' names %d targets; accc builds for one, or for gpu and multicore", arg, len(targets))
	case len(targets) > 1:
		return errorf("'%s' names two targets ('%s' and '%s'); accc builds for one", arg, targets[0], targets[1])
	}
	p.setACC()
	return nil
}

// ta handles PGI's -ta=TARGET[:SUBOPTION][,SUBOPTION|TARGET...]: the GPU
// targets tesla and nvidia take sub-options after ':' and after commas
// (-ta=tesla:cc70,managed; the older -ta=nvidia,cc35); multicore and host
// take none.
func (p *argParser) ta(arg string) error {
	v := arg[len("-ta="):]
	if v == "" {
		return errorf("missing argument to '-ta='")
	}
	var targets []driver.Target
	var subs []string
	for i, item := range strings.Split(v, ",") {
		name, sub, hasSub := strings.Cut(item, ":")
		var t driver.Target
		switch name {
		case "tesla", "nvidia":
			t = driver.TargetGPU
			if hasSub {
				subs = append(subs, sub)
			}
		case "multicore", "host":
			if hasSub {
				return errorf("'-ta=%s' takes no sub-options", name)
			}
			t = accTargets[name]
		default:
			if i == 0 {
				return errorf("unknown -ta target '%s' (want tesla[:ccNN,...], nvidia, multicore or host)", name)
			}
			if !slices.Contains(targets, driver.TargetGPU) {
				return errorf("'-ta=%s' takes no sub-options", targets[0])
			}
			subs = append(subs, item)
			continue
		}
		if !slices.Contains(targets, t) {
			targets = append(targets, t)
		}
	}
	if len(subs) > 0 {
		if err := p.gpuSubOptions(arg, subs); err != nil {
			return err
		}
	}
	return p.useTargets(arg, targets)
}

// gpu handles nvc's -gpu=SUBOPTION[,SUBOPTION...].
func (p *argParser) gpu(arg string) error {
	v, ok := strings.CutPrefix(arg, "-gpu=")
	if !ok || v == "" {
		return errorf("missing argument to '-gpu='")
	}
	return p.gpuSubOptions(arg, strings.Split(v, ","))
}

// gpuSubOptions takes the sub-options of a -gpu= or -ta=tesla list: the
// compute capabilities go to GPUArchs, as given ("cc90"), without repeats;
// those CUDA 13 cannot build for are dropped with a warning. Tuning options
// are ignored with a warning; the memory modes set Memory; deep copy and
// zero initialisation are errors, since accc's runtime does not do them.
func (p *argParser) gpuSubOptions(arg string, opts []string) error {
	for _, opt := range opts {
		name, val, _ := strings.Cut(opt, ":")
		base, negated := strings.CutPrefix(name, "no")
		switch {
		case ccArch.MatchString(opt):
			n, _ := strconv.Atoi(strings.TrimRight(opt[2:], "af"))
			if n < minCC {
				p.warnf("compute capability '%s' in '%s' is ignored: CUDA 13, which accc uses, builds for cc%d and newer (the default is cc90)",
					opt, arg, minCC)
				continue
			}
			if !slices.Contains(p.cfg.GPUArchs, opt) {
				p.cfg.GPUArchs = append(p.cfg.GPUArchs, opt)
			}
		case nvccSubOptions(name, val, negated) != nil:
			p.cfg.NVCCFlags = append(p.cfg.NVCCFlags, nvccSubOptions(name, val, negated)...)
		case name == "maxregcount" || name == "nomaxregcount":
			return errorf("'%s' in '%s' needs a register count (maxregcount:N, N from 16 to 255)", opt, arg)
		case opt == "autocompare" || opt == "noautocompare":
			p.cfg.Autocompare = !negated
		case opt == "ccall" || opt == "ccnative":

			return errorf("'%s' is not supported in '%s'; list compute capabilities instead (e.g. -gpu=cc80,cc90)", opt, arg)
		case isMemoryMode(opt):
			p.cfg.Memory = gpuMemoryModes[opt] // the last one given wins, as in nvc
		case name == "mem":
			return errorf("unknown memory mode '%s' in '%s' (want mem:separate, mem:separate:pinnedalloc, mem:managed or mem:unified)", opt, arg)
		case negated && slices.Contains(gpuOtherRejected, base):
			// nodeepcopy, nozeroinit: accc's behaviour.
		case slices.Contains(gpuOtherRejected, name):
			return errorf("GPU sub-option '%s' in '%s' is not supported: accc's runtime does not implement it", opt, arg)
		case strings.HasPrefix(name, "cuda") && len(name) > 4:
			p.warnf("GPU sub-option '%s' in '%s' is ignored: accc uses the CUDA compiler it finds (see accc info)", opt, arg)
		case slices.Contains(gpuIgnoredSubOptions, name) || negated && slices.Contains(gpuIgnoredSubOptions, base):
			p.warnf("GPU sub-option '%s' in '%s' is ignored: it tunes nvc's GPU code generation, which accc does its own way", opt, arg)
		default:
			return errorf("unknown GPU sub-option '%s' in '%s' (want ccNN, e.g. cc90)", opt, arg)
		}
	}
	return nil
}

// isMemoryMode reports whether a -gpu= sub-option names a memory mode.
func isMemoryMode(opt string) bool {
	_, ok := gpuMemoryModes[opt]
	return ok
}

// pgiOption handles the PGI/NVHPC -M options other than -Minfo and
// -Mneginfo: -Msafeptr sets NoAlias, -Mlarge_arrays and -Mschar/-Muchar
// become the host compiler's options of the same meaning, and the
// optimiser and listing options of pgiIgnored are ignored with a warning.
func (p *argParser) pgiOption(arg string) error {
	name, val, hasVal := strings.Cut(arg[len("-M"):], "=")
	base, negated := strings.CutPrefix(name, "no")
	switch {
	case name == "safeptr":
		return p.safeptr(arg, val, hasVal)
	case name == "nosafeptr" && !hasVal:
		p.cfg.NoAlias = false
	case name == "large_arrays" && !hasVal: // objects over 2 GB: the medium code model
		p.addHostFlag("-mcmodel=medium")
	case name == "schar" && !hasVal:
		p.addHostFlag("-fsigned-char")
	case name == "uchar" && !hasVal:
		p.addHostFlag("-funsigned-char")
	case slices.Contains(pgiIgnored, name) || negated && slices.Contains(pgiIgnored, base):
		p.warnf("PGI option '%s' is ignored: it tunes nvc's optimiser; the host compiler's -O level does that work here", arg)
	default:
		return errorf("PGI option '%s' is not supported (accc takes -Minfo, -Mneginfo, -Msafeptr, -Mlarge_arrays, "+
			"-Mschar, -Muchar, and ignores nvc's optimiser options such as -Mvect, -Munroll, -Minline)", arg)
	}
	return nil
}

// safeptr handles -Msafeptr[=SUB,...]: bare, or with a sub-option that
// covers pointer arguments (arg, dummy, all), it sets NoAlias; the other
// sub-options (local, static, global, auto pointers) are ignored with a
// warning, as NoAlias does not cover them.
func (p *argParser) safeptr(arg, val string, hasVal bool) error {
	if !hasVal {
		p.cfg.NoAlias = true
		return nil
	}
	if val == "" {
		return errorf("missing argument to '-Msafeptr='")
	}
	for _, sub := range strings.Split(val, ",") {
		switch {
		case sub == "arg" || sub == "dummy" || sub == "all":
			p.cfg.NoAlias = true
		case slices.Contains(safeptrSubOptions, sub):
			p.warnf("'%s' in '%s' is ignored: accc takes -Msafeptr for pointer arguments only (arg, dummy, all)", sub, arg)
		default:
			return errorf("unknown -Msafeptr sub-option '%s' (want %s)", sub, strings.Join(safeptrSubOptions, ", "))
		}
	}
	return nil
}

// mp handles nvc's -mp=SUB,...: OpenMP in host code (-fopenmp); -mp=gpu,
// OpenMP offload, is not supported.
func (p *argParser) mp(arg string) error {
	v := arg[len("-mp="):]
	if v == "" {
		return errorf("missing argument to '-mp='")
	}
	for _, sub := range strings.Split(v, ",") {
		switch sub {
		case "multicore":
		case "gpu":
			return errorf("'%s': OpenMP offload to the GPU is not supported; accc compiles OpenMP in host code (-mp or -mp=multicore)", arg)
		case "align", "allcores", "bind", "numa", "nonuma", "ompt", "noompt":
			p.warnf("'%s' in '%s' is ignored: OpenMP runs with the host compiler's runtime defaults", sub, arg)
		default:
			return errorf("unknown -mp sub-option '%s' (want multicore, gpu, align, allcores, bind, numa, nonuma, ompt, noompt)", sub)
		}
	}
	p.addHostFlag("-fopenmp")
	return nil
}

// tp handles nvc's -tp=CPU: host and native become -march=native; a named
// CPU is ignored with a warning (give the host compiler's -march= instead).
func (p *argParser) tp(arg string) error {
	switch v := arg[len("-tp="):]; v {
	case "":
		return errorf("missing argument to '-tp='")
	case "host", "native":
		p.addHostFlag("-march=native")
	default:
		p.warnf("'%s' is ignored: accc builds for the host compiler's default CPU; choose another with -march=", arg)
	}
	return nil
}

// warnf records a command-line warning once (see Config.Warnings).
func (p *argParser) warnf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if !slices.Contains(p.cfg.Warnings, msg) {
		p.cfg.Warnings = append(p.cfg.Warnings, msg)
	}
}

// addHostFlag adds an option for the host compiler that a PGI option
// stands for, once.
func (p *argParser) addHostFlag(flag string) {
	if !slices.Contains(p.cfg.HostFlags, flag) {
		p.cfg.HostFlags = append(p.cfg.HostFlags, flag)
	}
}

// minfoList returns the families of -Minfo[=a,b] or -Mneginfo[=a,b], each
// one of known; a bare option means "all".
func minfoList(arg, name string, known []string) ([]string, error) {
	if arg == name {
		return []string{"all"}, nil
	}
	v := arg[len(name)+1:]
	if v == "" {
		return nil, errorf("missing argument to '%s='", name)
	}
	fams := strings.Split(v, ",")
	for _, f := range fams {
		if !slices.Contains(known, f) {
			return nil, errorf("unknown %s family '%s' (want %s)", name, f, strings.Join(known, ", "))
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
	case p.printLibs:
		if !cfg.ACC {
			p.setACC() // the libraries of -acc's default target
		}
		cfg.Mode = driver.ModePrintLibs
		return cfg, nil
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
	if slices.Contains(cfg.DepFlags, "-MG") && !slices.Contains(cfg.DepFlags, "-M") && !slices.Contains(cfg.DepFlags, "-MM") {
		return nil, errorf("-MG may only be used with -M or -MM")
	}
	cfg.SysIncludeDirs, cfg.AfterIncludeDirs = p.sysIncludes, p.afterIncludes
	if cfg.Autocompare && cfg.ACC && cfg.Target != driver.TargetGPU && cfg.Target != driver.TargetEmulate {
		p.warnf("'-gpu=autocompare' is ignored with -acc=%s: the host computes every construct once, in host memory (use -acc=gpu or -acc=emulate)", cfg.Target)
		cfg.Autocompare = false
	}
	if cfg.Target == driver.TargetHost || cfg.Target == driver.TargetMulticore || !cfg.ACC {
		cfg.Memory = driver.MemSeparate // all memory is the host's already: the modes change nothing
	}
	if err := checkFallback(cfg); err != nil {
		return nil, err
	}
	if cfg.DumpIR != "" && !cfg.ACC {
		p.warnf("'--dump-ir=%s' prints nothing without -acc: the directives are not lowered", cfg.DumpIR)
	}

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

// warningOption returns the code that -Wno-CODE, -Werror=CODE or
// -Wno-error=CODE names (whatever follows the prefix).
func warningOption(arg string) diag.Code {
	for _, prefix := range []string{"-Wno-error=", "-Werror=", "-Wno-"} {
		if rest, ok := strings.CutPrefix(arg, prefix); ok {
			return diag.Code(rest)
		}
	}
	return diag.Code(arg)
}

// isWarningOption reports whether arg is -Wno-CODE, -Werror=CODE or
// -Wno-error=CODE for one of accc's warning codes, rather than a warning
// option of the host compiler.
func isWarningOption(arg string) bool {
	return strings.HasPrefix(arg, "-W") && diag.IsWarningCode(warningOption(arg))
}

// addCode adds c to the set m, making it if nil.
func addCode(m map[diag.Code]bool, c diag.Code) map[diag.Code]bool {
	if m == nil {
		m = map[diag.Code]bool{}
	}
	m[c] = true
	return m
}

// nvccSubOptions returns nvcc's options for the -gpu= sub-options that
// steer how device code is built (NVHPC's meaning): lineinfo, debug (-G:
// cuda-gdb steps through kernels), maxregcount:N, fastmath, [no]fma,
// [no]flushz, ptxinfo; nil for the others.
func nvccSubOptions(name, val string, negated bool) []string {
	switch {
	case name == "lineinfo" && val == "":
		return []string{"-lineinfo"}
	case name == "debug" && val == "":
		return []string{"-G"}
	case name == "maxregcount" && val != "":
		if n, err := strconv.Atoi(val); err == nil && n >= 16 && n <= 255 {
			return []string{"-maxrregcount=" + val}
		}
	case name == "fastmath" && val == "":
		return []string{"--use_fast_math"}
	case name == "fma" || name == "nofma" && negated:
		return []string{"--fmad=" + strconv.FormatBool(!negated)}
	case name == "flushz" || name == "noflushz" && negated:
		return []string{"--ftz=" + strconv.FormatBool(!negated)}
	case name == "ptxinfo" && val == "":
		return []string{"-Xptxas=-v"}
	}
	return nil
}
