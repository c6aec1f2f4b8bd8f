// errorcheck -acc=host -fmax-errors=0
/* Reductions lowering: scalars, arrays, contiguous sections,
   elements and scalar struct members are reduced (OpenACC 3.4 §2.5.15,
   §2.9.11); the directive checker also accepts whole structs and other
   members, which accc does not reduce yet, and sections need a constant
   length. */
struct P { float x, y; };
struct R { float x; float arr[4]; struct { int k; } in; };

void member_forms(int n, const float *a) {
    struct R s = {0};
#pragma acc parallel loop reduction(+:s.arr) copyin(a[0:n]) // want error:"reduction on the member 's.arr' of type float [4] is not supported: reduce a scalar member"
    for (int i = 0; i < n; i++)
        s.arr[0] += a[i];
#pragma acc parallel loop reduction(+:s.arr[0:2]) copyin(a[0:n]) // want error:"reduction on 's.arr[0:2]' is not supported: reduce a scalar member of a struct, such as s.x or p->x"
    for (int i = 0; i < n; i++)
        s.arr[0] += a[i];
#pragma acc parallel loop reduction(+:s.in.k) copyin(a[0:n]) // want error:"reduction on 's.in.k' is not supported: reduce a member of a struct variable or of the struct a pointer points to"
    for (int i = 0; i < n; i++)
        s.in.k += 1;
}

void member_places(int n, const float *a) {
    struct P s = {0, 0};
#pragma acc parallel loop firstprivate(s) reduction(+:s.x) copyin(a[0:n]) // want error:"reduction on the member 's.x': the struct must be in device memory"
    for (int i = 0; i < n; i++)
        s.x += a[i];
#pragma acc parallel copyin(a[0:n])
    {
        struct P t = {0, 0};
#pragma acc loop reduction(+:t.x) // want error:"reduction on the member 't.x' of a struct declared in the compute region is not supported"
        for (int i = 0; i < n; i++)
            t.x += a[i];
    }
#pragma acc parallel loop reduction(+:s.x) copyin(a[0:n])
    for (int i = 0; i < n; i++)
        (&s)->x += a[i]; // want error:"the reduced member 's.x' is used under another name: write s.x"
}

void loop_struct_reduction(int n, const float *a) {
    struct P s = {0, 0};
#pragma acc parallel copyin(a[0:n])
    {
#pragma acc loop reduction(+:s) // want error:"reduction on 's' of type struct P is not supported"
        for (int i = 0; i < n; i++)
            s.x += a[i];
    }
}

void variable_length(int n, int m, const float *a, float *h) {
#pragma acc parallel loop reduction(+:h[0:m]) copyin(a[0:n]) // want error:"reduction on the section 'h[0:m]' needs a constant length"
    for (int i = 0; i < n; i++)
        h[i % m] += a[i];
}

void two_dimensions(int n, int m, const float *a, float (*p)[4], float **q, float (*v)[m]) {
    float g[4][4] = {{0}}, h[4][4] = {{0}};
    /* Contiguous sections of any number of dimensions reduce. */
#pragma acc parallel loop reduction(+:g[0:2][0:4]) reduction(+:h[3][1:2]) copyin(a[0:n])
    for (int i = 0; i < n; i++) {
        g[i % 2][i % 4] += a[i];
        h[3][1 + i % 2] += a[i];
    }
#pragma acc parallel loop reduction(+:g[0:2][1:2]) copyin(a[0:n]) // want error:"section 'g[0:2][1:2]' is not contiguous: after a partial dimension, every dimension must be whole"
    for (int i = 0; i < n; i++)
        g[i % 2][1] += a[i];
#pragma acc parallel loop reduction(+:p[0:m][0:4]) copyin(a[0:n]) // want error:"reduction on the section 'p[0:m][0:4]' needs a constant length"
    for (int i = 0; i < n; i++)
        p[i % 2][0] += a[i];
#pragma acc parallel loop reduction(+:q[0:2][0:4]) copyin(a[0:n]) // want error:"reduction on 'q[0:2][0:4]' is not supported: its rows are reached through pointers"
    for (int i = 0; i < n; i++)
        q[i % 2][0] += a[i];
#pragma acc parallel loop reduction(+:v[0:2][0:2]) copyin(a[0:n]) // want error:"reduction on the section 'v[0:2][0:2]' needs rows of a constant size"
    for (int i = 0; i < n; i++)
        v[i % 2][0] += a[i];
}

void section_bound(int n, int k, const float *a) {
    float g[8] = {0};
#pragma acc parallel loop gang copyin(a[0:n]) copy(g)
    for (int i = 0; i < n; i++) {
#pragma acc loop vector reduction(+:g[k:2]) // want error:"reduction on 'g[k:2]': the section's bounds may use only constants and variables the compute region uses"
        for (int j = 0; j < n; j++)
            g[j % 2] += a[j];
    }
}

void two_operators(int n, const float *a) {
    float s = 0;
#pragma acc parallel reduction(+:s) reduction(*:s) copyin(a[0:n]) // want error:"'s' appears in reductions with different operators"
    s += a[0];
#pragma acc parallel loop reduction(+:s) reduction(max:s) copyin(a[0:n]) // want error:"'s' appears in reductions with different operators"
    for (int i = 0; i < n; i++)
        s += a[i];
}

/* Two sections of one array in reductions of one directive: the second
   was dropped, and its elements kept their values. */
void two_sections(int n, const float *a) {
    float h[4] = {0};
#pragma acc parallel reduction(+:h[0:2]) reduction(+:h[2:2]) copyin(a[0:n]) // want error:"'h' appears in reductions of different sections, 'h[:2]' and 'h[2:2]': reduce one section that holds both"
    h[3] += a[0];
#pragma acc parallel loop reduction(+:h[0:2]) reduction(+:h[1:2]) copyin(a[0:n]) // want error:"'h' appears in reductions of different sections, 'h[:2]' and 'h[1:2]'"
    for (int i = 0; i < n; i++)
        h[1] += a[i];
}

extern float ext[];

void incomplete_array(int n, const float *a) {
#pragma acc parallel loop reduction(+:ext) copyin(a[0:n]) // want error:"reduction on the array 'ext' needs a constant size"
    for (int i = 0; i < n; i++)
        ext[0] += a[i];
}

void empty_section(int n, const float *a) {
    float v[4] = {0};
#pragma acc parallel loop reduction(+:v[1:0]) copyin(a[0:n]) // want error:"reduction on the section 'v[1:0]' has no elements"
    for (int i = 0; i < n; i++)
        v[1] += a[i];
}

void different_sections(int n, const float *a) {
    float g[8] = {0};
#pragma acc parallel reduction(+:g[0:4]) copyin(a[0:n])
    {
#pragma acc loop gang reduction(+:g[4:4]) // want error:"reduction on 'g[4:4]' at the loop and on 'g[0:4]' at the construct: a loop inside a construct that reduces an array must reduce the same elements"
        for (int i = 0; i < n; i++)
            g[4 + i % 4] += a[i];
    }
}
