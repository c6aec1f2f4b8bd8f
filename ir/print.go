package ir

import (
	"fmt"
	"github.com/accc-compiler/accc/internal/diag"
	"io"
	"strconv"
	"strings"
)

// Fprint writes c's IR to w in a stable text form, for `accc --dump-ir`
// and golden tests. The output is deterministic: it follows the IR's
// slices in order, never prints pointers and never iterates over maps.
//
// A construct is indented lines, two spaces per level, in the order
// below; a line whose field is empty is left out. Each line starts with
// a keyword, then positional words, flags (bare words) and key=value
// fields. C text (an expression, a statement) is printed as written where
// it ends a line (after a keyword or ": "), and quoted with Go's %q as a
// value inside one. A variable's type follows its name in parentheses,
// "x (float *)". Lists of names are separated by spaces, lists of
// expressions by ", ". Names are the C names: a variable declared inside
// the region is marked local where a clause names it, and a loop's nest
// says which index variables it declares.
//
//	construct KIND [COMPUTEKIND] at FILE:LINE:COL [in FUNC] [line=N] [global] [finalize] [if_present]
//	  range dir=[START,END) [stmt=[START,END)] func=OFFSET  byte ranges in Program.Src
//	  if COND
//	  self COND
//	  async [QUEUE]
//	  wait all
//	  wait Q1, Q2
//	  devnum X
//	  device_type T
//	  default_async A
//	  use_device NAME                                      host_data
//	  map CLAUSE(TEXT) [implicit] [mods=M|M] [var=NAME] minfo="..." [host="..." bytes="..."]
//	      [rows_off="..." rows_bytes="..."] [attach_off="..."]
//	    SECTION
//	  update device|self TEXT host="..." bytes="..." [if_present] [rows_off="..." rows_bytes="..."]
//	    SECTION
//	  num_gangs N                                          compute: as written
//	  num_workers N
//	  vector_length N
//	  types T1, T2                                         of the declarations and casts
//	  var NAME (TYPE) CLASS [global] [construct] [written] [restrict] [map=CLAUSE(TEXT)]
//	      [section lo="..." len="..." [first] [src=CLAUSE(TEXT)]]
//	  private NAME...                                      construct-level private, firstprivate
//	  reduction OP:NAME (TYPE)                             construct-level reductions
//	  kernel NAME line N [serial] vector=V workers=W [gangloop=LINE] [hosttrip per=N] [block2d=32xR]
//	    params NAME...
//	    readonly NAME...
//	    reductions OP:NAME...
//	    privates NAME...
//	    ITEM...                                            the kernel's body
//
// A map's or update's SECTION line is the structure its minfo, host,
// bytes, rows_* and attach_off fields are printed from (Section.MinfoText,
// HostAddr, ByteLen, RowOff, RowLen, Offset): the base, the element
// type, and each dimension's bounds, with whole after a dimension that
// covers its whole extent and rest after one whose length the section
// omits:
//
//	section base="..." [var=NAME] elem=(TYPE) [pointee] [rows] [dim="LO:LEN" [whole] [rest]]...
//
// The items of a body:
//
//	loop line N LEVELS [seq] [vector(N)] [break] [continue] [index32]
//	  why KIND [NAMES] [lines=L1,L2]                       a sequential loop's reason (Reason,
//	                                                       ReasonKind.String), NAMES A,B
//	  detail KIND [NAMES] [clauses=LEVELS|independent]     what explains it
//	      [w="..." wline=N r="..." rline=N [rwrite] [distance=D] [direction=(<,=)]]
//	  versioned NAME NAME                                  a pair the run-time test compares
//	  nest NAME (TYPE) line N [declared] [never] [local]: NAME = LO; NAME CMP HI; NAME += STEP
//	  tile S0xS1                                           tile sizes, outermost loop first
//	  private NAME [(TYPE) local]
//	  reduce OP:NAME (TYPE) [local]
//	  ITEM...
//	stmt line N [decl] [names=A,B] [writes=A,B] [memwrite] [writes-through=A,B]
//	    [writes-unknown] [seqloops=L1,L2] [break] [continue]: CODE
//	  local NAME (TYPE) [= INIT]                           a declared array or struct
//	  access R|W REF [non-affine], ...                     the access pass: each reference
//	                                                       in evaluation order (Access.String)
//	  ITEM...                                              Body: CODE is its header
//
// A nest that counts down ends with NAME -= STEP. CODE of several lines
// goes on the lines below its item, one level deeper, each after "| ",
// with the source's indentation kept relative to the statement's. LEVELS is Level.String ("gang|vector", "seq" for
// none), CLASS VarClass.String, CLAUSE DataKind.String, KIND
// ConstructKind.String, COMPUTEKIND ComputeKind.String.
func Fprint(w io.Writer, c *Construct) {
	FprintLines(w, c, nil)
}

