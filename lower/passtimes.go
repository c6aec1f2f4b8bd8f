package lower

import (
	"fmt"
	"io"
	"time"
)

// PassTimes adds up the time each lowering pass takes over the
// constructs of a file, for ACCC_TIME_PASSES (the driver prints it), in
// the manner of cmd/compile's pass timings: where a compilation's time
// goes, pass by pass.
type PassTimes struct {
	order []string
	total map[string]time.Duration
	calls map[string]int
}

// NewPassTimes returns an empty table.
func NewPassTimes() *PassTimes {
	return &PassTimes{total: map[string]time.Duration{}, calls: map[string]int{}}
}

// Add counts one run of the named phase that took d.
func (t *PassTimes) Add(name string, d time.Duration) {
	if _, ok := t.calls[name]; !ok {
		t.order = append(t.order, name)
	}
	t.total[name] += d
	t.calls[name]++
}

// Sum is the time of all phases so far.
func (t *PassTimes) Sum() time.Duration {
	var sum time.Duration
	for _, d := range t.total {
		sum += d
	}
	return sum
}

// Write prints the table: each phase in the order it first ran, its
// runs, its seconds and its share of all, then the sum.
func (t *PassTimes) Write(w io.Writer) {
	sum := t.Sum()
	for _, n := range t.order {
		share := 0.0
		if sum > 0 {
			share = 100 * float64(t.total[n]) / float64(sum)
		}
		fmt.Fprintf(w, "  %-16s %6d %10.4fs %5.1f%%\n", n, t.calls[n], t.total[n].Seconds(), share)
	}
	fmt.Fprintf(w, "  %-16s %6s %10.4fs\n", "total", "", sum.Seconds())
}
