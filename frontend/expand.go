package frontend

import (
	"strconv"
	"strings"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/directives"
)

// expander macro-expands the tokens of clause arguments. cc/v4 hands pragmas
// over unexpanded (OpenACC 3.4 §2.1 leaves directive text subject to macro
// replacement), so accc expands clause arguments itself, with the macro
// definitions in force at the end of the translation unit. Expanded tokens
// take the position of the macro name they came from, so diagnostics point at
// what the user wrote.
type expander struct {
	macros map[string]*cc.Macro
}

func newExpander(macros map[string]*cc.Macro) *expander { return &expander{macros: macros} }

// maxExpansionSteps bounds the work of one expansion; a runaway macro stops
// being expanded instead of hanging the compiler.
const maxExpansionSteps = 10000

type etok struct {
	directives.Token
	hide []string // macros that must not expand this token again
}

func (e *expander) expand(in []directives.Token) []directives.Token {
	if len(e.macros) == 0 {
		return in
	}
	toks := make([]etok, len(in))
	for i, t := range in {
		toks[i] = etok{Token: t}
	}
	toks = e.rescan(toks)
	out := make([]directives.Token, len(toks))
	for i, t := range toks {
		out[i] = t.Token
	}
	return out
}

func (e *expander) rescan(toks []etok) []etok {
	steps := 0
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		m := e.macros[t.Text]
		if m == nil || !isIdentText(t.Text) || hidden(t.hide, t.Text) || steps > maxExpansionSteps {
			continue
		}
		steps++
		if !m.IsFnLike {
			body := e.body(m, t, nil)
			toks = splice(toks, i, i+1, body)
			i--
			continue
		}
		if i+1 >= len(toks) || toks[i+1].Text != "(" {
			continue
		}
		args, end, ok := collectArgs(toks, i+1)
		if !ok {
			continue
		}
		body := e.body(m, t, args)
		toks = splice(toks, i, end+1, body)
		i--
	}
	return toks
}

// body substitutes args into m's replacement list.
func (e *expander) body(m *cc.Macro, at etok, args [][]etok) []etok {
	hide := append(append([]string(nil), at.hide...), m.Name.SrcStr())
	params := map[string]int{}
	for i, p := range m.Params {
		name := p.SrcStr()
		if name == "..." {
			name = "__VA_ARGS__"
		}
		params[name] = i
	}
	if m.VarArg >= 0 && m.IsFnLike {
		// Fold the extra arguments into the variadic one.
		if n := len(m.Params); n > 0 && len(args) > n {
			last := args[n-1]
			for _, a := range args[n:] {
				last = append(last, etok{Token: directives.Token{Text: ",", Pos: at.Pos}})
				last = append(last, a...)
			}
			args = append(args[:n-1], last)
		}
	}
	arg := func(name string) ([]etok, bool) {
		i, ok := params[name]
		if !ok {
			return nil, false
		}
		if i < len(args) {
			return args[i], true
		}
		return nil, true
	}
	repl := m.ReplacementList()
	var out []etok
	for i := 0; i < len(repl); i++ {
		text := repl[i].SrcStr()
		switch {
		case text == "#" && m.IsFnLike && i+1 < len(repl):
			if a, ok := arg(repl[i+1].SrcStr()); ok {
				out = append(out, etok{Token: directives.Token{Text: strconv.Quote(joinEtoks(a)), Pos: at.Pos}, hide: hide})
				i++
				continue
			}
		case text == "##" && len(out) > 0 && i+1 < len(repl):
			next := repl[i+1].SrcStr()
			rhs := next
			if a, ok := arg(next); ok {
				rhs = joinEtoks(a)
			}
			out[len(out)-1].Text += rhs
			i++
			continue
		}
		if a, ok := arg(text); ok {
			pasted := i+1 < len(repl) && repl[i+1].SrcStr() == "##"
			if !pasted {
				a = e.rescan(append([]etok(nil), a...))
			}
			for _, t := range a {
				out = append(out, etok{Token: directives.Token{Text: t.Text, Pos: at.Pos}, hide: append(append([]string(nil), t.hide...), hide...)})
			}
			continue
		}
		out = append(out, etok{Token: directives.Token{Text: text, Pos: at.Pos}, hide: hide})
	}
	return out
}

// collectArgs reads a parenthesised argument list starting at toks[open].
func collectArgs(toks []etok, open int) (args [][]etok, end int, ok bool) {
	depth := 0
	var cur []etok
	for i := open; i < len(toks); i++ {
		switch toks[i].Text {
		case "(":
			depth++
			if depth == 1 {
				continue
			}
		case ")":
			depth--
			if depth == 0 {
				return append(args, cur), i, true
			}
		case ",":
			if depth == 1 {
				args = append(args, cur)
				cur = nil
				continue
			}
		}
		cur = append(cur, toks[i])
	}
	return nil, 0, false
}

func splice(toks []etok, from, to int, repl []etok) []etok {
	out := make([]etok, 0, len(toks)-(to-from)+len(repl))
	out = append(out, toks[:from]...)
	out = append(out, repl...)
	return append(out, toks[to:]...)
}

func hidden(hide []string, name string) bool {
	for _, h := range hide {
		if h == name {
			return true
		}
	}
	return false
}

func joinEtoks(ts []etok) string {
	var b strings.Builder
	for i, t := range ts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.Text)
	}
	return b.String()
}

func isIdentText(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}
