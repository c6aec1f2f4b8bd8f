// buildcheck -acc=emulate
// A clause argument (T)x parses as a cast when T is a file-scope typedef;
// where a declaration in a block hides the typedef, T is no type.
typedef int T;
void f(double *a) {
    int T = 3;
#pragma acc parallel loop copy(a[(T)*2:10]) // want error:"'T' is not a type here: a declaration hides the typedef of that name"
    for (int i = 6; i < 16; i++)
        a[i] = i;
}
