package ir_test

import (
	"testing"

	"github.com/accc-compiler/accc/ir"
)

// TestTileLevels checks how a tiled loop's levels divide between its tile
// loops and its element loops (OpenACC 3.4 §2.9.8): gang on the tiles,
// vector on the elements, worker on the elements without vector and on
// the tiles with it.
func TestTileLevels(t *testing.T) {
	tests := []struct {
		levels, tiles, elems ir.Level
	}{
		{ir.Gang, ir.Gang, 0},
		{ir.Vector, 0, ir.Vector},
		{ir.Worker, 0, ir.Worker},
		{ir.Gang | ir.Vector, ir.Gang, ir.Vector},
		{ir.Gang | ir.Worker, ir.Gang, ir.Worker},
		{ir.Worker | ir.Vector, ir.Worker, ir.Vector},
		{ir.Gang | ir.Worker | ir.Vector, ir.Gang | ir.Worker, ir.Vector},
	}
	for _, tc := range tests {
		l := &ir.Loop{Levels: tc.levels, Tile: []int{4, 32}}
		tiles, elems := l.TileLevels()
		if tiles != tc.tiles || elems != tc.elems {
			t.Errorf("levels %b: tiles %b, elements %b; want %b, %b", tc.levels, tiles, elems, tc.tiles, tc.elems)
		}
		if !l.Tiled() {
			t.Errorf("levels %b: not tiled", tc.levels)
		}
	}
	if l := (&ir.Loop{Tile: []int{4}}); l.Tiled() {
		t.Error("a sequential loop with a tile clause runs tiled")
	}
	if l := (&ir.Loop{Levels: ir.Gang}); l.Tiled() {
		t.Error("a loop without a tile clause runs tiled")
	}
}

// TestTileText checks the tile clause as -Minfo spells it: the sizes
// innermost first, as the clause lists them.
func TestTileText(t *testing.T) {
	l := &ir.Loop{Tile: []int{2, 8, 32}}
	if got, want := l.TileText(), "tile(32,8,2)"; got != want {
		t.Errorf("TileText() = %q, want %q", got, want)
	}
	if got := l.TileElems(); got != 512 {
		t.Errorf("TileElems() = %d, want 512", got)
	}
}
