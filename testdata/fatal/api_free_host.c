// fatal
// stderr: FATAL ERROR: acc_free of 0x
// stderr: , which acc_malloc did not return (a host pointer, or freed already) file:
// stderr: api_free_host.c function:release line:13
/* acc_free of a host pointer (OpenACC 3.4 §3.2.17: only what acc_malloc
   returned): a runtime error naming the file, function and line of the
   call, as errors of directives do. */
#include <openacc.h>
#include <stdio.h>
static double host[10];

static void release(void *p) {
    acc_free(p);
}

int main(void) {
    release(host);
    printf("unreachable\n");
    return 0;
}
