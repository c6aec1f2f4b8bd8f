package directives

import "github.com/accc-compiler/accc/internal/diag"

// cursor walks a token slice; the directive parser and the clause-argument
// expression parser both read through one.
type cursor struct {
	toks []Token
	i    int
	end  diag.Pos // the position reported once the tokens run out
}

// peek returns the text of the next token, or "" at the end.
func (c *cursor) peek() string { return c.peekAt(0) }

// peekAt returns the text of the token k ahead, or "" past the end.
func (c *cursor) peekAt(k int) string {
	if c.i+k < len(c.toks) {
		return c.toks[c.i+k].Text
	}
	return ""
}

func (c *cursor) atEnd() bool { return c.i >= len(c.toks) }

// pos is the position of the next token, or end.
func (c *cursor) pos() diag.Pos {
	if c.i < len(c.toks) {
		return c.toks[c.i].Pos
	}
	return c.end
}

// endOf is the position just past the last token of toks.
func endOf(toks []Token) diag.Pos {
	if len(toks) == 0 {
		return diag.Pos{}
	}
	t := toks[len(toks)-1]
	pos := t.Pos
	if pos.Col > 0 {
		pos.Col += len(t.Text)
	}
	if pos.Offset >= 0 && pos.IsValid() {
		pos.Offset += len(t.Text)
	}
	return pos
}
