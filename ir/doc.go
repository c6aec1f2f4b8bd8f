// Package ir is accc's intermediate representation of OpenACC constructs:
// types only. Package lower builds it from the C frontend's output; the
// code generators (codegen/...) read it.
//
// A translation unit's directives are Constructs: a compute construct
// (OpenACC 3.4 §2.5, §2.11) is a Region of Kernels whose bodies are Loops
// (a canonical for nest with its partitioning levels, collapse, private
// and reduction clauses) and Stmts (the user's code, with references to
// the region's variables); data constructs and directives are lists of
// Maps (§2.7). Each region Var carries its data attribute (VarClass), each
// Loop its schedule, each Kernel its launch shape.
//
// The IR holds no cc/v4 types and imports neither the frontend nor the
// directive AST: it has its own kinds (ComputeKind, DataKind, MapMod,
// ReductionOp).
// Variables keep their C names, so kernel code is the user's code with
// the thread mapping around it.
package ir
