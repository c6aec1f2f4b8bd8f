package diag

import (
	"bufio"
	"io"
)

// WriteText prints ds in the style of gcc and clang, one line per
// diagnostic, each followed by its related positions as notes:
//
//	laplace.c:48:52: error: unknown reduction operator 'maxx'
//	laplace.c:39:9: note: data region opened here
//
// The severity is printed as error, warning or remark. A diagnostic
// without a position is printed as "accc: error: msg". WriteText prints ds
// in the order given; sort them first (List.Sorted).
func WriteText(w io.Writer, ds []Diagnostic) error {
	bw := bufio.NewWriter(w)
	for _, d := range ds {
		writeTextLine(bw, d.Pos, d.Severity.String(), d.Msg)
		for _, r := range d.Related {
			writeTextLine(bw, r.Pos, "note", r.Msg)
		}
	}
	return bw.Flush()
}

func writeTextLine(w *bufio.Writer, p Pos, kind, msg string) {
	w.WriteString(textPos(p))
	w.WriteString(": ")
	w.WriteString(kind)
	w.WriteString(": ")
	w.WriteString(msg)
	w.WriteByte('\n')
}

// textPos is p as WriteText prints it: "accc" stands for the compiler
// itself when there is no position at all.
func textPos(p Pos) string {
	if !p.IsValid() && p.File == "" {
		return "accc"
	}
	return p.String()
}
