package frontend

import (
	"io/fs"
	"os"
	"strings"

	"modernc.org/cc/v4"
	"modernc.org/token"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/internal/diag"
)

// A Pragma is one OpenACC directive of the translation unit.
type Pragma struct {
	Pos      diag.Pos              // the "acc" token
	Start    int                   // byte range in Pos.File of the whole directive:
	End      int                   // from '#' (or "_Pragma") to the end of its last line
	Operator bool                  // written as _Pragma("acc ...")
	Toks     []directives.Token    // as written, not macro-expanded
	Dir      *directives.Directive // parsed and checked
	Func     *cc.FunctionDefinition
	Stmt     *cc.Statement         // the statement a construct applies to; nil for standalone and declarative directives
	Block    *cc.CompoundStatement // innermost block around the directive; nil at file scope
	Scope    *cc.Scope             // scope the clause expressions were checked in
	Seq      int                   // declarations visible at the directive have Visible() <= Seq
	lookup   *lookupScope
}

// ConstValue evaluates an integer constant expression of the directive's
// clauses (C11 §6.6) in the directive's scope, with the directive
// checker's rules (enumeration constants, casts, sizeof).
func (p *Pragma) ConstValue(x directives.Expr) (int64, bool) {
	if p == nil || p.lookup == nil {
		return directives.ConstValue(x, nil)
	}
	return directives.ConstValue(x, p.lookup)
}

// pragmaOperatorFile is the pseudo file name cc/v4 gives the tokens of a
// _Pragma operator, whose real position it does not keep.
const pragmaOperatorFile = "_Pragma_"

// capture collects the acc pragmas handed to cc/v4's PragmaHandler.
type capture struct {
	unit      *Unit
	sink      *reporter
	onceSeen  map[string]bool
	fsys      fs.FS
	operators []string // contents of _Pragma("acc ...") operators, in order
}

func (c *capture) handle(toks []cc.Token) error {
	if len(toks) == 0 {
		return nil
	}
	switch toks[0].SrcStr() {
	case "once":
		// cc/v4 leaves #pragma once to its client.
		fn := toks[0].Position().Filename
		if c.onceSeen[fn] {
			return cc.SkipSource
		}
		c.onceSeen[fn] = true
		return nil
	case "acc":
	case "omp":
		// Not ours, but their place is kept: a multicore build's host
		// file is compiled with OpenMP for accc's kernels, and the
		// program's own omp directives must stay off unless it asked for
		// OpenMP (lower.Options.OpenMPOff).
		if pos := toks[0].Position(); pos.Filename == c.unit.File {
			src := c.source(pos.Filename)
			last := toks[len(toks)-1]
			c.unit.OpenMP = append(c.unit.OpenMP, [2]int{lineStart(src, pos.Offset), lineEnd(src, last.Position().Offset+len(last.Src()))})
		}
		return nil
	default:
		return nil // other pragmas (GCC, STDC, ...) are not ours
	}
	first := toks[0].Position()
	if first.Filename == pragmaOperatorFile {
		c.operators = append(c.operators, joinTokens(toks))
		return nil
	}
	src := c.source(first.Filename)
	p := &Pragma{Pos: ccPos(first)}
	for _, t := range toks {
		p.Toks = append(p.Toks, directives.Token{Text: t.SrcStr(), Pos: ccPos(t.Position())})
	}
	last := toks[len(toks)-1]
	p.Start = lineStart(src, first.Offset)
	p.End = lineEnd(src, last.Position().Offset+len(last.Src()))
	c.unit.Pragmas = append(c.unit.Pragmas, p)
	return nil
}

// source returns the contents of a file the preprocessor read.
func (c *capture) source(name string) []byte {
	if b, ok := c.unit.Src[name]; ok {
		return b
	}
	var b []byte
	if c.fsys != nil {
		b, _ = fs.ReadFile(c.fsys, name)
	}
	if b == nil {
		b, _ = os.ReadFile(name) // unreadable: positions still work, byte ranges are empty
	}
	c.unit.Src[name] = b
	return b
}

// resolvePragmaOperators gives each captured _Pragma("acc ...") the position
// of its string literal, found by scanning the user's files, because cc/v4
// rescans the operand from a synthetic source and loses it. _Pragma operators
// that come from macro expansions cannot be placed and are rejected.
func (c *capture) resolvePragmaOperators() {
	if len(c.operators) == 0 {
		return
	}
	var occ []pragmaOperator
	for _, name := range sortedKeys(c.unit.Src) {
		occ = append(occ, findPragmaOperators(name, c.unit.Src[name])...)
	}
	used := make([]bool, len(occ))
	for _, content := range c.operators {
		matched := false
		for i, o := range occ {
			if used[i] || o.inDefine || normalizeSpace(o.content) != normalizeSpace(content) {
				continue
			}
			used[i] = true
			matched = true
			p := &Pragma{Pos: o.litPos, Start: o.start, End: o.end, Operator: true}
			p.Toks = directives.Scan(o.content, o.litPos, c.sink)
			if len(p.Toks) > 0 {
				p.Pos = p.Toks[0].Pos
			}
			c.unit.Pragmas = append(c.unit.Pragmas, p)
			break
		}
		if matched {
			continue
		}
		pos := diag.Pos{File: c.unit.File, Line: 1, Col: 1}
		pos = macroPragmaPos(occ, content, pos)
		c.sink.errorf(pos, diag.CodePragmaOperator, "_Pragma(\"%s\") produced by a macro expansion is not supported; write '#pragma %s' instead", content, content)
	}
	sortPragmas(c.unit.Pragmas)
}

// ccPos converts a cc/v4 position.
func ccPos(p token.Position) diag.Pos {
	return diag.Pos{File: p.Filename, Line: p.Line, Col: p.Column, Offset: p.Offset}
}

// joinTokens renders tokens with one space where the source had white space.
func joinTokens(toks []cc.Token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && len(t.Sep()) > 0 {
			b.WriteByte(' ')
		}
		b.Write(t.Src())
	}
	return b.String()
}

func normalizeSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// lineStart returns the offset of the first byte of the line holding off.
func lineStart(src []byte, off int) int {
	if off > len(src) {
		return off
	}
	for off > 0 && src[off-1] != '\n' {
		off--
	}
	return off
}

// lineEnd returns the offset just past the end of the line holding off,
// following backslash-newline continuations and including the newline.
func lineEnd(src []byte, off int) int {
	for off < len(src) {
		switch {
		case src[off] == '\\' && off+1 < len(src) && src[off+1] == '\n':
			off += 2
		case src[off] == '\n':
			return off + 1
		default:
			off++
		}
	}
	return off
}

// macroPragmaPos guesses where a _Pragma produced by a macro was written:
// the #define whose _Pragma operand is that text, else the first #define
// with a _Pragma in it, else def.
func macroPragmaPos(occ []pragmaOperator, content string, def diag.Pos) diag.Pos {
	for _, o := range occ {
		if o.inDefine && normalizeSpace(o.content) == normalizeSpace(content) {
			return o.litPos
		}
	}
	for _, o := range occ {
		if o.inDefine {
			return o.litPos
		}
	}
	return def
}
