// Package lower builds the IR (package ir) from the cc/v4 AST and the
// directives the frontend attached to it.
//
// Build turns each directive of a translation unit into an ir.Construct
// and decides what the spec leaves to the implementation: the data
// attribute of each variable (§2.6.2: scalars firstprivate in parallel and
// serial, copy in kernels; arrays copy; pointers must be present or have a
// clause), where private copies live (§2.5.13, §2.9.10), the loop schedule
// (gang, worker, vector; §2.9) and the launch shape, and it reports them
// as -Minfo remarks in NVHPC's words. Problems are diagnostics with the
// position of the offending token.
//
// Lowering walks cc/v4's AST with typed code only: expr.go turns
// expressions and statements into IR by a switch over cc/v4's
// productions, and walk visits nodes through ccwalk.go's table of each
// node type's children, in source order (no reflection). Clause
// expressions (the directive grammar's AST) become IR expressions in
// clauseexpr.go: the bases and bounds of data clause sections (data.go),
// with identifiers resolved to the region's variables.
//
// A compute construct goes through the pass table of passes.go: this
// package's passes, which need the source, and package opt's, which see
// only the IR and the facts recorded here about each loop (opt.Loop).
//
// This package and the frontend are the only ones besides directives that
// see cc/v4 types; lowering converts them (types.go) into ir.Type.
package lower
