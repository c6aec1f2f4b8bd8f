package ir

import (
	"fmt"
	"strings"
)

// The tile clause (OpenACC 3.4 §2.9.8): tile(s1, ..., sn) on a loop
// strip-mines the n tightly nested loops it applies to, each into a tile
// loop and an element loop of at most its size's iterations, with all
// tile loops outside all element loops; the first size is the innermost
// loop's. accc runs the n tile loops as one loop over the tiles (the
// first tile of each dimension first, the outermost dimension slowest)
// and the n element loops as one loop over a tile's elements (likewise),
// skipping the elements past the end of a partial tile. The loop's
// levels divide between the two: gang partitions the tile loops, vector
// the element loops, and worker the element loops where there is no
// vector, else the tile loops.

// Tiled reports whether l runs strip-mined: it has a tile clause and is
// partitioned. A sequential loop (seq, or one the compiler could not
// prove parallel) keeps its iterations in source order, which the tiled
// order would change.
func (l *Loop) Tiled() bool { return len(l.Tile) > 0 && l.Levels != 0 }

// TileLevels returns the levels of l that partition its tile loops and
// those that partition its element loops (§2.9.8).
func (l *Loop) TileLevels() (tiles, elems Level) {
	tiles = l.Levels & Gang
	elems = l.Levels & Vector
	if l.Levels.Has(Vector) {
		tiles |= l.Levels & Worker
	} else {
		elems |= l.Levels & Worker
	}
	return tiles, elems
}

// TileElems returns the number of iterations of a whole tile of l: the
// product of its sizes.
func (l *Loop) TileElems() int {
	n := 1
	for _, s := range l.Tile {
		n *= s
	}
	return n
}

// TileText spells l's tile clause as -Minfo and the kernels' comments
// report it: the sizes the nest runs, innermost first as the clause
// lists them (where the clause has *, the size accc chose).
func (l *Loop) TileText() string {
	var s []string
	for i := len(l.Tile) - 1; i >= 0; i-- {
		s = append(s, fmt.Sprint(l.Tile[i]))
	}
	return "tile(" + strings.Join(s, ",") + ")"
}
