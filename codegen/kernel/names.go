package kernel

import "github.com/accc-compiler/accc/ir"

// elemOf is element ir.ElemName of the array p: p[accc_j].
func elemOf(p string) string { return p + "[" + ir.ElemName + "]" }
