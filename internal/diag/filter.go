package diag

import "strings"

// Family returns the part of c before its first '-': the -Minfo family of a
// remark code ("loop" for "loop-parallel"), or all of c if it has no '-'.
func Family(c Code) string {
	s := string(c)
	if i := strings.IndexByte(s, '-'); i >= 0 {
		return s[:i]
	}
	return s
}

// The -Minfo families. A remark's family is the prefix of its Code.
const (
	FamilyAccel  = "accel"  // compute constructs and kernels: "accel-kernel"
	FamilyLoop   = "loop"   // loop analysis and schedules: "loop-parallel"
	FamilyData   = "data"   // data movement: "data-copyin", "data-implicit-copyin"
	FamilyInline = "inline" // inlining of calls into compute regions
	FamilyAll    = "all"    // every family (as a -Minfo value)
	FamilyPar    = "par"    // a view, not a code prefix: the remarks of RemarkKind.Par
)

// NegPrefix marks a -Mneginfo value among MinfoSelector's: "neginfo=loop"
// is -Mneginfo=loop, and "neginfo" alone is a bare -Mneginfo (all).
const NegPrefix = "neginfo"

// minfoAliases are the other spellings nvc accepts for a family.
var minfoAliases = map[string]string{
	"acc":    FamilyAccel, // nvc -Minfo=acc
	"opt":    FamilyLoop,  // "loop | opt" in NVHPC's reference
	"concur": FamilyPar,   // -Mneginfo=concur: why loops were not auto-parallelised
}

// MinfoSelector returns the predicate that picks the remarks that the
// -Minfo and -Mneginfo values ask for. A value is a family as -Minfo
// takes it ("accel", "loop", "par", ...), or NegPrefix+"="+family for
// -Mneginfo's (NegPrefix alone for a bare -Mneginfo); each may itself be a
// comma-separated list, as on the command line. The predicate ignores the
// severity: it is for remarks.
//
// A family value selects, as NVHPC's -Minfo does:
//
//   - "all": every remark;
//   - "accel": the families accel, loop and data, negative remarks
//     included, since nvc -Minfo=accel reports loop schedules, data
//     movement and the reasons loops stay sequential ("Loop carried
//     dependence of a prevents parallelization");
//   - "par": the positive remarks about the parallelisation of loops (a
//     RemarkKind with Par set): which loops run in parallel and how;
//   - any other value ("loop", "data", "inline", ...): the remarks of
//     that family, negative ones included ("opt" is "loop", "acc" is
//     "accel").
//
// -Mneginfo=family adds the negative remarks (Diagnostic.Neg) the family
// value covers ("par" and "concur": the negative par remarks); with no
// -Minfo value only those are selected. No value at all (nil) selects
// every remark, as a bare -Minfo does.
func MinfoSelector(values []string) func(Diagnostic) bool {
	var pos, neg []string
	for _, v := range values {
		isNeg := false
		if rest, ok := strings.CutPrefix(v, NegPrefix); ok && (rest == "" || rest[0] == '=') {
			isNeg, v = true, strings.TrimPrefix(rest, "=")
			if v == "" {
				v = FamilyAll
			}
		}
		for _, f := range strings.Split(v, ",") {
			f = strings.TrimSpace(f)
			if f == "" {
				continue
			}
			if a, ok := minfoAliases[f]; ok {
				f = a
			}
			if isNeg {
				neg = append(neg, f)
			} else {
				pos = append(pos, f)
			}
		}
	}
	if len(values) == 0 {
		pos = []string{FamilyAll}
	}
	return func(d Diagnostic) bool {
		for _, f := range pos {
			if covers(f, d.Code) && !(f == FamilyPar && d.Neg) {
				return true
			}
		}
		if d.Neg {
			for _, f := range neg {
				if covers(f, d.Code) {
					return true
				}
			}
		}
		return false
	}
}

// covers reports whether the -Minfo family value f covers code c,
// positive and negative remarks alike.
func covers(f string, c Code) bool {
	switch f {
	case FamilyAll:
		return true
	case FamilyAccel:
		switch Family(c) {
		case FamilyAccel, FamilyLoop, FamilyData:
			return true
		}
		return false
	case FamilyPar:
		k, ok := LookupRemark(c)
		return ok && k.Par
	}
	return Family(c) == f
}

// Filter returns the diagnostics of ds that keep accepts, in order. It
// does not modify ds.
func Filter(ds []Diagnostic, keep func(Diagnostic) bool) []Diagnostic {
	var out []Diagnostic
	for _, d := range ds {
		if keep(d) {
			out = append(out, d)
		}
	}
	return out
}

// Remarks returns the remarks of ds that sel accepts, as -Minfo prints
// them: Filter with Severity == Remark && sel(d).
func Remarks(ds []Diagnostic, sel func(Diagnostic) bool) []Diagnostic {
	return Filter(ds, func(d Diagnostic) bool { return d.Severity == Remark && sel(d) })
}

// Limit cuts ds before its (n+1)th error: it keeps the first n errors and
// every other diagnostic before the cut, and reports whether it dropped
// anything. n <= 0 means no limit (-e). ds is not modified; the result
// shares its backing array.
func Limit(ds []Diagnostic, n int) (kept []Diagnostic, truncated bool) {
	if n <= 0 {
		return ds, false
	}
	errs := 0
	for i, d := range ds {
		if d.Severity != Error {
			continue
		}
		errs++
		if errs > n {
			return ds[:i:i], true
		}
	}
	return ds, false
}
