package diag

import (
	"encoding/json"
	"io"
)

// WriteJSON prints ds as JSON lines: one object per diagnostic, in the order
// given, shaped after the Language Server Protocol's Diagnostic, as
// cmd/compile/internal/logopt does. The schema:
//
//	{
//	  "file":     "laplace.c",                  // as given on the command line; absent if unknown
//	  "range":    {"start": {"line": 47, "character": 51},
//	               "end":   {"line": 47, "character": 51}},  // absent if unknown
//	  "severity": "error",                      // "error", "warning" or "remark"
//	  "code":     "reduction-unknown-op",       // absent if none
//	  "source":   "accc",
//	  "message":  "unknown reduction operator 'maxx'",
//	  "function": "main",                       // enclosing C function; absent at file scope
//	  "negative": true,                         // a negative remark (Diagnostic.Neg); absent otherwise
//	  "related":  [{"file": "...", "range": {...}, "message": "data region opened here"}]  // absent if none
//	}
//
// A remark's code is one of the taxonomy's (RemarkKinds): "loop-parallel",
// "data-implicit-copyin".
//
// As in LSP, line and character are 0-based: line 47 is the 48th line.
// character counts bytes (LSP's "utf-8" position encoding), so it is the
// column WriteText prints, less one. accc knows where a diagnostic starts,
// not where it ends, so end equals start.
//
// A diagnostic is printed on one line, without HTML escaping.
func WriteJSON(w io.Writer, ds []Diagnostic) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, d := range ds {
		rec := jsonDiag{
			File:     d.Pos.File,
			Range:    jsonRangeOf(d.Pos),
			Severity: d.Severity.String(),
			Code:     string(d.Code),
			Source:   "accc",
			Message:  d.Msg,
			Function: d.Func,
			Negative: d.Neg,
		}
		for _, r := range d.Related {
			rec.Related = append(rec.Related, jsonRelated{File: r.Pos.File, Range: jsonRangeOf(r.Pos), Message: r.Msg})
		}
		if err := enc.Encode(rec); err != nil {
			return err
		}
	}
	return nil
}

type jsonDiag struct {
	File     string        `json:"file,omitempty"`
	Range    *jsonRange    `json:"range,omitempty"`
	Severity string        `json:"severity"`
	Code     string        `json:"code,omitempty"`
	Source   string        `json:"source"`
	Message  string        `json:"message"`
	Function string        `json:"function,omitempty"`
	Negative bool          `json:"negative,omitempty"`
	Related  []jsonRelated `json:"related,omitempty"`
}

type jsonRelated struct {
	File    string     `json:"file,omitempty"`
	Range   *jsonRange `json:"range,omitempty"`
	Message string     `json:"message"`
}

type jsonRange struct {
	Start jsonPosition `json:"start"`
	End   jsonPosition `json:"end"`
}

type jsonPosition struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

func jsonRangeOf(p Pos) *jsonRange {
	if !p.IsValid() {
		return nil
	}
	pos := jsonPosition{Line: p.Line - 1, Character: max(p.Col-1, 0)}
	return &jsonRange{Start: pos, End: pos}
}
