package driver

import (
	"strings"

	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/lower"
)

// openMP reports whether the host file is compiled and the program linked
// with OpenMP: -acc=multicore, and -acc=gpu,multicore, whose host file
// holds the multicore versions of the compute constructs.
func (c *compilation) openMP() bool {
	return c.cfg.Target == TargetMulticore || c.cfg.Fallback
}

// lowerWithMulticore lowers u for -acc=gpu,multicore: for the GPU with
// opts, and for multicore, whose compute constructs and routines become
// the multicore versions of the host file (codegen/host/fallback.go).
// The diagnostics of both go to the compilation's, each once; of the
// multicore build's remarks, -Minfo shows only those that say what
// differs, its kernels and loop schedules, each after the GPU build's
// remark of its kind on the same line (mergeFallbackDiags).
func (c *compilation) lowerWithMulticore(u *frontend.Unit, opts lower.Options) (gpu, mc *ir.Program) {
	var gd, md diagRecorder
	gpu = lower.Build(u, opts, u.Lines.Sink(&gd))
	mopts := opts
	mopts.Target, mopts.DumpIR, mopts.DumpTo = string(TargetMulticore), "", nil
	mc = lower.Build(u, mopts, u.Lines.Sink(&md))
	for _, d := range mergeFallbackDiags(gd, md) {
		c.diags.Report(d)
	}
	return gpu, mc
}

// routineSymbols are the names of the device versions of prog's routines
// (kernel.RoutineDecl), which a host file with multicore versions defines
// too.
func routineSymbols(prog *ir.Program) []string {
	var names []string
	for _, rt := range prog.Routines {
		if len(rt.Globals) > 0 {
			names = append(names, ir.GlobalsName(rt.Name))
		} else {
			names = append(names, ir.DeviceName(rt.Name))
		}
	}
	return names
}

// localize makes symbols local to object obj (objcopy): nvcc gives each
// extern "C" __device__ function a host-side stand-in of its name, which
// no host code calls and which would clash with the multicore version of
// the routine in the host object at ld -r. Device code links by its own
// symbols (nvlink), which this leaves alone.
func (c *compilation) localize(obj string, symbols []string) error {
	if len(symbols) == 0 {
		return nil
	}
	oc := []string{"objcopy"}
	for _, s := range symbols {
		oc = append(oc, "--localize-symbol="+s)
	}
	return c.run.run(append(oc, obj), nil)
}

// diagRecorder is a diag.Sink that keeps diagnostics in the order they
// come.
type diagRecorder []diag.Diagnostic

// Report implements diag.Sink.
func (r *diagRecorder) Report(d diag.Diagnostic) { *r = append(*r, d) }

// mergeFallbackDiags returns the GPU build's diagnostics gpu and what the
// multicore build's mc add: its errors and warnings that the GPU build
// does not report, and its kernel and loop schedule remarks, loop
// schedules marked "/* multicore */", each placed
// after the GPU build's remark of the same code and line (the driver
// sorts diagnostics stably by position).
func mergeFallbackDiags(gpu, mc []diag.Diagnostic) []diag.Diagnostic {
	type key struct {
		pos  diag.Pos
		code diag.Code
	}
	type msg struct {
		pos  diag.Pos
		sev  diag.Severity
		text string
	}
	seen := map[msg]bool{}
	for _, d := range gpu {
		seen[msg{d.Pos, d.Severity, d.Msg}] = true
	}
	extra := map[key][]diag.Diagnostic{}
	var keys []key
	for _, d := range mc {
		if seen[msg{d.Pos, d.Severity, d.Msg}] {
			continue
		}
		switch {
		case d.Severity != diag.Remark:
		case d.Code == diag.CodeKernel:
		case d.Code == diag.CodeLoopSchedule:
			if strings.HasPrefix(d.Msg, "#pragma acc loop") {
				d.Msg += " /* multicore */"
			}
		default:
			continue
		}
		seen[msg{d.Pos, d.Severity, d.Msg}] = true
		k := key{d.Pos, d.Code}
		if extra[k] == nil {
			keys = append(keys, k)
		}
		extra[k] = append(extra[k], d)
	}
	out := make([]diag.Diagnostic, 0, len(gpu)+len(mc))
	for _, d := range gpu {
		out = append(out, d)
		k := key{d.Pos, d.Code}
		out = append(out, extra[k]...)
		delete(extra, k)
	}
	for _, k := range keys {
		out = append(out, extra[k]...)
	}
	return out
}
