package directives

import (
	"fmt"
	"strings"

	"github.com/accc-compiler/accc/internal/diag"
)

// Options adjusts Parse.
type Options struct {
	// Expand, if set, macro-expands the tokens of one clause argument (the
	// tokens between the clause's parentheses) before they are parsed as C
	// expressions. Directive and clause names are never expanded, nor are
	// the keyword arguments of default, device_type and bind.
	Expand func(arg []Token) []Token
	// TypeName, if set, reports whether an identifier names a typedef, so
	// that (size_t)n parses as a cast.
	TypeName func(name string) bool
}

// A Directive is one parsed OpenACC directive.
type Directive struct {
	Kind    DirKind
	Pos     diag.Pos // the "acc" token
	NamePos diag.Pos // the directive name
	Clauses []*Clause

	Atomic   AtomicKind // DirAtomic: the form (update when none is written)
	Name     *Ident     // DirRoutine: routine(name), nil for the unnamed form
	Wait     *WaitArg   // DirWait: the argument, nil when absent
	Cache    []Expr     // DirCache: the variable list
	Readonly bool       // DirCache: cache(readonly: ...)

	// Legacy is the PGI Accelerator spelling this directive was translated
	// from ("region", "data region", "for"), or "" for OpenACC input.
	Legacy string
}

// A Clause is one clause of a directive. Which fields are set depends on
// the kind (see clauseTable).
type Clause struct {
	Kind     ClauseKind
	Pos      diag.Pos // the clause name
	Spelling string   // as written: "pcopyin", "dtype", "local"

	Args  []Expr      // expression arguments: async, if, self(cond), num_gangs..., device_num, default_async, collapse, tile (Star allowed), worker, vector, bind
	Vars  []Expr      // variable list: data clauses, private, reduction, update, use_device, ...
	Mods  Modifier    // data-clause modifiers
	Op    ReductionOp // reduction
	Force bool        // collapse(force: n)

	Default     DefaultKind // default(none|present)
	DeviceTypes []string    // device_type: "*" or names
	Gang        []GangArg   // gang arguments
	Wait        *WaitArg    // wait with an argument

	// Group is the device_type clause this clause follows on the same
	// directive, or nil when the clause applies to every device type.
	Group *Clause
}

// GangArgKind says which gang argument (§2.9.2) a GangArg is.
type GangArgKind uint8

const (
	GangNum GangArgKind = iota
	GangDim
	GangStatic
)

var gangArgNames = [...]string{GangNum: "num", GangDim: "dim", GangStatic: "static"}

// A GangArg is num:expr, dim:expr or static:(expr|*).
type GangArg struct {
	Kind GangArgKind
	Pos  diag.Pos
	X    Expr
}

// WaitArg is the argument of the wait directive and clause (§2.16):
// [devnum:int-expr:][queues:]int-expr-list.
type WaitArg struct {
	DevNum Expr
	Queues bool // "queues:" was written
	List   []Expr
}

// Clause returns the first clause of kind k, or nil.
func (d *Directive) Clause(k ClauseKind) *Clause {
	for _, c := range d.Clauses {
		if c.Kind == k {
			return c
		}
	}
	return nil
}

// ClausesOf returns the clauses of kind k in order.
func (d *Directive) ClausesOf(k ClauseKind) []*Clause {
	var cs []*Clause
	for _, c := range d.Clauses {
		if c.Kind == k {
			cs = append(cs, c)
		}
	}
	return cs
}

// parser parses the tokens of one directive.
type parser struct {
	cursor
	sink   diag.Sink
	opts   Options
	errs   int
	d      *Directive
	info   *dirInfo
	legacy *legacyInfo

	atomicSeen bool // an atomic form word was written
	dropped    bool // a clause was dropped for a syntax error or unknown name
}

