package host

import (
	"strings"

	"github.com/accc-compiler/accc/codegen/kernel"
	"github.com/accc-compiler/accc/ir"
)

// Where the host file's code maps in the user's sources, for a debugger
// (-g) and the host compiler's messages: the user's text maps to itself;
// the code that replaces a directive maps, line by line, to the
// directive's line, so that a breakpoint there stops before the
// construct runs and `next` steps over it; CPU kernels map as
// kernel.Lines.Generated says (each statement to its line, a loop's
// control code to the loop's line, the rest to the host file itself).
// A compute construct's host version, the statement as written, maps to
// the user's lines where it is a path the program asks for: with an if
// or a self clause (§2.5.6, §2.5.7). Otherwise it runs only when the
// program makes the host the current device (acc_set_device_type,
// ACC_DEVICE_TYPE=host) or, under -gpu=autocompare, after the device
// version, and maps to the host file, so that a breakpoint on a line of
// the construct stops once, in the kernel.

// pin maps the lines of text, code that replaces c's directive, to the
// directive's line, but for the ranges of text in keep.
func (g *gen) pin(c *ir.Construct, text string, keep ...[2]int) string {
	return g.lines.Pin(text, c.Line, keep...)
}

// hostVersion writes c's statement as written to b, mapped to the user's
// lines when user is set and otherwise to the host file (the line
// markers of the preprocessed text in it too), and returns where b
// holds it.
func (g *gen) hostVersion(b *strings.Builder, c *ir.Construct, user bool) [2]int {
	from := b.Len()
	text := g.text(c.StmtStart, c.StmtEnd)
	if user {
		b.WriteString(g.lineDirective(c.StmtStart))
		b.WriteString(text)
		return [2]int{from, b.Len()}
	}
	b.WriteString(kernel.GenMarker)
	lines := strings.SplitAfter(text, "\n")
	for i, l := range lines {
		if lineMarker(l) {
			lines[i] = kernel.GenMarker
		}
	}
	b.WriteString(strings.Join(lines, ""))
	return [2]int{from, b.Len()}
}

// lineMarker reports whether a line of a preprocessed unit is a line
// marker (# N "file" flags), the only directive there but for pragmas.
func lineMarker(l string) bool {
	l = strings.TrimLeft(l, " \t")
	if !strings.HasPrefix(l, "#") {
		return false
	}
	l = strings.TrimLeft(l[1:], " \t")
	l = strings.TrimPrefix(l, "line")
	l = strings.TrimLeft(l, " \t")
	return l != "" && l[0] >= '0' && l[0] <= '9'
}
