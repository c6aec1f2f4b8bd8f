// errorcheck -acc=host -fmax-errors=0
/* private and firstprivate items lowering cannot give each gang or
   thread a copy of. */
extern float ext[];

void loop_private_pointer_section(int n, float *a, float *p) {
#pragma acc parallel loop private(p[0:4]) copy(a[0:n]) // want error:"private section of pointer 'p' is not supported yet; declare an array"
    for (int i = 0; i < n; i++)
        a[i] = p[0];
}

void firstprivate_pointer_element(int n, float *a, float *p) {
#pragma acc parallel firstprivate(p[1]) copy(a[0:n]) // want error:"firstprivate of 'p[1]' is not supported: a pointer's private copy must be a one-dimensional section with a length, such as p[0:n]"
    a[0] = p[1];
}

void private_pointer_element(int n, float *a, float *p) {
#pragma acc parallel private(p[1]) copy(a[0:n]) // want error:"private of 'p[1]' is not supported: a pointer's private copy must be a one-dimensional section with a length, such as p[0:n]"
    a[0] = 1;
}

void firstprivate_vla(int n, float *a) {
    float v[n];
#pragma acc parallel firstprivate(v) copy(a[0:n]) // want error:"firstprivate array 'v' must have a constant size"
    a[0] = 0;
}

void firstprivate_incomplete_array(float *a) {
#pragma acc parallel firstprivate(ext) copy(a[0:1]) // want error:"firstprivate array 'ext' must have a constant size"
    a[0] = ext[0];
}

void private_sections(int n, float *a, float *p) {
#pragma acc parallel private(p[0:4]) private(p[0:8]) copy(a[0:n]) // want error:"'p' appears in private clauses as 'p[0:4]' and 'p[0:8]'"
    a[0] = p[7] = 1;
}

/* A combined construct's private array that the loop's bound reads: the
   bound needs the construct's array, which the loop's copy hides. */
void private_array_bound(int n, float *a) {
    int w[2] = {4, 0};
#pragma acc parallel loop private(w) copy(a[0:n])
    for (int i = 0; i < w[0]; i++) { // want error:"'w' is private to the loop and used in its bounds or step: only a scalar can be (declare a copy for the bounds)"
        w[1] = i;
        a[i] = w[1];
    }
}
