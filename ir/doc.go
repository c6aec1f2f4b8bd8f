// Package ir is accc's intermediate representation of OpenACC constructs
// and the lowering that builds it from the C frontend's output.
//
// Build turns each directive of a translation unit into a Construct: a
// compute construct (OpenACC 3.4 §2.5, §2.11) becomes a Region of Kernels
// whose bodies are Loops (a canonical for nest with its partitioning
// levels, collapse, private and reduction clauses) and Stmts (the user's
// code as tokens, with references to the region's variables); data
// constructs and directives become lists of Maps (§2.7). Lowering decides
// what the spec leaves to the implementation: the data attribute of each
// variable (§2.6.2: scalars firstprivate in parallel and serial, copy in
// kernels; arrays copy; pointers must be present or have a clause), the
// loop schedule (gang, worker, vector; §2.9) and the launch shape, and it
// reports them as -Minfo remarks in NVHPC's words.
//
// The IR holds no cc/v4 types: code generators (codegen/...) need only
// this package. Variables keep their C names, so kernel code is the
// user's code with the thread mapping around it.
package ir
