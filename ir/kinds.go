package ir

import "strings"

// ComputeKind is the compute construct a Region comes from (§2.5);
// combined constructs are folded into theirs.
type ComputeKind uint8

const (
	Parallel ComputeKind = iota
	Serial
	Kernels
)

func (k ComputeKind) String() string {
	return [...]string{"parallel", "serial", "kernels"}[k]
}

// DataKind is the action of a data clause item (§2.7), named as its
// clause.
type DataKind uint8

const (
	Copy DataKind = iota + 1
	Copyin
	Copyout
	Create
	NoCreate
	Present
	Deviceptr
	Attach
	Detach
	Delete
	DeviceResident
	Link
)

var dataKindNames = [...]string{"", "copy", "copyin", "copyout", "create", "no_create", "present",
	"deviceptr", "attach", "detach", "delete", "device_resident", "link"}

// String returns the clause's name: "copyin", "no_create".
func (k DataKind) String() string {
	if int(k) < len(dataKindNames) && k > 0 {
		return dataKindNames[k]
	}
	return "invalid"
}

// MapMod is a set of data clause modifiers (§2.7.4).
type MapMod uint8

const (
	Always    MapMod = 1 << iota // copy, copyin, copyout
	AlwaysIn                     // copy, copyin
	AlwaysOut                    // copy, copyout
	Readonly                     // copyin
	Zero                         // copyout, create
	Capture                      // copy, copyin, copyout, create
)

// ReductionOp is a reduction operator as written: + * max min & | ^ && ||.
type ReductionOp string

func (op ReductionOp) String() string { return string(op) }

var mapModNames = [...]string{"always", "alwaysin", "alwaysout", "readonly", "zero", "capture"}

// String returns the modifiers' names joined by '|' ("readonly|capture"),
// or "" for none.
func (m MapMod) String() string {
	var s []string
	for i, n := range mapModNames {
		if m&(1<<i) != 0 {
			s = append(s, n)
		}
	}
	return strings.Join(s, "|")
}

var constructKindNames = [...]string{"compute", "data", "enter data", "exit data", "update", "wait",
	"host_data", "declare", "init", "shutdown", "set"}

// String returns the kind as a directive name: "compute" for every
// compute construct, "enter data", "host_data".
func (k ConstructKind) String() string {
	if int(k) < len(constructKindNames) {
		return constructKindNames[k]
	}
	return "invalid"
}

var varClassNames = [...]string{"byvalue", "bypointer", "arraydata", "reduced", "private", "firstarray",
	"deviceptr", "privatesection"}

// String returns the class's name in lower case: "byvalue", "arraydata".
func (c VarClass) String() string {
	if int(c) < len(varClassNames) {
		return varClassNames[c]
	}
	return "invalid"
}

// String returns the levels joined by '|', outermost first
// ("gang|vector"), or "seq" for none.
func (l Level) String() string {
	var s []string
	for _, x := range []struct {
		l Level
		n string
	}{{Gang, "gang"}, {Worker, "worker"}, {Vector, "vector"}} {
		if l.Has(x.l) {
			s = append(s, x.n)
		}
	}
	if len(s) == 0 {
		return "seq"
	}
	return strings.Join(s, "|")
}
