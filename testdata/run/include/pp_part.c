/* Used by pp_headers.c: an #include'd .c file with a kernels construct and
   an update directive. */
static void pp_add(float *x, int n, float v) {
#pragma acc kernels present(x[0:n])
    for (int i = 0; i < n; i++)
        x[i] += v;
#pragma acc update self(x[0:n])
}
