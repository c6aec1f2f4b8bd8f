package difftest

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/accc-compiler/accc/internal/progen"
)

// A Batch runs generated programs seed, seed+1, ... on the targets.
type Batch struct {
	Config
	Seed  int64
	Count int
	Jobs  int // programs checked at once (default 1)
	// Pack compiles this many programs as one file (progen.Pack): the
	// compilers start once for all. A pack that fails is checked again
	// program by program; the failing programs are the findings.
	Pack     int
	Options  progen.Options // generator options
	Work     string         // scratch directory, one subdirectory per job
	Findings string         // where failing programs go ("" keeps none)
	Reduce   bool           // reduce each finding
	Log      io.Writer      // progress and findings
	Progress int            // log a line every this many programs (0: none)
	// Until, when set, stops handing out programs at that time; the packs
	// already started finish, so the checked seeds stay contiguous
	// (Summary.Programs of them from Seed on).
	Until time.Time
}

// A Finding is one program that failed on one target.
type Finding struct {
	Seed    int64
	Result  Result
	Reduced string // directory of the reduced program, if any
}

// Summary counts results by target and kind.
type Summary struct {
	Programs int
	Counts   map[string]map[Kind]int
	Findings []Finding
}

func (s *Summary) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d programs\n", s.Programs)
	var ts []string
	for t := range s.Counts {
		ts = append(ts, t)
	}
	sort.Strings(ts)
	for _, t := range ts {
		var parts []string
		for _, k := range []Kind{OK, Mismatch, Crash, Timeout, Rejected, Generated, Internal, Warned, Oracle} {
			if n := s.Counts[t][k]; n > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", k, n))
			}
		}
		fmt.Fprintf(&b, "  %-9s %s\n", t, strings.Join(parts, ", "))
	}
	return b.String()
}

// Run checks the batch's programs and returns the summary; a finding is
// saved (and reduced) under Findings.
func (b Batch) Run() (*Summary, error) {
	if b.Jobs < 1 {
		b.Jobs = 1
	}
	if b.Log == nil {
		b.Log = io.Discard
	}
	sum := &Summary{Counts: map[string]map[Kind]int{}}
	var mu sync.Mutex
	seeds := make(chan int64)
	var wg sync.WaitGroup
	var firstErr error
	for j := 0; j < b.Jobs; j++ {
		wg.Add(1)
		go func(j int) {
			defer wg.Done()
			dir := filepath.Join(b.Work, fmt.Sprintf("job%d", j))
			for first := range seeds {
				n := b.Pack
				if n < 1 {
					n = 1
				}
				if rest := int(b.Seed + int64(b.Count) - first); n > rest {
					n = rest
				}
				results, err := b.checkPack(dir, first, n)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				sum.Programs += n
				if b.Progress > 0 && sum.Programs/b.Progress != (sum.Programs-n)/b.Progress {
					fmt.Fprintf(b.Log, "progress: %d programs\n", sum.Programs)
				}
				for _, pr := range results {
					for _, r := range pr.results {
						if sum.Counts[r.Target] == nil {
							sum.Counts[r.Target] = map[Kind]int{}
						}
						sum.Counts[r.Target][r.Kind]++
					}
				}
				mu.Unlock()
				for _, pr := range results {
					for _, r := range pr.results {
						if r.Kind == OK {
							continue
						}
						f := b.save(dir, pr.program, r)
						mu.Lock()
						sum.Findings = append(sum.Findings, f)
						fmt.Fprintf(b.Log, "seed %d: %s\n", pr.program.Seed, indent(r.String()))
						if f.Reduced != "" {
							fmt.Fprintf(b.Log, "  reduced: %s\n", f.Reduced)
						}
						mu.Unlock()
					}
				}
			}
		}(j)
	}
	step := b.Pack
	if step < 1 {
		step = 1
	}
	for k := 0; k < b.Count; k += step {
		if !b.Until.IsZero() && time.Now().After(b.Until) {
			break
		}
		seeds <- b.Seed + int64(k)
	}
	close(seeds)
	wg.Wait()
	sort.Slice(sum.Findings, func(i, j int) bool { return sum.Findings[i].Seed < sum.Findings[j].Seed })
	return sum, firstErr
}

