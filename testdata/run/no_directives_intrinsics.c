// run
/* A file with no OpenACC directive goes to the host compiler as it is:
   accc's C frontend, which lacks some of gcc's extensions (_Float16 in
   <immintrin.h>'s AVX-512 FP16 part), does not read it. The file may
   still call the runtime's routines (openacc.h). */
#include <immintrin.h>
#include <stdio.h>
#ifdef _OPENACC
#include <openacc.h>
#endif

int main(void) {
    __m128 x = _mm_set1_ps(1.5f);
    float f[4];
    _mm_storeu_ps(f, _mm_add_ps(x, x));
    int n = 0;
#ifdef _OPENACC
    n = acc_get_num_devices(acc_device_host) > 0;
#else
    n = 1;
#endif
    printf("%g %g %d\n", f[0], f[3], n);
    return 0;
}
