package ir_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/ir"
)

// generatedNames are the names of names.go with sample arguments, by the
// scope they live in: the host code of a construct, the code of a kernel
// (whose variables include those lower adds to the IR), the declaration
// of a routine of another file, and the file (kernels, launch stubs and
// types, which share it with the user's functions). Names of one scope
// must differ; the scopes never meet.
var generatedNames = map[string]map[string]string{
	"file": {
		"KernelStem":      ir.KernelStem("f", 12),
		"KernelName":      ir.KernelName("f", 12),
		"FallbackName":    ir.FallbackName(ir.KernelName("f", 12)),
		"CPUKernelName":   ir.CPUKernelName(ir.KernelName("f", 12)),
		"CPUGangName":     ir.CPUGangName(ir.KernelName("f", 12)),
		"LaunchName":      ir.LaunchName(ir.KernelName("f", 12)),
		"BlockKernelName": ir.BlockKernelName(ir.KernelName("f", 12)),
		"BodyName":        ir.BodyName(ir.KernelName("f", 12)),
		"FirstArrayTag":   ir.FirstArrayTag(ir.KernelName("f", 12), "x"),
		"DevicePrefix":    ir.DevicePrefix + "g",
		"GlobalsPrefix":   ir.GlobalsPrefix + "g",
		"CXXPrefix":       ir.CXXPrefix + "class",
		"LocalTypeName":   ir.LocalTypeName("t", 5, 0),
		"AnonTag":         ir.AnonTag(1),
		"DeclareName":     ir.DeclareName("12"),
	},
	"host": {
		"MapsName":         ir.MapsName("12"),
		"CmpName":          ir.CmpName("12"),
		"HostVersionName":  ir.HostVersionName("12"),
		"SiteName":         ir.SiteName("12"),
		"IfName":           ir.IfName("12"),
		"HostDataName":     ir.HostDataName("12", 1),
		"RedStructTag":     ir.RedStructTag("12"),
		"ConstructVarName": ir.ConstructVarName("x"),
		"RedResultsName":   ir.RedResultsName,
		"RedOutName":       ir.RedOutName,
		"RedCellsName":     ir.RedCellsName,
		"RedCountName":     ir.RedCountName,
		"RedFirstName":     ir.RedFirstName,
		"RedPartialsName":  ir.RedPartialsName,
		"TripName":         ir.TripName,
		"RoundsName":       ir.RoundsName,
		"StepsName":        ir.StepsName,
		"VectorName":       ir.VectorName,
		"RowsName":         ir.RowsName,
		"GangsName":        ir.GangsName,
		"GangsYName":       ir.GangsYName,
		"GangsZName":       ir.GangsZName,
		"ScratchName":      ir.ScratchName,
		"ArgsName":         ir.ArgsName,
		"PtrArrayName":     ir.PtrArrayName,
		"PtrIndexName":     ir.PtrIndexName,
		"ArgName":          ir.ArgName(1),
		"ArgOutName":       ir.ArgOutName(1),
		"ArgLoName":        ir.ArgLoName(1),
		"ArgPrivLenName":   ir.ArgPrivLenName(1),
		"ArgPrivLoName":    ir.ArgPrivLoName(1),
		"ArgSrcName":       ir.ArgSrcName(1),
	},
	"kernel": {
		"InitTempName":      ir.InitTempName,
		"CondName":          ir.CondName(1),
		"UnnamedParamName":  ir.UnnamedParamName(1),
		"MemberName":        ir.MemberName("s.p"),
		"RowLenName":        ir.RowLenName("x", 1),
		"RedCountName":      ir.RedCountName,
		"RedFirstName":      ir.RedFirstName,
		"RedCellName":       ir.RedCellName("x"),
		"RedLoName":         ir.RedLoName("x"),
		"RedMappedName":     ir.RedMappedName("x"),
		"RedInitName":       ir.RedInitName("x"),
		"RedBufName":        ir.RedBufName("x"),
		"RedPtrName":        ir.RedPtrName("x"),
		"RedSaveName":       ir.RedSaveName("x"),
		"RedPartName":       ir.RedPartName("x"),
		"PrivSlabsName":     ir.PrivSlabsName("x"),
		"PrivLenName":       ir.PrivLenName("x"),
		"PrivLoName":        ir.PrivLoName("x"),
		"PrivSrcName":       ir.PrivSrcName("x"),
		"PrivBufName":       ir.PrivBufName("x"),
		"FirstArrayName":    ir.FirstArrayName("x"),
		"FirstValueName":    ir.FirstValueName("x"),
		"WorkerSlotsName":   ir.WorkerSlotsName("x"),
		"SharedInitName":    ir.SharedInitName("x"),
		"BroadcastName":     ir.BroadcastName("x"),
		"JumpName":          ir.JumpName(1),
		"JumpedName":        ir.JumpedName(1),
		"TripCountName":     ir.TripCountName(1),
		"Block2DIndexName":  ir.Block2DIndexName(1),
		"Block2DBaseName":   ir.Block2DBaseName(1),
		"StageName":         ir.StageName(1),
		"TileCountName":     ir.TileCountName(1),
		"TileBaseName":      ir.TileBaseName(1),
		"TileIndexName":     ir.TileIndexName(1),
		"TileElemName":      ir.TileElemName,
		"LoopRedBufName":    ir.LoopRedBufName(1, "x"),
		"LoopRedOrigName":   ir.LoopRedOrigName(1, "x"),
		"LoopCountName":     ir.LoopCountName,
		"StepsName":         ir.StepsName,
		"StepName":          ir.StepName,
		"BlockBaseName":     ir.BlockBaseName,
		"LanesOnName":       ir.LanesOnName,
		"Block2DRowName":    ir.Block2DRowName,
		"Block2DColName":    ir.Block2DColName,
		"StageRowName":      ir.StageRowName,
		"StageLastRowName":  ir.StageLastRowName,
		"ChunkLenName":      ir.ChunkLenName,
		"ChunkIndexName":    ir.ChunkIndexName,
		"BreakName":         ir.BreakName,
		"OnceName":          ir.OnceName,
		"ElemName":          ir.ElemName,
		"PartName":          ir.PartName,
		"CriticalName":      ir.CriticalName,
		"AtomicExprName":    ir.AtomicExprName,
		"AtomicOldName":     ir.AtomicOldName,
		"AtomicNewName":     ir.AtomicNewName,
		"RoutineResultName": ir.RoutineResultName,
		"GangIndexName":     ir.GangIndexName,
		"GangCountName":     ir.GangCountName,
		"ItersName":         ir.ItersName,
		"TileItersName":     ir.TileItersName,
		"RaceOnName":        ir.RaceOnName,
		"RaceIterName":      ir.RaceIterName,
		"GangsName":         ir.GangsName,
		"GangsYName":        ir.GangsYName,
		"GangsZName":        ir.GangsZName,
	},
	"routine declaration": {
		"RoutineParamName": ir.RoutineParamName(1),
	},
}

