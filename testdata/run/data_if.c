// run
/* if clauses on data, enter data and exit data (OpenACC 3.4 §2.6.5,
   §2.14.6–2.14.7): with a false condition the construct maps nothing and
   the compute constructs inside map the data themselves (present-or
   semantics), with a true one they find it present; an enter data and
   exit data pair with if(0) does nothing, one with if(1) does the work. */
#include <stdio.h>
#define N 1000
double a[N], b[N];

int main(void) {
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = 0; }
    for (int use = 0; use < 2; use++) {
#pragma acc data copy(a) if(use)
        {
#pragma acc parallel loop copy(a)
            for (int i = 0; i < N; i++) a[i] += 1;
#pragma acc parallel loop
            for (int i = 0; i < N; i++) a[i] *= 2;
        }
    }
    /* a = ((i + 1) * 2 + 1) * 2 = 4i + 6 */
    int no = 0, yes = 1;
#pragma acc enter data copyin(b) if(no)
#pragma acc enter data copyin(b) if(yes)
#pragma acc parallel loop present(b) copyin(a)
    for (int i = 0; i < N; i++) b[i] = a[i] - 6;
#pragma acc exit data copyout(b) if(no)
#pragma acc exit data copyout(b) if(yes)
    double s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) { s += a[i] + b[i]; bad += a[i] != 4 * i + 6 || b[i] != 4 * i; }
    printf("sum %.1f bad %d\n", s, bad);
    return 0;
}
