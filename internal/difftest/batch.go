package difftest

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/accc-compiler/accc/internal/progen"
)

// A Batch runs generated programs seed, seed+1, ... on the targets.
type Batch struct {
	Config
	Seed     int64
	Count    int
	Jobs     int            // programs checked at once (default 1)
	Options  progen.Options // generator options
	Work     string         // scratch directory, one subdirectory per job
	Findings string         // where failing programs go ("" keeps none)
	Reduce   bool           // reduce each finding
	Log      io.Writer      // progress and findings
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
		for _, k := range []Kind{OK, Mismatch, Crash, Timeout, Rejected, Generated, Internal, Oracle} {
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
			for seed := range seeds {
				p := progen.Generate(seed, b.Options)
				rs, err := b.Check(dir, p.Render())
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				sum.Programs++
				for _, r := range rs {
					if sum.Counts[r.Target] == nil {
						sum.Counts[r.Target] = map[Kind]int{}
					}
					sum.Counts[r.Target][r.Kind]++
				}
				mu.Unlock()
				for _, r := range rs {
					if r.Kind == OK {
						continue
					}
					f := b.save(dir, seed, p, r)
					mu.Lock()
					sum.Findings = append(sum.Findings, f)
					fmt.Fprintf(b.Log, "seed %d: %s\n", seed, indent(r.String()))
					if f.Reduced != "" {
						fmt.Fprintf(b.Log, "  reduced: %s\n", f.Reduced)
					}
					mu.Unlock()
				}
			}
		}(j)
	}
	for k := 0; k < b.Count; k++ {
		seeds <- b.Seed + int64(k)
	}
	close(seeds)
	wg.Wait()
	sort.Slice(sum.Findings, func(i, j int) bool { return sum.Findings[i].Seed < sum.Findings[j].Seed })
	return sum, firstErr
}

func indent(s string) string { return strings.ReplaceAll(s, "\n", "\n    ") }

// save writes a finding's program and, with Reduce, its reduction.
func (b Batch) save(work string, seed int64, p *progen.Program, r Result) Finding {
	f := Finding{Seed: seed, Result: r}
	if b.Findings == "" {
		return f
	}
	dir := filepath.Join(b.Findings, fmt.Sprintf("seed%d-%s", seed, r.Target))
	write(dir, p.Render(), r)
	if b.Reduce && r.Kind != Oracle {
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
