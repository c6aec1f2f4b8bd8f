package ir

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
