// errorcheck -acc=host -fmax-errors=0
/* Lowering errors of the tile clause (OpenACC 3.4 §2.9.8): its nest, its
   sizes (each a positive integer constant or *: directives.Check rejects
   others, testdata/errors/clauses.c), and tile with collapse. One construct per function:
   lowering stops a construct at its first error. */

void tile_and_collapse(int n, float *a) {
#pragma acc parallel loop tile(4, 4) collapse(2) copy(a[0:n*n]) // want error:"'tile' and 'collapse' on one loop are not supported: each says how many loops the directive applies to (§2.9.1, §2.9.8); use one of them"
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            a[i * n + j] = 0;
}

void loose_nest(int n, float *a) {
#pragma acc parallel loop tile(8, 2) copy(a[0:n*n])
    for (int i = 0; i < n; i++) { // want error:"tile(8, 2) needs 2 tightly nested for loops (§2.9.8)"
        a[i] = 1;
        for (int j = 0; j < n; j++)
            a[i * n + j] = 0;
    }
}

void triangular(int n, float *a) {
#pragma acc parallel loop tile(*, *) copy(a[0:n*n])
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++) // want error:"tiled loops must be rectangular: the bounds of this loop depend on 'i'"
            a[i * n + j] = 0;
}

void huge_tile(int n, float *a) {
#pragma acc parallel loop tile(65536, 65536) copy(a[0:n*n]) // want error:"tile(65536, 65536) is not supported: a tile may have at most 2^31-1 iterations"
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            a[i * n + j] = 0;
}
