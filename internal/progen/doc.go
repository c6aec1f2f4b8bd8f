// Package progen generates OpenACC C programs that are well defined by
// construction, for differential testing (issue 24): the same source
// compiled by a plain C compiler, which ignores the directives, is the
// oracle for every accc target.
//
// A program is a sequence of segments, each a function main calls in turn.
// Every segment starts and ends with the host copy of every global array
// current (§2.6: data regions, enter/exit data and update directives inside
// a segment are balanced), so segments are independent: dropping any of
// them leaves a well-defined program. Each segment draws its choices from
// its own random stream (the program seed and its index), so the rest of
// the program is the same whatever is dropped; optional clauses carry
// names ("s3.vector_length") that a reducer can drop one at a time
// (Program.Drop). That is the tree the reducer of internal/difftest works
// on.
//
// Well defined means:
//   - values are integers of bounded magnitude, whatever the element type:
//     every store wraps its value (x % 1021, fmod(x, 1021.0)), expressions
//     multiply at most two values, and sums stay below 2^24, so float and
//     double arithmetic is exact, fused multiply-adds change nothing and
//     reductions give the same result in every order;
//   - a loop that is asserted independent (parallel loop, independent,
//     collapse, tile) writes each element at most once, through injective
//     subscripts (i, N-1-i, perm[i], (i*P)%N with P prime to N), and reads
//     an array it writes only at the element it writes; loops of one
//     parallel region touch disjoint arrays (gangs do not synchronise);
//   - device data is never read before it is written or copied in, and
//     host code reads an array only after the device copy was copied back;
//     arrays copied in are not written on the device;
//   - async work is waited for before anything depends on it;
//   - products of reductions run over few iterations of factors 1, 2 and
//     1/2, so they neither overflow nor round.
//
// Each program prints the scalars its segments computed and, at the end,
// a hash of every global array (negative zeros normalised: max and min may
// return either zero).
package progen
