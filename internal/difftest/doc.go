// Package difftest runs generated OpenACC programs (internal/progen) on
// accc's targets and compares each run with the same program compiled by
// a plain C compiler, which ignores the directives: the oracle. A
// mismatch, a crash, a timeout, accc rejecting the program, a static
// check warning about it (the programs are correct: every run is a test
// of the checks' false positives), or the host compiler or nvcc
// rejecting accc's generated code is a finding; Reduce
// shrinks a finding's program over the generator's tree (segments,
// optional clauses, sizes) to a small program that still shows it.
//
// Like internal/acctest it is test support, and one of the two packages
// besides internal/driver that run external programs (scripts/lint.sh).
package difftest
