package driver

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/accc-compiler/accc/codegen/cuda"
	"github.com/accc-compiler/accc/codegen/host"
	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/lower"
	"github.com/accc-compiler/accc/runtime"
)

// checkTarget finds what the selected target needs: the GPU target never
// falls back to another one (DESIGN.md §1), so a missing nvcc is an error.
func (c *compilation) checkTarget() {
	if !c.cfg.ACC || c.cfg.Target != TargetGPU || c.nvcc != "" {
		return
	}
	if err := c.findNVCC(); err != nil {
		c.errorf("%v", err)
	}
}

func (c *compilation) findNVCC() error {
	if c.nvcc != "" {
		return nil
	}
	tc, err := Discover(true)
	if err != nil {
		return err
	}
	c.nvcc, c.cudaLib, c.nvccArgs = tc.NVCC, tc.CUDALibDir, tc.NVCCArgs
	return nil
}

// accelerated reports whether a unit's directives generate code.
func (c *compilation) accelerated(u *frontend.Unit) bool {
	return c.cfg.ACC && len(u.Pragmas) > 0
}

// generated is the code accc made for one C file.
type generated struct {
	host []byte // file.acc.c
	cu   []byte // file.acc.cu, nil when there are no kernels or the target is a CPU
	// rdc is set when the file defines or calls device routines
	// (§2.15.1): its .acc.cu is relocatable device code, device-linked
	// with the program's other files when accc links.
	rdc bool
	// stubs are the launch stubs the host file calls in the .acc.cu:
	// local to the object once combined (compileAccel), so that files
	// whose kernels have the same names (static functions of one name
	// and line, a header's static inline function) link together.
	stubs []string
	// cuLocal are the device routines of the .acc.cu whose host-side
	// symbols (nvcc's stand-ins) are made local to its object: with
	// -acc=gpu,multicore the host file defines their multicore versions
	// under the same names (fallback.go).
	cuLocal []string
}

// lower builds the IR of the unit's directives for the target; its errors
// and -Minfo remarks go to the diagnostics. -fsyntax-only stops here.
func (c *compilation) lower(u *frontend.Unit) (*ir.Program, *ir.Program, error) {
	opts := lower.Options{Target: string(c.cfg.Target), NoAlias: c.cfg.NoAlias, NoAutopar: c.cfg.NoAutopar, Memory: c.memoryRemarkMode(),
		OpenMPOff: c.openMP() && !slices.Contains(c.cfg.HostFlags, "-fopenmp")}
	if c.cfg.DumpIR != "" {
		opts.DumpIR, opts.DumpTo = c.cfg.DumpIR, c.stdout
	}
	opts.VerifyIR = c.cfg.VerifyIR || os.Getenv(VerifyIREnv) == "1"
	frontend.CheckReservedNames(u, u.Lines.Sink(c.diags))
	if c.diags.HasErrors() {
		return nil, nil, errRejected
	}
	opts.PassTimes = c.times
	start, before := time.Now(), c.passTimesSum()
	var prog, mc *ir.Program
	if c.cfg.Fallback {
		prog, mc = c.lowerWithMulticore(u, opts)
	} else {
		prog = lower.Build(u, opts, u.Lines.Sink(c.diags))
	}
	c.timePhase("lower (rest)", start, before)
	c.writeTimes(u.File)
	if c.diags.HasErrors() {
		return nil, nil, errRejected
	}
	return prog, mc, nil
}

// VerifyIREnv is the environment variable that, set to 1, checks the IR
// after each lowering pass as --verify-ir does; the test suite sets it.
const VerifyIREnv = "ACCC_VERIFY_IR"

// IRPasses are the names --dump-ir takes: the lowering passes, in order,
// and "all".
func IRPasses() []string {
	return append(lower.PassNames(), "all")
}

