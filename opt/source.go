package opt

import "github.com/accc-compiler/accc/ir"

// A VarSource is what the C source says about one variable of a
// construct that the IR does not. Lowering, the only part of accc that
// reads the source, records it (lower's source pass) for the IR-only
// passes, which ask it instead of the syntax tree.
type VarSource struct {
	// Param is set for a parameter of the enclosing function.
	Param bool
	// Restrict is set for a pointer the user declared restrict: its data
	// are reached only through it or pointers based on it (C11 6.7.3.1).
	Restrict bool
	// Deviceptr is set for a device pointer: named by a deviceptr clause
	// of the construct or of a data construct around it (§2.7.4). Rows
	// reached through it may be any device data.
	Deviceptr bool
	// ReadAfter is set when the enclosing function may read the value
	// the construct leaves in the variable, at ReadLines (lines of the
	// program's source; none where a read has no known line). Every
	// variable the source pass did not record counts as read after.
	ReadAfter bool
	ReadLines []int
}

// source returns what the source says of v: a variable the source pass
// did not record is read after the construct, and nothing else is known.
func (c *Construct) source(v *ir.Var) VarSource {
	if s, ok := c.Source[v]; ok {
		return s
	}
	return VarSource{ReadAfter: true}
}
