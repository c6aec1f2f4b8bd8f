// errorcheck -acc=host -fmax-errors=0
/* Lowering errors of compute constructs and their implicit data
   attributes, and of directives lowering does not place in one. */
extern float ext[];

void orphaned_loop(int n, float *a) {
#pragma acc loop // want error:"orphaned 'loop' directive (outside a compute construct) is not supported yet; it needs 'routine'"
    for (int i = 0; i < n; i++) a[i] = 0;
}

void return_out_of_data(int n, float *a) {
#pragma acc data copy(a[0:n])
    {
        if (n > 3)
            return; // want error:"'return' out of a data construct is not supported: the construct's exit (copy-out, release) would be skipped"
        a[0] = 1;
    }
}

void goto_out_of_parallel(int n, float *a) {
#pragma acc parallel copy(a[0:n])
    {
        if (n > 3)
            goto out; // want error:"'goto' out of a parallel construct is not supported: the construct's exit (copy-out, release) would be skipped"
        a[0] = 1;
    }
out:;
}

void default_none(float *a) {
    float s = 2;
#pragma acc parallel loop default(none) copy(a[0:8])
    for (int i = 0; i < 8; i++)
        a[i] = s; // want error:"variable 's' is used in the compute region but appears in no data clause, and the construct has default(none)"
}

void implicit_incomplete_array(int n) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        ext[i] = 0; // want error:"the extent of array 'ext' is unknown; add a data clause such as copy(ext[0:n])"
}

void unsupported_type(int n, float *a) {
    long double x = 1;
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i++)
        a[i] = x; // want error:"variable 'x' of type long double cannot be used in a compute region"
}

void update_between_data_and_block(int n, float *a) {
#pragma acc data copy(a[0:n])
#pragma acc update device(a[0:n]) // want error:"'#pragma acc update' is written between '#pragma acc data' and the statement it applies to; move it before the construct or into its block"
    {
        a[0] = 1;
    }
}

void wait_between_stacked_constructs(int n, float *a) {
#pragma acc data copy(a[0:n])
#pragma acc host_data use_device(a)
#pragma acc wait // want error:"'#pragma acc wait' is written between '#pragma acc data' and the statement it applies to; move it before the construct or into its block"
    a[0] = 1;
}
