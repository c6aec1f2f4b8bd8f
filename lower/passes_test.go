package lower

import "testing"

// Each pass runs after the passes that produce what it requires, and each
// fact has one producer.
func TestPassOrder(t *testing.T) {
	produced := map[string]string{}
	for _, p := range computePasses {
		for _, r := range p.requires {
			if produced[r] == "" {
				t.Errorf("pass %s requires %q, which no earlier pass produces", p.name, r)
			}
		}
		for _, f := range p.produces {
			if q := produced[f]; q != "" {
				t.Errorf("passes %s and %s both produce %q", q, p.name, f)
			}
			produced[f] = p.name
		}
		if p.doc == "" || p.run == nil {
			t.Errorf("pass %s needs a doc and a run function", p.name)
		}
	}
}
