package ir

// A Retile describes a gang loop over i and the vector loop over j it
// held, made one gang vector collapse(2) nest over the rectangle that
// bounds their iterations (opt/retile.go), so that the GPU runs it in
// 2-D blocks with its sequential loop staged (Kernel.Stage).
type Retile struct {
	// Mask, for a triangle, is the test that the rectangle's point
	// (i, j) is an iteration of the program's nest: j compared with a
	// bound i + c (j <= i, j >= i + 1); nil for a rectangle, whose
	// points all are.
	Mask Expr
	// Lower is set when Mask bounds j from below (j >= i + c, true for
	// smaller i and larger j); otherwise it bounds j from above (true
	// for larger i and smaller j). A tile of the rectangle holds
	// iterations exactly when Mask holds at its corner of the smallest
	// i and largest j (Lower), or of the largest i and smallest j.
	Lower bool
}
