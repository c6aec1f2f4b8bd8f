package opt

import "testing"

// TestNamerReserved checks that a name reserved takes the next number, as
// a name taken does, and that the names after it number on from there.
func TestNamerReserved(t *testing.T) {
	n := Namer{Reserved: func(s string) bool { return s == "f_1_gpu" || s == "f_1_2_gpu" }}
	for _, c := range []struct{ stem, want string }{
		{"f_1", "f_1_3_gpu"},
		{"f_1", "f_1_4_gpu"},
		{"g_1", "g_1_gpu"},
	} {
		if got := n.Unique(c.stem, "_gpu"); got != c.want {
			t.Errorf("Unique(%q) = %q, want %q", c.stem, got, c.want)
		}
	}
}