// Parse parses one directive; toks[0] is "acc". Every problem is reported
// to sink at the offending token; Parse returns nil if any error was found.
// opts may be nil.
func Parse(toks []Token, sink diag.Sink, opts *Options) *Directive {
	p := &parser{cursor: cursor{toks: toks, end: endOf(toks)}, sink: sink}
	if opts != nil {
		p.opts = *opts
	}
	if len(toks) == 0 || toks[0].Text != "acc" {
		pos := diag.Pos{}
		if len(toks) > 0 {
			pos = toks[0].Pos
		}
		p.errorf(pos, diag.CodeDirectiveSyntax, "expected 'acc'")
		return nil
	}
	p.d = &Directive{Pos: toks[0].Pos}
	p.i = 1
	if !p.directiveName() {
		return nil
	}
	p.directiveArg()
	p.clauses()
	p.checkTable()
	if p.legacy != nil {
		p.translateLegacy()
	}
	if p.errs > 0 {
		return nil
	}
	return p.d
}

func (p *parser) report(pos diag.Pos, sev diag.Severity, code diag.Code, msg string) {
	if sev == diag.Error {
		p.errs++
	}
	if p.sink != nil {
		p.sink.Report(diag.Diagnostic{Pos: pos, Severity: sev, Code: code, Msg: msg})
	}
}

func (p *parser) errorf(pos diag.Pos, code diag.Code, format string, args ...any) {
	p.report(pos, diag.Error, code, fmt.Sprintf(format, args...))
}

func (p *parser) warnf(pos diag.Pos, code diag.Code, format string, args ...any) {
	p.report(pos, diag.Warning, code, fmt.Sprintf(format, args...))
}

func (p *parser) describe() string {
	if p.atEnd() {
		return "end of directive"
	}
	return "'" + p.peek() + "'"
}

// directiveName reads the one- or two-word directive name.
func (p *parser) directiveName() bool {
	if p.atEnd() {
		p.errorf(p.pos(), diag.CodeDirectiveSyntax, "expected OpenACC directive name after 'acc'")
		return false
	}
	t := p.toks[p.i]
	if !isIdent(t.Text) {
		p.errorf(t.Pos, diag.CodeDirectiveSyntax, "expected OpenACC directive name, found '%s'", t.Text)
		return false
	}
	p.d.NamePos = t.Pos
	p.i++
	name := t.Text
	switch name {
	case "enter", "exit":
		if p.peek() != "data" {
			p.errorf(p.pos(), diag.CodeDirectiveSyntax, "expected 'data' after '%s', found %s", name, p.describe())
			return false
		}
		p.i++
		name += " data"
	case "parallel", "serial", "kernels":
		if p.peek() == "loop" {
			p.i++
			name += " loop"
		}
	}
	if l := legacyDirective(name, p.peek()); l != nil {
		p.legacy = l
		p.i += l.words - 1
		p.d.Kind = l.kind
		p.d.Legacy = l.name
		p.info = &dirTable[l.kind]
		return true
	}
	k, ok := dirByName[name]
	if !ok {
		p.errorf(t.Pos, diag.CodeDirectiveUnknown, "unknown OpenACC directive '%s'", name)
		return false
	}
	p.d.Kind = k
	p.info = &dirTable[k]
	return true
}

// directiveArg parses the parenthesised argument of routine, cache and wait.
func (p *parser) directiveArg() {
	d := p.d
	switch d.Kind {
	case DirRoutine:
		if p.peek() != "(" {
			return
		}
		p.withArg(true, func(e *exprParser) {
			t := e.pos()
			if !isIdent(e.peek()) || e.atEnd() {
				e.fail(t, "expected function name in 'routine', found %s", e.describe())
			}
			d.Name = &Ident{NamePos: t, Name: e.next().Text}
		})
	case DirCache:
		if p.peek() != "(" {
			p.errorf(p.pos(), diag.CodeClauseSyntax, "expected '(' after 'cache', found %s", p.describe())
			return
		}
		p.withArg(true, func(e *exprParser) {
			if e.peek() == "readonly" && e.peekAt(1) == ":" {
				e.i += 2
				d.Readonly = true
			}
			d.Cache = e.varList()
		})
	case DirWait:
		if p.peek() != "(" {
			return
		}
		p.withArg(true, func(e *exprParser) { d.Wait = e.waitArg() })
	}
}

