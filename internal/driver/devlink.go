package driver

import (
	"bytes"
	"debug/elf"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/accc-compiler/accc/ir"
)

// relocatableDevice reports whether an object holds relocatable device
// code: accc compiles the .acc.cu of a file with routines (§2.15.1) with
// -rdc=true, and nvcc puts that code in the __nv_relfatbin section.
func relocatableDevice(obj string) bool {
	f, err := elf.Open(obj)
	if err != nil {
		return false
	}
	defer f.Close()
	return f.Section("__nv_relfatbin") != nil
}

// deviceLink links the relocatable device code of the program's objects
// (routines called from other files than their own, OpenACC 3.4 §2.15.1)
// with nvcc -dlink, as a Makefile using nvcc would have to, and returns
// the object to add to the host link, or "" when no object needs it.
// nvlink's undefined references to device routines become OpenACC advice.
func (c *compilation) deviceLink(objs []string) (string, error) {
	var rdc []string
	for _, o := range objs {
		if relocatableDevice(o) {
			rdc = append(rdc, o)
		}
	}
	if len(rdc) == 0 {
		return "", nil
	}
	if err := c.findNVCC(); err != nil {
		return "", err
	}
	for i, o := range rdc {
		// nvcc runs nvlink through a shell (plainName): an object
		// whose name it cannot pass is linked under a plain name.
		if strings.IndexFunc(o, func(r rune) bool { return r != '/' && !plainChar(r) }) < 0 {
			continue
		}
		abs, err := filepath.Abs(o)
		if err != nil {
			return "", err
		}
		rdc[i] = filepath.Join(c.work, fmt.Sprintf("accc_rdc%d.o", i))
		if err := os.Symlink(abs, rdc[i]); err != nil {
			return "", err
		}
	}
	out := filepath.Join(c.work, "accc_dlink.o")
	argv := []string{c.nvcc, "-dlink"}
	argv = append(argv, c.gencode()...)
	argv = append(argv, "-Xcompiler", "-fPIC")
	argv = append(argv, rdc...)
	argv = append(argv, "-o", out)
	var msgs bytes.Buffer
	saved := c.run.stderr
	c.run.stderr = &msgs
	err := c.run.run(argv, nil)
	c.run.stderr = saved
	if err == nil {
		saved.Write(msgs.Bytes())
		return out, nil
	}
	if !c.nvlinkAdvice(msgs.String()) {
		saved.Write(msgs.Bytes())
		return "", err
	}
	return "", errRejected
}

// undefinedDevice matches nvlink's report of a call to a device function
// that no object defines.
var undefinedDevice = regexp.MustCompile(`Undefined reference to '([A-Za-z_][A-Za-z_0-9]*)'`)

// nvlinkAdvice reports nvlink's undefined device routines as OpenACC
// errors, once each, and whether every line of its output was one.
func (c *compilation) nvlinkAdvice(out string) bool {
	all := true
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		m := undefinedDevice.FindStringSubmatch(line)
		if m == nil {
			if strings.TrimSpace(line) != "" {
				all = false
			}
			continue
		}
		name, ok := strings.CutPrefix(m[1], ir.DevicePrefix)
		if !ok {
			all = false
			continue
		}
		if seen[name] {
			continue
		}
		seen[name] = true
		c.errorf("%s", fmt.Sprintf("routine '%s' is called on the device but no file of the program has its device version: "+
			"compile the file that defines '%s' with accc, with '#pragma acc routine seq' (or the level its loops need) "+
			"before its definition or on a prototype it includes; a routine that uses declare'd global variables "+
			"can only be called from its own file (its device version takes their device addresses)", name, name))
	}
	return all && len(seen) > 0
}
