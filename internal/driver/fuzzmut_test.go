package driver

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// FuzzBackend's inputs are a program and a list of mutations: the fuzzer
// changes both, and the mutations are OpenACC edits (swap a directive's
// kind, add, remove, copy or change a clause, put a directive before a loop
// or a statement, change a loop's bounds or step, stack or drop
// directives), so that most mutated programs are still C with directives
// the frontend takes and the back end is reached, rather than byte noise
// the parser rejects.

// maxMutations bounds the edits one input makes.
const maxMutations = 8

// mutator applies the mutations that ops describes to a program's lines.
// It reads ops as a stream of bytes: each mutation is an opcode and its
// choices; a stream that runs out reads as zeros.
type mutator struct {
	lines []string
	ops   []byte
	next  int
	at    int // the line whose variables clause arguments name
}

// mutateProgram returns src with the mutations of ops applied.
func mutateProgram(src string, ops []byte) string {
	if len(ops) == 0 {
		return src
	}
	m := &mutator{lines: joinContinuations(strings.Split(src, "\n")), ops: ops}
	for n := 0; n < maxMutations && m.next < len(m.ops); n++ {
		m.apply()
	}
	return strings.Join(m.lines, "\n")
}

// joinContinuations joins directive lines continued with a backslash.
func joinContinuations(lines []string) []string {
	var out []string
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		for strings.HasPrefix(strings.TrimSpace(l), "#") && strings.HasSuffix(l, "\\") && i+1 < len(lines) {
			i++
			l = strings.TrimSuffix(l, "\\") + " " + strings.TrimSpace(lines[i])
		}
		out = append(out, l)
	}
	return out
}

func (m *mutator) byte() int {
	if m.next >= len(m.ops) {
		return 0
	}
	b := m.ops[m.next]
	m.next++
	return int(b)
}

// pick chooses one of n things (n > 0) with one byte, or two past 256.
func (m *mutator) pick(n int) int {
	if n <= 1 {
		return 0
	}
	v := m.byte()
	if n > 256 {
		v = v<<8 | m.byte()
	}
	return v % n
}

func (m *mutator) choose(xs []string) string { return xs[m.pick(len(xs))] }

// apply performs the next mutation.
func (m *mutator) apply() {
	switch m.byte() % 13 {
	case 0:
		m.swapKind()
	case 1, 2:
		m.addClause()
	case 3:
		m.removeClause()
	case 4:
		m.insertBeforeLoop()
	case 5:
		m.changeLoop()
	case 6:
		m.deletePragma()
	case 7:
		m.stackPragma()
	case 8:
		m.insertStandalone()
	case 9:
		m.changeNumber()
	case 10:
		m.insertRoutine()
	case 11:
		m.insertAtomic()
	case 12:
		m.copyClause()
	}
}

var (
	pragmaLine = regexp.MustCompile(`^(\s*)#\s*pragma\s+acc\b\s*(.*)$`)
	forLine    = regexp.MustCompile(`^(\s*)for\s*\(([^;]*);([^;]*);(.*)\)(.*)$`)
	funcLine   = regexp.MustCompile(`^[A-Za-z_][\w \t\*]*\b[A-Za-z_]\w*\s*\([^;]*\)\s*\{?\s*$`)
	identRE    = regexp.MustCompile(`\b[A-Za-z_]\w*\b`)
	numberRE   = regexp.MustCompile(`\b\d+\b`)
	comment    = regexp.MustCompile(`/\*.*?\*/`)
)

// indices returns the numbers of the lines that match re.
func (m *mutator) indices(re *regexp.Regexp) []int {
	var out []int
	for i, l := range m.lines {
		if re.MatchString(l) {
			out = append(out, i)
		}
	}
	return out
}

// pickLine chooses one of the lines that match re; false if none does.
func (m *mutator) pickLine(re *regexp.Regexp) (int, bool) {
	ls := m.indices(re)
	if len(ls) == 0 {
		return 0, false
	}
	return ls[m.pick(len(ls))], true
}