// withArg parses the parenthesised argument at the next token with f; it
// reports a missing ')' and any syntax error, and returns false on error.
func (p *parser) withArg(expand bool, f func(*exprParser)) (ok bool) {
	open := p.i
	var stack []string
	close := -1
	for j := open; j < len(p.toks) && close < 0; j++ {
		switch t := p.toks[j].Text; t {
		case "(":
			stack = append(stack, ")")
		case "[":
			stack = append(stack, "]")
		case "{":
			stack = append(stack, "}")
		case ")", "]", "}":
			if want := stack[len(stack)-1]; t != want {
				p.errorf(p.toks[j].Pos, diag.CodeClauseSyntax, "expected '%s', found '%s'", want, t)
				p.i, p.dropped = len(p.toks), true
				return false
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				close = j
			}
		}
	}
	if close < 0 {
		p.errorf(p.end, diag.CodeClauseSyntax, "expected ')' after clause argument")
		p.i, p.dropped = len(p.toks), true
		return false
	}
	p.i = close + 1
	arg := p.toks[open+1 : close]
	if expand && p.opts.Expand != nil {
		arg = p.opts.Expand(append([]Token(nil), arg...))
	}
	e := &exprParser{cursor: cursor{toks: arg, end: p.toks[close].Pos}, isType: p.opts.TypeName}
	defer func() {
		if r := recover(); r != nil {
			se, isSyntax := r.(syntaxError)
			if !isSyntax {
				panic(r)
			}
			p.errorf(se.pos, diag.CodeClauseSyntax, "%s", se.msg)
			p.dropped = true
			ok = false
		}
	}()
	f(e)
	if !e.atEnd() {
		e.fail(e.pos(), "expected ')' after clause argument")
	}
	return true
}

// clauses parses the clause list: clauses separated by white space or a
// comma (§2.1).
func (p *parser) clauses() {
	first := true
	for !p.atEnd() {
		if !first && p.peek() == "," {
			p.i++
			if p.atEnd() {
				p.errorf(p.pos(), diag.CodeClauseSyntax, "expected clause name after ','")
				return
			}
		}
		first = false
		t := p.toks[p.i]
		if !isIdent(t.Text) {
			p.errorf(t.Pos, diag.CodeClauseSyntax, "expected clause name, found '%s'", t.Text)
			p.dropped = true
			return
		}
		p.i++
		if p.d.Kind == DirAtomic {
			if k, ok := atomicKind(t.Text); ok {
				if p.d.Atomic != AtomicUpdate || p.atomicSeen {
					p.errorf(t.Pos, diag.CodeClauseNotAllowed, "'atomic' takes at most one of 'read', 'write', 'update' or 'capture'")
				}
				p.d.Atomic, p.atomicSeen = k, true
				continue
			}
		}
		if p.legacy != nil {
			if kind, done := p.legacyClause(t); done {
				continue
			} else if kind != ClauseInvalid {
				p.clause(t, kind)
				continue
			}
		}
		if sunwayClauses[t.Text] {
			p.errorf(t.Pos, diag.CodeSunwayUnsupported, "clause '%s' is a Sunway OpenACC* extension, not supported on CUDA targets", t.Text)
			p.skipArg()
			continue
		}
		k, ok := clauseByName[t.Text]
		if !ok {
			p.errorf(t.Pos, diag.CodeClauseUnknown, "unknown clause '%s'", t.Text)
			p.dropped = true
			p.skipArg()
			continue
		}
		p.clause(t, k)
	}
}

func atomicKind(s string) (AtomicKind, bool) {
	for k, n := range atomicNames {
		if n == s {
			return AtomicKind(k), true
		}
	}
	return 0, false
}

// skipArg skips a parenthesised argument, if any.
func (p *parser) skipArg() {
	if p.peek() == "(" {
		p.withArg(false, func(e *exprParser) { e.i = len(e.toks) })
	}
}

