// Package depend decides whether two references of a loop nest can touch
// the same memory in different iterations of one loop: the data
// dependence tests of a parallelising compiler (Allen and Kennedy,
// "Optimizing Compilers for Modern Architectures", ch. 2-3), on the
// subscripts the IR's access summaries hold as polynomials (ir.Affine).
//
// Carried asks it for one loop level of a nest, with the enclosing levels
// in the same iteration: a dependence carried there forbids running the
// loop's iterations in parallel. Each subscript dimension is tested on
// its own; linearised subscripts (a[i*n + j], with j's range inside
// [0, n)) are first split into the dimensions they encode. The tests:
// ZIV (no index: the constants differ), strong SIV (the same index with
// the same coefficient: the distance is the constant's quotient, and
// must be an integer no larger than the trip count), the GCD test, and
// the equality a subscript forces on the tested index (a[i] against
// a[i]). A dimension that no test decides is assumed to depend, so the
// answer is "independent" only when proven.
package depend
