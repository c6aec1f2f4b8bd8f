package host

import (
	"fmt"
	"strings"

	"github.com/accc-compiler/accc/codegen/kernel"
	"github.com/accc-compiler/accc/ir"
)

// -acc=gpu,multicore builds one binary with two versions of each compute
// construct, as NVHPC does: the GPU version, and the multicore one that
// -acc=multicore builds from the same unit (lowered for that target),
// which runs when the host is the current device type (no GPU at start,
// ACC_DEVICE_TYPE=multicore or host, acc_set_device_type(acc_device_host);
// OpenACC 3.4 §3.2.2). The host file is the GPU build's, with
//
//	if (accrt_offload() && IF) { GPU version } else { multicore version }
//
// per construct, the multicore version running the host version (the
// statement as written) in turn where the if or self clause says; the
// clauses are evaluated once, into a variable both versions read. The
// multicore version's kernels and routines are the multicore build's
// OpenMP functions; its launches and reduction cells use the runtime's
// accrt_mc_ functions (runtime/src/fallback.c), which run on the host in
// a GPU runtime. The file defines accrt_multicore_fallback, which tells
// the runtime to start on the host when there is no GPU.
type fallback struct {
	// mc prints the multicore versions in a GPU build; nil otherwise.
	mc *gen
	// inGPU is set on mc: its launches and reduction cells are the
	// runtime's accrt_mc_ functions.
	inGPU bool
	// ifVar is, on mc, the variable that holds the truth of the
	// construct's if and self clauses while mc prints its version.
	ifVar string
	// mcConstructs and mcRoutines are mc's by where they start.
	mcConstructs map[int]*ir.Construct
	mcRoutines   map[int]*ir.Routine
	// declared is set once mcDecls has declared the runtime's functions.
	declared bool
}

// withMulticore sets up the multicore versions of opts.Multicore.
func (g *gen) withMulticore(opts Options) {
	if opts.Multicore == nil || opts.Target != "gpu" {
		return
	}
	mo := opts
	mo.Target, mo.Multicore = "multicore", nil
	mc := &gen{p: opts.Multicore, opts: mo, dialect: kernel.OpenMP,
		lines: kernel.Lines{File: opts.Multicore.File, Map: opts.Multicore.Lines, Markers: opts.Preprocessed, Generated: true}}
	mc.inGPU = true
	mc.mcConstructs = map[int]*ir.Construct{}
	mc.mcRoutines = map[int]*ir.Routine{}
	for _, c := range mc.p.Constructs {
		mc.mcConstructs[c.DirStart] = c
	}
	for _, rt := range mc.p.Routines {
		mc.mcRoutines[rt.Start] = rt
	}
	g.mc = mc
}

// constructAt returns mc's version of the GPU build's construct c.
func (g *gen) constructAt(c *ir.Construct) *ir.Construct {
	mc := g.mcConstructs[c.DirStart]
	if mc == nil || mc.Kind != c.Kind {
		panic(fmt.Sprintf("the multicore build has no %s construct at line %d", c.Kind, c.Line))
	}
	return mc
}

// routineAt returns mc's version of the GPU build's routine rt.
func (g *gen) routineAt(rt *ir.Routine) *ir.Routine {
	mrt := g.mcRoutines[rt.Start]
	if mrt == nil {
		panic(fmt.Sprintf("the multicore build has no device version of routine %s", rt.Name))
	}
	return mrt
}

// fallbackMark defines, in a GPU build with multicore code, the symbol
// that tells the runtime so (weak: every file of the program defines it).
func (g *gen) fallbackMark() string {
	if g.mc == nil {
		return ""
	}
	return "__attribute__((weak)) const int accrt_multicore_fallback = 1;\n"
}

// mcDecls declares, before the first multicore version, the runtime's
// functions that it calls (runtime/src/fallback.c).
func (g *gen) mcDecls() string {
	if g.mc == nil || g.declared {
		return ""
	}
	g.declared = true
	return `void accrt_mc_launch_begin(const accrt_site *, const char *, unsigned, unsigned, unsigned, int);
void accrt_mc_check_launch(const accrt_site *);
void *accrt_mc_red_begin(const void *, size_t, int, const accrt_site *);
void accrt_mc_red_end(void *, size_t, int, const accrt_site *);
`
}

// targetName is the target as -acc names it: gpu,multicore for a GPU
// build with multicore versions.
func (g *gen) targetName() string {
	if g.mc != nil {
		return g.opts.Target + ",multicore"
	}
	return g.opts.Target
}

// cpuFn is the runtime function name that CPU launch code calls: the
// accrt_mc_ one in a GPU build's multicore code.
func (g *gen) cpuFn(name string) string {
	if g.inGPU {
		return "accrt_mc_" + strings.TrimPrefix(name, "accrt_")
	}
	return name
}

// clauseConds returns the conditions of compute construct c's if and
// self clauses (§2.5.6, §2.5.7) under which it does not run its host
// version. With multicore versions they are evaluated once, into a
// variable declared on b that the multicore version reads too.
func (g *gen) clauseConds(b *strings.Builder, c *ir.Construct) []string {
	if c.If == nil && c.Self == nil {
		return nil
	}
	if g.ifVar != "" {
		return []string{g.ifVar}
	}
	var conds []string
	if c.If != nil {
		conds = append(conds, "("+ir.Format(c.If, nil)+")")
	}
	if c.Self != nil {
		conds = append(conds, "!("+ir.Format(c.Self, nil)+")")
	}
	if g.mc == nil {
		return conds
	}
	name := ir.IfName(c.ID)
	fmt.Fprintf(b, "    const int %s = %s;\n", name, strings.Join(conds, " && "))
	g.mc.ifVar = name
	return []string{name}
}

// multicoreVersion writes the multicore version of the GPU build's
// compute construct c, whose site is sn, to b and returns where b holds
// its host version.
func (g *gen) multicoreVersion(b *strings.Builder, c *ir.Construct, sn string) [2]int {
	hv := g.mc.computeBody(b, g.mc.constructAt(c), sn)
	g.mc.ifVar = ""
	return hv
}
