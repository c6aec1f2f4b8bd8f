package driver

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Dependency files (-M, -MM, -MD, -MMD, -MF, -MT, -MQ, -MP, -MG).
//
// accc compiles a generated file (FILE.acc.c in a temporary directory)
// with runtime headers from its cache, so the host compiler's own -MD
// output would name those. Instead the driver asks the host compiler's
// preprocessor for the dependencies of the user's source, with the user's
// preprocessor options and the -M options translated as gcc's driver
// translates them (-MD to -M -MF FILE -MQ OBJ), then drops accc's own
// headers (openacc.h and the runtime headers in the cache) and writes the
// result where gcc would. The file is byte for byte what gcc -MD writes for
// the source, except that accc's openacc.h and acc_prof.h, which gcc would
// take from its own include directory, are not listed: they are part of
// the compiler, not of the user's project.

// depRequest is what the dependency options of a command line ask for.
type depRequest struct {
	only    bool     // -M or -MM: dependencies instead of preprocessed output (implies -E)
	write   bool     // -MD or -MMD: a dependency file beside the output
	system  bool     // system headers too (-M, -MD); the last of -M/-MM/-MD/-MMD decides
	file    string   // -MF, the last one; "" when not given, "-" for stdout
	targets []string // -MT T and -MQ T as option-value pairs, in order
	phony   bool     // -MP
	gen     bool     // -MG
}

// parseDepFlags reads Config.DepFlags (as cmd/accc stores them: each -MF,
// -MT, -MQ followed by its value).
func parseDepFlags(flags []string) depRequest {
	var d depRequest
	for i := 0; i < len(flags); i++ {
		switch f := flags[i]; f {
		case "-M", "-MM":
			d.only, d.system = true, f == "-M"
		case "-MD", "-MMD":
			d.write, d.system = true, f == "-MD"
		case "-MP":
			d.phony = true
		case "-MG":
			d.gen = true
		case "-MF", "-MT", "-MQ":
			if i+1 < len(flags) {
				if f == "-MF" {
					d.file = flags[i+1]
				} else {
					d.targets = append(d.targets, f, flags[i+1])
				}
				i++
			}
		}
	}
	return d
}

// wanted reports whether the command line asks for dependencies.
func (d depRequest) wanted() bool { return d.only || d.write }

// depOutput is where the dependencies of input in go, as gcc 12 puts them:
// -MF; for -M/-MM the -o file or standard output ("-"); for -MD/-MMD the
// -o name with its suffix replaced by .d, or without -o the input's base
// name with .d in the current directory (with -c and -E) or, when gcc
// names its outputs after a.out (linking, -fsyntax-only), a-BASE.d.
func (c *compilation) depOutput(d depRequest, in string) string {
	switch {
	case d.file != "":
		return d.file
	case d.only && c.cfg.Output != "":
		return c.cfg.Output
	case d.only:
		return "-"
	case c.cfg.Output != "":
		return stripSuffix(c.cfg.Output) + ".d"
	case c.cfg.Mode == ModeCompile || c.cfg.Mode == ModePreprocess:
		return stripSuffix(filepath.Base(in)) + ".d"
	default:
		return "a-" + stripSuffix(filepath.Base(in)) + ".d"
	}
}

// stripSuffix removes the suffix of the last element of a path as gcc's
// %.SUFFIX does: from its last '.', if it has one.
func stripSuffix(name string) string {
	for i := len(name) - 1; i >= 0 && name[i] != '/'; i-- {
		if name[i] == '.' {
			return name[:i]
		}
	}
	return name
}

// depArgs are the -M options of the host preprocessor run that lists the
// dependencies of one source: -M or -MM, the targets, and gcc's default
// target for -MD/-MMD (the -o name, quoted, unless -E is given).
func (c *compilation) depArgs(d depRequest) []string {
	args := []string{"-MM"}
	if d.system {
		args[0] = "-M"
	}
	args = append(args, d.targets...)
	if len(d.targets) == 0 && !d.only && c.cfg.Mode != ModePreprocess && c.cfg.Output != "" {
		args = append(args, "-MQ", c.cfg.Output)
	}
	if d.phony {
		args = append(args, "-MP")
	}
	if d.gen {
		args = append(args, "-MG")
	}
	return args
}

// writeDeps writes the dependencies of the C source in, if the command
// line asks for them. accelerated says whether in was compiled through
// generated code (for multicore that compile has -fopenmp, which defines
// _OPENMP, and the preprocessor run must see the same macros).
func (c *compilation) writeDeps(in string, accelerated bool) error {
	d := parseDepFlags(c.cfg.DepFlags)
	if !d.wanted() {
		return nil
	}
	argv := c.ccArgv(c.depArgs(d)...)
	argv = append(argv, c.preprocessorFlags()...)
	if c.cfg.OptLevel != "" { // __OPTIMIZE__ and friends
		argv = append(argv, c.cfg.OptLevel)
	}
	argv = append(argv, c.cfg.HostFlags...)
	if accelerated && c.openMP() {
		argv = append(argv, "-fopenmp")
	}
	// The compile has already reported the preprocessor's warnings.
	argv = append(argv, "-w", in)
	out, err := c.run.output(argv)
	if err != nil || c.cfg.DryRun {
		return err
	}
	text := c.dropOwnHeaders(out, d.phony)
	dst := c.depOutput(d, in)
	if dst == "-" {
		_, err := fmt.Fprint(c.stdout, text)
		return err
	}
	return c.write(dst, []byte(text))
}

