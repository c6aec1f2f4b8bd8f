package opt

import (
	"fmt"
	"strings"

	"github.com/accc-compiler/accc/ir"
)

// A Namer gives the generated names of a file: deterministic, readable
// and unique. A name comes from a stem of source positions
// (<func>_<line> for kernels, <line> for constructs); a stem another
// name of its kind took already gets _2, _3, ... in source order: two
// constructs on one line (_Pragma, or a macro expanding to several
// directives), the kernels of one construct's nests written on one
// line, or a kernel of function f_1 at line 2 and one of f at line 1
// whose stem is f_1_2.
type Namer struct {
	taken map[string]bool
	// Reserved, when set, rejects names as taken ones are: kernel
	// names whose forms meet the user's identifiers (lower's
	// kernelNameClashes).
	Reserved func(string) bool
}

// Unique returns stem+suffix, or stem_N+suffix with the smallest N >= 2
// that no earlier name took, and takes it.
func (n *Namer) Unique(stem, suffix string) string {
	if n.taken == nil {
		n.taken = map[string]bool{}
	}
	name := stem + suffix
	for i := 2; n.taken[name] || n.Reserved != nil && n.Reserved(name); i++ {
		name = fmt.Sprintf("%s_%d%s", stem, i, suffix)
	}
	n.taken[name] = true
	return name
}

// kernelStem is the stem of a kernel's provisional name, <func>_<line>
// (its CUDA name ends in _gpu, its CPU one in _cpu: kernel.Name).
func kernelStem(k *ir.Kernel) string { return strings.TrimSuffix(k.Name, ir.KernelSuffix) }