func indent(s string) string { return strings.ReplaceAll(s, "\n", "\n    ") }

// programResults are one program's results on the targets.
type programResults struct {
	program *progen.Program
	results []Result
}

// checkPack checks programs first..first+n-1: as one pack, then, on the
// targets where the pack failed, one by one.
func (b Batch) checkPack(dir string, first int64, n int) ([]programResults, error) {
	if n == 1 {
		p := progen.Generate(first, b.Options)
		rs, err := b.Check(dir, p.Render())
		return []programResults{{p, rs}}, err
	}
	var ps []*progen.Program
	for k := 0; k < n; k++ {
		o := b.Options
		o.Prefix = fmt.Sprintf("p%d_", k)
		ps = append(ps, progen.Generate(first+int64(k), o))
	}
	rs, err := b.Check(dir, progen.Pack(ps))
	if err != nil {
		return nil, err
	}
	out := make([]programResults, n)
	var failed []string
	for k := range out {
		out[k].program = progen.Generate(first+int64(k), b.Options)
	}
	for _, r := range rs {
		if r.Kind == OK {
			for k := range out {
				out[k].results = append(out[k].results, r)
			}
			continue
		}
		if r.Kind == Oracle {
			return nil, fmt.Errorf("seeds %d..%d: the plain compiler failed on the pack: %s", first, first+int64(n)-1, r.Detail)
		}
		failed = append(failed, r.Target)
	}
	if len(failed) == 0 {
		return out, nil
	}
	// Again one by one, on the targets where the pack failed; a program
	// that passes alone counts as passing.
	c := b.Config
	c.Targets = failed
	alone := map[string]bool{}
	for k := range out {
		rs, err := c.Check(dir, out[k].program.Render())
		if err != nil {
			return nil, err
		}
		for _, r := range rs {
			if r.Kind != OK {
				alone[r.Target] = true
			}
		}
		out[k].results = append(out[k].results, rs...)
	}
	// A pack that fails where none of its programs fails alone is a
	// finding of its own (names or sizes of one program meeting another's):
	// it is kept as it is, and counted on its first program.
	for _, r := range rs {
		if r.Kind == OK || alone[r.Target] {
			continue
		}
		r.Detail = fmt.Sprintf("only the pack of seeds %d..%d fails: %s", first, first+int64(n)-1, r.Detail)
		if b.Findings != "" {
			write(filepath.Join(b.Findings, fmt.Sprintf("pack%d-%s", first, r.Target)), progen.Pack(ps), r)
		}
		for i, q := range out[0].results {
			if q.Target == r.Target {
				out[0].results[i] = r
			}
		}
	}
	return out, nil
}

// save writes a finding's program and, with Reduce, its reduction.
func (b Batch) save(work string, p *progen.Program, r Result) Finding {
	seed := p.Seed
	f := Finding{Seed: seed, Result: r}
	if b.Findings == "" {
		return f
	}
	dir := filepath.Join(b.Findings, fmt.Sprintf("seed%d-%s", seed, r.Target))
	write(dir, p.Render(), r)
	if b.Reduce && r.Kind != Oracle && !strings.HasPrefix(r.Detail, "only the pack") {
		q, qr := b.Config.Reduce(filepath.Join(work, "reduce"), p, r.Target, r)
		rdir := filepath.Join(dir, "reduced")
		write(rdir, q.Render(), qr)
		f.Reduced = rdir
	}
	return f
}

func write(dir string, files progen.Files, r Result) {
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, progen.MainName), []byte(files.Main), 0o644)
	os.WriteFile(filepath.Join(dir, progen.HeaderName), []byte(files.Header), 0o644)
	os.WriteFile(filepath.Join(dir, "result.txt"), []byte(r.String()+"\n"), 0o644)
}
