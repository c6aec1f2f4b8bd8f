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
)

// MinfoSelector returns the predicate that -Minfo=families selects codes
// with. Each element of families may itself be a comma-separated list, as
// on the command line. The values:
//
//   - "accel" selects the families accel, loop and data, since NVHPC's
//     -Minfo=accel reports loop schedules and data movement too;
//   - "all", or no value at all (a bare -Minfo), selects every code;
//   - any other value, such as "loop", "data" or "inline", selects the
//     family of that name.
func MinfoSelector(families []string) func(Code) bool {
	want := map[string]bool{}
	given := false
	for _, f := range families {
		for _, v := range strings.Split(f, ",") {
			v = strings.TrimSpace(v)
			if v == "" {
				continue
			}
			given = true
			switch v {
			case FamilyAll:
				return func(Code) bool { return true }
			case FamilyAccel:
				want[FamilyAccel], want[FamilyLoop], want[FamilyData] = true, true, true
			default:
				want[v] = true
			}
		}
	}
	if !given {
		return func(Code) bool { return true }
	}
	return func(c Code) bool { return want[Family(c)] }
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

// Remarks returns the remarks of ds whose code sel accepts, as -Minfo
// prints them: Filter with Severity == Remark && sel(Code).
func Remarks(ds []Diagnostic, sel func(Code) bool) []Diagnostic {
	return Filter(ds, func(d Diagnostic) bool { return d.Severity == Remark && sel(d.Code) })
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
