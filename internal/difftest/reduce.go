package difftest

import (
	"regexp"
	"strings"

	"github.com/accc-compiler/accc/internal/progen"
)

// signature is what a reduced program must keep showing: the kind, and
// for compile failures the first error message without its position.
func signature(r Result) string {
	switch r.Kind {
	case Rejected, Generated, Internal, Warned:
		return string(r.Kind) + ":" + firstError(r.Detail)
	}
	return string(r.Kind)
}

var positionRE = regexp.MustCompile(`[^\s:]*:\d+(:\d+)?:`)
var numberRE = regexp.MustCompile(`\d+`)

func firstError(detail string) string {
	for _, l := range strings.Split(detail, "\n") {
		if strings.Contains(l, "error") {
			l = positionRE.ReplaceAllString(l, "")
			return strings.TrimSpace(numberRE.ReplaceAllString(l, "#"))
		}
	}
	return ""
}

// Reduce shrinks p while target keeps failing as found does: it leaves
// out segments, then optional clauses, then makes the sizes small, and
// repeats while anything changes. Each candidate is checked in dir. It
// returns the smallest program found and its result.
func (c Config) Reduce(dir string, p *progen.Program, target string, found Result) (*progen.Program, Result) {
	c.defaults()
	c.Targets = []string{target}
	want := signature(found)
	best, bestResult := p, found
	try := func(q *progen.Program) bool {
		rs, err := c.Check(dir, q.Render())
		if err != nil || len(rs) != 1 || signature(rs[0]) != want {
			return false
		}
		best, bestResult = q, rs[0]
		return true
	}
	for round := 0; round < 4; round++ {
		changed := false
		for k := 0; k < best.Segments(); k++ {
			if best.Skip[k] {
				continue
			}
			q := best.Clone()
			q.Skip[k] = true
			if try(q) {
				changed = true
			}
		}
		for k := 0; k < best.Segments(); k++ {
			if best.Skip[k] {
				continue
			}
			for _, name := range best.OptionalClauses(k) {
				if best.Drop[name] {
					continue
				}
				q := best.Clone()
				q.Drop[name] = true
				if try(q) {
					changed = true
				}
			}
		}
		for _, n := range []int{1, 2, 3, 4, 5, 8, 16, 32} {
			if n >= best.N {
				break
			}
			q := best.Clone()
			q.N = n
			if q.M > n {
				q.M = n
			}
			if try(q) {
				changed = true
				break
			}
		}
		for _, m := range []int{1, 2, 3, 4, 8} {
			if m >= best.M {
				break
			}
			q := best.Clone()
			q.M = m
			if try(q) {
				changed = true
				break
			}
		}
		if !changed {
			break
		}
	}
	return best, bestResult
}
