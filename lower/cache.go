package lower

import (
	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/diag"
)

// The cache directive (OpenACC 3.4 §2.10) names array elements or
// sections the body of the loop it heads reuses, a hint to keep them in
// the fastest memory for the loop body; with readonly the body does not
// write them. The hint never changes what the program computes, so
// accc checks it (it must head a loop inside the compute construct;
// its items are variables or sections the region can name, and readonly
// ones are not written by the region) and reports what serves the
// references: on the GPU the L1 data cache, which on the targets accc
// compiles for (sm_70 and later) shares its storage with shared memory
// and keeps a loop's reused elements close to the threads without the
// barriers that staging them by hand would need; readonly data is read
// through the read-only path (const __restrict__ parameters).

// cacheDirective checks the cache directive q inside the construct and
// records it for the remarks pass; false if it is misplaced.
func (rg *region) cacheDirective(q *frontend.Pragma) bool {
	var loop cc.Node
	walk(rg.p.Stmt, func(n cc.Node) bool {
		if it, ok := n.(*cc.IterationStatement); ok {
			if s, e := rg.b.stmtRange(it.Statement); s <= q.Start && q.Start < e {
				loop = it // the innermost loop comes last
			}
		}
		return true
	})
	if loop == nil {
		rg.errorf(q.Pos, diag.CodeDirectivePlacement, "'#pragma acc cache' must appear at the top of a loop body inside the compute construct (§2.10)")
		return false
	}
	rg.caches = append(rg.caches, q)
	return true
}

// cacheRemarks reports, for -Minfo, what serves each cache directive's
// references, and warns about readonly items the region writes.
func (rg *region) cacheRemarks() {
	for _, q := range rg.caches {
		for _, x := range q.Dir.Cache {
			via := "the L1 data cache"
			if d := q.Lookup(baseName(x)); d != nil && q.Dir.Readonly {
				if rg.writesData(d) {
					rg.b.sink.Report(diag.Diagnostic{Pos: x.Pos(), Severity: diag.Warning, Code: diag.CodeCacheReadonly,
						Msg: "cache(readonly: " + directives.ExprString(x) + ") names '" + d.Name() + "', which the compute region writes"})
				} else {
					via = "the read-only data cache"
				}
			}
			pos := diag.Pos{File: q.Pos.File, Line: q.Pos.Line}
			rg.note(diag.CodeLoopCache, pos, rg.c.Pos, true, "Cached references to %s served by %s (not staged in shared memory)", directives.ExprString(x), via)
		}
	}
}

// writesData reports whether the region may store to the variable d or
// the data it reaches.
func (rg *region) writesData(d *cc.Declarator) bool {
	if rg.written[d] {
		return true
	}
	v, ok := rg.vars[d]
	if !ok {
		return false
	}
	written, _ := rg.deviceWrites()
	return written[v]
}
