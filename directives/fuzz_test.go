package directives

import (
	"testing"

	"github.com/accc-compiler/accc/internal/diag"
)

// FuzzParse runs Scan, Parse, String and Check on arbitrary text: they must
// never panic, and a directive that parses must print as text that parses
// again to the same form.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"acc parallel loop collapse(2) reduction(max:worst_dt)",
		"acc region copy(grid[0:dim+1][0:dim+1]) local(newGrid[0:dim+1][0:dim+1])",
		"acc data region copy(a[0:n-1])",
		"acc for parallel, vector(16)",
		"acc kernels loop gang(num:8, static:*) vector(length:128) pcopyin(a[:n])",
		"acc parallel device_type(nvidia) num_gangs(1,2,3) wait(devnum:1:queues:2)",
		"acc update self(a[0:n]) async if_present",
		"acc atomic capture if(x)",
		"acc routine(f) seq bind(\"g\")",
		"acc cache(readonly: a[i:2])",
		"acc data copy(always, capture: p->v[0:(int)sizeof(double)])",
		"acc loop tile(*, 8) private(i) reduction(&&:ok)",
		"acc parallel num_gangs((unsigned long)n ? -x : ~y) swap(a)",
		"acc set device_num(1) default_async(acc_async_noval)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var l diag.List
		toks := Scan(src, pragmaPos, &l)
		opts := &Options{TypeName: func(s string) bool { return s == "real_t" }}
		d := Parse(toks, &l, opts)
		if d == nil {
			return
		}
		Check(d, testScope, &l)
		Check(d, nil, &l)
		s := d.String()
		var l2 diag.List
		d2 := Parse(Scan("acc "+s, pragmaPos, &l2), &l2, opts)
		if d2 == nil {
			t.Fatalf("%q printed as %q, which does not parse: %v", src, s, l2.Sorted())
		}
		if s2 := d2.String(); s2 != s {
			t.Fatalf("%q printed as %q, reprinted as %q", src, s, s2)
		}
	})
}
