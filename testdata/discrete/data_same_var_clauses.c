// run -Wno-data-stale
/* One variable in two data clauses of the same construct (nothing in
   OpenACC 3.4 §2.7 forbids it): the clauses act as one whose actions are
   the union, whatever their order: copy in if one copies in, copy out if
   one copies out, zero-fill if one has zero:, one structured reference.
   Separate device memory; H is the host sum of a, n = 1000 elements.
   1. a[i] = i; parallel loop copyin(a) copyout(a), kernel a += 1:
      in and out: H = 500500. 2. the same with copyout(a) copyin(a):
      H = 501500.
   3. copyout(a) copy(a), kernel a += 1: H = 502500. 4. copy(a)
      copyout(a): H = 503500.
   5. a[i] = -7; serial create(zero: a) copyout(a), kernel a += 1: zero
      and out: H = 1000. 6. copyout(a) create(zero: a): a = -7 again,
      H = 1000.
   7. a[i] = i; data copyin(a) copyout(a), kernel a *= 2 inside (D = 2i),
      update self(a[1:1]) sees the device copy (H = 499500 + 1 = 499501),
      out at the end: H = 999000.
   8. a[i] = i; no_create(a) copy(a) on absent data: copied in and out,
      kernel a += 2: H = 501500. 9. copyout(a) no_create(a): out,
      kernel a = 5: H = 5000.
   10. a[i] = i; enter data copyin(a) (D = i); a[i] = 100 on the host;
       parallel loop present(a) copyout(a): present, nothing moves in,
       kernel a *= 3 (D = 3i), and the construct's reference is not the
       last: no copy out, H = 100000; exit data copyout(a): H = 1498500.
       (present with a clause that would create absent data still
       demands that the data be present: testdata/fatal.)
   11. a whole array and a section of a pointer with the same range:
       p = a; a[i] = 1; copyin(a) copyout(p[0:N]), kernel p += 1:
       H = 2000.
   enter data and exit data keep a dynamic reference per clause, but
   move data if one of the clauses does:
   12. a[i] = i; enter data create(a) copyin(a) (in), kernel a += 1,
       exit data delete(a) copyout(a) (the last reference goes with a
       clause that copies out): H = 500500.
   13. the same with enter data copyin(a) create(a), exit data
       copyout(a) delete(a): H = 500500.
   The host writes the device does not see are the point: the
   warning about them (data-stale) is off. */
#include <stdio.h>
#define N 1000
double a[N];

static double hsum(void) {
    double s = 0;
    for (int i = 0; i < N; i++) s += a[i];
    return s;
}

static void iota(void) {
    for (int i = 0; i < N; i++) a[i] = i;
}

int main(void) {
    double *p = a;
    iota();
#pragma acc parallel loop copyin(a) copyout(a)
    for (int i = 0; i < N; i++) a[i] += 1;
    printf("1: %.1f\n", hsum());
#pragma acc parallel loop copyout(a) copyin(a)
    for (int i = 0; i < N; i++) a[i] += 1;
    printf("2: %.1f\n", hsum());
#pragma acc parallel loop copyout(a) copy(a)
    for (int i = 0; i < N; i++) a[i] += 1;
    printf("3: %.1f\n", hsum());
#pragma acc parallel loop copy(a) copyout(a)
    for (int i = 0; i < N; i++) a[i] += 1;
    printf("4: %.1f\n", hsum());

    for (int i = 0; i < N; i++) a[i] = -7;
#pragma acc serial create(zero: a) copyout(a)
    for (int i = 0; i < N; i++) a[i] += 1;
    printf("5: %.1f\n", hsum());
    for (int i = 0; i < N; i++) a[i] = -7;
#pragma acc serial copyout(a) create(zero: a)
    for (int i = 0; i < N; i++) a[i] += 1;
    printf("6: %.1f\n", hsum());

    iota();
#pragma acc data copyin(a) copyout(a)
    {
#pragma acc parallel loop present(a)
        for (int i = 0; i < N; i++) a[i] *= 2;
#pragma acc update self(a[1:1])
        printf("7: %.1f", hsum());
    }
    printf(" %.1f\n", hsum());

    iota();
#pragma acc parallel loop no_create(a) copy(a)
    for (int i = 0; i < N; i++) a[i] += 2;
    printf("8: %.1f\n", hsum());
#pragma acc parallel loop copyout(a) no_create(a)
    for (int i = 0; i < N; i++) a[i] = 5;
    printf("9: %.1f\n", hsum());

    iota();
#pragma acc enter data copyin(a)
    for (int i = 0; i < N; i++) a[i] = 100;
#pragma acc parallel loop present(a) copyout(a)
    for (int i = 0; i < N; i++) a[i] *= 3;
    printf("10: %.1f", hsum());
#pragma acc exit data copyout(a)
    printf(" %.1f\n", hsum());

    for (int i = 0; i < N; i++) a[i] = 1;
#pragma acc parallel loop copyin(a) copyout(p[0:N])
    for (int i = 0; i < N; i++) p[i] += 1;
    printf("11: %.1f\n", hsum());

    iota();
#pragma acc enter data create(a) copyin(a)
#pragma acc parallel loop present(a)
    for (int i = 0; i < N; i++) a[i] += 1;
#pragma acc exit data delete(a) copyout(a)
    printf("12: %.1f\n", hsum());
    iota();
#pragma acc enter data copyin(a) create(a)
#pragma acc parallel loop present(a)
    for (int i = 0; i < N; i++) a[i] += 1;
#pragma acc exit data copyout(a) delete(a)
    printf("13: %.1f\n", hsum());
    return 0;
}