// FprintLines is Fprint for a construct of a preprocessed unit: positions
// and line numbers are printed as lines maps them, in the user's files.
func FprintLines(w io.Writer, c *Construct, lines *diag.LineMap) {
	p := &printer{w: w, lines: lines}
	p.construct(c)
}

type printer struct {
	w     io.Writer
	lines *diag.LineMap
	depth int
	maps  []*Map        // the construct's maps, for naming a Var's map
	known map[*Var]bool // the region's variables
}

// ln is the user's number of line n of the program's text.
func (p *printer) ln(n int) int {
	if p.lines == nil {
		return n
	}
	_, m := p.lines.Line(n)
	return m
}

// line writes one line at the current depth.
func (p *printer) line(format string, args ...any) {
	fmt.Fprintf(p.w, "%s%s\n", strings.Repeat("  ", p.depth), fmt.Sprintf(format, args...))
}

// formatList prints expressions separated by ", ".
func formatList(es []Expr) string {
	var ss []string
	for _, e := range es {
		ss = append(ss, Format(e, nil))
	}
	return strings.Join(ss, ", ")
}

// fields builds a line from words, dropping empty ones.
type fields []string

func (f *fields) add(s string) {
	if s != "" {
		*f = append(*f, s)
	}
}

func (f *fields) flag(on bool, name string) {
	if on {
		*f = append(*f, name)
	}
}

// kv adds key="value" for a non-empty C text value.
func (f *fields) kv(key, value string) {
	if value != "" {
		*f = append(*f, key+"="+strconv.Quote(value))
	}
}

func (f fields) String() string { return strings.Join(f, " ") }

func names(vs []*Var) string {
	var s []string
	for _, v := range vs {
		s = append(s, v.Name)
	}
	return strings.Join(s, " ")
}

func typeOf(t *Type) string {
	if t == nil {
		return "(?)"
	}
	return "(" + t.String() + ")"
}

func clauseText(m *Map) string {
	return m.Clause.String() + "(" + m.Text + ")"
}

func (p *printer) construct(c *Construct) {
	var h fields
	h.add("construct " + c.Kind.String())
	if c.Kind == Compute && c.Region != nil {
		h.add(c.Region.Kind.String())
	}
	pos := p.lines.Pos(c.Pos)
	h.add(fmt.Sprintf("at %s:%d:%d", pos.File, pos.Line, pos.Col))
	if c.Func != "" {
		h.add("in " + c.Func)
	}
	if c.Line != c.Pos.Line {
		h.add(fmt.Sprintf("line=%d", p.ln(c.Line)))
	}
	h.flag(c.Global, "global")
	h.flag(c.Finalize, "finalize")
	h.flag(c.IfPresent, "if_present")
	p.line("%s", h)
	p.depth++
	defer func() { p.depth-- }()
	p.maps = c.Maps

	rng := fmt.Sprintf("range dir=[%d,%d)", c.DirStart, c.DirEnd)
	if c.StmtEnd > 0 {
		rng += fmt.Sprintf(" stmt=[%d,%d)", c.StmtStart, c.StmtEnd)
	}
	p.line("%s func=%d", rng, c.FuncStart)
	if c.If != nil {
		p.line("if %s", Format(c.If, nil))
	}
	if c.Self != nil {
		p.line("self %s", Format(c.Self, nil))
	}
	if c.Async != nil {
		p.line("%s", strings.TrimSpace("async "+Format(c.Async.Queue, nil)))
	}
	if c.WaitAll {
		p.line("wait all")
	}
	if len(c.Waits) > 0 {
		p.line("wait %s", formatList(c.Waits))
	}
	for _, kv := range [][2]string{{"devnum", Format(c.DevNum, nil)}, {"device_type", c.DeviceType.String()},
		{"default_async", Format(c.DefaultAsync, nil)}} {
		if kv[1] != "" {
			p.line("%s %s", kv[0], kv[1])
		}
	}
	for _, u := range c.UseDevice {
		p.line("use_device %s", u.Name)
	}
	for _, m := range c.Maps {
		p.mapLine(m)
	}
	for _, u := range c.Updates {
		var f fields
		dir := "self"
		if u.Device {
			dir = "device"
		}
		f.add("update " + dir + " " + u.Text)
		f.kv("host", u.Section.HostAddr(nil))
		f.kv("bytes", u.Section.ByteLen(nil))
		f.flag(u.IfPresent, "if_present")
		f.kv("rows_off", u.Section.RowOff(nil))
		f.kv("rows_bytes", u.Section.RowLen(nil))
		p.line("%s", f)
		p.section(u.Section)
	}
	if c.Region != nil {
		p.region(c.Region)
	}
}

