/* Used by preprocessed.c: an error in a header's directive is reported at
   the header's line. */
static inline void pp_bad(float *x, int n) {
#pragma acc parallel loop copyin(x[0:n]) reduction(maxx:n) // want error:"unknown reduction operator 'maxx'"
    for (int i = 0; i < n; i++)
        x[i] = 0;
}
