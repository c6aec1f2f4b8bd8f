package opt

import (
	"math"
	"math/big"

	"github.com/accc-compiler/accc/ir"
)

// Index widths (issue 11): a kernel runs each loop as a grid-stride loop,
//
//	for (k = rank; k < T; k += S) { i = lo + (k / inner) * step; ... }
//
// where T is the loop's trip count (for collapse and tile, the product of
// the nest's trip counts, each computed by accrt_trip in 64-bit
// arithmetic), rank < S the thread's place among the S threads the loop is
// spread over, and a collapsed nest recovers its indices with / and %.
// That is 64-bit arithmetic unless Loop.Index32 is set: then the counter,
// the trip counts and the divisions are unsigned int, which GPUs compute
// several times faster (a 64-bit division is a long software sequence).
// The launch pass sets Index32 only when 32-bit arithmetic is provably
// exact for every iteration, by these rules:
//
//  1. Each level's trip count has an upper bound. accrt_trip(a, b, step)
//     is ceil((b - a [+1 for <=, >=]) / step), or 0 when that span or the
//     step is not positive, so it is at most ceil((max b - min a + 1) /
//     max(min step, 1)). The value range of a bound or step comes from
//     rangeOf: an integer constant is its value; any other expression is
//     within the range of its C type (an int is in [-2^31, 2^31-1], a
//     plain char in [-128, 255] whatever its signedness), narrowed
//     through casts, unary minus, + - *, / and % by a positive
//     constant, shifts by a constant, & with a non-negative operand, but
//     only where no operand is converted out of range and
//     the result fits the result's type (otherwise it may wrap: the whole
//     range of the type). So for (i = 0; i < n; i++) with int n runs at
//     most 2^31-1 times; for (i = m; i < n; i++) with int m and n up to
//     2^32-1 times, which is not provable; a long or size_t bound has no
//     useful bound at all. The 64-bit computation itself must not
//     overflow for any values in the ranges (it cannot for 32-bit bounds).
//  2. Each level's bound and their product are at most 2^31-1, so the
//     trip counts, their products (the divisors of the index decoding)
//     and k all fit an unsigned int (and an int), and no per-level
//     trip count is truncated when stored in 32 bits.
//  3. The grid-stride increment cannot wrap: (T-1) + S <= 2^32-1 for the
//     largest S. S is the gangs times the block's threads the loop's
//     levels use (blockDim.y for worker, blockDim.x for vector; 1 for a
//     sequential loop and on the CPU, where k counts by one). The gangs
//     (gridDim.x) are bounded by the kernel's grid (ir.GridDim.Max, which
//     geometry.go derives from the grid it describes): from the
//     gang loop's trip count, ceil(T/GangsPer), which is at most 2^31 for
//     T <= 2^31-1 and GangsPer a power of two; 1024 when the device
//     computes the trip count; 1 without a gang loop; or a constant
//     num_gangs. A num_gangs whose value is not a constant can make the
//     grid as large as CUDA allows, so gang loops under it are 64-bit
//     (its worker and vector loops need only rule 3 for the block). A
//     2-D blocked nest (Kernel.Block2DRows) checks rule 3 per dimension:
//     rows over gridDim.y (at most 65535) and columns over gridDim.x. A
//     tiled loop (Loop.Tiled) counts its tiles and a tile's elements in
//     two loops, each checked on its own (opt/tile.go, tileIndex32).
//
// Anything else stays 64-bit. The index variable is then lo + k * step
// computed modulo 2^32 (unsigned) and converted to its type, exact for
// 32-bit index variables since the value the sequential loop gives it
// fits; wider ones compute it in 64-bit from the 32-bit k.

// maxIndex32 is the largest trip count of a 32-bit loop: 2^31-1.
const maxIndex32 = math.MaxInt32

// A span is a closed interval of integer values.
type span struct{ lo, hi *big.Int }

func point(v int64) span { return span{big.NewInt(v), big.NewInt(v)} }

func (s span) within(t span) bool { return s.lo.Cmp(t.lo) >= 0 && s.hi.Cmp(t.hi) <= 0 }

func (s span) isPoint() (int64, bool) {
	if s.lo.Cmp(s.hi) == 0 && s.lo.IsInt64() {
		return s.lo.Int64(), true
	}
	return 0, false
}