// clause parses clause k whose name token is t.
func (p *parser) clause(t Token, k ClauseKind) {
	c := &Clause{Kind: k, Pos: t.Pos, Spelling: t.Text}
	if !p.info.allowed.has(k) {
		p.errorf(t.Pos, diag.CodeClauseNotAllowed, "clause '%s' is not allowed on '%s'", t.Text, p.dirName())
		p.skipArg()
		return
	}
	form := clauseTable[k].arg
	if k == ClauseSelf && p.d.Kind == DirUpdate {
		form = argVars
	}
	hasArg := p.peek() == "("
	switch form {
	case argNone:
		if hasArg {
			p.errorf(p.pos(), diag.CodeClauseSyntax, "clause '%s' takes no argument", t.Text)
			p.skipArg()
			p.dropped = true
			return
		}
	case argOptInt, argSelf, argGang, argWorker, argVector, argWait:
		// the argument is optional
	default:
		if !hasArg {
			p.errorf(p.pos(), diag.CodeClauseSyntax, "expected '(' after '%s', found %s", t.Text, p.describe())
			p.dropped = true
			return
		}
	}
	if hasArg && form != argNone {
		expand := form != argDefault && form != argDeviceType && form != argBind
		if !p.withArg(expand, func(e *exprParser) { p.clauseArg(e, c, form) }) {
			return
		}
	}
	p.d.Clauses = append(p.d.Clauses, c)
}

func (p *parser) dirName() string {
	if p.d.Legacy != "" {
		return p.d.Legacy
	}
	return p.d.Kind.String()
}

// clauseArg parses the argument of c between its parentheses.
func (p *parser) clauseArg(e *exprParser, c *Clause, form argForm) {
	name := c.Spelling
	switch form {
	case argOptInt, argInt, argCond, argSelf:
		c.Args = []Expr{e.expr()}
	case argIntList:
		c.Args = e.exprList()
	case argVars:
		c.Vars = e.varList()
	case argModVars:
		c.Mods = e.modifiers(c)
		c.Vars = e.varList()
	case argReduction:
		t := e.pos()
		op := e.peek()
		if e.atEnd() || !reductionOps[op] {
			if e.atEnd() || op == ":" {
				e.fail(t, "expected reduction operator in 'reduction'")
			}
			e.fail(t, "unknown reduction operator '%s'", op)
		}
		e.next()
		c.Op = ReductionOp(op)
		e.expect(":", "after reduction operator")
		c.Vars = e.varList()
	case argDefault:
		t := e.pos()
		switch e.peek() {
		case "none":
			c.Default = DefaultNone
		case "present":
			c.Default = DefaultPresent
		default:
			e.fail(t, "expected 'none' or 'present' in 'default', found %s", e.describe())
		}
		e.next()
	case argDeviceType:
		for {
			t := e.pos()
			s := e.peek()
			switch {
			case s == "*" && !e.atEnd():
			case isIdent(s) && !e.atEnd():
				if !knownDeviceTypes[s] {
					p.warnf(t, diag.CodeDeviceTypeUnknown, "unknown device type '%s'; clauses for it are ignored", s)
				}
			default:
				e.fail(t, "expected device type name or '*' in '%s', found %s", name, e.describe())
			}
			e.next()
			c.DeviceTypes = append(c.DeviceTypes, s)
			if !e.got(",") {
				break
			}
		}
	case argCollapse:
		if e.peek() == "force" && e.peekAt(1) == ":" {
			e.i += 2
			c.Force = true
		}
		c.Args = []Expr{e.expr()}
	case argGang:
		c.Gang = e.gangArgs()
	case argWorker, argVector:
		kw := "num"
		if form == argVector {
			kw = "length"
		}
		if e.peek() == kw && e.peekAt(1) == ":" {
			e.i += 2
		}
		c.Args = []Expr{e.expr()}
	case argTile:
		for {
			if e.peek() == "*" && (e.peekAt(1) == "," || e.i+1 == len(e.toks)) {
				c.Args = append(c.Args, &Star{StarPos: e.next().Pos})
			} else {
				c.Args = append(c.Args, e.expr())
			}
			if !e.got(",") {
				break
			}
		}
	case argWait:
		c.Wait = e.waitArg()
	case argBind:
		t := e.pos()
		s := e.peek()
		switch {
		case isIdent(s) && !e.atEnd():
			c.Args = []Expr{&Ident{NamePos: t, Name: s}}
		case strings.HasPrefix(s, `"`) && isQuoted(s):
			c.Args = []Expr{&Lit{ValuePos: t, Kind: LitString, Value: s}}
		default:
			e.fail(t, "expected name or string in 'bind', found %s", e.describe())
		}
		e.next()
	}
}

