package driver

import "testing"

func TestExpandAccMacros(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"object-like", "#define N 10\n#pragma acc region copy(a[0:N-1])\n",
			"\n#pragma acc region copy(a[0:10-1])\n"},
		{"function-like and nested", "#define N 8\n#define SEC(a, n) a[0:n]\n#define CP(x) copy(x)\n#pragma acc data region CP(SEC(b, N))\n",
			"\n\n\n#pragma acc data region copy(b[0:8])\n"},
		{"redefined later", "#define D 1\n#pragma acc set device_num(D)\n#undef D\n#define D 2\n#pragma acc set device_num(D)\n",
			"\n#pragma acc set device_num(1)\n\n\n#pragma acc set device_num(2)\n"},
		{"undefined", "#define D 1\n#undef D\n#pragma acc init device_num(D)\n",
			"\n\n#pragma acc init device_num(D)\n"},
		{"self-reference stops", "#define x x + 1\n#pragma acc region if(x)\n",
			"\n#pragma acc region if(x + 1)\n"},
		{"function-like name without arguments", "#define f(a) a\n#pragma acc region copy(f)\n",
			"\n#pragma acc region copy(f)\n"},
		{"stringify and paste", "#define S(a) #a\n#define P(a, b) a ## b\n#pragma acc region copy(P(ar, r)) if(S(x)[0])\n",
			"\n\n#pragma acc region copy(arr) if(\"x\"[0])\n"},
		{"variadic", "#define L(...) copy(__VA_ARGS__)\n#pragma acc region L(a, b)\n",
			"\n#pragma acc region copy(a, b)\n"},
		{"code is left alone", "#define N 3\nint a[N];\n", "\nint a[N];\n"},
		{"suffixes and strings", "#define L 5\n#pragma acc region if(1L && \"L\")\n",
			"\n#pragma acc region if(1L && \"L\")\n"},
	} {
		if got := string(expandAccMacros([]byte(tc.in))); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}
