package host

import (
	"fmt"
	"slices"
	"strings"

	"github.com/accc-compiler/accc/codegen/kernel"
	"github.com/accc-compiler/accc/ir"
)

// Autocompare (-gpu=autocompare, NVHPC's PCAST): a compute construct runs
// its device version, then its host version, the statement as written, on
// the inputs the device version had, and the runtime compares what each
// computed (runtime/src/compare.c). The host code of the construct is
//
//	accrt_enter                the construct's data clauses
//	accrt_cmp_begin(regions)   the inputs: the device copies of mapped data, host memory of the rest
//	kernels, accrt_exit        as without autocompare
//	if (accrt_cmp_host(regions)) {
//	    host version           on the inputs, which accrt_cmp_host put in host memory
//	    accrt_cmp_end(regions) compare, report, and put back the host memory of the device run
//	}
//
// so that the program goes on from the device version's results.
//
// The regions are the host memory the host version reads or may change:
// each mapped section (the runtime compares it where its device copy comes
// back or stays present, unless the construct only reads it), and the variables the construct assigns that no
// clause maps (reduction results, compared; private, firstprivate and loop
// variables, only put back).

// cmpRegions returns the rows of the construct's accrt_cmp array, or
// false where the host cannot run the construct on its inputs: deviceptr
// data (device addresses), a nohost routine, or data whose elements are
// pointers or records (rows of pointer arrays, structs with pointer
// members): what they point to is host memory no region holds, which the
// host version would change for good; where a correct construct's
// results depend on the order its iterations run in (an atomic capture,
// read or write); and where it makes pointers of integers.
func cmpRegions(c *ir.Construct) ([]string, bool) {
	if c.NoHostCall != "" || orderDependent(c.Region) || madeAddresses(c.Region) {
		return nil, false
	}
	// Array data a kernel writes (lower sets Var.Written for scalars,
	// the kernels' ReadOnly says which arrays they only read).
	stored := map[*ir.Var]bool{}
	for _, k := range c.Region.AllKernels() {
		for _, v := range k.Params {
			if v.Class == ir.ArrayData && !slices.Contains(k.ReadOnly, v) {
				stored[v] = true
			}
		}
	}
	var rows []string
	row := func(name, addr, bytes, role string, t *ir.Type) {
		kind, elem := cmpKind(t)
		rows = append(rows, fmt.Sprintf("{%s, (void *)(%s), (size_t)(%s), %s, %s, %s}", kernel.Quote(name), addr, bytes, role, kind, elem))
	}
	for _, m := range c.Maps {
		if m.Clause == ir.Deviceptr {
			return nil, false
		}
		if m.Clause == ir.Attach || m.Clause == ir.Detach || m.Section == nil {
			continue
		}
		s := m.Section
		if s.Rows || reachesFurther(s.Elem) {
			return nil, false
		}
		role := "ACCRT_CMP_MAPPED"
		switch {
		case m.Var != nil && !m.Var.Written && !stored[m.Var]:
			role = "ACCRT_CMP_INPUT" // the construct only reads it
		case m.Clause == ir.Copy || m.Clause == ir.Copyout:
			role = "ACCRT_CMP_MAPPED_OUT"
		}
		if s.Pointee {
			// present(p) of a pointer: the block of p's data
			// that is present (§2.7.4).
			role += " | ACCRT_CMP_WHOLE"
		}
		row(m.Text, s.HostAddr(nil), s.ByteLen(nil), role, s.Elem)
	}
	for _, v := range c.Region.Vars {
		if v.Class == ir.DevicePtr || v.Class == ir.ByValue && reachesFurther(v.Type) {
			return nil, false
		}
		if !v.Written || v.Local || v.Construct || v.Host != "" {
			continue
		}
		name := v.Name
		if v.Member != "" {
			name = v.Member
		}
		switch {
		case v.Class == ir.Reduced && v.Map == nil && assigned(c.Region, v):
			// temp = 0 in the loop: the device's result combines
			// every private copy's last value (§2.5.15), plain C's is
			// the last iteration's; only put back.
			row(name, "&("+name+")", "sizeof("+name+")", "ACCRT_CMP_KEEP", v.Type)
		case v.Class == ir.Reduced && v.Map == nil:
			row(name, "&("+name+")", "sizeof("+name+")", "ACCRT_CMP_RESULT", v.Type)
			if logicalReduction(c.Region, v) {
				// && and || give 0 or 1 (§2.5.15), which plain C
				// leaves as it was where the loop does not assign it.
				rows[len(rows)-1] = strings.Replace(rows[len(rows)-1], "ACCRT_CMP_RESULT", "ACCRT_CMP_RESULT_TRUTH", 1)
			}
		case v.Class == ir.ByValue || v.Class == ir.PrivateVar || v.Class == ir.FirstArray:
			row(name, "&("+name+")", "sizeof("+name+")", "ACCRT_CMP_KEEP", v.Type)
		case v.Class == ir.PrivateSection && v.Section != nil:
			row(name, v.Section.HostAddr(nil), v.Section.ByteLen(nil), "ACCRT_CMP_KEEP", v.Section.Elem)
		}
	}
	return rows, true
}

