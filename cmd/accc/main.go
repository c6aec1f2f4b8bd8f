package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"slices"

	"github.com/spf13/cobra"

	"github.com/accc-compiler/accc/internal/driver"
)

// A runFunc carries out a compilation; driver.Run is the real one.
type runFunc func(cfg *driver.Config, stdout, stderr io.Writer) int

// An infoFunc writes the toolchain and device report; driver.Info is the
// real one.
type infoFunc func(w io.Writer) error

// exitCode is returned through cobra when a command has already reported
// its failure and only the exit status is left to pass on.
type exitCode int

func (c exitCode) Error() string { return fmt.Sprintf("exit status %d", int(c)) }

// Exit statuses of accc (the driver uses the same: 0 ok, 1 rejected input).
const (
	exitUsage    = 2 // bad command line
	exitInternal = 3 // internal compiler error
)

// subcommands are the words that select a subcommand when they are the
// first argument; anything else is a compilation.
var subcommands = []string{"version", "info", "help"}

func main() {
	tuneGC()
	driver.HandleSignals()
	stop := startProfile(os.Stderr)
	status := run(os.Args[1:], os.Stdout, os.Stderr, nil, nil)
	stop()
	writeCPUTimes(os.Stderr)
	os.Exit(status)
}

// run executes one accc invocation and returns its exit status. runF and
// infoF replace driver.Run and driver.Info when not nil (tests). No panic
// escapes: it is reported as an internal compiler error, with the stack only
// when ACCC_DEBUG=1.
func run(args []string, stdout, stderr io.Writer, runF runFunc, infoF infoFunc) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "accc: internal compiler error: %v\n", r)
			if os.Getenv("ACCC_DEBUG") == "1" {
				stderr.Write(debug.Stack())
			} else {
				fmt.Fprintln(stderr, "accc: rerun with ACCC_DEBUG=1 for a stack trace and please report it")
			}
			status = exitInternal
		}
	}()

	root := NewCmdRoot(runF, infoF)
	root.SetArgs(rootArgs(args))
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	var code exitCode
	var cl *cmdlineError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &code):
		return int(code)
	case errors.As(err, &cl):
		fmt.Fprintln(stderr, cl.Error())
		if cl.fatal {
			fmt.Fprintln(stderr, "compilation terminated.")
		}
	default: // from cobra: a subcommand's arguments
		fmt.Fprintf(stderr, "accc: error: %v\n", err)
	}
	return exitUsage
}

// compileSentinel is put in front of the arguments of a compilation so that
// cobra, which looks for a subcommand name among the arguments it takes for
// operands (`accc -O2 info` would find "info"), always picks the root
// command. The root command removes it.
const compileSentinel = "--"

// rootArgs returns args as they must be given to the root command's
// Execute: unchanged for a subcommand (first argument exactly "version",
// "info" or "help"), with compileSentinel in front for a compilation.
func rootArgs(args []string) []string {
	if len(args) > 0 && slices.Contains(subcommands, args[0]) {
		return args
	}
	return append([]string{compileSentinel}, args...)
}

// NewCmdRoot returns the accc command: a compilation with a gcc-style
// command line, which cobra must not parse (see doc.go), plus the version
// and info subcommands. Its arguments must come from rootArgs.
func NewCmdRoot(runF runFunc, infoF infoFunc) *cobra.Command {
	if runF == nil {
		runF = driver.Run
	}
	root := &cobra.Command{
		Use:   "accc [options] file...",
		Short: "OpenACC compiler for C; a drop-in for pgcc/nvc -acc",
		// gcc-style options (-Minfo=accel, -I dir, -DX=1, -acc) are not
		// pflag's grammar: parseArgs reads them.
		DisableFlagParsing: true,
		Args:               cobra.ArbitraryArgs,
		SilenceErrors:      true,
		SilenceUsage:       true,
		CompletionOptions:  cobra.CompletionOptions{DisableDefaultCmd: true},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 && args[0] == compileSentinel {
				args = args[1:]
			}
			cfg, err := parseArgs(args)
			var query hostQuery
			switch {
			case errors.As(err, &query):
				if code := driver.HostQuery(query.arg, cmd.OutOrStdout(), cmd.ErrOrStderr()); code != 0 {
					return exitCode(code)
				}
				return nil
			case errors.Is(err, errHelp):
				fmt.Fprint(cmd.OutOrStdout(), usageText)
				return nil
			case errors.Is(err, errVersion):
				printVersion(cmd.OutOrStdout())
				return nil
			case errors.Is(err, errDumpVersion):
				fmt.Fprintln(cmd.OutOrStdout(), driver.Version)
				return nil
			case err != nil:
				return err
			case len(cfg.Inputs) == 0 && cfg.Mode != driver.ModePrintLibs: // -v or -### alone, as gcc -v
				printVersion(cmd.ErrOrStderr())
				return nil
			}
			if code := runF(cfg, cmd.OutOrStdout(), cmd.ErrOrStderr()); code != 0 {
				return exitCode(code)
			}
			return nil
		},
	}
	defaultHelp := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		if c == root {
			fmt.Fprint(c.OutOrStdout(), usageText)
			return
		}
		defaultHelp(c, args)
	})
	root.AddCommand(NewCmdVersion(), NewCmdInfo(infoF))
	return root
}

// NewCmdVersion returns `accc version`.
func NewCmdVersion() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print accc's version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			printVersion(cmd.OutOrStdout())
			return nil
		},
	}
}

// NewCmdInfo returns `accc info`, the toolchain and device report (like
// nvaccelinfo). infoF replaces driver.Info when not nil.
func NewCmdInfo(infoF infoFunc) *cobra.Command {
	if infoF == nil {
		infoF = driver.Info
	}
	return &cobra.Command{
		Use:   "info",
		Short: "Report the toolchain (nvcc, cc) and the devices accc can use",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := infoF(cmd.OutOrStdout()); err != nil {
				fmt.Fprintf(cmd.ErrOrStderr(), "accc: error: %v\n", err)
				return exitCode(1)
			}
			return nil
		},
	}
}

// printVersion writes "accc version X (go1.N linux/amd64)".
func printVersion(w io.Writer) {
	fmt.Fprintf(w, "accc version %s (%s %s/%s)\n", driver.Version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
