package opt

import "testing"

// TestNamerUnique checks that names stay as the stem says where they can,
// and otherwise number in order: the second kernel of line 1 of f must
// not take the name of the kernel of f_1 at line 2.
func TestNamerUnique(t *testing.T) {
	var n Namer
	for _, c := range []struct{ stem, want string }{
		{"f_1", "f_1_gpu"},
		{"f_1_2", "f_1_2_gpu"},
		{"f_1", "f_1_3_gpu"},
		{"f_1", "f_1_4_gpu"},
		{"g_7", "g_7_gpu"},
		{"f_1_2", "f_1_2_2_gpu"},
	} {
		if got := n.Unique(c.stem, "_gpu"); got != c.want {
			t.Errorf("Unique(%q) = %q, want %q", c.stem, got, c.want)
		}
	}
}
