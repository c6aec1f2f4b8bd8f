// run
/* _Atomic objects in device code (C11 6.7.3): increments, compound
   assignments and stores of _Atomic integers, longs and shorts (_Atomic(T) too), of
   elements of an _Atomic array, of a member, through a pointer to an
   _Atomic object and through a typedef name, captures of the old or new
   value (v = x++, v = ++x, v = x += e), in parallel loops, a kernels loop
   and a seq routine: every update is one atomic read-modify-write, so
   no update is lost on any target. */
#include <stdio.h>
#define N 20000

typedef _Atomic unsigned long counter_t;
struct stats {
    _Atomic int count;
    double unused;
};

_Atomic int cnt;
counter_t total;

#pragma acc routine seq
static void bump(_Atomic int *p, int by) {
    *p += by;
}

int main(void) {
    static int slot[N], taken[N];
    _Atomic int hist[8] = {0};
    _Atomic long big = 0;
    _Atomic(short) small = 0;
    _Atomic int next = 0, last = -1, evens = 0, viaroutine = 0;
    struct stats st = {0, 0};
    int n = N;
#pragma acc parallel loop copy(cnt, total, hist, big, st, next, last) copyout(slot)
    for (int i = 0; i < n; i++) {
        cnt++;
        total += 3;
        hist[i % 8]++;
        big -= 2;
        st.count += i % 2;
        slot[i] = next++;
        last = 7;
    }
    int pre = 0, post = 0;
#pragma acc parallel loop copy(next, evens) reduction(max:pre, post)
    for (int i = 0; i < n; i++) {
        int a, b;
        a = ++next;
        b = next += 2;
        pre = pre > a ? pre : a;
        post = post > b ? post : b;
        if (i % 2 == 0)
            evens++;
    }
#pragma acc kernels copy(cnt)
    for (int i = 0; i < n; i++)
        cnt += 2;
    /* Many updates of one counter: a lost one shows. */
#pragma acc parallel loop copy(big, small)
    for (int i = 0; i < 100 * n; i++) {
        big++;
        if (i % 1000 == 0)
            small += 3;
    }
#pragma acc parallel loop copy(viaroutine)
    for (int i = 0; i < n; i++)
        bump(&viaroutine, 1);
    for (int i = 0; i < N; i++)
        taken[slot[i]]++;
    int perm = 1;
    for (int i = 0; i < N; i++)
        perm &= taken[i] == 1;
    int h = 0;
    for (int k = 0; k < 8; k++)
        h += hist[k] == N / 8;
    printf("%d %lu %d %ld %d %d\n", (int)cnt, (unsigned long)total, h, (long)big, (int)st.count, (int)small);
    printf("%d %d %d %d %d %d %d\n", perm, (int)last, (int)next, pre <= 3 * N + N && pre > N, post == 4 * N, (int)evens, (int)viaroutine);
    return 0;
}
