package codegen_test

import (
	"testing"

	"github.com/accc-compiler/accc/codegen/cuda"
	"github.com/accc-compiler/accc/codegen/host"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// TestGeneratorPanic gives the code generators a kernel they cannot print
// (a reference without a variable, which lowering never builds): the
// panic becomes an internal error of the generator at the construct, its
// position the user's (through the unit's line map).
func TestGeneratorPanic(t *testing.T) {
	text := "# 1 \"t.i\"\n# 40 \"user.c\"\nvoid f(void) {\n#pragma acc parallel\n  ;\n}\n"
	intT := &ir.Type{Kind: ir.Scalar, Name: "int", Size: 4}
	broken := &ir.Stmt{Line: 5, Tree: &ir.ExprStmt{Line: 5, X: &ir.Assign{Op: "=", L: &ir.Ref{}, R: ir.IntConst(1), T: intT}}}
	k := &ir.Kernel{Name: "f_41_gpu", Line: 4, Body: []ir.Node{broken}, Vector: 1, Workers: 1, Serial: true}
	c := &ir.Construct{Kind: ir.Compute, Pos: diag.Pos{File: "t.i", Line: 4, Col: 9}, Func: "f", Line: 4, ID: "41",
		DirStart: 44, DirEnd: 64, StmtStart: 65, StmtEnd: 68, FuncStart: 29, CodeAt: 44,
		Region: &ir.Region{Kind: ir.Parallel, Kernels: []*ir.Kernel{k}}}
	p := &ir.Program{File: "t.i", Src: []byte(text), Lines: diag.ParseLineMarkers("t.i", []byte(text)), Constructs: []*ir.Construct{c}}
	for _, g := range []struct {
		pass string
		gen  func()
	}{
		{"codegen/host", func() { host.Generate(p, host.Options{Target: "host", Preprocessed: true}) }},
		{"codegen/cuda", func() { cuda.Generate(p, cuda.Options{}) }},
	} {
		func() {
			defer func() {
				ie, ok := recover().(*diag.InternalError)
				if !ok {
					t.Errorf("%s: no internal error", g.pass)
					return
				}
				if ie.Pass != g.pass || ie.Pos.String() != "user.c:41:9" || len(ie.Stack) == 0 {
					t.Errorf("%s: internal error %v (pass %q), want one of pass %s at user.c:41:9 with a stack", g.pass, ie, ie.Pass, g.pass)
				}
			}()
			g.gen()
		}()
	}
}
