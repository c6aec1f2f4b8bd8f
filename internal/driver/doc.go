// Package driver runs one accc invocation: it takes a Config from the
// command line, runs the compiler phases on each C input, runs the external
// tools (the host C compiler, nvcc, the linker), and renders diagnostics.
//
// Pipeline position: outermost. It calls frontend (parse and check), the
// later phases (IR, analysis, code generation) as they land, and the tools.
//
// Imports: every accc package; it is the only package that runs external
// programs (os/exec). It must not import modernc.org/cc/v4 directly.
//
// Invariants: each invocation works in its own temporary directory, so
// parallel builds (make -j) never share files, and removes it even when
// interrupted (signals.go); it never writes over one of its inputs, and
// uses only a runtime cache private to its user (runtimelib.go); the exit
// status is 0 on success, 1 when the input is rejected or a tool fails, 2
// on usage errors and 3 on an internal compiler error; no Go panic trace
// reaches the user unless ACCC_DEBUG=1.
package driver