// cmpKind returns how the runtime compares elements of type t (arrays
// of them too), and their size: floating values within a tolerance,
// integers exactly; pointers (host and device addresses differ), records
// (their members may be attached pointers) and types of unknown size are
// not compared, only put back.
func cmpKind(t *ir.Type) (kind, size string) {
	for t != nil && t.Kind == ir.Array {
		t = t.Elem
	}
	if t == nil || t.Kind != ir.Scalar || t.Size <= 0 || t.Complex {
		return "ACCRT_CMP_NONE", "1"
	}
	switch {
	case t.Float && t.Size == 4:
		return "ACCRT_CMP_FLOAT", "4"
	case t.Float && t.Size == 8:
		return "ACCRT_CMP_DOUBLE", "8"
	case t.Float:
		return "ACCRT_CMP_NONE", "1" // long double: the GPU computes it as double
	}
	return "ACCRT_CMP_INT", fmt.Sprint(t.Size)
}

// cmpRows returns the rows of the construct's accrt_cmp array under
// -gpu=autocompare, nil where the construct is not compared.
func (g *gen) cmpRows(c *ir.Construct) []string {
	if !g.opts.Autocompare || g.opts.Target != "gpu" && g.opts.Target != "emulate" {
		return nil
	}
	rows, ok := cmpRegions(c)
	if !ok || len(rows) == 0 {
		return nil
	}
	return rows
}

// cmpDecl declares the construct's regions and its host version's flag.
func (g *gen) cmpDecl(b *strings.Builder, c *ir.Construct, rows []string) {
	fmt.Fprintf(b, "    int %s = 1; /* the host version runs: 1 as the construct, 2 to compare (autocompare) */\n", ir.HostVersionName(c.ID))
	fmt.Fprintf(b, "    accrt_cmp %s[%d] = {\n", ir.CmpName(c.ID), len(rows))
	for _, r := range rows {
		fmt.Fprintf(b, "        %s,\n", r)
	}
	b.WriteString("    };\n")
}

// cmpBegin takes the inputs of the construct's regions; it returns the
// array's name, "" where the construct is not compared.
func (g *gen) cmpBegin(b *strings.Builder, c *ir.Construct, rows []string, ind, sn string) string {
	if !g.opts.Autocompare {
		return ""
	}
	if rows == nil {
		fmt.Fprintf(b, "%s/* autocompare: not compared (deviceptr or nohost, elements that are pointers or structs, an atomic capture, read or write, pointers made of integers, or nothing to compare) */\n", ind)
		return ""
	}
	name := ir.CmpName(c.ID)
	fmt.Fprintf(b, "%saccrt_cmp_begin(%s, %d, %s, &%s);\n", ind, name, len(rows), asyncArg(c), sn)
	return name
}

// logicalReduction reports whether v is the variable of a && or ||
// reduction of the construct.
func logicalReduction(r *ir.Region, v *ir.Var) bool {
	for _, red := range r.Reductions {
		if red.Var == v && (red.Op == "&&" || red.Op == "||") {
			return true
		}
	}
	return false
}

// reachesFurther reports whether elements of type t (arrays of them too)
// are pointers or records, through which a construct may reach memory
// that its clauses do not name.
func reachesFurther(t *ir.Type) bool {
	for t != nil && t.Kind == ir.Array {
		t = t.Elem
	}
	return t != nil && (t.Kind == ir.Pointer || t.Kind == ir.Record)
}

// orderDependent reports whether the kernels of r have an atomic capture,
// read or write (§2.12): the values they see depend on the order in which
// the iterations reach them, which a correct program may leave open (a
// counter handing out slots), so the device and the host may differ.
// Atomic updates combine in any order to the same result.
func orderDependent(r *ir.Region) bool {
	return kernelsAny(r, func(x ir.Statement) bool {
		a, ok := x.(*ir.Atomic)
		return ok && a.Form != ir.AtomicUpdate
	}, nil)
}

// madeAddresses reports whether the kernels of r convert an integer to a
// pointer: an address the program computed or stored as a number (a
// device address from host_data use_device, kept in a size_t array),
// which the host version cannot follow.
func madeAddresses(r *ir.Region) bool {
	return kernelsAny(r, nil, func(e ir.Expr) bool {
		c, ok := e.(*ir.Cast)
		if !ok || c.T == nil || c.T.Kind != ir.Pointer {
			return false
		}
		from := c.X.Type()
		return from != nil && from.Kind == ir.Scalar
	})
}

// assigned reports whether the kernels of r assign v with a plain =.
func assigned(r *ir.Region, v *ir.Var) bool {
	return kernelsAny(r, nil, func(e ir.Expr) bool {
		a, ok := e.(*ir.Assign)
		if !ok || a.Op != "=" {
			return false
		}
		ref, ok := a.L.(*ir.Ref)
		return ok && ref.Var == v
	})
}

// kernelsAny reports whether a statement (stmt) or an expression (expr)
// of r's kernels satisfies its predicate; either may be nil.
func kernelsAny(r *ir.Region, stmt func(ir.Statement) bool, expr func(ir.Expr) bool) bool {
	hit := false
	visitExpr := func(e ir.Expr) {
		if expr == nil || hit {
			return
		}
		ir.Inspect(e, func(x ir.Expr) bool {
			if !hit && expr(x) {
				hit = true
			}
			return !hit
		})
	}
	for _, k := range r.AllKernels() {
		ir.Any(k.Body, func(n ir.Node) bool {
			st, ok := n.(*ir.Stmt)
			if !ok {
				return false
			}
			for _, t := range []ir.Statement{st.Tree, st.Head} {
				ir.InspectStatement(t, func(x ir.Statement) bool {
					if !hit && stmt != nil && stmt(x) {
						hit = true
					}
					return !hit
				}, visitExpr)
			}
			return hit
		})
		if hit {
			return true
		}
	}
	return false
}
