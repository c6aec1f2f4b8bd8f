// Package depend decides whether two references of a loop nest can touch
// the same memory in different iterations of one loop: the data
// dependence tests of a parallelising compiler (Allen and Kennedy,
// "Optimizing Compilers for Modern Architectures", ch. 2-3; Wolfe, "High
// Performance Compilers for Parallel Computing", ch. 7), on the
// subscripts the IR's access summaries hold as polynomials (ir.Affine).
//
// Carried asks it for one loop level of a nest, with the enclosing levels
// in the same iteration: a dependence carried there forbids running the
// loop's iterations in parallel. Directions lists the direction vectors
// under which two references may meet.
// MustCarry answers the converse question, for the warnings about loops a
// program asserts independent: do the two references certainly meet
// (their subscripts differing by constants only, at one distance or in
// every pair of iterations)? enum_test.go checks both against
// brute-force enumeration.
//
// Each subscript dimension gives one equation, the first reference's
// subscript minus the second's, over the indices of both iterations;
// linearised subscripts (a[i*n + j], with j's range inside [0, n)) are
// first split into the dimensions they encode. A direction vector
// constrains each level ('=': the same index in both iterations; '<',
// '>': the first iteration before or after the second; '*': anything),
// and is refined level by level while no equation is proven to have no
// solution under it. The tests, cheapest first:
//
//   - ZIV: no index; the two subscripts differ by a nonzero constant.
//   - GCD: the gcd of the index coefficients does not divide the constant.
//   - SIV, one level's index: strong (the same coefficient: a distance,
//     its sign the direction, no larger than the span), weak-zero (one
//     coefficient zero: a single iteration, which must be in the range),
//     weak-crossing (opposite coefficients: the iterations cross at one
//     point, which must be in the range), exact (the general case with
//     constant bounds, by the extended Euclidean algorithm).
//   - Banerjee's inequalities for equations with several indices: the
//     extremes of the equation's left side over the bounds, under the
//     vector's directions, must enclose 0.
//
// Bounds and constants may be symbolic: they are compared where their
// difference is a constant (a[i] against a[n] with i in [0, n-1]).
// Dimensions are tested one at a time, so coupled subscripts (a[i][j]
// against a[j][i]) keep vectors a joint test would drop. A dimension
// that no test decides is assumed to depend, so the answer is
// "independent" only when proven.
package depend
