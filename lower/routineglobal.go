package lower

import (
	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/ir"
)

// Global variables in routines (OpenACC 3.4 §2.15.1, §2.13): a routine
// may use a file-scope variable that a declare directive gives a device
// copy (create, copyin, device_resident, link). Its device version takes
// the device addresses of those globals, its own and its callees', as
// hidden parameters after its own (ir.Routine.Globals); every call passes
// them along: a routine passes its own hidden parameters, a compute
// region passes the device copies it maps like any global it uses (the
// declare directive made them present). Emulate's separate memory is
// respected: the routine touches the device copy, never the host
// variable. The device version of such a routine has its own name
// (ir.GlobalsName), so that a call from another file, which cannot know
// the hidden parameters, fails to link instead of passing too few.

// declaredGlobal reports whether a file-scope declare directive of the
// translation unit names the variable d.
func (b *builder) declaredGlobal(d *cc.Declarator) bool {
	if d.StorageDuration() != cc.Static {
		return false
	}
	for _, p := range b.u.Pragmas {
		if p.Dir == nil || p.Dir.Kind != directives.DirDeclare || p.Func != nil {
			continue
		}
		for _, cl := range p.Dir.Clauses {
			switch cl.Kind {
			case directives.ClauseCreate, directives.ClauseCopyin, directives.ClauseDeviceResident, directives.ClauseLink:
			default:
				continue
			}
			for _, x := range cl.Vars {
				name := ""
				switch id := x.(type) {
				case *directives.Ident:
					name = id.Name
				default:
					name = directives.ExprString(x)
				}
				if name == d.Name() && p.Lookup(name) == d {
					return true
				}
			}
		}
	}
	return false
}

// routineGlobal returns the hidden parameter of the routine being lowered
// for the declare'd global d: an array's elements (ArrayData) or the
// variable itself (ByPointer), at its device address.
func (rg *region) routineGlobal(d *cc.Declarator) *ir.Var {
	v := rg.varOf(d)
	if v.Type.Kind == ir.Array {
		v.Class = ir.ArrayData
	} else {
		v.Class = ir.ByPointer
	}
	rd := rg.routine
	for _, g := range rd.globals {
		if g == d {
			return v
		}
	}
	rd.globals = append(rd.globals, d)
	return v
}

// calleeGlobals makes the declare'd globals of the routine that the call
// of f runs variables of the region: hidden parameters of a routine, or
// in a compute region globals it uses (and may write, through the
// routine), which the launch passes at their device addresses.
func (rg *region) calleeGlobals(f *cc.PrimaryExpression) {
	rd := rg.b.routineByName[f.Token.SrcStr()]
	if rd == nil {
		return
	}
	for _, g := range rg.b.target(rd).globals {
		if rg.routine != nil {
			rg.routineGlobal(g)
			continue
		}
		v := rg.varOf(g)
		if _, seen := rg.firstUse[v]; !seen {
			rg.firstUse[v] = posOf(f)
		}
		rg.written[g] = true
	}
}

// globalArgs returns the hidden arguments of a call of the routine name:
// the device addresses of its declare'd globals.
func (rg *region) globalArgs(name string) []ir.Expr {
	rd := rg.b.routineByName[name]
	if rd == nil {
		return nil
	}
	var out []ir.Expr
	for _, g := range rg.b.target(rd).globals {
		v := rg.vars[g]
		if v == nil {
			continue // not a call the scan saw: no device code
		}
		if v.Type.Kind == ir.Array {
			out = append(out, &ir.Ref{Var: v})
			continue
		}
		out = append(out, &ir.Unary{Op: "&", X: &ir.Ref{Var: v}, T: &ir.Type{Kind: ir.Pointer, Elem: v.Type, Size: 8, Len: -1}})
	}
	return out
}