// notIdentifiers are the exported names of names.go that are parts of
// names rather than names: they are tested through the names they make.
var notIdentifiers = []string{"GenPrefix", "KernelSuffix", "CPUKernelSuffix", "FallbackInfix", "MemberStem"}

// TestGeneratedNames checks the names of names.go: each a C identifier,
// each but the kernels' and their stubs' beginning with GenPrefix, and
// the names of one scope different from each other. Every exported name
// of names.go must be in generatedNames, so that a new one is checked.
func TestGeneratedNames(t *testing.T) {
	ident := regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	seen := map[string]bool{}
	for scope, names := range generatedNames {
		byValue := map[string]string{}
		for name, v := range names {
			seen[name] = true
			if !ident.MatchString(v) {
				t.Errorf("%s = %q is not a C identifier", name, v)
			}
			if !strings.HasPrefix(v, ir.GenPrefix) && scope != "file" {
				t.Errorf("%s = %q does not begin with %q", name, v, ir.GenPrefix)
			}
			if other, dup := byValue[v]; dup {
				t.Errorf("%s and %s are both %q in the %s scope", other, name, v, scope)
			}
			byValue[v] = name
		}
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "names.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		var names []*ast.Ident
		switch d := d.(type) {
		case *ast.FuncDecl:
			names = append(names, d.Name)
		case *ast.GenDecl:
			for _, s := range d.Specs {
				if vs, ok := s.(*ast.ValueSpec); ok {
					names = append(names, vs.Names...)
				}
			}
		}
		for _, n := range names {
			if n.IsExported() && !seen[n.Name] && !slices.Contains(notIdentifiers, n.Name) {
				t.Errorf("names.go: %s is not in generatedNames", n.Name)
			}
		}
	}
}

