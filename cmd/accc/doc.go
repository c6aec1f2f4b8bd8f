// Command accc is the OpenACC compiler for C. It takes the command lines of
// gcc and of pgcc/nvc -acc, so it can replace them as CC in a Makefile.
//
// Role: this package is command-line wiring only. It turns the arguments
// into a driver.Config (parseArgs, args.go) and hands it to driver.Run; it
// holds no compiler logic and never runs external programs.
//
// Imports: the standard library, github.com/spf13/cobra and
// internal/driver only.
//
// # Commands
//
// The first argument selects the command: exactly "version", "info" or
// "help" run that subcommand; anything else is a compilation, whose whole
// argument list goes to parseArgs (a source file named "info" is compiled
// when any option comes first, e.g. `accc -c info`). The root command has
// DisableFlagParsing set, because gcc-style options are not pflag's grammar
// (pflag reads -Minfo=accel as -M with the value "info=accel"), and rootArgs
// puts a "--" in front of a compilation's arguments so that cobra never
// mistakes an operand for a subcommand name.
//
// Constructors follow cli/cli's NewCmdX(runF) pattern: NewCmdRoot takes the
// functions that stand for driver.Run and driver.Info, so tests check the
// parsing and the wiring without compiling anything.
//
// # Grammar
//
// Arguments are read left to right, as gcc reads them:
//
//   - An argument not starting with '-' is an input: .c and .i are C
//     (InputC), and so is every file after -x c; C++, CUDA, Fortran,
//     assembler and header suffixes are errors; anything else (.o, .a,
//     .so.N, unknown suffixes) goes to the linker (InputObject). -lNAME is
//     an input too (InputLib), and so are -Wl,OPTS (InputLinkOption) and
//     -Xlinker OPT (InputXlinker), so objects, libraries and linker
//     options keep their order (-Wl,--whole-archive a.a -Wl,--no-whole-archive).
//     "-" (standard input) is rejected; after "--" every argument is an
//     input. Inputs are not checked for existence: the driver reports that.
//   - Options with a value take it joined or as the next argument: -o, -I,
//     -D, -U, -L, -l, -x, -include, -isystem, -idirafter, -MF, -MT, -MQ;
//     -Xlinker only separate. Long options take --name=value or --name value.
//   - Families: -W... are warning flags (WarnFlags) except -Wl, (an input),
//     -Wa, (HostFlags), -Wp, (rejected) and -Wno-CODE, -Werror=CODE,
//     -Wno-error=CODE for accc's warning codes (WarnCodes, never passed
//     on); -f... and -m... not known to
//     accc go to the host compiler (HostFlags); -M... other than the gcc
//     dependency options, -Minfo and -Mneginfo are PGI options (below).
//   - PGI/NVHPC options: -Msafeptr sets NoAlias; -Mlarge_arrays, -Mschar,
//     -Muchar, -mp and -tp=host become host compiler options; -fast is
//     -O2; nvc's optimiser options (pgiIgnored) and GPU tuning sub-options
//     are accepted with one warning each in Warnings; any other -M option,
//     and -mp=gpu are errors; the memory modes (mem:managed, managed,
//     mem:unified, mem:separate:pinnedalloc, pinned) set Memory. A list
//     naming the GPU and multicore (-acc=gpu,multicore, -ta=tesla,multicore)
//     selects the GPU with Fallback (checkFallback refuses autocompare and
//     the memory modes with it); the GPU and the host (-acc=gpu,host)
//     selects the GPU with a warning;
//     compute capabilities below cc75 are dropped with a warning.
//   - OpenACC: -acc, -acc=TARGET[,SUBOPT], -ta=tesla|nvidia[:ccNN,...],
//     -ta=multicore|host, -gpu=ccNN[,...], -Minfo[=FAMILIES], -Mneginfo[=FAMILIES],
//     -noacc, -fopenacc. The last target named wins; -acc alone means gpu.
//     GPUArchs hold the spelling given ("cc90"), in order, without repeats.
//     Minfo holds the -Minfo families (bare -Minfo is "all"; "acc" is
//     accel's other spelling) and -Mneginfo's as "neginfo=FAMILY" (bare:
//     "neginfo=all"; "concur" too); diag.MinfoSelector says what they
//     select.
//   - The mode is resolved at the end: -E (or -M, -MM) over -fsyntax-only
//     over --emit=source over -c over linking.
//   - Dependency options go to DepFlags in order, a value as the element
//     after its option ("-MF", "x.d"), however it was spelled.
//   - -isystem and -idirafter directories go to SysIncludeDirs and
//     AfterIncludeDirs, in order; the host compiler gets them as given
//     (system headers are left out of -MMD dependencies).
//   - -fmax-errors=0 (no limit) is stored as math.MaxInt32.
//   - --dump-ir=PASS (or -dump-ir=PASS, or PASS as the next argument) sets
//     DumpIR; PASS must be one of driver.IRPasses (the lowering passes and
//     "all"), and without -acc it draws a warning, as nothing is lowered.
//   - --verify-ir sets VerifyIR: the IR is checked after each lowering
//     pass (ir.Verify).
//
// Errors use gcc's wording ("accc: error: unrecognized command-line option
// '-foo'", "accc: error: missing argument to '-o'", "accc: fatal error: no
// input files") and exit status 2. An internal error (a panic) prints
// "accc: internal compiler error: ..." (in a pass of the compiler, with the
// construct and the pass: "x.c:12:9: internal error in pass schedule: ...")
// and exits with 3; ACCC_DEBUG=1 adds the stack.
//
// usageText (usage.go) is the flag reference that `accc --help` prints;
// docs/flags.md is kept in step with it.
package main
