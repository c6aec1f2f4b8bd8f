package lower

import (
	"fmt"
	"slices"
	"strings"

	"github.com/accc-compiler/accc/ir"
)

// retileRemark words the retile pass's work on loop l of kernel k
// (opt/retile.go) for -Minfo: "Loop nest re-tiled over the triangle
// j <= i: 32x8 tiles, A staged through shared memory"; "" where l is
// not a re-tiled nest run in 2-D blocks.
func retileRemark(k *ir.Kernel, l *ir.Loop) string {
	if l.Retile == nil || l != k.GangLoop || k.Block2DRows == 0 {
		return ""
	}
	shape := "the rectangle"
	if l.Retile.Mask != nil {
		shape = "the triangle " + ir.Format(l.Retile.Mask, nil)
	}
	s := fmt.Sprintf("Loop nest re-tiled over %s: %dx%d tiles", shape, ir.Block2DWidth, k.Block2DRows)
	if k.Stage != nil {
		var names []string
		for _, b := range k.Stage.Bufs {
			if n := elementBase(b.Refs[0]); n != "" && !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
		s += ", " + strings.Join(names, ", ") + " staged through shared memory"
	}
	return s
}

// elementBase returns the variable an element reference a[...] (or
// a[...][...]) reads, "" for another expression.
func elementBase(e ir.Expr) string {
	for {
		switch x := e.(type) {
		case *ir.Index:
			e = x.X
		case *ir.Ref:
			return x.Var.Name
		default:
			return ""
		}
	}
}