// spelledNames are the string literals of the Go code that spell a
// generated name rather than take it from names.go, with the reason.
var spelledNames = map[string]string{
	"accc_rdc%d.o": "internal/driver/devlink.go: a temporary file, not an identifier",
	"accc_dlink.o": "internal/driver/devlink.go: a temporary file, not an identifier",
}

// TestGeneratedNamesInOnePlace checks that no Go file of the module but
// names.go (tests aside) spells a generated name in a string literal: a
// name beginning with GenPrefix, or a kernel's suffix.
func TestGeneratedNamesInOnePlace(t *testing.T) {
	spelled := regexp.MustCompile(`(^|[^A-Za-z0-9_]|%[sd])` + ir.GenPrefix + `|(^|%[sd])_(gpu|cpu|seq)\b|%s_launch\b`)
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	self, _ := filepath.Abs("names.go")
	fset := token.NewFileSet()
	used := map[string]bool{}
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (n == "testdata" || strings.HasPrefix(n, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || path == self {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || !spelled.MatchString(s) {
				return true
			}
			if _, ok := spelledNames[s]; ok {
				used[s] = true
				return true
			}
			t.Errorf("%s: %s spells a generated name: take it from ir/names.go", fset.Position(lit.Pos()), lit.Value)
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for s, why := range spelledNames {
		if !used[s] {
			t.Errorf("spelledNames lists %q (%s), which no Go file spells: remove it", s, why)
		}
	}
}

// variableStems are, by scope, the names of names.go that take a
// variable's name (sampled with x in generatedNames), each as the
// function of the variable's name alone, and MemberName, whose stem is
// MemberStem. The kernel scope holds too the names of the file's types
// and functions that kernels see (they take a type's or function's name).
var variableStems = map[string]map[string]func(v string) string{
	"host": {
		"ConstructVarName": ir.ConstructVarName,
	},
	"kernel": {
		"RedCellName":               ir.RedCellName,
		"RedLoName":                 ir.RedLoName,
		"RedMappedName":             ir.RedMappedName,
		"RedInitName":               ir.RedInitName,
		"RedBufName":                ir.RedBufName,
		"RedPtrName":                ir.RedPtrName,
		"RedSaveName":               ir.RedSaveName,
		"RedPartName":               ir.RedPartName,
		"PrivSlabsName":             ir.PrivSlabsName,
		"PrivLenName":               ir.PrivLenName,
		"PrivLoName":                ir.PrivLoName,
		"PrivSrcName":               ir.PrivSrcName,
		"PrivBufName":               ir.PrivBufName,
		"FirstArrayName":            ir.FirstArrayName,
		"FirstValueName":            ir.FirstValueName,
		"WorkerSlotsName":           ir.WorkerSlotsName,
		"SharedInitName":            ir.SharedInitName,
		"BroadcastName":             ir.BroadcastName,
		"LoopRedBufName":            func(v string) string { return ir.LoopRedBufName(1, v) },
		"LoopRedOrigName":           func(v string) string { return ir.LoopRedOrigName(1, v) },
		"RowLenName":                func(v string) string { return ir.RowLenName(v, 1) },
		"MemberName":                func(string) string { return ir.MemberStem },
		"LocalTypeName":             func(v string) string { return ir.LocalTypeName(v, 5, 0) },
		"LocalTypeName at a column": func(v string) string { return ir.LocalTypeName(v, 5, 3) },
		"DevicePrefix":              func(v string) string { return ir.DevicePrefix + v },
		"GlobalsPrefix":             func(v string) string { return ir.GlobalsPrefix + v },
		"CXXPrefix":                 func(v string) string { return ir.CXXPrefix + v },
		"BlockKernelName":           ir.BlockKernelName,
		"BodyName":                  ir.BodyName,
	},
}

// TestVariableStems checks the rule that keeps the names that take a
// variable's name apart from each other and from the other names of
// their scope: each is a stem and the name, and no stem begins another
// stem or a name of another purpose of the scope (kernels': the file's
// too). A user's name, which has no GenPrefix, then never spells one
// stem's name as another's (RedCellName("x") and a struct red's member x
// are different names).
func TestVariableStems(t *testing.T) {
	for scope, fns := range variableStems {
		stems := map[string]string{}
		for name, f := range fns {
			stem := f("")
			if name != "MemberName" && f("x_y1") != stem+"x_y1" {
				t.Errorf("%s(%q) = %q is not a stem and the name", name, "x_y1", f("x_y1"))
			}
			stems[name] = stem
		}
		names := maps.Clone(generatedNames[scope])
		if scope == "kernel" {
			for name, v := range generatedNames["file"] {
				if strings.HasPrefix(v, ir.GenPrefix) {
					names[name] = v
				}
			}
		}
		for name, v := range names {
			if _, ok := fns[name]; !ok && strings.HasSuffix(v, "_x") {
				t.Errorf("%s = %q takes a variable's name: add it to variableStems", name, v)
			}
			for other, stem := range stems {
				if other != name && strings.HasPrefix(v, stem) {
					t.Errorf("%s = %q begins with %q, the stem of %s", name, v, stem, other)
				}
			}
		}
		for name, stem := range stems {
			for other, s := range stems {
				if other != name && strings.HasPrefix(s, stem) {
					t.Errorf("the stem of %s, %q, begins that of %s, %q", name, stem, other, s)
				}
			}
		}
	}
}

// readMemberName reads back the member path MemberName spelled as name.
func readMemberName(name string) (path string, ok bool) {
	rest, ok := strings.CutPrefix(name, ir.MemberStem)
	if !ok {
		return "", false
	}
	var b strings.Builder
	for {
		d := strings.IndexFunc(rest, func(r rune) bool { return r < '0' || r > '9' })
		if d <= 0 {
			return "", false
		}
		n, err := strconv.Atoi(rest[:d])
		if err != nil || d+n > len(rest) {
			return "", false
		}
		b.WriteString(rest[d : d+n])
		rest = rest[d+n:]
		switch {
		case rest == "":
			return b.String(), true
		case strings.HasPrefix(rest, "_p"):
			b.WriteString("->")
			rest = rest[2:]
		case strings.HasPrefix(rest, "_"):
			b.WriteString(".")
			rest = rest[1:]
		default:
			return "", false
		}
	}
}

// TestMemberName checks that MemberName spells each member path as a C
// identifier from which the path reads back, so that no two paths share
// a name: the paths of members whose names hold underscores
// (s.b_c, s_b.c), arrows and dots, lengths of more than one digit, and
// random paths.
func TestMemberName(t *testing.T) {
	ident := regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	paths := []string{
		"s.p", "s->p", "a.b_c", "a_b.c", "p->q", "p_p.q", "p.p_q", "a_.b", "a._b",
		"a.b.c", "a.b->c", "a->b.c", "g.aux.w", "red.x", "s.x_len1", "s.p1", "s1.p",
		"abcdefghijk.l", "a.bcdefghijkl", "_._", "__._",
	}
	rnd := rand.New(rand.NewPCG(25, 1))
	id := func() string {
		const first, rest = "ab_", "ab_1p"
		b := []byte{first[rnd.IntN(len(first))]}
		for range rnd.IntN(12) {
			b = append(b, rest[rnd.IntN(len(rest))])
		}
		return string(b)
	}
	for range 2000 {
		p := id()
		for range rnd.IntN(4) + 1 {
			p += []string{".", "->"}[rnd.IntN(2)] + id()
		}
		paths = append(paths, p)
	}
	byName := map[string]string{}
	for _, p := range paths {
		name := ir.MemberName(p)
		if !ident.MatchString(name) {
			t.Errorf("MemberName(%q) = %q is not a C identifier", p, name)
		}
		if back, ok := readMemberName(name); !ok || back != p {
			t.Errorf("MemberName(%q) = %q reads back as %q", p, name, back)
		}
		if other, dup := byName[name]; dup && other != p {
			t.Errorf("MemberName(%q) = MemberName(%q) = %q", p, other, name)
		}
		byName[name] = p
	}
	if got, want := ir.MemberName("g.aux.w"), "accc_mem_1g_3aux_1w"; got != want {
		t.Errorf("MemberName(%q) = %q, want %q", "g.aux.w", got, want)
	}
	if got, want := ir.MemberName("p->q"), "accc_mem_1p_p1q"; got != want {
		t.Errorf("MemberName(%q) = %q, want %q", "p->q", got, want)
	}
}
