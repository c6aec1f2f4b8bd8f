package progen

import (
	"fmt"
	"strings"
)

// A ctype is an element type of generated arrays and scalars.
type ctype int

const (
	tInt ctype = iota
	tUnsigned
	tLong
	tFloat
	tDouble
)

var ctypeNames = [...]string{"int", "unsigned", "long", "float", "double"}

func (t ctype) String() string { return ctypeNames[t] }

func (t ctype) isFloat() bool { return t == tFloat || t == tDouble }

// wrap keeps a stored value below 1021 in magnitude: every value the
// program computes is an integer, so float arithmetic stays exact.
func (t ctype) wrap(e string) string {
	switch t {
	case tFloat:
		return "fmodf(" + e + ", 1021.0f)"
	case tDouble:
		return "fmod(" + e + ", 1021.0)"
	case tUnsigned:
		return "(" + e + ") % 1021u"
	case tLong:
		return "(" + e + ") % 1021L"
	}
	return "(" + e + ") % 1021"
}

// lit is the constant k in type t.
func (t ctype) lit(k int) string {
	switch t {
	case tFloat:
		return fmt.Sprintf("%d.0f", k)
	case tDouble:
		return fmt.Sprintf("%d.0", k)
	case tUnsigned:
		if k < 0 {
			return fmt.Sprintf("(0u - %du)", -k)
		}
		return fmt.Sprintf("%du", k)
	case tLong:
		return fmt.Sprintf("%dL", k)
	}
	return fmt.Sprint(k)
}

// conv converts e, of type from, to type to without undefined behaviour:
// a negative float becomes unsigned through int.
func conv(from, to ctype, e string) string {
	if from == to {
		return e
	}
	if strings.ContainsAny(e, " ") {
		e = "(" + e + ")"
	}
	if from.isFloat() && to == tUnsigned {
		return "(unsigned)(int)" + e
	}
	return "(" + to.String() + ")" + e
}

// printf is the format and argument that print a scalar of type t exactly.
func (t ctype) printf(e string) (string, string) {
	switch t {
	case tFloat, tDouble:
		return "%.17g", "(double)(" + e + ") + 0.0"
	case tUnsigned:
		return "%u", e
	case tLong:
		return "%ld", e
	}
	return "%d", e
}

// An array is a global array of the program: N or N×M elements.
type array struct {
	name string
	elem ctype
	kind arrayKind
	sect bool // named as a section in data clauses, a[0:N], not a
	id   int  // the array's number in the program: its initial values
}

type arrayKind int

const (
	vec    arrayKind = iota // T a[N]
	mat                     // T a[N][M]
	flat                    // T *a, N*M elements, a[i*M + j]
	ptrvec                  // T *a, N elements, heap
)

func (a *array) twoD() bool { return a.kind == mat || a.kind == flat }

// size is the element count as C.
func (a *array) size() string {
	if a.twoD() {
		return "N*M"
	}
	return "N"
}

// ref is the element at subscripts i (and j for two-dimensional arrays).
func (a *array) ref(i, j string) string {
	switch a.kind {
	case mat:
		return fmt.Sprintf("%s[%s][%s]", a.name, i, j)
	case flat:
		return fmt.Sprintf("%s[(%s)*M + %s]", a.name, i, j)
	}
	return fmt.Sprintf("%s[%s]", a.name, i)
}

// section is the array in a data clause: whole arrays by name, pointers
// with their extent (§2.7.1).
func (a *array) section() string {
	switch a.kind {
	case flat:
		return a.name + "[0:N*M]"
	case ptrvec:
		return a.name + "[0:N]"
	}
	if a.sect {
		if a.kind == mat {
			return a.name + "[0:N][0:M]"
		}
		return a.name + "[0:N]"
	}
	return a.name
}

// isPointer reports whether the array is reached through a pointer, which
// data clauses must give an extent.
func (a *array) isPointer() bool { return a.kind == flat || a.kind == ptrvec }
