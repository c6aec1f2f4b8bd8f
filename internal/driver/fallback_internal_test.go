package driver

import (
	"slices"
	"testing"

	"github.com/accc-compiler/accc/internal/diag"
)

// TestMergeFallbackDiags checks how -acc=gpu,multicore combines its two
// builds' diagnostics: the GPU build's all, in order; of the multicore
// build's, its kernel and differing loop schedule remarks (marked) right
// after the GPU's remark of the same code and line, its errors and
// warnings the GPU build does not report, and nothing that repeats.
func TestMergeFallbackDiags(t *testing.T) {
	p := func(line int) diag.Pos { return diag.Pos{File: "t.c", Line: line} }
	rem := func(line int, code diag.Code, msg string) diag.Diagnostic {
		return diag.Diagnostic{Pos: p(line), Severity: diag.Remark, Code: code, Msg: msg}
	}
	gpu := []diag.Diagnostic{
		rem(3, diag.CodeKernel, "Generating NVIDIA GPU code"),
		rem(3, diag.CodeLoopReduction, "Generating reduction(+:s)"),
		rem(3, diag.CodeDataCopyin, "Generating copyin(x[:n]) [if not already present]"),
		rem(4, diag.CodeLoopSchedule, "#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"),
		rem(7, diag.CodeLoopSchedule, "#pragma acc loop seq"),
		{Pos: p(9), Severity: diag.Warning, Code: diag.CodeDataClause, Msg: "both"},
	}
	mc := []diag.Diagnostic{
		rem(3, diag.CodeKernel, "Generating Multicore code"),
		rem(3, diag.CodeLoopReduction, "Generating reduction(+:s)"),
		rem(4, diag.CodeLoopSchedule, "#pragma acc loop gang"),
		rem(4, diag.CodeLoopReduction, "Generating reduction(+:s)"),
		rem(7, diag.CodeLoopSchedule, "#pragma acc loop seq"),
		rem(8, diag.CodeLoopParallel, "a remark of the multicore build's own"),
		{Pos: p(9), Severity: diag.Warning, Code: diag.CodeDataClause, Msg: "both"},
		{Pos: p(10), Severity: diag.Error, Code: diag.CodeUnsupported, Msg: "multicore only"},
	}
	var got []string
	for _, d := range mergeFallbackDiags(gpu, mc) {
		got = append(got, d.String())
	}
	want := []string{
		"t.c:3: remark: Generating NVIDIA GPU code",
		"t.c:3: remark: Generating Multicore code",
		"t.c:3: remark: Generating reduction(+:s)",
		"t.c:3: remark: Generating copyin(x[:n]) [if not already present]",
		"t.c:4: remark: #pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */",
		"t.c:4: remark: #pragma acc loop gang /* multicore */",
		"t.c:7: remark: #pragma acc loop seq",
		"t.c:9: warning: both",
		"t.c:10: error: multicore only",
	}
	if !slices.Equal(got, want) {
		t.Errorf("mergeFallbackDiags =\n%q\nwant\n%q", got, want)
	}
}
