// run
/* -acc=emulate runs a construct's gangs one after another, each running
   the gang-redundant code (OpenACC 3.4 §2.5.1): the read-modify-write of
   c[0] outside the gang loop runs in all 8 gangs and gives 8, where a
   GPU's gangs race and give 1 to 8 (issue 26's corpus,
   gang_redundant_array.c: the program meant c[0] += 1 once). The gang
   loop still runs each of its iterations once. */
#include <stdio.h>
int main(void) {
    int c[4] = {0, 0, 0, 0};
#pragma acc parallel num_gangs(8) copy(c[0:4])
    {
        c[0] += 1;
#pragma acc loop gang
        for (int i = 1; i < 4; i++) c[i] += i;
    }
    printf("c[0]=%d c[3]=%d\n", c[0], c[3]);
    return 0;
}
