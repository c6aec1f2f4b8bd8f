// run
/* C names that C++ reserves (keywords, alternative tokens, CUDA's
   built-in variables) as variables, parameters, loop indices, private,
   firstprivate and reduced variables, a routine and its parameters, and a
   declare'd global the routine uses: the .acc.cu renames them
   consistently, the host keeps them. NPB's MG names a variable 'or'. */
#include <stdio.h>
#define N 200

double namespace[4] = { 1, 2, 3, 4 };
#pragma acc declare copyin(namespace)

#pragma acc routine seq
static double template(const double *typename, int operator) {
    double this = 0;
    for (int virtual = 0; virtual <= operator % 4; virtual++) this += typename[virtual] * namespace[virtual];
    return this;
}

#pragma acc routine seq
double mutable(double friend, int and_eq) { return friend * and_eq; }

int main(void) {
    double or[N], and[N], new[N], delete = 0, xor_sum = 0;
    int class = 3, xor = 0, threadIdx = 5, std = 2;
    long bitor = 0;
    double export[4] = { 0.5, 1.5, 2.5, 3.5 }, private[4];
    for (int i = 0; i < N; i++) { or[i] = i; and[i] = 0; new[i] = 0; }
#pragma acc parallel loop copyin(or) copyout(and, new) reduction(^:xor) reduction(+:xor_sum) reduction(|:bitor) firstprivate(export)
    for (int this = 0; this < N; this++) {
        double catch = or[this] * class;
        int throw = this % 4;
        and[this] = catch + export[throw] + threadIdx * std;
        new[this] = template(or, this) + mutable(catch, 2);
        xor ^= this * 7 + 1;
        xor_sum += and[this];
        bitor |= 1L << throw;
    }
#pragma acc parallel loop gang copy(delete) private(private)
    for (int not = 0; not < 4; not++) {
#pragma acc loop vector
        for (int compl = 0; compl < 4; compl++) private[compl] = not + compl;
        double try = 0;
        for (int using = 0; using < 4; using++) try += private[using];
#pragma acc atomic update
        delete += try;
    }
    double s = 0;
    for (int i = 0; i < N; i++) s += new[i];
    printf("and[%d] = %.1f, new sum %.1f, xor %d, xor_sum %.1f, bitor %ld, delete %.1f\n", N - 1, and[N - 1], s, xor, xor_sum, bitor, delete);
    return 0;
}
