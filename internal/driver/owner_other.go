//go:build !unix

package driver

import (
	"io/fs"
	"os"
)

// fileOwner is the user id that owns the file fi describes: without Unix
// owners, always the user's (userID).
func fileOwner(fs.FileInfo) int { return userID() }

// fileGroup is the group id of the file fi describes: the user's.
func fileGroup(fs.FileInfo) int { return os.Getgid() }
