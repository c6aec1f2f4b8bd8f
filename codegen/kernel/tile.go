package kernel

import (
	"fmt"
	"strings"

	"github.com/accc-compiler/accc/ir"
)

// A tiled loop (ir.Loop.Tiled, OpenACC 3.4 §2.9.8) runs as two loops:
// one over the tiles, partitioned at the levels of the tile loops, and
// inside it one over a tile's elements, partitioned at the levels of the
// element loops (ir.Loop.TileLevels). For tile(32,4) on a gang vector
// nest of i (outer) and j (inner) on the GPU:
//
//	const long long accc_tn0 = accc_n0 / 4 + (accc_n0 % 4 != 0), ...;       // tiles per loop
//	for (long long accc_k = blockIdx.x; accc_k < accc_tn0 * accc_tn1; accc_k += gridDim.x) {
//	    const long long accc_tb0 = accrt_div(accc_k, accc_tn1) * 4, accc_tb1 = ...;  // the tile's first iterations
//	    for (long long accc_te = threadIdx.x; accc_te < 128; accc_te += blockDim.x) {
//	        const long long accc_ti0 = accc_tb0 + accc_te / 32, accc_ti1 = accc_tb1 + accc_te % 32;
//	        if (accc_ti0 < accc_n0 && accc_ti1 < accc_n1) {                  // not past a partial tile's end
//	            int i = 0 + accc_ti0; int j = 0 + accc_ti1;
//	            ... body ...
//
// so a block runs a tile, a thread per element, and the tiles stride
// over the grid: any number of gangs is correct. The CPU targets run
// both loops sequentially, multicore the tile loop of a gang loop over
// OpenMP threads. Loop.Index32 makes every counter unsigned int.

// tileCounts prints the number of tiles of each loop of tiled loop l's
// nest, whose trip counts are trips, in type count, and returns their
// product: the tile loop's trip count.
func (e *emitter) tileCounts(l *ir.Loop, trips []string, count string) string {
	var decls, names []string
	for i, s := range l.Tile {
		name := ir.TileCountName(i)
		c := fmt.Sprintf("%s / %d + (%s %% %d != 0)", trips[i], s, trips[i], s)
		if l.Index32 {
			c = fmt.Sprintf("%s / %du + (%s %% %du != 0)", trips[i], s, trips[i], s)
		}
		decls = append(decls, name+" = "+c)
		names = append(names, name)
	}
	e.line("const %s %s; /* the tiles of each loop, outermost first */", count, strings.Join(decls, ", "))
	return strings.Join(names, " * ")
}

// tileElements prints, inside the tile loop of tiled loop l whose
// counter is k, the tile's first iteration of each loop of the nest and
// the element loop over the tile's iterations, which declares the nest's
// index variables for each element within the trip counts trips: two
// blocks, which closeTile closes after the body.
func (e *emitter) tileElements(l *ir.Loop, trips []string, k, count string) {
	n := len(l.Nest)
	var bases []string
	rest := k
	for i := range l.Nest {
		idx := rest
		if i < n-1 {
			var inner []string
			for j := i + 1; j < n; j++ {
				inner = append(inner, ir.TileCountName(j))
			}
			div := strings.Join(inner, " * ")
			if l.Index32 {
				idx = fmt.Sprintf("%s / %s", paren(rest), paren(div))
				rest = fmt.Sprintf("%s %% %s", paren(rest), paren(div))
			} else {
				idx = fmt.Sprintf("accrt_div(%s, %s)", rest, div)
				rest = fmt.Sprintf("accrt_mod(%s, %s)", rest, div)
			}
		}
		bases = append(bases, fmt.Sprintf("%s = %s * %d", ir.TileBaseName(i), paren(idx), l.Tile[i]))
	}
	te := ir.TileElemName
	e.dl.counter(e, count, te)
	e.line("const %s %s; /* the tile's first iterations */", count, strings.Join(bases, ", "))
	elems := l.TileElems()
	e.dl.tileElements(e, l, count, elems)
	e.depth++
	var its, in []string
	per := elems // the elements of a tile's part of the loops from i in
	for i, s := range l.Tile {
		per /= s
		var off string
		switch {
		case s == 1:
			off = "0"
		case i == 0 && per == 1:
			off = te
		case i == 0:
			off = fmt.Sprintf("%s / %d", te, per)
		case per == 1:
			off = fmt.Sprintf("%s %% %d", te, s)
		default:
			off = fmt.Sprintf("%s / %d %% %d", te, per, s)
		}
		its = append(its, fmt.Sprintf("%s = %s + %s", ir.TileIndexName(i), ir.TileBaseName(i), off))
		in = append(in, fmt.Sprintf("%s < %s", ir.TileIndexName(i), trips[i]))
	}
	e.line("const %s %s;", count, strings.Join(its, ", "))
	e.line("if (%s) { /* not past the end of a partial tile */", strings.Join(in, " && "))
	e.depth++
	for i, iv := range l.Nest {
		e.indexVar(iv, ir.TileIndexName(i), l.Index32)
	}
}

// closeTile closes the blocks tileElements opened.
func (e *emitter) closeTile() {
	for range 2 {
		e.depth--
		e.line("}")
	}
}