func (p *printer) mapLine(m *Map) {
	var f fields
	f.add("map " + clauseText(m))
	f.flag(m.Implicit, "implicit")
	if m.Mods != 0 {
		f.add("mods=" + m.Mods.String())
	}
	if m.Var != nil {
		f.add("var=" + m.Var.Name)
	}
	s := m.Section
	f.kv("minfo", s.MinfoText())
	if m.Clause != Deviceptr {
		f.kv("host", s.HostAddr(nil))
		f.kv("bytes", s.ByteLen(nil))
	}
	f.kv("rows_off", s.RowOff(nil))
	f.kv("rows_bytes", s.RowLen(nil))
	if m.AttachTo != nil {
		f.kv("attach_off", m.AttachTo.Offset(nil))
	}
	p.line("%s", f)
	p.section(s)
}

// section prints a map's or update's section, one level deeper.
func (p *printer) section(s *Section) {
	var f fields
	f.add("section")
	f.kv("base", Format(s.Base, nil))
	if s.Var != nil {
		f.add("var=" + s.Var.Name)
	}
	f.add("elem=" + typeOf(s.Elem))
	f.flag(s.Pointee, "pointee")
	f.flag(s.Rows, "rows")
	for _, d := range s.Dims {
		f.kv("dim", Format(d.Lo, nil)+":"+Format(d.Len, nil))
		f.flag(d.Whole, "whole")
		f.flag(d.Rest, "rest")
	}
	p.depth++
	p.line("%s", f)
	p.depth--
}

// mapRef names a map a variable refers to: its clause, and a note when it
// is not one of the construct's maps.
func (p *printer) mapRef(m *Map) string {
	for _, x := range p.maps {
		if x == m {
			return clauseText(m)
		}
	}
	return clauseText(m) + "(unlisted)"
}

func (p *printer) region(r *Region) {
	p.known = map[*Var]bool{}
	for _, v := range r.Vars {
		p.known[v] = true
	}
	gangs := Format(r.NumGangs, nil)
	for _, g := range r.NumGangsYZ {
		if g != nil {
			gangs += ", " + Format(g, nil)
		}
	}
	for _, kv := range [][2]string{{"num_gangs", gangs}, {"num_workers", Format(r.NumWorkers, nil)},
		{"vector_length", Format(r.VectorLength, nil)}} {
		if kv[1] != "" {
			p.line("%s %s", kv[0], kv[1])
		}
	}
	if len(r.Types) > 0 {
		var ts []string
		for _, t := range r.Types {
			ts = append(ts, t.String())
		}
		p.line("types %s", strings.Join(ts, ", "))
	}
	for _, v := range r.Vars {
		p.varLine(v)
	}
	if len(r.Privates) > 0 {
		p.line("private %s", names(r.Privates))
	}
	for _, red := range r.Reductions {
		p.line("reduction %s", reduction(red))
	}
	for _, k := range r.Kernels {
		p.kernel(k)
	}
}

func (p *printer) varLine(v *Var) {
	var f fields
	f.add("var " + v.Name + " " + typeOf(v.Type) + " " + v.Class.String())
	f.flag(v.Global, "global")
	f.flag(v.Construct, "construct")
	f.flag(v.Written, "written")
	f.flag(v.Restrict, "restrict")
	if v.Map != nil {
		f.add("map=" + p.mapRef(v.Map))
	}
	if s := v.Section; s != nil {
		f.add("section")
		f.kv("lo", Format(s.Dims[0].Lo, nil))
		f.kv("len", Format(s.Dims[0].Len, nil))
		f.flag(s.First, "first")
		if s.Src != nil {
			f.add("src=" + p.mapRef(s.Src))
		}
	}
	p.line("%s", f)
}

func reduction(r *Reduction) string {
	name := r.Name
	if r.Var != nil {
		name = r.Var.Name
	}
	if r.Section != nil {
		name = r.Section.String()
	}
	return r.Op.String() + ":" + name + " " + typeOf(r.Type)
}

