package lower_test

import (
	"testing"

	"github.com/accc-compiler/accc/ir"
)

// The values of the clauses the host evaluates are IR expressions of
// host variables (never the region's), printed as the IR prints C;
// num_workers and vector_length fold to integer constants where they
// are ones; a loop's comparison is an operator.
func TestClauseValues(t *testing.T) {
	p, ds := build(t, `
enum { W = 2 };
void f(int n, int q, float *x) {
    int v = 64;
#pragma acc parallel loop copy(x[0:n]) if((n > 100)) self(q) async(q + 1) wait(2, q) num_gangs(n / 2, 4) num_workers(W + 2) vector_length(v)
    for (int i = n - 1; i >= 0; i--) x[i] = i;
#pragma acc kernels loop tile(2*4, *) async self
    for (int i = 0; i < n; i++) for (int j = 0; j <= n; j++) x[i] += j;
#pragma acc wait(devnum: 0: 1) async(q)
#pragma acc set device_type(host) device_num(q) default_async(3)
}`)
	if e := errorsOf(ds); e != "" {
		t.Fatal(e)
	}
	if len(p.Constructs) != 4 {
		t.Fatalf("%d constructs, want 4", len(p.Constructs))
	}
	c, k, w, set := p.Constructs[0], p.Constructs[1], p.Constructs[2], p.Constructs[3]
	r := c.Region
	format := func(what string, e ir.Expr, want string) {
		t.Helper()
		if got := ir.Format(e, nil); got != want {
			t.Errorf("%s: %q, want %q", what, got, want)
		}
	}
	format("if", c.If, "n > 100")
	format("self", c.Self, "q")
	format("async", c.Async.Queue, "q + 1")
	if len(c.Waits) != 2 {
		t.Fatalf("waits: %d, want 2", len(c.Waits))
	}
	format("wait", c.Waits[0], "2")
	format("wait", c.Waits[1], "q")
	format("num_gangs", r.NumGangs, "n / 2")
	format("num_gangs y", r.NumGangsYZ[0], "4")
	if r.NumGangsYZ[1] != nil {
		t.Errorf("num_gangs z: %v, want nil", r.NumGangsYZ[1])
	}
	if n, ok := ir.IntValue(r.NumWorkers); !ok || n != 4 {
		t.Errorf("num_workers: %d %v, want the constant 4", n, ok)
	}
	format("vector_length", r.VectorLength, "v")
	for _, e := range []ir.Expr{c.If, r.NumGangs} {
		for _, v := range ir.ExprVars(e) {
			for _, rv := range r.Vars {
				if v == rv {
					t.Errorf("%s: the region's variable %s, want the host's", ir.Format(e, nil), v.Name)
				}
			}
		}
	}
	l := r.Kernels[0].GangLoop
	if iv := l.Nest[0]; iv.Cmp != ir.GreaterEq || !iv.Down {
		t.Errorf("loop: %s down=%v, want >= down", iv.Cmp, iv.Down)
	}

	if k.Async == nil || k.Async.Queue != nil {
		t.Errorf("bare async: %+v, want no queue", k.Async)
	}
	if n, ok := ir.IntValue(k.Self); !ok || n != 1 {
		t.Errorf("bare self: %v, want 1", k.Self)
	}
	var tiled *ir.Loop
	ir.Visit(k.Region.Kernels[0].Body, func(n ir.Node) {
		if l, ok := n.(*ir.Loop); ok && tiled == nil {
			tiled = l
		}
	})
	if tiled == nil || len(tiled.Nest) != 2 || tiled.Nest[1].Cmp != ir.LessEq {
		t.Errorf("tiled loop: %+v", tiled)
	}

	format("devnum", w.DevNum, "0")
	if len(w.Waits) != 1 {
		t.Fatalf("wait directive: %d queues, want 1", len(w.Waits))
	}
	format("wait directive", w.Waits[0], "1")
	format("wait async", w.Async.Queue, "q")

	if set.DeviceType != ir.DeviceHost || set.DeviceType.String() != "acc_device_host" {
		t.Errorf("device_type: %v", set.DeviceType)
	}
	format("device_num", set.DevNum, "q")
	format("default_async", set.DefaultAsync, "3")
}
