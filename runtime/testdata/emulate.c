/* emulate.c: the emulate backend keeps a separate device copy. A host change
 * is invisible on the device until update device, and a device change is
 * invisible on the host until update self or copyout; a missing copyout
 * leaves the host data as it was. On the shared backend both sides are the
 * same memory. */
#include "check.h"

enum { N = 1000 };
static int x[N];

/* A "kernel" on the device copy. */
static void kernel(int *d, int add) {
    int i;
    for (i = 0; i < N; i++)
        d[i] += add;
}

int main(void) {
    SITE(s, 12);
    accrt_map copy[1] = {MAP(ACCRT_COPY, 0, x, sizeof x)};
    accrt_map copyin[1] = {MAP(ACCRT_COPYIN, 0, x, sizeof x)};
    int sep = !shared(), i;
    for (i = 0; i < N; i++)
        x[i] = i;
    accrt_enter(copy, 1, ACCRT_SYNC, &s);
    CHECK((copy[0].dev != (void *)x) == sep);
    x[7] = -1; /* host change */
    kernel(copy[0].dev, 1000);
    CHECK(((int *)copy[0].dev)[7] == (sep ? 1007 : 999));
    CHECK(x[8] == (sep ? 8 : 1008)); /* device change not visible yet */
    accrt_update_self(x + 8, sizeof(int), "x", ACCRT_SYNC, 0, &s);
    CHECK(x[8] == 1008 && x[9] == (sep ? 9 : 1009));
    x[9] = 5;
    accrt_update_device(x + 9, sizeof(int), "x", ACCRT_SYNC, 0, &s);
    CHECK(((int *)copy[0].dev)[9] == 5);
    accrt_exit(copy, 1, ACCRT_SYNC, &s);
    CHECK(x[7] == (sep ? 1007 : 999) && x[9] == 5 && x[N - 1] == 1000 + N - 1);

    /* copyin only: the device result never comes back. */
    accrt_enter(copyin, 1, ACCRT_SYNC, &s);
    kernel(copyin[0].dev, 1);
    accrt_exit(copyin, 1, ACCRT_SYNC, &s);
    CHECK(x[0] == (sep ? 1000 : 1001));
    return done();
}