// statementLines are the lines inside functions where a statement may
// start: indented lines after a line that ends a statement or opens or
// closes a block.
func (m *mutator) statementLines() []int {
	var out []int
	for i := 1; i < len(m.lines); i++ {
		l, prev := m.lines[i], strings.TrimSpace(m.lines[i-1])
		if l == "" || (l[0] != ' ' && l[0] != '\t') || strings.HasPrefix(strings.TrimSpace(l), "#") ||
			strings.HasPrefix(strings.TrimSpace(l), "}") || strings.HasPrefix(strings.TrimSpace(l), "else") {
			continue
		}
		if strings.HasSuffix(prev, ";") || strings.HasSuffix(prev, "{") || strings.HasSuffix(prev, "}") {
			out = append(out, i)
		}
	}
	return out
}

func (m *mutator) insert(at int, line string) {
	m.lines = append(m.lines[:at], append([]string{line}, m.lines[at:]...)...)
}

// indentOf returns line's leading white space.
func indentOf(line string) string {
	return line[:len(line)-len(strings.TrimLeft(line, " \t"))]
}

// directive is a pragma line split into its kind ("parallel loop") and
// its clauses, each as written.
type directive struct {
	indent  string
	kind    string
	clauses []string
}

// directiveWords continue a directive's kind after its first word.
var directiveWords = map[string]bool{"loop": true, "data": true, "region": true, "update": true,
	"read": true, "write": true, "capture": true, "compare": true}

func parseDirective(line string) (directive, bool) {
	sm := pragmaLine.FindStringSubmatch(line)
	if sm == nil {
		return directive{}, false
	}
	d := directive{indent: sm[1]}
	text, _, _ := strings.Cut(sm[2], "//") // the seeds' // want comments
	items := splitClauses(comment.ReplaceAllString(text, " "))
	for i, it := range items {
		if i == 0 || len(d.clauses) == 0 && directiveWords[it] && !strings.HasPrefix(d.kind, "atomic update") {
			if d.kind != "" {
				d.kind += " "
			}
			d.kind += it
			continue
		}
		d.clauses = append(d.clauses, it)
	}
	return d, true
}

func (d directive) String() string {
	s := d.indent + "#pragma acc " + d.kind
	if len(d.clauses) > 0 {
		s += " " + strings.Join(d.clauses, " ")
	}
	return s
}