// generate lowers the unit's directives of file in and prints the
// generated files. Code that stands for no line of the user's maps to
// the host file under the name -keep and --emit=source give it.
func (c *compilation) generate(in string, u *frontend.Unit) (*generated, error) {
	prog, mc, err := c.lower(u)
	if err != nil {
		return nil, err
	}
	g := &generated{host: host.Generate(prog, host.Options{Target: string(c.cfg.Target), Preprocessed: u.Lines != nil, Autocompare: c.cfg.Autocompare, Name: c.generatedName(in, ".acc.c"), Multicore: mc})}
	if c.cfg.Target == TargetGPU {
		g.cu = cuda.Generate(prog, cuda.Options{Name: c.generatedName(in, ".acc.cu"), Debug: c.deviceDebug()})
		g.rdc = len(prog.Routines)+len(prog.Externs) > 0
		if mc != nil {
			g.cuLocal = routineSymbols(prog)
		}
		for _, c := range prog.Constructs {
			if c.Region != nil {
				for _, k := range c.Region.AllKernels() {
					g.stubs = append(g.stubs, ir.LaunchName(k.Name))
				}
			}
		}
	}
	return g, nil
}

// deviceDebug reports whether the build asks for device debug or line
// information: -g, -gpu=debug (nvcc -G) or -gpu=lineinfo.
func (c *compilation) deviceDebug() bool {
	return c.cfg.Debug || slices.Contains(c.cfg.NVCCFlags, "-G") || slices.Contains(c.cfg.NVCCFlags, "-lineinfo")
}

// compileAccel compiles a unit with directives: the host file with cc, the
// kernel file with nvcc, combined into one relocatable object (ld -r).
func (c *compilation) compileAccel(in, out string, u *frontend.Unit) error {
	g, err := c.generate(in, u)
	if err != nil {
		return err
	}
	rt, _, err := c.runtimeDir()
	if err != nil {
		return err
	}
	inc := filepath.Join(rt, runtime.IncludeDir)
	base := strings.TrimSuffix(filepath.Base(in), filepath.Ext(in))
	dir := c.work
	hostC := filepath.Join(dir, base+".acc.c")
	// nvcc runs its steps through a shell, which a file name with a quote,
	// a dollar sign, a backquote, a backslash or a carriage return breaks:
	// it compiles a copy under a name of plain characters (the #line
	// directives in the file name the user's).
	cuFile := filepath.Join(dir, plainName(base)+".acc.cu")
	if c.cfg.Keep {
		hostC = c.generatedName(in, ".acc.c")
	}
	if err := c.write(hostC, g.host); err != nil {
		return err
	}
	srcDir := filepath.Dir(in)
	hostObj := out
	if g.cu != nil {
		hostObj = filepath.Join(dir, base+".host.o")
	}
	var argv []string
	if u.Lines != nil {
		// A preprocessed unit: the host compiler preprocessed it already,
		// with the user's options (see preprocessed.go).
		argv = c.ccArgv("-c", "-fpreprocessed")
		if c.cfg.Std != "" {
			argv = append(argv, "-std="+c.cfg.Std)
		}
	} else {
		argv = c.ccArgv("-c", "-iquote", srcDir, "-I"+inc)
		argv = append(argv, c.preprocessorFlags()...)
	}
	argv = append(argv, c.codeFlags()...)
	if u.Lines == nil {
		// Directives in headers stay in the headers.
		argv = append(argv, "-Wno-unknown-pragmas")
	}
	if c.openMP() {
		argv = append(argv, "-fopenmp")
	}
	argv = append(argv, hostC, "-o", hostObj)
	if err := c.run.run(argv, nil); err != nil {
		return err
	}
	if g.cu == nil {
		return nil
	}
	if err := c.write(cuFile, g.cu); err != nil {
		return err
	}
	if c.cfg.Keep {
		if err := c.write(c.generatedName(in, ".acc.cu"), g.cu); err != nil {
			return err
		}
	}
	cuObj := filepath.Join(dir, plainName(base)+".cu.o")
	nv := []string{c.nvcc, "-c", "-std=c++17"}
	if g.rdc {
		// Routines link by name across files: nvlink resolves them at
		// accc's link step (deviceLink). Compiling relocatable code
		// costs no measurable compile time over whole-file code.
		nv = append(nv, "-rdc=true")
	}
	nv = append(nv, c.gencode()...)
	nv = append(nv, "-I"+inc) // the .acc.cu includes no header of the user's: it defines the types it uses
	if c.cfg.OptLevel != "" && c.cfg.OptLevel != "-O0" {
		nv = append(nv, "-O3")
	}
	if c.cfg.Debug && !slices.Contains(c.cfg.NVCCFlags, "-G") {
		nv = append(nv, "-lineinfo")
	}
	nv = append(nv, c.cfg.NVCCFlags...)
	nv = append(nv, "-Xcompiler", "-fPIC", "-w", cuFile, "-o", cuObj)
	if err := c.run.run(nv, nil); err != nil {
		return err
	}
	if err := c.localize(cuObj, g.cuLocal); err != nil {
		return err
	}
	if err := c.run.run([]string{"ld", "-r", hostObj, cuObj, "-o", out}, nil); err != nil {
		return err
	}
	if len(g.stubs) == 0 {
		return nil
	}
	oc := []string{"objcopy"}
	for _, s := range g.stubs {
		oc = append(oc, "--localize-symbol="+s)
	}
	return c.run.run(append(oc, out), nil)
}