// typeRange returns the values of an integer type.
func typeRange(t *ir.Type) (span, bool) {
	if t == nil || t.Kind != ir.Scalar || t.Float {
		return span{}, false
	}
	switch t.Size {
	case 1, 2, 4, 8:
	default:
		return span{}, false
	}
	bits := uint(8 * t.Size)
	one := big.NewInt(1)
	if t.Name == "char" {
		// Signed or unsigned as the target's ABI says: both.
		return span{big.NewInt(-128), big.NewInt(255)}, true
	}
	if t.Unsigned {
		return span{new(big.Int), new(big.Int).Sub(new(big.Int).Lsh(one, bits), one)}, true
	}
	half := new(big.Int).Lsh(one, bits-1)
	return span{new(big.Int).Neg(half), new(big.Int).Sub(half, one)}, true
}

// rangeOf returns a range that holds every value of the integer
// expression e (rule 1 above), or false when e has no integer type.
func rangeOf(e ir.Expr) (span, bool) {
	tr, ok := typeRange(e.Type())
	if !ok {
		return span{}, false
	}
	// sub returns the range of an operand when C converts it to e's type
	// without changing its value.
	sub := func(x ir.Expr) (span, bool) {
		r, ok := rangeOf(x)
		if !ok || !r.within(tr) {
			return span{}, false
		}
		return r, true
	}
	// fit is r when every value in r is a value of e's type, else the
	// type's range (wrapped unsigned arithmetic, or overflow).
	fit := func(r span) span {
		if r.within(tr) {
			return r
		}
		return tr
	}
	switch x := e.(type) {
	case *ir.Const:
		if x.IsInt {
			return fit(point(x.Int)), true
		}
	case *ir.Cast:
		if r, ok := sub(x.X); ok {
			return r, true
		}
	case *ir.Unary:
		if x.Post {
			break
		}
		r, ok := sub(x.X)
		switch {
		case !ok:
		case x.Op == "+":
			return r, true
		case x.Op == "-":
			return fit(span{new(big.Int).Neg(r.hi), new(big.Int).Neg(r.lo)}), true
		}
	case *ir.Binary:
		rx, okx := sub(x.X)
		ry, oky := sub(x.Y)
		if !okx || !oky {
			break
		}
		switch x.Op {
		case "+":
			return fit(span{new(big.Int).Add(rx.lo, ry.lo), new(big.Int).Add(rx.hi, ry.hi)}), true
		case "-":
			return fit(span{new(big.Int).Sub(rx.lo, ry.hi), new(big.Int).Sub(rx.hi, ry.lo)}), true
		case "*":
			ps := []*big.Int{
				new(big.Int).Mul(rx.lo, ry.lo), new(big.Int).Mul(rx.lo, ry.hi),
				new(big.Int).Mul(rx.hi, ry.lo), new(big.Int).Mul(rx.hi, ry.hi),
			}
			r := span{ps[0], ps[0]}
			for _, p := range ps[1:] {
				if p.Cmp(r.lo) < 0 {
					r.lo = p
				}
				if p.Cmp(r.hi) > 0 {
					r.hi = p
				}
			}
			return fit(r), true
		case "/":
			// C division truncates toward zero, as big.Int's Quo: by a
			// positive constant it is monotonic.
			if d, ok := ry.isPoint(); ok && d > 0 {
				bd := big.NewInt(d)
				return fit(span{new(big.Int).Quo(rx.lo, bd), new(big.Int).Quo(rx.hi, bd)}), true
			}
		case "<<":
			if d, ok := ry.isPoint(); ok && d >= 0 && d < 64 && rx.lo.Sign() >= 0 {
				return fit(span{new(big.Int).Lsh(rx.lo, uint(d)), new(big.Int).Lsh(rx.hi, uint(d))}), true
			}
		case ">>":
			if d, ok := ry.isPoint(); ok && d >= 0 && d < 64 && rx.lo.Sign() >= 0 {
				return fit(span{new(big.Int).Rsh(rx.lo, uint(d)), new(big.Int).Rsh(rx.hi, uint(d))}), true
			}
		case "&":
			// x & c with c >= 0 is in [0, c] in two's complement.
			for _, c := range []span{rx, ry} {
				if c.lo.Sign() >= 0 {
					return fit(span{new(big.Int), c.hi}), true
				}
			}
		case "%":
			if d, ok := ry.isPoint(); ok && d > 0 && rx.lo.Sign() >= 0 {
				hi := big.NewInt(d - 1)
				if rx.hi.Cmp(hi) < 0 {
					hi = rx.hi
				}
				return fit(span{new(big.Int), hi}), true
			}
		}
	case *ir.Cond:
		rx, okx := sub(x.X)
		ry, oky := sub(x.Y)
		if okx && oky {
			r := rx
			if ry.lo.Cmp(r.lo) < 0 {
				r.lo = ry.lo
			}
			if ry.hi.Cmp(r.hi) > 0 {
				r.hi = ry.hi
			}
			return r, true
		}
	}
	return tr, true
}