// splitClauses splits a directive's text at the blanks and commas outside
// parentheses.
func splitClauses(s string) []string {
	var out []string
	depth, start := 0, -1
	for i := 0; i <= len(s); i++ {
		c := byte(' ')
		if i < len(s) {
			c = s[i]
		}
		switch {
		case c == '(':
			depth++
		case c == ')' && depth > 0:
			depth--
		case depth == 0 && (c == ' ' || c == '\t' || c == ','):
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	return out
}

var (
	// The kinds swapKind exchanges, in groups of kinds that take the
	// same statements.
	kindGroups = [][]string{
		{"parallel", "kernels", "serial", "parallel loop", "kernels loop", "serial loop", "loop", "data", "region", "host_data"},
		{"atomic", "atomic update", "atomic capture", "atomic read", "atomic write"},
		{"update", "enter data", "exit data", "wait", "init", "shutdown", "set"},
		{"routine seq", "routine vector", "routine worker", "routine gang"},
	}
	reductionOps = []string{"+", "*", "max", "min", "&", "|", "^", "&&", "||"}
	numbers      = []string{"0", "1", "2", "3", "4", "8", "32", "128", "1024", "-1", "n"}
)

// variable chooses a variable declared before line m.at, in its function
// or at file scope.
func (m *mutator) variable() string {
	vs := m.varsAt(m.at)
	if len(vs) == 0 {
		return "x"
	}
	return vs[m.pick(len(vs))].name
}

// array chooses an array or a pointer declared before line m.at, or any
// variable if there is none.
func (m *mutator) array() string {
	var as []string
	for _, v := range m.varsAt(m.at) {
		if v.array {
			as = append(as, v.name)
		}
	}
	if len(as) == 0 {
		return m.variable()
	}
	return m.choose(as)
}

// varsAt returns the variables declared at file scope and in the function
// around line at, before it.
func (m *mutator) varsAt(at int) []progVar {
	at = min(at, len(m.lines))
	start := 0
	for i := at - 1; i >= 0; i-- {
		if funcLine.MatchString(m.lines[i]) {
			start = i
			break
		}
	}
	var lines []string
	for _, l := range m.lines[:start] {
		if l != "" && l[0] != ' ' && l[0] != '\t' && l[0] != '}' {
			lines = append(lines, l)
		}
	}
	return programVars(strings.Join(append(lines, m.lines[start:at]...), "\n"))
}

// number chooses a small number, or an expression of a variable.
func (m *mutator) number() string {
	n := m.choose(numbers)
	if n == "n" {
		return m.variable()
	}
	return n
}

// data chooses a clause argument: a variable or a section of it.
func (m *mutator) data() string {
	switch m.byte() % 6 {
	case 0:
		return m.array() + "[0:" + m.number() + "]"
	case 1:
		return m.array() + "[:" + m.number() + "]"
	case 2:
		return m.array() + "[" + m.number() + ":" + m.number() + "]"
	case 3:
		return m.array() + ", " + m.variable()
	case 4:
		return m.array()
	}
	return m.variable()
}

// clauseMakers make the clauses the mutations add, by name.
var clauseMakers = map[string]func(m *mutator) string{
	"private":      func(m *mutator) string { return "private(" + m.variable() + ")" },
	"private2":     func(m *mutator) string { return "private(" + m.variable() + ", " + m.variable() + ")" },
	"firstprivate": func(m *mutator) string { return "firstprivate(" + m.variable() + ")" },
	"reduction":    func(m *mutator) string { return "reduction(" + m.choose(reductionOps) + ":" + m.variable() + ")" },
	"collapse":     func(m *mutator) string { return "collapse(" + m.number() + ")" },
	"collapseF":    func(m *mutator) string { return "collapse(force:" + m.number() + ")" },
	"tile":         func(m *mutator) string { return "tile(" + m.number() + ")" },
	"tile2":        func(m *mutator) string { return "tile(*, " + m.number() + ")" },
	"async":        func(m *mutator) string { return "async" },
	"asyncN":       func(m *mutator) string { return "async(" + m.number() + ")" },
	"wait":         func(m *mutator) string { return "wait" },
	"waitN":        func(m *mutator) string { return "wait(" + m.number() + ")" },
	"gang":         func(m *mutator) string { return "gang" },
	"gangNum":      func(m *mutator) string { return "gang(num:" + m.number() + ")" },
	"gangStatic":   func(m *mutator) string { return "gang(static:" + m.choose([]string{"*", "2", "n"}) + ")" },
	"gangDim":      func(m *mutator) string { return "gang(dim:" + m.number() + ")" },
	"worker":       func(m *mutator) string { return "worker" },
	"workerN":      func(m *mutator) string { return "worker(" + m.number() + ")" },
	"vector":       func(m *mutator) string { return "vector" },
	"vectorN":      func(m *mutator) string { return "vector(" + m.number() + ")" },
	"seq":          func(m *mutator) string { return "seq" },
	"independent":  func(m *mutator) string { return "independent" },
	"auto":         func(m *mutator) string { return "auto" },
	"num_gangs":    func(m *mutator) string { return "num_gangs(" + m.number() + ")" },
	"num_workers":  func(m *mutator) string { return "num_workers(" + m.number() + ")" },
	"vector_length": func(m *mutator) string {
		return "vector_length(" + m.number() + ")"
	},
	"if":          func(m *mutator) string { return "if(" + m.variable() + ")" },
	"if0":         func(m *mutator) string { return "if(0)" },
	"self":        func(m *mutator) string { return "self" },
	"defaultNone": func(m *mutator) string { return "default(none)" },
	"defaultPres": func(m *mutator) string { return "default(present)" },
	"copy":        func(m *mutator) string { return "copy(" + m.data() + ")" },
	"copyin":      func(m *mutator) string { return "copyin(" + m.data() + ")" },
	"copyinRO":    func(m *mutator) string { return "copyin(readonly: " + m.data() + ")" },
	"copyout":     func(m *mutator) string { return "copyout(" + m.data() + ")" },
	"copyoutZero": func(m *mutator) string { return "copyout(zero: " + m.data() + ")" },
	"create":      func(m *mutator) string { return "create(" + m.data() + ")" },
	"present":     func(m *mutator) string { return "present(" + m.data() + ")" },
	"no_create":   func(m *mutator) string { return "no_create(" + m.data() + ")" },
	"deviceptr":   func(m *mutator) string { return "deviceptr(" + m.variable() + ")" },
	"attach":      func(m *mutator) string { return "attach(" + m.variable() + ")" },
	"detach":      func(m *mutator) string { return "detach(" + m.variable() + ")" },
	"delete":      func(m *mutator) string { return "delete(" + m.data() + ")" },
	"finalize":    func(m *mutator) string { return "finalize" },
	"if_present":  func(m *mutator) string { return "if_present" },
	"selfData":    func(m *mutator) string { return "self(" + m.data() + ")" },
	"host":        func(m *mutator) string { return "host(" + m.data() + ")" },
	"device":      func(m *mutator) string { return "device(" + m.data() + ")" },
	"use_device":  func(m *mutator) string { return "use_device(" + m.variable() + ")" },
	"nohost":      func(m *mutator) string { return "nohost" },
	"dtype":       func(m *mutator) string { return "device_type(" + m.choose([]string{"nvidia", "*", "host"}) + ")" },
}

// clauseNames lists the clauses that suit each kind of directive (OpenACC
// 3.4 §2.5.4, §2.6.5, §2.9, §2.12, §2.14): mostly those the construct
// allows, so that mutated programs pass the directive checks.
var (
	dataClauseNames    = []string{"copy", "copyin", "copyinRO", "copyout", "copyoutZero", "create", "present", "no_create", "deviceptr", "attach"}
	computeClauseNames = append([]string{"async", "asyncN", "wait", "waitN", "num_gangs", "num_workers", "vector_length",
		"if", "if0", "self", "defaultNone", "defaultPres", "reduction", "private", "private2", "firstprivate", "dtype"}, dataClauseNames...)
	kernelsClauseNames = append([]string{"async", "asyncN", "wait", "waitN", "num_gangs", "num_workers", "vector_length",
		"if", "if0", "self", "defaultNone", "defaultPres", "dtype"}, dataClauseNames...)
	loopClauseNames = []string{"collapse", "collapseF", "tile", "tile2", "gang", "gangNum", "gangStatic", "gangDim",
		"worker", "workerN", "vector", "vectorN", "seq", "independent", "auto", "private", "private2", "reduction", "reduction", "dtype"}
	clauseNames = map[string][]string{
		"parallel":   computeClauseNames,
		"kernels":    kernelsClauseNames,
		"serial":     computeClauseNames,
		"region":     kernelsClauseNames,
		"loop":       loopClauseNames,
		"data":       append([]string{"if", "async", "asyncN", "wait", "waitN", "defaultNone", "defaultPres"}, dataClauseNames...),
		"enter data": {"copyin", "create", "attach", "async", "asyncN", "wait", "waitN", "if"},
		"exit data":  {"copyout", "delete", "detach", "finalize", "async", "asyncN", "wait", "waitN", "if"},
		"update":     {"selfData", "host", "device", "if", "if_present", "async", "asyncN", "wait", "waitN"},
		"host_data":  {"use_device", "if", "if_present"},
		"atomic":     {"if"},
		"wait":       {"async", "asyncN", "if"},
		"routine":    {"seq", "vector", "worker", "gang", "nohost"},
	}
	allClauseNames = func() []string {
		var out []string
		for name := range clauseMakers {
			out = append(out, name)
		}
		sort.Strings(out)
		return out
	}()
)

// clause makes one clause for a directive of the kind; now and then one
// that the kind does not allow.
func (m *mutator) clause(kind string) string {
	var names []string
	for _, w := range strings.Fields(kind) {
		names = append(names, clauseNames[w]...)
	}
	if names2, ok := clauseNames[kind]; ok {
		names = names2
	}
	if len(names) == 0 || m.byte()%32 == 0 {
		names = allClauseNames
	}
	return clauseMakers[m.choose(names)](m)
}

// pickDirective chooses a directive of the program.
func (m *mutator) pickDirective() (int, directive, bool) {
	i, ok := m.pickLine(pragmaLine)
	if !ok {
		return 0, directive{}, false
	}
	d, _ := parseDirective(m.lines[i])
	return i, d, true
}

func (m *mutator) swapKind() {
	i, d, ok := m.pickDirective()
	if !ok {
		return
	}
	kinds := kindGroups[0]
	for _, g := range kindGroups[1:] {
		for _, k := range g {
			if strings.HasPrefix(d.kind, strings.Fields(k)[0]) {
				kinds = g
			}
		}
	}
	if kinds[0] == "parallel" && !m.beforeLoop(i) {
		kinds = []string{"parallel", "kernels", "serial", "data", "region"}
	}
	d.kind = m.choose(kinds)
	if m.byte()%16 != 0 {
		d.clauses = allowedClauses(d.kind, d.clauses)
		// The clauses the kind requires.
		switch {
		case d.kind == "update" && len(d.clauses) == 0:
			d.clauses = append(d.clauses, "self("+m.data()+")")
		case d.kind == "enter data" && len(d.clauses) == 0:
			d.clauses = append(d.clauses, "copyin("+m.data()+")")
		case d.kind == "exit data" && len(d.clauses) == 0:
			d.clauses = append(d.clauses, "delete("+m.data()+")")
		case d.kind == "host_data" && len(d.clauses) == 0:
			d.clauses = append(d.clauses, "use_device("+m.array()+")")
		}
	}
	m.lines[i] = d.String()
}

// beforeLoop reports whether the directive on line i applies to a for
// loop: the first line after it that is no directive starts one.
func (m *mutator) beforeLoop(i int) bool {
	for _, l := range m.lines[i+1:] {
		if !pragmaLine.MatchString(l) {
			return forLine.MatchString(l)
		}
	}
	return false
}

// allowedClauses returns the clauses of cs that a directive of the kind
// allows.
func allowedClauses(kind string, cs []string) []string {
	allowed := map[string]bool{}
	for _, w := range strings.Fields(kind) {
		for _, c := range clauseWords[w] {
			allowed[c] = true
		}
	}
	var keep []string
	for _, c := range cs {
		if allowed[clauseWord(c)] {
			keep = append(keep, c)
		}
	}
	return keep
}

// clauseWords are the clauses each directive word allows (OpenACC 3.4
// §2.5.4, §2.6.5, §2.9, §2.14), legacy spellings included.
var clauseWords = func() map[string][]string {
	data := strings.Fields("copy copyin copyout create present no_create deviceptr attach pcopy pcopyin pcopyout pcreate " +
		"present_or_copy present_or_copyin present_or_copyout present_or_create")
	serial := append(strings.Fields("async wait if self default reduction private firstprivate device_type"), data...)
	parallel := append(strings.Fields("num_gangs num_workers vector_length"), serial...)
	kernels := append(strings.Fields("async wait num_gangs num_workers vector_length if self default device_type"), data...)
	return map[string][]string{
		"parallel": parallel, "kernels": kernels, "serial": serial, "region": kernels,
		"loop":       strings.Fields("collapse tile gang worker vector seq independent auto private reduction device_type"),
		"data":       append(strings.Fields("if async wait default"), data...),
		"enter data": strings.Fields("copyin create attach async wait if pcopyin pcreate"),
		"exit data":  strings.Fields("copyout delete detach finalize async wait if"),
		"update":     strings.Fields("self host device if if_present async wait"),
		"host_data":  strings.Fields("use_device if if_present"),
		"atomic":     {"if"},
		"wait":       {"async", "if"},
	}
}()

// onceClauses may appear once on a directive (outside device_type).
var onceClauses = map[string]bool{"collapse": true, "tile": true, "gang": true, "worker": true, "vector": true,
	"seq": true, "independent": true, "auto": true, "async": true, "num_gangs": true, "num_workers": true,
	"vector_length": true, "if": true, "self": true, "default": true}

// clauseWord returns a clause's name.
func clauseWord(c string) string {
	w, _, _ := strings.Cut(c, "(")
	return strings.TrimSpace(w)
}

func (m *mutator) addClause() {
	i, d, ok := m.pickDirective()
	if !ok {
		return
	}
	m.at = i
	m.lines[i] = m.withClause(d, m.clause(d.kind)).String()
}

// withClause adds c to d: in place of the clause of its name if it may
// appear once, else among the clauses before device_type.
func (m *mutator) withClause(d directive, c string) directive {
	if onceClauses[clauseWord(c)] {
		for k, old := range d.clauses {
			if clauseWord(old) == clauseWord(c) {
				d.clauses[k] = c
				return d
			}
		}
	}
	n := len(d.clauses)
	for k, old := range d.clauses {
		if clauseWord(old) == "device_type" || clauseWord(old) == "dtype" {
			n = k
			break
		}
	}
	at := m.pick(n + 1)
	if clauseWord(c) == "device_type" {
		at = len(d.clauses)
	}
	d.clauses = append(d.clauses[:at:at], append([]string{c}, d.clauses[at:]...)...)
	return d
}

func (m *mutator) removeClause() {
	i, d, ok := m.pickDirective()
	if !ok || len(d.clauses) == 0 {
		return
	}
	at := m.pick(len(d.clauses))
	d.clauses = append(d.clauses[:at], d.clauses[at+1:]...)
	m.lines[i] = d.String()
}

func (m *mutator) copyClause() {
	_, from, ok := m.pickDirective()
	if !ok || len(from.clauses) == 0 {
		return
	}
	c := from.clauses[m.pick(len(from.clauses))]
	i, d, _ := m.pickDirective()
	if len(allowedClauses(d.kind, []string{c})) == 0 && m.byte()%16 != 0 {
		return
	}
	m.lines[i] = m.withClause(d, c).String()
}

func (m *mutator) changeNumber() {
	i, d, ok := m.pickDirective()
	if !ok || len(d.clauses) == 0 {
		return
	}
	at := m.pick(len(d.clauses))
	nums := numberRE.FindAllStringIndex(d.clauses[at], -1)
	if len(nums) == 0 {
		return
	}
	n := nums[m.pick(len(nums))]
	m.at = i
	c := d.clauses[at]
	d.clauses[at] = c[:n[0]] + m.number() + c[n[1]:]
	m.lines[i] = d.String()
}

func (m *mutator) deletePragma() {
	if i, ok := m.pickLine(pragmaLine); ok {
		m.lines = append(m.lines[:i], m.lines[i+1:]...)
	}
}

// stackPragma puts a copy of one directive before another line that holds
// a directive or a loop.
func (m *mutator) stackPragma() {
	i, ok := m.pickLine(pragmaLine)
	if !ok {
		return
	}
	d := m.lines[i]
	targets := append(m.indices(pragmaLine), m.indices(forLine)...)
	at := targets[m.pick(len(targets))]
	m.insert(at, indentOf(m.lines[at])+strings.TrimSpace(d))
}

// insertBeforeLoop puts a loop or compute directive with a few clauses
// before a for loop.
func (m *mutator) insertBeforeLoop() {
	at, ok := m.pickLine(forLine)
	if !ok {
		return
	}
	d := directive{indent: indentOf(m.lines[at]), kind: m.choose([]string{"loop", "loop", "parallel loop",
		"kernels loop", "serial loop", "parallel", "kernels", "serial", "data", "loop seq", "loop independent",
		"loop gang", "loop worker", "loop vector", "loop gang vector"})}
	m.at = at
	for n := m.byte() % 3; n > 0; n-- {
		d = m.withClause(d, m.clause(d.kind))
	}
	if d.kind == "data" {
		d.clauses = append(d.clauses, "copy("+m.data()+")")
	}
	m.insert(at, d.String())
}

// insertStandalone puts a data or synchronisation directive before a
// statement.
func (m *mutator) insertStandalone() {
	ls := m.statementLines()
	if len(ls) == 0 {
		return
	}
	at := ls[m.pick(len(ls))]
	m.at = at
	var d string
	switch m.byte() % 9 {
	case 0:
		d = "update self(" + m.data() + ")"
	case 1:
		d = "update device(" + m.data() + ")"
	case 2:
		d = "update host(" + m.data() + ") if_present"
	case 3:
		d = "wait"
	case 4:
		d = "wait(" + m.number() + ")"
	case 5:
		d = "enter data copyin(" + m.data() + ")"
	case 6:
		d = "enter data create(" + m.data() + ")"
	case 7:
		d = "exit data copyout(" + m.data() + ")"
	default:
		d = "exit data delete(" + m.data() + ") finalize"
	}
	if m.byte()%3 == 0 {
		d += " async(" + m.number() + ")"
	}
	m.insert(at, indentOf(m.lines[at])+"#pragma acc "+d)
}

// assignment matches a line with an expression statement that assigns,
// increments or decrements.
var assignment = regexp.MustCompile(`^\s*[\w\[\]\.>*()+ -]*(\+\+|--|[-+*/&|^]?=[^=]).*;\s*$`)

// insertAtomic puts an atomic directive before a statement that assigns.
func (m *mutator) insertAtomic() {
	var ls []int
	for _, i := range m.statementLines() {
		if assignment.MatchString(m.lines[i]) && !typeStart.MatchString(m.lines[i]) {
			ls = append(ls, i)
		}
	}
	if len(ls) == 0 {
		return
	}
	at := ls[m.pick(len(ls))]
	m.insert(at, indentOf(m.lines[at])+"#pragma acc "+m.choose([]string{"atomic", "atomic update",
		"atomic read", "atomic write", "atomic capture"}))
}

// insertRoutine puts a routine directive before a function definition.
func (m *mutator) insertRoutine() {
	at, ok := m.pickLine(funcLine)
	if !ok || strings.Contains(m.lines[at], "main") {
		return
	}
	m.insert(at, "#pragma acc routine "+m.choose([]string{"seq", "vector", "worker", "gang", "seq nohost"}))
}

// changeLoop rewrites a for loop's header: its bound, its comparison, its
// step, or its direction.
func (m *mutator) changeLoop() {
	at, ok := m.pickLine(forLine)
	if !ok {
		return
	}
	m.at = at
	sm := forLine.FindStringSubmatch(m.lines[at])
	indent, init, cond, step, rest := sm[1], strings.TrimSpace(sm[2]), strings.TrimSpace(sm[3]), strings.TrimSpace(sm[4]), sm[5]
	iv := loopVar(init)
	switch m.byte() % 8 {
	case 0:
		cond = strings.Replace(cond, "<", "<=", 1)
	case 1:
		cond += " - 1"
	case 2:
		if iv != "" {
			cond = iv + " < " + m.number()
		}
	case 3:
		if iv != "" {
			cond = iv + " < " + m.variable()
		}
	case 4:
		if iv != "" {
			step = iv + " += " + m.choose([]string{"2", "3", "-1"})
		}
	case 5:
		if iv != "" {
			step = "++" + iv
		}
	case 6:
		// Backwards over the same range.
		if iv != "" && strings.HasPrefix(cond, iv) {
			lhs, lo, _ := strings.Cut(init, "=")
			f := strings.Fields(lhs)
			decl := strings.Join(f[:len(f)-1], " ")
			hi := strings.TrimLeft(cond[len(iv):], " <=!")
			init = strings.TrimSpace(fmt.Sprintf("%s %s = (%s) - 1", decl, iv, hi))
			cond = fmt.Sprintf("%s >= %s", iv, strings.TrimSpace(lo))
			step = iv + "--"
		}
	case 7:
		if iv != "" {
			cond = iv + " < " + m.variable() + " * " + m.variable()
		}
	}
	m.lines[at] = fmt.Sprintf("%sfor (%s; %s; %s)%s", indent, init, cond, step, rest)
}

// loopVar returns the variable a for loop's initialisation sets, or "".
func loopVar(init string) string {
	lhs, _, ok := strings.Cut(init, "=")
	if !ok {
		return ""
	}
	f := strings.Fields(lhs)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}

// cKeywords are not variable names.
var cKeywords = map[string]bool{}

func init() {
	for _, k := range strings.Fields(`auto break case char const continue default do double else enum extern
		float for goto if inline int long register restrict return short signed sizeof static struct switch
		typedef union unsigned void volatile while _Bool _Complex bool size_t main printf`) {
		cKeywords[k] = true
	}
}

// progVar is a variable a declaration declares.
type progVar struct {
	name  string
	array bool // an array or a pointer
}

// typeStart matches the start of a declaration.
var typeStart = regexp.MustCompile(`^\s*(?:(?:static|const|volatile|register|extern|unsigned|signed|long|short)\s+)*` +
	`(?:int|long|short|float|double|char|unsigned|signed|size_t|_Bool|bool|real_t|struct\s+\w+|[a-z]\w*_t)\b`)

// programVars returns the variables that declarations, parameters and
// loop headers in src declare, in the order they first appear.
func programVars(src string) []progVar {
	seen := map[string]bool{}
	var out []progVar
	add := func(decl string) {
		decl, _, _ = strings.Cut(decl, "=")
		ptr := strings.Contains(decl, "*")
		for _, w := range identRE.FindAllStringIndex(decl, -1) {
			name := decl[w[0]:w[1]]
			if cKeywords[name] || typeStart.MatchString(name) || name == "restrict" || name == "const" {
				continue
			}
			rest := strings.TrimSpace(decl[w[1]:])
			if strings.HasPrefix(rest, "(") {
				return // a function
			}
			if !seen[name] {
				seen[name] = true
				out = append(out, progVar{name, ptr || strings.HasPrefix(rest, "[")})
			}
			return
		}
	}
	for _, l := range strings.Split(src, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		if sm := forLine.FindStringSubmatch(l); sm != nil {
			if typeStart.MatchString(sm[2]) {
				add(typeStart.ReplaceAllString(sm[2], ""))
			}
			continue
		}
		if funcLine.MatchString(l) {
			params := l[strings.Index(l, "(")+1 : strings.LastIndex(l, ")")]
			for _, p := range splitTop(params) {
				add(typeStart.ReplaceAllString(p, ""))
			}
			continue
		}
		if loc := typeStart.FindStringIndex(l); loc != nil {
			rest, _, _ := strings.Cut(l[loc[1]:], ";")
			for _, d := range splitTop(rest) {
				add(d)
			}
		}
	}
	return out
}

// splitTop splits s at the commas outside brackets.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}
