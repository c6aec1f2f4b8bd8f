/* trace.c: the work that NV_ACC_NOTIFY's bits and NV_ACC_DEBUG trace
 * (src/trace.c): a data region around a compute construct, a compute
 * construct without data clauses, enter data, update, an async compute
 * construct, wait, exit data, acc_malloc and acc_free. Prints "ok". */
#include <openacc.h>

#include "check.h"

enum { N = 8 };
static double a[N];

int main(void) {
    static const accrt_site data = {"t.c", 10, "main", "data"}, loop = {"t.c", 11, "main", "parallel loop"},
                            serial = {"t.c", 14, "main", "serial"}, enter = {"t.c", 16, "main", "enter data"},
                            update = {"t.c", 17, "main", "update"}, kernels = {"t.c", 18, "main", "kernels"},
                            wait = {"t.c", 20, "main", "wait"}, exit_ = {"t.c", 21, "main", "exit data"};
    accrt_map d[1] = {MAP(ACCRT_COPY, 0, a, sizeof a)};
    accrt_map p[1] = {MAP(ACCRT_PRESENT, 0, a, sizeof a)};
    accrt_map e[1] = {MAP(ACCRT_COPYIN, 0, a, sizeof a)};
    accrt_map k[1] = {MAP(ACCRT_PRESENT, 0, a, sizeof a)};
    accrt_map x[1] = {MAP(ACCRT_COPYOUT, 0, a, sizeof a)};
    void *m;
    accrt_enter(d, 1, ACCRT_SYNC, &data);
    accrt_enter(p, 1, ACCRT_SYNC, &loop);
    accrt_launch_begin(&loop, "main_11", 2, 1, 4, ACCRT_SYNC);
    accrt_check_launch(&loop);
    accrt_exit(p, 1, ACCRT_SYNC, &loop);
    accrt_launch_begin(&serial, "main_14", 1, 1, 1, ACCRT_SYNC);
    accrt_check_launch(&serial);
    accrt_exit(d, 1, ACCRT_SYNC, &data);
    accrt_enter_data(e, 1, ACCRT_SYNC, &enter);
    accrt_update_device(a, sizeof a, "a", ACCRT_SYNC, 0, &update);
    accrt_enter(k, 1, 1, &kernels);
    accrt_launch_begin(&kernels, "main_19", 2, 1, 4, 1);
    accrt_check_launch(&kernels);
    accrt_exit(k, 1, 1, &kernels);
    accrt_wait(1, &wait);
    accrt_exit_data(x, 1, ACCRT_SYNC, &exit_);
    m = acc_malloc(64);
    acc_free(m);
    return done();
}
