// fatal
// stderr: FATAL ERROR: data in PRESENT clause was not found on device
// stderr: accrt present table (
/* present and copyin on the same absent data (OpenACC 3.4 §2.7.6): the
   two clauses act as one whose actions are the union of theirs, and the
   present clause demands that the data be present when the construct
   starts, whatever the order of the clauses: the copyin clause does not
   make the data present for it. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int n = 100;
    float *p = malloc(n * sizeof *p);
    for (int i = 0; i < n; i++) p[i] = i;
#pragma acc parallel loop copyin(p[0:n]) present(p[0:n])
    for (int i = 0; i < n; i++) p[i] *= 2;
    printf("unreachable %f\n", p[1]);
    free(p);
    return 0;
}
