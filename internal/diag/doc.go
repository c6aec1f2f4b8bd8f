// Package diag defines accc's one diagnostic type, the Sink that compiler
// phases report to, and the renderers that print diagnostics for people
// (gcc-style text, PGI-style -Minfo) and for machines (JSON lines, SARIF 2.1.0).
//
// Pipeline position: every phase reports here; only the driver renders.
//
// Imports: the standard library only.
//
// Renderers: WriteText (gcc/clang style), WriteMinfo (NVHPC -Minfo layout,
// see its comment for the exact rules), WriteJSON (LSP-like JSON lines) and
// WriteSARIF (SARIF 2.1.0). Remarks: each has a code of the taxonomy in
// remarks.go (RemarkKinds: accel-kernel, loop-parallel, loop-dependence,
// data-implicit-copyin, ...), and Neg marks the negative ones (why a loop
// is not parallel). Selection: MinfoSelector and Remarks pick the remarks
// that -Minfo=families and -Mneginfo=families ask for, as NVHPC does;
// Limit applies the error limit.
// Renderers print what they are given, in the order given (WriteMinfo
// groups and orders by position itself); sort with List.Sorted first.
//
// Invariants: phases never print. Errors and warnings are lower case without
// a final period; remarks use the wording NVHPC users know ("Loop is
// parallelizable").
package diag
