package acctest

import (
	"fmt"
	"strings"
)

// diffContext is the number of unchanged lines shown around a change.
const diffContext = 3

// diffMaxCells bounds the work of the line-matching table. Past it (two
// inputs of a few thousand differing lines), the differing middle is shown
// as one replacement.
const diffMaxCells = 4 << 20

// Diff returns a unified diff from old to new, named oldName and newName
// in its header, or "" if they are equal:
//
//	--- want/minfo
//	+++ got
//	@@ -2,3 +2,3 @@
//	 main:
//	-     39, Generating copy(a[:])
//	+     39, Generating copyin(a[:])
//	          Generating create(b[:])
//
// A last line without a newline is marked "\ No newline at end of file".
func Diff(oldName, old, newName, new string) string {
	if old == new {
		return ""
	}
	a, b := splitLines(old), splitLines(new)
	ops := diffOps(a, b)

	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", oldName, newName)
	// Group the ops into hunks: runs of changes with their context,
	// merging runs whose context would touch.
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(i-diffContext, 0)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			// A run of equal lines: does another change follow close enough?
			j := end
			for j < len(ops) && ops[j].kind == ' ' {
				j++
			}
			if j < len(ops) && j-end <= 2*diffContext {
				end = j
				continue
			}
			end = min(end+diffContext, len(ops))
			break
		}
		writeHunk(&out, ops[start:end])
		i = end
	}
	return out.String()
}

type diffOp struct {
	kind byte // ' ', '-' or '+'
	text string
	a, b int // 0-based line numbers in old and new before this op
}

func splitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// diffOps returns an edit script from a to b: common prefix and suffix
// as they are, and a longest common subsequence for the middle.
func diffOps(a, b []string) []diffOp {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var ops []diffOp
	ai, bi := 0, 0
	emit := func(kind byte, text string) {
		ops = append(ops, diffOp{kind, text, ai, bi})
		switch kind {
		case ' ':
			ai++
			bi++
		case '-':
			ai++
		case '+':
			bi++
		}
	}
	for _, l := range a[:pre] {
		emit(' ', l)
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	if (len(ma)+1)*(len(mb)+1) > diffMaxCells {
		for _, l := range ma {
			emit('-', l)
		}
		for _, l := range mb {
			emit('+', l)
		}
	} else {
		// lcs[i][j] is the length of the LCS of ma[i:] and mb[j:].
		w := len(mb) + 1
		lcs := make([]int32, (len(ma)+1)*w)
		for i := len(ma) - 1; i >= 0; i-- {
			for j := len(mb) - 1; j >= 0; j-- {
				if ma[i] == mb[j] {
					lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
				} else {
					lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
				}
			}
		}
		i, j := 0, 0
		for i < len(ma) || j < len(mb) {
			switch {
			case i < len(ma) && j < len(mb) && ma[i] == mb[j]:
				emit(' ', ma[i])
				i++
				j++
			case j == len(mb) || (i < len(ma) && lcs[(i+1)*w+j] >= lcs[i*w+j+1]):
				emit('-', ma[i])
				i++
			default:
				emit('+', mb[j])
				j++
			}
		}
	}
	for _, l := range a[len(a)-suf:] {
		emit(' ', l)
	}
	return ops
}

func writeHunk(out *strings.Builder, ops []diffOp) {
	na, nb := 0, 0
	for _, op := range ops {
		if op.kind != '+' {
			na++
		}
		if op.kind != '-' {
			nb++
		}
	}
	fmt.Fprintf(out, "@@ -%s +%s @@\n", hunkRange(ops[0].a, na), hunkRange(ops[0].b, nb))
	for _, op := range ops {
		out.WriteByte(op.kind)
		out.WriteString(op.text)
		if !strings.HasSuffix(op.text, "\n") {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// hunkRange formats a hunk's line range as diff -u does: 1-based start,
// count omitted when 1, and start the line before when count is 0.
func hunkRange(start, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", start)
	case 1:
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}
