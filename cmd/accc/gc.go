package main

import (
	"os"
	"runtime/debug"
)

// tuneGC lets the heap grow to five times what is live between
// collections (GOGC=400) while it stays under 1 GiB, unless GOGC or
// GOMEMLIMIT says otherwise. accc is a short-lived process that allocates
// much and keeps much (the C frontend's AST of the unit and its headers,
// the IR) until it exits: at Go's default (100) the collector takes a
// fifth of its compile time (NPB BT's x_solve.c: 1.17 s of CPU at the
// default, 0.94 s at 400), as it would in cmd/compile, which starts with
// a large heap for the same reason.
func tuneGC() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(400)
	}
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(1 << 30)
	}
}
