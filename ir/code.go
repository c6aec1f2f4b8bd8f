package ir

import "strings"

// Text returns c with variables printed by name, as host code sees them.
func (c Code) Text() string {
	var b strings.Builder
	for _, p := range c {
		if p.Var != nil {
			b.WriteString(p.Var.Name)
		} else {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// Vars returns the variables c refers to.
func (c Code) Vars() []*Var {
	var vs []*Var
	for _, p := range c {
		if p.Var != nil {
			vs = append(vs, p.Var)
		}
	}
	return vs
}

// Format returns c with each variable printed by ref.
func (c Code) Format(ref func(*Var) string) string {
	var b strings.Builder
	for _, p := range c {
		if p.Var != nil {
			b.WriteString(ref(p.Var))
		} else {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}
