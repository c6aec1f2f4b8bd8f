package directives

import (
	"strconv"

	"github.com/accc-compiler/accc/internal/diag"
)

// The PGI Accelerator model (seed 000, the OLCF Game of Life) predates
// OpenACC. accc accepts its C directives, translates them, and warns:
//
//	acc region            → acc kernels
//	acc data region       → acc data
//	acc for               → acc loop
//	local(list)           → create(list)      (region, data region)
//	parallel[(n)]         → gang[(num:n)]     (for)
//	host[(n)]             → seq               (for)
//	a[lo:hi]              → a[lo:hi-lo+1]     (bounds were inclusive)
//
// unroll, kernel, shortloop and cache on 'for' are dropped with a warning.

type legacyInfo struct {
	name  string // legacy spelling
	words int
	kind  DirKind
}

// legacyDirective recognises a legacy directive from its first word and the
// token after it.
func legacyDirective(first, next string) *legacyInfo {
	switch {
	case first == "region":
		return &legacyInfo{"region", 1, DirKernels}
	case first == "data" && next == "region":
		return &legacyInfo{"data region", 2, DirData}
	case first == "for":
		return &legacyInfo{"for", 1, DirLoop}
	}
	return nil
}

// legacyClause handles a clause of a legacy directive. It returns the
// OpenACC kind to parse it as, or done when it consumed the clause itself;
// (ClauseInvalid, false) means the clause is spelled as in OpenACC.
func (p *parser) legacyClause(t Token) (kind ClauseKind, done bool) {
	switch {
	case t.Text == "local" && p.d.Kind != DirLoop:
		p.warnf(t.Pos, diag.CodeLegacyDirective, "PGI Accelerator clause 'local' is deprecated; translated to 'create'")
		return ClauseCreate, false
	case p.d.Kind != DirLoop:
		return ClauseInvalid, false
	}
	switch t.Text {
	case "parallel":
		p.warnf(t.Pos, diag.CodeLegacyDirective, "PGI Accelerator clause 'parallel' is deprecated; translated to 'gang'")
		c := &Clause{Kind: ClauseGang, Pos: t.Pos, Spelling: t.Text}
		if p.peek() == "(" {
			if !p.withArg(true, func(e *exprParser) {
				x := e.expr()
				c.Gang = []GangArg{{Kind: GangNum, Pos: x.Pos(), X: x}}
			}) {
				return ClauseInvalid, true
			}
		}
		p.d.Clauses = append(p.d.Clauses, c)
		return ClauseInvalid, true
	case "host":
		p.warnf(t.Pos, diag.CodeLegacyDirective, "PGI Accelerator clause 'host' is deprecated; translated to 'seq'")
		p.skipArg()
		p.d.Clauses = append(p.d.Clauses, &Clause{Kind: ClauseSeq, Pos: t.Pos, Spelling: t.Text})
		return ClauseInvalid, true
	case "unroll", "kernel", "shortloop", "cache":
		p.warnf(t.Pos, diag.CodeLegacyDirective, "PGI Accelerator clause '%s' is deprecated and ignored", t.Text)
		p.skipArg()
		return ClauseInvalid, true
	}
	return ClauseInvalid, false
}

// translateLegacy rewrites inclusive section bounds and reports the
// directive as deprecated.
func (p *parser) translateLegacy() {
	d := p.d
	for _, c := range d.Clauses {
		if !c.Kind.IsData() {
			continue
		}
		for _, v := range c.Vars {
			for x := v; x != nil; {
				switch s := x.(type) {
				case *Section:
					if s.Len != nil {
						s.Len = inclusiveLen(s.Lo, s.Len)
					}
					x = s.X
				case *Index:
					x = s.X
				case *Member:
					x = s.X
				default:
					x = nil
				}
			}
		}
	}
	p.warnf(d.NamePos, diag.CodeLegacyDirective, "PGI Accelerator directive '%s' is deprecated; translated to '%s'", d.Legacy, d.Kind)
}

// inclusiveLen returns the length of the inclusive range lo..hi, folding
// constants so that [0:n-1] becomes [0:n] and [0:dim+1] becomes [0:dim+2].
func inclusiveLen(lo, hi Expr) Expr {
	lov, loConst := int64(0), lo == nil
	if l, ok := lo.(*Lit); ok && l.Kind == LitInt {
		if v, ok := intValue(l.Value); ok && v < 1<<32 {
			lov, loConst = int64(v), true
		}
	}
	pos := hi.Pos()
	if !loConst {
		return &Binary{X: &Binary{X: hi, OpPos: pos, Op: "-", Y: lo}, OpPos: pos, Op: "+", Y: intLit(pos, 1)}
	}
	base, off := hi, int64(0)
	if l, ok := hi.(*Lit); ok && l.Kind == LitInt {
		if v, ok := intValue(l.Value); ok && v < 1<<32 {
			return intLit(pos, int64(v)-lov+1)
		}
	}
	if b, ok := hi.(*Binary); ok && (b.Op == "+" || b.Op == "-") {
		if l, ok := b.Y.(*Lit); ok && l.Kind == LitInt {
			if v, ok := intValue(l.Value); ok && v < 1<<32 {
				base, off = b.X, int64(v)
				if b.Op == "-" {
					off = -off
				}
			}
		}
	}
	off += 1 - lov
	switch {
	case off == 0:
		return base
	case off < 0:
		return &Binary{X: base, OpPos: pos, Op: "-", Y: intLit(pos, -off)}
	}
	return &Binary{X: base, OpPos: pos, Op: "+", Y: intLit(pos, off)}
}

func intLit(pos diag.Pos, v int64) Expr {
	if v < 0 {
		return &Unary{OpPos: pos, Op: "-", X: &Lit{ValuePos: pos, Kind: LitInt, Value: strconv.FormatInt(-v, 10)}}
	}
	return &Lit{ValuePos: pos, Kind: LitInt, Value: strconv.FormatInt(v, 10)}
}
