// errorcheck -acc=host -fmax-errors=0
/* Lowering errors of loops: the form of a partitioned loop (OpenACC 3.4
   §2.9), collapse, levels, and the statements that may hold a loop
   directive in a compute region. One construct per function: lowering
   stops a construct at its first error. */

void not_a_comparison(int n, float *a) {
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i != n; i++) // want error:"this loop cannot be partitioned: the condition is not a comparison with <, <=, > or >= (OpenACC loops need the form 'for (i = lo; i < hi; i += step)')"
        a[i] = 0;
}

void float_index(int n, float *a) {
#pragma acc parallel loop copy(a[0:n])
    for (float x = 0; x < n; x++) // want error:"this loop cannot be partitioned: the loop variable 'x' is not an integer"
        a[0] += x;
}

void other_variable_compared(int n, int m, float *a) {
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; m < n; i++) // want error:"this loop cannot be partitioned: the condition does not compare 'i'"
        a[i] = 0;
}

void multiplied_step(int n, float *a) {
#pragma acc parallel loop copy(a[0:n])
    for (int i = 1; i < n; i *= 2) // want error:"this loop cannot be partitioned: the increment is not i++, i--, i += step or i -= step"
        a[i] = 0;
}

void negative_step(int n, float *a) {
#pragma acc parallel loop copy(a[0:n])
    for (int i = n - 1; i >= 0; i += -1) // want error:"this loop cannot be partitioned: the step must be positive with += and -="
        a[i] = 0;
}

void no_initialisation(int n, float *a) {
    int i = 0;
#pragma acc parallel loop copy(a[0:n])
    for (; i < n; i++) // want error:"this loop cannot be partitioned: the initialisation is not 'i = lo'"
        a[i] = 0;
}

void two_index_variables(int n, float *a) {
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0, j = 0; i < n; i++) // want error:"this loop cannot be partitioned: the initialisation must declare one variable with a value"
        a[i] = j;
}

void gang_dim(int n, float *a) {
#pragma acc parallel loop gang(dim:2) copy(a[0:n * n])
    for (int i = 0; i < n; i++) {
#pragma acc loop gang(dim:2) // want error:"a gang(dim:2) loop inside a gang(dim:2) loop: a gang loop may contain only gang loops of lower dimensions"
        for (int j = 0; j < n; j++)
            a[i * n + j] = 0;
    }
#pragma acc parallel loop gang(dim:3) copy(a[0:n * n])
    for (int i = 0; i < n; i++) {
#pragma acc loop gang(dim:2) worker // want error:"a gang(dim:2) loop that is also a worker or vector loop is not supported yet"
        for (int j = 0; j < n; j++)
            a[i * n + j] = 0;
    }
#pragma acc parallel loop gang copy(a[0:n * n])
    for (int i = 0; i < n; i++) {
#pragma acc loop gang(dim:2) // want error:"this loop's gang level is already used by an enclosing loop"
        for (int j = 0; j < n; j++)
            a[i * n + j] = 0;
    }
}

void triangular_collapse(int n, float *a) {
#pragma acc parallel loop collapse(2) copy(a[0:n*n])
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++) // want error:"collapsed loops must be rectangular: the bounds of this loop depend on 'i'"
            a[i * n + j] = 0;
}

void loose_collapse(int n, float *a) {
#pragma acc parallel loop collapse(2) copy(a[0:n*n])
    for (int i = 0; i < n; i++) { // want error:"collapse(2) needs 2 tightly nested for loops (collapse(force:2) moves the code between them into the innermost loop)"
        a[i] = 1;
        for (int j = 0; j < n; j++)
            a[i * n + j] = 0;
    }
}

void forced_collapse_last(int n, float *a) {
#pragma acc parallel loop collapse(force:2) copy(a[0:n*n])
    for (int i = 0; i < n; i++) { // want error:"collapse(force:2) needs a for loop as the last statement of each of the 2 loops"
        for (int j = 0; j < n; j++)
            a[i * n + j] = 0;
        a[i] = 1;
    }
}

void gang_inside_vector(int n, float *a) {
#pragma acc parallel loop vector copy(a[0:n*n])
    for (int i = 0; i < n; i++) {
#pragma acc loop gang // want error:"this loop's gang level is already used by an enclosing loop, or nested inside a finer level (gang contains worker contains vector)"
        for (int j = 0; j < n; j++)
            a[i * n + j] = 0;
    }
}

void loop_in_if(int n, float *a) {
#pragma acc parallel copy(a[0:n])
    {
        if (n > 2) { /* if, else, switch and labels may enclose loop directives */
#pragma acc loop
            for (int i = 0; i < n; i++)
                a[i] = 0;
        }
    }
}

void loop_in_do(int n, float *a) {
#pragma acc parallel copy(a[0:n])
    {
        do { // want error:"a loop directive or a call of a gang, worker or vector routine inside this statement is not supported yet; blocks, for and while loops, if, switch and labeled statements may enclose one in device code"
#pragma acc loop
            for (int i = 0; i < n; i++)
                a[i] = 0;
        } while (0);
    }
}

void label_declaration(int n, float *a) {
#pragma acc parallel copy(a[0:n])
    {
        __label__ done; // want error:"this kind of block item is not supported in a compute region"
#pragma acc loop
        for (int i = 0; i < n; i++)
            a[i] = 0;
    }
}

void kernels_declaration(int n, float *a) {
#pragma acc kernels copy(a[0:n])
    {
        int t = 1; /* a variable of the construct */
        for (int i = 0; i < n; i++)
            a[i] += t;
    }
}
