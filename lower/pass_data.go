package lower

import (
	"fmt"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
	"modernc.org/cc/v4"
)

// data gives the variables no clause names their data attributes
// (OpenACC 3.4 §2.6.2).
func data(rg *region) {
	rg.dropMemberRoots()
	if rg.r.Kind == ir.Kernels {
		rg.kernelsScalars()
	}
	rg.reducedInPlace()
	inLoops := rg.privateOnly()
	for _, d := range rg.decls {
		if v := rg.vars[d]; v.Class == ir.PrivateVar && rg.loopPrivate[v] && !inLoops[v] {
			rg.boundsPrivate(v)
		}
	}
	readOnly := rg.readOnly()
	for _, d := range rg.decls {
		v := rg.vars[d]
		if rg.explicit[v] || v.Class == ir.Reduced || v.Class == ir.PrivateVar {
			continue
		}
		if _, used := rg.firstUse[v]; !used {
			// Named by a clause that gives it no data attribute
			// (attach(p)) and not used by the construct's code: it
			// has no implicit one either (§2.6.2).
			continue
		}
		if rg.r.HostIndex(v) {
			// A host loop's control variable: the host assigns it and
			// each launch passes its value.
			v.Class = ir.ByValue
			continue
		}
		if inLoops[v] {
			// Used only where a loop's private clause gives each
			// thread its own copy: nothing to map (§2.9.10).
			v.Class = ir.PrivateVar
			rg.loopPrivate[v] = true
			continue
		}
		if rg.indexVars[d] && !(rg.r.Kind == ir.Kernels && rg.indexLiveOut(d, v)) {
			v.Class = ir.PrivateVar
			continue
		}
		if v.Construct {
			// Its kernels share its device copy, which no transfer
			// initializes (constructvar.go).
			rg.addImplicit(v, directives.ClauseCreate, false)
			v.Class = ir.ByPointer
			if v.Type.Kind == ir.Array {
				v.Class = ir.ArrayData
			}
			continue
		}
		if rg.defaultKind == directives.DefaultNone {
			rg.errorf(rg.firstUse[v], diag.CodeDefaultNone, "variable '%s' is used in the compute region but appears in no data clause, and the construct has default(none)", v.Name)
			continue
		}
		present := rg.defaultKind == directives.DefaultPresent || rg.b.presentAround(d, rg.start)
		kind := directives.ClauseCopy
		if present && rg.defaultKind == directives.DefaultPresent {
			kind = directives.ClausePresent
		}
		if v.Type.Kind == ir.Pointer && rg.b.visibleDeviceptr(d, rg.start) {
			v.Class = ir.DevicePtr // deviceptr of an enclosing data construct or declare
			continue
		}
		switch v.Type.Kind {
		case ir.Scalar:
			// Scalars are firstprivate in parallel and serial, copy in
			// kernels; a scalar kernels never writes is the same as
			// firstprivate. A scalar with a visible data clause (an
			// enclosing data construct or a declare) is shared with its
			// device copy instead (§2.6.2).
			if rg.b.visibleClause(d, rg.start) {
				rg.addImplicit(v, directives.ClauseCopy, false)
				v.Class = ir.ByPointer
			} else if rg.r.Kind == ir.Kernels && v.Written && (rg.kernelsShared[v] || rg.indexVars[d]) {
				rg.addImplicit(v, directives.ClauseCopy, false)
				v.Class = ir.ByPointer
			} else if rg.r.Kind == ir.Kernels && v.Written {
				v.Class = ir.PrivateVar
			} else {
				v.Class = ir.ByValue
			}
		case ir.Array:
			if at, ok := d.Type().(*cc.ArrayType); ok && at.IsVLA() && !d.IsParam() {
				// A local variable-length array is mapped whole: its
				// dimensions from its bounds, or the sizes of its parts.
				if ds := rg.b.clauseConv(rg.p, rg.vars).wholeVLADims(d, at); ds != nil {
					if kind == directives.ClauseCopy && readOnly[v] {
						kind = directives.ClauseCopyin
					}
					rg.addSection(v, dataKind(kind), ds)
					v.Class = ir.ArrayData
					continue
				}
			}
			if v.Type.Len < 0 || v.Type.Size <= 0 {
				rg.extentError(d, v, fmt.Sprintf("array '%s'", v.Name), false)
				continue
			}
			if kind == directives.ClauseCopy && readOnly[v] {
				kind = directives.ClauseCopyin // the device never writes it: nothing to copy back
			}
			rg.addImplicit(v, kind, false)
			v.Class = ir.ArrayData
		case ir.Pointer:
			if v.Type.Elem.Kind == ir.Function {
				v.Class = ir.ByValue // a function address: compared or passed, never called
				continue
			}
			if !present {
				if rg.implicitExtent(d, v) { // extent.go
					v.Class = ir.ArrayData
					continue
				}
				rg.extentError(d, v, fmt.Sprintf("the data '%s' points to", v.Name), true)
				continue
			}
			if !rg.presentExtent(d, v) {
				rg.addImplicit(v, directives.ClausePresent, true)
			}
			v.Class = ir.ArrayData
		case ir.Record:
			rg.addImplicit(v, kind, false)
			v.Class = ir.ByPointer
		default:
			rg.errorf(rg.firstUse[v], diag.CodeUnsupported, "variable '%s' of type %s cannot be used in a compute region", v.Name, v.Type)
		}
	}
	rg.placeMembers()
	rg.c.Maps = entryOrder(rg.c.Maps)
}
