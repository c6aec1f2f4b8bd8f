//go:build unix

package driver

import (
	"io/fs"
	"syscall"
)

// fileOwner is the user id that owns the file fi describes.
func fileOwner(fi fs.FileInfo) int {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return int(st.Uid)
	}
	return -1
}

// fileGroup is the group id of the file fi describes.
func fileGroup(fi fs.FileInfo) int {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return int(st.Gid)
	}
	return -1
}