// TripBound returns an upper bound of iv's trip count as accrt_trip
// computes it (kernel.Trip), or false when there is none that 64-bit
// arithmetic computes exactly.
func TripBound(iv *ir.IndexVar) (*big.Int, bool) {
	if iv.Never {
		return new(big.Int), true
	}
	a, okA := rangeOf(iv.Lo)
	b, okB := rangeOf(iv.Hi)
	step, okS := rangeOf(iv.Step)
	if !okA || !okB || !okS {
		return nil, false
	}
	if iv.Down {
		a, b = b, a // accrt_trip(hi, lo, step): the span is lo - hi
	}
	incl := int64(0)
	if iv.Cmp.Inclusive() {
		incl = 1
	}
	ll := span{big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)}
	maxSpan := new(big.Int).Sub(b.hi, a.lo)
	minSpan := new(big.Int).Sub(b.lo, a.hi)
	maxSpan.Add(maxSpan, big.NewInt(incl))
	// The arguments are converted to long long, then hi - lo + incl and,
	// for a positive span and step, span + step - 1 must not overflow.
	if !a.within(ll) || !b.within(ll) || !step.within(ll) || !(span{minSpan, maxSpan}).within(ll) ||
		!(span{minSpan, new(big.Int).Add(maxSpan, step.hi)}).within(ll) {
		return nil, false
	}
	if maxSpan.Sign() <= 0 || step.hi.Sign() <= 0 {
		return new(big.Int), true
	}
	minStep := step.lo
	if minStep.Sign() <= 0 {
		minStep = big.NewInt(1)
	}
	t := new(big.Int).Add(maxSpan, minStep)
	t.Sub(t, big.NewInt(1))
	return t.Quo(t, minStep), true
}

// loopTrips returns bounds of each level's trip count of l and of their
// product when all of them are at most maxIndex32 (rules 1 and 2).
func loopTrips(l *ir.Loop) ([]int64, int64, bool) {
	trips, ok := levelTrips(l)
	if !ok {
		return nil, 0, false
	}
	total := big.NewInt(1)
	for _, t := range trips {
		total.Mul(total, big.NewInt(t))
	}
	if total.Cmp(big.NewInt(maxIndex32)) > 0 {
		return nil, 0, false
	}
	return trips, total.Int64(), true
}

// levelTrips returns bounds of each level's trip count of l when all of
// them are at most maxIndex32 (rule 1, and rule 2 without the product: a
// 2-D blocked nest counts each level on its own).
func levelTrips(l *ir.Loop) ([]int64, bool) {
	limit := big.NewInt(maxIndex32)
	var trips []int64
	for _, iv := range l.Nest {
		t, ok := TripBound(iv)
		if !ok || t.Cmp(limit) > 0 {
			return nil, false
		}
		trips = append(trips, t.Int64())
	}
	return trips, true
}

// indexWidths decides Index32 for every loop of k (the rules above).
func (c *Construct) indexWidths(k *ir.Kernel) {
	gx, gy := k.Grid.Dims[0].Max, k.Grid.Dims[1].Max
	gridOK := gx > 0
	// fits reports whether k + stride cannot wrap for k < trip (rule 3).
	fits := func(trip, stride int64) bool {
		return trip <= 0 || trip-1+stride <= math.MaxUint32
	}
	// Each loop on its own: what one decides, no other reads.
	ir.Visit(k.Body, func(n ir.Node) {
		x, isLoop := n.(*ir.Loop)
		if !isLoop {
			return
		}
		if x == k.GangLoop && k.Block2DRows > 0 && gridOK {
			// Rows stride by gridDim.y * Block2DRows, columns by
			// gridDim.x * Block2DWidth, each counter on its own.
			if trips, ok := levelTrips(x); ok {
				k.Block2DIndex32 = fits(trips[0], gy*int64(k.Block2DRows)) && fits(trips[1], gx*ir.Block2DWidth)
			}
		}
		if x.Tiled() {
			x.Index32 = tileIndex32(x, k, gx, gridOK)
			return
		}
		_, total, ok := loopTrips(x)
		if !ok {
			return
		}
		threads := int64(1)
		if x.Levels.Has(ir.Worker) {
			threads *= int64(k.Workers)
		}
		if x.Levels.Has(ir.Vector) {
			threads *= int64(k.Vector)
		}
		switch {
		case !x.Levels.Has(ir.Gang):
			x.Index32 = fits(total, threads)
		case !gridOK:
		case x == k.GangLoop && k.Block2DRows > 0:
			// The CPU's flattened loop counts by one.
			x.Index32 = fits(total, 1)
		default:
			x.Index32 = fits(total, gx*threads)
		}
	})
}
