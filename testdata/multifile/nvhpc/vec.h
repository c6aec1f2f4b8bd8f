/* A library of heap vectors, built separately (libvec.a): under
 * -gpu=mem:managed its allocations are managed memory too. */
double *vec_new(int n, double v);
void vec_free(double *x);
