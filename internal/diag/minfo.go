package diag

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"sort"
)

// WriteMinfo prints ds in the layout of PGI/NVHPC -Minfo:
//
//	main:
//	     39, Generating copy(temp_prev[:][:]) [if not already present]
//	         Generating create(temp[:][:]) [if not already present]
//	     42, Generating CUDA kernel main_42_gpu
//	         43, #pragma acc loop gang, vector(128) collapse(2) /* blockIdx.x threadIdx.x */
//	         44,   /* blockIdx.x threadIdx.x collapsed */
//	     48, Generating CUDA kernel main_48_gpu
//	         49, #pragma acc loop gang, vector(128) collapse(2) /* blockIdx.x threadIdx.x */
//	             Generating reduction(max:worst_dt)
//
// The rules:
//
//   - Messages are grouped by function (Func, then "name:" header), functions
//     in source order of their first message. Messages at file scope (Func
//     "") have no header; they come first, so that they cannot be read as
//     part of the function above them.
//   - Within a function, by line: "%7d, msg" for a line's first message, and
//     each further message of that line indented 9 spaces.
//   - A message inside a region (Region set, and Pos on another line than
//     Region, or Nested set) is listed under Region's line, after that
//     line's own messages: 9 spaces and "%d, msg", and further messages of
//     the same nested line aligned with the first one's text. A region line
//     with no message of its own gets no "%7d," line: its nested lines
//     stand alone, as NVHPC prints them.
//   - Lines are in ascending order; messages of one line keep the order of
//     ds. A message repeated on one line is printed once.
//   - Files come in the order ds first names them; where there are several,
//     a line "file:" heads each file's functions, as nvc prints them.
//
// WriteMinfo prints every diagnostic it is given, whatever its severity;
// the driver passes the remarks that MinfoSelector keeps and prints errors
// and warnings with WriteText.
func WriteMinfo(w io.Writer, ds []Diagnostic) error {
	bw := bufio.NewWriter(w)
	groups := minfoGroups(ds)
	files := 0
	for i, g := range groups {
		if i == 0 || g.file != groups[i-1].file {
			files++
		}
	}
	for i, g := range groups {
		if files > 1 && (i == 0 || g.file != groups[i-1].file) {
			// Several files: each file's name heads its messages, as
			// nvc prints them.
			bw.WriteString(g.file)
			bw.WriteString(":\n")
		}
		if g.fn != "" {
			bw.WriteString(g.fn)
			bw.WriteString(":\n")
		}
		for _, e := range g.sortedEntries() {
			for i, m := range e.msgs {
				if i == 0 {
					fmt.Fprintf(bw, "%7d, %s\n", e.line, m)
				} else {
					fmt.Fprintf(bw, "%9s%s\n", "", m)
				}
			}
			for _, n := range e.sortedNested() {
				indent := 9 + len(fmt.Sprint(n.line)) + 2
				for i, m := range n.msgs {
					if i == 0 {
						fmt.Fprintf(bw, "%9s%d, %s\n", "", n.line, m)
					} else {
						fmt.Fprintf(bw, "%*s%s\n", indent, "", m)
					}
				}
			}
		}
	}
	return bw.Flush()
}

// IsNested reports whether -Minfo lists d under its region's line rather
// than under its own.
func (d Diagnostic) IsNested() bool {
	return d.Region.IsValid() && (d.Nested || d.Pos.Line != d.Region.Line)
}

// A minfoGroup holds the messages of one function of one file.
type minfoGroup struct {
	file, fn string
	first    Pos
	entries  map[int]*minfoEntry
}

// A minfoEntry is one top-level line: its own messages and the lines nested
// under it.
type minfoEntry struct {
	minfoLine
	nested map[int]*minfoLine
}

type minfoLine struct {
	line int
	msgs []string
}

func (l *minfoLine) add(msg string) {
	if !slices.Contains(l.msgs, msg) {
		l.msgs = append(l.msgs, msg)
	}
}

func minfoGroups(ds []Diagnostic) []*minfoGroup {
	type key struct{ file, fn string }
	byKey := map[key]*minfoGroup{}
	var groups []*minfoGroup
	for _, d := range ds {
		k := key{d.Pos.File, d.Func}
		g := byKey[k]
		if g == nil {
			g = &minfoGroup{file: d.Pos.File, fn: d.Func, first: d.Pos, entries: map[int]*minfoEntry{}}
			byKey[k] = g
			groups = append(groups, g)
		} else if d.Pos.IsValid() && (!g.first.IsValid() || d.Pos.Before(g.first)) {
			g.first = d.Pos
		}
		anchor := d.Pos.Line
		if d.IsNested() {
			anchor = d.Region.Line
		}
		e := g.entries[anchor]
		if e == nil {
			e = &minfoEntry{minfoLine: minfoLine{line: anchor}, nested: map[int]*minfoLine{}}
			g.entries[anchor] = e
		}
		if !d.IsNested() {
			e.add(d.Msg)
			continue
		}
		n := e.nested[d.Pos.Line]
		if n == nil {
			n = &minfoLine{line: d.Pos.Line}
			e.nested[d.Pos.Line] = n
		}
		n.add(d.Msg)
	}
	fileOrder := map[string]int{} // files in the order ds first names them
	for _, g := range groups {
		if _, ok := fileOrder[g.file]; !ok {
			fileOrder[g.file] = len(fileOrder)
		}
	}
	sort.SliceStable(groups, func(i, j int) bool {
		a, b := groups[i], groups[j]
		if a.file != b.file {
			return fileOrder[a.file] < fileOrder[b.file]
		}
		if (a.fn == "") != (b.fn == "") {
			return a.fn == ""
		}
		return a.first.Before(b.first)
	})
	return groups
}

func (g *minfoGroup) sortedEntries() []*minfoEntry {
	es := make([]*minfoEntry, 0, len(g.entries))
	for _, e := range g.entries {
		es = append(es, e)
	}
	slices.SortFunc(es, func(a, b *minfoEntry) int { return a.line - b.line })
	return es
}

func (e *minfoEntry) sortedNested() []*minfoLine {
	ns := make([]*minfoLine, 0, len(e.nested))
	for _, n := range e.nested {
		ns = append(ns, n)
	}
	slices.SortFunc(ns, func(a, b *minfoLine) int { return a.line - b.line })
	return ns
}
