package frontend

// literalEnd returns the index of the quote that closes the string or
// character literal whose opening quote is s[i], or, for one left open,
// of the line end or the end of s where it stops; a backslash escapes
// the byte after it (C11 6.4.4.4, 6.4.5).
func literalEnd[S ~string | ~[]byte](s S, i int) int {
	q, j := s[i], i+1
	for j < len(s) && s[j] != q && s[j] != '\n' {
		if s[j] == '\\' {
			j++
		}
		j++
	}
	return min(j, len(s))
}
