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
	// Once are the statements of the gang loop's body before the vector
	// loop (stores indexed by i alone, correlation's diagonal), which
	// the thread of the rectangle's first column runs for each row. The
	// rectangle then has every row of the gang loop and at least one
	// column, and the staged loads read only in the rows and columns
	// that hold iterations: Rows, a test of i (the inner loop's test at
	// its first iteration), and Cols, a test of j (below the last
	// column of the triangle). All three are nil without such
	// statements.
	Once       []Node
	Rows, Cols Expr
}
