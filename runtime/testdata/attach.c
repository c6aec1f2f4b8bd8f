/* attach.c: attach and detach of a pointer member (OpenACC 3.4 §2.6.8):
 * the device copy of the struct points at the device copy of the data
 * while attached, the host pointer survives copies back, and the last
 * detach restores the host value on the device. */
#include "check.h"

enum { N = 64 };
static struct vec {
    double *p;
    int n;
} v;
static double data[N];

int main(void) {
    SITE(s, 21);
    accrt_map in[2] = {MAP(ACCRT_COPYIN, 0, &v, sizeof v), MAP(ACCRT_COPYIN, 0, data, sizeof data)};
    accrt_map att[1] = {MAP(ACCRT_ATTACH, 0, &v.p, sizeof v.p)};
    accrt_map det[1] = {MAP(ACCRT_DETACH, 0, &v.p, sizeof v.p)};
    accrt_map detfin[1] = {MAP(ACCRT_DETACH, ACCRT_FINALIZE, &v.p, sizeof v.p)};
    accrt_map region[2] = {MAP(ACCRT_PRESENT, 0, &v, sizeof v), MAP(ACCRT_ATTACH, 0, &v.p, sizeof v.p)};
    accrt_map out[1] = {MAP(ACCRT_COPYOUT, 0, &v, sizeof v)};
    accrt_map implicit[1] = {MAP(ACCRT_ATTACH, ACCRT_IMPLICIT, &v.p, sizeof v.p)};
    struct vec *dv;
    v.p = data;
    v.n = N;
    accrt_enter_data(implicit, 1, ACCRT_SYNC, &s); /* v absent: implied attach does nothing */
    CHECK(accrt_attach_count((void **)&v.p) == 0);
    accrt_enter_data(in, 2, ACCRT_SYNC, &s);
    dv = in[0].dev;
    CHECK(dv->p == (shared() ? data : (double *)data)); /* copied as is: not attached yet */
    accrt_enter_data(att, 1, ACCRT_SYNC, &s);
    CHECK(accrt_attach_count((void **)&v.p) == 1);
    CHECK(dv->p == (double *)in[1].dev && att[0].dev == (void *)&dv->p);

    /* A structured attach on top: count 2, then back to 1. */
    accrt_enter(region, 2, ACCRT_SYNC, &s);
    CHECK(accrt_attach_count((void **)&v.p) == 2);
    accrt_exit(region, 2, ACCRT_SYNC, &s);
    CHECK(accrt_attach_count((void **)&v.p) == 1 && dv->p == (double *)in[1].dev);

    /* Copying the struct back keeps the host pointer; copying it in keeps
     * the device pointer. */
    v.n = 7;
    accrt_update_device(&v, sizeof v, "v", ACCRT_SYNC, 0, &s);
    CHECK(dv->n == 7 && dv->p == (double *)in[1].dev);
    dv->n = 9;
    accrt_update_self(&v, sizeof v, "v", ACCRT_SYNC, 0, &s);
    CHECK(v.n == 9 && v.p == data);

    accrt_enter_data(att, 1, ACCRT_SYNC, &s);
    CHECK(accrt_attach_count((void **)&v.p) == 2);
    accrt_exit_data(det, 1, ACCRT_SYNC, &s);
    CHECK(accrt_attach_count((void **)&v.p) == 1 && dv->p == (double *)in[1].dev);
    accrt_enter_data(att, 1, ACCRT_SYNC, &s);
    accrt_exit_data(detfin, 1, ACCRT_SYNC, &s); /* finalize: straight to 0 */
    CHECK(accrt_attach_count((void **)&v.p) == 0);
    CHECK(dv->p == data); /* the host value again */

    /* Deleting the struct drops its attachments. */
    accrt_enter_data(att, 1, ACCRT_SYNC, &s);
    accrt_exit_data(out, 1, ACCRT_SYNC, &s);
    CHECK(accrt_attach_count((void **)&v.p) == 0 && v.p == data);
    accrt_exit_data(det, 1, ACCRT_SYNC, &s); /* not attached: no action */
    return done();
}
