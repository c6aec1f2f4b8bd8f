package frontend

import "io/fs"

// Config holds the preprocessor options of one compilation.
type Config struct {
	IncludeDirs    []string // -I, in order
	SysIncludeDirs []string // searched before the system directories (-isystem): accc's own include dir
	Defines        []string // -D/-U in order: "NAME", "NAME=VAL", or "-NAME" for -U NAME
	PreIncludes    []string // -include FILE
	Std            string   // -std= value ("" for the host compiler's default)
	CC             string   // host C compiler whose predefined macros and include paths are used ("" = cc)
	CCArgs         []string // the words after CC in its command ($CC="ccache gcc", "gcc -m64"), given before any option
	FS             fs.FS    // if set, files are looked up here first (tests); nil means the OS file system
	// Host, when set, is what ProbeHost found for CC, CCArgs and Std
	// (the driver's cache): the compiler is then not run for it.
	Host *HostConfig

	// OpenACC, when not zero, defines _OPENACC to this value (yyyymm).
	OpenACC int
}