func (p *printer) kernel(k *Kernel) {
	var f fields
	f.add(fmt.Sprintf("kernel %s line %d", k.Name, p.ln(k.Line)))
	f.flag(k.Serial, "serial")
	f.add(fmt.Sprintf("vector=%d workers=%d", k.Vector, k.Workers))
	if k.GangLoop != nil {
		f.add(fmt.Sprintf("gangloop=%d", p.ln(k.GangLoop.Line)))
	}
	if k.HostTrip {
		f.add(fmt.Sprintf("hosttrip per=%d", k.GangsPer))
	}
	if k.Block2DRows > 0 {
		f.add(fmt.Sprintf("block2d=%dx%d", Block2DWidth, k.Block2DRows))
	}
	if k.Split != nil {
		f.add(fmt.Sprintf("split=%d", p.ln(k.Split.Line)))
	}
	if k.Stage != nil {
		f.add(fmt.Sprintf("stage=%d bufs=%d", p.ln(k.Stage.Loop.Line), len(k.Stage.Bufs)))
	}
	p.line("%s", f)
	p.depth++
	defer func() { p.depth-- }()
	if len(k.Params) > 0 {
		p.line("params %s", names(k.Params))
	}
	if len(k.ReadOnly) > 0 {
		p.line("readonly %s", names(k.ReadOnly))
	}
	if len(k.Reductions) > 0 {
		var s []string
		for _, r := range k.Reductions {
			name := r.Name
			if r.Var != nil {
				name = r.Var.Name
			}
			s = append(s, r.Op.String()+":"+name)
		}
		p.line("reductions %s", strings.Join(s, " "))
	}
	if len(k.Privates) > 0 {
		p.line("privates %s", names(k.Privates))
	}
	for _, d := range k.Disjoint {
		p.line("disjoint %s %s", d[0].Name, d[1].Name)
	}
	if k.Fallback != nil {
		p.line("fallback %s", k.Fallback.Name)
	}
	p.body(k.Body)
}

func (p *printer) body(ns []Node) {
	for _, n := range ns {
		switch x := n.(type) {
		case *Loop:
			p.loop(x)
		case *Stmt:
			p.stmt(x)
		case nil:
			p.line("<nil>")
		default:
			p.line("<%T>", x)
		}
	}
}

func (p *printer) loop(l *Loop) {
	var f fields
	f.add(fmt.Sprintf("loop line %d %s", p.ln(l.Line), l.Levels))
	f.flag(l.Seq, "seq")
	if l.VectorLength != 0 {
		f.add(fmt.Sprintf("vector(%d)", l.VectorLength))
	}
	if l.GangDim > 1 {
		f.add(fmt.Sprintf("dim(%d)", l.GangDim))
	}
	f.flag(l.Break, "break")
	f.flag(l.Continue, "continue")
	f.flag(l.Coalesce, "coalesce") // vector with the gang level
	f.flag(l.Index32, "index32")   // 32-bit counter and trip counts
	if l.Retile != nil {
		mask := "rectangle"
		if l.Retile.Mask != nil {
			mask = Format(l.Retile.Mask, nil)
		}
		f.add("retile(" + mask + ")")
	}
	p.line("%s", f)
	p.depth++
	defer func() { p.depth-- }()
	if l.Why.Kind != NoReason {
		p.line("why %s", l.Why.dump(p.ln))
	}
	if l.Detail.Kind != NoReason {
		p.line("detail %s", l.Detail.dump(p.ln))
	}
	for _, pair := range l.Versioned {
		p.line("versioned %s %s", pair[0].Name, pair[1].Name)
	}
	for _, iv := range l.Nest {
		var f fields
		name, typ := "?", "(?)"
		if iv.Var != nil {
			name, typ = iv.Var.Name, typeOf(iv.Var.Type)
		}
		f.add(fmt.Sprintf("nest %s %s line %d", name, typ, p.ln(iv.Line)))
		f.flag(iv.Declare, "declared")
		f.flag(iv.Never, "never")
		f.flag(iv.Local, "local")
		inc := "+="
		if iv.Down {
			inc = "-="
		}
		p.line("%s: %s = %s; %s %s %s; %s %s %s", f, name, Format(iv.Lo, nil), name, iv.Cmp, Format(iv.Hi, nil), name, inc, Format(iv.Step, nil))
	}
	if len(l.Tile) > 0 {
		var sizes []string
		for _, s := range l.Tile {
			sizes = append(sizes, fmt.Sprint(s))
		}
		p.line("tile %s", strings.Join(sizes, "x"))
	}
	for _, v := range l.Private {
		p.line("private %s", p.localRef(v))
	}
	for _, r := range l.Reduce {
		s := "reduce " + reduction(r)
		if r.Local {
			s += " local"
		}
		if r.Implicit {
			s += " implicit"
		}
		p.line("%s", s)
	}
	p.body(l.Body)
}

