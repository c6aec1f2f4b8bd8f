package opt

import (
	"math"

	"github.com/accc-compiler/accc/ir"
)

// The tile clause's part in the IR-only passes (OpenACC 3.4 §2.9.8; the
// whole path is in lower/tile.go): the block a tiled loop asks for, and
// the proof that its two loops may count in 32 bits.

// tileVector returns the block a kernel's tiled loops ask for: the
// largest tile among its tiled loops whose element loops are vector
// loops (one thread per element), or 0 for none.
func tileVector(ns []ir.Node) int {
	v := 0
	ir.Visit(ns, func(n ir.Node) {
		if l, ok := n.(*ir.Loop); ok && l.Tiled() {
			if _, elems := l.TileLevels(); elems.Has(ir.Vector) {
				v = max(v, l.TileElems())
			}
		}
	})
	return v
}

// tileIndex32 reports whether tiled loop l of kernel k may count in 32
// bits (opt/index32.go's rules, for the two loops codegen/kernel
// prints): each level's trip count (rule 1) and the number of tiles are
// at most 2^31-1, so the tile counter and the tile counts fit, and so
// do the iteration numbers, below a level's trip count plus its tile
// size (a tile holds at most 2^31-1 iterations: tileSizes); and neither
// grid-stride increment can wrap (rule 3): the tile loop's, over its
// levels' threads times the grid's gangs gx where gang is one of them
// (bounded when gridOK), and the element loop's over its levels'.
func tileIndex32(l *ir.Loop, k *ir.Kernel, gx int64, gridOK bool) bool {
	trips, ok := levelTrips(l)
	if !ok {
		return false
	}
	tiles := int64(1)
	for i, t := range trips {
		tiles *= ceilDiv(t, int64(l.Tile[i]))
		if tiles > maxIndex32 {
			return false
		}
	}
	tl, el := l.TileLevels()
	threads := func(lv ir.Level) int64 {
		n := int64(1)
		if lv.Has(ir.Worker) {
			n *= int64(k.Workers)
		}
		if lv.Has(ir.Vector) {
			n *= int64(k.Vector)
		}
		return n
	}
	stride := threads(tl)
	if tl.Has(ir.Gang) {
		if !gridOK {
			return false
		}
		stride *= gx
	}
	fits := func(trip, stride int64) bool { return trip <= 0 || trip-1+stride <= math.MaxUint32 }
	return fits(tiles, stride) && fits(int64(l.TileElems()), threads(el))
}
