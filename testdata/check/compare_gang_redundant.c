// check -gpu=autocompare
// stderr: compare_gang_redundant.c:15 (main): 'count[0:1]' element 0: device 4, host 1
// stderr: compare_gang_redundant.c:15 (main): 's' element 0: device 10, host 7
// stderr: 1 construct computed results on the device that differ from the host's; exit status 1
/* BUG: code outside any loop of a parallel construct runs once per gang
 * (gang-redundant mode, OpenACC §2.5.1): with num_gangs(4) each gang
 * increments count[0] and its own copy of the reduction variable s, so
 * the device adds 4 to each where the host version adds 1. Autocompare
 * names both variables with the device's and the host's values. */
#include <stdio.h>
int main(void) {
    int count[1] = {0};
    int s = 6;
    /* each gang runs the block: count[0] and s grow by the number of gangs */
#pragma acc parallel num_gangs(4) copy(count[0:1]) reduction(+:s)
    {
        count[0] += 1;
        s += 1;
    }
    printf("%d %d\n", count[0], s);
    return 0;
}
