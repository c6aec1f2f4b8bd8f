// Package acctest is the test support that every package's tests share:
// // want annotations in C files, golden txtar archives, run programs with
// expected output, and the gating of tests on external tools (cc, nvcc, a
// GPU).
//
// Pipeline position: none; only _test.go files import acctest. It may run
// the pipeline (through the packages under test) and, unlike product code
// outside internal/driver, external programs (os/exec).
//
// Imports: the standard library, golang.org/x/tools/txtar and
// internal/diag. It must not import compiler phases, so that any of them
// can use it in its tests.
//
// # Annotations
//
// A C test file starts with a recipe line, as in the Go test directory
// (ParseRecipe):
//
//	// errorcheck             check errors and warnings against the annotations
//	// minfo -Minfo=accel     compile with these flags; check remarks against them
//	// run [accc flags]       a run program: build, run, compare stdout with NAME.out
//	// skip: reason           skip the file, saying why
//
// A run program may follow its recipe with "// env: NAME=VALUE ..." lines
// (ProgramEnv): the settings it runs with, such as ACCC_EMULATE_DEVICES=2
// for several emulated devices.
//
// Expectations are "want" comments (ParseWants, CheckWants):
//
//	annotation  = "//" { " " } "want" [ offset ] expectation { expectation } .
//	offset      = "@+" N | "@-" N .
//	expectation = [ severity ":" ] [ "re" ] quoted .
//	severity    = "error" | "warning" | "remark" .
//	quoted      = `"` { char | `\"` | `\\` } `"` .
//
// That is:
//
//   - "text" expects a diagnostic on the annotated line whose message
//     contains text. The match is literal: parentheses and brackets need no
//     escaping. Inside the quotes \" is a quote and \\ a backslash.
//   - re"regexp" expects a message that the regexp matches (unanchored).
//     Backslashes are the regexp's own (re"kernel main_\d+_gpu"); only \"
//     is special.
//   - error:"…", warning:"…" and remark:"…" also require the severity;
//     with no prefix any severity matches.
//   - want@+1 and want@-1 annotate the next or previous line, for lines
//     that cannot carry a trailing comment.
//
// The check goes both ways, one diagnostic per expectation (the best
// pairing on each line is found): a diagnostic that no expectation claims
// is reported as "file:line: unexpected remark: msg", an expectation that
// no diagnostic satisfies as `file:line: no diagnostic was reported
// matching "text"`, at the comment's line (plus " (for line N)" when the
// annotation has an offset). A malformed annotation (no
// expectation, an unterminated string, a bad offset or regexp, a word
// after "want" that is not an expectation) is a test error, never ignored.
// A comment "// wanted ..." is not an annotation. Annotations are comments,
// so they change no line numbers.
//
// # Golden archives
//
// A golden test is a txtar archive: a comment saying what the test is
// about, input sections (C files, headers, "flags"), and "want/NAME"
// sections with expected outputs. Golden runs the test and compares each
// present want/ section with the output of that name, printing a unified
// diff; go test -update rewrites them (review the diff). ArchiveFS serves
// the input sections as an fs.FS.
//
// # Run programs
//
// testdata/run/NAME.c starts with "// run" (or "// skip: reason") and its
// expected stdout is in NAME.out. RunProgram builds it with the given
// compiler command, runs it with a timeout and compares the output
// exactly. KnownFailures lists programs that are expected to fail, with a
// reason beginning "won't fix:" or "todo(#N):"; an unexpected pass fails.
//
// # Load
//
// The tests must pass on a machine busy with other work, so they assert
// no durations, and their time limits are a safety net for hangs, chosen
// for an idle machine and scaled by Limit with the load average and
// $ACCC_TEST_TIMEOUT_SCALE. The programs they start run with passive
// OpenMP waiting and a few threads (OpenMPEnv; Main sets it for every
// program a package's tests start): a multicore program that spins at its
// barriers runs many times slower on a loaded machine.
//
// # Tools
//
// NeedCC, NeedNVCC and NeedGPU return the tool's path or skip the test;
// with CI=true a missing cc or nvcc fails it instead (CI installs nvcc with
// `make cuda` into .cache/cuda), while NeedGPU always skips without a GPU.
// Accc builds cmd/accc once per test process for end-to-end tests.
//
// Invariants: helpers report through testing.TB and never print; failure
// messages carry the file and line of the expectation and both the got and
// the want; tests never touch the network.
package acctest