// exprList parses expr {, expr}.
func (e *exprParser) exprList() []Expr {
	var xs []Expr
	for {
		xs = append(xs, e.expr())
		if !e.got(",") {
			return xs
		}
	}
}

// varList parses var {, var} (§2.7.1).
func (e *exprParser) varList() []Expr {
	var xs []Expr
	for {
		xs = append(xs, e.varItem())
		if !e.got(",") {
			return xs
		}
	}
}

// modifiers parses an optional "modifier, ...:" prefix of a data clause.
// A ':' outside brackets marks the prefix, so a variable named like a
// modifier still parses as a variable.
func (e *exprParser) modifiers(c *Clause) Modifier {
	depth, colon := 0, -1
	for j := e.i; j < len(e.toks) && colon < 0; j++ {
		switch e.toks[j].Text {
		case "(", "[":
			depth++
		case ")", "]":
			depth--
		case ":":
			if depth == 0 {
				colon = j
			}
		}
	}
	if colon < 0 {
		return 0
	}
	var m Modifier
	for e.i < colon {
		t := e.next()
		found := Modifier(0)
		for _, mn := range modifierNames {
			if mn.name == t.Text {
				found = mn.m
			}
		}
		switch {
		case found == 0:
			e.fail(t.Pos, "unknown modifier '%s' in '%s'", t.Text, c.Spelling)
		case clauseTable[c.Kind].mods&found == 0:
			e.fail(t.Pos, "modifier '%s' is not allowed on '%s'", t.Text, c.Spelling)
		case m&found != 0:
			e.fail(t.Pos, "modifier '%s' appears more than once", t.Text)
		}
		m |= found
		if e.i < colon {
			e.expect(",", "between modifiers")
			if e.i == colon {
				e.fail(e.pos(), "expected modifier after ','")
			}
		}
	}
	e.next() // ':'
	return m
}

// gangArgs parses gang-arg {, gang-arg} (§2.9.2): [num:]int-expr,
// dim:int-expr, static:(size-expr|*).
func (e *exprParser) gangArgs() []GangArg {
	var args []GangArg
	var seen [3]bool
	for {
		t := e.pos()
		kind := GangNum
		if e.peekAt(1) == ":" {
			switch e.peek() {
			case "num":
				kind = GangNum
			case "dim":
				kind = GangDim
			case "static":
				kind = GangStatic
			default:
				e.fail(t, "unknown 'gang' argument '%s'", e.peek())
			}
			e.i += 2
		}
		if seen[kind] {
			e.fail(t, "'%s' argument appears more than once in 'gang'", gangArgNames[kind])
		}
		seen[kind] = true
		var x Expr
		if kind == GangStatic && e.peek() == "*" && (e.peekAt(1) == "," || e.i+1 == len(e.toks)) {
			x = &Star{StarPos: e.next().Pos}
		} else {
			x = e.expr()
		}
		args = append(args, GangArg{Kind: kind, Pos: t, X: x})
		if !e.got(",") {
			return args
		}
	}
}

// waitArg parses [devnum:int-expr:][queues:]int-expr-list (§2.16).
func (e *exprParser) waitArg() *WaitArg {
	w := &WaitArg{}
	if e.peek() == "devnum" && e.peekAt(1) == ":" {
		e.i += 2
		w.DevNum = e.expr()
		e.expect(":", "after devnum expression")
	}
	if e.peek() == "queues" && e.peekAt(1) == ":" {
		e.i += 2
		w.Queues = true
	}
	w.List = e.exprList()
	return w
}

