// Package opt holds the middle end's IR-only passes: they read and
// rewrite a compute construct's IR (package ir) and the facts the
// lowering recorded about its loops (Loop), and never see the C AST.
// Package lower builds the IR from cc/v4's AST and runs these passes as
// rows of its pass table (lower/passes.go), among its own passes that
// still need the source (vars, clauses, kernels, source, calls,
// gangreductions, data, gotos, params, lint, remarks).
//
// Each pass is a function named after it in pass_<name>.go, taking the
// construct (Construct): access, depend, collapse, hostloops, coalesce,
// schedule, split, loopreductions, breaks, shape, version, names, launch,
// index32, stage. make lint checks that opt imports neither cc/v4 nor
// the packages that do.
package opt