// ownDirs are the directories of accc's own headers: those of openacc.h
// and the runtime in the cache, and the private work directory.
func (c *compilation) ownDirs() []string {
	var dirs []string
	for _, d := range []string{c.hdrDir, c.rtDir, c.work} {
		if d != "" {
			dirs = append(dirs, filepath.Clean(d)+string(filepath.Separator))
		}
	}
	return dirs
}

// dropOwnHeaders removes accc's headers (see ownDirs) from the make rules
// the preprocessor wrote, with their -MP phony targets. Output that names
// none of them is returned unchanged; otherwise the rules are written again
// in gcc's layout (see writeMakeRule).
func (c *compilation) dropOwnHeaders(out string, phony bool) string {
	own := c.ownDirs()
	isOwn := func(tok string) bool {
		p := unmunge(tok)
		for _, d := range own {
			if strings.HasPrefix(p, d) {
				return true
			}
		}
		return false
	}
	rules := parseMakeRules(out)
	if len(rules) == 0 {
		return out
	}
	main := rules[0]
	var kept []string
	for _, p := range main.prereqs {
		if !isOwn(p) {
			kept = append(kept, p)
		}
	}
	if len(kept) == len(main.prereqs) {
		return out
	}
	var b strings.Builder
	writeMakeRule(&b, main.targets, kept)
	if phony {
		for _, p := range kept[min(1, len(kept)):] {
			b.WriteString(p + ":\n")
		}
	}
	return b.String()
}

// makeRule is one rule of a dependency file; names are kept as the
// compiler wrote them (escaped for make).
type makeRule struct {
	targets, prereqs []string
}

// parseMakeRules reads the rules that gcc's or clang's -M writes:
// "targets: prerequisites" with backslash-newline continuations, names
// separated by unescaped blanks, and the rule's colon the first one that
// ends a name.
func parseMakeRules(s string) []makeRule {
	s = strings.ReplaceAll(s, "\\\r\n", " ")
	s = strings.ReplaceAll(s, "\\\n", " ")
	var rules []makeRule
	for _, line := range strings.Split(s, "\n") {
		toks := splitMakeNames(line)
		if len(toks) == 0 {
			continue
		}
		var r makeRule
		inTargets := true
		for _, t := range toks {
			switch {
			case !inTargets:
				r.prereqs = append(r.prereqs, t)
			case t == ":":
				inTargets = false
			case strings.HasSuffix(t, ":") && !strings.HasSuffix(t, "\\:"):
				r.targets = append(r.targets, strings.TrimSuffix(t, ":"))
				inTargets = false
			default:
				r.targets = append(r.targets, t)
			}
		}
		rules = append(rules, r)
	}
	return rules
}

// splitMakeNames splits a line on the blanks that are not escaped: a blank
// after an odd number of backslashes belongs to the name.
func splitMakeNames(line string) []string {
	var toks []string
	var cur strings.Builder
	bs := 0
	for i := 0; i < len(line); i++ {
		ch := line[i]
		if (ch == ' ' || ch == '\t') && bs%2 == 0 {
			if cur.Len() > 0 {
				toks = append(toks, cur.String())
				cur.Reset()
			}
			bs = 0
			continue
		}
		if ch == '\\' {
			bs++
		} else {
			bs = 0
		}
		cur.WriteByte(ch)
	}
	if cur.Len() > 0 {
		toks = append(toks, cur.String())
	}
	return toks
}

// unmunge undoes the escaping of a name in a dependency file: "$$" is "$",
// "\#" is "#", and 2n+1 backslashes before a blank are n backslashes and
// the blank.
func unmunge(tok string) string {
	var b strings.Builder
	for i := 0; i < len(tok); i++ {
		switch ch := tok[i]; {
		case ch == '$' && i+1 < len(tok) && tok[i+1] == '$':
			b.WriteByte('$')
			i++
		case ch == '\\':
			j := i
			for j < len(tok) && tok[j] == '\\' {
				j++
			}
			n := j - i
			if j < len(tok) && (tok[j] == ' ' || tok[j] == '\t' || tok[j] == '#') {
				b.WriteString(strings.Repeat("\\", n/2))
			} else {
				b.WriteString(tok[i:j])
			}
			i = j - 1
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// depColumns is where gcc's make_write wraps dependency lines.
const depColumns = 72

// writeMakeRule writes a rule as gcc's make_write does: names separated by
// one blank, and a name that would pass column depColumns starts a new
// line after " \".
func writeMakeRule(b *strings.Builder, targets, prereqs []string) {
	col := 0
	name := func(s string) {
		if col > 0 {
			if col+len(s) > depColumns {
				b.WriteString(" \\\n")
				col = 0
			}
			col++
			b.WriteByte(' ')
		}
		col += len(s)
		b.WriteString(s)
	}
	for _, t := range targets {
		name(t)
	}
	b.WriteByte(':')
	col++
	for _, p := range prereqs {
		name(p)
	}
	b.WriteByte('\n')
}