// checkTable applies the directive table: device_type groups, at-most-once
// clauses, exclusive pairs, required clauses and per-construct argument
// restrictions.
func (p *parser) checkTable() {
	d, info := p.d, p.info
	type key struct {
		group *Clause
		kind  ClauseKind
	}
	seen := map[key]*Clause{}
	var group *Clause
	var present clauseSet
	for _, c := range d.Clauses {
		present |= set(c.Kind)
		if c.Kind == ClauseDeviceType && info.afterDT != 0 {
			group = c
			continue
		}
		if group != nil && !info.afterDT.has(c.Kind) {
			p.errorf(c.Pos, diag.CodeClauseNotAllowed, "clause '%s' may not follow 'device_type' on '%s'", c.Spelling, p.dirName())
			continue
		}
		c.Group = group
		k := key{group, c.Kind}
		if prev := seen[k]; prev != nil && info.once.has(c.Kind) {
			p.errorf(c.Pos, diag.CodeClauseNotAllowed, "clause '%s' may appear at most once on '%s'", c.Spelling, p.dirName())
		}
		for _, x := range exclusive {
			if x.routine && d.Kind != DirRoutine {
				continue
			}
			other := ClauseInvalid
			switch c.Kind {
			case x.a:
				other = x.b
			case x.b:
				other = x.a
			}
			if prev := seen[key{group, other}]; other != ClauseInvalid && prev != nil {
				p.errorf(c.Pos, diag.CodeClauseConflict, "clauses '%s' and '%s' are mutually exclusive", prev.Spelling, c.Spelling)
			}
		}
		if seen[k] == nil {
			seen[k] = c
		}
		p.checkArgs(c)
	}
	switch {
	case info.required == 0 || present&info.required != 0 || p.dropped:
	case d.Kind == DirRoutine:
		// §2.15.1 asks for a level; GCC and Flang take seq, as lower does.
		p.warnf(d.NamePos, diag.CodeRoutineSeq, "'routine' without 'gang', 'worker', 'vector' or 'seq' is taken as 'routine seq'")
	default:
		p.errorf(d.NamePos, diag.CodeClauseRequired, "%s", requiredMsg(d.Kind, info.required))
	}
}

// requiredMsg says which clauses directive k needs.
func requiredMsg(k DirKind, req clauseSet) string {
	switch k {
	case DirData:
		return "'data' requires at least one data clause or 'default'"
	case DirDeclare:
		return "'declare' requires at least one data clause"
	}
	var names []string
	for c := ClauseKind(1); c < numClauseKinds; c++ {
		if req.has(c) {
			names = append(names, "'"+c.String()+"'")
		}
	}
	if len(names) == 1 {
		return fmt.Sprintf("'%s' requires a %s clause", k, names[0])
	}
	return fmt.Sprintf("'%s' requires at least one of %s or %s", k, strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}

// checkArgs applies argument rules that depend on the construct.
func (p *parser) checkArgs(c *Clause) {
	k := p.d.Kind
	name := p.dirName()
	switch c.Kind {
	case ClauseNumGangs:
		// §2.5.10: up to three arguments on parallel, one on kernels.
		max := 3
		if k == DirKernels || k == DirKernelsLoop {
			max = 1
		}
		if len(c.Args) > max {
			p.errorf(c.Args[max].Pos(), diag.CodeClauseSyntax, "'num_gangs' takes at most %d argument%s on '%s'", max, plural(max), name)
		}
	case ClauseGang:
		for _, g := range c.Gang {
			bad := false
			switch {
			case k == DirRoutine:
				bad = g.Kind != GangDim // §2.15.1: gang[(dim:int-expr)]
			case g.Kind == GangNum:
				bad = k == DirParallelLoop || k == DirSerialLoop // §2.9.2: num only inside kernels
			case g.Kind == GangDim:
				bad = k == DirKernelsLoop || k == DirSerialLoop // §2.9.2: dim only inside parallel or orphaned
			}
			if bad {
				p.errorf(g.Pos, diag.CodeClauseNotAllowed, "'%s' argument of 'gang' is not allowed on '%s'", gangArgNames[g.Kind], name)
			}
		}
	case ClauseWorker, ClauseVector:
		// §2.9.3, §2.9.4: the argument is allowed only within kernels; §2.15.1: none on routine.
		if len(c.Args) > 0 && (k == DirParallelLoop || k == DirSerialLoop || k == DirRoutine) {
			p.errorf(c.Args[0].Pos(), diag.CodeClauseNotAllowed, "argument of '%s' is not allowed on '%s'", c.Spelling, name)
		}
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
