package lower

import (
	"strings"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// hostData lowers a host_data construct (§2.8): each use_device variable
// (an array or a pointer) means the device address of its data inside the
// body, or the host address where if is false or, with if_present, where
// the data is absent.
func (b *builder) hostData(p *frontend.Pragma) {
	c := b.construct(p, ir.HostData)
	b.queueClauses(c, p)
	c.IfPresent = p.Dir.Clause(directives.ClauseIfPresent) != nil
	for _, cl := range p.Dir.Clauses {
		if cl.Kind != directives.ClauseUseDevice {
			continue
		}
		for _, x := range cl.Vars {
			id, ok := x.(*directives.Ident)
			if !ok {
				b.errorf(x.Pos(), diag.CodeDataClause, "'%s' in use_device must be a variable name, not a section or member", directives.ExprString(x))
				continue
			}
			d := p.Lookup(id.Name)
			if d == nil {
				b.errorf(x.Pos(), diag.CodeDataClause, "'%s' in use_device is not declared", id.Name)
				continue
			}
			if k := d.Type().Kind(); k != cc.Ptr && k != cc.Array {
				b.errorf(x.Pos(), diag.CodeDataClause, "'%s' in use_device must be an array or a pointer (it has type %s)", id.Name, d.Type())
				continue
			}
			c.UseDevice = append(c.UseDevice, &ir.UseDevice{Name: id.Name, Pos: x.Pos()})
		}
	}
	b.prog.Constructs = append(b.prog.Constructs, c)
	b.dump("", c)
}

// declare lowers a declare directive (§2.13). In a function it is a data
// region from the directive to the end of the enclosing block; at file
// scope the data is mapped when the program starts and stays mapped.
// deviceptr maps nothing (compute regions pass the pointer as is); link
// maps nothing until a data clause maps the variable (§2.13.3), which is
// what an implicit or explicit clause of a compute region does.
func (b *builder) declare(p *frontend.Pragma) {
	c := b.construct(p, ir.Declare)
	c.Global = p.Func == nil
	if q := b.stackedOn(p); q != nil && !c.Global {
		c.CodeAt = q.Start // the enclosing block's data, not the construct's
	}
	for _, cl := range p.Dir.Clauses {
		kind := cl.Kind
		switch kind {
		case directives.ClauseCopy, directives.ClauseCopyout, directives.ClausePresent:
			if c.Global {
				b.errorf(cl.Pos, diag.CodeDeclare, "clause '%s' is not allowed on a declare directive at file scope (§2.13: only create, copyin, deviceptr, device_resident and link)", cl.Spelling)
				continue
			}
		case directives.ClauseCopyin, directives.ClauseCreate:
		case directives.ClauseDeviceResident:
			kind = directives.ClauseCreate // device memory only, for the variable's lifetime
		case directives.ClauseDeviceptr:
			for _, x := range cl.Vars {
				if t := exprType(p, x); t == nil || t.Kind() != cc.Ptr {
					b.errorf(x.Pos(), diag.CodeDataClause, "'%s' in clause 'deviceptr' must be a pointer", directives.ExprString(x))
				}
			}
			continue
		case directives.ClauseLink:
			continue
		default:
			continue
		}
		mapped := *cl
		mapped.Kind = kind
		for _, x := range cl.Vars {
			// §2.13 allows variable names only; sections are accepted as
			// PGI does (declare copyin(a[0:n]) after a malloc). A pointer
			// without a section is the pointer variable itself, which a
			// later enter data of its target attaches.
			if id, ok := x.(*directives.Ident); ok {
				if t := exprType(p, x); t != nil && t.Kind() == cc.Ptr {
					c.Maps = append(c.Maps, &ir.Map{Pos: x.Pos(), Clause: dataKind(kind), Text: id.Name,
						Section: b.clauseConv(p, nil).object(x), Mods: mapMods(cl.Mods)})
					continue
				}
			}
			if m := b.mapItem(p, &mapped, x, nil); m != nil {
				c.Maps = append(c.Maps, m)
			}
		}
	}
	b.dataRemarks(c)
	b.prog.Constructs = append(b.prog.Constructs, c)
	b.dump("", c)
}

// deviceTypes maps the device_type names accc accepts to the acc_device_t
// constants of openacc.h.
var deviceTypes = map[string]ir.DeviceType{
	"*": ir.DeviceDefault, "default": ir.DeviceDefault,
	"nvidia": ir.DeviceNvidia, "tesla": ir.DeviceNvidia, "acc_device_nvidia": ir.DeviceNvidia,
	"host": ir.DeviceHost, "multicore": ir.DeviceHost, "acc_device_host": ir.DeviceHost,
	"not_host": ir.DeviceNotHost, "acc_device_not_host": ir.DeviceNotHost,
}

// runtimeDirective lowers init, shutdown and set (§2.14.1–§2.14.3) to the
// runtime routines they are defined by (acc_init_device and friends).
func (b *builder) runtimeDirective(p *frontend.Pragma) {
	kind := map[directives.DirKind]ir.ConstructKind{directives.DirInit: ir.Init, directives.DirShutdown: ir.Shutdown,
		directives.DirSet: ir.Set}[p.Dir.Kind]
	c := b.construct(p, kind)
	b.queueClauses(c, p)
	for _, cl := range p.Dir.Clauses {
		switch cl.Kind {
		case directives.ClauseDeviceType:
			if len(cl.DeviceTypes) != 1 {
				b.errorf(cl.Pos, diag.CodeDeviceType, "'%s' on '%s' takes one device type, not %d", cl.Spelling, p.Dir.Kind, len(cl.DeviceTypes))
				continue
			}
			name := cl.DeviceTypes[0]
			t, ok := deviceTypes[strings.ToLower(name)]
			if !ok {
				b.errorf(cl.Pos, diag.CodeDeviceType, "device type '%s' is not one accc supports (nvidia, host, multicore, default)", name)
				continue
			}
			c.DeviceType = t
		case directives.ClauseDeviceNum:
			c.DevNum = b.hostExpr(p, cl.Args[0])
		case directives.ClauseDefaultAsync:
			c.DefaultAsync = b.hostExpr(p, cl.Args[0])
		}
	}
	b.prog.Constructs = append(b.prog.Constructs, c)
	b.dump("", c)
}
