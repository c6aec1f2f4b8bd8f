package ir

import (
	"fmt"
	"strings"
)

// A Reason says why the compiler keeps a loop sequential (Loop.Why,
// Stmt.Why), or explains such a reason further (Loop.Detail): its kind
// and its operands. The lowering's dependence and schedule passes decide
// them; only the remarks pass words them, as NVHPC's -Minfo does.
type Reason struct {
	Kind ReasonKind
	// Vars are the variables the reason names: those of a dependence,
	// a pair that may alias, the scalars a loop carries or needs after
	// it.
	Vars []*Var
	// Lines are, for ScalarCarried and LastValue, the lines of the
	// program's text where the scalars are read.
	Lines []int
	// Levels are, for ClausesIgnored, the loop's level clauses; 0 for
	// independent.
	Levels Level
	// Dep is, for DependencePair, the pair of references.
	Dep *Dependence
}

// A ReasonKind is the kind of a Reason.
type ReasonKind uint8

const (
	// NoReason: the zero Reason, none.
	NoReason ReasonKind = iota
	// EarlyExit: the loop may end before its last iteration (a break,
	// a jump out of it).
	EarlyExit
	// NoTripCount: the loop is not canonical, or its bounds may change
	// while it runs.
	NoTripCount
	// ComputedStore: the loop stores through a pointer it computes,
	// which may reach any data.
	ComputedStore
	// RowPointers: Vars[0] is indexed through device row pointers,
	// two of which may be the same data.
	RowPointers
	// MayAlias: Vars[0] and Vars[1] may reach the same data.
	MayAlias
	// Carried: the data of Vars carry a dependence from one iteration
	// to another.
	Carried
	// ScalarCarried: the scalars Vars carry their values from one
	// iteration to the next; the loop reads them at Lines.
	ScalarCarried
	// LastValue: the values the scalars Vars have after the loop are
	// read, at Lines.
	LastValue

	// The details that explain a reason.

	// ClausesIgnored: the loop's clauses (Levels, or independent) are
	// not applied, as a kernels construct shares the scalars Vars with
	// the host.
	ClausesIgnored
	// RestrictHint: declaring Vars[0] and Vars[1] restrict would let
	// the loop run in parallel.
	RestrictHint
	// DependencePair: Dep is the first pair of references that carries
	// the dependence.
	DependencePair
)

var reasonNames = [...]string{"", "early-exit", "no-trip-count", "computed-store", "row-pointers", "may-alias",
	"carried", "scalar-carried", "last-value", "clauses-ignored", "restrict-hint", "dependence-pair"}

// String names the kind in IR dumps.
func (k ReasonKind) String() string {
	if int(k) < len(reasonNames) {
		return reasonNames[k]
	}
	return fmt.Sprintf("reason(%d)", k)
}

// isWhy reports whether r is none or a reason (not a detail).
func (r Reason) isWhy() bool { return r.Kind < ClausesIgnored }

// A Dependence is a pair of references to the same data, in different
// iterations of a loop: W writes, R reads or (Write) writes too.
type Dependence struct {
	W, R         Expr
	WLine, RLine int // lines of the program's text
	Write        bool
	// Distance is the dependence distance in iterations of the loop,
	// when Known; Direction the direction vector over the loops around
	// and in the loop that both references are in, "(<,=)", or "".
	Distance  int64
	Known     bool
	Direction string
}

// dump prints r for Fprint: its kind and operands, lines through ln.
func (r Reason) dump(ln func(int) int) string {
	f := fields{r.Kind.String()}
	var names []string
	for _, v := range r.Vars {
		names = append(names, SourceName(v))
	}
	f.add(strings.Join(names, ","))
	if len(r.Lines) > 0 {
		var ls []string
		for _, n := range r.Lines {
			ls = append(ls, fmt.Sprint(ln(n)))
		}
		f.add("lines=" + strings.Join(ls, ","))
	}
	if r.Kind == ClausesIgnored {
		clauses := "independent"
		if r.Levels != 0 {
			clauses = r.Levels.String()
		}
		f.add("clauses=" + clauses)
	}
	if d := r.Dep; d != nil {
		f.kv("w", Format(d.W, nil))
		f.add(fmt.Sprintf("wline=%d", ln(d.WLine)))
		f.kv("r", Format(d.R, nil))
		f.add(fmt.Sprintf("rline=%d", ln(d.RLine)))
		f.flag(d.Write, "rwrite")
		if d.Known {
			f.add(fmt.Sprintf("distance=%d", d.Distance))
		}
		if d.Direction != "" {
			f.add("direction=" + d.Direction)
		}
	}
	return strings.Join(f, " ")
}
