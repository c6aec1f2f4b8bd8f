package driver

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/diag"
)

// A C file with OpenACC directives is compiled as one preprocessed unit,
// the way gcc -save-temps does it: the host compiler preprocesses it (cc -E,
// with the user's options and the runtime's headers), the frontend reads that
// text, the host file is that text with the directives replaced, and the
// host compiler compiles it as preprocessed text (-fpreprocessed). So a
// directive is found wherever the preprocessor delivers it: in a header,
// in an #include'd .c file, after #line, from a _Pragma in a macro; and its
// macros are replaced where it stands (OpenACC §2.1), by the preprocessor
// that compiles the rest of the program (gcc expands `#pragma acc` under
// -fopenacc). Positions inside accc are lines of that text; the unit's
// LineMap turns them into the user's files and lines for diagnostics,
// #line in generated code and the runtime's error sites.
//
// A host compiler that cannot expand acc pragmas (no -fopenacc) gets the
// older path: the frontend preprocesses the main file itself and the host
// file is that file with its directives replaced.

// preprocessed reports whether C files with directives go through the
// preprocessed unit: with -acc, a host compiler that expands acc pragmas,
// and tools that really run.
func (c *compilation) preprocessed() bool {
	if !c.cfg.ACC || c.cfg.DryRun {
		return false
	}
	p, _ := c.probes()
	return p.AccPragmas
}

// preprocessedFlags are the options of the preprocessing run: the user's
// (as the compile would see them) and the runtime's headers, accrt.h
// (every host file calls into it), for the CPU targets string.h (CPU
// kernels copy with memcpy) and for emulate accrt_emulate.h (how its
// kernels run gangs and loops), as if the file included them first.
func (c *compilation) preprocessedFlags(in string) []string {
	argv := c.ccArgv("-E", "-dD", "-fopenacc", "-U_OPENACC")
	argv = append(argv, c.preprocessorFlags()...)
	argv = append(argv, c.codeFlags()...)
	// By their paths: some gcc builds search their own directories, which
	// have an openacc.h of gcc's, before -isystem (preprocessorFlags puts
	// accc's directory first with -I). The headers say they are system
	// headers themselves (#pragma GCC system_header).
	argv = append(argv, "-include", filepath.Join(c.hdrDir, "accrt.h"), "-include", filepath.Join(c.hdrDir, "openacc.h"))
	if c.cfg.Target != TargetGPU || c.cfg.Fallback {
		argv = append(argv, "-include", "string.h")
	}
	if c.cfg.Target == TargetEmulate {
		argv = append(argv, "-include", filepath.Join(c.hdrDir, "accrt_emulate.h"))
	}
	return append(argv, in)
}

// loadPreprocessed preprocesses in and loads the unit. Diagnostics name the
// user's files and lines (the unit's LineMap applies to them on their way to
// c.diags).
func (c *compilation) loadPreprocessed(in string) (*frontend.Unit, error) {
	var text bytes.Buffer
	if err := c.run.run(c.preprocessedFlags(in), &text); err != nil {
		return nil, err
	}
	src := expandAccMacros(escapeMarkerNames(text.Bytes()))
	lines := diag.ParseLineMarkers(in, src)
	if !hasAccPragma(src) {
		// No OpenACC directive: the host compiler compiles the file as
		// it is, and accc's C frontend, which lacks some of the host
		// compiler's extensions (_Float16 in <immintrin.h>), need not
		// read it.
		return &frontend.Unit{File: in, Src: map[string][]byte{in: src}, Lines: lines}, nil
	}
	return frontend.LoadPreprocessedLines(c.frontendConfig(), in, src, lines, lines.Sink(c.diags))
}

// escapeMarkerNames returns text with the file names of its line markers
// spelled so that both gcc and the C frontend read them back: gcc writes a
// carriage return in a name as it is, which ends the line for the C
// frontend, and a newline as \n, which gcc itself reads back as n. Both
// become octal escapes, which gcc reads as the character.
func escapeMarkerNames(text []byte) []byte {
	if !bytes.Contains(text, []byte("\r")) && !bytes.Contains(text, []byte(`\n`)) {
		return text
	}
	out := make([]byte, 0, len(text))
	for len(text) > 0 {
		var line []byte
		line, text = nextLine(text)
		if len(line) < 2 || line[0] != '#' || line[1] != ' ' {
			out = append(out, line...)
			continue
		}
		for j := 0; j < len(line); j++ {
			switch b := line[j]; {
			case b == '\\' && j+1 < len(line):
				if line[j+1] == 'n' {
					out = append(out, `\012`...)
				} else {
					out = append(out, b, line[j+1])
				}
				j++
			case b == '\r' && j != len(line)-2:
				out = append(out, `\015`...)
			default:
				out = append(out, b)
			}
		}
	}
	return out
}

// expandsAccPragmas reports whether the host compiler (the command cc)
// replaces macros in `#pragma acc` lines when it preprocesses (gcc's
// -fopenacc); the answer is kept per command.
func expandsAccPragmas(cc []string) bool {
	key := strings.Join(cc, "\x00")
	if v, ok := accPragmaProbe.Load(key); ok {
		return v.(bool)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, cc[0], append(cc[1:len(cc):len(cc)], "-fopenacc", "-E", "-x", "c", "-")...)
	cmd.Stdin = bytes.NewReader([]byte("#define ACCC_PROBE gang\n#pragma acc loop ACCC_PROBE\n"))
	cmd.Env = append(os.Environ(), NestedEnv+"=1")
	out, err := cmd.Output()
	ok := err == nil && bytes.Contains(out, []byte("#pragma acc loop gang"))
	accPragmaProbe.Store(key, ok)
	return ok
}

var accPragmaProbe sync.Map // host compiler command, words joined by NUL → bool