// localRef names a variable of a loop clause: one declared in the region
// (not among the region's variables) comes with its type.
func (p *printer) localRef(v *Var) string {
	if p.known[v] {
		return v.Name
	}
	return v.Name + " " + typeOf(v.Type) + " local"
}

func (p *printer) stmt(s *Stmt) {
	var f fields
	f.add(fmt.Sprintf("stmt line %d", p.ln(s.Line)))
	f.flag(s.Decl, "decl")
	if len(s.Names) > 0 {
		f.add("names=" + strings.Join(s.Names, ","))
	}
	if len(s.Writes) > 0 {
		f.add("writes=" + strings.ReplaceAll(names(s.Writes), " ", ","))
	}
	f.flag(s.MemWrite, "memwrite")
	if len(s.WritesThrough) > 0 {
		f.add("writes-through=" + strings.ReplaceAll(names(s.WritesThrough), " ", ","))
	}
	f.flag(s.WritesUnknown, "writes-unknown")
	if len(s.SeqLoops) > 0 {
		var ls []string
		for _, l := range s.SeqLoops {
			ls = append(ls, strconv.Itoa(l))
		}
		f.add("seqloops=" + strings.Join(ls, ","))
	}
	f.flag(s.Break, "break")
	f.flag(s.Continue, "continue")
	p.code(f.String(), ": ", s.Text())
	p.depth++
	defer func() { p.depth-- }()
	for _, l := range s.Locals {
		if l.Var == nil {
			continue
		}
		line := "local " + l.Var.Name + " " + typeOf(l.Var.Type)
		if l.Init != nil {
			p.code(line, " = ", Format(l.Init, nil))
			continue
		}
		p.line("%s", line)
	}
	if len(s.Accesses) > 0 {
		var as []string
		for _, a := range s.Accesses {
			t := a.String()
			if a.Element && !a.Affine && !a.Unknown {
				t += " non-affine"
			}
			as = append(as, t)
		}
		p.line("access %s", strings.Join(as, ", "))
	}
	p.body(s.Body)
}

// Text prints the statement's tree, or a Body statement's header, with
// variables by name and four spaces a level.
func (s *Stmt) Text() string {
	if s.Body != nil {
		return FormatHeader(s.Head, nil)
	}
	var b strings.Builder
	for i, l := range FormatStatement(s.Tree, nil) {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(strings.Repeat("    ", l.Depth) + l.Text)
	}
	return b.String()
}

// code writes head, then sep and the code when it fits on one line, or
// head and the code's lines below it, each after "| ".
func (p *printer) code(head, sep, code string) {
	code = strings.TrimSpace(code)
	if code == "" {
		p.line("%s", head)
		return
	}
	lines := strings.Split(code, "\n")
	if len(lines) == 1 {
		p.line("%s%s%s", head, sep, code)
		return
	}
	p.line("%s%s", head, strings.TrimRight(sep, " "))
	// The first line starts at its first token, without its indentation;
	// the others keep theirs relative to the least indented of them, which
	// is the first line's when it is a closing brace, else or while (the
	// statement's own level), else one step less.
	indent := -1
	for _, l := range lines[1:] {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if n := len(l) - len(strings.TrimLeft(l, " \t")); indent < 0 || n < indent {
			indent = n
		}
	}
	extra := "    "
	for _, l := range lines[1:] {
		t := strings.TrimLeft(l, " \t")
		if len(l)-len(t) == indent && (strings.HasPrefix(t, "}") || strings.HasPrefix(t, "else") || strings.HasPrefix(t, "while")) {
			extra = ""
		}
	}
	p.depth++
	defer func() { p.depth-- }()
	for i, l := range lines {
		l = strings.TrimRight(l, " \t\r")
		if i > 0 && l != "" {
			l = extra + l[indent:]
		}
		p.line("%s", strings.TrimRight("| "+strings.ReplaceAll(l, "\t", "    "), " "))
	}
}
