// run
// env: ACCC_CHECK=gangs
/* ACCC_CHECK=gangs gives every construct without num_gangs 4 gangs
   where the code has a gang-redundant mode (OpenACC 3.4 §2.5.1), so that
   a program that expects such code to run once shows it: here the
   parallel construct without loops, which accc's GPU code and emulate
   run in one gang by default. num_gangs is still honoured; a serial
   construct and a kernels construct's code outside loops run once. */
#include <stdio.h>
int main(void) {
    int par = 0, one = 0, ser = 0, kern = 0;
#pragma acc parallel reduction(+:par)
    par++;
#pragma acc parallel num_gangs(1) reduction(+:one)
    one++;
#pragma acc serial reduction(+:ser)
    ser++;
#pragma acc kernels copy(kern)
    kern++;
    printf("gangs: parallel %d, num_gangs(1) %d, serial %d, kernels %d\n", par, one, ser, kern);
    return 0;
}