// plainName returns name with every character but plain ones (plainChar)
// replaced by '_'.
func plainName(name string) string {
	return strings.Map(func(r rune) rune {
		if plainChar(r) {
			return r
		}
		return '_'
	}, name)
}

// plainChar reports whether r is an ASCII letter or digit, '.', '_', '+'
// or '-': a character any shell passes as it is.
func plainChar(r rune) bool {
	return r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("._+-", r))
}

func (c *compilation) write(name string, data []byte) error {
	if err := c.notAnInput(name); err != nil {
		return err
	}
	if c.cfg.Verbose {
		fmt.Fprintf(c.stderr, "accc: writing %s\n", name)
	}
	if c.cfg.DryRun {
		return nil
	}
	return os.WriteFile(name, data, 0o644)
}

// runtimeLinkArgs are what linking an OpenACC program needs: the runtime
// library, libdl, and for the GPU the CUDA runtime.
func (c *compilation) runtimeLinkArgs() ([]string, error) {
	if !c.cfg.ACC {
		return nil, nil
	}
	if c.cfg.Target == TargetGPU {
		if err := c.findNVCC(); err != nil {
			return nil, err
		}
	}
	rt, be, err := c.runtimeDir()
	if err != nil {
		return nil, err
	}
	var args []string
	if c.cfg.Memory != MemSeparate && be.MemorySource != "" {
		// The heap of the memory mode (runtime/src/memory.c): an object,
		// so that it is linked whether or not a symbol asks for it, and
		// its malloc replaces the C library's for the whole program.
		args = append(args, filepath.Join(rt, be.MemoryObject(string(c.cfg.Memory))))
	}
	args = append(args, filepath.Join(rt, "lib", be.Library()))
	if c.openMP() {
		args = append(args, "-fopenmp")
	}
	if c.cfg.Target == TargetGPU {
		if c.cudaLib != "" {
			args = append(args, "-L"+c.cudaLib)
		}
		args = append(args, "-lcudart_static", "-ldl", "-lrt", "-lstdc++")
	}
	if c.cfg.Target == TargetEmulate {
		// The checks of emulate (ACCC_CHECK) watch pages of the
		// program's data, which lazy binding would write to.
		args = append(args, "-Wl,-z,now")
	}
	// -ldl: the runtime loads ACC_PROFLIB libraries.
	return append(args, "-lpthread", "-ldl", "-lm"), nil
}

// memoryRemarkMode is lower.Options.Memory: the memory mode when it
// shares the heap with the device (-gpu=mem:managed, unified).
func (c *compilation) memoryRemarkMode() string {
	if c.cfg.Memory == MemManaged || c.cfg.Memory == MemUnified {
		return string(c.cfg.Memory)
	}
	return ""
}
